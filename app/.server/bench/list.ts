import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { benchJobs, customers, equipmentUnits, serviceRequests } from "~/.server/db/schema.ts";
import { BENCH_STAGES, OPEN_BENCH_STAGES, stageLabel } from "~/lib/bench/stages.ts";
import { type BenchListFilters, type BenchStageFilter } from "~/lib/forms/admin/bench.ts";
import { unitText } from "./shared.ts";
import { indiaDate } from "./work.ts";
import { formatPaise } from "~/lib/format.ts";

/**
 * The workshop board (/admin/bench): every job card, newest first, by stage tab, searched by job card,
 * serial number, customer or request; keyset pages on (created_at, id) (index bench_jobs_stage for one stage),
 * the count per tab, and the CSV export. Following ~/.server/requests/list.ts.
 */

export interface BenchListItem {
  id: number;
  jobCard: string;
  receivedAt: string;
  stage: string;
  stageLabel: string;
  unit: string;
  kind: string | null;
  serialNumber: string | null;
  customer: string;
  company: string | null;
  mobile: string;
  request: string;
  estimate: string | null;
  testResult: string | null;
  returnedAt: string | null;
  warrantyUntil: string | null;
  /** The earlier job card whose warranty was running when this unit came back. */
  warrantyRepeatOf: string | null;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A job card as typed ("jc-2611-0003", "JC 2611"): its canonical start. */
function jobCardQuery(q: string): string | undefined {
  const compact = q.replace(/\s+/g, "-").toUpperCase();
  return /^JC-?\d{0,4}(-\d{0,7})?$/.test(compact) ? compact.replace(/^JC-?/, "JC-") : undefined;
}

/** Job card (its start), else serial number (exact, any case) or a reference, else the customer's name, company or mobile. */
function searchCondition(q: string): SQL {
  const card = jobCardQuery(q);
  if (card) return sql`${benchJobs.jobCard} like ${`${card}%`}`;
  const pattern = `%${likeEscape(q)}%`;
  const digits = q.replace(/[\s\-+().]/g, "");
  return or(
    sql`lower(${equipmentUnits.serialNumber}) = lower(${q})`,
    eq(serviceRequests.reference, q.toUpperCase()),
    ilike(customers.name, pattern),
    ilike(customers.company, pattern),
    ilike(serviceRequests.contactName, pattern),
    /^\d{4,}$/.test(digits) ? sql`${serviceRequests.mobile} like ${`%${digits.slice(-10)}%`}` : undefined,
  )!;
}

function stageCondition(stage: BenchStageFilter): SQL | undefined {
  if (stage === "all") return undefined;
  if (stage === "open") return inArray(benchJobs.stage, [...OPEN_BENCH_STAGES]);
  return eq(benchJobs.stage, stage);
}

const micros = sql<string>`(extract(epoch from ${benchJobs.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

async function rows(f: BenchListFilters, cursor: Cursor | undefined, limit: number) {
  const earlier = alias(benchJobs, "earlier");
  const where: Array<SQL | undefined> = [stageCondition(f.stage), f.q ? searchCondition(f.q) : undefined];
  if (cursor && typeof cursor[0] === "string" && /^\d{1,17}$/.test(cursor[0])) {
    where.push(sql`(${benchJobs.createdAt}, ${benchJobs.id}) < (${fromMicros(cursor[0])}, ${cursor[1]})`);
  }
  return getDb()
    .select({
      id: benchJobs.id,
      jobCard: benchJobs.jobCard,
      createdAt: benchJobs.createdAt,
      sortKey: micros,
      stage: benchJobs.stage,
      estimatePaise: benchJobs.estimatePaise,
      testResult: benchJobs.testResult,
      returnedAt: benchJobs.returnedAt,
      warrantyUntil: benchJobs.warrantyUntil,
      make: equipmentUnits.make,
      model: equipmentUnits.model,
      kind: equipmentUnits.kind,
      serialNumber: equipmentUnits.serialNumber,
      customerName: customers.name,
      company: customers.company,
      contactName: serviceRequests.contactName,
      requestCompany: serviceRequests.company,
      mobile: serviceRequests.mobile,
      request: serviceRequests.reference,
      repeatOf: earlier.jobCard,
    })
    .from(benchJobs)
    .innerJoin(equipmentUnits, eq(equipmentUnits.id, benchJobs.unitId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, benchJobs.requestId))
    .leftJoin(customers, eq(customers.id, equipmentUnits.customerId))
    .leftJoin(earlier, eq(earlier.id, benchJobs.warrantyRepeatOfId))
    .where(and(...where))
    .orderBy(desc(benchJobs.createdAt), desc(benchJobs.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item(r: Row): BenchListItem {
  return {
    id: r.id,
    jobCard: r.jobCard,
    receivedAt: r.createdAt.toISOString(),
    stage: r.stage,
    stageLabel: stageLabel(r.stage),
    unit: unitText(r),
    kind: r.kind,
    serialNumber: r.serialNumber,
    customer: r.customerName ?? r.contactName,
    company: r.company ?? r.requestCompany,
    mobile: r.mobile,
    request: r.request,
    estimate: r.estimatePaise === null ? null : formatPaise(r.estimatePaise, { wholeRupeesBare: true }),
    testResult: r.testResult,
    returnedAt: r.returnedAt?.toISOString() ?? null,
    warrantyUntil: r.warrantyUntil ? indiaDate(r.warrantyUntil) : null,
    warrantyRepeatOf: r.repeatOf,
  };
}

/** Matches per tab under the search. */
export async function countBenchJobs(f: BenchListFilters): Promise<Record<BenchStageFilter, number>> {
  const grouped = await getDb()
    .select({ stage: benchJobs.stage, n: count() })
    .from(benchJobs)
    .innerJoin(equipmentUnits, eq(equipmentUnits.id, benchJobs.unitId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, benchJobs.requestId))
    .leftJoin(customers, eq(customers.id, equipmentUnits.customerId))
    .where(f.q ? searchCondition(f.q) : undefined)
    .groupBy(benchJobs.stage);
  const counts = Object.fromEntries([...BENCH_STAGES.map((s) => [s, 0]), ["open", 0], ["all", 0]]) as Record<BenchStageFilter, number>;
  for (const { stage, n } of grouped) {
    counts.all += n;
    if (stage in counts) counts[stage as BenchStageFilter] += n;
    if (stage !== "returned") counts.open += n;
  }
  return counts;
}

export async function listBenchJobs(f: BenchListFilters, cursor: Cursor | undefined, size = PAGE_SIZE) {
  const [found, counts] = await Promise.all([rows(f, cursor, size + 1), countBenchJobs(f)]);
  const page = keysetPage(found, (r): Cursor => [r.sortKey, r.id], size);
  return { rows: page.rows.map(item), next: page.next, total: counts[f.stage], counts };
}

/** Every match of the filter, for the CSV export. */
export async function exportBenchJobs(f: BenchListFilters, max = CSV_MAX_ROWS): Promise<BenchListItem[]> {
  return (await rows(f, undefined, max)).map(item);
}
