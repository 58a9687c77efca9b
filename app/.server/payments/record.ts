import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation, nextReference } from "~/.server/db/references.ts";
import { customers, invoices, paymentAllocations, payments } from "~/.server/db/schema.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import { DLT_TEMPLATES, queueMessages, sms } from "~/.server/notifications/index.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatPaise } from "~/lib/format.ts";
import { ALLOCATE_PREFIX, PAYMENT_METHOD_LABELS, type PaymentMethod, type RecordPaymentInput } from "~/lib/forms/admin/payments.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { amountDue, OPEN_INVOICE_STATUSES, PaymentRefusal, smsAmount, statusAfterPayment } from "./shared.ts";

/**
 * Recording money received and spreading it over invoices: the one place payments are written, for the
 * office's form, the gateway's webhook and a matched statement line alike.
 *
 * - One transaction: the payment (its receipt number RC-YYMM-NNNN from the month's counter), its
 *   allocations, each invoice's paid_paise and status, the customer's receipt SMS and the audit entry.
 * - The invoices are locked (SELECT ... FOR UPDATE, in id order so two payments never deadlock) before
 *   their amount due is read: two people allocating to one invoice at once are served one after the other,
 *   and the second sees what the first paid. No invoice is ever paid beyond its total.
 * - One UTR, bank reference, cheque or gateway payment is one record (the unique index payments_instrument):
 *   the second person to record it is shown the first's receipt. A form sent twice (its idempotency key)
 *   makes one payment and shows it.
 */

type Executor = Database | Transaction;
type Invoice = typeof invoices.$inferSelect;

export interface Allocation {
  invoiceId: number;
  paise: number;
}

export interface NewPayment {
  customerId: number;
  method: PaymentMethod;
  amountPaise: number;
  receivedOn: string;
  instrumentRef: string | null;
  note: string | null;
  recordedBy: number | null;
  idempotencyKey: string | null;
  /** Exactly these; none = the customer's open invoices, oldest first, up to the amount. */
  allocations: Allocation[];
  /**
   * The gateway's way instead (money already captured is always recorded): as much as is due on this invoice,
   * read under the lock, and the rest (all of it, if the invoice is settled) held as the customer's credit.
   */
  upToDueOn?: number;
  /** Whether what is left unallocated may be kept as an advance; refused otherwise. */
  allowAdvance: boolean;
}

export interface RecordedPayment {
  id: number;
  reference: string;
  allocations: Array<Allocation & { number: string; status: string }>;
  unallocatedPaise: number;
}

/** The customer's open invoices (something still due), oldest first: what a payment may be allocated to. */
export async function openInvoicesOf(db: Executor, customerId: number, lock = false): Promise<Invoice[]> {
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.kind, "invoice"), inArray(invoices.status, [...OPEN_INVOICE_STATUSES])))
    .orderBy(asc(invoices.id));
  const rows = lock ? await query.for("update") : await query;
  // Oldest first by date, then by number (the id follows the serial within a day).
  return rows.filter((i) => amountDue(i) > 0).sort((a, b) => (a.issueDate === b.issueDate ? a.id - b.id : a.issueDate < b.issueDate ? -1 : 1));
}

/** Allocations typed in, checked against what each invoice has due; none typed: oldest first. */
function planAllocations(open: Invoice[], wanted: Allocation[], amountPaise: number): Allocation[] {
  if (wanted.length === 0) {
    const plan: Allocation[] = [];
    let left = amountPaise;
    for (const invoice of open) {
      if (left <= 0) break;
      const paise = Math.min(left, amountDue(invoice));
      plan.push({ invoiceId: invoice.id, paise });
      left -= paise;
    }
    return plan;
  }
  const byId = new Map(open.map((i) => [i.id, i]));
  const seen = new Set<number>();
  for (const a of wanted) {
    const field = `${ALLOCATE_PREFIX}${a.invoiceId}`;
    const invoice = byId.get(a.invoiceId);
    if (!invoice) throw new PaymentRefusal(field, "This invoice is no longer open for this customer: reload the page.");
    if (seen.has(a.invoiceId)) throw new PaymentRefusal(field, "This invoice is listed twice.");
    seen.add(a.invoiceId);
    if (a.paise <= 0) throw new PaymentRefusal(field, "The amount to allocate must be more than zero.");
    const due = amountDue(invoice);
    if (a.paise > due) throw new PaymentRefusal(field, `This is more than the ${formatPaise(due)} due on ${invoice.number}.`);
  }
  const total = wanted.reduce((sum, a) => sum + a.paise, 0);
  if (total > amountPaise) {
    throw new PaymentRefusal("amount", `The allocations add up to ${formatPaise(total)}, more than the payment's ${formatPaise(amountPaise)}.`);
  }
  return wanted;
}

