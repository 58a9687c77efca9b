import { sql, type SQL } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import type { Permission } from "~/lib/auth/permissions.ts";
import { formatDateTime } from "~/lib/format.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import { formatDuration, responseState, type ResponseState, type SlaSettings, type Urgency } from "~/lib/requests/sla.ts";
import { CLOSED_STATUSES, REQUEST_STATUSES, officeStatusLabel, type RequestStatus } from "~/lib/requests/status.ts";

/**
 * The back office's dashboard (/admin): what needs a person now. Each panel is shown only to staff whose
 * permissions cover its work ("requests": the response promise and the week; "dispatch": technicians and
 * visits), and all of them come from ONE statement, every part of which reads an index:
 *
 * - the open requests (status in the open statuses: service_requests_status_created), scanned once as a
 *   materialized CTE that the first-call, response-promise and no-technician panels and the counts by
 *   status all read. Open requests are the work in hand, not the history: they stay few however many
 *   requests the years pile up;
 * - today's visits: visit_start within today, India time (service_requests_visit);
 * - the week: requests received since Monday 00:00 India time (service_requests_received_figures), and what
 *   became of them.
 *
 * Lists are limited (LIST_LIMIT, VISIT_LIMIT); each panel's count says how many there are in all.
 */
export const LIST_LIMIT = 10;
export const VISIT_LIMIT = 100;

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const LIST_PATH = "/admin/service-requests";

export const OPEN_STATUSES: readonly RequestStatus[] = REQUEST_STATUSES.map((s) => s.value).filter((s) => !CLOSED_STATUSES.includes(s));

/** 00:00 India time of the day `now` falls on (India has no daylight saving: UTC+05:30). */
export function indiaDayStart(now: Date): Date {
  return new Date(Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS);
}

/** Monday 00:00 India time of the week `now` falls in. */
export function indiaWeekStart(now: Date): Date {
  const day = indiaDayStart(now);
  const weekday = new Date(day.getTime() + IST_OFFSET_MS).getUTCDay(); // 0 Sunday .. 6 Saturday
  return new Date(day.getTime() - ((weekday + 6) % 7) * DAY_MS);
}

