import type { ChangeResult } from "~/.server/admin/changes.ts";
import { recipientAddress } from "~/.server/documents/recipient.ts";
import { signLinkToken, verifyLinkToken, type SignedLinkCheck } from "~/.server/links/signed.ts";
import type { customers, customerSites, quotes, quoteVersions } from "~/.server/db/schema.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { gstinSchema, GST_STATES } from "~/lib/settings-schema.ts";
import { placeOfSupply, taxLines, invoiceTotals, type InvoiceTotals, type PlaceOfSupply } from "~/lib/money/gst.ts";
import type { DocumentLine, DocumentParty, StoredLine } from "~/lib/money/document.ts";

/**
 * What the quotes modules share: the result shape, the place of supply and the priced lines,
 * the recipient as printed, and the signed link's token.
 *
 * Expiry is computed on read, never by a job: a sent quote whose valid_until is before today (India's
 * calendar) reads as "expired" everywhere (lists, pages, answers; quoteState in ~/lib/forms/admin/quotes.ts),
 * so it is expired the minute the day turns, with no row to rewrite and nothing to miss if the server was down.
 */

export type Quote = typeof quotes.$inferSelect;
export type QuoteVersion = typeof quoteVersions.$inferSelect;
export type Customer = typeof customers.$inferSelect;
export type Site = typeof customerSites.$inferSelect;

export type QuoteResult = ChangeResult<{ reference: string }>;

export const today = (now = new Date()) => todayInIndia(now);

/** The India date of a moment, YYYY-MM-DD. */
export const indiaDay = (at: Date) => todayInIndia(at);

// ── Place of supply ──────────────────────────────────────────────────────────────────────────────

export type RecipientPlace =
  | { ok: true; place: PlaceOfSupply; gstin: string | null; gstinProblem: string | null }
  | { ok: false; gstinProblem: string | null };

/** The customer's GSTIN when it passes its check (format and check digit), else null with why. */
export function checkedGstin(gstin: string | null | undefined): { gstin: string | null; problem: string | null } {
  const given = gstin?.trim();
  if (!given) return { gstin: null, problem: null };
  const parsed = gstinSchema.safeParse(given);
  if (parsed.success) return { gstin: parsed.data, problem: null };
  return { gstin: null, problem: `The GSTIN on the customer's record (${given}) fails its check (${parsed.error.issues[0]?.message ?? "invalid"}): the quote treats the customer as unregistered. Correct it on the customer's record.` };
}

/**
 * IGST Act s.12(2): the recipient's GSTIN state when registered (GSTIN checked, check digit included), else
 * the site's state code, else the state the office chose on the form. Never a guess: with none of the three
 * the answer is "ask the office" (ok: false).
 */
export function recipientPlace(customerGstin: string | null | undefined, siteStateCode: string | null | undefined, chosenStateCode?: string): RecipientPlace {
  const { gstin, problem } = checkedGstin(customerGstin);
  if (gstin) return { ok: true, place: placeOfSupply({ recipientGstin: gstin }), gstin, gstinProblem: null };
  const state = siteStateCode?.trim();
  if (state && GST_STATES[state]) return { ok: true, place: placeOfSupply({ recipientStateCode: state }), gstin: null, gstinProblem: problem };
  if (chosenStateCode && GST_STATES[chosenStateCode]) return { ok: true, place: placeOfSupply({ recipientStateCode: chosenStateCode }), gstin: null, gstinProblem: problem };
  return { ok: false, gstinProblem: problem };
}

export const PLACE_BASIS_TEXT: Record<PlaceOfSupply["basis"], string> = {
  "recipient-gstin": "from the customer's GSTIN",
  "recipient-address": "from the customer's site address",
  supplier: "the supplier's state (no recipient state on record)",
};

export const NEEDS_STATE_MESSAGE = "Neither a GSTIN nor the site's state is on record: choose the customer's state (it decides CGST + SGST or IGST).";

// ── Priced lines ─────────────────────────────────────────────────────────────────────────────────

