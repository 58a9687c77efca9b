import { and, eq } from "drizzle-orm";
import type { AuditActor } from "~/.server/audit/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { gatewayEvents, invoices } from "~/.server/db/schema.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { effectiveGateway } from "~/.server/settings/integrations.ts";
import { formatPaise } from "~/lib/format.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { refuseUnsigned } from "~/.server/signing/webhook.ts";
import { recordPaymentInTx, paymentByInstrument } from "../record.ts";
import { dayInIndia, PaymentRefusal } from "../shared.ts";
import { invoiceNumberOfReference } from "./links.ts";

/**
 * The payment gateway's webhook (POST /api/payments/webhook). Every call is written to gateway_events,
 * whatever its outcome, and only an accepted one changes anything:
 *
 * 1. The signature (HMAC-SHA256 of the raw body under the webhook secret, X-Razorpay-Signature, compared
 *    in constant time: ~/.server/signing/webhook.ts) must match: else refused, and nothing in the body is
 *    trusted, not even its event id.
 * 2. An event id seen before is a replay: logged as such, nothing done (answered 200, so that the gateway's
 *    own retry of an event we already took stops).
 * 3. payment_link.paid and payment.captured carry the payment (id, amount, currency) and the invoice
 *    number we gave the link (notes.invoice_number / reference_id). Other events are logged and ignored.
 * 4. The same gateway payment already recorded (both events arrive for one payment) is accepted and
 *    changes nothing. A currency other than INR, or an invoice number we never issued (no customer to
 *    record it for), is refused: listed on /admin/payments for the accounts staff.
 * 5. Money the gateway captured is always recorded: one transaction records the payment (method gateway,
 *    its id as the instrument), allocates to the invoice what it still has due (read under the lock), holds
 *    the rest as the customer's credit (../credit.ts), queues the receipt SMS, audits it as the gateway, and
 *    logs the event. An amount other than exactly the amount due (or an invoice already settled) is logged
 *    "held" and alerts the accounts staff. A concurrent duplicate fails on the unique event id or payment
 *    id, and is logged as a replay.
 */

export interface WebhookCall {
  rawBody: string;
  signature: string | null;
  /** X-Razorpay-Event-Id. */
  eventIdHeader: string | null;
  ipAddress: string | null;
}

export interface WebhookAnswer {
  status: number;
  outcome: "accepted" | "held" | "refused" | "replayed";
  reason: string;
  paymentReference?: string;
}

const PROVIDER = "razorpay";
const HANDLED_EVENTS = new Set(["payment_link.paid", "payment.captured"]);
const GATEWAY_ACTOR = (ip: string | null): AuditActor => ({ userId: null, label: "Payment gateway", ipAddress: ip });

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined);
const str = (v: unknown): string | undefined => (typeof v === "string" && v.length > 0 && v.length <= 200 ? v : undefined);

async function log(entry: { eventId?: string | null; event?: string | null; outcome: WebhookAnswer["outcome"]; reason: string; invoiceId?: number | null; paymentId?: number | null; payload: unknown; ipAddress: string | null }, now: Date) {
  try {
    await getDb()
      .insert(gatewayEvents)
      .values({
        provider: PROVIDER,
        eventId: entry.eventId ?? null,
        event: entry.event ?? null,
        outcome: entry.outcome,
        reason: entry.reason,
        invoiceId: entry.invoiceId ?? null,
        paymentId: entry.paymentId ?? null,
        payload: entry.payload ?? null,
        ipAddress: entry.ipAddress,
        receivedAt: now,
      });
  } catch (error) {
    // The same event id logged meanwhile (a concurrent delivery): log this one without it.
    if (!isUniqueViolation(error) || !entry.eventId) throw error;
    await log({ ...entry, eventId: null, reason: `${entry.reason} (event ${entry.eventId})` }, now);
  }
  console.log(JSON.stringify({ type: "gateway_webhook", outcome: entry.outcome, event: entry.event ?? null, eventId: entry.eventId ?? null, reason: entry.reason }));
}

