import { and, asc, desc, eq, inArray, like, or } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { customerOfSource } from "~/.server/customers/record.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { benchJobs, customerSites, invoices, jobParts, products, quotes, quoteVersions, serviceRequests, type customers } from "~/.server/db/schema.ts";
import type { PickerProduct } from "~/lib/money/line-rows.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";
import type { InvoiceSource } from "~/lib/forms/admin/invoices.ts";
import type { DocumentLine, LineKind } from "~/lib/money/document.ts";
import { GST_RATES, placeOfSupply, REPAIR_SERVICES_GST_RATE, type GstRate, type PlaceOfSupply } from "~/lib/money/gst.ts";
import { checkedGstin, issueInvoiceInTx, type IssuedInvoice } from "./issue.ts";
import { InvoiceRefusal } from "./shared.ts";

/**
 * Where the office issues an invoice from (/admin/invoices/new): an approved quote (?quote=QT-...: the
 * approved version's lines, as approved), a completed job (?request=SR-...: lines prefilled from the parts
 * used on it, priced from the products list, plus a service line for the office to price) or a customer
 * directly (?customer=CU-...). The draft is what the issue form shows; issueFromSource checks the source
 * again inside the issuing transaction, so the page can never issue from a state it no longer has.
 */

/** Other maintenance and repair services (SAC 998719), at 18%: the job's own line. */
export const SERVICE_SAC = "998719";

type Executor = Pick<Database | Transaction, "select">;
type Customer = typeof customers.$inferSelect;
type Site = typeof customerSites.$inferSelect;

export interface InvoiceDraft {
  source: InvoiceSource;
  customer: Pick<Customer, "id" | "reference" | "name" | "company" | "mobile" | "email" | "gstin">;
  /** The stored GSTIN's problem (format or check digit): issuing is blocked until it is corrected. */
  gstinProblem: string | null;
  site: Pick<Site, "id" | "name" | "address" | "city" | "pincode" | "stateCode"> | null;
  placeOfSupply: PlaceOfSupply | null;
  requestId: number | null;
  requestReference: string | null;
  quoteId: number | null;
  quoteReference: string | null;
  quoteVersion: number | null;
  benchJobId: number | null;
  /** The state a quote settled on when neither GSTIN nor site said (its place of supply). */
  fallbackStateCode: string | null;
  poNumber: string | null;
  lines: DocumentLine[];
  /** False for a quote: its approved lines are invoiced as they are. */
  linesEditable: boolean;
  /** Invoices already made from the same job or quote. */
  existing: Array<{ id: number; number: string; status: string }>;
  /** An approved quote of the request not yet invoiced: the office may prefer to invoice that. */
  approvedQuote: string | null;
  /** Why it cannot be issued from this source (a quote not approved, a job not completed). */
  blocked: string | null;
}

export type DraftResult = { ok: true; draft: InvoiceDraft } | { ok: false; reason: "not-found" } | { ok: false; reason: "no-customer"; message: string };

const oneLine = (s: string, max: number) => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

const asRate = (n: number): GstRate => ((GST_RATES as readonly number[]).includes(n) ? (n as GstRate) : REPAIR_SERVICES_GST_RATE);

/** The active products, as the line picker offers them. */
export async function invoicePickerProducts(db: Executor): Promise<PickerProduct[]> {
  const rows = await db
    .select({ id: products.id, name: products.name, make: products.make, model: products.model, hsnSac: products.hsnSac, gstRate: products.gstRate, unit: products.unit, pricePaise: products.pricePaise })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.make), asc(products.model), asc(products.name));
  return rows.map((r) => ({ id: r.id, label: productLabel(r), hsnSac: r.hsnSac, gstRate: r.gstRate, unit: r.unit, pricePaise: r.pricePaise }));
}

