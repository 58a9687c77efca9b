import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { benchJobs, customers, customerSites, quoteResponses, quotes, quoteVersions, serviceRequests } from "~/.server/db/schema.ts";
import { supplierFromSettings } from "~/.server/documents/supplier.ts";
import { renderTaxDocumentPdf } from "~/.server/documents/tax-document-pdf.ts";
import { readSignature } from "~/.server/documents/signature.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { QUOTE_STATUS_LABELS, quoteState, type QuoteStatus } from "~/lib/forms/admin/quotes.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { DocumentParty, StoredLine, TaxDocumentView } from "~/lib/money/document.ts";
import { invoiceTotals } from "~/lib/money/gst.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { checkQuoteToken, entered, indiaDay, PLACE_BASIS_TEXT, today, type Quote, type QuoteVersion } from "./shared.ts";

/**
 * Reading quotes: one quote with its versions and answers (the admin page, the signed page, the portal page),
 * drawn as a TaxDocumentView (the shared web and PDF renderers draw it), and what the invoices need from an
 * approved quote. A page is three indexed queries: the quote with its customer and sources (by reference or
 * id), its versions (by quote_versions_number), its answers (by quote_responses_quote).
 */

export interface LoadedQuote {
  quote: Quote;
  state: QuoteStatus;
  customer: { id: number; reference: string; name: string; company: string | null; mobile: string | null; email: string | null; gstin: string | null; userId: number | null };
  requestReference: string | null;
  serviceSlug: string | null;
  jobCard: string | null;
  siteName: string | null;
  siteStateCode: string | null;
  versions: QuoteVersion[];
  responses: Array<typeof quoteResponses.$inferSelect>;
}

async function load(where: ReturnType<typeof eq>, now: Date): Promise<LoadedQuote | undefined> {
  const db = getDb();
  const [row] = await db
    .select({
      quote: quotes,
      customer: {
        id: customers.id,
        reference: customers.reference,
        name: customers.name,
        company: customers.company,
        mobile: customers.mobile,
        email: customers.email,
        gstin: customers.gstin,
        userId: customers.userId,
      },
      requestReference: serviceRequests.reference,
      serviceSlug: serviceRequests.serviceSlug,
      jobCard: benchJobs.jobCard,
      siteName: customerSites.name,
      siteStateCode: customerSites.stateCode,
    })
    .from(quotes)
    .innerJoin(customers, eq(customers.id, quotes.customerId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, quotes.requestId))
    .leftJoin(benchJobs, eq(benchJobs.id, quotes.benchJobId))
    .leftJoin(customerSites, eq(customerSites.id, quotes.siteId))
    .where(where);
  if (!row) return undefined;
  const [versions, responses] = await Promise.all([
    db.select().from(quoteVersions).where(eq(quoteVersions.quoteId, row.quote.id)).orderBy(asc(quoteVersions.number)),
    db.select().from(quoteResponses).where(eq(quoteResponses.quoteId, row.quote.id)).orderBy(desc(quoteResponses.createdAt), desc(quoteResponses.id)),
  ]);
  return { ...row, state: quoteState(row.quote.status, row.quote.validUntil, today(now)), versions, responses };
}

export function loadQuoteByReference(reference: string, now = new Date()) {
  return load(eq(quotes.reference, reference), now);
}

export function loadQuoteById(id: number, now = new Date()) {
  return load(eq(quotes.id, id), now);
}

/** The version a customer may see: the current one, or while a revision is drafted, the last one sent. */
export function customerVersionNumber(q: Pick<Quote, "status" | "currentVersion" | "sentAt">): number | null {
  if (!q.sentAt) return null;
  const n = q.status === "draft" ? q.currentVersion - 1 : q.currentVersion;
  return n >= 1 ? n : null;
}

const STAMPS: Partial<Record<QuoteStatus, string>> = { approved: "Approved", declined: "Declined", expired: "Expired", changes_requested: "Changes asked" };

