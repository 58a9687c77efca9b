import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { customers, gatewayEvents, invoices, paymentAllocations, payments, refunds, refundSources } from "~/.server/db/schema.ts";
import { nextDocumentNumber } from "~/.server/invoices/numbering.ts";
import { formatPaise } from "~/lib/format.ts";
import { PAYMENT_METHOD_LABELS } from "~/lib/forms/admin/payments.ts";
import type { PaymentListItem } from "./list.ts";
import { applyAllocations, openInvoicesOf } from "./record.ts";
import { amountDue, dayInIndia, PaymentRefusal } from "./shared.ts";

/**
 * The customer's credit balance: money received from a customer that no invoice holds. It is kept on the
 * payments themselves (payments.unallocated_paise), so that every rupee received stays traceable to the
 * receipt it came in on, and the books always balance:
 *
 *     received (sum of payments) = allocated to invoices + customer credit + refunded (refund vouchers)
 *
 * Credit arises from an advance or overpayment, a gateway payment that did not match what was due
 * (./gateway/webhook.ts), and a credit note larger than what was still due on its invoice: the part of the
 * invoice's payments the note made unnecessary is taken back off the invoice (its allocations, newest first)
 * and becomes credit again (creditExcessInTx). It leaves by being applied to a later invoice (a staff
 * action, audited) or paid back with a refund voucher (RV/2026-27/0001, its own consecutive series per
 * financial year, taken as invoice numbers are).
 *
 * Locks are taken invoices first, then payments (both in id order), everywhere, so two of these never deadlock.
 */

type Executor = Pick<Database | Transaction, "select">;

