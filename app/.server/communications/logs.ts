import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { CSV_BATCH_ROWS, CSV_MAX_ROWS, keysetBatches, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers, outbox, smsTemplates } from "~/.server/db/schema.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import type { EmailLogFilter, EmailLogFilters, SmsLogFilter, SmsLogFilters } from "~/lib/forms/admin/communications.ts";

/**
 * The SMS log (/admin/sms) and the e-mail log (/admin/emails): the outbox's messages of that channel,
 * newest first, in keyset pages on (created_at, id), with a count per tab, filters (dates in India's
 * calendar, a search) and the CSV export of the whole filter.
 */

export interface MessageLogItem {
  id: number;
  recipient: string;
  subject: string | null;
  body: string;
  /** SMS: the template's registered name (or its DLT id); e-mail: the template's name. */
  template: string;
  status: string;
  deliveryStatus: string | null;
  providerMessageId: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  customerReference: string | null;
  customerName: string | null;
}

export interface MessageLogPage {
  rows: MessageLogItem[];
  next: string | null;
  total: number;
  counts: Record<string, number>;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function indiaDayStart(isoDay: string, plusDays = 0): Date {
  return new Date(new Date(`${isoDay}T00:00:00+05:30`).getTime() + plusDays * 86_400_000);
}

function dateConditions(f: { from?: string | undefined; to?: string | undefined }): SQL[] {
  const where: SQL[] = [];
  let { from, to } = f;
  if (from && to && from > to) [from, to] = [to, from];
  if (from) where.push(sql`${outbox.createdAt} >= ${indiaDayStart(from).toISOString()}::timestamptz`);
  if (to) where.push(sql`${outbox.createdAt} < ${indiaDayStart(to, 1).toISOString()}::timestamptz`);
  return where;
}

function smsShow(show: SmsLogFilter): SQL | undefined {
  switch (show) {
    case "delivered":
      return eq(outbox.deliveryStatus, "delivered");
    case "awaiting":
      return and(eq(outbox.status, "sent"), or(isNull(outbox.deliveryStatus), eq(outbox.deliveryStatus, "sent")));
    case "failed":
      return or(eq(outbox.status, "failed"), eq(outbox.deliveryStatus, "failed"));
    default:
      return undefined;
  }
}

function emailShow(show: EmailLogFilter): SQL | undefined {
  switch (show) {
    case "sent":
      return eq(outbox.status, "sent");
    case "pending":
      return inArray(outbox.status, ["pending", "sending"]);
    case "failed":
      return eq(outbox.status, "failed");
    default:
      return undefined;
  }
}

/** A mobile number typed any way: its digits, matched inside the stored +91 number. */
function smsSearch(q: string): SQL {
  const digits = q.replace(/\D/g, "");
  const national = digits.length > 10 ? digits.slice(-10) : digits;
  return national ? ilike(outbox.recipient, `%${likeEscape(national)}%`) : ilike(outbox.recipient, `%${likeEscape(q)}%`);
}

function emailSearch(q: string): SQL {
  const pattern = `%${likeEscape(q)}%`;
  return or(ilike(outbox.recipient, pattern), ilike(outbox.subject, pattern))!;
}

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || Number.isNaN(Date.parse(value)) || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${outbox.createdAt}, ${outbox.id}) < (${value}::timestamptz, ${id})`;
}

const selection = {
  id: outbox.id,
  recipient: outbox.recipient,
  subject: outbox.subject,
  body: outbox.body,
  template: outbox.template,
  templateName: smsTemplates.name,
  status: outbox.status,
  deliveryStatus: outbox.deliveryStatus,
  providerMessageId: outbox.providerMessageId,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  // Microseconds kept for the cursor: a Date would cut them, and skip or repeat a row at a page's edge.
  cursorAt: sql<string>`to_char(${outbox.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  sentAt: outbox.sentAt,
  deliveredAt: outbox.deliveredAt,
  customerReference: customers.reference,
  customerName: customers.name,
};

async function rows(where: SQL | undefined, limit: number) {
  return getDb()
    .select(selection)
    .from(outbox)
    .leftJoin(customers, eq(customers.id, outbox.customerId))
    .leftJoin(smsTemplates, and(eq(outbox.channel, "sms"), eq(smsTemplates.dltTemplateId, outbox.template)))
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

/** A built-in template's name by the id the code queues it with (the registry may hold another id for it now). */
const BUILT_IN_NAMES = new Map(Object.entries(DLT_TEMPLATES).map(([name, t]) => [t.id, name]));

function item(r: Row): MessageLogItem {
  return {
    id: r.id,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    template: r.templateName ?? BUILT_IN_NAMES.get(r.template) ?? r.template,
    status: r.status,
    deliveryStatus: r.deliveryStatus,
    providerMessageId: r.providerMessageId,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
    customerReference: r.customerReference,
    customerName: r.customerName,
  };
}

async function counts<T extends string>(base: SQL | undefined, tabs: readonly T[], conditionOf: (t: T) => SQL | undefined): Promise<Record<string, number>> {
  const fields: Record<string, SQL<number>> = {};
  for (const t of tabs) {
    const c = conditionOf(t);
    fields[t] = c ? sql<number>`count(*) filter (where ${c})::int` : sql<number>`count(*)::int`;
  }
  const [row] = await getDb().select(fields).from(outbox).where(base);
  const out: Record<string, number> = {};
  for (const t of tabs) out[t] = Number((row as Record<string, unknown> | undefined)?.[t] ?? 0);
  return out;
}

const SMS_TABS = ["all", "delivered", "awaiting", "failed"] as const;
const EMAIL_TABS = ["all", "sent", "pending", "failed"] as const;

function smsBase(f: SmsLogFilters): SQL {
  return and(eq(outbox.channel, "sms"), f.q ? smsSearch(f.q) : undefined, ...dateConditions(f))!;
}

function emailBase(f: EmailLogFilters): SQL {
  return and(eq(outbox.channel, "email"), f.q ? emailSearch(f.q) : undefined, ...dateConditions(f))!;
}

export async function listSmsLog(f: SmsLogFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<MessageLogPage> {
  const base = smsBase(f);
  const [found, tabCounts] = await Promise.all([rows(and(base, smsShow(f.show), cursorCondition(cursor)), size + 1), counts(base, SMS_TABS, smsShow)]);
  const page = keysetPage(found, (r): Cursor => [r.cursorAt, r.id], size);
  return { rows: page.rows.map(item), next: page.next, total: tabCounts[f.show] ?? 0, counts: tabCounts };
}

/**
 * Every message of the filter, newest first, for the CSV export (at most CSV_MAX_ROWS): the page's own query
 * walked in keyset batches and streamed (ADR 024), so the download starts with its first hundred rows.
 */
async function* exportLog(filter: SQL | undefined, max: number, batch: number): AsyncGenerator<MessageLogItem[]> {
  const batches = keysetBatches((cursor, size) => rows(and(filter, cursorCondition(cursor)), size), (r): Cursor => [r.cursorAt, r.id], max, batch);
  for await (const found of batches) yield found.map(item);
}

export function exportSmsLog(f: SmsLogFilters, max = CSV_MAX_ROWS, batch = CSV_BATCH_ROWS): AsyncGenerator<MessageLogItem[]> {
  return exportLog(and(smsBase(f), smsShow(f.show)), max, batch);
}

export async function listEmailLog(f: EmailLogFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<MessageLogPage> {
  const base = emailBase(f);
  const [found, tabCounts] = await Promise.all([rows(and(base, emailShow(f.show), cursorCondition(cursor)), size + 1), counts(base, EMAIL_TABS, emailShow)]);
  const page = keysetPage(found, (r): Cursor => [r.cursorAt, r.id], size);
  return { rows: page.rows.map(item), next: page.next, total: tabCounts[f.show] ?? 0, counts: tabCounts };
}

export function exportEmailLog(f: EmailLogFilters, max = CSV_MAX_ROWS, batch = CSV_BATCH_ROWS): AsyncGenerator<MessageLogItem[]> {
  return exportLog(and(emailBase(f), emailShow(f.show)), max, batch);
}
