import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { outbox } from "~/.server/db/schema.ts";
import { dayStart, idList, indiaDay, markMessageLogStale } from "~/.server/notifications/message-log-stale.ts";
import type { EmailLogFilter, SmsLogFilter } from "~/lib/forms/admin/communications.ts";

/**
 * The SMS and e-mail logs' read side (ADR 035). At seed:volume (200,000 SMS, 100,000 e-mails) the logs
 * counted every message of the channel for their tabs on each view, and searched with `ILIKE '%…%'` over
 * the outbox, both full reads of the outbox (85 MB). An index on the outbox would be paid by every message
 * queued (the request form's p99), so nothing here is written when a message is queued: each read of a log
 * first catches up (catchUpMessageLog), as the communications thread list does (ADR 033).
 *
 * - message_log_search: each SMS's and e-mail's recipient and subject, with trigram indexes, copied for the
 *   messages written since the last catch-up (found by id, and by created_at over the last minutes for a
 *   transaction that committed late). Only an erasure changes them afterwards, and it refreshes them
 *   (refreshMessageLog).
 * - message_log_days: each tab's count per channel and India calendar day, for the days before yesterday;
 *   yesterday and today (and any later date) are counted from the outbox at each read. A counted day is
 *   counted again when a message is written into it later (an import, by id), while it holds a message still
 *   pending or being sent (the worker's retries), and when a change marks it stale (message_log_stale): a
 *   delivery report, a retry or an erasure that changed one of its messages (refreshMessageLog).
 */

type Executor = Database | Transaction;
type Rows<T = Record<string, unknown>> = { rows: T[] };

/** A late commit is still caught up if its transaction began at most this long before the previous catch-up. */
const OVERLAP = "5 minutes";

export const SMS_LOG_TABS = ["all", "delivered", "awaiting", "failed"] as const;
export const EMAIL_LOG_TABS = ["all", "sent", "pending", "failed"] as const;
export type LogChannel = "sms" | "email";