/** The lines a completed job starts with: its parts (priced from the products list when picked from it), then the service. */
async function jobLines(db: Executor, request: typeof serviceRequests.$inferSelect): Promise<DocumentLine[]> {
  const parts = await db
    .select({ part: jobParts, product: products })
    .from(jobParts)
    .leftJoin(products, eq(products.id, jobParts.productId))
    .where(eq(jobParts.requestId, request.id))
    .orderBy(asc(jobParts.createdAt), asc(jobParts.id));
  const lines: DocumentLine[] = parts.map(({ part, product }) => ({
    kind: "part" as LineKind,
    productId: product?.id ?? null,
    description: oneLine(part.description, 500),
    hsnSac: product?.hsnSac ?? "",
    quantityMilli: Math.max(1, part.quantity) * 1000,
    unit: part.unit || product?.unit || "nos",
    ratePaise: product?.pricePaise ?? 0,
    discountPaise: 0,
    gstRate: product ? asRate(product.gstRate) : REPAIR_SERVICES_GST_RATE,
  }));
  // The labour the technician entered (issue 17 §4), else the time on site: hours for the office to price.
  const labourMinutes = request.labourMinutes ?? request.onSiteMinutes;
  if (labourMinutes > 0) {
    lines.push({
      kind: "labour",
      productId: null,
      description: oneLine(`Labour on site (request ${request.reference})`, 500),
      hsnSac: SERVICE_SAC,
      quantityMilli: Math.max(1, Math.round((labourMinutes * 1000) / 60)),
      unit: "hrs",
      ratePaise: 0,
      discountPaise: 0,
      gstRate: REPAIR_SERVICES_GST_RATE,
    });
  }
  const equipment = [request.equipmentBrand, request.equipmentModel, request.equipmentRating].filter(Boolean).join(" ");
  lines.push({
    kind: "service",
    productId: null,
    description: oneLine(`${request.serviceName ?? "Service visit"}${equipment ? ` for ${equipment}` : ""} (request ${request.reference})`, 500),
    hsnSac: SERVICE_SAC,
    quantityMilli: 1000,
    unit: "job",
    ratePaise: 0,
    discountPaise: 0,
    gstRate: REPAIR_SERVICES_GST_RATE,
  });
  return lines;
}

