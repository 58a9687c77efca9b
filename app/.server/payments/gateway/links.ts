import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices } from "~/.server/db/schema.ts";
import { effectiveGateway, type GatewaySettings } from "~/.server/settings/integrations.ts";
import type { DocumentParty } from "~/lib/money/document.ts";
import { amountDue, OPEN_INVOICE_STATUSES } from "../shared.ts";
import { cancelLink, createLink, fetchLink, GatewayError } from "./razorpay.ts";

/**
 * "Pay online" for an invoice: the gateway's payment link for exactly the amount due, made once and kept on
 * the invoice (gateway_link_id / gateway_link_url). A link whose amount no longer matches what is due (a
 * part was paid by UPI meanwhile) is cancelled at the gateway and a new one made, so a customer never pays
 * more than is due through it. A link is only a way to pay: the invoice is marked paid by the gateway's
 * signed webhook (./webhook.ts), never by the link.
 */

export interface InvoiceLink {
  id: string;
  url: string;
  amountPaise: number;
}

/** The gateway's reference for an invoice's link: the invoice number; a remade link gets a suffix (~2, ~3...). */
export function linkReference(number: string, attempt: number): string {
  return attempt <= 1 ? number : `${number}~${attempt}`;
}

/** The invoice number a link reference names. */
export function invoiceNumberOfReference(reference: string): string {
  return reference.replace(/~\d+$/, "");
}

/**
 * Makes the payment link for an invoice and stores it (createPaymentLink): the current one when it is
 * still good. Throws GatewayError when the gateway refuses or cannot be reached.
 */
export async function createPaymentLink(invoiceId: number, gateway: GatewaySettings, now = new Date()): Promise<InvoiceLink | null> {
  const db = getDb();
  const [row] = await db
    .select({ invoice: invoices, customer: { name: customers.name, company: customers.company, mobile: customers.mobile, email: customers.email } })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(invoices.id, invoiceId));
  if (!row) return null;
  const { invoice, customer } = row;
  const due = amountDue(invoice);
  if (invoice.kind !== "invoice" || !(OPEN_INVOICE_STATUSES as readonly string[]).includes(invoice.status) || due <= 0) return null;

  let attempt = 1;
  if (invoice.gatewayLinkId) {
    const current = await fetchLink(gateway, invoice.gatewayLinkId);
    if (current.status === "created" && current.amountPaise === due && invoice.gatewayLinkUrl) return { id: current.id, url: invoice.gatewayLinkUrl, amountPaise: due };
    // Paid at the gateway, webhook not here yet: no second link, or the customer could pay twice.
    if (current.status === "paid") return null;
    if (current.status === "created" || current.status === "partially_paid") await cancelLink(gateway, current.id);
    const previous = current.referenceId ? /~(\d+)$/.exec(current.referenceId) : null;
    attempt = previous ? Number(previous[1]) + 1 : 2;
  }
  const recipient = invoice.recipient as DocumentParty;
  const link = await createLink(gateway, {
    amountPaise: due,
    referenceId: linkReference(invoice.number, attempt),
    description: `Invoice ${invoice.number}`,
    customer: { name: recipient.company ?? recipient.name ?? customer.company ?? customer.name, contact: customer.mobile, email: customer.email ?? recipient.email ?? null },
    notes: { invoice_number: invoice.number, invoice_id: String(invoice.id) },
    // 30 days, or the gateway's own default when the invoice is long overdue.
    expireBy: Math.floor(now.getTime() / 1000) + 30 * 86_400,
  });
  // Only over the link we read: two people pressing "Pay online" at once keep one link (the other's is cancelled).
  const stored = await db
    .update(invoices)
    .set({ gatewayLinkId: link.id, gatewayLinkUrl: link.shortUrl })
    .where(and(eq(invoices.id, invoice.id), invoice.gatewayLinkId ? eq(invoices.gatewayLinkId, invoice.gatewayLinkId) : isNull(invoices.gatewayLinkId)))
    .returning({ id: invoices.id });
  if (stored.length === 0) {
    await cancelLink(gateway, link.id).catch(() => undefined);
    const [kept] = await db.select({ id: invoices.gatewayLinkId, url: invoices.gatewayLinkUrl }).from(invoices).where(eq(invoices.id, invoice.id));
    return kept?.id && kept.url ? { id: kept.id, url: kept.url, amountPaise: due } : null;
  }
  return { id: link.id, url: link.shortUrl, amountPaise: due };
}

/**
 * For the invoice pages' "Pay online" button: the invoice's payment link, made when first asked for.
 * Null when no gateway is configured, the invoice has nothing due, or the gateway cannot be reached (the
 * page then shows only the UPI QR and bank details; the failure is logged).
 */
export async function paymentLinkFor(invoiceId: number): Promise<{ url: string; amountPaise: number } | null> {
  const gateway = await effectiveGateway();
  if (!gateway) return null;
  try {
    const link = await createPaymentLink(invoiceId, gateway);
    return link ? { url: link.url, amountPaise: link.amountPaise } : null;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    console.error(JSON.stringify({ type: "gateway_link_failed", invoiceId, status: error.status, message: error.message }));
    return null;
  }
}

/** Invoices with a stored link (either status), for the webhook's lookup by link id. */
export async function invoiceByLinkId(linkId: string) {
  const [row] = await getDb().select().from(invoices).where(eq(invoices.gatewayLinkId, linkId));
  return row;
}