/** The customer's credit balance, in paise. */
export async function customerCredit(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.unallocatedPaise}), 0)::text` })
    .from(payments)
    .where(eq(payments.customerId, customerId));
  return Number(row?.sum ?? 0);
}

export interface CreditBalance {
  customerId: number;
  reference: string;
  name: string;
  company: string | null;
  creditPaise: number;
}

/** Every customer holding credit, largest first (the list on /admin/payments). */
export async function creditBalances(db: Executor, limit = 50): Promise<CreditBalance[]> {
  const credit = sql<string>`sum(${payments.unallocatedPaise})::text`;
  const rows = await db
    .select({ customerId: customers.id, reference: customers.reference, name: customers.name, company: customers.company, credit })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(gt(payments.unallocatedPaise, 0))
    .groupBy(customers.id)
    .orderBy(desc(sql`sum(${payments.unallocatedPaise})`), asc(customers.id))
    .limit(limit);
  return rows.map(({ credit: c, ...r }) => ({ ...r, creditPaise: Number(c) }));
}

/** The customer's payments holding credit, locked, oldest first (credit is used in the order it came in). */
async function creditPayments(tx: Transaction, customerId: number) {
  return tx
    .select({ id: payments.id, reference: payments.reference, unallocatedPaise: payments.unallocatedPaise })
    .from(payments)
    .where(and(eq(payments.customerId, customerId), gt(payments.unallocatedPaise, 0)))
    .orderBy(asc(payments.id))
    .for("update");
}

/**
 * Takes `amountPaise` off the customer's credit, oldest payment first: `spend` does what the taken part is for
 * (an allocation, a refund's source) before the payment's credit goes down. Returns the receipts drawn on.
 */
async function drawCredit(
  tx: Transaction,
  sources: Awaited<ReturnType<typeof creditPayments>>,
  amountPaise: number,
  spend: (source: { id: number; reference: string }, take: number) => Promise<void>,
): Promise<Array<{ receipt: string; paise: number }>> {
  let left = amountPaise;
  const used: Array<{ receipt: string; paise: number }> = [];
  for (const source of sources) {
    if (left <= 0) break;
    const take = Math.min(left, source.unallocatedPaise);
    await spend(source, take);
    await tx.update(payments).set({ unallocatedPaise: source.unallocatedPaise - take }).where(eq(payments.id, source.id));
    used.push({ receipt: source.reference, paise: take });
    left -= take;
  }
  return used;
}

/**
 * Inside a credit note's transaction, with the invoice locked: `excessPaise` of what was paid on the invoice
 * is no longer owed on it (the note took its total below what was paid). That much comes off the invoice's
 * allocations, newest payment first, back onto those payments as the customer's credit. Returns the receipts
 * it went back to.
 */
export async function creditExcessInTx(tx: Transaction, invoiceId: number, excessPaise: number): Promise<Array<{ reference: string; paise: number }>> {
  if (excessPaise <= 0) return [];
  const allocations = await tx
    .select({ paymentId: paymentAllocations.paymentId, amountPaise: paymentAllocations.amountPaise, reference: payments.reference })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(eq(paymentAllocations.invoiceId, invoiceId))
    .orderBy(desc(paymentAllocations.paymentId))
    .for("update");
  let left = excessPaise;
  const moved: Array<{ reference: string; paise: number }> = [];
  for (const a of allocations) {
    if (left <= 0) break;
    const take = Math.min(left, a.amountPaise);
    if (take === a.amountPaise) {
      await tx.delete(paymentAllocations).where(and(eq(paymentAllocations.paymentId, a.paymentId), eq(paymentAllocations.invoiceId, invoiceId)));
    } else {
      await tx
        .update(paymentAllocations)
        .set({ amountPaise: a.amountPaise - take })
        .where(and(eq(paymentAllocations.paymentId, a.paymentId), eq(paymentAllocations.invoiceId, invoiceId)));
    }
    await tx
      .update(payments)
      .set({ unallocatedPaise: sql`${payments.unallocatedPaise} + ${take}` })
      .where(eq(payments.id, a.paymentId));
    moved.push({ reference: a.reference, paise: take });
    left -= take;
  }
  // paid_paise is the sum of the allocations, so there is always enough to take back.
  if (left > 0) throw new Error(`Invoice ${invoiceId}: ${left} paise of excess credit not covered by its payments`);
  return moved;
}

export type CreditResult = { ok: true; message: string; reference?: string } | { ok: false; field: string; message: string };

/**
 * Applies the customer's credit to one of their open invoices (from the customer's page): up to what is due,
 * taken from the oldest credit first. `seenCreditPaise` is the balance the form showed: if it has changed
 * since (the form sent twice, or someone else applied or refunded it), nothing is done and the person is told.
 */
export async function applyCustomerCredit(
  staff: StaffMember,
  customerId: number,
  input: { invoiceId: number; amountPaise: number; seenCreditPaise: number },
  now = new Date(),
): Promise<CreditResult> {
  try {
    return await getDb().transaction(async (tx): Promise<CreditResult> => {
      const open = await openInvoicesOf(tx, customerId, true);
      const invoice = open.find((i) => i.id === input.invoiceId);
      if (!invoice) throw new PaymentRefusal("invoiceId", "This invoice has nothing due any more: reload the page.");
      const sources = await creditPayments(tx, customerId);
      const balance = sources.reduce((sum, p) => sum + p.unallocatedPaise, 0);
      if (balance !== input.seenCreditPaise) {
        throw new PaymentRefusal("form", `The customer's credit is now ${formatPaise(balance)} (it changed after this page was opened): check it and apply again.`);
      }
      if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) throw new PaymentRefusal("amount", "The amount must be more than zero.");
      if (input.amountPaise > balance) throw new PaymentRefusal("amount", `The customer has ${formatPaise(balance)} of credit: apply at most that.`);
      const due = amountDue(invoice);
      if (input.amountPaise > due) throw new PaymentRefusal("amount", `Only ${formatPaise(due)} is due on ${invoice.number}: apply at most that.`);

      let current = invoice;
      const used = await drawCredit(tx, sources, input.amountPaise, async (source, take) => {
        const [done] = await applyAllocations(tx, source.id, [{ invoiceId: invoice.id, paise: take }], new Map([[invoice.id, current]]), now);
        current = { ...current, paidPaise: current.paidPaise + take, status: done!.status as typeof current.status };
      });
      await audit(
        tx,
        auditActor(staff),
        {
          action: "credit.apply",
          entityType: "invoice",
          entityId: invoice.id,
          entityLabel: invoice.number,
          before: { creditPaise: balance, duePaise: due },
          after: { creditPaise: balance - input.amountPaise, duePaise: due - input.amountPaise, appliedPaise: input.amountPaise, from: used, status: current.status },
        },
        now,
      );
      return { ok: true, message: `${formatPaise(input.amountPaise)} of the customer's credit applied to ${invoice.number}${current.status === "paid" ? " (now paid)" : ""}.` };
    });
  } catch (error) {
    if (error instanceof PaymentRefusal) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

export interface RefundInput {
  amountPaise: number;
  method: "upi" | "bank" | "cash" | "cheque";
  instrumentRef: string | null;
  paidOn: string;
  note: string | null;
  idempotencyKey: string;
}

/**
 * Pays credit back to the customer: a refund voucher with the next number of its series, taken from the
 * oldest credit first; one voucher per form (its idempotency key), audited.
 */
export async function refundCustomerCredit(staff: StaffMember, customerId: number, input: RefundInput, now = new Date()): Promise<CreditResult> {
  const again = async () => {
    const [row] = await getDb().select({ number: refunds.number }).from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
    return row ? ({ ok: true, message: `Refund voucher ${row.number} was already recorded.`, reference: row.number } as const) : undefined;
  };
  const replay = await again();
  if (replay) return replay;
  try {
    return await getDb().transaction(async (tx): Promise<CreditResult> => {
      const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
      if (!customer) throw new PaymentRefusal("form", "No such customer.");
      const sources = await creditPayments(tx, customerId);
      // The same form sent twice at once: the second waited for the first's locks, and finds its voucher.
      const [made] = await tx.select({ number: refunds.number }).from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
      if (made) return { ok: true, message: `Refund voucher ${made.number} was already recorded.`, reference: made.number };
      const balance = sources.reduce((sum, p) => sum + p.unallocatedPaise, 0);
      if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) throw new PaymentRefusal("amount", "The amount must be more than zero.");
      if (input.amountPaise > balance) {
        throw new PaymentRefusal("amount", balance === 0 ? "The customer has no credit to refund." : `The customer has ${formatPaise(balance)} of credit: refund at most that.`);
      }
      if (input.paidOn > dayInIndia(now)) throw new PaymentRefusal("paidOn", "The refund cannot be dated in the future.");
      const { number, financialYear, serial } = await nextDocumentNumber(tx, "refund", input.paidOn);
      const [refund] = await tx
        .insert(refunds)
        .values({
          number,
          financialYear,
          serial,
          customerId,
          method: input.method,
          amountPaise: input.amountPaise,
          paidOn: input.paidOn,
          instrumentRef: input.instrumentRef,
          note: input.note,
          createdBy: staff.userId,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
        })
        .returning({ id: refunds.id });
      const used = await drawCredit(tx, sources, input.amountPaise, async (source, take) => {
        await tx.insert(refundSources).values({ refundId: refund!.id, paymentId: source.id, amountPaise: take });
      });
      await audit(
        tx,
        auditActor(staff),
        {
          action: "credit.refund",
          entityType: "customer",
          entityId: customerId,
          entityLabel: customer.reference,
          before: { creditPaise: balance },
          after: { refund: number, amountPaise: input.amountPaise, method: input.method, instrumentRef: input.instrumentRef, paidOn: input.paidOn, creditPaise: balance - input.amountPaise, from: used },
        },
        now,
      );
      return { ok: true, message: `Refund voucher ${number}: ${formatPaise(input.amountPaise)} paid back to the customer.`, reference: number };
    });
  } catch (error) {
    if (error instanceof PaymentRefusal) return { ok: false, field: error.field, message: error.message };
    if (isUniqueViolation(error)) {
      const first = await again();
      if (first) return first;
    }
    throw error;
  }
}