export async function invoiceDraft(db: Executor, source: InvoiceSource): Promise<DraftResult> {
  let customerId: number;
  let siteId: number | null = null;
  let requestId: number | null = null;
  let requestReference: string | null = null;
  let quoteId: number | null = null;
  let quoteReference: string | null = null;
  let quoteVersion: number | null = null;
  let benchJobId: number | null = null;
  let fallbackStateCode: string | null = null;
  let poNumber: string | null = null;
  let lines: DocumentLine[] = [];
  let linesEditable = true;
  let blocked: string | null = null;
  let approvedQuote: string | null = null;
  let existingWhere;

  if (source.kind === "quote") {
    const [q] = await db.select().from(quotes).where(eq(quotes.reference, source.reference));
    if (!q) return { ok: false, reason: "not-found" };
    ({ customerId, siteId, requestId, benchJobId } = q);
    quoteId = q.id;
    quoteReference = q.reference;
    linesEditable = false;
    existingWhere = and(eq(invoices.quoteId, q.id), eq(invoices.kind, "invoice"));
    if (q.status !== "approved" || q.approvedVersion === null) {
      blocked = `Quote ${q.reference} has not been approved by the customer: only an approved quote is invoiced.`;
    } else {
      quoteVersion = q.approvedVersion;
      const [v] = await db.select().from(quoteVersions).where(and(eq(quoteVersions.quoteId, q.id), eq(quoteVersions.number, q.approvedVersion)));
      if (!v) blocked = `The approved version of quote ${q.reference} was not found.`;
      else {
        lines = v.lines as DocumentLine[];
        fallbackStateCode = v.placeOfSupplyCode;
      }
    }
    if (requestId) {
      const [r] = await db.select({ reference: serviceRequests.reference, poNumber: serviceRequests.poNumber }).from(serviceRequests).where(eq(serviceRequests.id, requestId));
      requestReference = r?.reference ?? null;
      poNumber = r?.poNumber ?? null;
    }
  } else if (source.kind === "request") {
    const [r] = await db.select().from(serviceRequests).where(eq(serviceRequests.reference, source.reference));
    if (!r) return { ok: false, reason: "not-found" };
    if (r.customerId === null) {
      return { ok: false, reason: "no-customer", message: `Request ${r.reference} is not linked to a customer record yet: link it on the request's page first.` };
    }
    ({ customerId, siteId, poNumber } = r);
    requestId = r.id;
    requestReference = r.reference;
    existingWhere = and(eq(invoices.requestId, r.id), eq(invoices.kind, "invoice"));
    if (r.status !== "completed") blocked = `Request ${r.reference} is not completed yet: a job is invoiced once it is completed.`;
    const [bench] = await db.select({ id: benchJobs.id }).from(benchJobs).where(eq(benchJobs.requestId, r.id)).orderBy(desc(benchJobs.id)).limit(1);
    benchJobId = bench?.id ?? null;
    lines = await jobLines(db, r);
    const approved = await db
      .select({ reference: quotes.reference, id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.requestId, r.id), eq(quotes.status, "approved")))
      .orderBy(desc(quotes.id));
    if (approved.length) {
      const invoiced = await db.select({ quoteId: invoices.quoteId }).from(invoices).where(inArray(invoices.quoteId, approved.map((a) => a.id)));
      approvedQuote = approved.find((a) => !invoiced.some((i) => i.quoteId === a.id))?.reference ?? null;
    }
  }

  const customer = await customerOfSource(db, source, source.kind === "customer" ? null : customerId!);
  if (!customer) return { ok: false, reason: "not-found" };
  if (customer.erasedAt) blocked ??= `Customer ${customer.reference} has been erased: an invoice cannot be made out to them.`;
  let gstin: string | null = null;
  let gstinProblem: string | null = null;
  try {
    gstin = checkedGstin(customer);
  } catch (error) {
    if (!(error instanceof InvoiceRefusal)) throw error;
    gstinProblem = error.message;
  }
  let site: Site | undefined;
  if (siteId !== null) [site] = await db.select().from(customerSites).where(and(eq(customerSites.id, siteId), eq(customerSites.customerId, customer.id)));
  else {
    const sites = await db.select().from(customerSites).where(eq(customerSites.customerId, customer.id)).orderBy(asc(customerSites.id)).limit(2);
    if (sites.length === 1) site = sites[0];
  }
  let pos: PlaceOfSupply | null = null;
  if (!gstinProblem) {
    try {
      pos = placeOfSupply({ recipientGstin: gstin, recipientStateCode: site?.stateCode || fallbackStateCode });
    } catch {
      pos = null;
    }
  }
  const existing = existingWhere
    ? await db.select({ id: invoices.id, number: invoices.number, status: invoices.status }).from(invoices).where(existingWhere).orderBy(asc(invoices.id))
    : [];
  return {
    ok: true,
    draft: {
      source,
      customer: { id: customer.id, reference: customer.reference, name: customer.name, company: customer.company, mobile: customer.mobile, email: customer.email, gstin: customer.gstin },
      gstinProblem,
      site: site ? { id: site.id, name: site.name, address: site.address, city: site.city, pincode: site.pincode, stateCode: site.stateCode } : null,
      placeOfSupply: pos,
      requestId,
      requestReference,
      quoteId,
      quoteReference,
      quoteVersion,
      benchJobId,
      fallbackStateCode,
      poNumber,
      lines,
      linesEditable,
      existing,
      approvedQuote,
      blocked,
    },
  };
}

export type IssueFromSourceResult = ({ ok: true } & IssuedInvoice) | { ok: false; reason: "not-found" } | { ok: false; reason: "refused"; field: string; message: string };

/**
 * Issues the office's invoice from a source, checking it again inside the transaction: the quote still
 * approved (its one invoice returned if someone was quicker), the job completed. `lines` are the office's
 * lines for a job or a customer; a quote's approved lines are used as they are.
 */
