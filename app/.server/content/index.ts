import { asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { contentEntries } from "~/.server/db/schema.ts";
import type { ServiceCategory } from "~/lib/settings-schema.ts";
import { articleData, serviceData, type ArticleData, type ContentKind, type ServiceData } from "./schemas.ts";

export { seedContent } from "./seed.ts";
export { renderMarkdown } from "./markdown.ts";

export interface Service extends ServiceData {
  slug: string;
  name: string;
  summary: string;
  body: string;
  /** Its /services/ page when it has one, else /service/{slug}. Every other address redirects here. */
  canonicalPath: string;
}

export interface Article extends ArticleData {
  slug: string;
  title: string;
  summary: string;
  body: string;
  publishedOn: string;
  path: string;
}

/**
 * Content is read on every page and changes rarely, so each kind is held in memory. A write in this
 * process clears it at once (clearContentCache); the TTL bounds how stale another instance can be.
 */
const CACHE_TTL_MS = 30_000;
const cache = new Map<ContentKind, { expires: number; value: unknown }>();

export function clearContentCache(): void {
  cache.clear();
}

async function loadKind<T>(kind: ContentKind, build: (rows: Array<typeof contentEntries.$inferSelect>) => T): Promise<T> {
  const hit = cache.get(kind);
  if (hit && hit.expires > Date.now()) return hit.value as T;
  const rows = await getDb()
    .select()
    .from(contentEntries)
    .where(eq(contentEntries.kind, kind))
    .orderBy(asc(contentEntries.position), asc(contentEntries.id));
  const value = build(rows);
  cache.set(kind, { expires: Date.now() + CACHE_TTL_MS, value });
  return value;
}

interface ServiceIndex {
  list: Service[];
  byPath: Map<string, Service>;
}

function buildServices(rows: Array<typeof contentEntries.$inferSelect>): ServiceIndex {
  const list: Service[] = [];
  const byPath = new Map<string, Service>();
  for (const row of rows) {
    const parsed = serviceData.safeParse(row.data);
    if (!parsed.success) {
      // One bad entry must not take the catalogue down.
      console.error(`content_entries ${row.id} (service ${row.slug}) has invalid data`, parsed.error.issues);
      continue;
    }
    const service: Service = {
      ...parsed.data,
      slug: row.slug,
      name: row.title,
      summary: row.summary,
      body: row.body,
      canonicalPath: parsed.data.servicePaths[0] ?? `/service/${row.slug}`,
    };
    list.push(service);
    byPath.set(`/service/${row.slug}`, service);
    for (const path of parsed.data.servicePaths) byPath.set(path, service);
  }
  return { list, byPath };
}

export async function listServices(): Promise<Service[]> {
  return (await loadKind("service", buildServices)).list;
}

/** The service shown at /services/{x} or /service/{x}, if any. */
export async function findServiceByPath(pathname: string): Promise<Service | undefined> {
  return (await loadKind("service", buildServices)).byPath.get(pathname);
}

export async function servicesInCategory(category: ServiceCategory): Promise<Service[]> {
  return (await listServices()).filter((s) => s.category === category);
}

function buildArticles(rows: Array<typeof contentEntries.$inferSelect>): Article[] {
  const list: Article[] = [];
  for (const row of rows) {
    const parsed = articleData.safeParse(row.data);
    if (!parsed.success || !row.publishedOn) {
      console.error(`content_entries ${row.id} (article ${row.slug}) has invalid data`);
      continue;
    }
    list.push({
      ...parsed.data,
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      body: row.body,
      publishedOn: row.publishedOn,
      path: `/blog/${row.slug}`,
    });
  }
  // Newest first.
  return list.sort((a, b) => b.publishedOn.localeCompare(a.publishedOn));
}

export async function listArticles(): Promise<Article[]> {
  return loadKind("article", buildArticles);
}

export async function findArticle(slug: string): Promise<Article | undefined> {
  return (await listArticles()).find((a) => a.slug === slug);
}

/** Articles that name the service (by any of its /services/ slugs or its own slug) as related. */
export async function articlesAbout(service: Service): Promise<Article[]> {
  const keys = new Set([service.slug, ...service.servicePaths.map((p) => p.slice("/services/".length))]);
  return (await listArticles()).filter((a) => a.relatedServices.some((r) => keys.has(r)));
}
