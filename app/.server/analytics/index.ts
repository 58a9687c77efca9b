import { sql, type SQL } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { addDays, periodBuckets, startOfDayInIndia, type Period } from "~/lib/analytics.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { dayNumberOfStart, ensureRequestDays, IST_OFFSET_SECONDS } from "./request-days.ts";

/**
 * The business in figures (/admin/analytics, issue 19 §6), for a period and the period of the same length
 * before it (~/lib/analytics.ts). Every figure is counted by the database (GROUP BY, FILTER, percentile_cont),
 * one statement per subject over the two periods at once (requests and response share one read); what comes
 * back is a row per bar, never the rows counted. Days are India days: timestamps are cut at midnight
 * Asia/Kolkata, and the money's dates (issue date, day received) are India days already.
 *
 * The definitions a reader needs are on the screen beside each figure; in short:
 * - a request counts on the day it was received; one closed as a duplicate of another is left out of the
 *   response figures (its customer was answered on the other);
 * - response: from receipt to the first logged call or note (service_requests.first_contact_at, the field
 *   that stops the promise's clock); a request still waiting counts as not within 2 or 4 hours; the promise
 *   kept: the first contact by response_due_at (the urgency's or the contract's promise);
 * - the funnel follows the period's requests: quoted (a quote sent for it), invoiced (an invoice issued for
 *   it or for its quote, not cancelled), paid (every such invoice paid);
 * - revenue: invoices issued in the period less credit notes issued in it; collected: payments received in
 *   it; outstanding: what open invoices still ask for today (a figure of today, not of the period);
 * - utilisation: a technician's time on the jobs completed in the period (the labour they entered, else
 *   their time on site) over the period's working hours (the settings' working days and hours);
 * - bench turnaround: booked in to returned, for units returned in the period;
 * - renewals: contracts whose period ends in it, and whether a renewal was made from them.
 */

type Row = Record<string, unknown>;