/**
 * Allocates a payment's money to invoices already locked by the caller: writes the allocations, each
 * invoice's paid_paise and status, and the payment's unallocated remainder.
 */
export async function applyAllocations(tx: Transaction, paymentId: number, plan: Allocation[], locked: Map<number, Invoice>, now: Date) {
  const done: RecordedPayment["allocations"] = [];
  for (const a of plan) {
    const invoice = locked.get(a.invoiceId)!;
    const figures = { totalPaise: invoice.totalPaise, paidPaise: invoice.paidPaise + a.paise, creditedPaise: invoice.creditedPaise };
    const status = statusAfterPayment(figures);
    await tx
      .insert(paymentAllocations)
      .values({ paymentId, invoiceId: a.invoiceId, amountPaise: a.paise, createdAt: now })
      .onConflictDoUpdate({
        target: [paymentAllocations.paymentId, paymentAllocations.invoiceId],
        set: { amountPaise: sql`${paymentAllocations.amountPaise} + ${a.paise}` },
      });
    await tx.update(invoices).set({ paidPaise: figures.paidPaise, status }).where(eq(invoices.id, a.invoiceId));
    done.push({ ...a, number: invoice.number, status });
  }
  return done;
}

/** The receipt SMS (DLT paymentReceived), with the signed link to the receipt's PDF. */
function receiptSms(site: SiteSettings, mobile: string, payment: { id: number; reference: string; amountPaise: number }) {
  return sms(
    DLT_TEMPLATES.paymentReceived,
    mobile,
    {
      business: site.identity.legalName,
      amount: smsAmount(payment.amountPaise),
      receipt: payment.reference,
      siteUrl: site.identity.siteUrl,
      token: signLinkToken("receipt", payment.id),
    },
    `payment:${payment.reference}:receipt-sms`,
  );
}

/**
 * Records one payment inside the caller's transaction (the webhook and reconciliation add their own rows
 * to it). Throws PaymentRefusal for anything the person must fix; a unique violation (the same instrument
 * or key, recorded meanwhile) propagates for the caller to turn into "already recorded".
 */
export async function recordPaymentInTx(tx: Transaction, input: NewPayment, actor: AuditActor, site: SiteSettings, now = new Date()): Promise<RecordedPayment> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, input.customerId));
  if (!customer) throw new PaymentRefusal("customer", "No such customer.");
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) throw new PaymentRefusal("amount", "The amount must be more than zero.");

  // Locks every open invoice of the customer, in id order: what is due cannot change under us.
  const open = await openInvoicesOf(tx, customer.id, true);
  let plan: Allocation[];
  if (input.upToDueOn !== undefined) {
    const target = open.find((i) => i.id === input.upToDueOn);
    plan = target ? [{ invoiceId: target.id, paise: Math.min(input.amountPaise, amountDue(target)) }] : [];
  } else plan = planAllocations(open, input.allocations, input.amountPaise);
  const allocated = plan.reduce((sum, a) => sum + a.paise, 0);
  const unallocated = input.amountPaise - allocated;
  if (unallocated > 0 && !input.allowAdvance && input.upToDueOn === undefined) {
    const due = open.reduce((sum, i) => sum + amountDue(i), 0);
    throw new PaymentRefusal(
      "amount",
      due === 0
        ? `Nothing is due from this customer, so all ${formatPaise(input.amountPaise)} would be an advance. Tick "Keep the rest as an advance" to record it so.`
        : `${formatPaise(unallocated)} of this payment is not allocated (${formatPaise(due)} is due in all). Allocate it, or tick "Keep the rest as an advance".`,
    );
  }

  const reference = await nextReference(tx, "RC", now);
  const [made] = await tx
    .insert(payments)
    .values({
      reference,
      customerId: customer.id,
      method: input.method,
      amountPaise: input.amountPaise,
      receivedOn: input.receivedOn,
      instrumentRef: input.instrumentRef,
      unallocatedPaise: unallocated,
      note: input.note,
      recordedBy: input.recordedBy,
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
    })
    .returning({ id: payments.id });
  const id = made!.id;
  const done = await applyAllocations(tx, id, plan, new Map(open.map((i) => [i.id, i])), now);

  if (customer.mobile && !customer.erasedAt) await queueMessages(tx, [receiptSms(site, customer.mobile, { id, reference, amountPaise: input.amountPaise })]);
  // Those who handle money are told (the bell; SMS or e-mail by their choice), whoever or whatever recorded it.
  await raiseStaffAlert(tx, {
    kind: "payment.received",
    title: `Payment ${reference}: ${formatPaise(input.amountPaise)} from ${customer.company ?? customer.name}`,
    body: `${PAYMENT_METHOD_LABELS[input.method]}${done.length ? `, for ${done.map((a) => a.number).join(", ")}` : ", kept as an advance"}.`,
    link: `/admin/payments/${reference}`,
    dedupeKey: `payment:${reference}:received`,
    permission: "money",
    about: { reference, name: customer.company ?? customer.name, mobile: customer.mobile },
  });
  await audit(
    tx,
    actor,
    {
      action: "payment.record",
      entityType: "payment",
      entityId: id,
      entityLabel: reference,
      before: null,
      after: {
        customer: customer.reference,
        method: PAYMENT_METHOD_LABELS[input.method],
        amountPaise: input.amountPaise,
        receivedOn: input.receivedOn,
        instrumentRef: input.instrumentRef,
        allocations: done.map((a) => ({ invoice: a.number, amountPaise: a.paise, status: a.status })),
        unallocatedPaise: unallocated,
      },
    },
    now,
  );
  return { id, reference, allocations: done, unallocatedPaise: unallocated };
}

