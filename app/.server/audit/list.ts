/**
 * The audit log as the owner reads it (/admin/activity): filtered by person, record, action and India
 * dates, newest first, in keyset pages on (at, id), with a count and a CSV export. Each entry comes back
 * view-ready: when, who, a readable sentence with a link to the record where it has a screen, the address
 * it came from, and only the fields that changed.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES } from "~/.server/admin/screens.ts";
import { cappedCount, COUNT_CAP, CSV_BATCH_ROWS, CSV_MAX_ROWS, decodeCursor, keysetBatches, keysetPage, PAGE_SIZE, queryObject, type CappedCount, type CsvColumn, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { auditLog, users } from "~/.server/db/schema.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { isStaffRole, STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { isRequestStatus, officeStatusLabel } from "~/lib/requests/status.ts";

// ---------------------------------------------------------------------------------------------------------
// Filters

/** YYYY-MM-DD naming a real calendar day. */
function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v) && v >= "2000-01-01" && v <= "2100-12-31";
}

const day = z.string().refine(isCalendarDay).optional().catch(undefined);

/** The filters in the address; a value that does not fit is dropped, never an error page. */
export const activityFiltersSchema = z.object({
  /** The actor's user id; absent: anyone. */
  person: z.string().regex(/^\d{1,9}$/).transform(Number).optional().catch(undefined),
  /** The kind of record: "request", "user", "technician", "settings"... */
  type: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/).optional().catch(undefined),
  /** The record's id or (part of) its label: "SR-2611-0004", a person's name. */
  record: z.string().trim().min(1).max(100).optional().catch(undefined),
  action: z.string().regex(/^[a-z][a-z0-9_.-]{0,59}$/).optional().catch(undefined),
  /** India dates, both included. */
  from: day,
  to: day,
});
export type ActivityFilters = z.output<typeof activityFiltersSchema>;

export interface ActivityQuery {
  filters: ActivityFilters;
  cursor: [string, number] | undefined;
  csv: boolean;
}

export function parseActivityQuery(url: URL): ActivityQuery {
  const filters = activityFiltersSchema.parse(queryObject(url));
  // A range typed the wrong way round means the days between.
  if (filters.from && filters.to && filters.from > filters.to) [filters.from, filters.to] = [filters.to, filters.from];
  const c = decodeCursor(url.searchParams.get("after"));
  const cursor = c && typeof c[0] === "string" && !Number.isNaN(Date.parse(c[0])) ? ([c[0], c[1]] as [string, number]) : undefined;
  return { filters, cursor, csv: url.searchParams.get("format") === "csv" };
}