/** "2026-11-16": the India-time date of a moment, as the list's from/to filters take it. */
function indiaDate(moment: Date): string {
  return new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const clockTime = new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" });
const dayLabel = new Intl.DateTimeFormat("en-IN", { weekday: "long", day: "numeric", month: "long", timeZone: "Asia/Kolkata" });

export function listHref(params: Record<string, string>): string {
  return `${LIST_PATH}?${new URLSearchParams(params).toString()}`;
}

// ── What the page shows ─────────────────────────────────────────────────────────────────────────

export interface ResponseClock {
  state: ResponseState;
  /** "Overdue by 1 h 05 min", "Due in 25 min", "No response target". */
  label: string;
  /** When the first call is due, India time ("22 Nov 2026, 3:05 pm"), if there is a target. */
  due: string | null;
  overdue: boolean;
}

export interface RequestItem {
  reference: string;
  href: string;
  customer: string;
  company: string | null;
  city: string | null;
  service: string;
  urgency: Urgency;
  urgencyLabel: string;
  emergency: boolean;
  statusLabel: string;
  /** When it came in, India time. */
  received: string;
  receivedAt: string;
  clock: ResponseClock;
}

export interface VisitItem {
  reference: string;
  href: string;
  /** "10:00 am – 12:30 pm", India time. */
  window: string;
  startAt: string;
  customer: string;
  company: string | null;
  city: string | null;
  emergency: boolean;
  statusLabel: string;
}

export interface VisitGroup {
  technician: string;
  /** The list of this technician's open jobs, or of the open jobs without one. */
  href: string;
  visits: VisitItem[];
}

export interface Panel<T> {
  count: number;
  items: T[];
  href: string;
}

export interface Dashboard {
  /** When the figures were read (ISO), and the same in India time for the page. */
  asOfAt: string;
  asOf: string;
  /** Shown to "requests". */
  waiting?: Panel<RequestItem>;
  promise?: Panel<RequestItem> & { breached: number; dueSoon: number; breachedHref: string; dueSoonHref: string; escalateBeforeMinutes: number };
  week?: {
    /** "Monday 16 November". */
    since: string;
    received: number;
    onTime: number;
    late: number;
    waiting: number;
    completed: number;
    cancelled: number;
    links: { received: string; onTime: string; late: string; completed: string; cancelled: string };
    open: { total: number; href: string; byStatus: Array<{ status: RequestStatus; label: string; count: number; href: string }> };
  };
  /** Shown to "dispatch". */
  unassigned?: Panel<RequestItem>;
  visits?: { count: number; day: string; groups: VisitGroup[] };
}

// ── The statement ─────────────────────────────────────────────────────────────────────────────────

interface RequestRow {
  id: number;
  reference: string;
  kind: string;
  contactName: string;
  company: string | null;
  city: string | null;
  serviceName: string | null;
  urgency: Urgency;
  status: string;
  createdAt: string;
  responseDueAt: string | null;
  firstContactAt: string | null;
}

interface VisitRow extends RequestRow {
  visitStart: string;
  visitEnd: string | null;
  technicianId: number | null;
  technicianName: string | null;
}

interface Figures {
  waiting?: RequestRow[];
  waitingCount?: number;
  late?: RequestRow[];
  breachedCount?: number;
  dueSoonCount?: number;
  byStatus?: Record<string, number>;
  week?: { received: number; onTime: number; late: number; waiting: number; completed: number; cancelled: number };
  unassigned?: RequestRow[];
  unassignedCount?: number;
  visits?: VisitRow[];
  visitCount?: number;
}

const REQUEST_COLUMNS = sql.raw(`id, reference, kind, contact_name AS "contactName", company, city, service_name AS "serviceName", urgency, status,
  created_at AS "createdAt", response_due_at AS "responseDueAt", first_contact_at AS "firstContactAt"`);

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const list = (query: SQL) => sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (${query}) x)`;
const count = (where: SQL) => sql`(SELECT count(*) FROM open_requests WHERE ${where})`;

function panelsFor(permissions: readonly Permission[]) {
  return { requests: permissions.includes("requests"), dispatch: permissions.includes("dispatch") };
}

/** responseState calls a request "due soon" while its whole minutes left are at most escalateBeforeMinutes. */
function dueSoonBefore(now: Date, escalateBeforeMinutes: number): Date {
  return new Date(now.getTime() + (escalateBeforeMinutes + 1) * 60_000);
}

/**
 * The one statement behind the panels these permissions show (none: null). It answers one row whose
 * `figures` column is a JSON object of lists and counts. Exported for scripts/measure-dashboard.ts (EXPLAIN).
 */
export function dashboardStatement(permissions: readonly Permission[], now: Date, escalateBeforeMinutes: number): SQL | null {
  const can = panelsFor(permissions);
  if (!can.requests && !can.dispatch) return null;
  const soon = dueSoonBefore(now, escalateBeforeMinutes);
  const parts: SQL[] = [];
  const noCall = sql`first_contact_at IS NULL`;
  if (can.requests) {
    // Issue 17 §5: the response clock never runs out of sight. A request whose first call is still due stays
    // here until a call is logged, whatever its status (one scheduled or assigned straight away included).
    const waiting = noCall;
    const late = sql`${noCall} AND response_due_at < ${ts(soon)}`;
    const weekStart = indiaWeekStart(now);
    parts.push(
      sql`'waiting', ${list(sql`SELECT ${REQUEST_COLUMNS} FROM open_requests WHERE ${waiting}
        ORDER BY urgency = 'emergency' DESC, response_due_at ASC NULLS LAST, id LIMIT ${LIST_LIMIT}`)}`,
      sql`'waitingCount', ${count(waiting)}`,
      sql`'late', ${list(sql`SELECT ${REQUEST_COLUMNS} FROM open_requests WHERE ${late} ORDER BY response_due_at, id LIMIT ${LIST_LIMIT}`)}`,
      sql`'breachedCount', ${count(sql`${noCall} AND response_due_at < ${ts(now)}`)}`,
      sql`'dueSoonCount', ${count(sql`${noCall} AND response_due_at >= ${ts(now)} AND response_due_at < ${ts(soon)}`)}`,
      sql`'byStatus', (SELECT coalesce(json_object_agg(status, n), '{}'::json) FROM (SELECT status, count(*) AS n FROM open_requests GROUP BY status) s)`,
      sql`'week', (SELECT json_build_object(
          'received', count(*),
          'onTime', count(*) FILTER (WHERE first_contact_at IS NOT NULL AND NOT coalesce(first_contact_at > response_due_at, false)),
          'late', count(*) FILTER (WHERE first_contact_at > response_due_at),
          'waiting', count(*) FILTER (WHERE first_contact_at IS NULL AND status NOT IN ('completed', 'cancelled')),
          'completed', count(*) FILTER (WHERE status = 'completed'),
          'cancelled', count(*) FILTER (WHERE status = 'cancelled'))
        FROM service_requests WHERE created_at >= ${ts(weekStart)} AND created_at <= ${ts(now)})`,
    );
  }
  if (can.dispatch) {
    const dayStart = indiaDayStart(now);
    const today = sql`r.visit_start >= ${ts(dayStart)} AND r.visit_start < ${ts(new Date(dayStart.getTime() + DAY_MS))} AND r.status <> 'cancelled'`;
    parts.push(
      sql`'unassigned', ${list(sql`SELECT ${REQUEST_COLUMNS} FROM open_requests WHERE assigned_technician_id IS NULL ORDER BY created_at, id LIMIT ${LIST_LIMIT}`)}`,
      sql`'unassignedCount', ${count(sql`assigned_technician_id IS NULL`)}`,
      sql`'visits', ${list(sql`SELECT r.id, r.reference, r.kind, r.contact_name AS "contactName", r.company, r.city, r.service_name AS "serviceName",
          r.urgency, r.status, r.created_at AS "createdAt", r.response_due_at AS "responseDueAt", r.first_contact_at AS "firstContactAt",
          r.visit_start AS "visitStart", r.visit_end AS "visitEnd", t.id AS "technicianId", t.name AS "technicianName"
        FROM service_requests r LEFT JOIN technician_profiles t ON t.id = r.assigned_technician_id
        WHERE ${today} ORDER BY t.name NULLS LAST, t.id, r.visit_start, r.id LIMIT ${VISIT_LIMIT}`)}`,
      sql`'visitCount', (SELECT count(*) FROM service_requests r WHERE ${today})`,
    );
  }
  const open = sql.join(
    OPEN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`WITH open_requests AS MATERIALIZED (
      SELECT id, reference, kind, contact_name, company, city, service_name, urgency, status, created_at, response_due_at,
        first_contact_at, assigned_technician_id
      FROM service_requests WHERE status IN (${open})
    )
    SELECT json_build_object(${sql.join(parts, sql`, `)}) AS figures`;
}

// ── View-ready data ───────────────────────────────────────────────────────────────────────────────

function clockOf(row: RequestRow, now: Date, escalateBeforeMinutes: number): ResponseClock {
  const responseDueAt = row.responseDueAt ? new Date(row.responseDueAt) : null;
  const { state, minutesLeft } = responseState(
    { status: row.status, createdAt: new Date(row.createdAt), responseDueAt, firstContactAt: row.firstContactAt ? new Date(row.firstContactAt) : null },
    now,
    escalateBeforeMinutes,
  );
  const label =
    minutesLeft === null
      ? state === "on_track"
        ? "No response target"
        : state === "met"
          ? "Called in time"
          : state === "missed"
            ? "Called late"
            : "Closed"
      : minutesLeft < 0
        ? `Overdue by ${formatDuration(-minutesLeft)}`
        : `Due in ${formatDuration(minutesLeft)}`;
  return { state, label, due: responseDueAt ? formatDateTime(responseDueAt) : null, overdue: state === "breached" };
}

function requestItem(row: RequestRow, now: Date, escalateBeforeMinutes: number): RequestItem {
  return {
    reference: row.reference,
    href: `${LIST_PATH}/${encodeURIComponent(row.reference)}`,
    customer: row.contactName,
    company: row.company,
    city: row.city,
    service: row.serviceName ?? (row.kind === "quick" ? "Quick request (no service chosen)" : "No service chosen"),
    urgency: row.urgency,
    urgencyLabel: urgencyLabel(row.urgency),
    emergency: row.urgency === "emergency",
    statusLabel: officeStatusLabel(row.status),
    received: formatDateTime(row.createdAt),
    receivedAt: new Date(row.createdAt).toISOString(),
    clock: clockOf(row, now, escalateBeforeMinutes),
  };
}

function visitWindow(start: Date, end: Date | null): string {
  if (!end) return clockTime.format(start);
  const sameDay = indiaDayStart(start).getTime() === indiaDayStart(end).getTime();
  return `${clockTime.format(start)} – ${sameDay ? clockTime.format(end) : formatDateTime(end)}`;
}

function visitGroups(rows: VisitRow[]): VisitGroup[] {
  const groups: VisitGroup[] = [];
  let current: number | null | undefined;
  for (const row of rows) {
    let group = groups.at(-1);
    if (!group || current !== row.technicianId) {
      current = row.technicianId;
      group = {
        technician: row.technicianName ?? "No technician assigned",
        href: listHref({ status: "open", technician: row.technicianId === null ? "unassigned" : String(row.technicianId) }),
        visits: [],
      };
      groups.push(group);
    }
    const start = new Date(row.visitStart);
    group.visits.push({
      reference: row.reference,
      href: `${LIST_PATH}/${encodeURIComponent(row.reference)}`,
      window: visitWindow(start, row.visitEnd ? new Date(row.visitEnd) : null),
      startAt: start.toISOString(),
      customer: row.contactName,
      company: row.company,
      city: row.city,
      emergency: row.urgency === "emergency",
      statusLabel: officeStatusLabel(row.status),
    });
  }
  return groups;
}

export interface DashboardOptions {
  permissions: readonly Permission[];
  now?: Date;
  /** The response-promise settings; read from the site settings when not given. */
  operations?: SlaSettings;
}

/** Everything the dashboard shows to staff with these permissions, in one statement. */
export async function loadDashboard({ permissions, now = new Date(), operations }: DashboardOptions): Promise<Dashboard> {
  const can = panelsFor(permissions);
  const dashboard: Dashboard = { asOfAt: now.toISOString(), asOf: formatDateTime(now) };
  if (!can.requests && !can.dispatch) return dashboard;

  const escalateBeforeMinutes = (operations ?? (await getSiteSettings()).operations).escalateBeforeMinutes;
  const result = (await getDb().execute(dashboardStatement(permissions, now, escalateBeforeMinutes)!)) as unknown as { rows: Array<{ figures: Figures | string }> };
  const raw = result.rows[0]?.figures;
  const f: Figures = typeof raw === "string" ? (JSON.parse(raw) as Figures) : (raw ?? {});
  const item = (row: RequestRow) => requestItem(row, now, escalateBeforeMinutes);

  if (can.requests) {
    dashboard.waiting = { count: Number(f.waitingCount ?? 0), items: (f.waiting ?? []).map(item), href: listHref({ sla: "awaiting" }) };
    const breached = Number(f.breachedCount ?? 0);
    const dueSoon = Number(f.dueSoonCount ?? 0);
    dashboard.promise = {
      count: breached + dueSoon,
      breached,
      dueSoon,
      items: (f.late ?? []).map(item),
      href: listHref({ sla: "breached" }),
      breachedHref: listHref({ sla: "breached" }),
      dueSoonHref: listHref({ sla: "due_soon" }),
      escalateBeforeMinutes,
    };
    const weekStart = indiaWeekStart(now);
    const range = { from: indiaDate(weekStart), to: indiaDate(now) };
    const w = f.week ?? { received: 0, onTime: 0, late: 0, waiting: 0, completed: 0, cancelled: 0 };
    const byStatus = OPEN_STATUSES.map((status) => ({
      status,
      label: officeStatusLabel(status),
      count: Number(f.byStatus?.[status] ?? 0),
      href: listHref({ status }),
    }));
    dashboard.week = {
      since: dayLabel.format(weekStart),
      received: Number(w.received),
      onTime: Number(w.onTime),
      late: Number(w.late),
      waiting: Number(w.waiting),
      completed: Number(w.completed),
      cancelled: Number(w.cancelled),
      links: {
        received: listHref({ status: "all", ...range }),
        onTime: listHref({ status: "all", sla: "met", ...range }),
        late: listHref({ status: "all", sla: "missed", ...range }),
        completed: listHref({ status: "completed", ...range }),
        cancelled: listHref({ status: "cancelled", ...range }),
      },
      open: { total: byStatus.reduce((n, s) => n + s.count, 0), href: listHref({ status: "open" }), byStatus },
    };
  }
  if (can.dispatch) {
    dashboard.unassigned = {
      count: Number(f.unassignedCount ?? 0),
      items: (f.unassigned ?? []).map(item),
      href: listHref({ status: "open", technician: "unassigned" }),
    };
    dashboard.visits = { count: Number(f.visitCount ?? 0), day: dayLabel.format(now), groups: visitGroups(f.visits ?? []) };
  }
  return dashboard;
}
