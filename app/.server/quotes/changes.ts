import { and, eq } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, Refusal, refusedBy, type ChangeStep, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation, nextReference } from "~/.server/db/references.ts";
import { customers, customerSites, quotes, quoteVersions } from "~/.server/db/schema.ts";
import { queueMessages, sms, DLT_TEMPLATES, type OutboxMessage } from "~/.server/notifications/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatIndianPhone, whatsappHref } from "~/lib/contact-links.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import {
  quoteState,
  QUOTE_STATUS_LABELS,
  REVISABLE_STATES,
  STALE_QUOTE_MESSAGE,
  validUntilFrom,
  type EditQuoteInput,
  type NewQuoteInput,
  type QuoteSource,
  type ReviseQuoteInput,
} from "~/lib/forms/admin/quotes.ts";
import type { DocumentLine } from "~/lib/money/document.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { entered, NEEDS_STATE_MESSAGE, priceLines, quotePath, quoteToken, recipientParty, recipientPlace, today, type Customer, type Quote, type QuoteResult, type Site } from "./shared.ts";
import { loadSource } from "./source.ts";

/**
 * The office's changes to quotes. Each is one transaction with its audit entry, on the version the staff
 * member saw (a change made meanwhile refuses it). A draft is edited in place (nobody outside has seen it);
 * once sent, a change is a revision: a new version (v2, v3, ...) as a draft, the earlier ones kept as sent.
 * Sending queues the SMS (and the e-mail) with the signed link in the same transaction.
 */

const NO_LINES = "Add at least one line: what is quoted, with its rate.";

interface Priced {
  site: Site | null;
  recipient: ReturnType<typeof recipientParty>;
  placeCode: string;
  basis: string;
  stored: ReturnType<typeof priceLines>["stored"];
  totals: ReturnType<typeof priceLines>["totals"];
}

/** The recipient, place of supply and priced lines for a customer, a site of theirs and the typed lines. */
async function price(tx: Transaction, customer: Customer, siteId: number | null, stateCode: string | undefined, lines: DocumentLine[], settings: SiteSettings): Promise<Priced> {
  let site: Site | null = null;
  if (siteId !== null) {
    [site = null] = await tx.select().from(customerSites).where(and(eq(customerSites.id, siteId), eq(customerSites.customerId, customer.id)));
    if (!site) throw new Refusal("site", "Choose one of the customer's sites.");
  }
  const place = recipientPlace(customer.gstin, site?.stateCode, stateCode);
  if (!place.ok) throw new Refusal("stateCode", NEEDS_STATE_MESSAGE);
  if (lines.length === 0) throw new Refusal("lines", NO_LINES);
  const { stored, totals } = priceLines(lines, place.place.code, settings.business.stateCode);
  return { site, recipient: recipientParty(customer, site, place.place, place.gstin), placeCode: place.place.code, basis: place.place.basis, stored, totals };
}

/** A version's priced columns and its words: the same for a new quote's first version and an edited draft. */
function versionValues(priced: Priced, input: { terms: string; notes?: string | null }) {
  return {
    recipient: priced.recipient,
    placeOfSupplyCode: priced.placeCode,
    placeOfSupplyBasis: priced.basis,
    lines: priced.stored,
    taxablePaise: priced.totals.taxablePaise,
    taxPaise: priced.totals.taxPaise,
    roundOffPaise: priced.totals.roundOffPaise,
    totalPaise: priced.totals.payablePaise,
    terms: input.terms,
    notes: input.notes ?? null,
  };
}

function refused(error: unknown): QuoteResult {
  const answer = refusedBy(error);
  if (answer) return answer;
  throw error;
}

export type CreateResult = QuoteResult & { repeated?: boolean };

