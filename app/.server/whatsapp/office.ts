import { and, asc, desc, eq, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { customerIdForMobile, normaliseMobile } from "~/.server/communications/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { conversationMessages, customers, users, whatsappTemplates } from "~/.server/db/schema.ts";
import { effectiveWhatsApp } from "~/.server/settings/integrations.ts";
import type { z } from "zod";
import type { templateSchema } from "~/lib/forms/admin/whatsapp.ts";
import { placeholderCount, sendWhatsApp, windowFor, WhatsAppRefusal, type WhatsAppTemplate, type WindowState } from "./index.ts";

/** What /admin/whatsapp shows and changes (the domain behind the route). */

export interface ConversationSummary {
  mobile: string;
  /** The path segment: the number's digits without "+". */
  key: string;
  customerName: string | null;
  customerReference: string | null;
  lastBody: string;
  lastDirection: "in" | "out";
  lastAt: string;
  window: WindowState;
}

/**
 * The latest message per mobile on WhatsApp, newest first, with each window's state. The page's oldest
 * conversation is found first, walking the messages newest first and keeping each number's latest (a probe
 * of conversation_messages_mobile per message, stopping at the page's size); then only the messages since
 * that conversation's millisecond are read, their latest per number taken (conversation_messages_whatsapp_latest)
 * and ordered as the page shows them. Taking the latest of every number there is read every WhatsApp message
 * on each view (36,000 at seed:volume, issue 17 §8). The window's last inbound time is worked out only for the
 * page's numbers.
 */
export async function conversations(limit = 100, now = new Date()): Promise<ConversationSummary[]> {
  const db = getDb();
  const [edge] = ((await db.execute(sql`
    select date_trunc('milliseconds', min(r.created_at)) as since from (
      select m.created_at from ${conversationMessages} m
       where m.channel = 'whatsapp' and m.mobile is not null
         and not exists (select 1 from ${conversationMessages} n where n.channel = 'whatsapp' and n.mobile = m.mobile and (n.created_at, n.id) > (m.created_at, m.id))
       order by m.created_at desc, m.id desc
       limit ${limit}) r`)) as unknown as { rows: Array<{ since: string | Date | null }> }).rows;
  if (!edge?.since) return [];
  // Every number whose latest message is in the page's millisecond or newer: the page and the ties at its edge.
  const since = new Date(edge.since).toISOString();
  const found = (await db.execute(sql`
    with latest as (
      select distinct on (m.mobile) m.mobile, m.body, m.direction, m.created_at, m.customer_id
        from ${conversationMessages} m
       where m.channel = 'whatsapp' and m.mobile is not null and m.created_at >= ${since}::timestamptz
       order by m.mobile, m.created_at desc, m.id desc
    ), page as (
      -- Newest first; numbers whose latest message came in the same millisecond keep the numbers' order.
      select * from latest order by date_trunc('milliseconds', created_at) desc, mobile limit ${limit}
    )
    select p.mobile, p.body, p.direction, p.created_at, c.name as customer_name, c.reference as customer_reference,
           -- By WhatsApp's own timestamp when it is earlier than our receipt (as windowFor counts it).
           (select max(least(m.created_at, to_timestamp(case when jsonb_typeof(m.meta -> 'timestamp') = 'number' then (m.meta ->> 'timestamp')::double precision end)))
              from ${conversationMessages} m where m.mobile = p.mobile and m.channel = 'whatsapp' and m.direction = 'in') as last_inbound_at
      from page p
      left join ${customers} c on c.id = p.customer_id
     order by date_trunc('milliseconds', p.created_at) desc, p.mobile`)) as unknown as { rows: Array<Record<string, unknown>> };
  return found.rows.map((r) => {
    const last = r.last_inbound_at ? new Date(r.last_inbound_at as string) : null;
    const closes = last ? new Date(last.getTime() + 86_400_000) : null;
    const body = String(r.body);
    return {
      mobile: String(r.mobile),
      key: String(r.mobile).replace(/^\+/, ""),
      customerName: (r.customer_name as string | null) ?? null,
      customerReference: (r.customer_reference as string | null) ?? null,
      lastBody: body.length > 120 ? `${body.slice(0, 119)}…` : body,
      lastDirection: r.direction === "in" ? "in" : "out",
      lastAt: new Date(r.created_at as string).toISOString(),
      window: { open: closes !== null && closes.getTime() > now.getTime(), lastInboundAt: last?.toISOString() ?? null, closesAt: closes?.toISOString() ?? null },
    };
  });
}

export interface ConversationView {
  mobile: string;
  key: string;
  customer: { id: number; name: string; reference: string } | null;
  window: WindowState;
  messages: Array<{ id: number; direction: "in" | "out"; body: string; template: string | null; status: string; at: string; by: string | null; name: string | null }>;
}

/** One mobile's WhatsApp messages, oldest first (the last 200). */
export async function conversation(key: string, now = new Date()): Promise<ConversationView | undefined> {
  const mobile = normaliseMobile(`+${key}`) ?? (/^\d{6,15}$/.test(key) ? `+${key}` : null);
  if (!mobile) return undefined;
  const db = getDb();
  const rows = await db
    .select({
      id: conversationMessages.id,
      direction: conversationMessages.direction,
      body: conversationMessages.body,
      template: conversationMessages.template,
      status: conversationMessages.status,
      createdAt: conversationMessages.createdAt,
      customerId: conversationMessages.customerId,
      by: users.name,
      meta: conversationMessages.meta,
    })
    .from(conversationMessages)
    .leftJoin(users, eq(users.id, conversationMessages.staffUserId))
    .where(and(eq(conversationMessages.mobile, mobile), eq(conversationMessages.channel, "whatsapp")))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(200);
  // No message yet: a customer's number may still be written to (an approved template opens it).
  const customerId = rows.find((r) => r.customerId !== null)?.customerId ?? (rows.length === 0 ? await customerIdForMobile(db, mobile) : null);
  if (rows.length === 0 && customerId === null) return undefined;
  const [customer] = customerId
    ? await db.select({ id: customers.id, name: customers.name, reference: customers.reference }).from(customers).where(eq(customers.id, customerId))
    : [];
  return {
    mobile,
    key: mobile.replace(/^\+/, ""),
    customer: customer ?? null,
    window: await windowFor(db, mobile, now),
    messages: rows.reverse().map((r) => ({
      id: r.id,
      direction: r.direction,
      body: r.body,
      template: r.template,
      status: r.status,
      at: r.createdAt.toISOString(),
      by: r.by,
      name: typeof (r.meta as { name?: unknown }).name === "string" ? ((r.meta as { name: string }).name) : null,
    })),
  };
}

export type OfficeResult = { ok: true; message: string } | { ok: false; field: string; message: string };

/** The office's reply from the conversation view: free text (window open) or an approved template. Audited. */
export async function replyOnWhatsApp(
  staff: StaffMember,
  view: Pick<ConversationView, "mobile" | "customer">,
  reply: { text?: string; template?: { name: string; language: string; params: string[] }; idempotencyKey: string },
): Promise<OfficeResult> {
  try {
    return await getDb().transaction(async (tx) => {
      const key = `whatsapp-reply:${reply.idempotencyKey}`;
      // The same form posted again: it went the first time.
      const [repeat] = await tx.select({ id: conversationMessages.id }).from(conversationMessages).where(eq(conversationMessages.idempotencyKey, key));
      if (repeat) return { ok: true, message: "Your reply is on its way." };
      const row = await sendWhatsApp(tx, {
        customerId: view.customer?.id ?? null,
        mobile: view.mobile,
        text: reply.text,
        template: reply.template,
        staffUserId: staff.userId,
        idempotencyKey: key,
      });
      await audit(tx, auditActor(staff), {
        action: "whatsapp.send",
        entityType: "conversation-message",
        entityId: row.id,
        entityLabel: view.mobile,
        after: { template: row.template, body: row.body.slice(0, 500) },
      });
      return { ok: true, message: reply.template ? `Template “${reply.template.name}” is on its way.` : "Your reply is on its way." };
    });
  } catch (error) {
    if (error instanceof WhatsAppRefusal) return { ok: false, field: error.field === "template" ? "template" : error.field === "mobile" ? "form" : "text", message: error.message };
    throw error;
  }
}

export async function templates(): Promise<WhatsAppTemplate[]> {
  return getDb().select().from(whatsappTemplates).orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
}

export async function approvedTemplates(): Promise<Array<WhatsAppTemplate & { params: number }>> {
  const rows = await getDb().select().from(whatsappTemplates).where(eq(whatsappTemplates.status, "approved")).orderBy(asc(whatsappTemplates.name));
  return rows.map((t) => ({ ...t, params: placeholderCount(t.body) }));
}

/** Adds a template to the registry, or edits one (as Meta approved it). Audited. */
export async function saveTemplate(staff: StaffMember, input: z.output<typeof templateSchema>): Promise<OfficeResult> {
  if (placeholderCount(input.body) > 3) return { ok: false, field: "body", message: "This screen fills at most three values ({{1}} to {{3}})." };
  try {
    return await getDb().transaction(async (tx) => {
      const values = { name: input.name, language: input.language, category: input.category, body: input.body, status: input.status, updatedAt: new Date() };
      if (input.id) {
        const [before] = await tx.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, input.id)).for("update");
        if (!before) return { ok: false, field: "form", message: "That template is no longer in the registry: reload the page." };
        await tx.update(whatsappTemplates).set(values).where(eq(whatsappTemplates.id, input.id));
        await audit(tx, auditActor(staff), { action: "whatsapp-template.edit", entityType: "whatsapp-template", entityId: input.id, entityLabel: input.name, before: { body: before.body, status: before.status, category: before.category }, after: { body: input.body, status: input.status, category: input.category } });
        return { ok: true, message: `Template “${input.name}” is saved.` };
      }
      const [row] = await tx.insert(whatsappTemplates).values(values).returning({ id: whatsappTemplates.id });
      await audit(tx, auditActor(staff), { action: "whatsapp-template.add", entityType: "whatsapp-template", entityId: row!.id, entityLabel: input.name, after: values });
      return { ok: true, message: `Template “${input.name}” is in the registry.` };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "name", message: "A template of that name and language is already in the registry: edit that one." };
    throw error;
  }
}

export interface ConnectionStatus {
  ready: boolean;
  apiBase: string;
  phoneNumberId: string | null;
  webhookSigned: boolean;
  verifyTokenSet: boolean;
  lastWebhook: { at: string; outcome: string; reason: string | null } | null;
}

export async function connectionStatus(): Promise<ConnectionStatus> {
  const s = await effectiveWhatsApp();
  const result = (await getDb().execute(sql`select received_at, outcome, reason from webhook_events where provider = 'whatsapp' order by received_at desc, id desc limit 1`)) as unknown as {
    rows: Array<{ received_at: Date | string; outcome: string; reason: string | null }>;
  };
  const last = result.rows[0];
  return {
    ready: s.ready,
    apiBase: s.apiBase,
    phoneNumberId: s.phoneNumberId ?? null,
    webhookSigned: Boolean(s.appSecret),
    verifyTokenSet: Boolean(s.verifyToken),
    lastWebhook: last ? { at: new Date(last.received_at).toISOString(), outcome: last.outcome, reason: last.reason } : null,
  };
}
