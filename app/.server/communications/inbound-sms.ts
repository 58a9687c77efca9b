import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { customers, webhookEvents } from "~/.server/db/schema.ts";
import { optOutOfMarketing } from "~/.server/marketing/consent.ts";
import { logWebhookEvent, refusalExternalId, readTimestamp, refuseUnsigned, timestampProblem, webhookEventSeen } from "~/.server/signing/webhook.ts";
import { signDeliveryReport, TOLERANCE_MS } from "./delivery.ts";
import { customerIdForMobile, normaliseMobile, recordConversation } from "./index.ts";

/**
 * Inbound SMS (POST /api/sms/inbound): a customer's reply to one of our SMS, above all the "Reply STOP to opt
 * out" of a marketing SMS. Built exactly as the delivery reports (./delivery.ts), and every call is written
 * to webhook_events (provider "sms-inbound"), whatever its outcome; only an accepted one changes anything:
 *
 * 1. The signature: X-Sms-Signature is the hex HMAC-SHA256 of the raw body under SMS_WEBHOOK_SECRET ("sha256="
 *    in front is accepted), compared in constant time. Without a secret set, every message is refused.
 * 2. The body: JSON { id, from, text, timestamp }: the provider's id for the message, the sender's mobile
 *    (any usual form of an Indian mobile, stored as +91 and ten digits), the text, and when (Unix seconds
 *    or ISO 8601), within five minutes of now.
 * 3. The id is unique (webhook_events' provider + external id): the same message twice is a replay, refused
 *    and logged, changing nothing.
 * 4. Applied, in one transaction: the message joins the sender's thread (recordConversation); STOP, STOP ALL
 *    or UNSUBSCRIBE (alone, any case) opts every customer with that mobile out of marketing at once
 *    (optOutOfMarketing: queued campaign messages to them are stopped too).
 */

export const SMS_INBOUND_PROVIDER_NAME = "sms-inbound";
export { SIGNATURE_HEADER } from "./delivery.ts";

const MAX_TEXT = 2000;
/** Alone, any case, a full stop or exclamation mark allowed after it. */
const STOP_TEXT = /^(?:STOP|STOP ALL|UNSUBSCRIBE)[.!]*$/;
const SMS_STOP_ACTOR = { userId: null, label: "Customer (SMS STOP)", ipAddress: null };

export interface InboundSmsCall {
  rawBody: string;
  signature: string | null;
  ipAddress: string | null;
}

export interface InboundSmsAnswer {
  status: number;
  outcome: "applied" | "refused";
  reason: string;
  optedOut?: boolean;
}

/** The signature a body must carry (what a provider, or a test, computes): the same as a delivery report's. */
export const signInboundSms = signDeliveryReport;

/** True when the text asks to stop marketing (STOP, STOP ALL, UNSUBSCRIBE: trimmed, any case, nothing else). */
export function isStopText(text: string): boolean {
  return STOP_TEXT.test(text.trim().replace(/\s+/g, " ").toUpperCase());
}

function secret(): string | undefined {
  const value = process.env.SMS_WEBHOOK_SECRET?.trim();
  return value ? value : undefined;
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim().length > 0 && v.length <= 200 ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined);

async function logRefusal(reason: string, payload: unknown, call: InboundSmsCall): Promise<void> {
  await logWebhookEvent({ provider: SMS_INBOUND_PROVIDER_NAME, externalId: refusalExternalId(call.rawBody), outcome: "refused", reason, payload });
  console.warn(JSON.stringify({ type: "sms_inbound_webhook", outcome: "refused", reason, ip: call.ipAddress }));
}

export async function handleInboundSms(call: InboundSmsCall, now = new Date()): Promise<InboundSmsAnswer> {
  const truncated = { raw: call.rawBody.slice(0, 2000) };
  const unsigned = await refuseUnsigned(call, {
    secret: secret(),
    prefix: "optional",
    notConfigured: { logged: "No SMS_WEBHOOK_SECRET is set: inbound messages cannot be checked", answered: "Inbound SMS is not configured" },
    log: (reason) => logRefusal(reason, truncated, call),
  });
  if (unsigned) return { ...unsigned, outcome: "refused" };
  let body: Json | undefined;
  try {
    const parsed: unknown = JSON.parse(call.rawBody);
    body = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Json) : undefined;
  } catch {
    body = undefined;
  }
  const id = str(body?.id);
  const mobile = normaliseMobile(str(body?.from));
  const text = typeof body?.text === "string" && body.text.trim().length > 0 && body.text.length <= MAX_TEXT ? body.text : undefined;
  const at = readTimestamp(body?.timestamp);
  if (!body || !id || !mobile || !text || !at) {
    const reason = !body ? "The body is not a JSON object" : !id ? "No message id" : !mobile ? "No Indian mobile number in from" : !text ? "No text" : "No timestamp";
    await logRefusal(`Malformed: ${reason}`, body ?? truncated, call);
    return { status: 400, outcome: "refused", reason };
  }
  const stale = timestampProblem(at, now, TOLERANCE_MS);
  if (stale) {
    await logRefusal(stale, body, call);
    return { status: 400, outcome: "refused", reason: "Stale timestamp" };
  }
  if (await webhookEventSeen(SMS_INBOUND_PROVIDER_NAME, id)) {
    await logRefusal(`Replay of message ${id}`, body, call);
    // 200: the provider's own retry of a message already taken stops here.
    return { status: 200, outcome: "refused", reason: "Already received" };
  }

  const stop = isStopText(text);
  try {
    return await getDb().transaction(async (tx): Promise<InboundSmsAnswer> => {
      const customerId = await customerIdForMobile(tx, mobile);
      const row = await recordConversation(tx, {
        customerId,
        mobile,
        channel: "sms",
        direction: "in",
        body: text,
        status: "received",
        externalId: `sms:${id}`,
        meta: { timestamp: at.toISOString(), ...(stop ? { stop: true } : {}) },
      });
      const optedOut: number[] = [];
      if (stop) {
        // Takes effect at once: every customer record with this number (normally one).
        const holders = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.mobile, mobile), isNull(customers.erasedAt)));
        for (const h of holders) if (await optOutOfMarketing(tx, SMS_STOP_ACTOR, h.id, "sms", now)) optedOut.push(h.id);
      }
      await tx.insert(webhookEvents).values({
        provider: SMS_INBOUND_PROVIDER_NAME,
        externalId: id,
        outcome: "applied",
        reason: `Message ${row.id} from ${mobile}${customerId ? ` (customer ${customerId})` : " (no customer)"}${stop ? `: STOP, opted out ${optedOut.length > 0 ? `customer ${optedOut.join(", ")}` : "nobody (no customer with this mobile)"}` : ""}`,
        payload: body,
      });
      return { status: 200, outcome: "applied", reason: stop ? "Opted out" : "Recorded", optedOut: stop && optedOut.length > 0 };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await logRefusal(`Replay of message ${id} (concurrent)`, body, call);
    return { status: 200, outcome: "refused", reason: "Already received" };
  }
}