/** A new quote (v1, draft). The form's key makes a double submit one quote: the second finds the first. */
export async function createQuote(staff: StaffMember, source: QuoteSource, input: NewQuoteInput, lines: DocumentLine[], now = new Date()): Promise<CreateResult> {
  const settings = await getSiteSettings();
  const existing = async (): Promise<CreateResult | undefined> => {
    const [q] = await getDb().select({ reference: quotes.reference }).from(quotes).where(eq(quotes.idempotencyKey, input.idempotencyKey));
    return q ? { ok: true, reference: q.reference, message: `Quote ${q.reference} was already made from this form.`, repeated: true } : undefined;
  };
  const seen = await existing();
  if (seen) return seen;
  try {
    return await getDb().transaction(async (tx): Promise<CreateResult> => {
      const loaded = await loadSource(tx, source);
      if (!loaded.ok) return loaded.reason === "not-found" ? { ok: false, reason: "not-found" } : { ok: false, reason: "refused", field: "form", message: loaded.message };
      const { info } = loaded;
      const priced = await price(tx, info.customer, input.site ?? info.siteId, input.stateCode, lines, settings);
      const reference = await nextReference(tx, "QT", now);
      const validUntil = validUntilFrom(today(now), settings.operations.quoteValidityDays);
      const [quote] = await tx
        .insert(quotes)
        .values({
          reference,
          customerId: info.customer.id,
          requestId: info.requestId,
          benchJobId: info.benchJobId,
          siteId: priced.site?.id ?? null,
          status: "draft",
          currentVersion: 1,
          title: input.title,
          totalPaise: priced.totals.payablePaise,
          validUntil,
          createdBy: staff.userId,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: quotes.id });
      await tx.insert(quoteVersions).values({
        quoteId: quote!.id,
        number: 1,
        ...versionValues(priced, input),
        validUntil,
        createdBy: staff.userId,
        createdAt: now,
      });
      await audit(
        tx,
        auditActor(staff),
        {
          action: "quote.create",
          entityType: "quote",
          entityId: quote!.id,
          entityLabel: reference,
          before: null,
          after: { title: input.title, customer: info.customer.reference, source: `${source.kind} ${source.reference}`, lines: lines.length, totalPaise: priced.totals.payablePaise, placeOfSupply: priced.placeCode },
        },
        now,
      );
      return { ok: true, reference, message: `Quote ${reference} saved as a draft (${formatPaise(priced.totals.payablePaise)}).` };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await existing();
      if (again) return again;
    }
    return refused(error);
  }
}

interface Loaded {
  row: Quote;
  customer: Customer;
}

/** The quote locked `for update` (not its customer), with the customer its messages go to. */
const QUOTE: RecordKind<Quote, string, Loaded> = {
  table: quotes, entityType: "quote", stale: STALE_QUOTE_MESSAGE, stampsUpdatedAt: true,
  load: async (tx, reference) => {
    const [found] = await tx.select({ row: quotes, customer: customers }).from(quotes).innerJoin(customers, eq(customers.id, quotes.customerId)).where(eq(quotes.reference, reference)).for("update", { of: quotes });
    return found;
  },
  label: ({ row }) => row.reference,
};

interface Step extends ChangeStep<Quote, Loaded> {
  quote: Quote;
  customer: Customer;
  settings: SiteSettings;
}

async function step(reference: string, version: number, staff: StaffMember, run: (s: Step) => Promise<string>, now: Date): Promise<QuoteResult> {
  const settings = await getSiteSettings();
  return changeRecord<Quote, string, Loaded, { reference: string }>(QUOTE, reference, version, staff, now, async (s) => ({
    reference: s.row.reference,
    message: await run({ ...s, quote: s.row, customer: s.loaded.customer, settings }),
  }));
}

async function currentVersionRow(tx: Transaction, quote: Quote) {
  const [v] = await tx.select().from(quoteVersions).where(and(eq(quoteVersions.quoteId, quote.id), eq(quoteVersions.number, quote.currentVersion)));
  if (!v) throw new Error(`quote ${quote.reference} has no version ${quote.currentVersion}`);
  return v;
}

/** A draft edited in place: nobody outside has seen it yet. */
export function editDraft(staff: StaffMember, reference: string, input: EditQuoteInput, lines: DocumentLine[], now = new Date()): Promise<QuoteResult> {
  return step(reference, input.version, staff, async (s) => {
    if (s.quote.status !== "draft") throw new Refusal("form", "This quote has been sent: revise it to change it (the customer keeps the version they have).");
    const v = await currentVersionRow(s.tx, s.quote);
    const priced = await price(s.tx, s.customer, input.site ?? null, input.stateCode, lines, s.settings);
    await s.tx
      .update(quoteVersions)
      .set({
        ...versionValues(priced, input),
      })
      .where(eq(quoteVersions.id, v.id));
    await s.save({ title: input.title, siteId: priced.site?.id ?? null, totalPaise: priced.totals.payablePaise });
    await s.audit(
      "quote.edit",
      { title: s.quote.title, totalPaise: v.totalPaise, lines: (v.lines as unknown[]).length, placeOfSupply: v.placeOfSupplyCode },
      { title: input.title, totalPaise: priced.totals.payablePaise, lines: lines.length, placeOfSupply: priced.placeCode, version: v.number },
    );
    return `Draft v${v.number} saved (${formatPaise(priced.totals.payablePaise)}).`;
  }, now);
}

/** A new version from the current one, as a draft to edit and send; the earlier versions stay as they were. */
export function reviseQuote(staff: StaffMember, reference: string, input: ReviseQuoteInput, now = new Date()): Promise<QuoteResult> {
  return step(reference, input.version, staff, async (s) => {
    const state = quoteState(s.quote.status, s.quote.validUntil, today(now));
    if (!REVISABLE_STATES.includes(state)) {
      throw new Refusal("reason", state === "draft" ? "This version has not been sent yet: edit it as it is." : `An ${QUOTE_STATUS_LABELS[state].toLowerCase()} quote is not revised: make a new quote.`);
    }
    const v = await currentVersionRow(s.tx, s.quote);
    const number = v.number + 1;
    const validUntil = validUntilFrom(today(now), s.settings.operations.quoteValidityDays);
    const { id: _id, createdAt: _c, ...copy } = v;
    await s.tx.insert(quoteVersions).values({ ...copy, number, validUntil, revisionReason: input.reason, createdBy: staff.userId, createdAt: now });
    await s.save({ currentVersion: number, status: "draft", validUntil, decidedAt: null });
    await s.audit("quote.revise", { currentVersion: v.number, status: s.quote.status }, { currentVersion: number, status: "draft", reason: input.reason });
    return `Version ${number} started as a draft from v${v.number}: change it and send it. v${v.number} stays as it was sent.`;
  }, now);
}

/** The customer's messages for a sent version: SMS with the signed link, and an e-mail when they have one. */
export function quoteSentMessages(
  q: { reference: string; title: string; number: number; totalPaise: number; validUntil: string; token: string },
  customer: Pick<Customer, "name" | "mobile" | "email">,
  settings: SiteSettings,
): OutboxMessage[] {
  const { identity } = settings;
  const key = (suffix: string) => `quote:${q.reference}:v${q.number}:${suffix}`;
  const url = `${identity.siteUrl}${quotePath(q.token)}`;
  const messages: OutboxMessage[] = [];
  // Rs 1,23,456.00: the template says "Rs", the figure keeps its paise.
  const amount = formatPaise(q.totalPaise).replace("₹", "");
  if (customer.mobile) {
    messages.push(sms(DLT_TEMPLATES.quoteSent, customer.mobile, { business: identity.legalName, reference: q.reference, amount, siteUrl: identity.siteUrl, token: q.token }, key("sms")));
  }
  if (customer.email) {
    messages.push({
      channel: "email",
      recipient: customer.email,
      subject: `Quotation ${q.reference}${q.number > 1 ? ` (version ${q.number})` : ""} from ${identity.legalName}`.slice(0, 120),
      body: [
        `Dear ${customer.name.trim()},`,
        "",
        `Please find our quotation ${q.reference}${q.number > 1 ? `, version ${q.number},` : ""} for ${q.title}.`,
        "",
        `Total: Rs ${amount} (including GST)`,
        `Valid until: ${formatDate(q.validUntil)}`,
        "",
        `View it, download the PDF, and approve it or ask for changes: ${url}`,
        `PDF: ${url}/pdf`,
        "",
        `Your answer is confirmed with a one-time code sent to your mobile. Questions? Call us on ${formatIndianPhone(identity.supportPhone)}.`,
        "",
        "Regards,",
        identity.legalName,
      ].join("\n"),
      template: "quote-sent",
      variables: { reference: q.reference, version: String(q.number) },
      dedupeKey: key("email"),
    });
  }
  return messages;
}

/** WhatsApp click-to-chat for the office to press: the customer's number and the signed link. */
export function quoteWhatsappHref(mobile: string, q: { reference: string; totalPaise: number; validUntil: string; token: string }, settings: SiteSettings): string {
  const url = `${settings.identity.siteUrl}${quotePath(q.token)}`;
  const text = `${settings.identity.legalName}: our quotation ${q.reference} for ${formatPaise(q.totalPaise)} (valid until ${formatDate(q.validUntil)}) is ready. View it and approve it here: ${url}`;
  return whatsappHref(mobile, text);
}

/** Sends the current version: draft -> sent, validity from today, SMS and e-mail queued with the signed link. */
export function sendQuote(staff: StaffMember, reference: string, input: { version: number }, now = new Date()): Promise<QuoteResult> {
  return step(reference, input.version, staff, async (s) => {
    if (s.quote.status !== "draft") throw new Refusal("form", `This version has already been sent (the quote is ${QUOTE_STATUS_LABELS[quoteState(s.quote.status, s.quote.validUntil, today(now))].toLowerCase()}).`);
    if (!s.customer.mobile && !s.customer.email) throw new Refusal("form", "The customer has neither a mobile number nor an e-mail address on record: add one on the customer's record first.");
    const v = await currentVersionRow(s.tx, s.quote);
    if ((v.lines as unknown[]).length === 0) throw new Refusal("form", NO_LINES);
    if (v.totalPaise <= 0) throw new Refusal("form", "The quote's total is ₹0: give the lines their rates before sending it.");
    const validUntil = validUntilFrom(today(now), s.settings.operations.quoteValidityDays);
    await s.tx.update(quoteVersions).set({ validUntil }).where(eq(quoteVersions.id, v.id));
    await s.save({ status: "sent", sentAt: now, validUntil, decidedAt: null, approvedVersion: null });
    const token = quoteToken(s.quote.id, validUntil);
    const messages = quoteSentMessages({ reference: s.quote.reference, title: s.quote.title, number: v.number, totalPaise: v.totalPaise, validUntil, token }, s.customer, s.settings);
    await queueMessages(s.tx, messages);
    const by = [s.customer.mobile ? "SMS" : null, s.customer.email ? "e-mail" : null].filter(Boolean).join(" and ");
    await s.audit("quote.send", { status: s.quote.status }, { status: "sent", version: v.number, validUntil, totalPaise: v.totalPaise, sentBy: by });
    return `Version ${v.number} sent by ${by}${s.customer.mobile ? "; the WhatsApp button sends it there too" : ""}.`;
  }, now);
}

/** The lines of the current version, as entered (the edit form's starting point). */
export { entered };
