import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { customerIdForMobile, normaliseMobile, recordConversation } from "~/.server/communications/index.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { campaignRecipients, conversationMessages, customers } from "~/.server/db/schema.ts";
import { addCustomerMessageByMobile, createTicket } from "~/.server/helpdesk/index.ts";
import { optOutOfMarketing } from "~/.server/marketing/consent.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { effectiveWhatsApp } from "~/.server/settings/integrations.ts";
import { logWebhookEvent, refusalExternalId, refuseUnsigned, webhookEventSeen } from "~/.server/signing/webhook.ts";

/**
 * WhatsApp's webhook (POST /api/whatsapp/webhook), after Meta's Cloud API. Every call is written to
 * webhook_events (provider "whatsapp"), whatever its outcome, and only an accepted one changes anything:
 *
 * 1. X-Hub-Signature-256 must be the HMAC-SHA256 of the raw body under the app secret: else refused (401),
 *    and nothing in the body is trusted (~/.server/signing/webhook.ts).
 * 2. The body must be Meta's shape (object "whatsapp_business_account", entry[].changes[].value): else
 *    refused (400).
 * 3. The same body again is a replay (its SHA-256 is the event's id, unique): refused and logged, nothing
 *    done (answered 200 so that Meta's own retry stops). Each message is also stored once by its wamid.
 * 4. Accepted, in one transaction: each inbound message joins the sender's thread (recordConversation),
 *    raises the staff alert, and goes on their open help-desk ticket or opens one; "STOP" opts them out of
 *    marketing at once. Each status (sent, delivered, read, failed) updates the message it names.
 */

export const PROVIDER = "whatsapp";
const MAX_TEXT = 4096;
const STOP_WORDS = new Set(["STOP", "STOP ALL", "UNSUBSCRIBE", "OPT OUT", "OPTOUT"]);
const STATUS_RANK: Record<string, number> = { queued: 0, sending: 0, logged: 1, sent: 1, delivered: 2, read: 3, failed: 4 };

export interface WhatsAppWebhookCall {
  rawBody: string;
  signature: string | null;
}

export interface WhatsAppWebhookAnswer {
  status: number;
  outcome: "applied" | "refused" | "ignored";
  reason: string;
  messages?: number;
  statuses?: number;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown, max = 300): string | undefined => (typeof v === "string" && v.length > 0 && v.length <= max ? v : undefined);

export interface InboundMessage {
  wamid: string;
  from: string;
  name: string | null;
  type: string;
  text: string;
  timestamp: number | null;
}

export interface StatusUpdate {
  wamid: string;
  status: string;
  recipient: string | null;
  error: string | null;
  /** biz_opaque_callback_data: the message's own key, as we sent it (ADR 055). */
  key: string | null;
}

/** Reads Meta's body; undefined when it is not that shape. */
export function parseWebhookBody(body: unknown): { messages: InboundMessage[]; statuses: StatusUpdate[] } | undefined {
  const root = obj(body);
  if (!root || root.object !== "whatsapp_business_account" || !Array.isArray(root.entry)) return undefined;
  const messages: InboundMessage[] = [];
  const statuses: StatusUpdate[] = [];
  for (const entry of arr(root.entry)) {
    const changes = obj(entry)?.changes;
    if (!Array.isArray(changes)) return undefined;
    for (const change of changes) {
      const value = obj(obj(change)?.value);
      if (!value) return undefined;
      const names = new Map<string, string>();
      for (const c of arr(value.contacts)) {
        const waId = str(obj(c)?.wa_id, 20);
        const name = str(obj(obj(c)?.profile)?.name, 200);
        if (waId && name) names.set(waId, name);
      }
      for (const m of arr(value.messages)) {
        const message = obj(m);
        const wamid = str(message?.id);
        const from = str(message?.from, 20);
        const type = str(message?.type, 40);
        if (!message || !wamid || !from || !/^\d{6,15}$/.test(from) || !type) return undefined;
        const text =
          type === "text"
            ? str(obj(message.text)?.body, MAX_TEXT)
            : type === "button"
              ? str(obj(message.button)?.text, MAX_TEXT)
              : type === "interactive"
                ? (str(obj(obj(message.interactive)?.button_reply)?.title) ?? str(obj(obj(message.interactive)?.list_reply)?.title))
                : `[${type}${str(obj(message[type])?.caption, 1000) ? `: ${str(obj(message[type])?.caption, 1000)}` : ""}]`;
        if (text === undefined) return undefined;
        const ts = Number(message.timestamp);
        messages.push({ wamid, from, name: names.get(from) ?? null, type, text, timestamp: Number.isFinite(ts) ? ts : null });
      }
      for (const s of arr(value.statuses)) {
        const status = obj(s);
        const wamid = str(status?.id);
        const state = str(status?.status, 20);
        if (!status || !wamid || !state) return undefined;
        const error = obj(arr(status.errors)[0]);
        statuses.push({
          wamid,
          status: state,
          recipient: str(status.recipient_id, 20) ?? null,
          error: error ? (str(error.title) ?? str(error.message) ?? null) : null,
          key: str(status.biz_opaque_callback_data, 512) ?? null,
        });
      }
    }
  }
  return { messages, statuses };
}

