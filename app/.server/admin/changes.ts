import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { audit, changedFields } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";

export { changedMeanwhile } from "~/lib/forms/stale.ts";

/**
 * The office's versioned change (ADR 031): load the record, check it is the version the staff member saw,
 * run the domain's step, save it with the version moved on, write its audit entry, and answer with a
 * message or a refusal. One transaction; a refusal rolls it back, so nothing is written.
 *
 * Every record screen (products, customers, requests, contracts, quotes, ratings, video calls, tickets) makes
 * its changes through `changeRecord`; its changes file keeps only its steps and a `RecordKind` that says how
 * its row is loaded, labelled in the log and named in the "changed meanwhile" sentence.
 */

/** A change refused: said beside `field` ("form": above the form), nothing written. `extra` goes with it. */
export class Refusal<Extra extends object = object> extends Error {
  readonly field: string;
  readonly extra: Extra | undefined;
  constructor(field: string, message: string, extra?: Extra) {
    super(message);
    this.name = "Refusal";
    this.field = field;
    this.extra = extra;
  }
}

export type Refused<Extra extends object = object> = { ok: false; reason: "refused"; field: string; message: string } & Partial<Extra>;

/** What a change answers: done with its message (and `Done`), no such record, or refused. */
export type ChangeResult<Done extends object = object, Extra extends object = object> =
  | ({ ok: true; message: string } & Done)
  | { ok: false; reason: "not-found" }
  | Refused<Extra>;

/** The answer for a refusal thrown inside a change, or undefined for any other error (which is rethrown). */
export function refusedBy<Extra extends object = object>(error: unknown): Refused<Extra> | undefined {
  if (!(error instanceof Refusal)) return undefined;
  return { ok: false, reason: "refused", field: error.field, message: error.message, ...(error.extra as Partial<Extra> | undefined) } as Refused<Extra>;
}

/** A table whose rows are changed on the version seen: an integer `id` and an integer `version` column. */
type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn };

type VersionedRow = { id: number; version: number };

/** How one kind of record is found, named and logged. */
export interface RecordKind<Row extends VersionedRow, Key, Loaded extends { row: Row } = { row: Row }> {
  table: VersionedTable;
  /** audit_log.entity_type. */
  entityType: string;
  /** The "changed meanwhile" sentence (changedMeanwhile(noun)). */
  stale: string;
  /** The column the key is matched on, for a kind whose row comes alone (no `load`). */
  key?: AnyPgColumn;
  /** Lock the row `for update`: two changes of one record then queue rather than interleave. */
  lock?: boolean;
  /** The row and what the steps need with it (a join), for a kind that needs more than its row. */
  load?: (tx: Transaction, key: Key) => Promise<Loaded | undefined>;
  /** audit_log.entity_label, from the row as the change left it. */
  label: (loaded: Loaded) => string;
  /** The table has updated_at: every save stamps it. */
  stampsUpdatedAt: boolean;
  /** Errors other than a Refusal that are refusals (a unique index, a domain error), as field and message. */
  refuse?: (error: unknown) => { field: string; message: string } | undefined;
}

export interface ChangeStep<Row extends VersionedRow, Loaded extends { row: Row }> {
  tx: Transaction;
  /** The row as loaded (before this change). */
  row: Row;
  loaded: Loaded;
  staff: StaffMember;
  now: Date;
  /** Updates the row and moves its version on; refuses the change when another moved it first. */
  save: (values?: Partial<Row>) => Promise<Row>;
  /** The change's audit entry on this record. */
  audit: (action: string, before: unknown, after: unknown) => Promise<void>;
  /** The audit entry with only the fields that differ between `before` and `after`. */
  auditChanges: (action: string, before: Record<string, unknown>, after: Record<string, unknown>) => Promise<void>;
}

/** The record: through the kind's own `load`, else its row by the key column (locked when the kind says so). */
async function load<Row extends VersionedRow, Key, Loaded extends { row: Row }>(tx: Transaction, kind: RecordKind<Row, Key, Loaded>, key: Key): Promise<Loaded | undefined> {
  if (kind.load) return kind.load(tx, key);
  if (!kind.key) throw new Error(`the ${kind.entityType} kind names neither its key column nor its load`);
  const query = tx.select().from(kind.table).where(eq(kind.key, key));
  const [row] = (await (kind.lock ? query.for("update") : query)) as Row[];
  return row ? ({ row } as Loaded) : undefined;
}

