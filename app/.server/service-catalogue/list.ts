import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { serviceData, type ServiceData } from "~/.server/content/schemas.ts";
import { getDb } from "~/.server/db/index.ts";
import { contentEntries as c } from "~/.server/db/schema.ts";
import type { ServiceFilter, ServiceListFilters } from "~/lib/forms/admin/services.ts";

/**
 * The back office's service catalogue (/admin/services): the services in the home page's order, searched by
 * name or address, with tabs for shown and hidden, a category filter, keyset pages and the CSV export. A
 * service is a content entry of kind "service" (~/.server/content/schemas.ts, serviceData).
 */

export interface ServiceListItem {
  id: number;
  /** Its place on the home page, 1 first. */
  place: number;
  name: string;
  slug: string;
  /** The public page it is shown at. */
  path: string;
  category: string;
  sac: string | null;
  band: { minPaise: number; maxPaise: number } | null;
  shown: boolean;
  cities: number;
  faqs: number;
  /** ISO. */
  updatedAt: string;
}

export interface ServiceListPage {
  rows: ServiceListItem[];
  next: string | null;
  total: number;
  counts: Record<ServiceFilter, number>;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

const hidden = sql`(${c.data}->>'shown') = 'false'`;

function showCondition(show: ServiceFilter): SQL | undefined {
  switch (show) {
    case "all":
      return undefined;
    case "shown":
      return sql`not ${hidden}`;
    case "hidden":
      return hidden;
  }
}

function baseCondition(f: Pick<ServiceListFilters, "q" | "category">): SQL | undefined {
  const pattern = f.q ? `%${likeEscape(f.q)}%` : undefined;
  return and(
    eq(c.kind, "service"),
    pattern ? or(ilike(c.title, pattern), ilike(c.slug, pattern)) : undefined,
    f.category ? sql`(${c.data}->>'category') = ${f.category}` : undefined,
  );
}

/** The place on the home page counts every service, whatever the filter: it is the order the site shows. */
// Written out: drizzle leaves a column unqualified, which inside the subquery would name the inner row.
const place = sql<number>`(select count(*)::int from content_entries as o where o.kind = 'service' and (o.position, o.id) <= ("content_entries"."position", "content_entries"."id"))`;

async function rows(where: SQL | undefined, limit: number) {
  return getDb()
    .select({ id: c.id, slug: c.slug, title: c.title, data: c.data, position: c.position, updatedAt: c.updatedAt, place })
    .from(c)
    .where(where)
    .orderBy(asc(c.position), asc(c.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item(row: Row): ServiceListItem {
  const parsed = serviceData.safeParse(row.data);
  const data: Partial<ServiceData> = parsed.success ? parsed.data : {};
  return {
    id: row.id,
    place: Number(row.place),
    name: row.title,
    slug: row.slug,
    path: data.servicePaths?.[0] ?? `/service/${row.slug}`,
    category: data.category ?? "",
    sac: data.sac ?? null,
    band: data.band ?? null,
    shown: data.shown ?? true,
    cities: data.cities?.length ?? 0,
    faqs: data.faqs?.length ?? 0,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [position, id] = cursor;
  if (typeof position !== "number" || !Number.isSafeInteger(position) || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${c.position}, ${c.id}) > (${position}, ${id})`;
}

export async function countServices(f: Pick<ServiceListFilters, "q" | "category">): Promise<Record<ServiceFilter, number>> {
  const [row] = await getDb()
    .select({
      all: sql<number>`count(*)::int`,
      shown: sql<number>`count(*) filter (where not ${hidden})::int`,
      hidden: sql<number>`count(*) filter (where ${hidden})::int`,
    })
    .from(c)
    .where(baseCondition(f));
  return { all: Number(row?.all ?? 0), shown: Number(row?.shown ?? 0), hidden: Number(row?.hidden ?? 0) };
}

export async function listServiceCatalogue(f: ServiceListFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<ServiceListPage> {
  const where = and(baseCondition(f), showCondition(f.show), cursorCondition(cursor));
  const [found, counts] = await Promise.all([rows(where, size + 1), countServices(f)]);
  const page = keysetPage(found, (row): Cursor => [row.position, row.id], size);
  return { rows: page.rows.map(item), next: page.next, total: counts[f.show], counts };
}

export async function exportServiceCatalogue(f: ServiceListFilters, max = CSV_MAX_ROWS): Promise<ServiceListItem[]> {
  return (await rows(and(baseCondition(f), showCondition(f.show)), max)).map(item);
}

/** One service as its edit page shows it: the row, its fields, and its place on the home page. */
export async function serviceRecord(id: number) {
  const [row] = await getDb()
    .select({ id: c.id, slug: c.slug, title: c.title, summary: c.summary, body: c.body, data: c.data, position: c.position, version: c.version, updatedAt: c.updatedAt, place })
    .from(c)
    .where(and(eq(c.id, id), eq(c.kind, "service")));
  if (!row) return undefined;
  const parsed = serviceData.safeParse(row.data);
  return { ...item(row), summary: row.summary, body: row.body, version: row.version, data: parsed.success ? parsed.data : undefined };
}

/** The places a service can be offered in (the service area's pages), in their order. */
export async function servicePlaces(): Promise<Array<{ slug: string; name: string }>> {
  const found = await getDb().select({ slug: c.slug, name: c.title }).from(c).where(eq(c.kind, "place")).orderBy(asc(c.position), asc(c.id));
  return found;
}
