import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { cappedCount, COUNT_CAP, CSV_BATCH_ROWS, CSV_MAX_ROWS, keysetBatches, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { equipmentUnits, serviceRequests as sr, technicianProfiles } from "~/.server/db/schema.ts";
import { serialKey, serialKeySql } from "~/.server/customers/units.ts";
import { OPEN_STATUSES, type RequestListFilters, type StatusFilter } from "~/lib/forms/admin/request-list.ts";
import { urgencyLabel, type Urgency } from "~/lib/forms/urgency.ts";
import { formatDuration, responseState, type ResponseState } from "~/lib/requests/sla.ts";
import { CLOSED_STATUSES, REQUEST_STATUSES, officeStatusLabel, type RequestStatus } from "~/lib/requests/status.ts";

/**
 * The back office's list of service requests (/admin/service-requests): filters, search and sort from the
 * address (~/lib/forms/admin/request-list.ts), keyset pages, the count per status tab, and the CSV export.
 *
 * Every combination is meant to stay cheap at 100,000 requests (measured: scripts/seed-volume.ts):
 * - newest/oldest first walk service_requests_created_id (created_at, id), or, for one status,
 *   service_requests_status_created (status, created_at, id); the cursor is a row comparison
 *   `(created_at, id) < (...)` those indexes start from, so page 500 costs what page 1 costs;
 * - "response due soonest" walks service_requests_response_due; requests without a due time (received
 *   before the response promise existed) come after all the others, read by a second query on id;
 * - an exact reference or a full mobile number is an index lookup (the reference's unique index,
 *   service_requests_mobile); a technician is service_requests_assigned; the SLA states read
 *   service_requests_response_due or the status index, whichever the planner finds narrower.
 * Searching names, companies and cities is a scan of the rows the other filters leave (no trigram index).
 */

/** When the response is due, and when the first call was logged, as the list and the export show them. */
export interface RequestClock {
  state: ResponseState;
  /** "Overdue 1 h 05 min", "Due in 35 min", "Responded", ... */
  text: string;
}

export interface RequestListItem {
  id: number;
  reference: string;
  /** ISO: the loader hands it to formatDateTime (India time). */
  receivedAt: string;
  contactName: string;
  company: string | null;
  mobile: string;
  email: string | null;
  city: string | null;
  serviceSlug: string | null;
  /** The service's name when the request was made. */
  service: string | null;
  urgency: Urgency;
  urgencyLabel: string;
  status: string;
  statusLabel: string;
  technician: string | null;
  responseDueAt: string | null;
  firstContactAt: string | null;
  poNumber: string | null;
  clock: RequestClock;
}

export interface RequestListPage {
  rows: RequestListItem[];
  /** The next page's cursor (?after=), or null on the last page. */
  next: string | null;
  /** Matches of the current filter (all pages). */
  total: number;
  /** Matches per status tab under the other filters: each status, "open" and "all" (up to COUNT_CAP). */
  counts: Record<StatusFilter, number>;
  /** The tabs (and so perhaps the total) whose count stopped at COUNT_CAP: "more than 10,000". */
  capped: StatusFilter[];
}

export interface StatusCounts {
  counts: Record<StatusFilter, number>;
  capped: StatusFilter[];
}

export interface ListOptions {
  now?: Date;
  /** The operations setting: "due soon" is no contact and due within this many minutes. */
  escalateBeforeMinutes: number;
}

const IST = "+05:30";
const MINUTE = 60_000;

/** % and _ typed by someone are matched as themselves. */
function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The moment an India date starts. */
function indiaDayStart(date: string): Date {
  return new Date(`${date}T00:00:00${IST}`);
}

function statusCondition(status: StatusFilter): SQL | undefined {
  if (status === "all") return undefined;
  if (status === "open") return inArray(sr.status, [...OPEN_STATUSES]);
  return eq(sr.status, status);
}

/**
 * Where a request stands against its response promise, as SQL, agreeing with responseState: breached when
 * floor((due - now) / 1 min) < 0, due soon while it is at most escalateBeforeMinutes; both only for a request
 * still open with no contact logged (a closed request without contact is "closed").
 */
function slaCondition(sla: NonNullable<RequestListFilters["sla"]>, now: Date, escalateBeforeMinutes: number): SQL {
  const waiting = and(isNull(sr.firstContactAt), inArray(sr.status, [...OPEN_STATUSES]));
  switch (sla) {
    case "awaiting":
      return waiting!;
    case "breached":
      return and(waiting, lt(sr.responseDueAt, now))!;
    case "due_soon":
      return and(waiting, gte(sr.responseDueAt, now), lt(sr.responseDueAt, new Date(now.getTime() + (escalateBeforeMinutes + 1) * MINUTE)))!;
    case "met":
      return and(isNotNull(sr.firstContactAt), or(isNull(sr.responseDueAt), sql`${sr.firstContactAt} <= ${sr.responseDueAt}`))!;
    case "missed":
      return sql`${sr.firstContactAt} > ${sr.responseDueAt}`;
  }
}

/** A reference as typed ("sr-2611-0042", "SR 2611", "2611-0042"), made canonical; undefined if it is not one. */
export function referenceQuery(q: string): { exact: boolean; value: string } | undefined {
  const compact = q.replace(/\s+/g, "-").toUpperCase();
  const m = /^(?:SR-?)(\d{1,4})?(?:-?(\d{1,7}))?-?$/.exec(compact) ?? /^(\d{4})-(\d{1,7})$/.exec(compact);
  if (!m || (!compact.startsWith("SR") && !m[2])) return undefined;
  const [, month, number] = m;
  if (number && month?.length !== 4) return undefined;
  const value = `SR-${month ?? ""}${number ? `-${number}` : ""}`;
  return { exact: /^SR-\d{4}-\d{4,}$/.test(value), value };
}

/**
 * The search box: a reference (exact, or its start), a mobile number (any way it is written: the last ten
 * digits are matched; fewer than ten match anywhere in the number), else a contact's name or company (any
 * part, any case) or the exact serial number of one of the customer's units.
 */
function searchCondition(q: string): SQL {
  const reference = referenceQuery(q);
  if (reference) return reference.exact ? eq(sr.reference, reference.value) : sql`${sr.reference} like ${`${reference.value}%`}`;
  const digits = q.replace(/[\s\-+().]/g, "");
  if (/^\d{4,}$/.test(digits)) {
    return digits.length >= 10 ? eq(sr.mobile, `+91${digits.slice(-10)}`) : sql`${sr.mobile} like ${`%${digits}%`}`;
  }
  const pattern = `%${likeEscape(q)}%`;
  // A serial number read off a nameplate finds the jobs of that unit's customer: exact, any case, through
  // the index on lower(serial_number) and then service_requests_customer. Written as "= any(array(...))",
  // which PostgreSQL evaluates once and can answer from an index: a correlated EXISTS in the OR would make
  // it read every request, where the name and company conditions are answered by their trigram indexes.
  // A unit's serial as serialKey compares it (no spaces, one case: index equipment_units_serial_key).
  const serial = sql`${sr.customerId} = any(array(select ${equipmentUnits.customerId} from ${equipmentUnits} where ${serialKeySql} = ${serialKey(q)}))`;
  return or(ilike(sr.contactName, pattern), ilike(sr.company, pattern), serial)!;
}

/** Every condition of the filters but the status tab. */
function filterConditions(f: RequestListFilters, now: Date, escalateBeforeMinutes: number): SQL[] {
  const where: SQL[] = [];
  if (f.urgency) where.push(eq(sr.urgency, f.urgency));
  if (f.service) where.push(eq(sr.serviceSlug, f.service));
  if (f.city) where.push(sql`lower(${sr.city}) like lower(${`${likeEscape(f.city)}%`})`);
  if (f.from) where.push(gte(sr.createdAt, indiaDayStart(f.from)));
  if (f.to) where.push(lt(sr.createdAt, new Date(indiaDayStart(f.to).getTime() + 24 * 60 * MINUTE)));
  if (f.technician === "unassigned") where.push(isNull(sr.assignedTechnicianId));
  else if (f.technician !== undefined) where.push(eq(sr.assignedTechnicianId, f.technician));
  if (f.sla) where.push(slaCondition(f.sla, now, escalateBeforeMinutes));
  if (f.q) where.push(searchCondition(f.q));
  return where;
}

// ── Sort and cursor ──────────────────────────────────────────────────────────────────────────────
// The cursor carries the sort value exactly, in microseconds since 1970 (a timestamp keeps microseconds,
// a JavaScript Date only milliseconds: a millisecond cursor could skip or repeat rows received in the same
// millisecond). "none" is the due time of a request that has none.

const micros = (column: typeof sr.createdAt | typeof sr.responseDueAt) => sql<string | null>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

const NO_DUE = "none";

function cursorValue(cursor: Cursor | undefined): { value: string; id: number } | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || !(value === NO_DUE || /^-?\d{1,17}$/.test(value)) || id < 1 || id > 2_147_483_647) return undefined;
  return { value, id };
}