async function log(externalId: string, outcome: WhatsAppWebhookAnswer["outcome"], reason: string, payload: unknown, db: Pick<Transaction, "insert"> = getDb()): Promise<void> {
  await logWebhookEvent({ provider: PROVIDER, externalId, outcome, reason, payload }, db);
  console.log(JSON.stringify({ type: "whatsapp_webhook", outcome, reason }));
}


/** The mobile a WhatsApp number stands for: +91 and ten digits for an Indian number, else +<digits>. */
export function mobileOfWaId(from: string): string {
  return normaliseMobile(`+${from}`) ?? `+${from}`;
}

export async function handleWhatsAppWebhook(call: WhatsAppWebhookCall): Promise<WhatsAppWebhookAnswer> {
  const hash = createHash("sha256").update(call.rawBody, "utf8").digest("hex");
  const truncated = { raw: call.rawBody.slice(0, 4000) };
  // Refusals are all kept, each under its own id, never mistaken for the event they imitate.
  const refuse = (reason: string) => log(refusalExternalId(call.rawBody), "refused", reason, truncated);
  const unsigned = await refuseUnsigned(call, {
    secret: (await effectiveWhatsApp()).appSecret,
    prefix: "required",
    notConfigured: { logged: "No WhatsApp app secret is configured", answered: "WhatsApp is not configured" },
    log: refuse,
  });
  if (unsigned) return { ...unsigned, outcome: "refused" };
  let parsed: ReturnType<typeof parseWebhookBody>;
  let body: unknown;
  try {
    body = JSON.parse(call.rawBody);
    parsed = parseWebhookBody(body);
  } catch {
    parsed = undefined;
  }
  if (!parsed) {
    await refuse(body === undefined ? "The body is not JSON" : "The body is not a WhatsApp Business webhook");
    return { status: 400, outcome: "refused", reason: "Malformed body" };
  }
  const seen = await webhookEventSeen(PROVIDER, hash);
  if (seen) {
    await refuse(`Replay of event ${seen.id}`);
    return { status: 200, outcome: "refused", reason: "Already received" };
  }
  const { messages, statuses } = parsed;
  try {
    await getDb().transaction(async (tx) => {
      // First: a concurrent delivery of the same body fails here, on the unique id, and changes nothing.
      // The log keeps the ids, not the words: the messages themselves live on the thread, where erasure reaches them.
      const ids = { messages: messages.map((m) => m.wamid), statuses: statuses.map((st) => ({ id: st.wamid, status: st.status })) };
      await log(hash, messages.length + statuses.length > 0 ? "applied" : "ignored", `${messages.length} message(s), ${statuses.length} status(es)`, ids, tx);
      for (const m of messages) await applyInbound(tx, m);
      for (const s of statuses) await applyStatus(tx, s);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await refuse("Replay (received concurrently)");
    return { status: 200, outcome: "refused", reason: "Already received" };
  }
  return { status: 200, outcome: messages.length + statuses.length > 0 ? "applied" : "ignored", reason: "OK", messages: messages.length, statuses: statuses.length };
}

const WHATSAPP_ACTOR = { userId: null, label: "Customer (WhatsApp STOP)", ipAddress: null };

async function applyInbound(tx: Transaction, m: InboundMessage): Promise<void> {
  // The same message in another body (Meta retries with new envelopes): stored once, by its wamid.
  const [already] = await tx.select({ id: conversationMessages.id }).from(conversationMessages).where(eq(conversationMessages.externalId, m.wamid));
  if (already) return;
  const mobile = mobileOfWaId(m.from);
  const customerId = await customerIdForMobile(tx, mobile);
  await recordConversation(tx, {
    customerId,
    mobile,
    channel: "whatsapp",
    direction: "in",
    body: m.text,
    status: "received",
    externalId: m.wamid,
    meta: { waId: m.from, name: m.name, type: m.type, timestamp: m.timestamp },
  });
  const who = m.name ?? mobile;
  const stop = STOP_WORDS.has(m.text.trim().toUpperCase().replace(/[.!]+$/, ""));
  if (stop) {
    // Takes effect at once: every customer record with this number (normally one).
    const holders = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.mobile, mobile), isNull(customers.erasedAt)));
    for (const h of holders) await optOutOfMarketing(tx, WHATSAPP_ACTOR, h.id, "whatsapp");
    return;
  }
  await raiseStaffAlert(tx, {
    kind: "whatsapp.inbound",
    title: `WhatsApp from ${who}`,
    body: m.text.slice(0, 300),
    link: `/admin/whatsapp/${encodeURIComponent(mobile.replace(/^\+/, ""))}`,
    dedupeKey: `whatsapp:${m.wamid}`,
    permission: "communications",
  });
  const appended = await addCustomerMessageByMobile(tx, { mobile, body: m.text, source: "whatsapp", idempotencyKey: `whatsapp:${m.wamid}` });
  if (!appended) {
    await createTicket(tx, {
      source: "whatsapp",
      subject: `WhatsApp from ${who}`,
      body: m.text,
      customerId,
      contactName: m.name,
      contactMobile: mobile.startsWith("+91") ? mobile : null,
      idempotencyKey: `whatsapp:${m.wamid}`,
    });
  }
}