/** The SMS log's tabs: by the provider's delivery report, and what the outbox could not send. */
export function smsShow(show: SmsLogFilter): SQL | undefined {
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

/** The e-mail log's tabs: by the outbox's status. */
export function emailShow(show: EmailLogFilter): SQL | undefined {
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

/** Each tab's condition on the outbox's columns (the table unaliased in every query that uses them). */
function tabConditions(channel: LogChannel): Array<[string, SQL | undefined]> {
  return channel === "sms" ? SMS_LOG_TABS.map((t) => [t, smsShow(t)]) : EMAIL_LOG_TABS.map((t) => [t, emailShow(t)]);
}

/** The counts of each tab, as one jsonb object per group, over outbox rows. */
function countsObject(channel: LogChannel): SQL {
  const parts = tabConditions(channel).map(([tab, condition]) => sql`${tab}::text, (count(*) ${condition ? sql`filter (where ${condition})` : sql``})::int`);
  return sql`jsonb_build_object(${sql.join(parts, sql`, `)})`;
}

/** Counts a channel's days again from the outbox rows `rows` (a FROM clause, the outbox unaliased), replacing their rows. */
async function countDays(tx: Executor, channel: LogChannel, rows: SQL): Promise<void> {
  const day = indiaDay(sql`outbox.created_at`);
  await tx.execute(sql`
    insert into message_log_days (channel, day, counts, unsettled)
    select ${channel}, ${day}, ${countsObject(channel)}, (count(*) filter (where outbox.status in ('pending', 'sending')))::int
      from ${rows}
     group by ${day}
    on conflict (channel, day) do update set counts = excluded.counts, unsettled = excluded.unsettled`);
}

/** Counts the given days of a channel again: each day by its own range of outbox_created. */
async function recountDays(tx: Executor, channel: LogChannel, days: string[]): Promise<void> {
  if (days.length === 0) return;
  const list = sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  );
  // A day that no longer holds a message of the channel keeps no row.
  await tx.execute(sql`delete from message_log_days where channel = ${channel} and day in (${list})`);
  await countDays(
    tx,
    channel,
    sql`unnest(array[${list}]) as d(day) join outbox on outbox.channel = ${channel} and outbox.created_at >= ${dayStart(sql`d.day`)} and outbox.created_at < ${dayStart(sql`d.day + 1`)}`,
  );
}

/** Counts the days from `from` to before `before` for the first time. */
async function countRange(tx: Executor, channel: LogChannel, from: string, before: string): Promise<void> {
  await countDays(tx, channel, sql`outbox where outbox.channel = ${channel} and outbox.created_at >= ${dayStart(sql`${from}::date`)} and outbox.created_at < ${dayStart(sql`${before}::date`)}`);
}

interface SyncState {
  last_id: number;
  synced_at: string | Date;
  counted_before: string;
  max_id: number;
  yesterday: string;
  work: boolean;
}

/**
 * Brings the read side up to date (see the module's comment); called by the logs before they read. With
 * nothing written, reported or retried since the last catch-up, it writes nothing and takes no lock.
 */
export async function catchUpMessageLog(db: Executor): Promise<void> {
  const [state] = ((await db.execute(checkStatement())) as unknown as Rows<SyncState>).rows;
  if (state && !state.work) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into message_log_sync (id, last_id, synced_at, counted_before) values (1, 0, now(), '1900-01-01') on conflict (id) do nothing`);
    // Catch-ups never interleave: each sees what the previous one wrote.
    await tx.execute(sql`select id from message_log_sync where id = 1 for update`);
    const [now] = ((await tx.execute(checkStatement())) as unknown as Rows<SyncState>).rows;
    if (!now?.work) return;
    const lastId = Number(now.last_id);
    const since = new Date(now.synced_at).toISOString();
    const copied = (await tx.execute(sql`
      with copied as (
        insert into message_log_search (outbox_id, channel, recipient, subject)
        select id, channel, recipient, subject from outbox
         where channel in ('sms', 'email')
           and (id > ${lastId} or created_at between ${since}::timestamptz - interval '${sql.raw(OVERLAP)}' and now() + interval '1 minute')
        on conflict (outbox_id) do nothing
        returning 1)
      select count(*)::int as n from copied`)) as unknown as Rows<{ n: number }>;
    // New entries wait in the trigram indexes' pending lists, which every search reads through: merged now,
    // by the read that wrote them (a few pages), never left to grow to their 4 MB limit.
    if (Number(copied.rows[0]?.n ?? 0) > 0) {
      await tx.execute(sql`select gin_clean_pending_list('message_log_search_recipient'::regclass), gin_clean_pending_list('message_log_search_subject'::regclass)`);
    }
    // Days to count again: written into by an import (ids since the last catch-up), marked stale, or holding
    // a message not yet sent or given up. The stale marks are taken first: a mark written after this statement
    // stays for the next catch-up.
    const again = (
      (await tx.execute(sql`
        with stale as (delete from message_log_stale returning channel, day)
        select channel, day::text as day from stale where day < ${now.counted_before}::date
        union
        select channel, ${indiaDay(sql`created_at`)}::text from outbox
         where id > ${lastId} and channel in ('sms', 'email') and created_at < ${dayStart(sql`${now.counted_before}::date`)}
        union
        select channel, day::text from message_log_days where unsettled > 0 and day < ${now.counted_before}::date`)) as unknown as Rows<{ channel: LogChannel; day: string }>
    ).rows;
    const range = now.counted_before < now.yesterday ? { from: now.counted_before, before: now.yesterday } : null;
    for (const channel of ["sms", "email"] as const) {
      await recountDays(
        tx,
        channel,
        again.filter((r) => r.channel === channel).map((r) => r.day),
      );
      if (range) await countRange(tx, channel, range.from, range.before);
    }
    await tx.execute(sql`
      update message_log_sync set last_id = ${Number(now.max_id)}, synced_at = now(),
             counted_before = greatest(counted_before, ${now.yesterday}::date)
       where id = 1`);
  });
}

/**
 * The sync row and whether a catch-up has work: messages newer than the last seen id (or written in the
 * late-commit window and not yet copied), a stale mark, an unsettled day, or a day that became countable.
 */
function checkStatement(): SQL {
  const yesterday = sql`(((now() at time zone 'UTC') + interval '330 minutes')::date - 1)`;
  return sql`
    select s.last_id, s.synced_at, s.counted_before::text as counted_before, m.max_id, ${yesterday}::text as yesterday,
           (m.max_id > s.last_id
             or s.counted_before < ${yesterday}
             or exists (select 1 from message_log_stale)
             or exists (select 1 from message_log_days where unsettled > 0)
             or exists (select 1 from outbox o
                         where o.channel in ('sms', 'email')
                           and o.created_at between s.synced_at - interval '${sql.raw(OVERLAP)}' and now() + interval '1 minute'
                           and not exists (select 1 from message_log_search x where x.outbox_id = o.id))) as work
      from message_log_sync s, (select coalesce(max(id), 0) as max_id from outbox) m
     where s.id = 1`;
}

/**
 * After an erasure changed messages' recipient, subject or status, in its transaction: their copied
 * recipient and subject follow (the erased number or name must not stay in a copy), and their days are
 * marked to be counted again.
 */
export async function refreshMessageLog(tx: Executor, outboxIds: readonly number[]): Promise<void> {
  if (outboxIds.length === 0) return;
  await tx.execute(sql`
    update message_log_search s set recipient = o.recipient, subject = o.subject
      from outbox o
     where o.id = s.outbox_id and s.outbox_id in (${idList(outboxIds)})
       and (s.recipient is distinct from o.recipient or s.subject is distinct from o.subject)`);
  await markMessageLogStale(tx, outboxIds);
}

/**
 * Each tab's count of a log without a search: the counted days of the date range, plus the messages of
 * yesterday, today and later days, counted from the outbox. `from` and `to` are India days (inclusive).
 */
export async function logTabCounts(db: Executor, channel: LogChannel, range: { from?: string | undefined; to?: string | undefined }): Promise<Record<string, number>> {
  const [sync] = ((await db.execute(sql`select counted_before::text as counted_before from message_log_sync where id = 1`)) as unknown as Rows<{ counted_before: string }>).rows;
  const countedBefore = sync?.counted_before ?? "1900-01-01";
  const dayRange: SQL[] = [sql`channel = ${channel}`, sql`day < ${countedBefore}::date`];
  if (range.from) dayRange.push(sql`day >= ${range.from}::date`);
  if (range.to) dayRange.push(sql`day <= ${range.to}::date`);
  const live: SQL[] = [sql`channel = ${channel}`, sql`created_at >= ${dayStart(sql`${countedBefore}::date`)}`];
  if (range.from) live.push(sql`created_at >= ${dayStart(sql`${range.from}::date`)}`);
  if (range.to) live.push(sql`created_at < ${dayStart(sql`${range.to}::date + 1`)}`);
  const tabs = tabConditions(channel);
  // One row: each tab's sum over the counted days (d0, d1…) and its count over the outbox's last days (l0, l1…).
  const summed = sql.join(
    tabs.map(([tab], i) => sql`coalesce(sum((counts ->> ${tab})::int), 0)::int as ${sql.raw(`d${i}`)}`),
    sql`, `,
  );
  const counted = sql.join(
    tabs.map(([, condition], i) => sql`(count(*) ${condition ? sql`filter (where ${condition})` : sql``})::int as ${sql.raw(`l${i}`)}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select * from (select ${summed} from message_log_days where ${sql.join(dayRange, sql` and `)}) d,
                  (select ${counted} from outbox where ${sql.join(live, sql` and `)}) l`)) as unknown as Rows<Record<string, number>>;
  const row = result.rows[0] ?? {};
  const out: Record<string, number> = {};
  tabs.forEach(([tab], i) => (out[tab] = Number(row[`d${i}`] ?? 0) + Number(row[`l${i}`] ?? 0)));
  return out;
}

/** A database no log was read from yet (no sync row): start-up copies and counts everything once. */
export async function messageLogNeedsCatchUp(db: Executor): Promise<boolean> {
  const result = (await db.execute(sql`select 1 from message_log_sync where id = 1`)) as unknown as Rows;
  return result.rows.length === 0;
}