async function rows<T extends Row>(query: SQL): Promise<T[]> {
  // node-postgres and PGlite both answer { rows }.
  return ((await getDb().execute(query)) as unknown as { rows: T[] }).rows;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const maybe = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The instants that bound a period and the one before it. */
function bounds(p: Period) {
  return { prevFrom: startOfDayInIndia(p.previous.from), from: startOfDayInIndia(p.from), end: startOfDayInIndia(addDays(p.to, 1)) };
}

/** The bar a date column falls in. */
function bucketOfDate(column: SQL, unit: Period["unit"]): SQL {
  return sql`to_char(${column}, ${sql.raw(unit === "day" ? "'YYYY-MM-DD'" : "'YYYY-MM'")})`;
}

export interface Compared {
  current: number;
  previous: number;
}

export interface Bar {
  /** A day (YYYY-MM-DD) or month (YYYY-MM). */
  bucket: string;
  value: number;
}

export interface CategoryCount {
  label: string;
  current: number;
  previous: number;
}

export interface RequestFigures {
  total: Compared;
  perBucket: Bar[];
  byService: CategoryCount[];
  byUrgency: Array<CategoryCount & { urgency: string }>;
  byCity: CategoryCount[];
}

function fill(buckets: string[], counts: Map<string, number>): Bar[] {
  return buckets.map((bucket) => ({ bucket, value: counts.get(bucket) ?? 0 }));
}

function categories(list: Array<{ key: string; cur: boolean; n: number }>): CategoryCount[] {
  const map = new Map<string, CategoryCount>();
  for (const r of list) {
    const c = map.get(r.key) ?? { label: r.key, current: 0, previous: 0 };
    if (r.cur) c.current += r.n;
    else c.previous += r.n;
    map.set(r.key, c);
  }
  return [...map.values()].sort((a, b) => b.current - a.current || b.previous - a.previous || a.label.localeCompare(b.label));
}

export type RequestRow = {
  part: "count" | "response";
  cur: boolean;
  g: number;
  bucket: string | null;
  service: string | null;
  urgency: string | null;
  city: string | null;
  n: number;
} & Record<"responded" | "within2" | "within4" | "promised" | "kept", number | null> &
  Record<"median" | "p90", number | null>;

/**
 * India's day of an instant, as a day number (days since 1970-01-01 in India): plain arithmetic on the epoch,
 * as India keeps +05:30 all year (no summer time since 1945). A bucket is made of it once per group (dayLabel)
 * rather than to_char(... at time zone ...) once per row: at three years that was most of the statement's time.
 */
const indiaDayNumber = (column: SQL) => sql`floor((date_part('epoch', ${column}) + ${sql.raw(String(IST_OFFSET_SECONDS))}) / 86400)::int`;
const dayLabel = (dayNumber: number, unit: Period["unit"]) => new Date(dayNumber * 86_400_000).toISOString().slice(0, unit === "day" ? 10 : 7);

/**
 * The two periods' requests, in two statements run side by side: counted per day and by service, urgency and
 * city; and the response figures, overall and per urgency. The closed days are read from their per-day rollups
 * (./request-days.ts, made current first), the open day from service_requests (an index range on created_at);
 * both parts give rows of the same groups, which add up where the figures are read. Per row of the live part
 * only cheap arithmetic is done (ADR 070): the groups are made on the stored values (a day number, the city as
 * typed) and labelled afterwards, once per group. A label is a function of the value, so two values with one
 * label (" hyderabad", "Hyderabad") add up where the figures are read (categories(), per bucket).
 */
export async function readRequests(p: Period, { rollups = true } = {}): Promise<RequestRow[]> {
  const { prevFrom, from, end } = bounds(p);
  const [lo, cut, hi] = [dayNumberOfStart(prevFrom), dayNumberOfStart(from), dayNumberOfStart(end)];
  // Without rollups (the test that compares both), every day is counted live.
  const closedTo = rollups ? await ensureRequestDays(lo, hi) : lo;
  const liveFrom = new Date(Math.max(prevFrom.getTime(), (closedTo * 86_400 - IST_OFFSET_SECONDS) * 1000));
  const range = sql`created_at >= ${liveFrom} and created_at < ${end}`;
  const rolled = sql`day >= ${lo} and day < ${closedTo}`;
  const [counts, response] = await Promise.all([
    rows<RequestRow & { day: number | null }>(sql`
      select 'count' as part, cur, g, day, coalesce(service_name, 'No service chosen') as service, urgency,
             coalesce(initcap(nullif(btrim(city), '')), 'Not given') as city, n
        from (select day >= ${cut} as cur, 7 as g, day, null::text as service_name, null::text as urgency, null::text as city, sum(received)::int as n
                from analytics_request_days
               where ${rolled} and dimension = 'urgency'
               group by day
              union all
              select day >= ${cut}, case dimension when 'service' then 11 when 'urgency' then 13 else 14 end, null,
                     case when dimension = 'service' then value end, case when dimension = 'urgency' then value end,
                     case when dimension = 'city' then value end, sum(received)::int
                from analytics_request_days
               where ${rolled}
               group by 1, dimension, value
              union all
              select cur, grouping(day, service_name, urgency, city)::int as g, day, service_name, urgency, city, count(*)::int as n
                from (select created_at >= ${from} as cur, ${indiaDayNumber(sql`created_at`)} as day, service_name, urgency, city
                        from service_requests
                       where ${range}) r
               group by grouping sets ((cur, day), (cur, service_name), (cur, urgency), (cur, city))) grouped`),
    // The percentiles are exact: the closed days keep their response seconds, and percentile_cont sorts them
    // with the open day's, the same float8 values (date_part, not extract) the live statement sorted.
    rows<RequestRow & { quantiles: number[] | null }>(sql`
      with parts as (
        select day >= ${cut} as cur, value as urgency, answered as n, responded, within2, within4, promised, kept, response_seconds as seconds
          from analytics_request_days
         where ${rolled} and dimension = 'urgency'
        union all
        select created_at >= ${from}, urgency, 1, (first_contact_at is not null)::int,
               (first_contact_at is not null and first_contact_at <= created_at + interval '2 hours')::int,
               (first_contact_at is not null and first_contact_at <= created_at + interval '4 hours')::int,
               (response_due_at is not null)::int,
               (first_contact_at is not null and response_due_at is not null and first_contact_at <= response_due_at)::int,
               case when first_contact_at is not null then array[date_part('epoch', first_contact_at - created_at)] end
          from service_requests
         where ${range} and duplicate_of_id is null
      ),
      counted as (
        select cur, urgency, sum(n)::int as n, sum(responded)::int as responded, sum(within2)::int as within2,
               sum(within4)::int as within4, sum(promised)::int as promised, sum(kept)::int as kept
          from parts
         group by grouping sets ((cur), (cur, urgency))
      ),
      sorted as (
        select cur, urgency, percentile_cont(array[0.5, 0.9]) within group (order by s) as quantiles
          from parts cross join lateral unnest(seconds) s
         group by grouping sets ((cur), (cur, urgency))
      )
      select 'response' as part, c.cur, c.urgency, c.n, c.responded, c.within2, c.within4, c.promised, c.kept, q.quantiles
        from counted c left join sorted q on q.cur = c.cur and q.urgency is not distinct from c.urgency`),
  ]);
  return [
    ...counts.map((r) => (r.day === null || r.day === undefined ? r : { ...r, bucket: dayLabel(num(r.day), p.unit) })),
    ...response.map(({ quantiles, ...r }) => ({ ...r, median: quantiles?.[0] ?? null, p90: quantiles?.[1] ?? null })),
  ];
}

/** Requests received: per day (or month) of the period, and by service, urgency and city in both periods. */
export async function requestFigures(p: Period, read: RequestRow[] | Promise<RequestRow[]> = readRequests(p)): Promise<RequestFigures> {
  const found = (await read).filter((r) => r.part === "count");
  const perBucket = new Map<string, number>();
  const total = { current: 0, previous: 0 };
  const service: Array<{ key: string; cur: boolean; n: number }> = [];
  const urgency: typeof service = [];
  const city: typeof service = [];
  for (const r of found) {
    const n = num(r.n);
    // grouping(): a bit per column left out of the set, bucket first (8), then service (4), urgency (2), city (1).
    const g = num(r.g);
    if (g === 7) {
      if (r.cur) perBucket.set(r.bucket!, (perBucket.get(r.bucket!) ?? 0) + n);
      total[r.cur ? "current" : "previous"] += n;
    } else if (g === 11) service.push({ key: r.service!, cur: Boolean(r.cur), n });
    else if (g === 13) urgency.push({ key: r.urgency!, cur: Boolean(r.cur), n });
    else if (g === 14) city.push({ key: r.city!, cur: Boolean(r.cur), n });
  }
  const byUrgency = (["emergency", "within_24h", "planned"] as const).map((u) => {
    const c = categories(urgency.filter((x) => x.key === u))[0];
    return { urgency: u, label: u, current: c?.current ?? 0, previous: c?.previous ?? 0 };
  });
  return { total, perBucket: fill(periodBuckets(p.from, p.to, p.unit), perBucket), byService: categories(service), byUrgency, byCity: categories(city) };
}

export interface ResponseRow {
  /** null: every urgency. */
  urgency: string | null;
  received: number;
  responded: number;
  /** Seconds; null when nothing was responded to. */
  medianSeconds: number | null;
  p90Seconds: number | null;
  within2h: number;
  within4h: number;
  /** Requests with a promise, and those whose first contact came by it. */
  promised: number;
  kept: number;
}

export interface ResponseFigures {
  current: ResponseRow[];
  previous: ResponseRow[];
}

/** Response times against the promise, for all requests and per urgency, in both periods. */
export async function responseFigures(p: Period, read: RequestRow[] | Promise<RequestRow[]> = readRequests(p)): Promise<ResponseFigures> {
  const found = (await read).filter((r) => r.part === "response");
  const out: ResponseFigures = { current: [], previous: [] };
  for (const cur of [true, false]) {
    const list = out[cur ? "current" : "previous"];
    for (const urgency of [null, "emergency", "within_24h", "planned"]) {
      const r = found.find((x) => Boolean(x.cur) === cur && (x.urgency ?? null) === urgency);
      list.push({
        urgency,
        received: num(r?.n),
        responded: num(r?.responded),
        medianSeconds: maybe(r?.median),
        p90Seconds: maybe(r?.p90),
        within2h: num(r?.within2),
        within4h: num(r?.within4),
        promised: num(r?.promised),
        kept: num(r?.kept),
      });
    }
  }
  return out;
}

export interface FunnelStage {
  stage: "requests" | "quoted" | "invoiced" | "paid";
  current: number;
  previous: number;
}

/** The period's requests, and how many went on to a quote, an invoice and payment. */
export async function funnelFigures(p: Period): Promise<FunnelStage[]> {
  const { prevFrom, from, end } = bounds(p);
  // The requests' quotes and invoices, each request once: hash joins over the (few) quotes and invoices
  // rather than a probe per request. An invoice made from a quote belongs to the quote's request.
  const found = await rows<{ cur: boolean; requests: number; quoted: number; invoiced: number; paid: number }>(sql`
    with r as (
      select id, created_at >= ${from} as cur from service_requests where created_at >= ${prevFrom} and created_at < ${end}
    ),
    q as (
      select distinct request_id from quotes where request_id is not null and sent_at is not null
    ),
    i as (
      select coalesce(i.request_id, q.request_id) as request_id, bool_and(i.status = 'paid') as paid
        from invoices i left join quotes q on q.id = i.quote_id
       where i.kind = 'invoice' and i.status <> 'cancelled' and coalesce(i.request_id, q.request_id) is not null
       group by 1
    )
    select r.cur, count(*)::int as requests, count(q.request_id)::int as quoted, count(i.request_id)::int as invoiced,
           count(*) filter (where i.paid)::int as paid
      from r left join q on q.request_id = r.id left join i on i.request_id = r.id
     group by r.cur`);
  const cur = found.find((r) => r.cur);
  const prev = found.find((r) => !r.cur);
  return (["requests", "quoted", "invoiced", "paid"] as const).map((stage) => ({ stage, current: num(cur?.[stage]), previous: num(prev?.[stage]) }));
}

export interface MoneyBar {
  bucket: string;
  invoicedPaise: number;
  collectedPaise: number;
}

export interface MoneyFigures {
  /** Taxable value invoiced, less credit notes. */
  revenuePaise: Compared;
  /** Invoice totals with GST, less credit notes. */
  invoicedPaise: Compared;
  collectedPaise: Compared;
  /** Today: what open invoices still ask for, and the part past its due date. */
  outstandingPaise: number;
  overduePaise: number;
  openInvoices: number;
  perBucket: MoneyBar[];
}

/** Revenue, collections per day (or month) and in both periods, and what is outstanding today. */
export async function moneyFigures(p: Period, now = new Date()): Promise<MoneyFigures> {
  // One statement: the invoices by issue day, the payments by day received, and today's open invoices.
  const found = await rows<{ part: "billed" | "received" | "open"; cur: boolean | null; bucket: string | null; a: string | null; b: string | null; n: number }>(sql`
    (select 'billed' as part, issue_date >= ${p.from}::date as cur, ${bucketOfDate(sql`issue_date`, p.unit)} as bucket,
            sum(case when kind = 'invoice' then taxable_paise else -taxable_paise end)::text as a,
            sum(case when kind = 'invoice' then total_paise else -total_paise end)::text as b,
            0 as n
       from invoices
      where issue_date >= ${p.previous.from}::date and issue_date <= ${p.to}::date
      group by grouping sets ((2), (2, 3)))
    union all
    (select 'received', received_on >= ${p.from}::date, ${bucketOfDate(sql`received_on`, p.unit)}, sum(amount_paise)::text, null, 0
       from payments
      where received_on >= ${p.previous.from}::date and received_on <= ${p.to}::date
      group by grouping sets ((2), (2, 3)))
    union all
    (select 'open', null, null,
            sum(greatest(0, total_paise - paid_paise - credited_paise))::text,
            sum(greatest(0, total_paise - paid_paise - credited_paise)) filter (where due_date < ${todayInIndia(now)}::date)::text,
            count(*) filter (where total_paise - paid_paise - credited_paise > 0)::int
       from invoices
      where kind = 'invoice' and status in ('issued', 'partly_paid'))`);
  const billed = found.filter((r) => r.part === "billed").map((r) => ({ cur: Boolean(r.cur), bucket: r.bucket, revenue: r.a, invoiced: r.b }));
  const received = found.filter((r) => r.part === "received").map((r) => ({ cur: Boolean(r.cur), bucket: r.bucket, collected: r.a }));
  const openRow = found.find((r) => r.part === "open");
  const open = openRow && { due: openRow.a, overdue: openRow.b, n: openRow.n };
  const revenuePaise = { current: 0, previous: 0 };
  const invoicedPaise = { current: 0, previous: 0 };
  const collectedPaise = { current: 0, previous: 0 };
  const invoicedBy = new Map<string, number>();
  const collectedBy = new Map<string, number>();
  for (const r of billed) {
    if (r.bucket === null) {
      revenuePaise[r.cur ? "current" : "previous"] = num(r.revenue);
      invoicedPaise[r.cur ? "current" : "previous"] = num(r.invoiced);
    } else if (r.cur) invoicedBy.set(r.bucket, num(r.invoiced));
  }
  for (const r of received) {
    if (r.bucket === null) collectedPaise[r.cur ? "current" : "previous"] = num(r.collected);
    else if (r.cur) collectedBy.set(r.bucket, num(r.collected));
  }
  return {
    revenuePaise,
    invoicedPaise,
    collectedPaise,
    outstandingPaise: num(open?.due),
    overduePaise: num(open?.overdue),
    openInvoices: num(open?.n),
    perBucket: periodBuckets(p.from, p.to, p.unit).map((bucket) => ({ bucket, invoicedPaise: invoicedBy.get(bucket) ?? 0, collectedPaise: collectedBy.get(bucket) ?? 0 })),
  };
}

export interface TechnicianFigures {
  id: number;
  reference: string;
  name: string;
  city: string;
  jobs: number;
  minutes: number;
  /** Per cent of the period's working hours; null when the period has none. */
  utilisation: number | null;
  rating: number | null;
  ratings: number;
}

export interface TeamFigures {
  /** The working minutes in the period (working days times the working day). */
  workingMinutes: number;
  technicians: TechnicianFigures[];
  jobs: Compared;
  /** Average utilisation over the technicians listed, per cent. */
  utilisation: { current: number | null; previous: number | null };
  rating: { current: number | null; previous: number | null };
  ratings: Compared;
}

/** Working minutes between two India days (both included), from the settings' working days and hours. */
export function workingMinutes(from: string, to: string, days: readonly number[], open: string, close: string): number {
  const perDay = minutesOf(close) - minutesOf(open);
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) if (days.includes(new Date(`${d}T00:00:00Z`).getUTCDay())) n += 1;
  return n * Math.max(0, perDay);
}