/** The payment already recorded for this instrument (UTR, bank reference, cheque, gateway payment id). */
export async function paymentByInstrument(db: Executor, method: PaymentMethod, instrumentRef: string): Promise<{ id: number; reference: string } | undefined> {
  const [row] = await db
    .select({ id: payments.id, reference: payments.reference })
    .from(payments)
    .where(and(eq(payments.method, method), sql`lower(${payments.instrumentRef}) = lower(${instrumentRef})`));
  return row;
}

async function paymentByKey(key: string): Promise<{ id: number; reference: string } | undefined> {
  const [row] = await getDb().select({ id: payments.id, reference: payments.reference }).from(payments).where(eq(payments.idempotencyKey, key));
  return row;
}

export type RecordResult =
  | { ok: true; id: number; reference: string; message: string }
  | { ok: false; field: string; message: string; existing?: { reference: string } };

function instrumentKey(input: RecordPaymentInput, customerReference: string): string | null {
  // A cheque's number repeats across banks and customers: it is one record per customer and number.
  if (input.method === "cheque" && input.instrumentRef) return `${input.instrumentRef}/${customerReference}`;
  return input.instrumentRef;
}

const alreadyRecorded = (method: PaymentMethod, reference: string) =>
  `This ${method === "upi" ? "UTR" : method === "cheque" ? "cheque" : "reference"} is already recorded, as receipt ${reference}.`;

