import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { refreshThreads } from "~/.server/communications/thread-summary.ts";
import { clearContentCache } from "~/.server/content/index.ts";
import { bumpContentVersion } from "~/.server/content/version.ts";
import { afterCommit, getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { trash } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { deleteStored } from "~/.server/uploads/storage.ts";
import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { deleteRow, readGraph, restoreGraph, type Snapshot } from "./graph.ts";
import { trashKind, TRASH_KINDS, type TrashKind } from "./kinds.ts";

/**
 * The trash (issue 19 §8, ADR 046). A deleted request, customer, product or content entry waits here for
 * TRASH_DAYS days: the owner can restore it (/admin/data-restoration/trash) or delete it forever, and the
 * daily purge job deletes it once its days are up. Invoices and their GST data are never purged: a request
 * with an invoice cannot be deleted, and a customer is purged by the existing erasure (DPDP Act), which keeps
 * the tax copy. Each change is one transaction with its audit entry on the record's own entity.
 */

export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60_000;
export const TRASH_PURGE_JOB = "trash-purge";
const PURGE_ACTOR: AuditActor = { userId: null, label: "Trash (after 30 days)", ipAddress: null };

export type TrashResult = { ok: true; message: string } | { ok: false; message: string };

type Row = Record<string, unknown>;
type Entry = typeof trash.$inferSelect;

function pagesChanged(kind: TrashKind): void {
  if (!kind.publicPages) return;
  clearContentCache();
  bumpContentVersion();
}

/** The row as the trash keeps it: the snapshot's first row (moved) or the row itself (marked). */
function recordOf(kind: TrashKind, entry: Entry): Row {
  const snapshot = entry.snapshot as Snapshot & { row?: Row };
  if (kind.mode === "move") return snapshot.tables?.[0]?.rows[0] ?? {};
  return snapshot.row ?? {};
}

/**
 * Moves a record to the trash, on the version the staff member saw. Undefined version: no check (a test's
 * or a script's delete).
 */
export async function moveToTrash(staff: StaffMember, key: string, id: number, version: number | undefined, now = new Date()): Promise<TrashResult> {
  const kind = trashKind(key);
  if (!kind) throw new Error(`No trash kind ${key}`);
  const actor = auditActor(staff);
  const result = await getDb().transaction(async (tx): Promise<TrashResult> => {
    let row: Row;
    let snapshot: Row;
    if (kind.mode === "move") {
      const graph = await readGraph(tx, kind.table, id);
      const root = graph.snapshot.tables[0]?.rows[0];
      if (!root) return { ok: false, message: `This ${kind.noun} is no longer here: it may be in the trash already.` };
      if (version !== undefined && root.version !== version) return { ok: false, message: changedMeanwhile(kind.noun) };
      const refused = kind.refuse?.(root, graph.holders, graph.snapshot);
      if (refused) return { ok: false, message: refused };
      // A record another keeps pointing at (a reference that stops the delete) is refused, never a failed delete.
      const held = Object.keys(graph.holders);
      if (held.length > 0) return { ok: false, message: `Other records still name this ${kind.noun} (${held.map((t) => t.replaceAll("_", " ")).join(", ")}): it cannot go to the trash.` };
      row = root;
      snapshot = graph.snapshot as unknown as Row;
      await deleteRow(tx, kind.table, id);
    } else {
      const loaded = await kind.load(tx, id);
      if (!loaded) return { ok: false, message: `This ${kind.noun} is no longer here: it may be in the trash already.` };
      if (version !== undefined && loaded.version !== version) return { ok: false, message: changedMeanwhile(kind.noun) };
      const refused = kind.refuse?.(loaded);
      if (refused) return { ok: false, message: refused };
      row = loaded;
      const kept = await kind.hide(tx, loaded, now);
      snapshot = { row: kind.summary(loaded), kept };
    }
    if (kind.threads) await refreshThreads(tx, kind.threads(row));
    const { label, detail, audit: auditLabel } = kind.describe(row);
    await tx
      .insert(trash)
      .values({ kind: kind.key, recordId: id, label, detail, snapshot, naturalKey: kind.naturalKey?.(row) ?? null, deletedAt: now, deletedBy: staff.userId, deletedByName: actor.label });
    await audit(tx, actor, { action: "trash.delete", entityType: kind.entityType(row), entityId: id, entityLabel: auditLabel ?? label, before: null, after: { trash: true } }, now);
    return { ok: true, message: `Moved to the trash: ${label}. The owner can restore it from Data restoration → Trash for ${TRASH_DAYS} days.` };
  });
  if (result.ok) pagesChanged(kind);
  return result;
}

export interface TrashItem {
  id: number;
  kind: string;
  group: string;
  label: string;
  detail: string | null;
  deletedAt: string;
  deletedBy: string;
  daysLeft: number;
  version: number;
}

export function daysLeft(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((deletedAt.getTime() + TRASH_DAYS * DAY_MS - now.getTime()) / DAY_MS));
}

