/**
 * The office's technicians screen (/admin/technicians, issue 10): the list (tabs by application status,
 * filters, search, keyset pages, counts, CSV), one technician's page (the application, their jobs, jobs
 * done per India-time week, average times) and the office's edit of what it manages (skills, services,
 * base city, availability, the "available now" switch). Approving and rejecting stay in ./review.ts.
 */
import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { audit, changedFields, type AuditActor } from "~/.server/audit/index.ts";
import { listEntries } from "~/.server/content/index.ts";
import { indiaWeekStart } from "~/.server/dashboard/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { requestEvents, serviceRequests as sr, technicianProfiles as tp } from "~/.server/db/schema.ts";
import { sortOf, TECHNICIAN_CHANGED_MEANWHILE, type TechnicianListFilters, type TechnicianTab, type UpdateTechnicianInput } from "~/lib/forms/admin/technicians.ts";
import { availabilityLabel, idProofLabel, skillLabel } from "~/lib/forms/technician-registration.ts";
import { formatDuration } from "~/lib/requests/sla.ts";
import { CLOSED_STATUSES, officeStatusLabel } from "~/lib/requests/status.ts";
import type { TechnicianProfile } from "./shared.ts";

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export const APPLICATION_STATUS_LABELS: Record<"pending" | "approved" | "rejected", string> = {
  pending: "Application: pending review",
  approved: "Active (approved)",
  rejected: "Rejected",
};

function applicationStatusLabel(status: string): string {
  return APPLICATION_STATUS_LABELS[status as keyof typeof APPLICATION_STATUS_LABELS] ?? status;
}

/** The India-time weeks the list counts completed jobs in: this one (from Monday 00:00 IST) and the one before. */
export function weekBounds(now: Date): { thisWeek: Date; lastWeek: Date } {
  const thisWeek = indiaWeekStart(now);
  return { thisWeek, lastWeek: new Date(thisWeek.getTime() - WEEK_MS) };
}