export interface RefundRow {
  id: number;
  number: string;
  paidOn: string;
  method: RefundInput["method"];
  instrumentRef: string | null;
  amountPaise: number;
  customerId: number;
  note: string | null;
}

/** A customer's refund vouchers, newest first. */
export async function refundsOf(db: Executor, customerId: number): Promise<RefundRow[]> {
  return db
    .select({ id: refunds.id, number: refunds.number, paidOn: refunds.paidOn, method: refunds.method, instrumentRef: refunds.instrumentRef, amountPaise: refunds.amountPaise, customerId: refunds.customerId, note: refunds.note })
    .from(refunds)
    .where(eq(refunds.customerId, customerId))
    .orderBy(desc(refunds.paidOn), desc(refunds.id));
}

/** The totals the books must agree on (received = allocated + credit + refunded), for the checks and the tests. */
export async function moneyTotals(db: Executor, customerId?: number) {
  const of = (table: typeof payments | typeof refunds) => (customerId === undefined ? undefined : eq(table.customerId, customerId));
  const [received] = await db.select({ v: sql<string>`coalesce(sum(${payments.amountPaise}), 0)::text`, c: sql<string>`coalesce(sum(${payments.unallocatedPaise}), 0)::text` }).from(payments).where(of(payments));
  const [allocated] = await db
    .select({ v: sql<string>`coalesce(sum(${paymentAllocations.amountPaise}), 0)::text` })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(of(payments));
  const [refunded] = await db.select({ v: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)::text` }).from(refunds).where(of(refunds));
  const [paidOnInvoices] = await db
    .select({ v: sql<string>`coalesce(sum(${invoices.paidPaise}), 0)::text` })
    .from(invoices)
    .where(customerId === undefined ? undefined : eq(invoices.customerId, customerId));
  return { receivedPaise: Number(received!.v), allocatedPaise: Number(allocated!.v), creditPaise: Number(received!.c), refundedPaise: Number(refunded!.v), paidOnInvoicesPaise: Number(paidOnInvoices!.v) };
}

export interface GatewayEventToCheck {
  id: number;
  receivedAt: Date;
  event: string | null;
  outcome: "held" | "refused";
  /** What happened and what was done about it. */
  reason: string;
  invoiceNumber: string | null;
  paymentReference: string | null;
}

/**
 * Gateway calls the accounts staff should know of (/admin/payments): every refused one (a bad signature, an
 * unknown invoice, a currency other than rupees) and every payment recorded other than as asked ("held": a
 * wrong amount, an invoice already settled), newest first, each with what was done.
 */
export async function gatewayEventsToCheck(db: Executor, limit = 20): Promise<{ rows: GatewayEventToCheck[]; total: number }> {
  const where = inArray(gatewayEvents.outcome, ["held", "refused"]);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: gatewayEvents.id,
        receivedAt: gatewayEvents.receivedAt,
        event: gatewayEvents.event,
        outcome: gatewayEvents.outcome,
        reason: gatewayEvents.reason,
        invoiceNumber: invoices.number,
        paymentReference: payments.reference,
      })
      .from(gatewayEvents)
      .leftJoin(invoices, eq(invoices.id, gatewayEvents.invoiceId))
      .leftJoin(payments, eq(payments.id, gatewayEvents.paymentId))
      .where(where)
      .orderBy(desc(gatewayEvents.receivedAt), desc(gatewayEvents.id))
      .limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(gatewayEvents).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, outcome: r.outcome as "held" | "refused", reason: r.reason ?? "" })), total: Number(count?.n ?? 0) };
}

/** The latest refund vouchers, for /admin/payments. */
export async function recentRefunds(db: Executor, limit = 20) {
  return db
    .select({ number: refunds.number, paidOn: refunds.paidOn, method: refunds.method, amountPaise: refunds.amountPaise, customerReference: customers.reference, customerName: customers.name, customerCompany: customers.company })
    .from(refunds)
    .innerJoin(customers, eq(customers.id, refunds.customerId))
    .orderBy(desc(refunds.paidOn), desc(refunds.id))
    .limit(limit);
}

/**
 * The refund vouchers of a period as rows of the payment register (money out: a negative amount), so the
 * accountant's register shows every rupee received and every rupee paid back.
 */
export async function refundRegisterRows(db: Executor, period: { from: string; to: string }): Promise<PaymentListItem[]> {
  const rows = await db
    .select({ refund: refunds, customerReference: customers.reference, customerName: customers.name, customerCompany: customers.company, customerGstin: customers.gstin })
    .from(refunds)
    .innerJoin(customers, eq(customers.id, refunds.customerId))
    .where(and(gte(refunds.paidOn, period.from), lte(refunds.paidOn, period.to)))
    .orderBy(asc(refunds.paidOn), asc(refunds.id));
  return rows.map(({ refund: r, ...c }) => ({
    id: -r.id,
    reference: r.number,
    receivedOn: r.paidOn,
    method: r.method,
    methodLabel: `Refund voucher (${PAYMENT_METHOD_LABELS[r.method]})`,
    instrumentLabel: r.instrumentRef,
    amountPaise: -r.amountPaise,
    unallocatedPaise: 0,
    ...c,
    invoices: "Customer credit paid back",
  }));
}