/** Everything in the trash, by kind (the registry's order), newest first within each. */
export async function listTrash(now = new Date()): Promise<{ group: string; kind: string; items: TrashItem[] }[]> {
  const rows = await getDb()
    .select({ id: trash.id, kind: trash.kind, label: trash.label, detail: trash.detail, deletedAt: trash.deletedAt, deletedBy: trash.deletedByName, version: trash.version })
    .from(trash)
    .where(isNull(trash.purgedAt))
    .orderBy(sql`${trash.deletedAt} desc`, sql`${trash.id} desc`);
  return TRASH_KINDS.map((kind) => ({
    group: kind.group,
    kind: kind.key,
    items: rows
      .filter((r) => r.kind === kind.key)
      .map((r) => ({ ...r, group: kind.group, deletedAt: r.deletedAt.toISOString(), daysLeft: daysLeft(r.deletedAt, now) })),
  }));
}

async function loadEntry(tx: Transaction, id: number, version: number): Promise<{ entry: Entry; kind: TrashKind } | { message: string }> {
  const [entry] = await tx.select().from(trash).where(eq(trash.id, id)).for("update");
  if (!entry || entry.purgedAt) return { message: "That is no longer in the trash: it was restored or deleted meanwhile." };
  if (entry.version !== version) return { message: changedMeanwhile("trash entry") };
  const kind = trashKind(entry.kind);
  if (!kind) return { message: "This kind of record can no longer be restored here." };
  return { entry, kind };
}

class MissingReference extends Error {
  readonly table: string;
  constructor(table: string) {
    super(`missing ${table}`);
    this.table = table;
  }
}

/** Puts a record back where it was, unless its slug or number is taken meanwhile. */
export async function restoreFromTrash(staff: StaffMember, id: number, version: number, now = new Date()): Promise<TrashResult & { href?: string }> {
  const actor = auditActor(staff);
  let restoredKind: TrashKind | undefined;
  try {
    const result = await getDb().transaction(async (tx): Promise<TrashResult & { href?: string }> => {
      const loaded = await loadEntry(tx, id, version);
      if ("message" in loaded) return { ok: false, message: loaded.message };
      const { entry, kind } = loaded;
      const row = recordOf(kind, entry);
      if (kind.mode === "move") {
        const conflict = await kind.conflict?.(tx, row);
        if (conflict) return { ok: false, message: conflict };
        const put = await restoreGraph(tx, entry.snapshot as Snapshot);
        if (!put.ok) throw new MissingReference(put.missing);
      } else {
        const refused = await kind.unhide(tx, entry.recordId, ((entry.snapshot as Row).kept ?? {}) as Row, now);
        if (refused) return { ok: false, message: refused };
      }
      if (kind.threads) await refreshThreads(tx, kind.threads({ ...row, ...(((entry.snapshot as Row).kept ?? {}) as Row) }));
      await tx.delete(trash).where(eq(trash.id, entry.id));
      await audit(tx, actor, { action: "trash.restore", entityType: kind.entityType(row), entityId: entry.recordId, entityLabel: kind.describe(row).audit ?? entry.label, before: { trash: true }, after: null }, now);
      restoredKind = kind;
      return { ok: true, message: `Restored: ${entry.label} is back where it was.`, href: kind.href(row) };
    });
    if (restoredKind) pagesChanged(restoredKind);
    return result;
  } catch (error) {
    // Taken meanwhile by a record the kind's own check does not know (another unique rule).
    if (isUniqueViolation(error)) return { ok: false, message: "A record added since it was deleted has the same name or number: change or delete that one first." };
    if (error instanceof MissingReference) return { ok: false, message: `What it belonged to (${error.table.replaceAll("_", " ")}) was deleted for good meanwhile, so it cannot come back.` };
    throw error;
  }
}

