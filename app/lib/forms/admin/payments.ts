import { z } from "zod";
import { idempotencyKey, optionalText } from "~/lib/forms/fields.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";

/**
 * The payments screens' forms and filters (/admin/payments and below): one schema per form, shared by the
 * server (parseForm, parseListQuery) and the browser. Amounts are typed in rupees and become integer paise
 * here; every refusal has its message beside its field.
 */

export const PAYMENT_METHODS = ["upi", "bank", "cash", "cheque", "gateway"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the office records by hand; gateway payments come only from the gateway's signed webhook. */
export const RECORDED_METHODS = ["upi", "bank", "cash", "cheque"] as const;
export type RecordedMethod = (typeof RECORDED_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  upi: "UPI",
  bank: "Bank transfer",
  cash: "Cash",
  cheque: "Cheque",
  gateway: "Online (payment gateway)",
};

/** A receipt's number: RC-YYMM-NNNN (payments.reference). */
export const RECEIPT_PATTERN = /^RC-\d{4}-\d{4,7}$/;
export const CUSTOMER_PATTERN = /^CU-\d{4}-\d{4,7}$/;

/**
 * The most one payment may be: more is a typing mistake (a digit too many), not a payment. ₹5 crore is
 * far above any repair or contract this business bills.
 */
export const MAX_PAYMENT_PAISE = 5_00_00_000_00;

/** Rupees as typed ("12,500", "₹ 1234.5", "Rs. 500") -> paise, or the message that explains what is wrong. */
export function rupeesToPaise(raw: string, label = "The amount"): { paise: number } | { problem: string } {
  const plain = raw.trim().replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "");
  if (plain === "") return { problem: `Enter ${label.toLowerCase()} in rupees` };
  if (plain.startsWith("-")) return { problem: `${label} cannot be negative` };
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(plain)) return { problem: `Enter ${label.toLowerCase()} in rupees, e.g. 12500 or 1234.50 (at most two decimals)` };
  const [whole = "0", fraction = ""] = plain.split(".");
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (paise === 0) return { problem: `${label} must be more than zero` };
  if (paise > MAX_PAYMENT_PAISE) return { problem: `${label} is more than ₹5 crore: check the figure` };
  return { paise };
}

const amountField = (label: string) =>
  z.string(`Enter ${label.toLowerCase()} in rupees`).transform((raw, ctx) => {
    const result = rupeesToPaise(raw, label);
    if ("problem" in result) {
      ctx.addIssue({ code: "custom", message: result.problem });
      return z.NEVER;
    }
    return result.paise;
  });

function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
}

/** The day the money came in: a real day, not in the future, not more than two years back. */
const receivedOn = z
  .string("Enter the date the payment was received")
  .trim()
  .min(1, "Enter the date the payment was received")
  .refine(isCalendarDay, "Enter the date as a day, e.g. 2026-11-24")
  .refine((v) => v <= todayInIndia(), "The date cannot be in the future")
  .refine((v) => v >= twoYearsAgo(), "The date is more than two years ago: check it");

