import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { recordConversation, normaliseMobile, type ConversationMessage } from "~/.server/communications/index.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { conversationMessages, whatsappTemplates } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { getServerConfig } from "~/.server/config.ts";
import { effectiveWhatsApp } from "~/.server/settings/integrations.ts";
import { postMessage, WhatsAppPermanentError, type OutboundPayload } from "./api.ts";

/**
 * WhatsApp out (issue 12 §4). Meta's rule: free text only inside the 24-hour window that the customer's
 * last message opens; outside it, only a template Meta approved. Every message is put on the customer's
 * thread first (conversation_messages, status "queued") and sent by a job on the one queue
 * (~/.server/jobs), so that it leaves only if the transaction commits and a failed call is retried with the
 * outbox's back-off. Without a configured API outside production, the message is printed as one JSON line
 * on stdout (like SMS) and kept on the thread as "logged": never dropped silently.
 */

export const WINDOW_MS = 24 * 60 * 60 * 1000;
export const SEND_JOB = "whatsapp.send";

/** A message that may not go: the reason says what to do instead. */
export class WhatsAppRefusal extends Error {
  readonly field: "text" | "template" | "mobile";
  constructor(message: string, field: "text" | "template" | "mobile" = "text") {
    super(message);
    this.name = "WhatsAppRefusal";
    this.field = field;
  }
}

export interface WindowState {
  open: boolean;
  /** The customer's last WhatsApp message, ISO. */
  lastInboundAt: string | null;
  /** When the window closes (or closed), ISO; null without any inbound message. */
  closesAt: string | null;
}

/**
 * When the customer sent an inbound message, by WhatsApp's own timestamp (seconds): Meta counts the window
 * from there, and a webhook delivered late (Meta retries for hours) must not stretch it.
 */
export function sentAtOf(meta: unknown): number | undefined {
  const ts = Number((meta as { timestamp?: unknown } | null)?.timestamp);
  return Number.isFinite(ts) && ts > 0 ? ts * 1000 : undefined;
}

/** The 24-hour window of a mobile: open while its last inbound WhatsApp message is under 24 h old. */
export async function windowFor(db: Database | Transaction, mobile: string, now = new Date()): Promise<WindowState> {
  const e164 = normaliseMobile(mobile);
  if (!e164) return { open: false, lastInboundAt: null, closesAt: null };
  const [row] = await db
    .select({ at: conversationMessages.createdAt, meta: conversationMessages.meta })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.mobile, e164), eq(conversationMessages.channel, "whatsapp"), eq(conversationMessages.direction, "in")))
    .orderBy(desc(conversationMessages.createdAt))
    .limit(1);
  if (!row) return { open: false, lastInboundAt: null, closesAt: null };
  const at = new Date(Math.min(row.at.getTime(), sentAtOf(row.meta) ?? Infinity));
  const closes = new Date(at.getTime() + WINDOW_MS);
  return { open: closes.getTime() > now.getTime(), lastInboundAt: at.toISOString(), closesAt: closes.toISOString() };
}

export type WhatsAppTemplate = typeof whatsappTemplates.$inferSelect;

