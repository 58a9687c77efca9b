import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";
import { GST_STATES } from "~/lib/settings-schema.ts";

/**
 * The quotes screens' forms and filters (/admin/quotes, /admin/quotes/new, /admin/quotes/{reference}): one
 * schema per form, shared by the server and the browser. The priced lines are read and checked row by row by
 * ~/lib/money/line-rows.ts (lineItemSchema per row); these schemas cover the rest of the form.
 */

export const STALE_QUOTE_MESSAGE = changedMeanwhile("quote");

// ── Statuses ─────────────────────────────────────────────────────────────────────────────────────

/** As stored (quotes.status). "expired" is also what a sent quote past its validity reads as (see quoteState). */
export const QUOTE_STATUSES = ["draft", "sent", "approved", "changes_requested", "expired", "declined"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  approved: "Approved",
  changes_requested: "Changes asked",
  expired: "Expired",
  declined: "Declined",
};

/** A sent quote whose validity has run out reads as expired (computed on read: no job rewrites the rows). */
export function quoteState(status: string, validUntil: string, today: string): QuoteStatus {
  if ((status === "sent" || status === "changes_requested") && validUntil < today) return "expired";
  return (QUOTE_STATUSES as readonly string[]).includes(status) ? (status as QuoteStatus) : "draft";
}

/** States the customer may still answer in (the current version, while valid). */
export const ANSWERABLE_STATES: readonly QuoteStatus[] = ["sent", "changes_requested"];
/** States from which the office may revise (a new version): everything sent and not approved. */
export const REVISABLE_STATES: readonly QuoteStatus[] = ["sent", "changes_requested", "expired", "declined"];

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const QUOTE_FILTERS = [
  { value: "draft", label: "Draft" },
  { value: "sent", label: "Sent" },
  { value: "approved", label: "Approved" },
  { value: "changes_requested", label: "Changes asked" },
  { value: "expired", label: "Expired" },
  { value: "declined", label: "Declined" },
  { value: "all", label: "All" },
] as const;
export type QuoteFilter = (typeof QUOTE_FILTERS)[number]["value"];

export const quoteListSchema = z.object({
  show: z.enum(QUOTE_FILTERS.map((f) => f.value)).default("all"),
  /** A quote reference (QT-2611-0004) or the customer's name, company or reference. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type QuoteListFilters = z.output<typeof quoteListSchema>;

// ── Where a new quote comes from ─────────────────────────────────────────────────────────────────

export const QUOTE_REFERENCE_PATTERN = /^QT-\d{4}-\d{4,}$/;
export const SOURCE_PATTERNS = {
  request: /^SR-\d{4}-\d{4,}$/,
  bench: /^JC-\d{4}-\d{4,}$/,
  customer: /^CU-\d{4}-\d{4,7}$/,
} as const;
export type QuoteSourceKind = keyof typeof SOURCE_PATTERNS;
export type QuoteSource = { kind: QuoteSourceKind; reference: string };

/** ?request=SR-..., ?bench=JC-... or ?customer=CU-... (the first that is well formed), else undefined. */
export function sourceFrom(params: URLSearchParams | Record<string, string | undefined>): QuoteSource | undefined {
  const get = (k: string) => (params instanceof URLSearchParams ? params.get(k) : params[k])?.trim().toUpperCase();
  for (const kind of ["request", "bench", "customer"] as const) {
    const value = get(kind);
    if (value && SOURCE_PATTERNS[kind].test(value)) return { kind, reference: value };
  }
  return undefined;
}

// ── The quote's own fields (beside its lines) ────────────────────────────────────────────────────

const stateCode = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || (/^\d{2}$/.test(v) && GST_STATES[v] !== undefined && Number(v) < 97), "Choose the customer's state from the list.");

const siteId = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || /^[1-9]\d{0,9}$/.test(v), "Choose a site from the list.")
  .transform((v) => (v ? Number(v) : undefined));

export const quoteFieldsSchema = z.object({
  title: requiredText("Say what the quote is for, e.g. Repair of ABB ACS580 7.5 kW.", 160),
  /** The terms printed on the quote (from the settings, editable per quote). */
  terms: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n/g, "\n").trim())
    .pipe(z.string().max(2000, "Keep the terms under 2,000 characters.")),
  notes: optionalText(1000),
  site: siteId,
  /** The recipient's GST state, asked only when neither a GSTIN nor the site's state is on record. */
  stateCode,
});
export type QuoteFieldsInput = z.output<typeof quoteFieldsSchema>;

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

export const idempotencyField = z.uuid("This form has expired. Please reload the page and try again.");

/** A new quote: its source is in the address (?request=...), its key makes a double submit one quote. */
export const newQuoteSchema = quoteFieldsSchema.extend({ idempotencyKey: idempotencyField });
export type NewQuoteInput = z.output<typeof newQuoteSchema>;

/** A draft's edit (in place: it has not been sent). */
export const editQuoteSchema = quoteFieldsSchema.extend({ version });
export type EditQuoteInput = z.output<typeof editQuoteSchema>;

export const sendQuoteSchema = z.object({ intent: z.literal("send"), version });
export const reviseQuoteSchema = z.object({
  intent: z.literal("revise"),
  version,
  reason: requiredText("Say why the quote is revised, e.g. the customer asked for OEM parts.", 500),
});
export type ReviseQuoteInput = z.output<typeof reviseQuoteSchema>;

export const QUOTE_INTENTS = ["save", "add-lines", "send", "revise"] as const;
export type QuoteIntent = (typeof QUOTE_INTENTS)[number];
export function isQuoteIntent(v: unknown): v is QuoteIntent {
  return (QUOTE_INTENTS as readonly unknown[]).includes(v);
}

/** Today + the settings' validity days, as YYYY-MM-DD (India's calendar). */
export function validUntilFrom(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
