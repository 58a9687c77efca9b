import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices, paymentAllocations, payments, users } from "~/.server/db/schema.ts";
import { signedPath } from "~/.server/links/signed.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/lib/forms/admin/payments.ts";
import { amountDue } from "./shared.ts";
import { openInvoicesOf } from "./record.ts";

/** One payment as its page and its receipt show it: who paid, how, and which invoices it settled. */
export interface PaymentView {
  id: number;
  reference: string;
  method: PaymentMethod;
  methodLabel: string;
  amountPaise: number;
  unallocatedPaise: number;
  receivedOn: string;
  instrumentRef: string | null;
  /** How the instrument reads: "UTR 412345678901", "Cheque 123456", "Gateway payment pay_..." */
  instrumentLabel: string | null;
  note: string | null;
  recordedBy: string | null;
  createdAt: string;
  customer: { id: number; reference: string; name: string; company: string | null; mobile: string | null; gstin: string | null; erased: boolean };
  allocations: Array<{ invoiceId: number; number: string; issueDate: string; amountPaise: number; invoiceTotalPaise: number; invoiceDuePaise: number; invoiceStatus: string }>;
}

export function instrumentLabel(method: PaymentMethod, ref: string | null): string | null {
  if (!ref) return null;
  switch (method) {
    case "upi":
      return `UTR ${ref}`;
    case "bank":
      return `Reference ${ref}`;
    case "cheque":
      // Stored as number/customer (one record per customer's cheque): the number is what is printed.
      return `Cheque ${ref.split("/")[0]}`;
    case "gateway":
      return `Gateway payment ${ref}`;
    default:
      return ref;
  }
}

async function view(where: ReturnType<typeof eq>): Promise<PaymentView | undefined> {
  const db = getDb();
  const [row] = await db
    .select({ payment: payments, customer: customers, recordedBy: users.name, recordedByMobile: users.mobile })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(where);
  if (!row) return undefined;
  const { payment: p, customer: c } = row;
  const allocations = await db
    .select({ invoice: invoices, amountPaise: paymentAllocations.amountPaise })
    .from(paymentAllocations)
    .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
    .where(eq(paymentAllocations.paymentId, p.id))
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
  return {
    id: p.id,
    reference: p.reference,
    method: p.method,
    methodLabel: PAYMENT_METHOD_LABELS[p.method],
    amountPaise: p.amountPaise,
    unallocatedPaise: p.unallocatedPaise,
    receivedOn: p.receivedOn,
    instrumentRef: p.instrumentRef,
    instrumentLabel: instrumentLabel(p.method, p.instrumentRef),
    note: p.note,
    recordedBy: p.method === "gateway" && !p.recordedBy ? "The payment gateway" : (row.recordedBy ?? row.recordedByMobile ?? null),
    createdAt: p.createdAt.toISOString(),
    customer: { id: c.id, reference: c.reference, name: c.name, company: c.company, mobile: c.mobile, gstin: c.gstin, erased: c.erasedAt !== null },
    allocations: allocations.map((a) => ({
      invoiceId: a.invoice.id,
      number: a.invoice.number,
      issueDate: a.invoice.issueDate,
      amountPaise: a.amountPaise,
      invoiceTotalPaise: a.invoice.totalPaise,
      invoiceDuePaise: amountDue(a.invoice),
      invoiceStatus: a.invoice.status,
    })),
  };
}

export function paymentByReference(reference: string): Promise<PaymentView | undefined> {
  return view(eq(payments.reference, reference));
}

export function paymentById(id: number): Promise<PaymentView | undefined> {
  return view(eq(payments.id, id));
}

/** The customer's open invoices as the record and allocate forms list them. */
export async function openInvoiceChoices(customerId: number) {
  return (await openInvoicesOf(getDb(), customerId)).map((i) => ({
    id: i.id,
    number: i.number,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    totalPaise: i.totalPaise,
    duePaise: amountDue(i),
    status: i.status,
  }));
}

/** A live customer by reference, for the record form's heading. */
export async function customerForPayment(reference: string) {
  const [row] = await getDb()
    .select({ id: customers.id, reference: customers.reference, name: customers.name, company: customers.company, mobile: customers.mobile })
    .from(customers)
    .where(and(eq(customers.reference, reference), isNull(customers.erasedAt), isNull(customers.deletedAt)));
  return row;
}

export interface CustomerPayment {
  reference: string;
  receivedOn: string;
  amountPaise: number;
  method: string;
  /** The receipt's PDF in the customer portal. */
  receiptHref: string;
}

/** For the customer portal: the customer's payments, newest first, each with its receipt. */
export async function customerPayments(customerId: number): Promise<CustomerPayment[]> {
  const rows = await getDb()
    .select({ reference: payments.reference, receivedOn: payments.receivedOn, amountPaise: payments.amountPaise, method: payments.method })
    .from(payments)
    .where(eq(payments.customerId, customerId))
    .orderBy(desc(payments.receivedOn), desc(payments.id));
  return rows.map((r) => ({
    reference: r.reference,
    receivedOn: r.receivedOn,
    amountPaise: r.amountPaise,
    method: PAYMENT_METHOD_LABELS[r.method],
    receiptHref: `/customer/receipts/${encodeURIComponent(r.reference)}/pdf`,
  }));
}

/** The signed link a customer without a session opens the receipt with (the receipt SMS carries it). */
export function receiptLink(paymentId: number): string {
  return signedPath("receipt", paymentId);
}