const selection = {
  id: sr.id,
  reference: sr.reference,
  createdAt: sr.createdAt,
  contactName: sr.contactName,
  company: sr.company,
  mobile: sr.mobile,
  email: sr.email,
  city: sr.city,
  serviceSlug: sr.serviceSlug,
  serviceName: sr.serviceName,
  urgency: sr.urgency,
  status: sr.status,
  technician: technicianProfiles.name,
  responseDueAt: sr.responseDueAt,
  firstContactAt: sr.firstContactAt,
  poNumber: sr.poNumber,
};

type Row = { [K in keyof typeof selection]: (typeof selection)[K]["_"]["data"] | null } & { id: number; sortKey: string | null };

async function selectRows(where: SQL | undefined, sortKey: SQL<string | null>, orderBy: SQL[], limit: number): Promise<Row[]> {
  return (await getDb()
    .select({ ...selection, sortKey })
    .from(sr)
    .leftJoin(technicianProfiles, eq(technicianProfiles.id, sr.assignedTechnicianId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)) as Row[];
}

/** One page (limit rows) of the filter in the sort, from the cursor on. */
async function pageRows(f: RequestListFilters, base: SQL[], cursor: Cursor | undefined, limit: number): Promise<Row[]> {
  const after = cursorValue(cursor);
  if (f.sort === "due") {
    // Requests with a due time, soonest first, then those without, by id.
    const rows: Row[] = [];
    if (!after || after.value !== NO_DUE) {
      const from = after ? sql`(${sr.responseDueAt}, ${sr.id}) > (${fromMicros(after.value)}, ${after.id})` : undefined;
      rows.push(...(await selectRows(and(...base, isNotNull(sr.responseDueAt), from), micros(sr.responseDueAt), [asc(sr.responseDueAt), asc(sr.id)], limit)));
    }
    if (rows.length < limit) {
      const from = after?.value === NO_DUE ? gt(sr.id, after.id) : undefined;
      const undated = await selectRows(and(...base, isNull(sr.responseDueAt), from), sql<string>`${NO_DUE}`, [asc(sr.id)], limit - rows.length);
      rows.push(...undated);
    }
    return rows;
  }
  const newest = f.sort !== "oldest";
  const from =
    after && after.value !== NO_DUE
      ? newest
        ? sql`(${sr.createdAt}, ${sr.id}) < (${fromMicros(after.value)}, ${after.id})`
        : sql`(${sr.createdAt}, ${sr.id}) > (${fromMicros(after.value)}, ${after.id})`
      : undefined;
  const order = newest ? [desc(sr.createdAt), desc(sr.id)] : [asc(sr.createdAt), asc(sr.id)];
  return selectRows(and(...base, from), micros(sr.createdAt), order, limit);
}

function clockOf(row: Pick<Row, "status" | "createdAt" | "responseDueAt" | "firstContactAt">, now: Date, escalateBeforeMinutes: number): RequestClock {
  const { state, minutesLeft } = responseState(
    { status: row.status!, createdAt: row.createdAt!, responseDueAt: row.responseDueAt, firstContactAt: row.firstContactAt },
    now,
    escalateBeforeMinutes,
  );
  const text =
    state === "breached"
      ? `Overdue ${formatDuration(-(minutesLeft ?? 0))}`
      : state === "met"
        ? "Responded"
        : state === "missed"
          ? "Responded late"
          : state === "closed"
            ? "Closed without a call"
            : minutesLeft === null
              ? "No due time"
              : `Due in ${formatDuration(minutesLeft)}`;
  return { state, text };
}

function item(row: Row, now: Date, escalateBeforeMinutes: number): RequestListItem {
  return {
    id: row.id,
    reference: row.reference!,
    receivedAt: row.createdAt!.toISOString(),
    contactName: row.contactName!,
    company: row.company,
    mobile: row.mobile!,
    email: row.email,
    city: row.city,
    serviceSlug: row.serviceSlug,
    service: row.serviceName ?? row.serviceSlug,
    urgency: row.urgency!,
    urgencyLabel: urgencyLabel(row.urgency!),
    status: row.status!,
    statusLabel: officeStatusLabel(row.status!),
    technician: row.technician,
    responseDueAt: row.responseDueAt?.toISOString() ?? null,
    firstContactAt: row.firstContactAt?.toISOString() ?? null,
    poNumber: row.poNumber,
    clock: clockOf(row, now, escalateBeforeMinutes),
  };
}

/**
 * The matches per status under the other filters, whose sums give "open", "all" and the list its total (the
 * current tab's count). Unfiltered, each status is counted up to COUNT_CAP (ADR 024, 2026-11-28): grouping
 * every request on every view read 100,000 index entries at seed-volume's size for tab figures like
 * "Completed (94,812)", which nobody reads past "more than 10,000"; the open statuses, the office's daily
 * work, stay exact far beyond anything real. Filtered, every count is exact.
 */
type StatusCount = { status: string; n: number | string };

async function groupedCounts(where: SQL): Promise<StatusCount[]> {
  return getDb().select({ status: sr.status, n: sql<number>`count(*)::int` }).from(sr).where(where).groupBy(sr.status);
}

/** Unfiltered: each status counted up to COUNT_CAP + 1 on service_requests_status_created, in one statement. */
async function cappedCounts(): Promise<StatusCount[]> {
  const parts = REQUEST_STATUSES.map(
    ({ value }) => sql`select ${value}::text as status, (select count(*) from (select 1 from ${sr} where ${sr.status} = ${value} limit ${COUNT_CAP + 1}) m)::int as n`,
  );
  const result = await getDb().execute<StatusCount>(sql.join(parts, sql` union all `));
  return Array.isArray(result) ? (result as StatusCount[]) : (result as { rows: StatusCount[] }).rows;
}

export async function countRequestsByStatus(f: RequestListFilters, options: ListOptions): Promise<StatusCounts> {
  const now = options.now ?? new Date();
  const where = and(...filterConditions(f, now, options.escalateBeforeMinutes));
  // Filtered (a search, a technician, dates...), the filter bounds the work and one GROUP BY over its matches
  // counts every tab exactly; a capped count per status would repeat the filter's index scans per status.
  const rows = where ? await groupedCounts(where) : await cappedCounts();
  const raw = Object.fromEntries([...REQUEST_STATUSES.map((s) => [s.value, 0]), ["open", 0], ["all", 0]]) as Record<StatusFilter, number>;
  for (const { status, n } of rows) {
    const value = Number(n);
    raw.all += value;
    if (status in raw) raw[status as RequestStatus] += value;
    if (!CLOSED_STATUSES.includes(status as RequestStatus)) raw.open += value;
  }
  const counts = {} as Record<StatusFilter, number>;
  const capped: StatusFilter[] = [];
  for (const key of Object.keys(raw) as StatusFilter[]) {
    const c = cappedCount(raw[key]);
    counts[key] = c.count;
    if (c.capped) capped.push(key);
  }
  return { counts, capped };
}

/** One page of the list (PAGE_SIZE rows after the cursor), its next cursor, the total and the tab counts. */
export async function listServiceRequests(f: RequestListFilters, cursor: Cursor | undefined, options: ListOptions, size = PAGE_SIZE): Promise<RequestListPage> {
  const now = options.now ?? new Date();
  const base = filterConditions(f, now, options.escalateBeforeMinutes);
  const status = statusCondition(f.status);
  if (status) base.push(status);
  const [rows, { counts, capped }] = await Promise.all([pageRows(f, base, cursor, size + 1), countRequestsByStatus(f, { ...options, now })]);
  const page = keysetPage(rows, (row): Cursor => [row.sortKey ?? NO_DUE, row.id], size);
  return {
    rows: page.rows.map((row) => item(row, now, options.escalateBeforeMinutes)),
    next: page.next,
    total: counts[f.status],
    counts,
    capped,
  };
}

/**
 * Every match of the filter in its sort, for the CSV export (at most CSV_MAX_ROWS): the page query walked in
 * keyset batches, streamed (ADR 024), so the first rows leave while the rest are read.
 */
export async function* exportServiceRequests(
  f: RequestListFilters,
  options: ListOptions,
  max = CSV_MAX_ROWS,
  batch = CSV_BATCH_ROWS,
): AsyncGenerator<RequestListItem[]> {
  const now = options.now ?? new Date();
  const base = filterConditions(f, now, options.escalateBeforeMinutes);
  const status = statusCondition(f.status);
  if (status) base.push(status);
  const batches = keysetBatches((cursor, size) => pageRows(f, base, cursor, size), (row): Cursor => [row.sortKey ?? NO_DUE, row.id], max, batch);
  for await (const rows of batches) yield rows.map((row) => item(row, now, options.escalateBeforeMinutes));
}

/** The technicians the filter offers: everyone approved, by name. */
export async function technicianChoices(): Promise<Array<{ id: number; name: string }>> {
  return getDb()
    .select({ id: technicianProfiles.id, name: technicianProfiles.name })
    .from(technicianProfiles)
    .where(eq(technicianProfiles.status, "approved"))
    .orderBy(asc(technicianProfiles.name), asc(technicianProfiles.id));
}