/** The end of an entry: its snapshot dropped (and its files), or a marked record erased. */
async function purgeEntry(tx: Transaction, entry: Entry, kind: TrashKind, actor: AuditActor, action: string, now: Date): Promise<string[]> {
  const row = recordOf(kind, entry);
  let files: string[] = [];
  if (kind.mode === "move") files = kind.files?.(entry.snapshot as Snapshot) ?? [];
  else await kind.purge(tx, entry.recordId, ((entry.snapshot as Row).kept ?? {}) as Row, actor, now);
  // A kind that keeps a tombstone keeps its label and natural key (the seed reads them); the rest goes.
  if (kind.tombstone) await tx.update(trash).set({ snapshot: {}, purgedAt: now, version: entry.version + 1 }).where(eq(trash.id, entry.id));
  else await tx.delete(trash).where(eq(trash.id, entry.id));
  await audit(tx, actor, { action, entityType: kind.entityType(row), entityId: entry.recordId, entityLabel: kind.describe(row).audit ?? entry.label, before: { trash: true }, after: null }, now);
  return files;
}

function deleteFiles(files: string[]): void {
  if (files.length) afterCommit(() => void Promise.all(files.map((f) => deleteStored(f).catch(() => undefined))));
}

/** "Delete forever": the owner's, before the 30 days are up. */
export async function deleteForever(staff: StaffMember, id: number, version: number, now = new Date()): Promise<TrashResult> {
  const actor = auditActor(staff);
  return getDb().transaction(async (tx): Promise<TrashResult> => {
    const loaded = await loadEntry(tx, id, version);
    if ("message" in loaded) return { ok: false, message: loaded.message };
    deleteFiles(await purgeEntry(tx, loaded.entry, loaded.kind, actor, "trash.delete-forever", now));
    return { ok: true, message: `Deleted forever: ${loaded.entry.label}.` };
  });
}

/** The daily job's work: every entry older than TRASH_DAYS days, each in its own transaction. */
export async function purgeExpiredTrash(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS);
  const due = await getDb()
    .select({ id: trash.id })
    .from(trash)
    .where(and(lte(trash.deletedAt, cutoff), isNull(trash.purgedAt))).orderBy(asc(trash.deletedAt), asc(trash.id));
  let purged = 0;
  for (const { id } of due) {
    const done = await getDb().transaction(async (tx) => {
      const [entry] = await tx.select().from(trash).where(and(eq(trash.id, id), lte(trash.deletedAt, cutoff), isNull(trash.purgedAt))).for("update");
      const kind = entry && trashKind(entry.kind);
      if (!entry || !kind) return false;
      deleteFiles(await purgeEntry(tx, entry, kind, PURGE_ACTOR, "trash.purge", now));
      return true;
    });
    if (done) purged += 1;
  }
  return purged;
}

/** The next 04:00 India time strictly after `now` (after the backup at 02:30 and the upkeep at 03:00). */
export function nextTrashPurgeAt(now: Date): Date {
  const istMidnight = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  const today = istMidnight + 4 * 3_600_000;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** Books the day's purge, once across instances (the dedupe key names the date). Start-up and the job call it. */
export async function scheduleTrashPurge(now = new Date()): Promise<Date> {
  const runAt = nextTrashPurgeAt(now);
  const day = new Date(runAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  await scheduleJobs(getDb(), [{ name: TRASH_PURGE_JOB, payload: { at: runAt.toISOString() }, runAt, dedupeKey: `job:${TRASH_PURGE_JOB}:${day}` }]);
  return runAt;
}

/** The job: the next day booked first (a failed purge must not end the series), then the purge. */
export async function runTrashPurge(bookedFor: Date, now = new Date()): Promise<number> {
  await scheduleTrashPurge(new Date(Math.max(now.getTime(), bookedFor.getTime())));
  return purgeExpiredTrash(now);
}

registerJob(TRASH_PURGE_JOB, async (payload) => {
  await runTrashPurge(typeof payload.at === "string" ? new Date(payload.at) : new Date());
});