function minutesOf(clock: string): number {
  const [h = 0, m = 0] = clock.split(":").map(Number);
  return h * 60 + m;
}

/**
 * Per technician, their jobs completed and ratings given in [from, end): an index range each (their
 * completed jobs by completion time, service_requests_assigned_completed; their ratings by time,
 * feedback_technician) rather than a pass over every completed job of every technician.
 */
async function teamRows(from: Date, end: Date) {
  return rows<{ id: number; reference: string; name: string; city: string; jobs: number; minutes: string | null; rating: number | null; ratings: number }>(sql`
    select t.id, t.reference, t.name, t.city, d.jobs, d.minutes, f.rating, f.ratings
      from technician_profiles t
      cross join lateral (
        select count(*)::int as jobs, sum(coalesce(s.labour_minutes, s.on_site_minutes))::text as minutes
          from service_requests s
         where s.assigned_technician_id = t.id and s.status = 'completed' and s.completed_at >= ${from} and s.completed_at < ${end}
      ) d
      cross join lateral (
        select avg(fb.rating)::float8 as rating, count(fb.rating)::int as ratings
          from feedback fb
         where fb.technician_id = t.id and fb.rated_at >= ${from} and fb.rated_at < ${end}
      ) f
     where t.status = 'approved' or d.jobs > 0 or f.ratings > 0
     order by d.jobs desc, t.name, t.id`);
}

