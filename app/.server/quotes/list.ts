import { and, desc, eq, ilike, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers, quotes as q, quoteVersions } from "~/.server/db/schema.ts";
import { QUOTE_FILTERS, quoteState, type QuoteFilter, type QuoteListFilters, type QuoteStatus } from "~/lib/forms/admin/quotes.ts";
import { portalQuotePath, today } from "./shared.ts";
import { CUSTOMER_STATE_LABELS } from "./view.ts";

/**
 * The back office's list of quotes (/admin/quotes): tabs by state with their counts, a search by quote
 * reference or customer (name, company, reference), keyset pages newest first (on quotes_created /
 * quotes_status_created) and the CSV export. "Expired" is computed on read: a sent quote (or one with
 * changes asked) whose validity date is before today, India's calendar.
 */

export interface QuoteListItem {
  id: number;
  reference: string;
  title: string;
  customerReference: string;
  customerName: string;
  company: string | null;
  state: QuoteStatus;
  version: number;
  totalPaise: number;
  validUntil: string;
  /** ISO. */
  createdAt: string;
  sentAt: string | null;
}

export interface QuoteListPage {
  rows: QuoteListItem[];
  next: string | null;
  total: number;
  counts: Record<QuoteFilter, number>;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function stateCondition(show: QuoteFilter, day: string): SQL | undefined {
  const running = sql`${q.status} in ('sent', 'changes_requested')`;
  switch (show) {
    case "all":
      return undefined;
    case "sent":
      return and(eq(q.status, "sent"), sql`${q.validUntil} >= ${day}`);
    case "changes_requested":
      return and(eq(q.status, "changes_requested"), sql`${q.validUntil} >= ${day}`);
    case "expired":
      return or(eq(q.status, "expired"), and(running, sql`${q.validUntil} < ${day}`));
    default:
      return eq(q.status, show);
  }
}

function searchCondition(text: string | undefined): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${likeEscape(text.trim())}%`;
  return or(ilike(q.reference, pattern), ilike(q.title, pattern), ilike(customers.name, pattern), ilike(customers.company, pattern), ilike(customers.reference, pattern));
}

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || Number.isNaN(Date.parse(value)) || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${q.createdAt}, ${q.id}) < (${value}::timestamptz, ${id})`;
}

async function rows(where: SQL | undefined, limit: number) {
  return getDb()
    .select({
      id: q.id,
      reference: q.reference,
      title: q.title,
      customerReference: customers.reference,
      customerName: customers.name,
      company: customers.company,
      status: q.status,
      version: q.currentVersion,
      totalPaise: q.totalPaise,
      validUntil: q.validUntil,
      createdAt: q.createdAt,
      sentAt: q.sentAt,
    })
    .from(q)
    .innerJoin(customers, eq(customers.id, q.customerId))
    .where(where)
    .orderBy(desc(q.createdAt), desc(q.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item(row: Row, day: string): QuoteListItem {
  const { status, ...rest } = row;
  return { ...rest, state: quoteState(status, row.validUntil, day), createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null };
}

export async function countQuotes(f: Pick<QuoteListFilters, "q">, day: string): Promise<Record<QuoteFilter, number>> {
  const select = Object.fromEntries(
    QUOTE_FILTERS.map((t) => {
      const cond = stateCondition(t.value, day);
      return [t.value, cond ? sql<number>`count(*) filter (where ${cond})::int` : sql<number>`count(*)::int`];
    }),
  ) as Record<QuoteFilter, SQL<number>>;
  const [row] = await getDb().select(select).from(q).innerJoin(customers, eq(customers.id, q.customerId)).where(searchCondition(f.q));
  return Object.fromEntries(QUOTE_FILTERS.map((t) => [t.value, Number(row?.[t.value] ?? 0)])) as Record<QuoteFilter, number>;
}

export async function listQuotes(f: QuoteListFilters, cursor: Cursor | undefined, size = PAGE_SIZE, now = new Date()): Promise<QuoteListPage> {
  const day = today(now);
  const where = and(stateCondition(f.show, day), searchCondition(f.q), cursorCondition(cursor));
  const [found, counts] = await Promise.all([rows(where, size + 1), countQuotes(f, day)]);
  const page = keysetPage(found, (r): Cursor => [r.createdAt.toISOString(), r.id], size);
  return { rows: page.rows.map((r) => item(r, day)), next: page.next, total: counts[f.show], counts };
}

export async function exportQuotes(f: QuoteListFilters, max = CSV_MAX_ROWS, now = new Date()): Promise<QuoteListItem[]> {
  const day = today(now);
  return (await rows(and(stateCondition(f.show, day), searchCondition(f.q)), max)).map((r) => item(r, day));
}

export interface CustomerQuote {
  reference: string;
  title: string;
  /** The total of the version the customer has (while a revision is drafted, the last one sent). */
  totalPaise: number;
  status: QuoteStatus;
  statusLabel: string;
  /** YYYY-MM-DD. */
  validUntil: string;
  /** True while the customer may approve, ask for changes or decline. */
  awaitingAnswer: boolean;
  href: string;
}

/**
 * A customer's quotes for the portal (/customer/mobile, a request's page): every quote sent to them, newest
 * first, at the version they have. Drafts never sent are not theirs to see yet.
 */
export async function customerQuotes(customerId: number, now = new Date()): Promise<CustomerQuote[]> {
  const day = today(now);
  const found = await getDb()
    .select({ reference: q.reference, title: q.title, status: q.status, total: quoteVersions.totalPaise, validUntil: quoteVersions.validUntil, quoteValidUntil: q.validUntil })
    .from(q)
    .innerJoin(quoteVersions, and(eq(quoteVersions.quoteId, q.id), sql`${quoteVersions.number} = case when ${q.status} = 'draft' then ${q.currentVersion} - 1 else ${q.currentVersion} end`))
    .where(and(eq(q.customerId, customerId), isNotNull(q.sentAt)))
    .orderBy(desc(q.createdAt), desc(q.id));
  return found.map((r) => {
    const status = quoteState(r.status, r.quoteValidUntil, day);
    return {
      reference: r.reference,
      title: r.title,
      totalPaise: r.total,
      status,
      statusLabel: CUSTOMER_STATE_LABELS[status],
      validUntil: r.validUntil,
      awaitingAnswer: status === "sent" || status === "changes_requested",
      href: portalQuotePath(r.reference),
    };
  });
}
