import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";

/**
 * The SMS and e-mail logs count each settled day once (ADR 035, ~/.server/communications/log-summary.ts);
 * a change to an old message's status or delivery report marks its day here, to be counted again at the
 * next read. In the messaging layer, as the delivery reports and retries that call it.
 */

type Executor = Database | Transaction;

/** The India calendar day (UTC+05:30, no daylight saving) of a timestamptz expression, as SQL. */
export function indiaDay(column: SQL): SQL {
  return sql`((${column} at time zone 'UTC') + interval '330 minutes')::date`;
}

/** The instant an India calendar day (a date expression) starts. */
export function dayStart(day: SQL): SQL {
  return sql`((${day})::timestamp - interval '330 minutes') at time zone 'UTC'`;
}

/** The outbox ids as an SQL list (never empty: callers return first). */
export function idList(outboxIds: readonly number[]): SQL {
  return sql.join(
    [...new Set(outboxIds)].map((id) => sql`${id}::int`),
    sql`, `,
  );
}

/**
 * After a change to the status or delivery report of messages already written (a delivery report, a
 * retry), in the caller's transaction: their days, if already counted, are marked to be counted again.
 * Writes nothing for messages of yesterday and today (counted at each read anyway), and nothing before
 * the first catch-up (which counts everything).
 */
export async function markMessageLogStale(tx: Executor, outboxIds: readonly number[]): Promise<void> {
  if (outboxIds.length === 0) return;
  await tx.execute(sql`
    insert into message_log_stale (channel, day)
    select distinct o.channel, ${indiaDay(sql`o.created_at`)}
      from outbox o, message_log_sync s
     where s.id = 1 and o.id in (${idList(outboxIds)}) and o.channel in ('sms', 'email') and o.created_at < ${dayStart(sql`s.counted_before`)}
    on conflict do nothing`);
}

