import { and, eq, ne, sql } from "drizzle-orm";
import { changesOrRefuse, Refusal, type ChangeResult, type ChangeStep, type RecordKind } from "~/.server/admin/changes.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeContentEntry, contentEntryKind, type ContentEntryRow, type LoadedEntry } from "~/.server/content/changes.ts";
import { changedContentKeys, clearContentCache } from "~/.server/content/index.ts";
import { keepFirstRevision, keepRevision, moveSlug, takeSlug } from "~/.server/content/revisions.ts";
import { kindSchemas } from "~/.server/content/schemas.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { contentEntries, contentRevisions } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { formatDateTime } from "~/lib/format.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import {
  CMS_KIND_INFO,
  LEGAL_PAGE_SLUGS,
  STALE_CONTENT_MESSAGE,
  type CmsKind,
  type CmsStateIntent,
  type EntryInput,
} from "~/lib/forms/admin/cms.ts";

/**
 * The content screen's changes (/admin/cms, ADR 042): add, edit, publish, unpublish, schedule and restore an
 * entry of a CMS kind. Each is one transaction through the content change kernel (changeContentEntry: the
 * version the staff member saw, the audit entry, a revision of what it saved), and drops the content cache
 * and the cached pages once it commits, so that the site, its sitemap and its search show it at the next
 * request. A slug changed leaves a 301 from the old address; a scheduled entry is published by the job queue.
 */

export const CONTENT_PUBLISH_JOB = "content.publish";

type Loaded = LoadedEntry<CmsKind>;
type Step = ChangeStep<ContentEntryRow, Loaded>;
export type ContentResult = ChangeResult<object, { existing: { id: number; title: string } }>;
export type AddContentResult = { ok: true; id: number; slug: string } | { ok: false; field: string; message: string; existing?: { id: number; title: string } };

const KINDS = new Map<CmsKind, RecordKind<ContentEntryRow, number, Loaded>>();
function recordKind(kind: CmsKind): RecordKind<ContentEntryRow, number, Loaded> {
  let found = KINDS.get(kind);
  if (!found) {
    // A stored entry whose data no longer parses is still the office's to fix: the form starts from what is there.
    found = contentEntryKind(kind, {
      stale: STALE_CONTENT_MESSAGE,
      empty: (row) => row.data as never,
      // Two entries given the same address at once: the second is refused beside the field, not a 500.
      refuse: (error) => (isUniqueViolation(error) ? { field: "slug", message: `Another ${CMS_KIND_INFO[kind].one} took this address a moment ago: choose another.` } : undefined),
    }) as unknown as RecordKind<ContentEntryRow, number, Loaded>;
    KINDS.set(kind, found);
  }
  return found;
}

const isLegal = (kind: string, slug: string) => kind === "page" && (LEGAL_PAGE_SLUGS as readonly string[]).includes(slug);

/** The kind's data from the form's fields over what is stored (fields no form edits are kept); refused if it does not parse. */
function dataOf(kind: CmsKind, stored: Record<string, unknown>, fields: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored, ...fields };
  if (kind === "page") {
    // A page's fields are optional: an empty one is left out rather than shown empty.
    for (const key of Object.keys(fields)) if (merged[key] === "" || (Array.isArray(merged[key]) && (merged[key] as unknown[]).length === 0)) delete merged[key];
  }
  if (kind === "article" && !merged.updatedOn) delete merged.updatedOn;
  const parsed = kindSchemas[kind].safeParse(merged);
  if (!parsed.success) throw new Refusal("form", `Some of the ${CMS_KIND_INFO[kind].one}'s fields are missing: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}.`);
  return parsed.data as Record<string, unknown>;
}

/** An entry as its audit entries compare it: one flat record, so an entry lists only the fields that changed. */
function flat(row: Pick<ContentEntryRow, "title" | "slug" | "summary" | "body">, data: Record<string, unknown>) {
  return { title: row.title, slug: row.slug, summary: row.summary, body: row.body, ...data };
}

async function holderOf(tx: Transaction, kind: CmsKind, slug: string, except?: number) {
  const [row] = await tx
    .select({ id: contentEntries.id, title: contentEntries.title })
    .from(contentEntries)
    .where(and(eq(contentEntries.kind, kind), eq(contentEntries.slug, slug), except ? ne(contentEntries.id, except) : undefined));
  return row;
}

const takenMessage = (kind: CmsKind, e: { title: string }) => `"${e.title}" already has this address: choose another, or open that ${CMS_KIND_INFO[kind].one}.`;