/** The start of an India day (00:00 IST) as an instant. */
function indiaDayStart(isoDay: string, plusDays = 0): Date {
  const start = new Date(`${isoDay}T00:00:00+05:30`);
  return new Date(start.getTime() + plusDays * 86_400_000);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function conditions(f: ActivityFilters): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (f.person !== undefined) where.push(eq(auditLog.actorUserId, f.person));
  if (f.type) where.push(eq(auditLog.entityType, f.type));
  if (f.record) where.push(or(eq(auditLog.entityId, f.record), ilike(auditLog.entityLabel, `%${escapeLike(f.record)}%`)));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(sql`${auditLog.at} >= ${indiaDayStart(f.from).toISOString()}::timestamptz`);
  if (f.to) where.push(sql`${auditLog.at} < ${indiaDayStart(f.to, 1).toISOString()}::timestamptz`);
  return where.length > 0 ? and(...where) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Entries, view-ready

export interface ActivityChange {
  field: string;
  before: string;
  after: string;
}

export interface ActivityEntry {
  id: number;
  /** ISO */
  at: string;
  who: string;
  action: string;
  /** "changed the status of", the record, and what follows it: a sentence with the actor as its subject. */
  what: { lead: string; record: string | null; href: string | null; tail: string };
  /** The whole sentence as text (CSV, screen readers). */
  sentence: string;
  entityType: string;
  entityId: string;
  ipAddress: string | null;
  changes: ActivityChange[];
}

type Row = {
  id: number;
  at: Date;
  cursorAt: string;
  actorLabel: string;
  action: string;
  entityType: string;
  entityId: string;
  entityLabel: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
};

function obj(v: unknown): Record<string, unknown> | null {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

// The sentence and label of each action, and the label and record page of each kind of record, come from the
// screen registry (~/.server/admin/screens.ts), where every built screen declares them. An action not declared
// there still reads plainly ("recorded request.foo on SR-...").

/** The readable name of an action, for the filter's options. */
export function actionLabel(action: string): string {
  return AUDIT_ACTIONS.get(action)?.label ?? action;
}

export function entityTypeLabel(type: string): string {
  return AUDIT_ENTITY_TYPES.get(type)?.label ?? type;
}

/** The back-office page of a record, when it has one that is built. */
function recordHref(type: string, id: string, label: string | null): string | null {
  const href = AUDIT_ENTITY_TYPES.get(type)?.href?.(id, label) ?? null;
  if (!href) return null;
  return screenFor(href.replace(/#.*$/, ""))?.built ? href : null;
}

const FIELD_NAMES: Record<string, string> = {
  staffRole: "Role",
  roles: "Portals",
  name: "Name",
  mobile: "Mobile",
  status: "Status",
  reviewNote: "Note",
  method: "Signed in with",
};

function fieldName(key: string): string {
  if (FIELD_NAMES[key]) return FIELD_NAMES[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(key: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "none";
  if (key === "staffRole" && isStaffRole(v)) return STAFF_ROLE_INFO[v].label;
  if (key === "status" && isRequestStatus(v)) return officeStatusLabel(v);
  if (key === "mobile" && typeof v === "string") return formatIndianPhone(v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v) && v.every((x) => typeof x !== "object")) return v.length > 0 ? v.join(", ") : "none";
  const text = typeof v === "string" ? v : typeof v === "number" ? String(v) : JSON.stringify(v);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Only what changed: the fields whose value differs between before and after (all of them for a new record). */
export function changesOf(before: unknown, after: unknown): ActivityChange[] {
  const b = obj(before) ?? {};
  const a = obj(after) ?? {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) => ({ field: fieldName(k), before: valueText(k, b[k]), after: valueText(k, a[k]) }));
}

/** A label written as a bare number (+919848012345) reads as one: +91 98480 12345. */
function personLabel(label: string): string {
  return /^\+91\d{10}$/.test(label) ? formatIndianPhone(label) : label;
}

function toEntry(r: Row): ActivityEntry {
  const who = personLabel(r.actorLabel);
  const before = obj(r.before);
  const after = obj(r.after);
  const known = AUDIT_ACTIONS.get(r.action);
  const selfOnly = r.action.startsWith("auth.") || r.entityType === "settings";
  const record = selfOnly ? null : r.entityLabel ? personLabel(r.entityLabel) : `${entityTypeLabel(r.entityType).toLowerCase()} ${r.entityId}`;
  const [lead, tail] = known ? known.describe(before, after) : [`recorded “${r.action}” on`, ""];
  const what = { lead, record, href: record ? recordHref(r.entityType, r.entityId, r.entityLabel) : null, tail };
  return {
    id: r.id,
    at: r.at.toISOString(),
    who,
    action: r.action,
    what,
    sentence: `${who} ${lead}${record ? ` ${record}` : ""}${tail}`,
    entityType: r.entityType,
    entityId: r.entityId,
    ipAddress: r.ipAddress,
    changes: r.action.startsWith("auth.") ? [] : changesOf(r.before, r.after),
  };
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  // The cursor keeps the database's microseconds: a JavaScript date would round them away.
  cursorAt: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  actorLabel: auditLog.actorLabel,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  entityLabel: auditLog.entityLabel,
  before: auditLog.before,
  after: auditLog.after,
  ipAddress: auditLog.ipAddress,
};

/** One page of entries, newest first, after the cursor; and the next page's cursor. */
export async function listActivity(
  filters: ActivityFilters,
  cursor?: [string, number],
  size = PAGE_SIZE,
): Promise<{ entries: ActivityEntry[]; next: string | null }> {
  const after = cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor[0]}::timestamptz, ${cursor[1]})` : undefined;
  const rows = await getDb()
    .select(columns)
    .from(auditLog)
    .where(and(conditions(filters), after))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size + 1);
  const page = keysetPage(rows, (r) => [r.cursorAt, r.id], size);
  return { entries: page.rows.map(toEntry), next: page.next };
}

/**
 * The matches of the filter, counted up to COUNT_CAP (ADR 024): the unfiltered log at seed-volume's size
 * is 400,000 entries, and counting them all on every view read the whole index for a figure nobody reads
 * past "more than 10,000".
 */
export async function countActivity(filters: ActivityFilters): Promise<CappedCount> {
  const matches = getDb()
    .select({ one: sql`1` })
    .from(auditLog)
    .where(conditions(filters))
    .limit(COUNT_CAP + 1)
    .as("matches");
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(matches);
  return cappedCount(row?.n ?? 0);
}

/**
 * Every entry of the filter (up to CSV_MAX_ROWS), newest first, for the export: keyset batches of the
 * screen's own page query, streamed (ADR 024).
 */
export async function* allActivity(filters: ActivityFilters, batch = CSV_BATCH_ROWS): AsyncGenerator<ActivityEntry[]> {
  const batches = keysetBatches(
    (cursor, size) =>
      getDb()
        .select(columns)
        .from(auditLog)
        .where(and(conditions(filters), cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor[0]}::timestamptz, ${cursor[1]})` : undefined))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(size),
    (r): Cursor => [r.cursorAt, r.id],
    CSV_MAX_ROWS,
    batch,
  );
  for await (const rows of batches) yield rows.map(toEntry);
}

