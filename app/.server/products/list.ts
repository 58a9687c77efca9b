import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { CSV_BATCH_ROWS, CSV_MAX_ROWS, keysetBatches, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { products as p } from "~/.server/db/schema.ts";
import type { ProductFilter, ProductListFilters } from "~/lib/forms/admin/products.ts";

/**
 * The back office's list of products and parts (/admin/products): a search box (name, make, model / part
 * number or HSN code), the filter tabs with their counts, a category filter, keyset pages in name order (on
 * products_name: lower(name), id) and the CSV export. Follows ~/.server/customers/list.ts.
 */

export interface ProductListItem {
  id: number;
  name: string;
  category: string | null;
  make: string | null;
  model: string | null;
  hsnSac: string;
  gstRate: number;
  unit: string;
  pricePaise: number;
  published: boolean;
  active: boolean;
  onHand: number;
  reserved: number;
  reorderLevel: number;
  /** ISO. */
  updatedAt: string;
}

export interface ProductListPage {
  rows: ProductListItem[];
  next: string | null;
  total: number;
  counts: Record<ProductFilter, number>;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The search box: an HSN code typed as digits matches codes starting with them; else name, make or model. */
export function productSearchCondition(q: string): SQL {
  const compact = q.replace(/\s+/g, "");
  const pattern = `%${likeEscape(q.trim())}%`;
  const text = or(ilike(p.name, pattern), ilike(p.make, pattern), ilike(p.model, pattern))!;
  return /^\d{2,8}$/.test(compact) ? or(sql`${p.hsnSac} like ${`${compact}%`}`, text)! : text;
}

function showCondition(show: ProductFilter): SQL | undefined {
  switch (show) {
    case "all":
      return eq(p.active, true);
    case "published":
      return and(eq(p.active, true), eq(p.published, true));
    case "unpublished":
      return and(eq(p.active, true), eq(p.published, false));
    case "withdrawn":
      return eq(p.active, false);
    case "below":
      // Available (on hand - reserved) under the reorder level (issue 19 §5).
      return and(eq(p.active, true), sql`${p.reorderLevel} > 0 and ${p.onHand} - ${p.reserved} < ${p.reorderLevel}`);
  }
}

const sortName = sql<string>`lower(${p.name})`;

const selection = {
  id: p.id,
  name: p.name,
  category: p.category,
  make: p.make,
  model: p.model,
  hsnSac: p.hsnSac,
  gstRate: p.gstRate,
  unit: p.unit,
  pricePaise: p.pricePaise,
  published: p.published,
  active: p.active,
  onHand: p.onHand,
  reserved: p.reserved,
  reorderLevel: p.reorderLevel,
  updatedAt: p.updatedAt,
  sortKey: sortName,
};

async function rows(where: SQL | undefined, limit: number) {
  return getDb().select(selection).from(p).where(where).orderBy(asc(sortName), asc(p.id)).limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item({ sortKey: _sortKey, ...row }: Row): ProductListItem {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || value.length > 200 || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${sortName}, ${p.id}) > (${value}, ${id})`;
}

function baseCondition(f: Pick<ProductListFilters, "q" | "category">): SQL | undefined {
  return and(f.q ? productSearchCondition(f.q) : undefined, f.category ? eq(p.category, f.category) : undefined);
}

/** The matches of each tab under the search and category: one query with a count per tab. */
export async function countProducts(f: Pick<ProductListFilters, "q" | "category">): Promise<Record<ProductFilter, number>> {
  const [row] = await getDb()
    .select({
      all: sql<number>`count(*) filter (where ${showCondition("all")})::int`,
      published: sql<number>`count(*) filter (where ${showCondition("published")})::int`,
      unpublished: sql<number>`count(*) filter (where ${showCondition("unpublished")})::int`,
      withdrawn: sql<number>`count(*) filter (where ${showCondition("withdrawn")})::int`,
      below: sql<number>`count(*) filter (where ${showCondition("below")})::int`,
    })
    .from(p)
    .where(baseCondition(f));
  return { all: Number(row?.all ?? 0), published: Number(row?.published ?? 0), unpublished: Number(row?.unpublished ?? 0), withdrawn: Number(row?.withdrawn ?? 0), below: Number(row?.below ?? 0) };
}

export async function listProducts(f: ProductListFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<ProductListPage> {
  const where = and(showCondition(f.show), baseCondition(f), cursorCondition(cursor));
  const [found, counts] = await Promise.all([rows(where, size + 1), countProducts(f)]);
  const page = keysetPage(found, (row): Cursor => [row.sortKey, row.id], size);
  return { rows: page.rows.map(item), next: page.next, total: counts[f.show], counts };
}

/**
 * Every match of the filter, in name order, for the CSV export (at most CSV_MAX_ROWS): keyset batches,
 * streamed (ADR 024), so the download starts with the first rows instead of after all 5,000 parts are read.
 */
export async function* exportProducts(f: ProductListFilters, max = CSV_MAX_ROWS, batch = CSV_BATCH_ROWS): AsyncGenerator<ProductListItem[]> {
  const filter = and(showCondition(f.show), baseCondition(f));
  const batches = keysetBatches((cursor, size) => rows(and(filter, cursorCondition(cursor)), size), (row): Cursor => [row.sortKey, row.id], max, batch);
  for await (const found of batches) yield found.map(item);
}
