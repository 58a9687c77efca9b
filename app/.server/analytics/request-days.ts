import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";

/**
 * The per-day rollups of the requests for analytics (ADR 070, the dated section; tables analytics_request_days
 * and analytics_request_day_state). A closed India day's requests are counted once, per service, per urgency
 * (with the response figures and seconds) and per city, and read from there by every later period; the open
 * day is counted from service_requests at each read. The rollups are built here, lazily, for the days a
 * period needs that were never built or were changed since (the trigger of migration
 * 0041_analytics-request-day-rollups marks them): an existing database gets its rollups on the screen's first
 * read, and the public form's insert of today's request never touches them.
 */

/** India keeps +05:30 all year (no summer time since 1945): a day is plain arithmetic on the epoch. */
export const IST_OFFSET_SECONDS = 19_800;

/** The India day number (days since 1970-01-01 in India) of the India day starting at `instant`. */
export const dayNumberOfStart = (instant: Date) => Math.round((instant.getTime() / 1000 + IST_OFFSET_SECONDS) / 86_400);

/**
 * Only days that ended ten minutes ago are rolled up. The trigger marks a change to a day that has ended by
 * the clock when the row is written; a transaction that wrote to a day just before midnight and commits after
 * it is counted live until the rollup may take it (one open longer than ten minutes is not expected of any
 * write path: they are single requests and short imports).
 */
const OPEN_DAY = sql`floor((date_part('epoch', now() - interval '10 minutes') + ${sql.raw(String(IST_OFFSET_SECONDS))}) / 86400)::int`;

type Rows<T> = { rows: T[] };

/**
 * Makes the rollups of the closed days in [fromDay, toDay) current, and answers the first day not rolled up
 * (the open day, or toDay for a period in the past): days from there on are counted live.
 */
export async function ensureRequestDays(fromDay: number, toDay: number): Promise<number> {
  const db = getDb();
  // One index range on the state's key: how many of the period's closed days are current.
  const [state] = ((await db.execute(sql`
    select o.open_day, (select count(*)::int from analytics_request_day_state s
                         where s.day >= ${fromDay} and s.day < least(${toDay}, o.open_day) and s.built = s.changes) as current
      from (select ${OPEN_DAY} as open_day) o`)) as unknown as Rows<{ open_day: number; current: number }>).rows;
  const closedTo = Math.max(fromDay, Math.min(toDay, Number(state!.open_day)));
  if (Number(state!.current) >= closedTo - fromDay) return closedTo;
  await db.transaction(async (tx) => {
    // Two screens building at once on PostgreSQL: the second waits, then finds the days current.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('analytics.request-days'))`);
    await tx.execute(buildStatement(fromDay, closedTo));
  });
  return closedTo;
}

/**
 * One statement (one snapshot): the stale days' requests read, their old rows deleted, the new ones written and
 * the `changes` seen recorded as `built`. A request changed by a transaction that commits after this snapshot
 * leaves built behind changes (its trigger added one), so that day is built again at the next read.
 */
function buildStatement(fromDay: number, toDay: number) {
  const day = sql`floor((date_part('epoch', created_at) + ${sql.raw(String(IST_OFFSET_SECONDS))}) / 86400)::int`;
  const answered = sql`duplicate_of_id is null`;
  // grouping(service_name, urgency, city): a bit per column left out, service 4, urgency 2, city 1.
  const urgencyOnly = (aggregate: ReturnType<typeof sql>) => sql`case when grouping(service_name, urgency, city) = 5 then ${aggregate} end`;
  return sql`
    with stale as (
      select d as day, s.changes
        from generate_series(${fromDay}::int, ${toDay - 1}::int) d
        left join analytics_request_day_state s on s.day = d
       where not coalesce(s.built = s.changes, false)
    ),
    r as (
      select r.* from (
        select ${day} as day, urgency, service_name, city, duplicate_of_id, created_at, first_contact_at, response_due_at
          from service_requests
         where created_at >= to_timestamp(${fromDay}::float8 * 86400 - ${IST_OFFSET_SECONDS})
           and created_at < to_timestamp(${toDay}::float8 * 86400 - ${IST_OFFSET_SECONDS})
      ) r join stale using (day)
    ),
    gone as (
      delete from analytics_request_days a using stale where a.day = stale.day
    ),
    made as (
      insert into analytics_request_days (day, dimension, value, received, answered, responded, within2, within4, promised, kept, response_seconds)
      select day,
             case grouping(service_name, urgency, city) when 3 then 'service' when 5 then 'urgency' else 'city' end,
             case grouping(service_name, urgency, city) when 3 then service_name when 5 then urgency else city end,
             count(*)::int,
             ${urgencyOnly(sql`count(*) filter (where ${answered})::int`)},
             ${urgencyOnly(sql`count(first_contact_at) filter (where ${answered})::int`)},
             ${urgencyOnly(sql`count(*) filter (where ${answered} and first_contact_at <= created_at + interval '2 hours')::int`)},
             ${urgencyOnly(sql`count(*) filter (where ${answered} and first_contact_at <= created_at + interval '4 hours')::int`)},
             ${urgencyOnly(sql`count(response_due_at) filter (where ${answered})::int`)},
             ${urgencyOnly(sql`count(*) filter (where ${answered} and first_contact_at <= response_due_at)::int`)},
             -- The same float8 seconds the live statement sorts (date_part of the interval), for exact percentiles.
             ${urgencyOnly(sql`array_agg(date_part('epoch', first_contact_at - created_at)) filter (where ${answered} and first_contact_at is not null)`)}
        from r
       group by grouping sets ((day, service_name), (day, urgency), (day, city))
    )
    insert into analytics_request_day_state (day, changes, built)
    select day, coalesce(changes, 0), coalesce(changes, 0) from stale
    on conflict (day) do update set built = excluded.built`;
}
