import type { AnyPgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { StaffMember } from "~/.server/auth/staff.ts";
import type { Database, Transaction } from "~/.server/db/index.ts";

/**
 * What the importer needs to know about one kind of record (customers, their sites and units, products, fault
 * codes, services, vendors): its columns, the Zod schema one row must pass, its natural
 * key, and its upsert. A kind is one module and one line in IMPORT_KINDS (batches.ts), the only list of kinds. Everything else (reading the file, mapping columns, the formula and encoding checks, the error
 * report, the dry run, the one transaction, the batch and its undo) is the same for every kind and lives in
 * batches.ts and check.ts.
 */

export interface ImportColumn {
  /** The row schema's field. */
  field: string;
  /** The column's name as the page shows it, and the header a file is expected to use. */
  label: string;
  required?: boolean;
  /** Other headers that mean this column (compared without case, spaces or punctuation). */
  aliases?: readonly string[];
}

/** A record the commit made or changed, recorded on the batch so that undo can remove or restore it. */
export interface Effect {
  entity: string;
  entityId: number;
  effect: "created" | "updated";
  /** The fields the import set, as they were before (updated records). */
  before: Record<string, unknown> | null;
  versionAfter: number | null;
}

/** One checked row: its line in the file (the header is line 1) and its parsed values. */
export interface CheckedRow<R> {
  line: number;
  row: R;
}

/** A problem with a row that the schema cannot see alone (a repeat of another row's key). */
export interface RowProblem {
  line: number;
  field: string;
  message: string;
}

/**
 * The usual cross-check: one row per key. A row whose key an earlier row had is refused, on `field`, with the
 * message `repeat` writes from the earlier row's line (and the key).
 */
export function oneRowPerKey<R>(
  keyOf: (row: R) => string,
  field: (row: R) => string,
  repeat: (firstLine: number, row: R, key: string) => string,
): (rows: CheckedRow<R>[]) => RowProblem[] {
  return (rows) => {
    const seen = new Map<string, number>();
    const problems: RowProblem[] = [];
    for (const r of rows) {
      const key = keyOf(r.row);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, r.line);
      else problems.push({ line: r.line, field: field(r.row), message: repeat(first, r.row, key) });
    }
    return problems;
  };
}

export interface UpsertOutcome {
  effects: Effect[];
  /** Per record type: how many were created, updated and left unchanged ("customer.created": 12, ...). */
  counts: Record<string, number>;
}

/** A table a kind writes to: what undo needs to remove a created record or put back an updated one. */
export interface ImportEntity {
  entity: string;
  table: AnyPgTable;
  /** What a person calls one ("customer"), and the column (its name in the database) that names it in a message. */
  noun: string;
  labelColumn: string;
  /** Has an integer `version` column, bumped by every change. */
  versioned: boolean;
}

export interface ImportKind<R = unknown> {
  name: string;
  /** "Customers, with their sites and units". */
  label: string;
  columns: readonly ImportColumn[];
  /** One row's cells (by field, blank cells absent) to its values, with a message per column. */
  row: z.ZodType<R>;
  /** Checks across rows (a key repeated with different values): the rows that break them are refused. */
  crossCheck(rows: CheckedRow<R>[]): RowProblem[];
  /** What its counts are of, as the page's rows name them: "customer" -> "Customers". */
  records: Readonly<Record<string, string>>;
  /** The tables it writes, children before parents (undo removes them in this order). */
  entities: readonly ImportEntity[];
  /**
   * Checks of the rows that pass that need the stored records (the customer a row names exists; a new
   * service has what a new one needs): run by the preview, the dry run and the commit, listed as row errors.
   */
  checkStored?(db: Database | Transaction, rows: CheckedRow<R>[]): Promise<RowProblem[]>;
  /**
   * Creates and updates by natural key, with set-based statements (no statement per row); a kind whose records
   * are changed through the change kernel (content entries) makes one change per record, with its audit entry.
   */
  upsert(tx: Transaction, rows: CheckedRow<R>[], now: Date, staff: StaffMember): Promise<UpsertOutcome>;
  /** Once an undo of this kind has committed (the cached public pages dropped). */
  afterUndo?(): void;
}

/** Counts for a record type and effect: `${entity}.${effect}`. */
export function tally(counts: Record<string, number>, entity: string, effect: "created" | "updated" | "unchanged", by = 1): void {
  const key = `${entity}.${effect}`;
  counts[key] = (counts[key] ?? 0) + by;
}

/** Splits a list into chunks, so that one statement never carries more than a few thousand rows. */
export function chunks<T>(items: readonly T[], size = 5_000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A value as compared with what is stored: blank and null are the same. */
export function same(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

/** Another change reached the same records while the import ran, or the data cannot be matched: nothing is committed. */
export class ImportConflictError extends Error {}