/** Each line with its computed amounts, as stored on the version, and the totals (round-off to the rupee). */
export function priceLines(lines: readonly DocumentLine[], placeCode: string, supplierStateCode: string): { stored: StoredLine[]; totals: InvoiceTotals } {
  const taxed = taxLines(lines, placeCode, supplierStateCode);
  const stored = lines.map((line, i): StoredLine => ({ ...line, ...taxed[i]!, gstRate: line.gstRate }));
  return { stored, totals: invoiceTotals(lines, { code: placeCode, supplierStateCode }, { roundToRupee: true }) };
}

/** The stored lines back as entered lines (what the edit form and a revision start from). */
export function entered(lines: unknown): DocumentLine[] {
  if (!Array.isArray(lines)) return [];
  return (lines as StoredLine[]).map((l) => ({
    kind: l.kind,
    productId: l.productId ?? null,
    description: l.description,
    hsnSac: l.hsnSac,
    quantityMilli: l.quantityMilli,
    unit: l.unit,
    ratePaise: l.ratePaise,
    discountPaise: l.discountPaise,
    gstRate: l.gstRate,
  }));
}

// ── The recipient as printed ─────────────────────────────────────────────────────────────────────

export function recipientParty(
  customer: Pick<Customer, "name" | "company" | "mobile" | "email" | "billingAddress" | "billingCity" | "billingPincode">,
  site: Pick<Site, "address" | "city" | "pincode" | "stateCode"> | null | undefined,
  place: PlaceOfSupply,
  gstin: string | null,
): DocumentParty {
  return {
    name: customer.name,
    company: customer.company,
    // The same address as the invoice will print (~/.server/invoices/issue.ts).
    ...recipientAddress(customer, site, gstin),
    stateCode: place.code,
    stateName: place.name,
    gstin,
    mobile: customer.mobile,
    email: customer.email,
  };
}

// ── The signed link ──────────────────────────────────────────────────────────────────────────────

/** A quote's link lasts 60 days past its validity, so an expired quote still opens (and says so). */
const LINK_DAYS_AFTER_VALIDITY = 60;

/**
 * The quote's signed token. It depends only on the quote and its validity date, so the SMS, the e-mail and
 * the WhatsApp link of one sending carry the same token; it opens whichever version is current.
 */
export function quoteToken(quoteId: number, validUntil: string): string {
  const until = new Date(`${validUntil}T23:59:59+05:30`);
  return signLinkToken("quote", quoteId, new Date(until.getTime() + LINK_DAYS_AFTER_VALIDITY * 86_400_000));
}

export function checkQuoteToken(token: string, now = new Date()): SignedLinkCheck {
  return verifyLinkToken("quote", token, now);
}

export const quotePath = (token: string) => `/d/quote/${token}`;
export const adminQuotePath = (reference: string) => `/admin/quotes/${encodeURIComponent(reference)}`;
export const portalQuotePath = (reference: string) => `/customer/quotes/${encodeURIComponent(reference)}`;

/** "+91 ••••• ••345": the mobile a code goes to, as a page anyone with the link may see it. */
export function maskedMobile(e164: string): string {
  return `+91 ••••• ••${e164.slice(-3)}`;
}

export interface PlacePreview {
  /** The place of supply the form's values give, or null while the office must choose the state. */
  place: { code: string; name: string; basis: string; supply: "intra-state" | "inter-state" } | null;
  /** Neither a valid GSTIN nor the chosen site's state: the form asks for the state. */
  needsState: boolean;
  gstinProblem: string | null;
}

/** What the quote form shows about the place of supply for these values (and whether it must ask). */
export function placePreview(customerGstin: string | null, sites: readonly Pick<Site, "id" | "stateCode">[], siteId: number | null | undefined, stateCode: string | undefined, supplierStateCode: string): PlacePreview {
  const site = siteId ? sites.find((s) => s.id === siteId) : undefined;
  const { gstin } = checkedGstin(customerGstin);
  const needsState = !gstin && !(site?.stateCode && GST_STATES[site.stateCode]);
  const found = recipientPlace(customerGstin, site?.stateCode, stateCode);
  return {
    place: found.ok
      ? { code: found.place.code, name: found.place.name, basis: needsState ? "the customer's state, chosen on the quote" : PLACE_BASIS_TEXT[found.place.basis], supply: found.place.code === supplierStateCode ? "intra-state" : "inter-state" }
      : null,
    needsState,
    gstinProblem: found.gstinProblem,
  };
}
