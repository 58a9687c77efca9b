import { and, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { CSV_BATCH_ROWS, CSV_MAX_ROWS, keysetBatches, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers, messageLogSearch, outbox, smsTemplates } from "~/.server/db/schema.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { catchUpMessageLog, EMAIL_LOG_TABS, emailShow, logTabCounts, SMS_LOG_TABS, smsShow } from "./log-summary.ts";
import type { EmailLogFilters, SmsLogFilters } from "~/lib/forms/admin/communications.ts";

/**
 * The SMS log (/admin/sms) and the e-mail log (/admin/emails): the outbox's messages of that channel,
 * newest first, in keyset pages on (created_at, id), with a count per tab, filters (dates in India's
 * calendar, a search) and the CSV export of the whole filter. The search and the counts are answered by the
 * logs' read side (./log-summary.ts, ADR 035), caught up before each read: the outbox's inserts pay nothing.
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

/** The messages of a channel whose copied recipient or subject (message_log_search, trigram-indexed) match. */
function matching(channel: "sms" | "email", condition: SQL): SQL {
  return inArray(
    outbox.id,
    getDb()
      .select({ id: messageLogSearch.outboxId })
      .from(messageLogSearch)
      .where(and(eq(messageLogSearch.channel, channel), condition)),
  );
}

/** A mobile number typed any way: its digits, matched inside the stored +91 number. */
function smsSearch(q: string): SQL {
  const digits = q.replace(/\D/g, "");
  const national = digits.length > 10 ? digits.slice(-10) : digits;
  return matching("sms", ilike(messageLogSearch.recipient, `%${likeEscape(national || q)}%`));
}

function emailSearch(q: string): SQL {
  const pattern = `%${likeEscape(q)}%`;
  return matching("email", or(ilike(messageLogSearch.recipient, pattern), ilike(messageLogSearch.subject, pattern))!);
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


function smsBase(f: SmsLogFilters): SQL {
  return and(eq(outbox.channel, "sms"), f.q ? smsSearch(f.q) : undefined, ...dateConditions(f))!;
}

function emailBase(f: EmailLogFilters): SQL {
  return and(eq(outbox.channel, "email"), f.q ? emailSearch(f.q) : undefined, ...dateConditions(f))!;
}

/**
 * The tabs' counts: with a search, over its matches (found on the trigram indexes, then read from the
 * outbox); without, from the counted days and the outbox's messages of yesterday and today (./log-summary.ts).
 */
function tabCountsOf<T extends string>(channel: "sms" | "email", f: { q?: string | undefined; from?: string | undefined; to?: string | undefined }, base: SQL, tabs: readonly T[], conditionOf: (t: T) => SQL | undefined): Promise<Record<string, number>> {
  if (f.q) return counts(base, tabs, conditionOf);
  let { from, to } = f;
  if (from && to && from > to) [from, to] = [to, from];
  return logTabCounts(getDb(), channel, { from, to });
}

export async function listSmsLog(f: SmsLogFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<MessageLogPage> {
  await catchUpMessageLog(getDb());
  const base = smsBase(f);
  const [found, tabCounts] = await Promise.all([rows(and(base, smsShow(f.show), cursorCondition(cursor)), size + 1), tabCountsOf("sms", f, base, SMS_LOG_TABS, smsShow)]);
  const page = keysetPage(found, (r): Cursor => [r.cursorAt, r.id], size);
  return { rows: page.rows.map(item), next: page.next, total: tabCounts[f.show] ?? 0, counts: tabCounts };
}

/**
 * Every message of the filter, newest first, for the CSV export (at most CSV_MAX_ROWS): the page's own query
 * walked in keyset batches and streamed (ADR 024), so the download starts with its first hundred rows.
 */
async function* exportLog(filter: SQL | undefined, max: number, batch: number): AsyncGenerator<MessageLogItem[]> {
  // A search reads the copied recipients and subjects: they are brought up to date first.
  await catchUpMessageLog(getDb());
  const batches = keysetBatches((cursor, size) => rows(and(filter, cursorCondition(cursor)), size), (r): Cursor => [r.cursorAt, r.id], max, batch);
  for await (const found of batches) yield found.map(item);
}

export function exportSmsLog(f: SmsLogFilters, max = CSV_MAX_ROWS, batch = CSV_BATCH_ROWS): AsyncGenerator<MessageLogItem[]> {
  return exportLog(and(smsBase(f), smsShow(f.show)), max, batch);
}

export async function listEmailLog(f: EmailLogFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<MessageLogPage> {
  await catchUpMessageLog(getDb());
  const base = emailBase(f);
  const [found, tabCounts] = await Promise.all([rows(and(base, emailShow(f.show), cursorCondition(cursor)), size + 1), tabCountsOf("email", f, base, EMAIL_LOG_TABS, emailShow)]);
  const page = keysetPage(found, (r): Cursor => [r.cursorAt, r.id], size);
  return { rows: page.rows.map(item), next: page.next, total: tabCounts[f.show] ?? 0, counts: tabCounts };
}

export function exportEmailLog(f: EmailLogFilters, max = CSV_MAX_ROWS, batch = CSV_BATCH_ROWS): AsyncGenerator<MessageLogItem[]> {
  return exportLog(and(emailBase(f), emailShow(f.show)), max, batch);
}
