import { formatPaise } from "~/lib/format.ts";

/**
 * What every part of the payments side agrees on: what an invoice still asks for, the status that follows
 * from its figures, and the day in India.
 */

export interface InvoiceFigures {
  totalPaise: number;
  paidPaise: number;
  creditedPaise: number;
}

/** What is still due on an invoice: its total less payments allocated and credit notes against it. */
export function amountDue(i: InvoiceFigures): number {
  return Math.max(0, i.totalPaise - i.paidPaise - i.creditedPaise);
}

/** issued -> partly_paid -> paid, from the figures (a cancelled invoice stays cancelled). */
export function statusAfterPayment(i: InvoiceFigures): "issued" | "partly_paid" | "paid" {
  if (amountDue(i) === 0) return "paid";
  return i.paidPaise > 0 ? "partly_paid" : "issued";
}

/** The statuses an invoice can be paid in. */
export const OPEN_INVOICE_STATUSES = ["issued", "partly_paid"] as const;

const IST_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;

/** YYYY-MM-DD in India. */
export function dayInIndia(at: Date = new Date()): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole days from one YYYY-MM-DD to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** "12,500.00": an amount for an SMS template that already says "Rs" (DLT texts are plain ASCII). */
export function smsAmount(paise: number): string {
  return formatPaise(paise).replace("₹", "");
}

/** A refusal inside a transaction: thrown to roll it back, caught at the edge and shown beside its field. */
export class PaymentRefusal extends Error {
  readonly field: string;
  readonly existing?: { reference: string };
  constructor(field: string, message: string, existing?: { reference: string }) {
    super(message);
    this.field = field;
    this.existing = existing;
  }
}
