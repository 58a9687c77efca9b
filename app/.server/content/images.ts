import { desc, eq, ilike, or, sql } from "drizzle-orm";
import { changeRecord, Refusal, type ChangeResult, type RecordKind } from "~/.server/admin/changes.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { contentEntries, contentImages, legalVersions } from "~/.server/db/schema.ts";
import { removeStored, storePhotos, UploadError, type StoredFile } from "~/.server/uploads/index.ts";
import { deleteStored } from "~/.server/uploads/storage.ts";
import { STALE_IMAGE_MESSAGE } from "~/lib/forms/admin/cms.ts";
import { legalTextName, isLegalSlug } from "~/lib/legal.ts";
import { clearContentCache } from "./index.ts";

/**
 * Images for content bodies (/admin/cms/images): uploaded through the request photos' pipeline
 * (storePhotos: checked by content, re-encoded as WebP without metadata, at most 2048 px a side), each with
 * its alt text, served to everyone at /media/{name} (a random name, cached for a year). One in use by an
 * entry or a legal text's version is not deleted: the refusal names where it is used.
 */

export type ContentImageRow = typeof contentImages.$inferSelect;

/** The public address of an image. */
export function mediaPath(name: string): string {
  return `/media/${name}`;
}

/** The Markdown that shows the image in a body: `![alt](/media/…)`. */
export function markdownSnippet(alt: string, name: string): string {
  return `![${alt.replace(/[[\]\\]/g, (c) => `\\${c}`).replace(/\s+/g, " ")}](${mediaPath(name)})`;
}

export interface ContentImageView {
  id: number;
  version: number;
  name: string;
  path: string;
  alt: string;
  snippet: string;
  width: number;
  height: number;
  bytes: number;
  originalName: string;
  createdAt: string;
}

/** How many images the list shows, newest first. */
export const IMAGE_LIST_LIMIT = 200;

export async function listContentImages(): Promise<{ images: ContentImageView[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    getDb().select().from(contentImages).orderBy(desc(contentImages.createdAt), desc(contentImages.id)).limit(IMAGE_LIST_LIMIT),
    getDb().select({ n: sql<number>`count(*)::int` }).from(contentImages),
  ]);
  return {
    total: count?.n ?? 0,
    images: rows.map((r) => ({
      id: r.id,
      version: r.version,
      name: r.name,
      path: mediaPath(r.name),
      alt: r.alt,
      snippet: markdownSnippet(r.alt, r.name),
      width: r.width,
      height: r.height,
      bytes: r.bytes,
      originalName: r.originalName,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The image served at /media/{name}, if any. */
export async function publicImage(name: string): Promise<Pick<ContentImageRow, "path" | "contentType"> | undefined> {
  const [row] = await getDb().select({ path: contentImages.path, contentType: contentImages.contentType }).from(contentImages).where(eq(contentImages.name, name));
  return row;
}

export type UploadResult = { ok: true; id: number; snippet: string; message: string } | { ok: false; field: string; message: string };

/**
 * Stores one image as request photos are stored, then its row and its audit entry in one transaction; when
 * the row cannot be written, the file written for it is removed.
 */
export async function uploadContentImage(staff: StaffMember, file: File | undefined, alt: string, now = new Date()): Promise<UploadResult> {
  if (!file) return { ok: false, field: "image", message: "Choose the image to upload (JPEG, PNG, WebP or HEIC)." };
  let stored: StoredFile;
  try {
    [stored] = (await storePhotos([file], "content")) as [StoredFile];
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, field: "image", message: error.message };
    throw error;
  }
  const name = stored.path.split("/").at(-1)!;
  try {
    const id = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(contentImages)
        .values({
          name,
          path: stored.path,
          contentType: stored.contentType,
          width: stored.width ?? 0,
          height: stored.height ?? 0,
          bytes: stored.bytes,
          originalName: stored.originalName,
          alt,
          createdAt: now,
          createdBy: staff.userId > 0 ? staff.userId : null,
        })
        .returning({ id: contentImages.id });
      await audit(
        tx,
        auditActor(staff),
        { action: "content-image.add", entityType: "content-image", entityId: row!.id, entityLabel: alt.slice(0, 80), after: { name, alt, width: stored.width, height: stored.height, bytes: stored.bytes } },
        now,
      );
      return row!.id;
    });
    return { ok: true, id, snippet: markdownSnippet(alt, name), message: `Image uploaded (${stored.width} × ${stored.height}): copy its Markdown from the list below into a body.` };
  } catch (error) {
    await removeStored([stored]);
    throw error;
  }
}

/** Where an image is used: entries whose body or fields name its address, and legal texts' versions. */
export async function imageUsedBy(tx: Transaction, name: string): Promise<string[]> {
  const pattern = `%${mediaPath(name)}%`;
  const [entries, versions] = await Promise.all([
    tx
      .select({ kind: contentEntries.kind, slug: contentEntries.slug, title: contentEntries.title })
      .from(contentEntries)
      .where(or(ilike(contentEntries.body, pattern), ilike(sql`${contentEntries.data}::text`, pattern)))
      .orderBy(contentEntries.kind, contentEntries.title)
      .limit(5),
    tx
      .select({ slug: legalVersions.slug, number: legalVersions.number })
      .from(legalVersions)
      .where(ilike(legalVersions.body, pattern))
      .orderBy(legalVersions.slug, legalVersions.number)
      .limit(5),
  ]);
  // A legal page's entry mirrors its newest version: the version names it.
  const inVersions = new Set(versions.map((v) => v.slug));
  return [
    ...entries.filter((e) => !(e.kind === "page" && inVersions.has(e.slug))).map((e) => `the ${e.kind.replace(/-/g, " ")} “${e.title}”`),
    ...versions.map((v) => `version ${v.number} of the ${isLegalSlug(v.slug) ? legalTextName(v.slug).toLowerCase() : v.slug}`),
  ];
}

const imageKind: RecordKind<ContentImageRow, number> = {
  table: contentImages,
  entityType: "content-image",
  stale: STALE_IMAGE_MESSAGE,
  key: contentImages.id,
  lock: true,
  label: ({ row }) => row.alt.slice(0, 80),
  stampsUpdatedAt: false,
};

/**
 * Deletes an image on the version seen, unless an entry or a legal text uses it: then the refusal names
 * where, so that the office removes it from there first. The file goes once the row is gone.
 */
export async function deleteContentImage(staff: StaffMember, id: number, version: number, now = new Date()): Promise<ChangeResult> {
  let path: string | undefined;
  const result = await changeRecord(imageKind, id, version, staff, now, async ({ tx, row, audit: log }) => {
    const users = await imageUsedBy(tx, row.name);
    if (users.length > 0) {
      throw new Refusal("form", `This image is used by ${users.join(", ")}: take it out of ${users.length > 1 ? "them" : "it"} first, then delete it.`);
    }
    await tx.delete(contentImages).where(eq(contentImages.id, row.id));
    await log("content-image.delete", { name: row.name, alt: row.alt }, null);
    path = row.path;
    return "Image deleted.";
  });
  if (result.ok && path) {
    await deleteStored(path).catch(() => undefined);
    // Its cached copy in the page cache goes with the content version.
    clearContentCache();
  }
  return result;
}
