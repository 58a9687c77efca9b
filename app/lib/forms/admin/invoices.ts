import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";

/**
 * The invoices screens' forms and filters (/admin/invoices, /admin/invoices/new, /admin/invoices/{id}): one
 * schema per form, shared by the server and the browser. The priced lines of an invoice made from a job are
 * read row by row by ~/lib/money/line-rows.ts (lineItemSchema per row); an invoice made from
 * an approved quote takes the approved version's lines as they are.
 */

// ── Statuses and numbers ─────────────────────────────────────────────────────────────────────────

export const INVOICE_STATUSES = ["issued", "partly_paid", "paid", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  issued: "Unpaid",
  partly_paid: "Partly paid",
  paid: "Paid",
  cancelled: "Cancelled",
};

export function invoiceStatusLabel(kind: "invoice" | "credit_note", status: string): string {
  if (kind === "credit_note") return "Credit note";
  return INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status;
}

/** INV/2026-27/0001, CN/2026-27/0001 (four digits at least); past 9,999 the year is short: INV/26-27/10000. */
export const DOCUMENT_NUMBER_PATTERN = /^(INV|CN)\/(\d{2}|\d{4})-\d{2}\/\d{4,}$/;

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const INVOICE_FILTERS = [
  { value: "unpaid", label: "Unpaid" },
  { value: "partly_paid", label: "Partly paid" },
  { value: "paid", label: "Paid" },
  { value: "cancelled", label: "Cancelled" },
  { value: "credit_notes", label: "Credit notes" },
  { value: "all", label: "All" },
] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number]["value"];

export const invoiceListSchema = z.object({
  show: z.enum(INVOICE_FILTERS.map((f) => f.value)).default("all"),
  /** An invoice or credit note number (or part of it), or the customer's name, company or reference. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type InvoiceListFilters = z.output<typeof invoiceListSchema>;

// ── Where a new invoice comes from ───────────────────────────────────────────────────────────────

export const INVOICE_SOURCE_PATTERNS = {
  quote: /^QT-\d{4}-\d{4,}$/,
  request: /^SR-\d{4}-\d{4,}$/,
  customer: /^CU-\d{4}-\d{4,7}$/,
} as const;
export type InvoiceSourceKind = keyof typeof INVOICE_SOURCE_PATTERNS;
export type InvoiceSource = { kind: InvoiceSourceKind; reference: string };

/** ?quote=QT-..., ?request=SR-... or ?customer=CU-... (the first that is well formed), else undefined. */
export function invoiceSourceFrom(params: URLSearchParams): InvoiceSource | undefined {
  for (const kind of ["quote", "request", "customer"] as const) {
    const value = params.get(kind)?.trim().toUpperCase();
    if (value && INVOICE_SOURCE_PATTERNS[kind].test(value)) return { kind, reference: value };
  }
  return undefined;
}

// ── The issue form ───────────────────────────────────────────────────────────────────────────────

export const idempotencyField = z.uuid("This form has expired. Please reload the page and try again.");

export const issueInvoiceSchema = z.object({
  intent: z.literal("issue").optional(),
  poNumber: optionalText(60),
  notes: optionalText(1000),
  /** Ticked to issue a second invoice for a job that already has one. */
  another: z
    .union([z.literal(["yes", "on"]), z.literal("")])
    .optional()
    .transform((v) => v === "yes" || v === "on"),
  /** How many invoices of the job the form showed (hidden): "another" is refused if one was issued since. */
  seenInvoices: z.coerce.number().int().min(0).max(1000).optional(),
  idempotencyKey: idempotencyField,
});
export type IssueInvoiceInput = z.output<typeof issueInvoiceSchema>;

export const ISSUE_INTENTS = ["issue", "add-lines"] as const;

// ── Credit notes ─────────────────────────────────────────────────────────────────────────────────

/** A credit's amount per line of the invoice, as typed: `credit-<line>` in rupees (taxable value, before GST). */
export const creditFieldName = (line: number) => `credit-${line}`;

export const creditNoteSchema = z.object({
  intent: z.literal("credit"),
  reason: requiredText("Say why the invoice is credited, e.g. a part was returned or the rate was wrong.", 500),
  /** "full": every line's remaining value; "lines": the amounts typed per line. */
  scope: z.enum(["full", "lines"], "Choose whether to credit the whole invoice or some lines."),
  idempotencyKey: idempotencyField,
});
export type CreditNoteInput = z.output<typeof creditNoteSchema> & { amounts: Record<number, string> };

export const resendSchema = z.object({ intent: z.literal("resend") });
