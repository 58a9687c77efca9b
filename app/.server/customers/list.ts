import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { cappedCount, COUNT_CAP, CSV_BATCH_ROWS, CSV_MAX_ROWS, keysetBatches, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { customerIdentity, type CustomerIdentity } from "~/.server/customers/record.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers as c } from "~/.server/db/schema.ts";
import type { CustomerFilter, CustomerListFilters } from "~/lib/forms/admin/customers.ts";
import { CLOSED_STATUSES } from "~/lib/requests/status.ts";

/**
 * The back office's list of customers (/admin/customers): a search box (mobile, name, company, GSTIN or
 * reference), the filter tabs with their counts, keyset pages newest first, and the CSV export. Follows the
 * service-request list (~/.server/requests/list.ts): the cursor is (created_at, id) in microseconds, walked
 * on customers_created; a full mobile number, a GSTIN and a reference are index look-ups (the unique
 * indexes on mobile and reference, customers_gstin); names and companies are a scan of what is left.
 */

export interface CustomerListItem extends CustomerIdentity {
  /** ISO. */
  createdAt: string;
  sites: number;
  units: number;
  requests: number;
  openRequests: number;
  /** ISO: the newest request's receipt, or null. */
  lastRequestAt: string | null;
  hasAccount: boolean;
  erased: boolean;
}

export interface CustomerListPage {
  rows: CustomerListItem[];
  next: string | null;
  total: number;
  counts: Record<CustomerFilter, number>;
  /** The tabs whose count stopped at COUNT_CAP ("more than 10,000"). */
  capped: CustomerFilter[];
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * An open request: written as the partial index service_requests_customer_open states it (not completed, not
 * cancelled, every status of OPEN_STATUSES), so that the planner answers every open count from that index.
 */
const OPEN_REQUEST = sql.raw(`r.status not in (${CLOSED_STATUSES.map((s) => `'${s}'`).join(", ")})`);

// The subqueries name their tables outright: in a select list over one table, Drizzle writes columns without
// their table, so an interpolated ${sr.customerId} inside a subquery would read the subquery's own row.
const CUSTOMER_ID = sql.raw(`"customers"."id"`);
const hasOpenRequest = sql`exists (select 1 from service_requests r where r.customer_id = ${CUSTOMER_ID} and ${OPEN_REQUEST})`;

/** The search box: a reference, a GSTIN, a mobile number (any way it is written), else a name or company. */
export function customerSearchCondition(q: string): SQL {
  const compact = q.replace(/\s+/g, "").toUpperCase();
  if (/^CU-?\d{4}-?\d{4,7}$/.test(compact)) {
    const m = /^CU-?(\d{4})-?(\d+)$/.exec(compact)!;
    return eq(c.reference, `CU-${m[1]}-${m[2]}`);
  }
  if (/^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/.test(compact)) return eq(c.gstin, compact);
  const digits = q.replace(/[\s\-+().]/g, "");
  if (/^\d{4,}$/.test(digits)) {
    return digits.length >= 10 ? eq(c.mobile, `+91${digits.slice(-10)}`) : sql`${c.mobile} like ${`%${digits}%`}`;
  }
  const pattern = `%${likeEscape(q.trim())}%`;
  return or(ilike(c.name, pattern), ilike(c.company, pattern), ilike(c.gstin, pattern))!;
}

function showCondition(show: CustomerFilter): SQL {
  // A customer in the trash (ADR 046) is on no tab.
  const live = isNull(c.deletedAt);
  switch (show) {
    case "active":
      return and(live, isNull(c.erasedAt))!;
    case "open":
      return and(live, isNull(c.erasedAt), hasOpenRequest)!;
    case "no-account":
      return and(live, isNull(c.erasedAt), isNull(c.userId))!;
    case "erased":
      return and(live, isNotNull(c.erasedAt))!;
  }
}

const micros = sql<string>`(extract(epoch from ${c.createdAt}) * 1000000)::bigint::text`;
const fromMicros = (value: string) => sql`(timestamptz 'epoch' + ${value}::bigint * interval '1 microsecond')`;

const selection = {
  id: c.id,
  reference: c.reference,
  name: c.name,
  company: c.company,
  mobile: c.mobile,
  email: c.email,
  gstin: c.gstin,
  createdAt: c.createdAt,
  userId: c.userId,
  erasedAt: c.erasedAt,
  sortKey: micros,
  sites: sql<number>`(select count(*)::int from customer_sites s where s.customer_id = ${CUSTOMER_ID})`,
  units: sql<number>`(select count(*)::int from equipment_units u where u.customer_id = ${CUSTOMER_ID})`,
  requests: sql<number>`(select count(*)::int from service_requests r where r.customer_id = ${CUSTOMER_ID})`,
  openRequests: sql<number>`(select count(*)::int from service_requests r where r.customer_id = ${CUSTOMER_ID} and ${OPEN_REQUEST})`,
  lastRequestAt: sql<string | null>`(select (extract(epoch from max(r.created_at)) * 1000)::bigint::text from service_requests r where r.customer_id = ${CUSTOMER_ID})`,
};

async function rows(where: SQL | undefined, limit: number) {
  return getDb()
    .select(selection)
    .from(c)
    .where(where)
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item(row: Row): CustomerListItem {
  return {
    ...customerIdentity(row),
    createdAt: row.createdAt.toISOString(),
    sites: Number(row.sites),
    units: Number(row.units),
    requests: Number(row.requests),
    openRequests: Number(row.openRequests),
    lastRequestAt: row.lastRequestAt ? new Date(Number(row.lastRequestAt)).toISOString() : null,
    hasAccount: row.userId !== null,
    erased: row.erasedAt !== null,
  };
}

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || !/^-?\d{1,17}$/.test(value) || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${c.createdAt}, ${c.id}) < (${fromMicros(value)}, ${id})`;
}

/**
 * The matches of each tab under the search. The "open" tab is counted from the open requests (a few thousand,
 * through service_requests_customer_open) joined to their customers, not by asking every customer whether
 * it has one (100,000 probes at seed-volume's size); the other tabs in one pass over the customers.
 */
export async function countCustomers(q: string | undefined): Promise<Record<CustomerFilter, number>> {
  return (await countCustomerTabs(q)).counts;
}

/**
 * The tabs' counts, and those that stopped at COUNT_CAP. Without a search, the active and no-account tabs
 * are counted up to COUNT_CAP + 1 and the erased tab on customers_erased (ADR 024, 2026-11-28): one pass over
 * 100,000 customers on every view took 100+ ms for figures nobody reads past "more than 10,000". With a
 * search, the one pass over its matches, exact.
 */
export async function countCustomerTabs(q: string | undefined): Promise<{ counts: Record<CustomerFilter, number>; capped: CustomerFilter[] }> {
  const search = q ? customerSearchCondition(q) : undefined;
  if (!search) {
    const upTo = (where: SQL) => getDb().select({ one: sql`1` }).from(c).where(where).limit(COUNT_CAP + 1).as("m");
    const countOf = async (where: SQL) => Number((await getDb().select({ n: sql<number>`count(*)::int` }).from(upTo(where)))[0]?.n ?? 0);
    const [active, noAccount, erased, open] = await Promise.all([
      countOf(showCondition("active")),
      countOf(showCondition("no-account")),
      countOf(showCondition("erased")),
      // The open requests' customers as an array: each looked up by its key. As `in (select ...)` the planner
      // hashed them and read all 100,000 customers against the hash at seed:volume (issue 17 §8).
      countOf(and(isNull(c.erasedAt), isNull(c.deletedAt), sql`${c.id} = any(array(select r.customer_id from service_requests r where r.customer_id is not null and ${OPEN_REQUEST}))`)!),
    ]);
    const raw: Record<CustomerFilter, number> = { active, open, "no-account": noAccount, erased };
    const counts = {} as Record<CustomerFilter, number>;
    const capped: CustomerFilter[] = [];
    for (const key of Object.keys(raw) as CustomerFilter[]) {
      const n = cappedCount(raw[key]);
      counts[key] = n.count;
      if (n.capped) capped.push(key);
    }
    return { counts, capped };
  }
  const [[row], [open]] = await Promise.all([
    getDb()
      .select({
        active: sql<number>`count(*) filter (where ${showCondition("active")})::int`,
        noAccount: sql<number>`count(*) filter (where ${showCondition("no-account")})::int`,
        erased: sql<number>`count(*) filter (where ${showCondition("erased")})::int`,
      })
      .from(c)
      .where(search),
    getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(c)
      .where(
        and(
          isNull(c.erasedAt),
          isNull(c.deletedAt),
          search,
          sql`${c.id} in (select r.customer_id from service_requests r where r.customer_id is not null and ${OPEN_REQUEST})`,
        ),
      ),
  ]);
  return {
    counts: { active: Number(row?.active ?? 0), open: Number(open?.n ?? 0), "no-account": Number(row?.noAccount ?? 0), erased: Number(row?.erased ?? 0) },
    capped: [],
  };
}

export async function listCustomers(f: CustomerListFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<CustomerListPage> {
  const where = and(showCondition(f.show), f.q ? customerSearchCondition(f.q) : undefined, cursorCondition(cursor));
  const [found, { counts, capped }] = await Promise.all([rows(where, size + 1), countCustomerTabs(f.q)]);
  const page = keysetPage(found, (row): Cursor => [row.sortKey, row.id], size);
  return { rows: page.rows.map(item), next: page.next, total: counts[f.show], counts, capped };
}

/**
 * Every match of the filter, newest first, for the CSV export (at most CSV_MAX_ROWS): the page's own query
 * walked in keyset batches and streamed (ADR 024, 2026-11-28). Each batch's figures are the page's index
 * probes for its thousand customers; grouping the whole of service_requests for every export (the former
 * way) took seconds before the first byte.
 */
export async function* exportCustomers(f: CustomerListFilters, max = CSV_MAX_ROWS, batch = CSV_BATCH_ROWS): AsyncGenerator<CustomerListItem[]> {
  const filter = and(showCondition(f.show), f.q ? customerSearchCondition(f.q) : undefined);
  const batches = keysetBatches((cursor, size) => rows(and(filter, cursorCondition(cursor)), size), (row): Cursor => [row.sortKey, row.id], max, batch);
  for await (const found of batches) yield found.map(item);
}
