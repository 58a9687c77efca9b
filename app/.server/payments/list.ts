import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from "drizzle-orm";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices, paymentAllocations, payments as p } from "~/.server/db/schema.ts";
import { PAYMENT_METHOD_LABELS, type PaymentListFilters, type PaymentMethod } from "~/lib/forms/admin/payments.ts";
import { instrumentLabel } from "./view.ts";

/**
 * The payment register (/admin/payments): every payment received, newest first, filtered by method and
 * date range, searched by receipt number, UTR / reference or customer; keyset pages on (received_on, id)
 * (the payments_received index) and the filter as CSV for the accountant.
 */

export interface PaymentListItem {
  id: number;
  reference: string;
  receivedOn: string;
  method: PaymentMethod;
  methodLabel: string;
  instrumentLabel: string | null;
  amountPaise: number;
  unallocatedPaise: number;
  customerReference: string;
  customerName: string;
  customerCompany: string | null;
  customerGstin: string | null;
  /** The invoices it was allocated to, "INV/2026-27/0001, INV/2026-27/0004". */
  invoices: string;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function filterCondition(f: PaymentListFilters): SQL | undefined {
  const pattern = f.q ? `%${likeEscape(f.q)}%` : undefined;
  return and(
    f.method ? eq(p.method, f.method) : undefined,
    f.from ? gte(p.receivedOn, f.from) : undefined,
    f.to ? lte(p.receivedOn, f.to) : undefined,
    pattern
      ? or(ilike(p.reference, pattern), ilike(p.instrumentRef, pattern), ilike(customers.name, pattern), ilike(customers.company, pattern), ilike(customers.reference, pattern))
      : undefined,
  );
}

const allocatedTo = sql<string>`coalesce((select string_agg(${invoices.number}, ', ' order by ${invoices.issueDate}, ${invoices.id}) from ${paymentAllocations} join ${invoices} on ${invoices.id} = ${paymentAllocations.invoiceId} where ${paymentAllocations.paymentId} = ${p.id}), '')`;

async function rows(where: SQL | undefined, limit: number) {
  return getDb()
    .select({
      id: p.id,
      reference: p.reference,
      receivedOn: p.receivedOn,
      method: p.method,
      instrumentRef: p.instrumentRef,
      amountPaise: p.amountPaise,
      unallocatedPaise: p.unallocatedPaise,
      customerReference: customers.reference,
      customerName: customers.name,
      customerCompany: customers.company,
      customerGstin: customers.gstin,
      invoices: allocatedTo,
    })
    .from(p)
    .innerJoin(customers, eq(customers.id, p.customerId))
    .where(where)
    .orderBy(desc(p.receivedOn), desc(p.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item({ instrumentRef, ...row }: Row): PaymentListItem {
  return { ...row, methodLabel: PAYMENT_METHOD_LABELS[row.method], instrumentLabel: instrumentLabel(row.method, instrumentRef), invoices: row.invoices ?? "" };
}

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value) || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${p.receivedOn}, ${p.id}) < (${value}, ${id})`;
}

export interface PaymentListPage {
  rows: PaymentListItem[];
  next: string | null;
  total: number;
  totalPaise: number;
}

export async function listPayments(f: PaymentListFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<PaymentListPage> {
  const where = filterCondition(f);
  const [found, [summary]] = await Promise.all([
    rows(and(where, cursorCondition(cursor)), size + 1),
    getDb()
      .select({ count: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${p.amountPaise}), 0)::text` })
      .from(p)
      .innerJoin(customers, eq(customers.id, p.customerId))
      .where(where),
  ]);
  const page = keysetPage(found, (row): Cursor => [row.receivedOn, row.id], size);
  return { rows: page.rows.map(item), next: page.next, total: Number(summary?.count ?? 0), totalPaise: Number(summary?.sum ?? 0) };
}

/** Every payment of the filter, newest first, for the CSV (at most CSV_MAX_ROWS). */
export async function exportPayments(f: PaymentListFilters, max = CSV_MAX_ROWS): Promise<PaymentListItem[]> {
  return (await rows(filterCondition(f), max)).map(item);
}
