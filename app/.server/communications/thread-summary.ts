import { eq, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { communicationThreadsSync } from "~/.server/db/schema.ts";

/**
 * The stored thread list of /admin/communications (communication_threads, ADR 033). Working the list out
 * from every message on each request took seconds at volume (100,000 customers, 300,000 outbox rows), so
 * each thread's latest line and "awaiting reply" are kept in a row, rebuilt per thread from the same rules
 * as the thread itself (./thread.ts):
 *
 * - nothing on the request form writes it (a trigger-maintained copy made the form 4x slower; a column
 *   filled by every writer, ADR 036, cost it a tenth): the screen catches up before it reads
 *   (catchUpThreads), refreshing the threads of the rows written since its last read, found by the source
 *   tables' primary keys: above each table's watermark (rows written with any date: seeds, imports), and
 *   in the gaps below it that an earlier catch-up saw (a transaction that committed after that read; see
 *   Gap). Each row's threads are worked out once, at the first read that sees it (ADR 049);
 * - what changes a thread without writing a new row (an erasure, a customer's number or e-mail changed)
 *   refreshes its threads in its own transaction (refreshThreads);
 * - rebuildThreads works the whole list out again (the migration's backfill, and the first catch-up of a
 *   database that has no sync row yet).
 */

type Executor = Database | Transaction;
type Rows = { rows: Array<Record<string, unknown>> };

/** Which threads to refresh: customers by id, and addresses (a +91 mobile, or a lower-case e-mail). */
export interface ThreadScope {
  customerIds?: ReadonlyArray<number | null | undefined>;
  addresses?: ReadonlyArray<string | null | undefined>;
}

/**
 * Every piece of activity, one row each, as ./thread.ts describes it; `scoped` adds to each part a filter
 * its indexes answer, to the threads of the CTEs scope_c (customers), scope_m (mobiles), scope_e (e-mails).
 */
function activity(scoped: boolean): SQL {
  const when = (condition: string) => sql.raw(scoped ? ` and (${condition})` : "");
  return sql`
  select coalesce(cm.customer_id, c.id) as customer_id,
         case when coalesce(cm.customer_id, c.id) is null then cm.mobile end as mobile,
         cm.created_at as at, cm.channel as channel, cm.direction as direction, left(cm.body, 160) as preview,
         (cm.direction = 'out' and cm.staff_user_id is not null) as answer
    from conversation_messages cm
    left join customers c on cm.customer_id is null and c.mobile = cm.mobile
   where (cm.customer_id is not null or cm.mobile is not null)${when("cm.customer_id = any(array(select id from scope_c)) or (cm.customer_id is null and cm.mobile = any(array(select m from scope_m)))")}
  union all
  select o.customer_id, null, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160), false
    from outbox o where o.customer_id is not null and o.channel in ('sms', 'email')${when("o.customer_id = any(array(select id from scope_c))")}
  union all
  select c.id, null, o.created_at, o.channel, 'out', left(o.body, 160), false
    from outbox o join customers c on c.mobile = o.recipient
   where o.customer_id is null and o.channel = 'sms'${when("lower(o.recipient) = any(array(select m from scope_m)) and o.channel in ('sms', 'email')")}
  union all
  select c.id, null, o.created_at, o.channel, 'out', left(coalesce(o.subject, o.body), 160), false
    from outbox o join customers c on lower(c.email) = lower(o.recipient)
   where o.customer_id is null and o.channel = 'email'${when("lower(o.recipient) = any(array(select e from scope_e)) and o.channel in ('sms', 'email')")}
  union all
  select c.id, case when c.id is null then im.mobile end, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160), false
    from inbound_messages im
    left join customers c on c.mobile = im.mobile
   where im.mobile is not null${when("im.mobile = any(array(select m from scope_m))")}
  union all
  select c.id, null, im.created_at, 'form', 'in', left(coalesce(nullif(im.message, ''), im.subject, im.form), 160), false
    from inbound_messages im
    join customers c on lower(c.email) = lower(im.email)
   where im.mobile is null and im.email is not null${when("lower(im.email) = any(array(select e from scope_e))")}
  union all
  select coalesce(r.customer_id, c.id), null, e.created_at, 'call', 'out', left(coalesce(e.note, 'Call logged'), 160), true
    from request_events e
    join service_requests r on r.id = e.request_id
    left join customers c on r.customer_id is null and c.mobile = r.mobile
   where e.kind = 'call' and coalesce(r.customer_id, c.id) is not null${when("r.customer_id = any(array(select id from scope_c)) or (r.customer_id is null and r.mobile = any(array(select m from scope_m)))")}
  union all
  select coalesce(r.customer_id, c.id), case when coalesce(r.customer_id, c.id) is null then r.mobile end,
         r.created_at, 'request', 'in', left(r.reference || ': ' || r.fault_description, 160), false
    from service_requests r
    left join customers c on r.customer_id is null and c.mobile = r.mobile
   where true${when("r.customer_id = any(array(select id from scope_c)) or (r.customer_id is null and r.mobile = any(array(select m from scope_m)))")}
  union all
  select coalesce(r.customer_id, c.id), case when coalesce(r.customer_id, c.id) is null then r.mobile end,
         r.first_contact_at, 'request', 'out', null, true
    from service_requests r
    left join customers c on r.customer_id is null and c.mobile = r.mobile
   where r.first_contact_at is not null${when("r.customer_id = any(array(select id from scope_c)) or (r.customer_id is null and r.mobile = any(array(select m from scope_m)))")}
  union all
  select coalesce(t.customer_id, c.id), case when coalesce(t.customer_id, c.id) is null then t.contact_mobile end,
         m.created_at, 'helpdesk', case when m.author = 'customer' then 'in' else 'out' end,
         left(t.reference || ': ' || m.body, 160), (m.author = 'staff')
    from ticket_messages m
    join tickets t on t.id = m.ticket_id
    left join lateral (
      select x.id from customers x
       where t.customer_id is null
         and (x.mobile = t.contact_mobile or (t.contact_email is not null and lower(x.email) = lower(t.contact_email)))
       order by (x.mobile = t.contact_mobile) desc, x.id limit 1) c on true
   where not m.internal and (coalesce(t.customer_id, c.id) is not null or t.contact_mobile is not null)${when(
     "t.customer_id = any(array(select id from scope_c)) or (t.customer_id is null and (t.contact_mobile = any(array(select m from scope_m)) or lower(t.contact_email) = any(array(select e from scope_e))))",
   )}`;
}

/**
 * The threads worked out from the activity: the latest line with a preview (a marker, a request's first
 * contact, only counts for "awaiting"), and whether the customer wrote after the office last answered.
 * The search text is the customer's name, company, e-mail and mobile (or the unknown sender's mobile).
 */
function computed(scoped: boolean): SQL {
  return sql`
    activity as (${activity(scoped)}),
    latest as (
      select distinct on (coalesce(a.customer_id::text, a.mobile))
             coalesce(a.customer_id::text, a.mobile) as thread, a.customer_id, a.mobile, a.at, a.channel, a.direction, a.preview
        from activity a
       where a.preview is not null${sql.raw(scoped ? " and coalesce(a.customer_id::text, a.mobile) in (select thread from scope_t)" : "")}
       order by coalesce(a.customer_id::text, a.mobile), a.at desc
    ),
    state as (
      select coalesce(a.customer_id::text, a.mobile) as thread,
             max(a.at) filter (where a.direction = 'in') as last_in,
             max(a.at) filter (where a.answer) as last_answer
        from activity a
       group by 1
    ),
    computed as (
      select l.thread, l.customer_id, l.mobile, l.at, l.channel, l.direction, l.preview,
             (s.last_in is not null and (s.last_answer is null or s.last_answer < s.last_in)) as awaiting,
             lower(concat_ws(E'\\n', c.name, c.company, c.email, c.mobile, l.mobile)) as search,
             coalesce(l.customer_id, 0) as sort_id
        from latest l
        join state s on s.thread = l.thread
        left join customers c on c.id = l.customer_id
       -- A customer in the trash (ADR 046) has no thread until restored.
       where c.deleted_at is null
    )`;
}

const COLUMNS = sql.raw("thread, customer_id, mobile, at, channel, direction, preview, awaiting, search, sort_id");

/** The newest id of each source table, and the database's clock: where a rebuild leaves the next catch-up. */
const MARKS = sql`
  select (select coalesce(max(id), 0) from conversation_messages) as cm,
         (select coalesce(max(id), 0) from outbox) as o,
         (select coalesce(max(id), 0) from inbound_messages) as im,
         (select coalesce(max(id), 0) from service_requests) as sr,
         (select coalesce(max(id), 0) from request_events) as re,
         (select coalesce(max(id), 0) from ticket_messages) as tm,
         (select coalesce(max(id), 0) from customers) as cu,
         now() as at`;

/** The source tables of the list, by their key in the sync row's `last_ids`. */
const SOURCES = ["cm", "o", "im", "sr", "re", "tm", "cu"] as const;
type Source = (typeof SOURCES)[number];
type Marks = Record<Source, number>;

/**
 * Ids below a table's watermark that no catch-up has seen: [first, last, found at (ms since 1970), stamp].
 * A gap is an id the table's sequence handed to a transaction that had not committed when the catch-up
 * read (or that rolled back, or an `on conflict do nothing` that wrote no row). Each catch-up probes its
 * gaps by primary key; a row found there is caught up like a new one. A gap is forgotten once no
 * transaction that could still write it is running: at least GAP_SETTLE_MS after it was found, a catch-up
 * stamps it with its snapshot's xmax (the transaction that took the id has had a transaction id since it
 * took it: the same statement writes the row, so it is in that snapshot's running set or has ended), and
 * it is forgotten at the first catch-up whose snapshot's xmin has reached the stamp (every transaction
 * running at the stamp has ended: a row still missing then was never committed). Nothing of this is
 * written by the tables' writers (ADR 036 rejected a column for it): the ids and the snapshot are the
 * database's own.
 */
type Gap = [number, number, number, string | null];
const GAP_SETTLE_MS = 60_000;

interface SyncState {
  ids: Marks;
  gaps: Partial<Record<Source, Gap[]>>;
}

function marksOf(row: Record<string, unknown> | undefined): { ids: Marks; at: Date } {
  const n = (k: string) => Number(row?.[k] ?? 0);
  return { ids: { cm: n("cm"), o: n("o"), im: n("im"), sr: n("sr"), re: n("re"), tm: n("tm"), cu: n("cu") }, at: new Date(row?.at as string | Date) };
}

/**
 * The stored state. A sync row without gaps (written by a rebuild, or by ADR 033's catch-up) has not kept
 * the ids that were in flight when it was written: its next catch-up also looks over the minutes before
 * it by created_at (`legacy`), once.
 */
function stateOf(stored: unknown): { state: SyncState; legacy: boolean } {
  const raw = (stored ?? {}) as Partial<Record<Source, unknown>> & { gaps?: SyncState["gaps"] };
  const ids = Object.fromEntries(SOURCES.map((k) => [k, Number(raw[k] ?? 0)])) as Marks;
  return { state: { ids, gaps: raw.gaps ?? {} }, legacy: raw.gaps === undefined };
}

/** Takes the sync row's lock (refreshes never interleave, so the counts they keep stay exact); false without one. */
async function lockSync(tx: Executor): Promise<boolean> {
  const [row] = await tx.select({ id: communicationThreadsSync.id }).from(communicationThreadsSync).where(eq(communicationThreadsSync.id, 1)).for("update");
  return Boolean(row);
}

/**
 * The stored list's version: the sync row's xmin (its writing transaction). Every write to
 * communication_threads updates the sync row in the same transaction (rebuildThreads, refreshScope's counts,
 * catchUpThreads' watermark; a customer purged from the trash has no thread left by then), so a figure read
 * from the list in the same statement as this version holds while the version is current, on every instance.
 */
export const THREADS_VERSION = sql`(select xmin::text from communication_threads_sync where id = 1)`;

/** The list's two tab counts, kept with the stored threads (null before the first rebuild). */
export async function threadCounts(db: Executor): Promise<{ all: number; awaiting: number } | null> {
  const [row] = await db.select({ all: communicationThreadsSync.threads, awaiting: communicationThreadsSync.awaiting }).from(communicationThreadsSync).where(eq(communicationThreadsSync.id, 1));
  return row ?? null;
}

/**
 * Works every thread out again (the backfill, or a repair): one statement over everything, seconds at
 * volume. The table's statistics are gathered afterwards (outside a caller's transaction only), so the
 * list's first reads already use its indexes.
 */
export async function rebuildThreads(db: Executor): Promise<number> {
  const count = await db.transaction(async (tx) => {
    await tx.execute(sql`insert into communication_threads_sync (id, last_ids, synced_at) values (1, '{}'::jsonb, now()) on conflict (id) do nothing`);
    await lockSync(tx);
    const marks = marksOf((((await tx.execute(MARKS)) as unknown as Rows).rows)[0]);
    await tx.execute(sql`delete from communication_threads`);
    const inserted = (await tx.execute(sql`
      with ${computed(false)}
      insert into communication_threads (${COLUMNS}) select ${COLUMNS} from computed returning awaiting`)) as unknown as Rows;
    await tx
      .update(communicationThreadsSync)
      .set({ lastIds: marks.ids, syncedAt: marks.at, threads: inserted.rows.length, awaiting: inserted.rows.filter((r) => r.awaiting === true).length })
      .where(eq(communicationThreadsSync.id, 1));
    return inserted.rows.length;
  });
  if (!("rollback" in db)) await db.execute(sql`analyze communication_threads`);
  return count;
}

/** A database the backfill never saw (no sync row yet): the list is worked out whole at start-up. */
export async function threadsNeedRebuild(db: Executor): Promise<boolean> {
  const [state] = await db.select({ id: communicationThreadsSync.id }).from(communicationThreadsSync).where(eq(communicationThreadsSync.id, 1));
  return !state;
}

/**
 * Works the threads of these customers and addresses out again, in the caller's transaction: a customer's
 * thread, and an unknown sender's thread by the same mobile (which disappears once they are a customer).
 */
export async function refreshThreads(db: Executor, scope: ThreadScope): Promise<number> {
  return db.transaction((tx) => refreshThreadsIn(tx, scope));
}

/** refreshThreads in the caller's transaction; answers how many threads were worked out again. */
async function refreshThreadsIn(tx: Executor, scope: ThreadScope): Promise<number> {
  const ids = [...new Set((scope.customerIds ?? []).filter((id): id is number => typeof id === "number"))];
  const addresses = [...new Set((scope.addresses ?? []).filter((a): a is string => Boolean(a)).map((a) => a.trim().toLowerCase()))];
  if (ids.length === 0 && addresses.length === 0) return 0;
  // Before the first rebuild there is nothing to keep: that rebuild works everything out.
  return (await lockSync(tx)) ? refreshScope(tx, ids, addresses) : 0;
}

async function refreshScope(tx: Executor, ids: number[], addresses: string[]): Promise<number> {
  const result = (await tx.execute(sql`
    with scope_c as (
      select c.id, c.mobile, lower(c.email) as email from customers c
       where c.id = any(array(select value::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))
          or c.mobile = any(array(select value from jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb)))
          or lower(c.email) = any(array(select value from jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb)))
    ),
    scope_m as (
      select value as m from jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb) where value not like '%@%'
      union select mobile from scope_c where mobile is not null
    ),
    scope_e as (
      select value as e from jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb) where value like '%@%'
      union select email from scope_c where email is not null
    ),
    scope_t as (select id::text as thread from scope_c union select m from scope_m),
    ${computed(true)},
    stored as (
      insert into communication_threads (${COLUMNS}) select ${COLUMNS} from computed
      on conflict (thread) do update set customer_id = excluded.customer_id, mobile = excluded.mobile, at = excluded.at,
        channel = excluded.channel, direction = excluded.direction, preview = excluded.preview, awaiting = excluded.awaiting,
        search = excluded.search, sort_id = excluded.sort_id
      returning thread
    ),
    removed as (
      delete from communication_threads
       where thread in (select thread from scope_t) and thread not in (select thread from computed)
      returning thread
    ),
    before as (select count(*)::int as n, (count(*) filter (where awaiting))::int as a from communication_threads where thread in (select thread from scope_t)),
    after as (select count(*)::int as n, (count(*) filter (where awaiting))::int as a from computed)
    update communication_threads_sync
       set threads = threads + after.n - before.n, awaiting = awaiting + after.a - before.a
      from before, after
     where id = 1
    returning (select count(*) from scope_t)::int as n`)) as unknown as Rows;
  return Number(result.rows[0]?.n ?? 0);
}

/** What a source table contributes to the catch-up: its id, and the thread(s) a row of it belongs to. */
const SOURCE_ROWS: Record<Source, { select: string; from: string; id: string; createdAt: string | null }> = {
  cm: { select: "cm.customer_id, cm.mobile, null::text", from: "conversation_messages cm", id: "cm.id", createdAt: "cm.created_at" },
  // Every outbox row counts for the watermark and its gaps; only SMS and e-mails belong to a thread.
  o: {
    select: "case when o.channel in ('sms', 'email') then o.customer_id end, case when o.channel in ('sms', 'email') and o.customer_id is null then lower(o.recipient) end, null::text",
    from: "outbox o",
    id: "o.id",
    createdAt: "o.created_at",
  },
  im: { select: "null::int, im.mobile, lower(im.email)", from: "inbound_messages im", id: "im.id", createdAt: "im.created_at" },
  sr: { select: "r.customer_id, r.mobile, null::text", from: "service_requests r", id: "r.id", createdAt: "r.created_at" },
  re: { select: "r.customer_id, r.mobile, null::text", from: "request_events e join service_requests r on r.id = e.request_id", id: "e.id", createdAt: null },
  tm: { select: "t.customer_id, t.contact_mobile, lower(t.contact_email)", from: "ticket_messages x join tickets t on t.id = x.ticket_id", id: "x.id", createdAt: "x.created_at" },
  cu: { select: "c.id, c.mobile, null::text", from: "customers c", id: "c.id", createdAt: "c.created_at" },
};

/** ids with their gaps' found ids taken out: what is still missing of each gap. */
function remainingGaps(gaps: readonly Gap[], found: ReadonlySet<number>): Gap[] {
  const out: Gap[] = [];
  for (const [lo, hi, at, stamp] of gaps) {
    let from = lo;
    for (const id of [...found].filter((f) => f >= lo && f <= hi).sort((a, b) => a - b)) {
      if (id > from) out.push([from, id - 1, at, stamp]);
      from = id + 1;
    }
    if (from <= hi) out.push([from, hi, at, stamp]);
  }
  return out;
}

/**
 * Brings the stored list up to date with every row written since the last catch-up (see the module's
 * comment and Gap): called by the list before it reads, so a message sent or received is on it at once.
 * One statement reads the rows above each table's watermark and those found in its gaps, by primary key,
 * and the snapshot it read in; only their threads are worked out again, once. With nothing new it writes
 * nothing and takes no lock. Answers how many threads were worked out again. Without a sync row (a
 * database the backfill never saw), the whole list is worked out.
 */
export async function catchUpThreads(db: Executor): Promise<number> {
  const [stored] = await db.select().from(communicationThreadsSync).where(eq(communicationThreadsSync.id, 1));
  if (!stored) return rebuildThreads(db);
  const { state, legacy } = stateOf(stored.lastIds);
  const since = new Date(stored.syncedAt.getTime() - 5 * 60_000).toISOString();
  const parts = SOURCES.map((k) => {
    const s = SOURCE_ROWS[k];
    const conditions = [`${s.id} > ${state.ids[k]}`, ...(state.gaps[k] ?? []).map(([lo, hi]) => `${s.id} between ${Number(lo)} and ${Number(hi)}`)];
    if (legacy && s.createdAt) conditions.push(`${s.createdAt} between '${since}'::timestamptz and now() + interval '1 minute'`);
    return `select '${k}'::text as t, ${s.id} as id, ${s.select} from ${s.from} where ${conditions.join(" or ")}`;
  });
  const lasts = SOURCES.map((k) => `('${k}', ${state.ids[k]})`).join(", ");
  const result = (await db.execute(sql`
    with src (t, id, c, a, a2) as (${sql.raw(parts.join("\n      union all "))}),
    lasts (t, last) as (values ${sql.raw(lasts)}),
    fresh as (select distinct s.t, s.id, l.last from src s join lasts l on l.t = s.t where s.id > l.last),
    holes as (
      select t, lo, hi from (select t, coalesce(lag(id) over (partition by t order by id), last) + 1 as lo, id - 1 as hi from fresh) h
       where lo <= hi
    )
    select (select coalesce(json_agg(json_build_array(c, a)), '[]') from (select c, a from src union select null, a2 from src) x
             where c is not null or a is not null) as threads,
           (select coalesce(json_object_agg(t, top), '{}') from (select t, max(id) as top from fresh group by t) x) as tops,
           (select coalesce(json_agg(json_build_array(t, lo, hi)), '[]') from holes) as holes,
           (select coalesce(json_agg(json_build_array(s.t, s.id)), '[]') from src s join lasts l on l.t = s.t where s.id <= l.last) as filled,
           pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
           (extract(epoch from clock_timestamp()) * 1000)::float8 as now_ms`)) as unknown as Rows;
  const row = result.rows[0]!;
  const json = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
  const threads = json<Array<[number | null, string | null]>>(row.threads);
  const tops = json<Partial<Record<Source, number>>>(row.tops);
  const holes = json<Array<[Source, number, number]>>(row.holes);
  const filled = json<Array<[Source, number]>>(row.filled);
  const now = Number(row.now_ms);
  const xmin = BigInt(String(row.xmin));
  const xmax = String(row.xmax);

  const next: SyncState = { ids: { ...state.ids }, gaps: {} };
  for (const k of SOURCES) {
    next.ids[k] = Math.max(state.ids[k], Number(tops[k] ?? 0));
    const found = new Set(filled.filter(([t]) => t === k).map(([, id]) => Number(id)));
    const gaps = [...remainingGaps(state.gaps[k] ?? [], found), ...holes.filter(([t]) => t === k).map(([, lo, hi]): Gap => [Number(lo), Number(hi), now, null])]
      .map(([lo, hi, at, stamp]): Gap => [lo, hi, at, stamp ?? (now - at >= GAP_SETTLE_MS ? xmax : null)])
      .filter(([, , , stamp]) => stamp === null || xmin < BigInt(stamp));
    if (gaps.length > 0) next.gaps[k] = gaps;
  }
  const customerIds = threads.map(([c]) => (c === null ? null : Number(c)));
  const addresses = threads.map(([, a]) => a);
  const unchanged = !legacy && threads.length === 0 && JSON.stringify(next) === JSON.stringify(state);
  // Nothing written since, and no gap to forget: no write, no lock (the list's reads never wait for one another).
  if (unchanged) return 0;
  return db.transaction(async (tx) => {
    const refreshed = threads.length > 0 ? await refreshThreadsIn(tx, { customerIds, addresses }) : 0;
    await tx.update(communicationThreadsSync).set({ lastIds: { ...next.ids, gaps: next.gaps }, syncedAt: sql`now()` }).where(eq(communicationThreadsSync.id, 1));
    return refreshed;
  });
}