/** The number of {{n}} placeholders a template's body needs (the highest n). */
export function placeholderCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{(\d{1,2})\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

export function renderTemplate(body: string, params: readonly string[]): string {
  return body.replace(/\{\{(\d{1,2})\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

export interface SendWhatsAppInput {
  customerId?: number | null;
  mobile: string;
  text?: string;
  template?: { name: string; language: string; params: string[] };
  staffUserId?: number | null;
  /** A form's one-time key: a repeated submission returns the message already queued. */
  idempotencyKey?: string | null;
  /** Kept on the thread's row (a campaign's id, for its delivery figures). */
  meta?: Record<string, unknown>;
}

/**
 * Queues one WhatsApp message in the caller's transaction and puts it on the customer's thread. Throws a
 * WhatsAppRefusal for free text outside the 24-hour window, an unknown or unapproved template, or a wrong
 * number of template parameters.
 */
export async function sendWhatsApp(tx: Database | Transaction, input: SendWhatsAppInput, now = new Date()): Promise<ConversationMessage> {
  const mobile = normaliseMobile(input.mobile);
  if (!mobile) throw new WhatsAppRefusal("This is not an Indian mobile number.", "mobile");
  let body: string;
  let payload: OutboundPayload;
  let templateName: string | null = null;
  if (input.template) {
    const [template] = await tx
      .select()
      .from(whatsappTemplates)
      .where(and(eq(whatsappTemplates.name, input.template.name), eq(whatsappTemplates.language, input.template.language)));
    if (!template) throw new WhatsAppRefusal(`There is no template “${input.template.name}” (${input.template.language}) in the registry.`, "template");
    if (template.status !== "approved") throw new WhatsAppRefusal(`The template “${template.name}” is ${template.status}, not approved by Meta: it cannot be sent.`, "template");
    const needed = placeholderCount(template.body);
    const params = input.template.params.map((p) => p.replace(/\s+/g, " ").trim());
    if (params.length !== needed || params.some((p) => p.length === 0 || p.length > 1000)) {
      throw new WhatsAppRefusal(`The template “${template.name}” needs ${needed} value${needed === 1 ? "" : "s"}, each filled in.`, "template");
    }
    body = renderTemplate(template.body, params);
    payload = { kind: "template", template: { name: template.name, language: template.language, params } };
    templateName = template.name;
  } else {
    const text = (input.text ?? "").trim();
    if (!text) throw new WhatsAppRefusal("Write the message.");
    if (text.length > 4096) throw new WhatsAppRefusal("A WhatsApp message holds at most 4,096 characters.");
    const window = await windowFor(tx, mobile, now);
    if (!window.open) {
      throw new WhatsAppRefusal(
        window.lastInboundAt
          ? "The 24-hour window is closed: the customer last wrote more than 24 hours ago. Send an approved template instead."
          : "The customer has not written on WhatsApp, so there is no 24-hour window: send an approved template instead.",
      );
    }
    body = text;
    payload = { kind: "text", text };
  }
  const row = await recordConversation(tx, {
    customerId: input.customerId ?? null,
    mobile,
    channel: "whatsapp",
    direction: "out",
    body,
    template: templateName,
    status: "queued",
    staffUserId: input.staffUserId ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    // key: the message's own key, sent with every attempt (ADR 055).
    meta: { ...input.meta, payload, key: randomUUID() },
  });
  await scheduleJobs(tx, [{ name: SEND_JOB, payload: { messageId: row.id }, runAt: now, dedupeKey: `whatsapp:send:${row.id}` }]);
  return row;
}

/** Records the outcome of a send, unless a status webhook got there first (a later status is never undone). */
async function setStatus(id: number, status: string, extra: { externalId?: string; error?: string } = {}): Promise<void> {
  await getDb()
    .update(conversationMessages)
    .set({
      status,
      ...(extra.externalId ? { externalId: extra.externalId } : {}),
      ...(extra.error ? { meta: sql`${conversationMessages.meta} || ${JSON.stringify({ error: extra.error })}::jsonb` } : {}),
    })
    .where(and(eq(conversationMessages.id, id), inArray(conversationMessages.status, ["queued", "sending"])));
}

/**
 * The job: sends one queued message (idempotent: a message no longer queued or sending is left alone).
 *
 * It is marked "sending" before the API is called: a message still "sending" when the job runs again was
 * perhaps sent by a process that died before it stored the answer. The API cannot deduplicate, so it is sent
 * again under the same key, unless Meta's status webhook, quoting that key, has marked it sent meanwhile
 * (./webhook.ts): a duplicate is possible only within the seconds before Meta's first status (ADR 055).
 */
export async function deliverWhatsApp(messageId: number): Promise<void> {
  const [row] = await getDb().select().from(conversationMessages).where(eq(conversationMessages.id, messageId));
  if (!row || (row.status !== "queued" && row.status !== "sending") || row.direction !== "out" || row.channel !== "whatsapp" || !row.mobile) return;
  const meta = row.meta as { payload?: OutboundPayload; key?: unknown };
  const payload = meta.payload ?? { kind: "text", text: row.body };
  // Messages queued before keys were given: one derived from the row, as stable.
  const key = typeof meta.key === "string" ? meta.key : `conversation-message-${row.id}`;
  const settings = await effectiveWhatsApp();
  if (!settings.ready) {
    if (getServerConfig().production) throw new Error("WhatsApp is not configured (WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN, or Integrations in the settings)");
    process.stdout.write(`${JSON.stringify({ type: "whatsapp", to: row.mobile, body: row.body, template: row.template, key })}\n`);
    await setStatus(row.id, "logged");
    return;
  }
  if (row.status === "queued") {
    const [marked] = await getDb()
      .update(conversationMessages)
      .set({ status: "sending" })
      .where(and(eq(conversationMessages.id, row.id), eq(conversationMessages.status, "queued")))
      .returning({ id: conversationMessages.id });
    if (!marked) return;
  }
  try {
    const wamid = await postMessage(settings, row.mobile, payload, key);
    await setStatus(row.id, "sent", { externalId: wamid });
  } catch (error) {
    if (error instanceof WhatsAppPermanentError) {
      await setStatus(row.id, "failed", { error: error.message });
      return;
    }
    throw error;
  }
}

registerJob(SEND_JOB, async (payload) => {
  const id = Number(payload.messageId);
  if (Number.isSafeInteger(id) && id > 0) await deliverWhatsApp(id);
});
