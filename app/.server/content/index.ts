import { and, asc, eq } from "drizzle-orm";
import { assertOutsideTransaction, getDb, readOnce } from "~/.server/db/index.ts";
import { contentEntries } from "~/.server/db/schema.ts";
import { SEEDED_SUPPORT_EMAIL } from "~/.server/settings/defaults.ts";
import type { ServiceCategory, SiteSettings } from "~/lib/settings-schema.ts";
import {
  articleData,
  kindSchemas,
  serviceData,
  type ArticleData,
  type ContentKind,
  type KindData,
  type ServiceData,
} from "./schemas.ts";

import { bumpContentVersion, contentVersion, kindVersion, noteContentRead } from "./version.ts";

export { seedContent } from "./seed.ts";
export { contentVersion } from "./version.ts";
export { renderMarkdown } from "./markdown.ts";

/**
 * Seed texts give the first run's sample support address; wherever one appears, the address in the
 * settings now replaces it, so that an edit of the settings reaches every page.
 */
export function withSupportEmail(text: string, site: SiteSettings): string {
  return text.replaceAll(SEEDED_SUPPORT_EMAIL, site.identity.supportEmail);
}

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
 * Content is read on every page and changes rarely, so each kind is held in memory. A copy is kept only while
 * the version of its kind (and the site's) it was read at is current: a write bumps it here at once
 * (clearContentCache) and, through its NOTIFY, on the other instances (ADR 051). The TTL is a backstop.
 */
const CACHE_TTL_MS = 30_000;
const cache = new Map<string, { expires: number; version: string; value: unknown }>();

/**
 * Entries changed (committed): the copies that read them are stale, here and on every instance. Naming the kinds
 * that changed drops only the cached pages that read one of them (ADR 058: a published article leaves the
 * service pages cached); without, every cached copy goes.
 */
export function clearContentCache(kinds?: readonly string[]): void {
  bumpContentVersion(kinds);
}

/**
 * What a service page reads of the articles: only those that name it as related. Its render notes this key, not
 * the whole "article" kind, so a published article drops the pages of the services it names and no other's.
 */
export const articlesAboutKey = (serviceSlug: string) => `article:about:${serviceSlug}`;

/**
 * The keys an entry's change makes stale besides its kind (ADR 058): an article's related services, before and
 * after the change (a service it no longer names must drop it too).
 */
export function changedContentKeys(kind: string, ...data: unknown[]): string[] {
  const keys = [kind];
  if (kind === "article") {
    for (const d of data) {
      const related = (d as { relatedServices?: unknown } | null | undefined)?.relatedServices;
      if (Array.isArray(related)) for (const slug of related) if (typeof slug === "string") keys.push(articlesAboutKey(slug));
    }
  }
  return [...new Set(keys)];
}

/** The rows of a kind, shaped by build and cached under `shape` (one kind may be shaped several ways). */
async function loadKind<T>(
  kind: ContentKind,
  shape: string,
  build: (rows: Array<typeof contentEntries.$inferSelect>) => T,
  /** The caller notes a narrower key itself (articlesAbout). */
  noted = false,
): Promise<T> {
  // Even on a hit, like getSiteSettings: from inside a transaction this must fail every time.
  assertOutsideTransaction();
  // The page being rendered depends on this kind: a change of it drops the page's cached copy (ADR 058).
  if (!noted) noteContentRead(kind);
  const key = `${kind}:${shape}`;
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now() && hit.version === kindVersion(kind)) return hit.value as T;
  // One read for every caller that misses at once (a copy expiring under a burst of form posts).
  return (await contentRead(key, async () => {
    const readAt = kindVersion(kind);
    const rows = await getDb()
      .select()
      .from(contentEntries)
      // Drafts and scheduled entries (/admin/cms) are not on the site yet.
      .where(and(eq(contentEntries.kind, kind), eq(contentEntries.status, "published")))
      .orderBy(asc(contentEntries.position), asc(contentEntries.id));
    const value = build(rows);
    cache.set(key, { expires: Date.now() + CACHE_TTL_MS, version: readAt, value });
    return value;
  })) as T;
}

/** The reads under way (~/.server/db/read-once.ts), by kind and shape, joined while the content version is current. */
const contentRead = readOnce<string, unknown>(contentVersion);

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
    // A service hidden in /admin/services is off every public list and its pages answer 404.
    if (!parsed.data.shown) continue;
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
  return (await loadKind("service", "index", buildServices)).list;
}

/** The service shown at /services/{x} or /service/{x}, if any. */
export async function findServiceByPath(pathname: string): Promise<Service | undefined> {
  return (await loadKind("service", "index", buildServices)).byPath.get(pathname);
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
  return loadKind("article", "list", buildArticles);
}

export async function findArticle(slug: string): Promise<Article | undefined> {
  return (await listArticles()).find((a) => a.slug === slug);
}

/** Articles that name the service (by any of its /services/ slugs or its own slug) as related. */
export async function articlesAbout(service: Service): Promise<Article[]> {
  const keys = new Set([service.slug, ...service.servicePaths.map((p) => p.slice("/services/".length))]);
  for (const key of keys) noteContentRead(articlesAboutKey(key));
  const articles = await loadKind("article", "list", buildArticles, true);
  return articles.filter((a) => a.relatedServices.some((r) => keys.has(r)));
}

/** An entry of any kind, its kind-specific fields parsed and typed. */
export interface Entry<K extends ContentKind> {
  slug: string;
  title: string;
  summary: string;
  body: string;
  publishedOn: string | null;
  data: KindData<K>;
}

/** All entries of a kind, in their editorial order. Entries whose data no longer parses are left out. */
export async function listEntries<K extends ContentKind>(kind: K): Promise<Array<Entry<K>>> {
  return loadKind(kind, "entries", (rows) =>
    rows.flatMap((row): Array<Entry<K>> => {
      const parsed = kindSchemas[kind].safeParse(row.data);
      if (!parsed.success) {
        console.error(`content_entries ${row.id} (${kind} ${row.slug}) has invalid data`, parsed.error.issues);
        return [];
      }
      return [
        {
          slug: row.slug,
          title: row.title,
          summary: row.summary,
          body: row.body,
          publishedOn: row.publishedOn,
          data: parsed.data as KindData<K>,
        },
      ];
    }),
  );
}

export async function findEntry<K extends ContentKind>(kind: K, slug: string): Promise<Entry<K> | undefined> {
  return (await listEntries(kind)).find((e) => e.slug === slug);
}