/** One version drawn as a document (web page and PDF). */
export function quoteDocument(q: LoadedQuote, v: QuoteVersion, settings: Pick<SiteSettings, "identity" | "business">, options: { forCustomer?: boolean } = {}): TaxDocumentView {
  const lines = v.lines as StoredLine[];
  const totals = invoiceTotals(entered(lines), { code: v.placeOfSupplyCode, supplierStateCode: settings.business.stateCode }, { roundToRupee: true });
  const latest = options.forCustomer ? customerVersionNumber(q.quote) : q.quote.currentVersion;
  let stamp: string | null = null;
  if (latest !== null && v.number < latest) stamp = `Superseded by v${latest}`;
  else if (options.forCustomer && q.quote.status === "draft") stamp = "Being revised";
  else if (q.quote.approvedVersion === v.number && q.state === "approved") stamp = "Approved";
  else if (v.number === q.quote.currentVersion) stamp = STAMPS[q.state] ?? (q.state === "draft" ? "Draft" : null);
  const { supply, byRate, byHsn, grossPaise, discountPaise, taxablePaise, cgstPaise, sgstPaise, igstPaise, taxPaise, grandTotalPaise, roundOffPaise, payablePaise } = totals;
  return {
    kind: "quote",
    title: "Quotation",
    number: q.quote.reference,
    version: v.number,
    date: indiaDay(v.createdAt),
    untilLabel: "Valid until",
    untilDate: v.validUntil,
    supplier: supplierFromSettings(settings),
    recipient: v.recipient as DocumentParty,
    placeOfSupply: totals.placeOfSupply,
    reverseCharge: false,
    references: [q.requestReference ? `Service request ${q.requestReference}` : null, q.jobCard ? `Job card ${q.jobCard}` : null].filter((x): x is string => !!x),
    lines,
    totals: { supply, byRate, byHsn, grossPaise, discountPaise, taxablePaise, cgstPaise, sgstPaise, igstPaise, taxPaise, grandTotalPaise, roundOffPaise, payablePaise },
    amountInWords: rupeesInWords(payablePaise),
    notes: v.notes,
    terms: v.terms || null,
    payment: null,
    stamp,
  };
}

/** How the version's place of supply was decided, in words: a state not from the GSTIN nor the site was chosen on the quote. */
export function placeBasisText(q: Pick<LoadedQuote, "siteStateCode">, v: Pick<QuoteVersion, "placeOfSupplyBasis" | "placeOfSupplyCode">): string {
  if (v.placeOfSupplyBasis === "recipient-address" && q.siteStateCode !== v.placeOfSupplyCode) return "the customer's state, chosen on the quote";
  return PLACE_BASIS_TEXT[v.placeOfSupplyBasis as keyof typeof PLACE_BASIS_TEXT] ?? v.placeOfSupplyBasis;
}

export type SignedQuote =
  | { ok: true; quote: LoadedQuote; version: QuoteVersion; view: TaxDocumentView; settings: SiteSettings }
  | { ok: false; problem: "tampered" | "expired" | "not-found" };

/** The quote a signed link opens, at the version the customer may see. */
export async function signedQuote(token: string, now = new Date()): Promise<SignedQuote> {
  const check = checkQuoteToken(token, now);
  if (!check.ok) return { ok: false, problem: check.problem };
  const [q, settings] = await Promise.all([loadQuoteById(check.id, now), getSiteSettings()]);
  const number = q ? customerVersionNumber(q.quote) : null;
  const version = number ? q!.versions.find((v) => v.number === number) : undefined;
  if (!q || !version) return { ok: false, problem: "not-found" };
  return { ok: true, quote: q, version, view: quoteDocument(q, version, settings, { forCustomer: true }), settings };
}

/** The customer's view of their answers: the latest first. */
export function customerAnswers(q: LoadedQuote) {
  return q.responses.map((r) => ({
    decision: r.decision,
    version: r.versionNumber,
    comment: r.comment,
    name: r.respondentName,
    via: r.via,
    at: r.createdAt.toISOString(),
  }));
}

export const CUSTOMER_STATE_LABELS: Record<QuoteStatus, string> = {
  draft: "Being revised",
  sent: "Waiting for your answer",
  approved: "Approved",
  changes_requested: "Changes asked",
  expired: "Expired",
  declined: "Declined",
};

export const stateLabel = (s: QuoteStatus) => QUOTE_STATUS_LABELS[s];

/**
 * What an invoice needs from an approved quote: the approved version's recipient, place of supply and lines
 * (as entered, and as stored with their amounts), or undefined when the quote is not approved.
 */
export async function quoteForInvoice(quoteId: number) {
  const q = await loadQuoteById(quoteId);
  if (!q || q.quote.status !== "approved" || q.quote.approvedVersion === null) return undefined;
  const v = q.versions.find((x) => x.number === q.quote.approvedVersion);
  if (!v) return undefined;
  return {
    quoteId: q.quote.id,
    reference: q.quote.reference,
    version: v.number,
    customerId: q.quote.customerId,
    requestId: q.quote.requestId,
    benchJobId: q.quote.benchJobId,
    siteId: q.quote.siteId,
    title: q.quote.title,
    recipient: v.recipient as DocumentParty,
    placeOfSupplyCode: v.placeOfSupplyCode,
    placeOfSupplyBasis: v.placeOfSupplyBasis,
    lines: entered(v.lines),
    storedLines: v.lines as StoredLine[],
    totalPaise: v.totalPaise,
    notes: v.notes,
  };
}

/** The PDF of one version: inline, never stored by a shared cache (it names the customer and the price). */
export async function quotePdfResponse(view: TaxDocumentView): Promise<Response> {
  const pdf = await renderTaxDocumentPdf(view, { signature: await readSignature() });
  const name = `quote-${view.number.replace(/[^A-Za-z0-9-]/g, "-")}${view.version ? `-v${view.version}` : ""}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
