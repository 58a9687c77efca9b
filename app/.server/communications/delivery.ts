import { and, eq, inArray, ne, or, isNull, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { campaignRecipients, outbox, webhookEvents } from "~/.server/db/schema.ts";
import { markMessageLogStale } from "~/.server/notifications/message-log-stale.ts";
import { hmacSha256Hex, logWebhookEvent, refusalExternalId, readTimestamp, refuseUnsigned, REPLAY_WINDOW_MS, timestampProblem, webhookEventSeen } from "~/.server/signing/webhook.ts";

/**
 * The SMS provider's delivery reports (POST /api/sms/delivery). Every call is written to webhook_events
 * (provider "sms"), whatever its outcome; only an accepted one changes anything:
 *
 * 1. The signature: X-Sms-Signature is the hex HMAC-SHA256 of the raw body under SMS_WEBHOOK_SECRET
 *    (the environment; "sha256=" in front is accepted), compared in constant time. Without a secret set,
 *    every report is refused: an unsigned report is never trusted.
 * 2. The body: JSON { id, messageId, status, timestamp, error? }: the report's own id, the message id the
 *    provider gave when it took the SMS (outbox.provider_message_id), the status, and when (Unix seconds or
 *    ISO 8601). The timestamp is signed with the rest, and must be within five minutes of now: an old
 *    report replayed later is refused.
 * 3. The report's id is unique (webhook_events' provider + external id): the same report twice is a replay,
 *    refused and logged, changing nothing.
 * 4. Applied: the outbox row's delivery status (a "delivered" is never taken back by a late "sent"), and a
 *    campaign's recipient row sent through that message.
 * Steps 1 to 3 are the signed webhooks' common part (~/.server/signing/webhook.ts).
 */

export const SMS_PROVIDER_NAME = "sms";
export const SIGNATURE_HEADER = "x-sms-signature";
/** How far a report's timestamp may be from now. */
export const TOLERANCE_MS = REPLAY_WINDOW_MS;

/** The provider's statuses, as the outbox keeps them. */
const STATUSES: Record<string, "delivered" | "failed" | "sent"> = {
  delivered: "delivered",
  delivrd: "delivered",
  failed: "failed",
  undelivered: "failed",
  undeliv: "failed",
  rejected: "failed",
  expired: "failed",
  dnd: "failed",
  sent: "sent",
  submitted: "sent",
  accepted: "sent",
};

export interface DeliveryReportCall {
  rawBody: string;
  signature: string | null;
  ipAddress: string | null;
}

export interface DeliveryReportAnswer {
  status: number;
  outcome: "applied" | "refused" | "ignored";
  reason: string;
}

function secret(): string | undefined {
  const value = process.env.SMS_WEBHOOK_SECRET?.trim();
  return value ? value : undefined;
}

/** The signature a body must carry (what a provider, or a test, computes). */
export function signDeliveryReport(rawBody: string, key: string): string {
  return hmacSha256Hex(rawBody, key);
}

type Json = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim().length > 0 && v.length <= 200 ? v.trim() : typeof v === "number" && Number.isFinite(v) ? String(v) : undefined);

async function logRefusal(reason: string, payload: unknown, call: DeliveryReportCall, outcome: "refused" | "ignored" = "refused"): Promise<void> {
  await logWebhookEvent({ provider: SMS_PROVIDER_NAME, externalId: refusalExternalId(call.rawBody, outcome), outcome, reason, payload });
  console.warn(JSON.stringify({ type: "sms_delivery_webhook", outcome, reason, ip: call.ipAddress }));
}

export async function handleDeliveryReport(call: DeliveryReportCall, now = new Date()): Promise<DeliveryReportAnswer> {
  const truncated = { raw: call.rawBody.slice(0, 2000) };
  const unsigned = await refuseUnsigned(call, {
    secret: secret(),
    prefix: "optional",
    notConfigured: { logged: "No SMS_WEBHOOK_SECRET is set: reports cannot be checked", answered: "Delivery reports are not configured" },
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
  const messageId = str(body?.messageId ?? body?.message_id);
  const rawStatus = str(body?.status)?.toLowerCase();
  const status = rawStatus ? STATUSES[rawStatus] : undefined;
  const at = readTimestamp(body?.timestamp);
  if (!body || !id || !messageId || !status || !at) {
    const reason = !body ? "The body is not a JSON object" : !id ? "No report id" : !messageId ? "No message id" : !status ? "Unknown status" : "No timestamp";
    await logRefusal(`Malformed: ${reason}`, body ?? truncated, call);
    return { status: 400, outcome: "refused", reason };
  }
  const stale = timestampProblem(at, now, TOLERANCE_MS);
  if (stale) {
    await logRefusal(stale, body, call);
    return { status: 400, outcome: "refused", reason: "Stale timestamp" };
  }
  if (await webhookEventSeen(SMS_PROVIDER_NAME, id)) {
    await logRefusal(`Replay of report ${id}`, body, call);
    // 200: the provider's own retry of a report already taken stops here.
    return { status: 200, outcome: "refused", reason: "Already received" };
  }

  try {
    const answer = await getDb().transaction(async (tx): Promise<DeliveryReportAnswer> => {
      const matched = await tx
        .select({ id: outbox.id, deliveryStatus: outbox.deliveryStatus })
        .from(outbox)
        .where(and(eq(outbox.providerMessageId, messageId), eq(outbox.channel, "sms")));
      if (matched.length === 0) {
        await tx.insert(webhookEvents).values({ provider: SMS_PROVIDER_NAME, externalId: id, outcome: "ignored", reason: `No SMS with message id ${messageId}`, payload: body });
        return { status: 200, outcome: "ignored", reason: "Unknown message id" };
      }
      const ids = matched.map((m) => m.id);
      // A late "sent" never takes back a "delivered" or a "failed".
      const updatable = status === "sent" ? and(inArray(outbox.id, ids), isNull(outbox.deliveryStatus)) : and(inArray(outbox.id, ids), or(isNull(outbox.deliveryStatus), ne(outbox.deliveryStatus, "delivered")));
      const changed = await tx
        .update(outbox)
        .set({ deliveryStatus: status, deliveredAt: status === "delivered" ? at : sql`${outbox.deliveredAt}` })
        .where(updatable)
        .returning({ id: outbox.id });
      // A report later than yesterday changes a day the SMS log has already counted (ADR 035).
      await markMessageLogStale(
        tx,
        changed.map((c) => c.id),
      );
      if (changed.length > 0 && status !== "sent") {
        await tx
          .update(campaignRecipients)
          .set(status === "delivered" ? { status: "delivered", deliveredAt: at } : { status: "failed" })
          .where(
            and(
              inArray(
                campaignRecipients.outboxId,
                changed.map((c) => c.id),
              ),
              ne(campaignRecipients.status, "opted_out"),
            ),
          );
      }
      await tx.insert(webhookEvents).values({
        provider: SMS_PROVIDER_NAME,
        externalId: id,
        outcome: "applied",
        reason: changed.length > 0 ? `SMS ${ids.join(", ")}: ${status}` : `SMS ${ids.join(", ")}: already ${matched[0]!.deliveryStatus ?? "recorded"}`,
        payload: body,
      });
      return { status: 200, outcome: "applied", reason: status };
    });
    return answer;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await logRefusal(`Replay of report ${id} (concurrent)`, body, call);
    return { status: 200, outcome: "refused", reason: "Already received" };
  }
}