/** A new entry, as a draft, last in its kind's order. The same form sent twice is refused the second time (its address is taken). */
export async function addContentEntry(staff: StaffMember, kind: CmsKind, input: EntryInput, now = new Date()): Promise<AddContentResult> {
  try {
    return await getDb().transaction(async (tx): Promise<AddContentResult> => {
      const existing = await holderOf(tx, kind, input.slug);
      if (existing) return { ok: false, field: "slug", message: takenMessage(kind, existing), existing };
      const data = dataOf(kind, {}, input.fields);
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${contentEntries.position}), -1)::int` })
        .from(contentEntries)
        .where(eq(contentEntries.kind, kind));
      await takeSlug(tx, kind, input.slug);
      const [row] = await tx
        .insert(contentEntries)
        .values({ kind, slug: input.slug, title: input.title, summary: input.summary, body: input.body, data, position: Number(last?.position ?? -1) + 1, status: "draft", updatedAt: now })
        .returning();
      await keepFirstRevision(tx, row!, auditActor(staff).label, now);
      await audit(tx, auditActor(staff), { action: "content.add", entityType: kind, entityId: row!.id, entityLabel: input.title, before: null, after: flat(row!, data) }, now);
      return { ok: true, id: row!.id, slug: input.slug };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, field: error.field, message: error.message };
    if (!isUniqueViolation(error)) throw error;
    // Two people adding the same address at once: the second is shown the first's.
    const existing = await getDb().transaction((tx) => holderOf(tx, kind, input.slug));
    if (!existing) throw error;
    return { ok: false, field: "slug", message: takenMessage(kind, existing), existing };
  }
}

function change(kind: CmsKind, id: number, version: number, staff: StaffMember, step: (s: Step) => Promise<string>, now: Date): Promise<ContentResult> {
  return changeContentEntry<CmsKind, { existing: { id: number; title: string } }>(
    recordKind(kind),
    id,
    version,
    staff,
    async (s) => {
      if (isLegal(kind, s.row.slug)) throw new Refusal("form", "A legal text keeps every version: change it under Legal texts.");
      return step(s);
    },
    now,
  ) as Promise<ContentResult>;
}

/** The slug's change: refused for a page (its address is the site's own), refused when taken, else a 301 from the old one. */
async function changeSlug(tx: Transaction, kind: CmsKind, row: ContentEntryRow, slug: string): Promise<void> {
  if (slug === row.slug) return;
  if (kind === "page") throw new Refusal("slug", "A page's address is fixed by the site: keep it as it is.");
  const holder = await holderOf(tx, kind, slug, row.id);
  if (holder) throw new Refusal("slug", takenMessage(kind, holder));
  await moveSlug(tx, kind, row.id, row.slug, slug);
}

const savedMessage = (status: string) =>
  status === "published" ? "Saved: the site shows the change now." : status === "scheduled" ? "Saved: it goes on the site at the time it is scheduled for." : "Saved as a draft: the site does not show it yet.";

export function editContentEntry(staff: StaffMember, kind: CmsKind, id: number, input: EntryInput & { version: number }, now = new Date()): Promise<ContentResult> {
  return change(kind, id, input.version, staff, async ({ tx, row, loaded, save, audit: log }) => {
    const data = dataOf(kind, loaded.data as Record<string, unknown>, input.fields);
    const diff = changesOrRefuse(flat(row, loaded.data as Record<string, unknown>), flat(input, data));
    await changeSlug(tx, kind, row, input.slug);
    await save({ title: input.title, slug: input.slug, summary: input.summary, body: input.body, data });
    await log("content.update", diff.before, diff.after);
    return input.slug !== row.slug && row.status === "published" ? `${savedMessage(row.status)} Its old address sends visitors to the new one.` : savedMessage(row.status);
  }, now);
}

const STATE: Record<CmsStateIntent, { from: readonly string[]; refused: string; to: "published" | "draft"; message: string }> = {
  publish: { from: ["draft", "scheduled"], refused: "It is already published.", to: "published", message: "Published: it is on the site, its sitemap and its search now." },
  unpublish: { from: ["published"], refused: "It is not published.", to: "draft", message: "Taken off the site: it is a draft again, and its page answers 404." },
  unschedule: { from: ["scheduled"], refused: "It is not scheduled.", to: "draft", message: "No longer scheduled: it is a draft." },
};

/** Publish now, take off the site, or cancel a schedule. */
export function changeContentState(staff: StaffMember, kind: CmsKind, id: number, input: { intent: CmsStateIntent; version: number }, now = new Date()): Promise<ContentResult> {
  const c = STATE[input.intent];
  return change(kind, id, input.version, staff, async ({ row, save, audit: log }) => {
    if (!c.from.includes(row.status)) throw new Refusal("form", c.refused);
    await save({ status: c.to, publishAt: null, ...(c.to === "published" && !row.publishedOn ? { publishedOn: todayInIndia(now) } : {}) });
    await log(`content.${input.intent}`, { status: row.status }, { status: c.to });
    return c.message;
  }, now);
}

/** Publish at a time: the job queue publishes it then (once, across instances), unless it was changed meanwhile. */
export function scheduleContentEntry(staff: StaffMember, kind: CmsKind, id: number, input: { publishAt: Date; version: number }, now = new Date()): Promise<ContentResult> {
  return change(kind, id, input.version, staff, async ({ tx, row, save, audit: log }) => {
    if (input.publishAt.getTime() <= now.getTime() + 60_000) throw new Refusal("publishAt", "Choose a time at least a minute from now, or publish it now.");
    if (row.status === "published") throw new Refusal("publishAt", "It is already on the site: take it off first to publish it again later.");
    await save({ status: "scheduled", publishAt: input.publishAt });
    await scheduleJobs(tx, [
      { name: CONTENT_PUBLISH_JOB, payload: { id, at: input.publishAt.toISOString() }, runAt: input.publishAt, dedupeKey: `job:content-publish:${id}:${input.publishAt.getTime()}` },
    ]);
    await log("content.schedule", { status: row.status, publishAt: row.publishAt?.toISOString() ?? null }, { status: "scheduled", publishAt: input.publishAt.toISOString() });
    return `Scheduled: it goes on the site at ${formatDateTime(input.publishAt.toISOString())}.`;
  }, now);
}

/** The entry's text and fields as a revision had them, as a new change (its state on the site is kept). */
export function restoreContentRevision(staff: StaffMember, kind: CmsKind, id: number, input: { revision: number; version: number }, now = new Date()): Promise<ContentResult> {
  return change(kind, id, input.version, staff, async ({ tx, row, loaded, save, audit: log }) => {
    const [rev] = await tx.select().from(contentRevisions).where(and(eq(contentRevisions.id, input.revision), eq(contentRevisions.entryId, id)));
    if (!rev) throw new Refusal("form", "That version is no longer there: reload the page.");
    const data = rev.data as Record<string, unknown>;
    const diff = changesOrRefuse(flat(row, loaded.data as Record<string, unknown>), flat(rev, data), "This version is the same as the entry now.");
    await changeSlug(tx, kind, row, rev.slug);
    await save({ title: rev.title, slug: rev.slug, summary: rev.summary, body: rev.body, data });
    await log("content.restore", { ...diff.before }, { ...diff.after, revision: rev.version });
    return `Version ${rev.version} restored. ${savedMessage(row.status)}`;
  }, now);
}

/**
 * The job: publishes the entry if it is still scheduled for `at` (a schedule changed or cancelled since
 * leaves it alone: that job is another's). Idempotent: a second run finds it published.
 */
export async function publishDueEntry(id: number, at: string, now = new Date()): Promise<boolean> {
  const published = await getDb().transaction(async (tx): Promise<string[] | undefined> => {
    const [row] = await tx.select().from(contentEntries).where(eq(contentEntries.id, id)).for("update");
    if (!row || row.status !== "scheduled" || row.publishAt?.toISOString() !== at) return undefined;
    await tx
      .update(contentEntries)
      .set({ status: "published", publishAt: null, version: row.version + 1, updatedAt: now, ...(row.publishedOn ? {} : { publishedOn: todayInIndia(now) }) })
      .where(eq(contentEntries.id, id));
    const actor = { userId: null, label: "Scheduled publishing", ipAddress: null };
    await keepRevision(tx, row, "publish", actor.label, now);
    await audit(tx, actor, { action: "content.publish", entityType: row.kind, entityId: id, entityLabel: row.title, before: { status: "scheduled" }, after: { status: "published" } }, now);
    return changedContentKeys(row.kind, row.data);
  });
  if (published) clearContentCache(published);
  return published !== undefined;
}

registerJob(CONTENT_PUBLISH_JOB, async (payload) => {
  if (typeof payload.id === "number" && typeof payload.at === "string") await publishDueEntry(payload.id, payload.at);
});
