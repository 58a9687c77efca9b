import { and, eq } from "drizzle-orm";
import { changeRecord, changeRecordIn, type ChangeResult, type ChangeStep, type RecordKind } from "~/.server/admin/changes.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { afterCommit, type Transaction } from "~/.server/db/index.ts";
import { contentEntries } from "~/.server/db/schema.ts";
import { changedContentKeys, clearContentCache } from "./index.ts";
import { keepRevision } from "./revisions.ts";
import { kindSchemas, type ContentKind, type KindData } from "./schemas.ts";

/**
 * The back office's versioned changes of content entries (the service catalogue, the technical library, and
 * the content screens to come): the kernel (changeRecord, ADR 031) on a row of one kind, its `data` parsed by
 * the kind's schema; once a change commits, the content cache and the cached pages are dropped, so the site
 * shows it at the next request.
 */

export type ContentEntryRow = typeof contentEntries.$inferSelect;
export type LoadedEntry<K extends ContentKind> = { row: ContentEntryRow; data: KindData<K> };

export function contentEntryKind<K extends ContentKind>(
  kind: K,
  options: {
    stale: string;
    /** The fields to start from when a (seeded) entry's data no longer parses: still the office's to fix. */
    empty: (row: ContentEntryRow) => KindData<K>;
    refuse?: RecordKind<ContentEntryRow, number, LoadedEntry<K>>["refuse"];
  },
): RecordKind<ContentEntryRow, number, LoadedEntry<K>> {
  return {
    table: contentEntries,
    entityType: kind,
    stale: options.stale,
    stampsUpdatedAt: true,
    load: async (tx, id) => {
      const [row] = await tx
        .select()
        .from(contentEntries)
        .where(and(eq(contentEntries.id, id), eq(contentEntries.kind, kind)));
      if (!row) return undefined;
      const parsed = kindSchemas[kind].safeParse(row.data);
      return { row, data: parsed.success ? (parsed.data as KindData<K>) : options.empty(row) };
    },
    label: ({ row }) => row.title,
    refuse: options.refuse,
  };
}

/**
 * A change of one entry on the version the staff member saw; the entry as it leaves it is kept as a revision
 * (named by the change's audit action, ./revisions.ts), and the site's cached copies are dropped once it commits.
 */
export async function changeContentEntry<K extends ContentKind, Extra extends object = object>(
  kind: RecordKind<ContentEntryRow, number, LoadedEntry<K>>,
  id: number,
  version: number,
  staff: StaffMember,
  step: (s: ChangeStep<ContentEntryRow, LoadedEntry<K>>) => Promise<string>,
  now: Date,
): Promise<ChangeResult<object, Extra>> {
  const changed = new Set<string>([kind.entityType]);
  const result = await changeRecord<ContentEntryRow, number, LoadedEntry<K>, object, Extra>(kind, id, version, staff, now, keepingRevision(step, staff, now, changed));
  // Only the cached copies that read this kind (or an article's related services) go (ADR 058).
  if (result.ok) clearContentCache([...changed]);
  return result;
}

/**
 * The same change inside a transaction the caller owns (a data import's): a refusal is thrown and rolls the
 * caller's transaction back; the cached pages are dropped once that transaction commits, never after a rollback.
 */
export async function changeContentEntryIn<K extends ContentKind>(
  tx: Transaction,
  kind: RecordKind<ContentEntryRow, number, LoadedEntry<K>>,
  id: number,
  version: number,
  staff: StaffMember,
  step: (s: ChangeStep<ContentEntryRow, LoadedEntry<K>>) => Promise<string>,
  now: Date,
): Promise<ChangeResult> {
  const changed = new Set<string>([kind.entityType]);
  const result = await changeRecordIn<ContentEntryRow, number, LoadedEntry<K>>(tx, kind, id, version, staff, now, keepingRevision(step, staff, now, changed));
  if (result.ok) afterCommit(() => clearContentCache([...changed]));
  return result;
}

/** The step, then the entry as it leaves it kept as a revision named by the step's audit action (./revisions.ts). */
function keepingRevision<K extends ContentKind>(
  step: (s: ChangeStep<ContentEntryRow, LoadedEntry<K>>) => Promise<string>,
  staff: StaffMember,
  now: Date,
  changed: Set<string>,
): (s: ChangeStep<ContentEntryRow, LoadedEntry<K>>) => Promise<string> {
  return async (s) => {
    let cause = "edit";
    const done = await step({
      ...s,
      audit: (action, before, after) => {
        cause = action.slice(action.indexOf(".") + 1);
        return s.audit(action, before, after);
      },
      auditChanges: (action, before, after) => {
        cause = action.slice(action.indexOf(".") + 1);
        return s.auditChanges(action, before, after);
      },
    });
    await keepRevision(s.tx, s.row, cause, auditActor(staff).label, now);
    // What the change makes stale besides the kind: read as the entry leaves it, and as it was.
    const [after] = await s.tx.select({ data: contentEntries.data }).from(contentEntries).where(eq(contentEntries.id, s.row.id));
    for (const key of changedContentKeys(s.row.kind, s.row.data, after?.data)) changed.add(key);
    return done;
  };
}