export async function issueFromSource(
  staff: StaffMember,
  source: InvoiceSource,
  input: {
    lines?: DocumentLine[];
    poNumber?: string;
    notes?: string;
    another?: boolean;
    /** How many invoices of the job the form showed when "another" was ticked: a second one issued meanwhile refuses it. */
    seenInvoices?: number;
    idempotencyKey: string;
  },
  now = new Date(),
): Promise<IssueFromSourceResult> {
  const run = () =>
    getDb().transaction(async (tx): Promise<IssueFromSourceResult> => {
      // A job's invoices are issued one at a time: the request's row is locked first, so the second of two
      // simultaneous "Issue" presses waits, then sees the first's invoice (and the unique source key backs it up).
      if (source.kind === "request") await tx.select({ id: serviceRequests.id }).from(serviceRequests).where(eq(serviceRequests.reference, source.reference)).for("update");
      const found = await invoiceDraft(tx, source);
      if (!found.ok && found.reason === "no-customer") throw new InvoiceRefusal("form", found.message);
      if (!found.ok) return { ok: false, reason: "not-found" };
      const d = found.draft;
      // The same form sent again: the invoice it made.
      const [again] = await tx.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.idempotencyKey, input.idempotencyKey));
      if (again) return { ok: true, ...again, created: false };
      if (d.quoteId && d.existing.length) return { ok: true, id: d.existing[0]!.id, number: d.existing[0]!.number, created: false };
      if (d.blocked) throw new InvoiceRefusal("form", d.blocked);
      if (d.gstinProblem) throw new InvoiceRefusal("form", d.gstinProblem);
      if (d.source.kind === "request" && d.existing.length && !input.another) {
        throw new InvoiceRefusal(
          "another",
          `Request ${d.requestReference} already has invoice ${d.existing.map((e) => e.number).join(", ")}. Tick the box to issue another one for it, or correct the first with a credit note.`,
        );
      }
      let sourceKey: string | null = null;
      if (d.source.kind === "request" && d.requestId) {
        const base = `request:${d.requestId}`;
        const taken = await tx.select({ key: invoices.sourceKey }).from(invoices).where(or(eq(invoices.sourceKey, base), like(invoices.sourceKey, `${base}/%`)));
        if (d.existing.length && input.another) {
          if (input.seenInvoices !== undefined && input.seenInvoices !== d.existing.length) {
            throw new InvoiceRefusal(
              "another",
              `Request ${d.requestReference} now has invoice ${d.existing.map((e) => e.number).join(", ")}: another was issued after this page was opened. Check it before issuing one more.`,
            );
          }
          let copy = 2;
          while (taken.some((t) => t.key === `${base}/${copy}`)) copy += 1;
          sourceKey = taken.some((t) => t.key === base) ? `${base}/${copy}` : base;
        } else sourceKey = base;
      }
      const lines = d.linesEditable ? (input.lines ?? []) : d.lines;
      const made = await issueInvoiceInTx(tx, {
        sourceKey,
        customerId: d.customer.id,
        requestId: d.requestId,
        quoteId: d.quoteId,
        benchJobId: d.benchJobId,
        siteId: d.site?.id ?? null,
        fallbackStateCode: d.fallbackStateCode,
        lines,
        poNumber: input.poNumber ?? null,
        notes: input.notes ?? null,
        idempotencyKey: input.idempotencyKey,
        actor: auditActor(staff),
        now,
      });
      if (made.created && d.existing.length && input.another) {
        // The deliberate second invoice for one job: a choice the office made, on the record.
        await audit(
          tx,
          auditActor(staff),
          {
            action: "invoice.issue_another",
            entityType: "invoice",
            entityId: made.id,
            entityLabel: made.number,
            before: { request: d.requestReference, invoices: d.existing.map((e) => e.number) },
            after: { request: d.requestReference, invoice: made.number, source: sourceKey },
          },
          now,
        );
      }
      return { ok: true, ...made };
    });
  try {
    return await run();
  } catch (error) {
    if (error instanceof InvoiceRefusal) return { ok: false, reason: "refused", field: error.field, message: error.message };
    // The outer transaction lost a race at its very end (the idempotency key committed meanwhile): read the winner.
    if (isUniqueViolation(error)) {
      const [row] = await getDb().select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.idempotencyKey, input.idempotencyKey));
      if (row) return { ok: true, ...row, created: false };
    }
    throw error;
  }
}