function answer(status: number, outcome: WebhookAnswer["outcome"], reason: string, paymentReference?: string): WebhookAnswer {
  return { status, outcome, reason, paymentReference };
}

export async function handleGatewayWebhook(call: WebhookCall, now = new Date()): Promise<WebhookAnswer> {
  const gateway = await effectiveGateway();
  const truncated = { raw: call.rawBody.slice(0, 4000) };
  const unsigned = await refuseUnsigned(call, {
    secret: gateway?.webhookSecret,
    prefix: "none",
    notConfigured: { logged: "No payment gateway is configured", answered: "No payment gateway is configured" },
    log: (reason) => log({ outcome: "refused", reason, payload: truncated, ipAddress: call.ipAddress }, now),
  });
  if (unsigned) return answer(unsigned.status, "refused", unsigned.reason);
  let body: Json | undefined;
  try {
    body = obj(JSON.parse(call.rawBody));
  } catch {
    body = undefined;
  }
  const eventId = str(call.eventIdHeader?.trim()) ?? str(body?.id);
  const event = str(body?.event) ?? null;
  if (!body || !eventId) {
    await log({ event, outcome: "refused", reason: body ? "No event id" : "The body is not JSON", payload: truncated, ipAddress: call.ipAddress }, now);
    return answer(400, "refused", body ? "No event id" : "The body is not JSON");
  }
  const [seen] = await getDb().select({ id: gatewayEvents.id, outcome: gatewayEvents.outcome }).from(gatewayEvents).where(eq(gatewayEvents.eventId, eventId));
  if (seen) {
    await log({ event, outcome: "replayed", reason: `Replay of event ${eventId} (first ${seen.outcome})`, payload: body, ipAddress: call.ipAddress }, now);
    return answer(200, "replayed", "Already received");
  }
  const refuse = async (reason: string, invoiceId?: number) => {
    await log({ eventId, event, outcome: "refused", reason, invoiceId, payload: body, ipAddress: call.ipAddress }, now);
    return answer(422, "refused", reason);
  };
  if (!event || !HANDLED_EVENTS.has(event)) {
    await log({ eventId, event, outcome: "accepted", reason: "Not a payment event: nothing to do", payload: body, ipAddress: call.ipAddress }, now);
    return answer(200, "accepted", "Ignored");
  }

  const payload = obj(body.payload);
  const payment = obj(obj(payload?.payment)?.entity);
  const link = obj(obj(payload?.payment_link)?.entity);
  const paymentId = str(payment?.id);
  const amount = payment?.amount;
  if (!payment || !paymentId || typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) return refuse("The event carries no payment with an amount");
  if (payment.currency !== undefined && payment.currency !== "INR") return refuse(`Currency ${String(payment.currency).slice(0, 10)} is not INR`);
  if (payment.status !== undefined && payment.status !== "captured") return refuse(`The payment is ${String(payment.status).slice(0, 20)}, not captured`);

  const already = await paymentByInstrument(getDb(), "gateway", paymentId);
  if (already) {
    await log({ eventId, event, outcome: "accepted", reason: `Payment ${paymentId} already recorded as ${already.reference}`, paymentId: already.id, payload: body, ipAddress: call.ipAddress }, now);
    return answer(200, "accepted", "Already recorded", already.reference);
  }

  // A concurrent delivery of this event (or this payment's other event) may have recorded it since the
  // checks above: then this one is a replay, not a wrong amount.
  const recordedMeanwhile = async (invoiceId?: number): Promise<WebhookAnswer | undefined> => {
    const first = await paymentByInstrument(getDb(), "gateway", paymentId);
    if (!first) return undefined;
    await log({ event, outcome: "replayed", reason: `Event ${eventId}: payment ${paymentId} recorded meanwhile as ${first.reference}`, invoiceId, paymentId: first.id, payload: body, ipAddress: call.ipAddress }, now);
    return answer(200, "replayed", "Already received", first.reference);
  };

  const number = str(obj(payment.notes)?.invoice_number) ?? str(obj(link?.notes)?.invoice_number) ?? (str(link?.reference_id) ? invoiceNumberOfReference(str(link?.reference_id)!) : undefined);
  if (!number) return refuse("The event names no invoice");
  const [invoice] = await getDb()
    .select()
    .from(invoices)
    .where(and(eq(invoices.number, number), eq(invoices.kind, "invoice")));
  if (!invoice) return refuse(`Unknown invoice ${number.slice(0, 40)}: not recorded, as no customer is known. Record it by hand from the gateway's dashboard once the payer is found.`);
  const site = await getSiteSettings();
  const createdAt = typeof payment.created_at === "number" ? new Date(payment.created_at * 1000) : now;
  try {
    const made = await getDb().transaction(async (tx) => {
      const recorded = await recordPaymentInTx(
        tx,
        {
          customerId: invoice.customerId,
          method: "gateway",
          amountPaise: amount,
          receivedOn: dayInIndia(createdAt.getTime() > now.getTime() ? now : createdAt),
          instrumentRef: paymentId,
          note: `Paid online through the payment link${str(payment.method) ? ` (${str(payment.method)})` : ""}`,
          recordedBy: null,
          idempotencyKey: null,
          allocations: [],
          // Under the lock: what the invoice still has due takes what fits; the rest is the customer's credit.
          upToDueOn: invoice.id,
          allowAdvance: true,
        },
        GATEWAY_ACTOR(call.ipAddress),
        site,
        now,
      );
      const allocated = recorded.allocations[0]?.paise ?? 0;
      const exact = recorded.unallocatedPaise === 0 && recorded.allocations[0]?.status === "paid";
      const outcome: WebhookAnswer["outcome"] = exact ? "accepted" : "held";
      const reason = exact
        ? `Recorded as ${recorded.reference}`
        : `Recorded as ${recorded.reference}: ${formatPaise(amount)} paid against ${invoice.number}${allocated ? `, ${formatPaise(allocated)} allocated to it` : ", which had nothing due"}${
            recorded.unallocatedPaise ? `, ${formatPaise(recorded.unallocatedPaise)} held as the customer's credit` : ", the rest of the invoice still due"
          }. Accounts staff alerted.`;
      if (!exact) {
        await raiseStaffAlert(tx, {
          kind: "payment.attention",
          title: `Gateway payment ${recorded.reference} did not match ${invoice.number}`,
          body: reason,
          link: "/admin/payments#gateway-events",
          dedupeKey: `payment:${recorded.reference}:gateway-mismatch`,
          permission: "money",
        });
      }
      await tx.insert(gatewayEvents).values({
        provider: PROVIDER,
        eventId,
        event,
        outcome,
        reason,
        invoiceId: invoice.id,
        paymentId: recorded.id,
        payload: body,
        ipAddress: call.ipAddress,
        receivedAt: now,
      });
      return { ...recorded, outcome, reason };
    });
    console.log(JSON.stringify({ type: "gateway_webhook", outcome: made.outcome, event, eventId, reason: made.reason }));
    return answer(200, made.outcome, made.reason, made.reference);
  } catch (error) {
    // Paid in full by someone else a moment ago (the amount due changed under the lock).
    if (error instanceof PaymentRefusal) return (await recordedMeanwhile(invoice.id)) ?? refuse(`Amount mismatch: ${error.message}`, invoice.id);
    if (!isUniqueViolation(error)) throw error;
    await log({ event, outcome: "replayed", reason: `Event ${eventId} or payment ${paymentId} taken by a concurrent delivery`, invoiceId: invoice.id, payload: body, ipAddress: call.ipAddress }, now);
    return answer(200, "replayed", "Already received");
  }
}