/** The fields `after` would change in `before`, as before and after; a change of nothing is refused. */
export function changesOrRefuse<T extends Record<string, unknown>>(before: T, after: Partial<T>, nothing = "Nothing was changed."): { before: Partial<T>; after: Partial<T> } {
  const diff = changedFields(before, after);
  if (Object.keys(diff.after).length === 0) throw new Refusal("form", nothing);
  return diff;
}

type StepDone<Done extends object> = string | ({ message: string } & Done);

/**
 * Runs `step` on the record `key` as seen at `version` (null: a change that does not depend on what was shown,
 * such as ending a live call). Not found: { reason: "not-found" }. A stale version, or a Refusal thrown by the
 * step: { reason: "refused" } with nothing written.
 */
export async function changeRecord<Row extends VersionedRow, Key, Loaded extends { row: Row }, Done extends object = object, Extra extends object = object>(
  kind: RecordKind<Row, Key, Loaded>,
  key: Key,
  version: number | null,
  staff: StaffMember,
  now: Date,
  step: (s: ChangeStep<Row, Loaded>) => Promise<StepDone<Done>>,
): Promise<ChangeResult<Done, Extra>> {
  try {
    return await getDb().transaction((tx) => changeRecordIn<Row, Key, Loaded, Done, Extra>(tx, kind, key, version, staff, now, step));
  } catch (error) {
    const refused = refusedBy<Extra>(error);
    if (refused) return refused;
    const mapped = kind.refuse?.(error);
    if (mapped) return { ok: false, reason: "refused", ...mapped } as Refused<Extra>;
    throw error;
  }
}

/**
 * The same change inside a transaction the caller owns (a data import's, ADR 048): a stale version or a
 * Refusal is thrown, not answered, so the caller's whole transaction rolls back; anything to do once it has
 * committed goes through afterCommit.
 */
export async function changeRecordIn<Row extends VersionedRow, Key, Loaded extends { row: Row }, Done extends object = object, Extra extends object = object>(
  tx: Transaction,
  kind: RecordKind<Row, Key, Loaded>,
  key: Key,
  version: number | null,
  staff: StaffMember,
  now: Date,
  step: (s: ChangeStep<Row, Loaded>) => Promise<StepDone<Done>>,
): Promise<ChangeResult<Done, Extra>> {
  const loaded = await load(tx, kind, key);
  if (!loaded) return { ok: false, reason: "not-found" };
  const { row } = loaded;
  if (version !== null && row.version !== version) throw new Refusal("form", kind.stale);
  // The row as this change leaves it: the log's label names the record as it now is.
  let current = row;
  const save = async (values: Partial<Row> = {}): Promise<Row> => {
    const [updated] = (await tx
      .update(kind.table)
      .set({ ...values, version: row.version + 1, ...(kind.stampsUpdatedAt ? { updatedAt: now } : {}) } as never)
      .where(and(eq(kind.table.id, row.id), eq(kind.table.version, row.version)))
      .returning()) as Row[];
    if (!updated) throw new Refusal("form", kind.stale);
    current = { ...current, ...values };
    return updated;
  };
  const log = (action: string, before: unknown, after: unknown) =>
    audit(tx, auditActor(staff), { action, entityType: kind.entityType, entityId: row.id, entityLabel: kind.label({ ...loaded, row: current }), before, after }, now);
  const auditChanges = (action: string, before: Record<string, unknown>, after: Record<string, unknown>) => {
    const diff = changedFields(before, after);
    return log(action, diff.before, diff.after);
  };
  const done = await step({ tx, row, loaded, staff, now, save, audit: log, auditChanges });
  return typeof done === "string" ? ({ ok: true, message: done } as ChangeResult<Done, Extra>) : ({ ok: true, ...done } as ChangeResult<Done, Extra>);
}
