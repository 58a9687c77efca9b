import { and, eq } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { conversationMessages, outbox, smsTemplates } from "~/.server/db/schema.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { sendWhatsApp, WhatsAppRefusal } from "~/.server/whatsapp/index.ts";
import { recordConversation } from "./index.ts";
import { prepareReply } from "./reply-templates.ts";
import { forgetSmsRegistry } from "~/.server/notifications/sms-registry.ts";
import type { ThreadRef } from "./thread.ts";

/**
 * The office's answers from a thread (/admin/communications/{customer}): an SMS only from a template
 * registered and active in the DLT registry and meant for a customer, filled from the thread's request, an e-mail in the office's words (through the outbox), a call
 * logged, an internal note. Each is one transaction: the outbox row (for SMS and e-mail), the thread's row
 * (which says who sent it) and the audit entry; a repeated submission (the form's one-time key) finds the
 * row it made and sends nothing twice.
 */

export type ReplyResult = { ok: true; message: string } | { ok: false; errors: Record<string, string> };

const label = (t: ThreadRef) => t.reference ?? t.mobile ?? t.key;

async function repeated(idempotencyKey: string | undefined): Promise<boolean> {
  if (!idempotencyKey) return false;
  const [row] = await getDb().select({ id: conversationMessages.id }).from(conversationMessages).where(eq(conversationMessages.idempotencyKey, idempotencyKey));
  return Boolean(row);
}

async function auditReply(tx: Transaction, staff: StaffMember, t: ThreadRef, action: string, after: Record<string, unknown>) {
  await audit(tx, auditActor(staff), { action, entityType: t.customerId ? "customer" : "thread", entityId: t.customerId ?? t.key, entityLabel: label(t), after });
}

/** Queues one message and returns its outbox id (null when its dedupe key was already queued). */
async function queueOne(tx: Transaction, message: Parameters<typeof queueMessages>[1][number]): Promise<number | null> {
  await queueMessages(tx, [message]);
  const [row] = await tx.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, message.dedupeKey));
  return row?.id ?? null;
}

export async function replyBySms(
  staff: StaffMember,
  t: ThreadRef,
  input: { template: string; request: string | null; values: Record<string, string>; idempotencyKey?: string | undefined },
): Promise<ReplyResult> {
  if (!t.mobile) return { ok: false, errors: { template: "This customer has no mobile number on record." } };
  if (await repeated(input.idempotencyKey)) return { ok: true, message: "That SMS was already sent." };
  // Only a template meant for the customer, filled by the server from the thread's request, and only when
  // what it says is true of that request (./reply-templates.ts).
  const filled = await prepareReply(t, { template: input.template, request: input.request, typed: input.values });
  if (!filled.ok) return { ok: false, errors: filled.errors };
  const row = filled.template;
  const key = input.idempotencyKey ?? crypto.randomUUID();
  await getDb().transaction(async (tx) => {
    const outboxId = await queueOne(tx, {
      channel: "sms",
      recipient: t.mobile!,
      body: filled.body,
      template: row.dltTemplateId,
      variables: filled.variables,
      dedupeKey: `thread:${t.key}:sms:${key}`,
      customerId: t.customerId,
    });
    await recordConversation(tx, {
      customerId: t.customerId,
      mobile: t.mobile,
      channel: "sms",
      direction: "out",
      body: filled.body,
      template: row.name,
      status: "queued",
      outboxId,
      staffUserId: staff.userId,
      idempotencyKey: key,
    });
    await auditReply(tx, staff, t, "thread.sms", { template: row.name, dltTemplateId: row.dltTemplateId, request: input.request });
  });
  forgetSmsRegistry();
  return { ok: true, message: `SMS sent from the template ${row.name}.` };
}

