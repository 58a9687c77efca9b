import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { assertOutsideTransaction, getDb, readOnce, type Database, type Transaction } from "~/.server/db/index.ts";
import { contentVersion } from "~/.server/content/version.ts";
import { contentEntries, legalVersions } from "~/.server/db/schema.ts";
import { LEGAL_TEXTS, type LegalSlug } from "~/lib/legal.ts";

/**
 * The legal texts' versions (/privacy, /terms, /return-policy). Every publish adds a version that is never
 * changed (a trigger refuses an UPDATE or DELETE of legal_versions); the public page shows the newest, and
 * every consent record stores the id of the privacy notice's version it was given on (`privacyConsent`).
 * Publishing is in ./publish.ts.
 */

export type LegalVersionRow = typeof legalVersions.$inferSelect;

export interface LegalVersionView {
  id: number;
  slug: LegalSlug;
  number: number;
  title: string;
  summary: string;
  body: string;
  effectiveOn: string;
  label: string;
  publishedAt: string;
  publishedByName: string | null;
}

function view(row: LegalVersionRow): LegalVersionView {
  return {
    id: row.id,
    slug: row.slug as LegalSlug,
    number: row.number,
    title: row.title,
    summary: row.summary,
    body: row.body,
    effectiveOn: row.effectiveOn,
    label: row.label,
    publishedAt: row.publishedAt.toISOString(),
    publishedByName: row.publishedByName,
  };
}

/** The version in force: the newest of the text. */
export async function currentLegalVersion(slug: LegalSlug, db: Database | Transaction = getDb()): Promise<LegalVersionView | undefined> {
  const [row] = await db.select().from(legalVersions).where(eq(legalVersions.slug, slug)).orderBy(desc(legalVersions.number)).limit(1);
  return row ? view(row) : undefined;
}

/** One version by its number, or undefined. */
export async function legalVersion(slug: LegalSlug, number: number): Promise<LegalVersionView | undefined> {
  const [row] = await getDb()
    .select()
    .from(legalVersions)
    .where(and(eq(legalVersions.slug, slug), eq(legalVersions.number, number)));
  return row ? view(row) : undefined;
}

export interface LegalVersionSummary {
  id: number;
  number: number;
  effectiveOn: string;
  label: string;
  publishedAt: string;
  publishedByName: string | null;
}

/** Every version of a text, newest first, without their bodies. */
export async function legalVersionsOf(slug: LegalSlug): Promise<LegalVersionSummary[]> {
  const rows = await getDb()
    .select({
      id: legalVersions.id,
      number: legalVersions.number,
      effectiveOn: legalVersions.effectiveOn,
      label: legalVersions.label,
      publishedAt: legalVersions.publishedAt,
      publishedByName: legalVersions.publishedByName,
    })
    .from(legalVersions)
    .where(eq(legalVersions.slug, slug))
    .orderBy(desc(legalVersions.number));
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }));
}

/** Each text with its current version and how many it has had, for /admin/cms/legal. */
export async function legalTextsOverview(): Promise<Array<{ slug: LegalSlug; name: string; current: LegalVersionSummary | null; count: number }>> {
  const rows = await getDb()
    .select({
      slug: legalVersions.slug,
      count: sql<number>`count(*)::int`,
      number: sql<number>`max(${legalVersions.number})::int`,
    })
    .from(legalVersions)
    .groupBy(legalVersions.slug);
  const latest = await Promise.all(LEGAL_TEXTS.map((t) => legalVersionsOf(t.slug).then((v) => v[0] ?? null)));
  return LEGAL_TEXTS.map((t, i) => ({ slug: t.slug, name: t.name, current: latest[i]!, count: rows.find((r) => r.slug === t.slug)?.count ?? 0 }));
}

export interface ConsentColumns {
  /** The version's label, as consent records have always stored it. */
  consentVersion: string;
  /** The legal_versions row agreed to; null only on a database whose legal texts are not seeded yet. */
  consentLegalVersionId: number | null;
}

/**
 * What a consent given now records: the privacy notice's current version, by label and by id. Read before
 * the caller's transaction (like the content it replaces, it is not read from inside one).
 */
export async function privacyConsent(): Promise<ConsentColumns> {
  assertOutsideTransaction();
  // Read on every form submission: kept while the content version it was read at is current (publishing a
  // version bumps it, here and, through NOTIFY, on every instance: ADR 051), and only the two columns needed.
  if (consentCache && consentCache.version === contentVersion()) return consentCache.value;
  // One read for every post that misses at once (after a publish, under a burst): ~/.server/db/read-once.ts.
  return consentRead("privacy", async () => {
    const readAt = contentVersion();
    const [row] = await getDb()
      .select({ id: legalVersions.id, label: legalVersions.label })
      .from(legalVersions)
      .where(eq(legalVersions.slug, "privacy"))
      .orderBy(desc(legalVersions.number))
      .limit(1);
    const value: ConsentColumns = row ? { consentVersion: row.label, consentLegalVersionId: row.id } : { consentVersion: "unversioned", consentLegalVersionId: null };
    // Not kept while the texts are not seeded yet: the seed's version 1 is read as soon as it exists.
    if (row) consentCache = { version: readAt, value };
    return value;
  });
}

let consentCache: { version: number; value: ConsentColumns } | undefined;
const consentRead = readOnce<string, ConsentColumns>(contentVersion);

/**
 * Version 1 of each legal text that has none yet, from its page entry (seeded by seedContent): a first
 * run gets the seed's texts as version 1; a database migrated from before versions got them in the migration.
 */
export async function seedLegalVersions(db: Database): Promise<number> {
  const pages = await db
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.kind, "page"),
        inArray(
          contentEntries.slug,
          LEGAL_TEXTS.map((t) => t.slug),
        ),
      ),
    )
    .orderBy(asc(contentEntries.slug));
  if (pages.length === 0) return 0;
  const inserted = await db
    .insert(legalVersions)
    .values(
      pages.map((p) => {
        const label = typeof (p.data as { version?: unknown }).version === "string" ? (p.data as { version: string }).version : "1";
        return {
          slug: p.slug,
          number: 1,
          title: p.title,
          summary: p.summary,
          body: p.body,
          effectiveOn: /^\d{4}-\d{2}-\d{2}$/.test(label) ? label : p.updatedAt.toISOString().slice(0, 10),
          label,
          publishedAt: p.updatedAt,
        };
      }),
    )
    .onConflictDoNothing({ target: [legalVersions.slug, legalVersions.number] })
    .returning({ id: legalVersions.id });
  return inserted.length;
}
