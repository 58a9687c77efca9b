import { and, asc, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { contracts as c, customers, customerSites } from "~/.server/db/schema.ts";
import { addDays, planLabel, type ContractFilter, type ContractListFilters } from "~/lib/forms/admin/contracts.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { RENEWAL_NOTICE_DAYS } from "./daily.ts";

/**
 * The back office's list of contracts (/admin/contracts): tabs for active, expiring within 30 days, expired
 * and cancelled contracts with their counts, a search box (the contract's or the customer's reference, the
 * customer's name or company), keyset pages and the CSV export. Active and expiring contracts come soonest
 * end first (what needs renewing is on top); expired and cancelled ones latest end first.
 */

export interface ContractListItem {
  id: number;
  reference: string;
  customerReference: string;
  customer: string;
  site: string | null;
  plan: string;
  planLabel: string;
  startsOn: string;
  endsOn: string;
  visitsPerYear: number;
  responseHours: number;
  pricePaise: number;
  billing: string;
  status: string;
  /** The next visit not yet made into a job, YYYY-MM-DD. */
  nextVisit: string | null;
}

export interface ContractListPage {
  rows: ContractListItem[];
  next: string | null;
  total: number;
  counts: Record<ContractFilter, number>;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function showCondition(show: ContractFilter, today: string): SQL {
  switch (show) {
    case "active":
      return and(eq(c.status, "active"), gte(c.endsOn, today))!;
    case "expiring":
      return and(eq(c.status, "active"), gte(c.endsOn, today), lte(c.endsOn, addDays(today, RENEWAL_NOTICE_DAYS)))!;
    case "expired":
      return and(eq(c.status, "active"), lt(c.endsOn, today))!;
    case "cancelled":
      return eq(c.status, "cancelled");
  }
}

/** A contract's reference or a customer's finds them; else the customer's name or company. */
function searchCondition(q: string): SQL {
  const compact = q.replace(/\s+/g, "").toUpperCase();
  if (/^AMC-\d{4}-\d{4,}$/.test(compact)) return eq(c.reference, compact);
  if (/^CU-\d{4}-\d{4,}$/.test(compact)) return eq(customers.reference, compact);
  const pattern = `%${likeEscape(q.trim())}%`;
  return or(ilike(customers.name, pattern), ilike(customers.company, pattern), ilike(c.reference, pattern))!;
}

const ascending = (show: ContractFilter) => show === "active" || show === "expiring";

const CONTRACT_ID = sql.raw(`"contracts"."id"`);
const nextVisit = sql<string | null>`(select min(v.due_on)::text from contract_visits v where v.contract_id = ${CONTRACT_ID} and v.request_id is null)`;

const selection = {
  id: c.id,
  reference: c.reference,
  customerReference: customers.reference,
  customerName: customers.name,
  company: customers.company,
  siteName: customerSites.name,
  plan: c.plan,
  startsOn: c.startsOn,
  endsOn: c.endsOn,
  visitsPerYear: c.visitsPerYear,
  responseHours: c.responseHours,
  pricePaise: c.pricePaise,
  billing: c.billing,
  status: c.status,
  nextVisit,
};

async function rows(show: ContractFilter, where: SQL | undefined, limit: number) {
  const order = ascending(show) ? [asc(c.endsOn), asc(c.id)] : [desc(c.endsOn), desc(c.id)];
  return getDb()
    .select(selection)
    .from(c)
    .innerJoin(customers, eq(customers.id, c.customerId))
    .leftJoin(customerSites, eq(customerSites.id, c.siteId))
    .where(where)
    .orderBy(...order)
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item(r: Row): ContractListItem {
  return {
    id: r.id,
    reference: r.reference,
    customerReference: r.customerReference,
    customer: r.company ? `${r.company} (${r.customerName})` : r.customerName,
    site: r.siteName,
    plan: r.plan,
    planLabel: planLabel(r.plan),
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    visitsPerYear: r.visitsPerYear,
    responseHours: r.responseHours,
    pricePaise: r.pricePaise,
    billing: r.billing,
    status: r.status,
    nextVisit: r.nextVisit ? String(r.nextVisit).slice(0, 10) : null,
  };
}

function cursorCondition(show: ContractFilter, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value) || id < 1 || id > 2_147_483_647) return undefined;
  return ascending(show) ? sql`(${c.endsOn}, ${c.id}) > (${value}::date, ${id})` : sql`(${c.endsOn}, ${c.id}) < (${value}::date, ${id})`;
}

/** The matches of each tab under the search: one query with a count per tab. */
export async function countContracts(q: string | undefined, now = new Date()): Promise<Record<ContractFilter, number>> {
  const today = todayInIndia(now);
  const [row] = await getDb()
    .select({
      active: sql<number>`count(*) filter (where ${showCondition("active", today)})::int`,
      expiring: sql<number>`count(*) filter (where ${showCondition("expiring", today)})::int`,
      expired: sql<number>`count(*) filter (where ${showCondition("expired", today)})::int`,
      cancelled: sql<number>`count(*) filter (where ${showCondition("cancelled", today)})::int`,
    })
    .from(c)
    .innerJoin(customers, eq(customers.id, c.customerId))
    .where(q ? searchCondition(q) : undefined);
  return { active: Number(row?.active ?? 0), expiring: Number(row?.expiring ?? 0), expired: Number(row?.expired ?? 0), cancelled: Number(row?.cancelled ?? 0) };
}

export async function listContracts(f: ContractListFilters, cursor: Cursor | undefined, size = PAGE_SIZE, now = new Date()): Promise<ContractListPage> {
  const today = todayInIndia(now);
  const where = and(showCondition(f.show, today), f.q ? searchCondition(f.q) : undefined, cursorCondition(f.show, cursor));
  const [found, counts] = await Promise.all([rows(f.show, where, size + 1), countContracts(f.q, now)]);
  const page = keysetPage(found, (r): Cursor => [r.endsOn, r.id], size);
  return { rows: page.rows.map(item), next: page.next, total: counts[f.show], counts };
}

/** Every match of the filter, for the CSV export (at most CSV_MAX_ROWS). */
export async function exportContracts(f: ContractListFilters, max = CSV_MAX_ROWS, now = new Date()): Promise<ContractListItem[]> {
  const today = todayInIndia(now);
  return (await rows(f.show, and(showCondition(f.show, today), f.q ? searchCondition(f.q) : undefined), max)).map(item);
}
