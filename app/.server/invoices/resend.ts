import { eq } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices } from "~/.server/db/schema.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { invoiceIssuedMessages } from "./messages.ts";
import { amountDue, invoiceSettings } from "./shared.ts";

export type ResendResult = { ok: true; message: string } | { ok: false; reason: "not-found" } | { ok: false; reason: "refused"; message: string };

/**
 * Sends an invoice's SMS (and e-mail) again, with a fresh signed link: the customer lost the message, or
 * changed their number on record. Each resend is its own message (its own dedupe key) and audit entry.
 */
export async function resendInvoice(staff: StaffMember, id: number, now = new Date()): Promise<ResendResult> {
  return getDb().transaction(async (tx): Promise<ResendResult> => {
    const [found] = await tx.select({ invoice: invoices, customer: customers }).from(invoices).innerJoin(customers, eq(customers.id, invoices.customerId)).where(eq(invoices.id, id));
    if (!found || found.invoice.kind !== "invoice") return { ok: false, reason: "not-found" };
    const { invoice, customer } = found;
    if (!customer.mobile && !customer.email) return { ok: false, reason: "refused", message: "The customer has no mobile number or e-mail address on record to send it to." };
    const settings = await invoiceSettings(tx);
    const due = amountDue(invoice);
    const messages = invoiceIssuedMessages(
      { id: invoice.id, number: invoice.number, totalPaise: due > 0 ? due : invoice.totalPaise, dueDate: invoice.dueDate, customer },
      settings,
      `invoice:${invoice.number}:resend:${now.getTime()}`,
      now,
    );
    await queueMessages(tx, messages);
    await audit(tx, auditActor(staff), { action: "invoice.resend", entityType: "invoice", entityId: invoice.id, entityLabel: invoice.number, after: { channels: messages.map((m) => m.channel) } }, now);
    const to = [customer.mobile ? "SMS" : null, customer.email ? "e-mail" : null].filter(Boolean).join(" and ");
    return { ok: true, message: `Invoice ${invoice.number} sent again by ${to}.` };
  });
}
