import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices as i } from "~/.server/db/schema.ts";
import type { InvoiceFilter, InvoiceListFilters } from "~/lib/forms/admin/invoices.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";

/**
 * The back office's list of invoices and credit notes (/admin/invoices): tabs by state (unpaid, partly paid,
 * paid, cancelled, credit notes, all) with their counts, a search box (number, or the customer's name, company
 * or reference), keyset pages newest first (issue date, then id) and the CSV export of the current filter.
 */

export interface InvoiceListItem {
  id: number;
  kind: "invoice" | "credit_note";
  number: string;
  issueDate: string;
  dueDate: string;
  customerReference: string;
  customerName: string;
  customerCompany: string | null;
  gstin: string | null;
  placeOfSupply: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  paidPaise: number;
  creditedPaise: number;
  duePaise: number;
  status: string;
  overdue: boolean;
}

export interface InvoiceListPage {
  rows: InvoiceListItem[];
  next: string | null;
  total: number;
  counts: Record<InvoiceFilter, number>;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function searchCondition(q: string): SQL {
  const pattern = `%${likeEscape(q.trim())}%`;
  return or(ilike(i.number, pattern), ilike(customers.name, pattern), ilike(customers.company, pattern), ilike(customers.reference, pattern))!;
}

function showCondition(show: InvoiceFilter): SQL | undefined {
  switch (show) {
    case "unpaid":
      return and(eq(i.kind, "invoice"), eq(i.status, "issued"));
    case "partly_paid":
      return and(eq(i.kind, "invoice"), eq(i.status, "partly_paid"));
    case "paid":
      return and(eq(i.kind, "invoice"), eq(i.status, "paid"));
    case "cancelled":
      return and(eq(i.kind, "invoice"), eq(i.status, "cancelled"));
    case "credit_notes":
      return eq(i.kind, "credit_note");
    case "all":
      return undefined;
  }
}

const selection = {
  id: i.id,
  kind: i.kind,
  number: i.number,
  issueDate: i.issueDate,
  dueDate: i.dueDate,
  customerReference: customers.reference,
  customerName: customers.name,
  customerCompany: customers.company,
  recipient: i.recipient,
  placeOfSupplyCode: i.placeOfSupplyCode,
  placeOfSupplyName: i.placeOfSupplyName,
  taxablePaise: i.taxablePaise,
  cgstPaise: i.cgstPaise,
  sgstPaise: i.sgstPaise,
  igstPaise: i.igstPaise,
  totalPaise: i.totalPaise,
  paidPaise: i.paidPaise,
  creditedPaise: i.creditedPaise,
  status: i.status,
};

async function rows(where: SQL | undefined, limit: number) {
  return getDb().select(selection).from(i).innerJoin(customers, eq(customers.id, i.customerId)).where(where).orderBy(desc(i.issueDate), desc(i.id)).limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item(row: Row, today: string): InvoiceListItem {
  const due = row.kind === "invoice" && row.status !== "cancelled" ? Math.max(0, row.totalPaise - row.paidPaise - row.creditedPaise) : 0;
  const { recipient, placeOfSupplyCode, placeOfSupplyName, ...rest } = row;
  return {
    ...rest,
    gstin: (recipient as { gstin?: string | null }).gstin ?? null,
    placeOfSupply: `${placeOfSupplyName} (${placeOfSupplyCode})`,
    duePaise: due,
    overdue: due > 0 && row.dueDate < today,
  };
}

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value) || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${i.issueDate}, ${i.id}) < (${value}::date, ${id})`;
}

export async function countInvoices(f: Pick<InvoiceListFilters, "q">): Promise<Record<InvoiceFilter, number>> {
  const count = (show: InvoiceFilter) => {
    const c = showCondition(show);
    return c ? sql<number>`count(*) filter (where ${c})::int` : sql<number>`count(*)::int`;
  };
  const [row] = await getDb()
    .select({
      unpaid: count("unpaid"),
      partly_paid: count("partly_paid"),
      paid: count("paid"),
      cancelled: count("cancelled"),
      credit_notes: count("credit_notes"),
      all: count("all"),
    })
    .from(i)
    .innerJoin(customers, eq(customers.id, i.customerId))
    .where(f.q ? searchCondition(f.q) : undefined);
  return {
    unpaid: Number(row?.unpaid ?? 0),
    partly_paid: Number(row?.partly_paid ?? 0),
    paid: Number(row?.paid ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
    credit_notes: Number(row?.credit_notes ?? 0),
    all: Number(row?.all ?? 0),
  };
}

export async function listInvoices(f: InvoiceListFilters, cursor: Cursor | undefined, size = PAGE_SIZE, now = new Date()): Promise<InvoiceListPage> {
  const where = and(showCondition(f.show), f.q ? searchCondition(f.q) : undefined, cursorCondition(cursor));
  const [found, counts] = await Promise.all([rows(where, size + 1), countInvoices(f)]);
  const page = keysetPage(found, (row): Cursor => [row.issueDate, row.id], size);
  const today = todayInIndia(now);
  return { rows: page.rows.map((r) => item(r, today)), next: page.next, total: counts[f.show], counts };
}

/** Every match of the filter, newest first, for the CSV export (at most CSV_MAX_ROWS). */
export async function exportInvoices(f: InvoiceListFilters, max = CSV_MAX_ROWS, now = new Date()): Promise<InvoiceListItem[]> {
  const today = todayInIndia(now);
  return (await rows(and(showCondition(f.show), f.q ? searchCondition(f.q) : undefined), max)).map((r) => item(r, today));
}
