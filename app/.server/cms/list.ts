import { diffLines, diffWordsWithSpace } from "diff";
import { and, asc, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import { CSV_MAX_ROWS, keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { pathOf } from "~/.server/content/search.ts";
import type { ContentKind } from "~/.server/content/schemas.ts";
import { getDb } from "~/.server/db/index.ts";
import { contentEntries as c, contentRedirects, contentRevisions } from "~/.server/db/schema.ts";
import { CMS_KINDS, KIND_FIELDS, LEGAL_PAGE_SLUGS, type CmsFilter, type CmsKind, type CmsListFilters, type ContentStatus } from "~/lib/forms/admin/cms.ts";

/**
 * The content screen's reads (/admin/cms): every entry of the CMS kinds (legal texts have their own screen),
 * newest change first, with tabs by state, a kind filter and a search by title or address; one entry with
 * its revisions, each compared with the one before it (the `diff` library), and its old addresses.
 */

export interface CmsListItem {
  id: number;
  kind: CmsKind;
  title: string;
  slug: string;
  /** Its public page, if the kind has one per entry or a list it is on. */
  path: string | null;
  status: ContentStatus;
  /** ISO. */
  publishAt: string | null;
  /** ISO. */
  updatedAt: string;
}

export interface CmsListPage {
  rows: CmsListItem[];
  next: string | null;
  total: number;
  counts: Record<CmsFilter, number>;
}

function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

const notLegal = or(sql`${c.kind} <> 'page'`, notInArray(c.slug, [...LEGAL_PAGE_SLUGS]));

function baseCondition(f: Pick<CmsListFilters, "q" | "kind">): SQL | undefined {
  const pattern = f.q ? `%${likeEscape(f.q)}%` : undefined;
  return and(
    f.kind ? eq(c.kind, f.kind) : inArray(c.kind, [...CMS_KINDS]),
    notLegal,
    pattern ? or(ilike(c.title, pattern), ilike(c.slug, pattern)) : undefined,
  );
}

const statusCondition = (show: CmsFilter) => (show === "all" ? undefined : eq(c.status, show));

function cursorCondition(cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor;
  if (typeof at !== "string" || Number.isNaN(Date.parse(at)) || id < 1 || id > 2_147_483_647) return undefined;
  return sql`(${c.updatedAt}, ${c.id}) < (${new Date(at).toISOString()}::timestamptz, ${id})`;
}

async function rows(where: SQL | undefined, limit: number) {
  return getDb()
    .select({ id: c.id, kind: c.kind, title: c.title, slug: c.slug, data: c.data, status: c.status, publishAt: c.publishAt, updatedAt: c.updatedAt })
    .from(c)
    .where(where)
    .orderBy(desc(c.updatedAt), desc(c.id))
    .limit(limit);
}

type Row = Awaited<ReturnType<typeof rows>>[number];

function item(row: Row): CmsListItem {
  return {
    id: row.id,
    kind: row.kind as CmsKind,
    title: row.title,
    slug: row.slug,
    path: pathOf(row.kind as ContentKind, row.slug, (row.data ?? {}) as Record<string, unknown>) ?? null,
    status: row.status as ContentStatus,
    publishAt: row.publishAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function countContent(f: Pick<CmsListFilters, "q" | "kind">): Promise<Record<CmsFilter, number>> {
  const [row] = await getDb()
    .select({
      all: sql<number>`count(*)::int`,
      published: sql<number>`count(*) filter (where ${c.status} = 'published')::int`,
      scheduled: sql<number>`count(*) filter (where ${c.status} = 'scheduled')::int`,
      draft: sql<number>`count(*) filter (where ${c.status} = 'draft')::int`,
    })
    .from(c)
    .where(baseCondition(f));
  return { all: Number(row?.all ?? 0), published: Number(row?.published ?? 0), scheduled: Number(row?.scheduled ?? 0), draft: Number(row?.draft ?? 0) };
}

export async function listContent(f: CmsListFilters, cursor: Cursor | undefined, size = PAGE_SIZE): Promise<CmsListPage> {
  const where = and(baseCondition(f), statusCondition(f.show), cursorCondition(cursor));
  const [found, counts] = await Promise.all([rows(where, size + 1), countContent(f)]);
  const page = keysetPage(found, (row): Cursor => [row.updatedAt.toISOString(), row.id], size);
  return { rows: page.rows.map(item), next: page.next, total: counts[f.show], counts };
}

export async function exportContent(f: CmsListFilters, max = CSV_MAX_ROWS): Promise<CmsListItem[]> {
  return (await rows(and(baseCondition(f), statusCondition(f.show)), max)).map(item);
}

/** One part of a field's comparison: kept, added or removed text. */
export interface DiffPart {
  value: string;
  added?: boolean;
  removed?: boolean;
}
export interface FieldDiff {
  field: string;
  parts: DiffPart[];
}

export interface CmsRevision {
  id: number;
  version: number;
  cause: string;
  actor: string | null;
  /** ISO. */
  at: string;
  status: string;
  /** What changed against the revision before it (none for the first). */
  changes: FieldDiff[];
}

type RevisionRow = typeof contentRevisions.$inferSelect;

const text = (v: unknown): string => (v === undefined || v === null ? "" : Array.isArray(v) ? v.join("\n") : typeof v === "object" ? JSON.stringify(v, null, 1) : String(v));

/** The fields of two revisions that differ, each as the diff library compares them (lines for long text, words for short). */
function compare(kind: CmsKind, before: RevisionRow, after: RevisionRow): FieldDiff[] {
  const b = before.data as Record<string, unknown>;
  const a = after.data as Record<string, unknown>;
  const own = KIND_FIELDS[kind].map((f) => [f.label, text(b[f.name]), text(a[f.name])] as const);
  const fields: Array<readonly [string, string, string]> = [
    ["Title", before.title, after.title],
    ["Address", before.slug, after.slug],
    ["Summary", before.summary, after.summary],
    ["Body", before.body, after.body],
    ...own,
  ];
  return fields
    .filter(([, x, y]) => x !== y)
    .map(([field, x, y]) => ({
      field,
      parts: (x.includes("\n") || y.includes("\n") ? diffLines(x, y) : diffWordsWithSpace(x, y)).map((p) => ({ value: p.value, ...(p.added ? { added: true } : {}), ...(p.removed ? { removed: true } : {}) })),
    }));
}

/** One entry as its record page shows it: the row, its revisions (newest first) and its old addresses. */
export async function contentRecord(id: number) {
  const [row] = await getDb().select().from(c).where(and(eq(c.id, id), inArray(c.kind, [...CMS_KINDS]), notLegal));
  if (!row) return undefined;
  const kind = row.kind as CmsKind;
  const [revisionRows, redirects] = await Promise.all([
    getDb().select().from(contentRevisions).where(eq(contentRevisions.entryId, id)).orderBy(asc(contentRevisions.version)).limit(200),
    getDb().select({ slug: contentRedirects.fromSlug }).from(contentRedirects).where(eq(contentRedirects.entryId, id)).orderBy(asc(contentRedirects.id)),
  ]);
  const revisions: CmsRevision[] = revisionRows
    .map((r, i): CmsRevision => ({
      id: r.id,
      version: r.version,
      cause: r.cause,
      actor: r.actorLabel,
      at: r.at.toISOString(),
      status: r.status,
      changes: i > 0 ? compare(kind, revisionRows[i - 1]!, r) : [],
    }))
    .reverse();
  const path = pathOf(kind, row.slug, row.data as Record<string, unknown>) ?? null;
  return {
    id: row.id,
    kind,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    body: row.body,
    data: row.data as Record<string, unknown>,
    status: row.status as ContentStatus,
    publishAt: row.publishAt?.toISOString() ?? null,
    publishedOn: row.publishedOn,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    path,
    oldPaths: redirects.map((r) => pathOf(kind, r.slug, row.data as Record<string, unknown>)).filter((p): p is string => Boolean(p) && p !== path),
    revisions,
  };
}

/** The record page that edits the public page at `path`, for the SEO audit's findings (null: not a CMS page). */
export async function entryForPath(path: string): Promise<{ id: number } | undefined> {
  const candidates: Array<[CmsKind, string]> = [];
  const m = /^\/(blog|projects\/case-studies|service-area)\/([a-z0-9-]+)$/.exec(path);
  if (m) candidates.push([m[1] === "blog" ? "article" : m[1] === "service-area" ? "place" : "case-study", m[2]!]);
  const page = { "/about": "about", "/certifications": "certifications", "/investors": "investors", "/power-electronics": "power-electronics" }[path];
  if (page) candidates.push(["page", page]);
  for (const [kind, slug] of candidates) {
    const [row] = await getDb().select({ id: c.id }).from(c).where(and(eq(c.kind, kind), eq(c.slug, slug)));
    if (row) return row;
  }
  return undefined;
}
