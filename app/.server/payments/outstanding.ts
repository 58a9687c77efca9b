import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices, payments } from "~/.server/db/schema.ts";
import { AGEING_BUCKETS, type AgeingBucket } from "~/lib/forms/admin/payments.ts";
import { amountDue, dayInIndia, daysBetween, OPEN_INVOICE_STATUSES } from "./shared.ts";

/**
 * What customers owe (/admin/payments/outstanding): every open invoice's amount due (total less payments
 * and credit notes), per customer, in ageing buckets counted in days PAST THE DUE DATE (not the invoice
 * date) as of today in India: not yet due, 0-30, 31-60, 61-90 and over 90 days. An invoice due today is 0
 * days past due. The customer's advances (payments not yet allocated) are shown beside, not netted off.
 */

export { AGEING_BUCKETS, type AgeingBucket } from "~/lib/forms/admin/payments.ts";

export function bucketOf(daysPastDue: number): AgeingBucket {
  if (daysPastDue < 0) return "notDue";
  if (daysPastDue <= 30) return "d0_30";
  if (daysPastDue <= 60) return "d31_60";
  if (daysPastDue <= 90) return "d61_90";
  return "d90plus";
}

type Buckets = Record<AgeingBucket, number>;
const emptyBuckets = (): Buckets => ({ notDue: 0, d0_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 });

export interface OutstandingInvoice {
  id: number;
  number: string;
  issueDate: string;
  dueDate: string;
  totalPaise: number;
  duePaise: number;
  daysPastDue: number;
  bucket: AgeingBucket;
  remindersSent: number;
}

export interface OutstandingCustomer {
  id: number;
  reference: string;
  name: string;
  company: string | null;
  mobile: string | null;
  buckets: Buckets;
  totalPaise: number;
  advancePaise: number;
  invoices: OutstandingInvoice[];
  /** The most days past due of any of their invoices. */
  oldestDays: number;
}

export interface OutstandingReport {
  asOf: string;
  customers: OutstandingCustomer[];
  totals: Buckets & { totalPaise: number; advancePaise: number };
}

export async function outstandingReport(now = new Date()): Promise<OutstandingReport> {
  const today = dayInIndia(now);
  const db = getDb();
  const rows = await db
    .select({ invoice: invoices, customer: { id: customers.id, reference: customers.reference, name: customers.name, company: customers.company, mobile: customers.mobile } })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(eq(invoices.kind, "invoice"), inArray(invoices.status, [...OPEN_INVOICE_STATUSES])));
  const byCustomer = new Map<number, OutstandingCustomer>();
  for (const { invoice, customer } of rows) {
    const due = amountDue(invoice);
    if (due <= 0) continue;
    let entry = byCustomer.get(customer.id);
    if (!entry) {
      entry = { ...customer, buckets: emptyBuckets(), totalPaise: 0, advancePaise: 0, invoices: [], oldestDays: Number.NEGATIVE_INFINITY };
      byCustomer.set(customer.id, entry);
    }
    const days = daysBetween(invoice.dueDate, today);
    const bucket = bucketOf(days);
    entry.buckets[bucket] += due;
    entry.totalPaise += due;
    entry.oldestDays = Math.max(entry.oldestDays, days);
    entry.invoices.push({ id: invoice.id, number: invoice.number, issueDate: invoice.issueDate, dueDate: invoice.dueDate, totalPaise: invoice.totalPaise, duePaise: due, daysPastDue: days, bucket, remindersSent: invoice.remindersSent });
  }
  if (byCustomer.size > 0) {
    const advances = await db
      .select({ customerId: payments.customerId, sum: sql<string>`sum(${payments.unallocatedPaise})::text` })
      .from(payments)
      .where(and(gt(payments.unallocatedPaise, 0), inArray(payments.customerId, [...byCustomer.keys()])))
      .groupBy(payments.customerId);
    for (const a of advances) byCustomer.get(a.customerId)!.advancePaise = Number(a.sum);
  }
  const list = [...byCustomer.values()];
  for (const c of list) c.invoices.sort((a, b) => b.daysPastDue - a.daysPastDue || a.id - b.id);
  // The most overdue money first: the office calls those customers first.
  list.sort((a, b) => b.oldestDays - a.oldestDays || b.totalPaise - a.totalPaise || a.id - b.id);
  const totals = { ...emptyBuckets(), totalPaise: 0, advancePaise: 0 };
  for (const c of list) {
    for (const { key } of AGEING_BUCKETS) totals[key] += c.buckets[key];
    totals.totalPaise += c.totalPaise;
    totals.advancePaise += c.advancePaise;
  }
  return { asOf: today, customers: list, totals };
}
