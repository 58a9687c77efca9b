import { and, asc, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { vendorParts, vendors as v } from "~/.server/db/schema.ts";
import type { VendorFilter, VendorListFilters } from "~/lib/forms/admin/vendors.ts";
import { GST_STATES } from "~/lib/settings-schema.ts";

/**
 * The back office's list of vendors (/admin/vendors): a search box (name, GSTIN or city), the Active and
 * Archived tabs with their counts, keyset pages in name order (on vendors_name: lower(name), id) and the CSV
 * export. Follows ~/.server/products/list.ts.
 */

export interface VendorListItem {
  id: number;
  name: string;
  gstin: string | null;
  stateCode: string | null;
  state: string | null;
  city: string | null;
  /** The first contact: who the office calls. */
  contact: string | null;
  phone: string | null;
  email: string | null;
  paymentTermsDays: number;
  parts: number;
  archived: boolean;
}

export interface VendorListPage {
  rows: VendorListItem[];
  next: string | null;
  total: number;
  counts: Record<VendorFilter, number>;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The search box: a name or city containing the words, or a GSTIN starting with what was typed. */
export function vendorSearchCondition(q: string): SQL {
  const pattern = `%${likeEscape(q.trim())}%`;
  const compact = q.replace(/\s+/g, "").toUpperCase();
  return or(ilike(v.name, pattern), ilike(v.city, pattern), /^[0-9A-Z]{2,15}$/.test(compact) ? sql`${v.gstin} like ${`${likeEscape(compact)}%`}` : undefined)!;
}

function showCondition(show: VendorFilter): SQL {
  return show === "active" ? isNull(v.archivedAt) : isNotNull(v.archivedAt);
}

const sortName = sql<string>`lower(${v.name})`;

const selection = {
  id: v.id,
  name: v.name,
  gstin: v.gstin,
  stateCode: v.stateCode,
  city: v.city,
  contacts: v.contacts,
  paymentTermsDays: v.paymentTermsDays,
  archivedAt: v.archivedAt,
  parts: sql<number>`(select count(*)::int from ${vendorParts} where ${vendorParts.vendorId} = ${v.id})`,
  sortKey: sortName,
};

async function rows(where: SQL | undefined, limit: number) {
  return getDb().select(selection).from(v).where(where).orderBy(asc(sortName), asc(v.id)).limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item({ sortKey: _sortKey, contacts, archivedAt, ...row }: Row): VendorListItem {
  const first = contacts[0];
  return {
    ...row,
    state: row.stateCode ? (GST_STATES[row.stateCode] ?? null) : null,
    contact: first?.name ?? null,
    phone: first?.phone ?? null,
    email: first?.email ?? null,
    parts: Number(row.parts),
    archived: archivedAt !== null,
  };
}

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [value, id] = cursor;
  if (typeof value !== "string" || value.length > 200 || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${sortName}, ${v.id}) > (${value}, ${id})`;
}

function baseCondition(f: Pick<VendorListFilters, "q">): SQL | undefined {
  return f.q ? vendorSearchCondition(f.q) : undefined;
}

/** The matches of each tab under the search: one query with a count per tab. */
export async function countVendors(f: Pick<VendorListFilters, "q">): Promise<Record<VendorFilter, number>> {
  const [row] = await getDb()
    .select({
      active: sql<number>`count(*) filter (where ${showCondition("active")})::int`,
      archived: sql<number>`count(*) filter (where ${showCondition("archived")})::int`,
    })
    .from(v)
    .where(baseCondition(f));
  return { active: Number(row?.active ?? 0), archived: Number(row?.archived ?? 0) };
}

export async function listVendors(f: VendorListFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<VendorListPage> {
  const where = and(showCondition(f.show), baseCondition(f), cursorCondition(cursor));
  const [found, counts] = await Promise.all([rows(where, size + 1), countVendors(f)]);
  const page = keysetPage(found, (row): Cursor => [row.sortKey, row.id], size);
  return { rows: page.rows.map(item), next: page.next, total: counts[f.show], counts };
}

/** Every match of the filter, in name order, for the CSV export (at most CSV_MAX_ROWS). */
export async function exportVendors(f: VendorListFilters, max = CSV_MAX_ROWS): Promise<VendorListItem[]> {
  return (await rows(and(showCondition(f.show), baseCondition(f)), max)).map(item);
}