/** Each technician's completed jobs, utilisation and rating in the period; the team's, in both. */
export async function teamFigures(p: Period): Promise<TeamFigures> {
  const { prevFrom, from, end } = bounds(p);
  const [{ operations }, current, previous] = await Promise.all([getSiteSettings(), teamRows(from, end), teamRows(prevFrom, from)]);
  const hours = (a: string, b: string) => workingMinutes(a, b, operations.workingDays, operations.workingHoursOpen, operations.workingHoursClose);
  const working = hours(p.from, p.to);
  const workingBefore = hours(p.previous.from, p.previous.to);
  const percent = (minutes: number, of: number) => (of > 0 ? Math.round((minutes / of) * 1000) / 10 : null);
  const technicians = current.map((t) => ({
    id: num(t.id),
    reference: t.reference,
    name: t.name,
    city: t.city,
    jobs: num(t.jobs),
    minutes: num(t.minutes),
    utilisation: percent(num(t.minutes), working),
    rating: t.rating === null ? null : Math.round(Number(t.rating) * 10) / 10,
    ratings: num(t.ratings),
  }));
  const team = (list: typeof current, of: number) => {
    const minutes = list.reduce((s, t) => s + num(t.minutes), 0);
    const ratings = list.reduce((s, t) => s + num(t.ratings), 0);
    const stars = list.reduce((s, t) => s + (t.rating === null ? 0 : Number(t.rating) * num(t.ratings)), 0);
    return {
      jobs: list.reduce((s, t) => s + num(t.jobs), 0),
      utilisation: list.length > 0 ? percent(minutes / list.length, of) : null,
      ratings,
      rating: ratings > 0 ? Math.round((stars / ratings) * 10) / 10 : null,
    };
  };
  const now = team(current, working);
  const before = team(previous, workingBefore);
  return {
    workingMinutes: working,
    technicians,
    jobs: { current: now.jobs, previous: before.jobs },
    utilisation: { current: now.utilisation, previous: before.utilisation },
    rating: { current: now.rating, previous: before.rating },
    ratings: { current: now.ratings, previous: before.ratings },
  };
}