export async function replyByEmail(staff: StaffMember, t: ThreadRef, input: { subject: string; body: string; idempotencyKey?: string | undefined }): Promise<ReplyResult> {
  if (!t.email) return { ok: false, errors: { body: "This customer has no e-mail address on record: add one on their page, or reply by SMS." } };
  if (await repeated(input.idempotencyKey)) return { ok: true, message: "That e-mail was already sent." };
  const key = input.idempotencyKey ?? crypto.randomUUID();
  await getDb().transaction(async (tx) => {
    const outboxId = await queueOne(tx, {
      channel: "email",
      recipient: t.email!,
      subject: input.subject,
      body: input.body,
      template: "office-reply",
      variables: t.reference ? { reference: t.reference } : {},
      dedupeKey: `thread:${t.key}:email:${key}`,
      customerId: t.customerId,
    });
    // The outbox may have rewritten it (the office's "office-reply" template): the thread shows what went.
    const [sent] = outboxId ? await tx.select({ subject: outbox.subject, body: outbox.body }).from(outbox).where(eq(outbox.id, outboxId)) : [];
    await recordConversation(tx, {
      customerId: t.customerId,
      mobile: t.mobile,
      channel: "email",
      direction: "out",
      subject: sent?.subject ?? input.subject,
      body: sent?.body ?? input.body,
      template: "office-reply",
      status: "queued",
      outboxId,
      staffUserId: staff.userId,
      idempotencyKey: key,
    });
    await auditReply(tx, staff, t, "thread.email", { subject: input.subject });
  });
  return { ok: true, message: `E-mail sent to ${t.email}.` };
}

/** Free text on WhatsApp: only inside the 24-hour window the customer's last message opened (the WhatsApp module checks it). */
export async function replyByWhatsApp(staff: StaffMember, t: ThreadRef, input: { text: string; idempotencyKey?: string | undefined }): Promise<ReplyResult> {
  if (!t.mobile) return { ok: false, errors: { text: "This customer has no mobile number on record." } };
  if (await repeated(input.idempotencyKey)) return { ok: true, message: "That WhatsApp message was already sent." };
  try {
    await getDb().transaction(async (tx) => {
      await sendWhatsApp(tx, { customerId: t.customerId, mobile: t.mobile!, text: input.text, staffUserId: staff.userId, idempotencyKey: input.idempotencyKey ?? null });
      await auditReply(tx, staff, t, "thread.whatsapp", {});
    });
  } catch (error) {
    if (error instanceof WhatsAppRefusal) return { ok: false, errors: { text: error.message } };
    throw error;
  }
  return { ok: true, message: "WhatsApp message queued." };
}

export async function logCall(staff: StaffMember, t: ThreadRef, input: { direction: "in" | "out"; minutes: number; note: string; idempotencyKey?: string | undefined }): Promise<ReplyResult> {
  if (await repeated(input.idempotencyKey)) return { ok: true, message: "That call was already logged." };
  await getDb().transaction(async (tx) => {
    await recordConversation(tx, {
      customerId: t.customerId,
      mobile: t.mobile,
      channel: "call",
      direction: input.direction,
      body: input.note,
      staffUserId: staff.userId,
      meta: { minutes: input.minutes },
      idempotencyKey: input.idempotencyKey ?? null,
    });
    await auditReply(tx, staff, t, "thread.call", { direction: input.direction, minutes: input.minutes });
  });
  return { ok: true, message: "Call logged." };
}

export async function addNote(staff: StaffMember, t: ThreadRef, input: { note: string; idempotencyKey?: string | undefined }): Promise<ReplyResult> {
  if (await repeated(input.idempotencyKey)) return { ok: true, message: "That note was already added." };
  await getDb().transaction(async (tx) => {
    await recordConversation(tx, {
      customerId: t.customerId,
      mobile: t.mobile,
      channel: "note",
      direction: "out",
      body: input.note,
      status: "internal",
      staffUserId: staff.userId,
      idempotencyKey: input.idempotencyKey ?? null,
    });
    await auditReply(tx, staff, t, "thread.note", {});
  });
  return { ok: true, message: "Note added: only the office sees it." };
}

/** Whether an SMS template name is registered and active (a thread's template picker). */
export async function activeTemplateNamed(name: string) {
  const [row] = await getDb()
    .select()
    .from(smsTemplates)
    .where(and(eq(smsTemplates.name, name), eq(smsTemplates.active, true)));
  return row ?? null;
}