/** "2026-11-16": the India-time date of a moment. */
function indiaDate(moment: Date): string {
  return new Date(moment.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The catalogue's services (slug and name, grouped by category), as the filters and the edit form offer them. */
export async function serviceCatalogue(): Promise<Array<{ slug: string; name: string; category: string }>> {
  const entries = await listEntries("service");
  return entries.map((e) => ({ slug: e.slug, name: e.title, category: e.data.category }));
}

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export interface TechnicianListItem {
  id: number;
  reference: string;
  status: string;
  statusLabel: string;
  name: string;
  mobile: string;
  city: string;
  skills: string[];
  services: string[];
  availability: string;
  availableNow: boolean;
  /** Open requests assigned to them (not completed, not cancelled). */
  currentJobs: number;
  /** Requests they completed this India-time week (Monday 00:00 IST on), and the week before. */
  doneThisWeek: number;
  doneLastWeek: number;
  /** ISO: the latest assignment of a request to them. */
  lastJobAt: string | null;
  /** ISO: when the application was verified (or sent). */
  appliedAt: string;
}

export interface TechnicianListPage {
  rows: TechnicianListItem[];
  next: string | null;
  total: number;
  counts: Record<TechnicianTab, number>;
}

/** % and _ typed by someone are matched as themselves. */
function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A technician reference as typed ("ta-2611-0003", "TA 2611", "2611-0003"), made canonical; undefined if it is not one. */
export function technicianReferenceQuery(q: string): { exact: boolean; value: string } | undefined {
  const compact = q.trim().replace(/\s+/g, "-").toUpperCase();
  const m = /^TA-?(\d{1,4})?(?:-?(\d{1,7}))?-?$/.exec(compact) ?? /^(\d{4})-(\d{1,7})$/.exec(compact);
  if (!m) return undefined;
  const [, month, number] = m;
  if (number && month?.length !== 4) return undefined;
  const value = `TA-${month ?? ""}${number ? `-${number}` : ""}`;
  return { exact: /^TA-\d{4}-\d{4,}$/.test(value), value };
}

/** Name (any part), mobile number (the last ten digits exactly; fewer anywhere), or reference. */
function searchCondition(q: string): SQL {
  const reference = technicianReferenceQuery(q);
  if (reference) return reference.exact ? eq(tp.reference, reference.value) : sql`${tp.reference} like ${`${reference.value}%`}`;
  const digits = q.replace(/[\s\-+().]/g, "");
  if (/^\d{4,}$/.test(digits)) return digits.length >= 10 ? eq(tp.mobile, `+91${digits.slice(-10)}`) : sql`${tp.mobile} like ${`%${digits}%`}`;
  return ilike(tp.name, `%${likeEscape(q)}%`);
}

/** Every condition but the tab: verified applications only, then the filters. */
function filterConditions(f: TechnicianListFilters): SQL[] {
  const where: SQL[] = [ne(tp.status, "unverified")];
  if (f.city) where.push(sql`lower(${tp.city}) like lower(${`${likeEscape(f.city)}%`})`);
  if (f.skill) where.push(sql`${f.skill} = any(${tp.skills})`);
  if (f.service) where.push(sql`${f.service} = any(${tp.serviceSlugs})`);
  if (f.available) where.push(eq(tp.availableNow, f.available === "yes"));
  if (f.q) where.push(searchCondition(f.q));
  return where;
}

function tabCondition(tab: TechnicianTab): SQL | undefined {
  return tab === "all" ? undefined : eq(tp.status, tab);
}

const appliedAt = sql`coalesce(${tp.verifiedAt}, ${tp.createdAt})`;
const micros = sql<string>`(extract(epoch from ${appliedAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;
const CLOSED = [...CLOSED_STATUSES];

/** The per-technician job figures, as correlated subqueries on service_requests_assigned. */
function jobFigures(now: Date) {
  const { thisWeek, lastWeek } = weekBounds(now);
  const mine = sql`${sr.assignedTechnicianId} = ${tp.id}`;
  const completedFrom = (from: Date, to?: Date) =>
    sql<number>`(select count(*) from ${sr} where ${mine} and ${sr.status} = 'completed' and ${sr.completedAt} >= ${from.toISOString()}::timestamptz${
      to ? sql` and ${sr.completedAt} < ${to.toISOString()}::timestamptz` : sql``
    })`.mapWith(Number);
  return {
    currentJobs: sql<number>`(select count(*) from ${sr} where ${mine} and ${notInArray(sr.status, CLOSED)})`.mapWith(Number),
    doneThisWeek: completedFrom(thisWeek),
    doneLastWeek: completedFrom(lastWeek, thisWeek),
    lastJobAt: sql<string | null>`(select max(${sr.assignedAt}) from ${sr} where ${mine})`.mapWith((v: unknown) => (v === null ? null : new Date(v as string))),
  };
}

async function selectRows(f: TechnicianListFilters, where: SQL | undefined, cursor: Cursor | undefined, limit: number, now: Date) {
  const sort = sortOf(f);
  let from: SQL | undefined;
  if (cursor) {
    const [value, id] = cursor;
    if (sort === "name" && typeof value === "string") from = sql`(${tp.name}, ${tp.id}) > (${value}, ${id})`;
    else if (sort === "newest" && typeof value === "string" && /^-?\d{1,17}$/.test(value)) from = sql`(${appliedAt}, ${tp.id}) < (${fromMicros(value)}, ${id})`;
  }
  return getDb()
    .select({
      id: tp.id,
      reference: tp.reference,
      status: tp.status,
      name: tp.name,
      mobile: tp.mobile,
      city: tp.city,
      skills: tp.skills,
      serviceSlugs: tp.serviceSlugs,
      availability: tp.availability,
      availableNow: tp.availableNow,
      verifiedAt: tp.verifiedAt,
      createdAt: tp.createdAt,
      sortKey: sort === "name" ? sql<string>`${tp.name}` : micros,
      ...jobFigures(now),
    })
    .from(tp)
    .where(and(where, from))
    .orderBy(...(sort === "name" ? [asc(tp.name), asc(tp.id)] : [desc(appliedAt), desc(tp.id)]))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof selectRows>>[number];

/** Who the technician is and where their application stands: the list's row and their page both start so. */
function technicianIdentity(row: Pick<Row, "id" | "reference" | "status" | "name" | "mobile">) {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    statusLabel: applicationStatusLabel(row.status),
    name: row.name,
    mobile: row.mobile,
  };
}

function listItem(row: Row, services: Map<string, string>): TechnicianListItem {
  return {
    ...technicianIdentity(row),
    city: row.city,
    skills: row.skills.map(skillLabel),
    services: row.serviceSlugs.map((slug) => services.get(slug) ?? slug),
    availability: availabilityLabel(row.availability),
    availableNow: row.availableNow,
    currentJobs: row.currentJobs,
    doneThisWeek: row.doneThisWeek,
    doneLastWeek: row.doneLastWeek,
    lastJobAt: row.lastJobAt?.toISOString() ?? null,
    appliedAt: (row.verifiedAt ?? row.createdAt).toISOString(),
  };
}

/** The matches per tab under the other filters: one GROUP BY. */
export async function countTechniciansByTab(f: TechnicianListFilters): Promise<Record<TechnicianTab, number>> {
  const rows = await getDb()
    .select({ status: tp.status, n: count() })
    .from(tp)
    .where(and(...filterConditions(f)))
    .groupBy(tp.status);
  const counts: Record<TechnicianTab, number> = { approved: 0, pending: 0, rejected: 0, all: 0 };
  for (const { status, n } of rows) {
    counts.all += n;
    if (status in counts) counts[status as TechnicianTab] += n;
  }
  return counts;
}

async function serviceNames(): Promise<Map<string, string>> {
  return new Map((await serviceCatalogue()).map((s) => [s.slug, s.name]));
}

/** One page of the list (size rows after the cursor), the next cursor, the total and the tab counts. */
export async function listTechnicians(
  f: TechnicianListFilters,
  cursor: Cursor | undefined,
  options: { now?: Date; size?: number } = {},
): Promise<TechnicianListPage> {
  const now = options.now ?? new Date();
  const size = options.size ?? PAGE_SIZE;
  const where = and(...filterConditions(f), tabCondition(f.status));
  const [rows, counts, services] = await Promise.all([selectRows(f, where, cursor, size + 1, now), countTechniciansByTab(f), serviceNames()]);
  const page = keysetPage(rows, (row): Cursor => [row.sortKey, row.id], size);
  return { rows: page.rows.map((row) => listItem(row, services)), next: page.next, total: counts[f.status], counts };
}

/** Every match of the filter in its sort, for the CSV export (at most CSV_MAX_ROWS). */
export async function exportTechnicians(f: TechnicianListFilters, options: { now?: Date; max?: number } = {}): Promise<TechnicianListItem[]> {
  const now = options.now ?? new Date();
  const [rows, services] = await Promise.all([selectRows(f, and(...filterConditions(f), tabCondition(f.status)), undefined, options.max ?? CSV_MAX_ROWS, now), serviceNames()]);
  return rows.map((row) => listItem(row, services));
}

// ── One technician ──────────────────────────────────────────────────────────────────────────────

/** The fields the office edits, in the order the digest reads them. */
type Managed = Pick<TechnicianProfile, "skills" | "serviceSlugs" | "city" | "availability" | "availableNow">;

function managed(row: Managed): Managed {
  return { skills: row.skills, serviceSlugs: row.serviceSlugs, city: row.city, availability: row.availability, availableNow: row.availableNow };
}

/**
 * A digest of what the edit form shows (the form's hidden "shown" field). technician_profiles has no
 * version column; a save whose digest no longer matches the row was made on values someone has changed
 * since (another staff member, or the technician's own availability switch) and is refused.
 */
export function managedDigest(row: Managed): string {
  const m = managed(row);
  return createHash("sha256").update(JSON.stringify([m.skills, m.serviceSlugs, m.city, m.availability, m.availableNow])).digest("hex");
}

export interface WeekCount {
  /** Monday of the week, India date "2026-11-16". */
  weekStart: string;
  count: number;
}

/**
 * Requests this technician completed in each of the last `weeks` India-time weeks (Monday 00:00 IST to
 * the next Monday), oldest first, the current week last.
 */
export async function completedPerWeek(profileId: number, options: { now?: Date; weeks?: number } = {}): Promise<WeekCount[]> {
  const now = options.now ?? new Date();
  const weeks = options.weeks ?? 8;
  const current = indiaWeekStart(now).getTime();
  const first = current - (weeks - 1) * WEEK_MS;
  const rows = await getDb()
    .select({ week: sql<number>`floor((extract(epoch from ${sr.completedAt}) * 1000 - ${first}) / ${WEEK_MS})::int`.mapWith(Number), n: count() })
    .from(sr)
    .where(and(eq(sr.assignedTechnicianId, profileId), eq(sr.status, "completed"), sql`${sr.completedAt} >= ${new Date(first).toISOString()}::timestamptz`))
    .groupBy(sql`1`);
  const counts = new Map(rows.map((r) => [r.week, r.n]));
  return Array.from({ length: weeks }, (_, i) => ({ weekStart: indiaDate(new Date(first + i * WEEK_MS)), count: counts.get(i) ?? 0 }));
}

export interface TechnicianJob {
  reference: string;
  status: string;
  statusLabel: string;
  service: string | null;
  customer: string;
  city: string | null;
  assignedAt: string | null;
  visitStart: string | null;
  completedAt: string | null;
}

const JOB_LIMIT = 50;

async function jobsOf(profileId: number, open: boolean): Promise<TechnicianJob[]> {
  const rows = await getDb()
    .select({
      reference: sr.reference,
      status: sr.status,
      serviceName: sr.serviceName,
      contactName: sr.contactName,
      company: sr.company,
      city: sr.city,
      assignedAt: sr.assignedAt,
      visitStart: sr.visitStart,
      completedAt: sr.completedAt,
    })
    .from(sr)
    .where(and(eq(sr.assignedTechnicianId, profileId), open ? notInArray(sr.status, CLOSED) : inArray(sr.status, CLOSED)))
    .orderBy(
      ...(open
        ? [sql`${sr.visitStart} asc nulls last`, sql`${sr.assignedAt} desc nulls last`, desc(sr.id)]
        : [sql`coalesce(${sr.completedAt}, ${sr.updatedAt}) desc`, desc(sr.id)]),
    )
    .limit(JOB_LIMIT);
  return rows.map((r) => ({
    reference: r.reference,
    status: r.status,
    statusLabel: officeStatusLabel(r.status),
    service: r.serviceName,
    customer: r.company ? `${r.contactName}, ${r.company}` : r.contactName,
    city: r.city,
    assignedAt: r.assignedAt?.toISOString() ?? null,
    visitStart: r.visitStart?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}

export interface AverageTime {
  /** "3 h 05 min", or null when there is nothing to measure. */
  text: string | null;
  /** How many jobs it is the average of. */
  jobs: number;
}

function average(seconds: unknown, jobs: number): AverageTime {
  const value = seconds === null || seconds === undefined ? null : Number(seconds);
  return { text: jobs > 0 && value !== null && Number.isFinite(value) ? formatDuration(value / 60) : null, jobs };
}

/**
 * Average times over the requests assigned to them:
 * - first update: from the assignment to the technician's first update on the job (a request event by
 *   their account), over the jobs that have one;
 * - assignment to completion, over completed jobs with an assignment time;
 * - resolution: the request's resolution clock (receipt to completion, less the time it waited on the
 *   customer or on parts: ~/lib/requests/sla.ts), over completed jobs.
 */
export async function averageTimes(profile: Pick<TechnicianProfile, "id" | "userId">) {
  const db = getDb();
  const completed = and(eq(sr.assignedTechnicianId, profile.id), eq(sr.status, "completed"), isNotNull(sr.completedAt));
  const [done] = await db
    .select({
      resolutionJobs: count(),
      resolution: sql<string | null>`avg(greatest(0, extract(epoch from (${sr.completedAt} - ${sr.createdAt})) - ${sr.pausedSeconds}))`,
      assignedJobs: sql<number>`count(*) filter (where ${sr.assignedAt} is not null and ${sr.completedAt} >= ${sr.assignedAt})`.mapWith(Number),
      assignedToDone: sql<string | null>`avg(extract(epoch from (${sr.completedAt} - ${sr.assignedAt}))) filter (where ${sr.assignedAt} is not null and ${sr.completedAt} >= ${sr.assignedAt})`,
    })
    .from(sr)
    .where(completed);
  let firstUpdate: AverageTime = { text: null, jobs: 0 };
  if (profile.userId !== null) {
    const first = db
      .select({
        seconds: sql<string | null>`extract(epoch from (min(${requestEvents.createdAt}) - ${sr.assignedAt}))`.as("seconds"),
      })
      .from(sr)
      .innerJoin(requestEvents, and(eq(requestEvents.requestId, sr.id), eq(requestEvents.actorUserId, profile.userId), sql`${requestEvents.createdAt} >= ${sr.assignedAt}`))
      .where(and(eq(sr.assignedTechnicianId, profile.id), isNotNull(sr.assignedAt)))
      .groupBy(sr.id, sr.assignedAt)
      .as("first_updates");
    const [row] = await db.select({ jobs: count(), seconds: sql<string | null>`avg(${first.seconds})` }).from(first);
    firstUpdate = average(row?.seconds, row?.jobs ?? 0);
  }
  return {
    firstUpdate,
    assignedToDone: average(done?.assignedToDone, done?.assignedJobs ?? 0),
    resolution: average(done?.resolution, done?.resolutionJobs ?? 0),
  };
}

/** One verified application by id, or undefined. */
async function findTechnician(id: number): Promise<TechnicianProfile | undefined> {
  const [row] = await getDb()
    .select()
    .from(tp)
    .where(and(eq(tp.id, id), ne(tp.status, "unverified")));
  return row;
}

/** Everything the technician's page shows: the application, what the office manages, jobs and figures. */
export async function technicianPage(id: number, options: { now?: Date } = {}) {
  const now = options.now ?? new Date();
  const row = await findTechnician(id);
  if (!row) return undefined;
  const [catalogue, current, past, weeks, averages, figures] = await Promise.all([
    serviceCatalogue(),
    jobsOf(row.id, true),
    jobsOf(row.id, false),
    completedPerWeek(row.id, { now }),
    averageTimes(row),
    getDb().select(jobFigures(now)).from(tp).where(eq(tp.id, row.id)),
  ]);
  const names = new Map(catalogue.map((s) => [s.slug, s.name]));
  return {
    ...technicianIdentity(row),
    email: row.email,
    city: row.city,
    skillIds: row.skills,
    skills: row.skills.map(skillLabel),
    serviceSlugs: row.serviceSlugs,
    services: row.serviceSlugs.map((slug) => names.get(slug) ?? slug),
    yearsExperience: row.yearsExperience,
    currentEmployer: row.currentEmployer,
    availability: row.availability,
    availabilityLabel: availabilityLabel(row.availability),
    availableNow: row.availableNow,
    idProofType: idProofLabel(row.idProofType),
    idProofName: row.idProofName,
    reviewNote: row.reviewNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    appliedAt: (row.verifiedAt ?? row.createdAt).toISOString(),
    shown: managedDigest(row),
    /** The catalogue, plus any service they hold that has since left it (kept unless unticked). */
    catalogue: [
      ...catalogue,
      ...row.serviceSlugs.filter((slug) => !names.has(slug)).map((slug) => ({ slug, name: `${slug} (no longer in the catalogue)`, category: "Other" })),
    ],
    currentJobs: current,
    pastJobs: past,
    jobLimit: JOB_LIMIT,
    weeks,
    averages,
    doneThisWeek: figures[0]?.doneThisWeek ?? 0,
    doneLastWeek: figures[0]?.doneLastWeek ?? 0,
  };
}

export type TechnicianPage = NonNullable<Awaited<ReturnType<typeof technicianPage>>>;

export type UpdateOutcome =
  | { ok: true; changed: boolean; name: string; reference: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; field: string; message: string };

/**
 * Saves what the office manages of a technician, in one transaction with its audit entry
 * ("technician.update", the changed fields before and after). Refused, with nothing written, when the
 * row changed since the form was drawn (input.shown), or a service is not in the catalogue.
 */
export async function updateTechnician(actor: AuditActor, input: UpdateTechnicianInput, now = new Date()): Promise<UpdateOutcome> {
  const catalogue = new Set((await serviceCatalogue()).map((s) => s.slug));
  return getDb().transaction(async (tx): Promise<UpdateOutcome> => {
    const [row] = await tx.select().from(tp).where(eq(tp.id, input.id)).for("update");
    if (!row || row.status === "unverified") return { ok: false, reason: "not-found" };
    if (managedDigest(row) !== input.shown) return { ok: false, reason: "refused", field: "form", message: TECHNICIAN_CHANGED_MEANWHILE };
    const unknown = input.services.filter((slug) => !catalogue.has(slug) && !row.serviceSlugs.includes(slug));
    if (unknown.length > 0) {
      return { ok: false, reason: "refused", field: "services", message: `Not in the service catalogue (removed meanwhile?): ${unknown.join(", ")}. Reload the page.` };
    }
    const after: Managed = {
      skills: input.skills,
      serviceSlugs: input.services,
      city: input.city,
      availability: input.availability,
      availableNow: input.availableNow,
    };
    const diff = changedFields(managed(row) as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>);
    if (Object.keys(diff.after).length === 0) return { ok: true, changed: false, name: row.name, reference: row.reference };
    await tx.update(tp).set(after).where(eq(tp.id, row.id));
    await audit(tx, actor, { action: "technician.update", entityType: "technician", entityId: row.id, entityLabel: row.reference, ...diff }, now);
    return { ok: true, changed: true, name: row.name, reference: row.reference };
  });
}