export interface BenchFigures {
  returned: Compared;
  medianDays: { current: number | null; previous: number | null };
  p90Days: { current: number | null; previous: number | null };
  /** Units on the bench today (booked in, not yet returned). */
  onBenchNow: number;
}

/** Bench turnaround for the units returned in each period; units on the bench today. */
export async function benchFigures(p: Period): Promise<BenchFigures> {
  const { prevFrom, from, end } = bounds(p);
  const days = sql`extract(epoch from (returned_at - created_at)) / 86400`;
  // The units returned in each period and, as a row of its own (cur null), those on the bench today.
  const found = await rows<{ cur: boolean | null; n: number; median: number | null; p90: number | null }>(sql`
    (select returned_at >= ${from} as cur, count(*)::int as n,
            percentile_cont(0.5) within group (order by ${days}) as median,
            percentile_cont(0.9) within group (order by ${days}) as p90
       from bench_jobs
      where returned_at >= ${prevFrom} and returned_at < ${end}
      group by 1)
    union all
    (select null, count(*)::int, null, null from bench_jobs where returned_at is null and stage <> 'returned')`);
  const cur = found.find((r) => r.cur === true);
  const prev = found.find((r) => r.cur === false);
  const waiting = found.find((r) => r.cur === null);
  const round = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  return {
    returned: { current: num(cur?.n), previous: num(prev?.n) },
    medianDays: { current: round(cur?.median), previous: round(prev?.median) },
    p90Days: { current: round(cur?.p90), previous: round(prev?.p90) },
    onBenchNow: num(waiting?.n),
  };
}