/** The office records a payment (/admin/payments/new). */
export async function recordPayment(staff: StaffMember, input: RecordPaymentInput, now = new Date()): Promise<RecordResult> {
  if (input.idempotencyKey) {
    const replay = await paymentByKey(input.idempotencyKey);
    if (replay) return { ok: true, id: replay.id, reference: replay.reference, message: `Receipt ${replay.reference} was already recorded.` };
  }
  const [customer] = await getDb()
    .select({ id: customers.id, reference: customers.reference })
    .from(customers)
    .where(and(eq(customers.reference, input.customer), isNull(customers.erasedAt), isNull(customers.deletedAt)));
  if (!customer) return { ok: false, field: "customer", message: "No customer has this reference." };
  const instrumentRef = instrumentKey(input, customer.reference);
  const existing = instrumentRef ? await paymentByInstrument(getDb(), input.method, instrumentRef) : undefined;
  if (existing) {
    // This very form, recorded a moment ago by its first send: the same payment, not a second one.
    const replay = input.idempotencyKey ? await paymentByKey(input.idempotencyKey) : undefined;
    if (replay) return { ok: true, id: replay.id, reference: replay.reference, message: `Receipt ${replay.reference} was already recorded.` };
    return { ok: false, field: instrumentField(input.method), message: alreadyRecorded(input.method, existing.reference), existing: { reference: existing.reference } };
  }

  const site = await getSiteSettings();
  const note = [input.chequeBank ? `Cheque drawn on ${input.chequeBank}` : null, input.note].filter(Boolean).join(". ") || null;
  try {
    const made = await getDb().transaction((tx) =>
      recordPaymentInTx(
        tx,
        {
          customerId: customer.id,
          method: input.method,
          amountPaise: input.amountPaise,
          receivedOn: input.receivedOn,
          instrumentRef,
          note,
          recordedBy: staff.userId,
          idempotencyKey: input.idempotencyKey ?? null,
          allocations: input.allocations,
          allowAdvance: input.advance,
        },
        auditActor(staff),
        site,
        now,
      ),
    );
    return { ok: true, id: made.id, reference: made.reference, message: receiptMessage(made, input.amountPaise) };
  } catch (error) {
    if (error instanceof PaymentRefusal) return { ok: false, field: error.field, message: error.message, existing: error.existing };
    if (!isUniqueViolation(error)) throw error;
    // Someone recorded it at the same moment, or this form was sent twice: show theirs.
    const replay = input.idempotencyKey ? await paymentByKey(input.idempotencyKey) : undefined;
    if (replay) return { ok: true, id: replay.id, reference: replay.reference, message: `Receipt ${replay.reference} was already recorded.` };
    const first = instrumentRef ? await paymentByInstrument(getDb(), input.method, instrumentRef) : undefined;
    if (first) return { ok: false, field: instrumentField(input.method), message: alreadyRecorded(input.method, first.reference), existing: { reference: first.reference } };
    throw error;
  }
}

function instrumentField(method: PaymentMethod): string {
  return method === "upi" ? "utr" : method === "bank" ? "bankReference" : method === "cheque" ? "chequeNumber" : "form";
}

function receiptMessage(made: RecordedPayment, amountPaise: number): string {
  const parts = [`Receipt ${made.reference}: ${formatPaise(amountPaise)} recorded`];
  if (made.allocations.length) parts.push(`against ${made.allocations.map((a) => `${a.number}${a.status === "paid" ? " (now paid)" : ""}`).join(", ")}`);
  if (made.unallocatedPaise > 0) parts.push(`${formatPaise(made.unallocatedPaise)} kept as an advance`);
  return `${parts.join(", ")}.`;
}

/** A payment's advance (its unallocated part) allocated to open invoices later, from the payment's page. */
export async function allocateAdvance(staff: StaffMember, paymentId: number, wanted: Allocation[], now = new Date()): Promise<RecordResult> {
  try {
    return await getDb().transaction(async (tx): Promise<RecordResult> => {
      // Invoices first, then the payment: the order every money change locks in (./credit.ts), so none deadlock.
      const [owner] = await tx.select({ customerId: payments.customerId }).from(payments).where(eq(payments.id, paymentId));
      if (!owner) throw new PaymentRefusal("form", "This payment no longer exists.");
      const open = await openInvoicesOf(tx, owner.customerId, true);
      const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
      if (!payment) throw new PaymentRefusal("form", "This payment no longer exists.");
      const plan = planAllocations(open, wanted, payment.unallocatedPaise);
      const total = plan.reduce((sum, a) => sum + a.paise, 0);
      if (total === 0) throw new PaymentRefusal("form", "Nothing of this payment is left to allocate.");
      const done = await applyAllocations(tx, payment.id, plan, new Map(open.map((i) => [i.id, i])), now);
      await tx.update(payments).set({ unallocatedPaise: payment.unallocatedPaise - total }).where(eq(payments.id, payment.id));
      await audit(
        tx,
        auditActor(staff),
        {
          action: "payment.allocate",
          entityType: "payment",
          entityId: payment.id,
          entityLabel: payment.reference,
          before: { unallocatedPaise: payment.unallocatedPaise },
          after: { unallocatedPaise: payment.unallocatedPaise - total, allocations: done.map((a) => ({ invoice: a.number, amountPaise: a.paise, status: a.status })) },
        },
        now,
      );
      return { ok: true, id: payment.id, reference: payment.reference, message: `${formatPaise(total)} allocated to ${done.map((a) => a.number).join(", ")}.` };
    });
  } catch (error) {
    if (error instanceof PaymentRefusal) {
      // The form names the amount as the advance here, not the payment.
      const message = error.field === "amount" ? error.message.replace("the payment's", "the advance's") : error.message;
      return { ok: false, field: error.field === "amount" ? "form" : error.field, message };
    }
    throw error;
  }
}