async function applyStatus(tx: Transaction, s: StatusUpdate): Promise<void> {
  let [row] = await tx
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.externalId, s.wamid), eq(conversationMessages.direction, "out")));
  if (!row && s.key) {
    // A message whose sender died after Meta accepted it and before it stored the wamid (it is still
    // "sending"): found by the key it was sent with, it takes the wamid and its status, and the job's retry
    // then finds it sent and does not send it again (ADR 055).
    [row] = await tx
      .update(conversationMessages)
      .set({ externalId: s.wamid })
      .where(
        and(
          eq(conversationMessages.status, "sending"),
          eq(conversationMessages.direction, "out"),
          eq(conversationMessages.channel, "whatsapp"),
          isNull(conversationMessages.externalId),
          sql`${conversationMessages.meta} ->> 'key' = ${s.key}`,
        ),
      )
      .returning();
  }
  if (!row) return;
  // Statuses may arrive out of order: never step back (read, then a late delivered).
  if ((STATUS_RANK[s.status] ?? 0) <= (STATUS_RANK[row.status] ?? 0) && s.status !== "failed") return;
  await tx
    .update(conversationMessages)
    .set({ status: s.status, ...(s.error ? { meta: sql`${conversationMessages.meta} || ${JSON.stringify({ error: s.error })}::jsonb` } : {}) })
    .where(eq(conversationMessages.id, row.id));
  const campaignId = Number((row.meta as { campaignId?: unknown }).campaignId);
  if (!row.customerId || !Number.isSafeInteger(campaignId) || campaignId <= 0) return;
  const recipient = and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.customerId, row.customerId));
  if (s.status === "delivered" || s.status === "read") {
    await tx
      .update(campaignRecipients)
      .set({ status: "delivered", deliveredAt: sql`coalesce(${campaignRecipients.deliveredAt}, now())` })
      .where(and(recipient, inArray(campaignRecipients.status, ["sent", "queued"])));
  } else if (s.status === "failed") {
    await tx.update(campaignRecipients).set({ status: "failed" }).where(and(recipient, eq(campaignRecipients.status, "sent")));
  }
}
