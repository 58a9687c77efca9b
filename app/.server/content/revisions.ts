import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { assertOutsideTransaction, getDb, type Transaction } from "~/.server/db/index.ts";
import { contentEntries, contentRedirects, contentRevisions } from "~/.server/db/schema.ts";
import type { ContentKind } from "./schemas.ts";

/**
 * Revisions and old addresses of content entries (/admin/cms, ADR 042).
 *
 * - Every change that saves an entry keeps the entry as it left it (keepRevision, called by the content
 *   change kernel, ~/.server/content/changes.ts); the first change of an entry that has none yet (a seeded
 *   one) also keeps the state it started from, so that it can be compared with and restored.
 * - A slug changed leaves its old one in content_redirects, pointing at the entry: the public page of the old
 *   address answers 301 to the entry's page now (permanentlyMovedTo).
 */

type Row = typeof contentEntries.$inferSelect;

function revisionOf(row: Row, cause: string, actorLabel: string | null, at: Date) {
  return {
    entryId: row.id,
    version: row.version,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    body: row.body,
    data: row.data,
    status: row.status,
    publishAt: row.publishAt,
    cause,
    actorLabel,
    at,
  };
}

/** The entry's first revision, when it is added. */
export async function keepFirstRevision(tx: Transaction, row: Row, actorLabel: string | null, now: Date): Promise<void> {
  await tx.insert(contentRevisions).values(revisionOf(row, "add", actorLabel, now)).onConflictDoNothing();
}

/**
 * After a change of `before` in this transaction: the entry as the change left it, as a revision (nothing
 * when the change saved nothing). An entry without revisions (seeded) first gets the state it came from.
 */
export async function keepRevision(tx: Transaction, before: Row, cause: string, actorLabel: string | null, now: Date): Promise<void> {
  const [after] = await tx.select().from(contentEntries).where(eq(contentEntries.id, before.id));
  if (!after || after.version === before.version) return;
  const [any] = await tx.select({ id: contentRevisions.id }).from(contentRevisions).where(eq(contentRevisions.entryId, before.id)).limit(1);
  if (!any) await tx.insert(contentRevisions).values(revisionOf(before, "seed", null, before.updatedAt)).onConflictDoNothing();
  await tx.insert(contentRevisions).values(revisionOf(after, cause, actorLabel, now)).onConflictDoNothing();
}

/** Old slug → entry: the old address now answers 301; an address taken again is no longer a redirect. */
export async function moveSlug(tx: Transaction, kind: ContentKind, entryId: number, from: string, to: string): Promise<void> {
  await tx.delete(contentRedirects).where(and(eq(contentRedirects.kind, kind), eq(contentRedirects.fromSlug, to)));
  await tx
    .insert(contentRedirects)
    .values({ kind, fromSlug: from, entryId })
    .onConflictDoUpdate({ target: [contentRedirects.kind, contentRedirects.fromSlug], set: { entryId, at: new Date() } });
}

/** A new entry takes an address: an old address of another entry stops redirecting. */
export async function takeSlug(tx: Transaction, kind: ContentKind, slug: string): Promise<void> {
  await tx.delete(contentRedirects).where(and(eq(contentRedirects.kind, kind), eq(contentRedirects.fromSlug, slug)));
}

/** The current slug of the published entry that had `slug` before, if any. */
export async function movedTo(kind: ContentKind, slug: string): Promise<string | undefined> {
  assertOutsideTransaction();
  const [row] = await getDb()
    .select({ slug: contentEntries.slug, status: contentEntries.status })
    .from(contentRedirects)
    .innerJoin(contentEntries, eq(contentEntries.id, contentRedirects.entryId))
    .where(and(eq(contentRedirects.kind, kind), eq(contentRedirects.fromSlug, slug)));
  return row && row.status === "published" && row.slug !== slug ? row.slug : undefined;
}

/**
 * For a public page whose entry was not found: a 301 to where the entry is now, when its slug was changed
 * (thrown; the loader then ends). Nothing when the address never was an entry's: the loader answers 404.
 */
export async function throwIfMoved(kind: ContentKind, slug: string, pathOf: (slug: string) => string, url?: URL): Promise<void> {
  const to = await movedTo(kind, slug);
  if (to) throw redirect(`${pathOf(to)}${url?.search ?? ""}`, 301);
}