export const ACTIVITY_CSV_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: "When (India time)", value: (e) => formatDateTime(e.at) },
  { header: "When (UTC)", value: (e) => e.at },
  { header: "Who", value: (e) => e.who },
  { header: "Action", value: (e) => e.action },
  { header: "What", value: (e) => e.sentence },
  { header: "Record type", value: (e) => e.entityType },
  { header: "Record id", value: (e) => e.entityId },
  { header: "Record", value: (e) => e.what.record },
  { header: "Address", value: (e) => e.ipAddress },
  { header: "Changes", value: (e) => e.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join("; ") },
];

// ---------------------------------------------------------------------------------------------------------
// The filters' options

export interface ActivityOptions {
  people: Array<{ value: string; label: string }>;
  types: Array<{ value: string; label: string }>;
  actions: Array<{ value: string; label: string }>;
}

/**
 * The distinct values of an indexed audit_log column (entity_type on audit_log_entity_at, action on
 * audit_log_action) by a loose index scan: one probe per distinct value, however long the log is.
 */
function distinctAuditValues(column: "entity_type" | "action") {
  const c = sql.identifier(column);
  return getDb().execute<{ v: string }>(sql`
    with recursive vals(v) as (
      (select ${c} from audit_log order by ${c} limit 1)
      union all
      select (select ${c} from audit_log where ${c} > vals.v order by ${c} limit 1) from vals where vals.v is not null
    )
    select v from vals where v is not null`);
}

/**
 * The filter form's choices: staff and anyone who has an entry in the log (a former member's entries
 * stay findable), the kinds of record and the actions that occur in it (and those the back office writes).
 */
export async function activityOptions(): Promise<ActivityOptions> {
  const db = getDb();
  const [people, types, actions] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, mobile: users.mobile, staffRole: users.staffRole })
      .from(users)
      .where(sql`'admin' = any(${users.roles}) or exists (select 1 from ${auditLog} where ${auditLog.actorUserId} = ${users.id})`)
      .orderBy(sql`lower(coalesce(${users.name}, ${users.mobile}, ''))`, users.id),
    distinctAuditValues("entity_type"),
    distinctAuditValues("action"),
  ]);
  const typeValues = new Set([...AUDIT_ENTITY_TYPES.keys(), ...rowsOf<{ v: string }>(types).map((r) => r.v)]);
  const actionValues = new Set([...AUDIT_ACTIONS.keys(), ...rowsOf<{ v: string }>(actions).map((r) => r.v)]);
  return {
    people: people.map((p) => ({
      value: String(p.id),
      label: `${p.name ?? (p.mobile ? formatIndianPhone(p.mobile) : `user ${p.id}`)}${p.staffRole ? ` (${STAFF_ROLE_INFO[p.staffRole].label})` : " (no longer staff)"}`,
    })),
    types: [...typeValues].map((t) => ({ value: t, label: entityTypeLabel(t) })).sort((a, b) => a.label.localeCompare(b.label)),
    actions: [...actionValues].map((a) => ({ value: a, label: actionLabel(a) })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** db.execute's rows: node-postgres answers { rows }, PGlite too; an array on some drivers. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