export interface RenewalDue {
  id: number;
  reference: string;
  customer: string;
  plan: string;
  endsOn: string;
  pricePaise: number;
  reminded: boolean;
}

export interface RenewalFigures {
  /** Contracts whose period ended (or ends) in each period, and those renewed. */
  due: Compared;
  renewed: Compared;
  duePaise: Compared;
  /** Active contracts ending in the next 90 days from today, not yet renewed: the office's calls to make. */
  upcoming: RenewalDue[];
}

export const UPCOMING_DAYS = 90;

export async function renewalFigures(p: Period, now = new Date()): Promise<RenewalFigures> {
  const today = todayInIndia(now);
  const [inPeriods, upcoming] = await Promise.all([
    rows<{ cur: boolean; due: number; renewed: number; paise: string }>(sql`
      select c.ends_on >= ${p.from}::date as cur, count(*)::int as due,
             count(*) filter (where exists (select 1 from contracts n where n.renewed_from_id = c.id and n.status <> 'cancelled'))::int as renewed,
             sum(c.price_paise)::text as paise
        from contracts c
       where c.status <> 'cancelled' and c.ends_on >= ${p.previous.from}::date and c.ends_on <= ${p.to}::date
       group by 1`),
    rows<{ id: number; reference: string; customer: string; plan: string; ends_on: string; price_paise: number; reminded: boolean }>(sql`
      select c.id, c.reference, coalesce(cu.company, cu.name) as customer, c.plan, to_char(c.ends_on, 'YYYY-MM-DD') as ends_on, c.price_paise,
             c.renewal_reminded_at is not null as reminded
        from contracts c join customers cu on cu.id = c.customer_id
       where c.status = 'active' and c.ends_on >= ${today}::date and c.ends_on <= ${addDays(today, UPCOMING_DAYS)}::date
         and not exists (select 1 from contracts n where n.renewed_from_id = c.id and n.status <> 'cancelled')
       order by c.ends_on, c.id
       limit 200`),
  ]);
  const cur = inPeriods.find((r) => r.cur);
  const prev = inPeriods.find((r) => !r.cur);
  return {
    due: { current: num(cur?.due), previous: num(prev?.due) },
    renewed: { current: num(cur?.renewed), previous: num(prev?.renewed) },
    duePaise: { current: num(cur?.paise), previous: num(prev?.paise) },
    upcoming: upcoming.map((r) => ({ id: num(r.id), reference: r.reference, customer: r.customer, plan: r.plan, endsOn: r.ends_on, pricePaise: num(r.price_paise), reminded: Boolean(r.reminded) })),
  };
}

export interface BusinessFigures {
  requests: RequestFigures;
  response: ResponseFigures;
  funnel: FunnelStage[];
  money: MoneyFigures;
  team: TeamFigures;
  bench: BenchFigures;
  renewals: RenewalFigures;
}

/** Everything the screen shows for a period, read at once (each its own statement, run side by side). */
export async function businessFigures(p: Period, now = new Date()): Promise<BusinessFigures> {
  const read = readRequests(p);
  const [requests, response, funnel, money, team, bench, renewals] = await Promise.all([
    requestFigures(p, read),
    responseFigures(p, read),
    funnelFigures(p),
    moneyFigures(p, now),
    teamFigures(p),
    benchFigures(p),
    renewalFigures(p, now),
  ]);
  return { requests, response, funnel, money, team, bench, renewals };
}
