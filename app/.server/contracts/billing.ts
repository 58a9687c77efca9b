import { and, asc, eq, isNull } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { contractBillings, contracts } from "~/.server/db/schema.ts";
import { issueInvoiceInTx } from "~/.server/invoices/issue.ts";
import { InvoiceRefusal } from "~/.server/invoices/shared.ts";
import { planLabel } from "~/lib/forms/admin/contracts.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import type { GstRate } from "~/lib/money/gst.ts";
import { billingPeriod } from "./schedule.ts";

/**
 * A contract's billing date made into a GST tax invoice, exactly once: by the daily run on the day, or by the
 * office's "Invoice now" for a billing that has come. The billing row is claimed in the invoicing transaction
 * (FOR UPDATE SKIP LOCKED, only while invoice_id is null), the invoice carries the idempotency key
 * contract-billing:<id>, and invoice_id is unique: two runs, or a run and a click, end with one invoice.
 */

export type InvoiceBillingResult =
  | { ok: true; number: string; invoiceId: number }
  | { ok: false; reason: "not-found" | "already" | "not-due" | "cancelled" | "refused"; message: string };

export const billingInvoiceKey = (billingId: number) => `contract-billing:${billingId}`;

/**
 * Invoices one billing (of the given contract, when named). A refusal of the invoice itself (a wrong GSTIN on
 * the customer, an erased customer) comes back as a message for the office, and nothing is stored.
 */
export async function invoiceBilling(billingId: number, actor: AuditActor, now = new Date(), contractId?: number): Promise<InvoiceBillingResult> {
  try {
    return await issue(billingId, actor, now, contractId);
  } catch (error) {
    if (error instanceof InvoiceRefusal) return { ok: false, reason: "refused", message: error.message };
    throw error;
  }
}

function issue(billingId: number, actor: AuditActor, now: Date, contractId: number | undefined): Promise<InvoiceBillingResult> {
  return getDb().transaction(async (tx): Promise<InvoiceBillingResult> => {
    const [billing] = await tx
      .select()
      .from(contractBillings)
      .where(and(eq(contractBillings.id, billingId), isNull(contractBillings.invoiceId), contractId ? eq(contractBillings.contractId, contractId) : undefined))
      .for("update", { skipLocked: true });
    if (!billing) {
      const [exists] = await tx
        .select({ id: contractBillings.id })
        .from(contractBillings)
        .where(and(eq(contractBillings.id, billingId), contractId ? eq(contractBillings.contractId, contractId) : undefined));
      return exists ? { ok: false, reason: "already", message: "This billing is already invoiced." } : { ok: false, reason: "not-found", message: "No such billing on this contract." };
    }
    if (billing.dueOn > todayInIndia(now)) return { ok: false, reason: "not-due", message: "This billing is not due yet: it is invoiced on its date." };
    const [contract] = await tx.select().from(contracts).where(eq(contracts.id, billing.contractId));
    if (!contract) return { ok: false, reason: "not-found", message: "No such contract." };
    if (contract.status !== "active") return { ok: false, reason: "cancelled", message: "This contract is cancelled: nothing further is invoiced." };
    const dates = await tx.select({ seq: contractBillings.seq, dueOn: contractBillings.dueOn }).from(contractBillings).where(eq(contractBillings.contractId, contract.id)).orderBy(asc(contractBillings.seq));
    const next = dates.find((d) => d.seq === billing.seq + 1)?.dueOn;
    const period = billingPeriod(billing.dueOn, next, contract.endsOn);
    const invoice = await issueInvoiceInTx(tx, {
      customerId: contract.customerId,
      contractId: contract.id,
      siteId: contract.siteId,
      lines: [
        {
          kind: "service",
          description: `AMC ${planLabel(contract.plan)} ${contract.reference}, ${period}`,
          hsnSac: contract.sacCode,
          quantityMilli: 1000,
          unit: "nos",
          ratePaise: billing.amountPaise,
          discountPaise: 0,
          gstRate: contract.gstRate as GstRate,
        },
      ],
      idempotencyKey: billingInvoiceKey(billing.id),
      sourceKey: billingInvoiceKey(billing.id),
      actor,
      now,
    });
    await tx.update(contractBillings).set({ invoiceId: invoice.id }).where(eq(contractBillings.id, billing.id));
    await audit(
      tx,
      actor,
      { action: "contract.invoice", entityType: "contract", entityId: contract.id, entityLabel: contract.reference, before: null, after: { billing: billing.seq, dueOn: billing.dueOn, invoice: invoice.number } },
      now,
    );
    return { ok: true, number: invoice.number, invoiceId: invoice.id };
  });
}