function twoYearsAgo(): string {
  const today = todayInIndia();
  return `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "yes" || v === "on");

/** The allocation fields of the record form: one per open invoice, named allocate-<invoice id>. */
export const ALLOCATE_PREFIX = "allocate-";

/**
 * The amounts typed in the allocation fields, one per invoice: a blank field or zero means "nothing to this
 * invoice"; an amount that cannot be read is reported beside its field.
 */
function allocationsIn(v: Record<string, unknown>, ctx: z.RefinementCtx): Array<{ invoiceId: number; paise: number }> {
  const allocations: Array<{ invoiceId: number; paise: number }> = [];
  for (const [key, value] of Object.entries(v)) {
    if (!key.startsWith(ALLOCATE_PREFIX) || typeof value !== "string" || value.trim() === "") continue;
    const id = key.slice(ALLOCATE_PREFIX.length);
    if (!/^[1-9]\d{0,9}$/.test(id)) continue;
    const parsed = rupeesToPaise(value, "The amount to allocate");
    if ("problem" in parsed) {
      if (/^[0.\s₹]+$/.test(value.replace(/,/g, ""))) continue;
      ctx.addIssue({ code: "custom", path: [key], message: parsed.problem });
      continue;
    }
    allocations.push({ invoiceId: Number(id), paise: parsed.paise });
  }
  return allocations;
}

/**
 * Recording a payment (/admin/payments/new). The instrument's reference depends on the method: UPI needs
 * its 12-digit UTR, a bank transfer its reference (UTR of the NEFT/RTGS/IMPS), a cheque its 6-digit number
 * and bank. Allocations are the allocate-<id> fields: all blank = oldest invoice first; otherwise exactly
 * as typed. Whatever is not allocated is an advance, which must be asked for with the advance box.
 */
export const recordPaymentSchema = z
  .looseObject({
    idempotencyKey,
    customer: z.string("Choose the customer").trim().regex(CUSTOMER_PATTERN, "Choose the customer (a reference like CU-2611-0007)"),
    method: z.enum(RECORDED_METHODS, "Choose how the customer paid"),
    amount: amountField("The amount"),
    receivedOn,
    utr: optionalText(40),
    bankReference: optionalText(40),
    chequeNumber: optionalText(20),
    chequeBank: optionalText(80),
    note: optionalText(500),
    advance: checkbox,
  })
  .transform((v, ctx) => {
    let instrumentRef: string | null = null;
    let chequeBank: string | null = null;
    if (v.method === "upi") {
      const utr = (v.utr ?? "").replace(/\s+/g, "");
      if (!/^\d{12}$/.test(utr)) {
        ctx.addIssue({ code: "custom", path: ["utr"], message: v.utr ? "A UPI UTR (transaction reference) has 12 digits" : "Enter the UPI UTR (12 digits, in the customer's payment app or the bank statement)" });
        return z.NEVER;
      }
      instrumentRef = utr;
    } else if (v.method === "bank") {
      const ref = (v.bankReference ?? "").replace(/\s+/g, "").toUpperCase();
      if (!/^[A-Z0-9]{6,30}$/.test(ref)) {
        ctx.addIssue({ code: "custom", path: ["bankReference"], message: v.bankReference ? "A transfer reference has 6 to 30 letters and digits" : "Enter the transfer's reference (the UTR of the NEFT, RTGS or IMPS)" });
        return z.NEVER;
      }
      instrumentRef = ref;
    } else if (v.method === "cheque") {
      const number = (v.chequeNumber ?? "").replace(/\s+/g, "");
      if (!/^\d{6}$/.test(number)) {
        ctx.addIssue({ code: "custom", path: ["chequeNumber"], message: v.chequeNumber ? "A cheque number has 6 digits" : "Enter the cheque's 6-digit number" });
        return z.NEVER;
      }
      if (!v.chequeBank) {
        ctx.addIssue({ code: "custom", path: ["chequeBank"], message: "Enter the bank the cheque is drawn on" });
        return z.NEVER;
      }
      instrumentRef = number;
      chequeBank = v.chequeBank;
    }
    const allocations = allocationsIn(v, ctx);
    return {
      idempotencyKey: v.idempotencyKey,
      customer: v.customer,
      method: v.method,
      amountPaise: v.amount,
      receivedOn: v.receivedOn,
      instrumentRef,
      chequeBank,
      note: v.note ?? null,
      advance: v.advance,
      allocations,
    };
  });
export type RecordPaymentInput = z.output<typeof recordPaymentSchema>;

/** Allocating a payment's advance to open invoices later (the payment's page). */
export const allocateAdvanceSchema = z
  .looseObject({ intent: z.literal("allocate") })
  .transform((v, ctx) => {
    const allocations = allocationsIn(v, ctx);
    if (allocations.length === 0) {
      ctx.addIssue({ code: "custom", path: ["form"], message: "Enter the amount to allocate to at least one invoice" });
      return z.NEVER;
    }
    return { allocations };
  });

// ── The register (list) ──────────────────────────────────────────────────────────────────────────

const optionalDay = z
  .string()
  .trim()
  .refine(isCalendarDay)
  .optional();

export const paymentListSchema = z.object({
  method: z.enum(PAYMENT_METHODS).optional(),
  /** Received on or after / on or before (YYYY-MM-DD). */
  from: optionalDay,
  to: optionalDay,
  /** A receipt number, UTR / reference, customer name or reference. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type PaymentListFilters = z.output<typeof paymentListSchema>;

// ── Reconciliation ───────────────────────────────────────────────────────────────────────────────

export const matchLineSchema = z.object({
  intent: z.literal("match"),
  line: z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again."),
  invoice: z
    .string("Enter the invoice number, e.g. INV/2026-27/0007")
    .trim()
    .min(1, "Enter the invoice number, e.g. INV/2026-27/0007")
    .max(40, "An invoice number is shorter than that: check it"),
});

export const ignoreLineSchema = z.object({
  intent: z.literal("ignore"),
  line: z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again."),
});

// ── Outstanding ──────────────────────────────────────────────────────────────────────────────────

/** Ageing buckets, in days past each invoice's due date (~/.server/payments/outstanding.ts). */
export const AGEING_BUCKETS = [
  { key: "notDue", label: "Not yet due" },
  { key: "d0_30", label: "0-30 days" },
  { key: "d31_60", label: "31-60 days" },
  { key: "d61_90", label: "61-90 days" },
  { key: "d90plus", label: "Over 90 days" },
] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number]["key"];

// ── Exports ──────────────────────────────────────────────────────────────────────────────────────

export const EXPORT_FILES = [
  { value: "b2b", label: "B2B invoices (GSTR-1 table 4A)" },
  { value: "b2cl", label: "B2C large: inter-state invoices above ₹1,00,000 (table 5)" },
  { value: "b2cs", label: "B2C small, by place of supply and rate (table 7)" },
  { value: "cdnr", label: "Credit notes to registered customers (CDNR, table 9B)" },
  { value: "cdnur", label: "Credit notes against B2C large invoices (CDNUR, table 9B)" },
  { value: "hsn-b2b", label: "HSN/SAC summary, B2B (table 12)" },
  { value: "hsn-b2c", label: "HSN/SAC summary, B2C (table 12)" },
  { value: "docs", label: "Documents issued: invoice and credit note series (table 13)" },
  { value: "payments", label: "Payment register (receipts and refund vouchers)" },
  { value: "purchases", label: "Purchase register: vendors' bills with their input tax (CGST, SGST, IGST)" },
  { value: "tally", label: "Tally XML import: invoices, credit notes, receipts, refunds and vendors' bills as vouchers" },
] as const;
export type ExportFile = (typeof EXPORT_FILES)[number]["value"];

/**
 * Invoices to unregistered recipients above this (inter-state) are B2C large in GSTR-1: ₹1,00,000 since
 * 1 August 2024 (Notification 12/2024-Central Tax; it was ₹2,50,000 before).
 */
export const B2CL_LIMIT_PAISE = 1_00_000_00;

/** A period: a month (m:2026-03) or a financial year, 1 April to 31 March (fy:2026-27). */
export const PERIOD_PATTERN = /^(m:\d{4}-(0[1-9]|1[0-2])|fy:\d{4}-\d{2})$/;

export const exportQuerySchema = z.object({
  period: z
    .string()
    .trim()
    .regex(PERIOD_PATTERN)
    .refine((p) => !p.startsWith("fy:") || (Number(p.slice(3, 7)) + 1) % 100 === Number(p.slice(8, 10)), "A financial year runs from one year into the next, e.g. 2026-27")
    .optional(),
  file: z.enum(EXPORT_FILES.map((f) => f.value) as [ExportFile, ...ExportFile[]]).optional(),
});

// ── Customer credit (the customer's page) ────────────────────────────────────────────────────────

export const CREDIT_INTENTS = ["apply-credit", "refund-credit"] as const;

/** Applying the customer's credit to one of their open invoices; seenCredit is the balance the form showed. */
export const applyCreditSchema = z.object({
  intent: z.literal("apply-credit"),
  invoiceId: z.coerce.number("Choose the invoice").int("Choose the invoice").min(1, "Choose the invoice"),
  amount: amountField("The amount to apply"),
  seenCredit: z.coerce.number().int().min(0),
});

export const REFUND_METHODS = ["upi", "bank", "cash", "cheque"] as const;

/** Paying credit back: a refund voucher (RV/2026-27/0001). */
export const refundCreditSchema = z.object({
  intent: z.literal("refund-credit"),
  amount: amountField("The amount to refund"),
  method: z.enum(REFUND_METHODS, "Choose how the money was paid back"),
  paidOn: z
    .string("Enter the date the refund was paid")
    .trim()
    .refine(isCalendarDay, "Enter the date as a day, e.g. 2026-11-24")
    .refine((v) => v <= todayInIndia(), "The date cannot be in the future"),
  instrumentRef: optionalText(40),
  note: optionalText(500),
  idempotencyKey: z.uuid("This form has expired. Please reload the page and try again."),
});
