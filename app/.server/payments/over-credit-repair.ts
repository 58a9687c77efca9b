import { and, asc, eq, gt, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import type { Database } from "~/.server/db/index.ts";
import { invoices } from "~/.server/db/schema.ts";
import { statusFor } from "~/.server/invoices/shared.ts";
import { creditExcessInTx } from "./credit.ts";

/**
 * Invoices credited beyond their balance before customer credit existed (ADR 023): a credit note took the
 * total below what had been paid, and the difference, the customer's money, was left on the invoice's
 * allocations (paid + credited > total). At start-up each such invoice gets the credit note's own treatment:
 * the excess comes off its allocations, newest payment first, back onto those payments as the customer's
 * credit, and paid_paise drops by as much. One transaction per invoice, its row locked; audited as the system.
 * Idempotent: a repaired invoice no longer matches, so a second start finds nothing. Returns the invoices
 * repaired with the paise moved.
 */
export async function repairOverCreditedInvoices(db: Database, now = new Date()): Promise<Array<{ number: string; movedPaise: number }>> {
  const candidates = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.kind, "invoice"), gt(invoices.paidPaise, 0), sql`${invoices.paidPaise} + ${invoices.creditedPaise} > ${invoices.totalPaise}`))
    .orderBy(asc(invoices.id));
  const repaired: Array<{ number: string; movedPaise: number }> = [];
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
      if (!invoice) return undefined;
      const excess = Math.min(invoice.paidPaise, invoice.paidPaise + invoice.creditedPaise - invoice.totalPaise);
      if (excess <= 0) return undefined;
      const moved = await creditExcessInTx(tx, invoice.id, excess);
      const paid = invoice.paidPaise - excess;
      const status = statusFor({ totalPaise: invoice.totalPaise, paidPaise: paid, creditedPaise: invoice.creditedPaise }, invoice.status === "cancelled");
      await tx.update(invoices).set({ paidPaise: paid, status }).where(eq(invoices.id, invoice.id));
      await audit(
        tx,
        { userId: null, label: "System (start-up repair)", ipAddress: null },
        {
          action: "invoice.over-credit-repair",
          entityType: "invoice",
          entityId: invoice.id,
          entityLabel: invoice.number,
          before: { paidPaise: invoice.paidPaise, creditedPaise: invoice.creditedPaise, totalPaise: invoice.totalPaise, status: invoice.status },
          after: { paidPaise: paid, heldAsCreditPaise: excess, creditFrom: moved, status },
        },
        now,
      );
      return { number: invoice.number, movedPaise: excess };
    });
    if (done) repaired.push(done);
  }
  return repaired;
}
