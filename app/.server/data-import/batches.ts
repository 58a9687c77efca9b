import { desc, eq, getTableName, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { afterCommit, bulkInsert, bulkUpdate, getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { importBatches, importBatchRows, importMappings } from "~/.server/db/schema.ts";
import { autoMapping, checkRows, headerKey, withProblems, type CheckReport } from "./check.ts";
import { customersKind } from "./customers.ts";
import { chunks, ImportConflictError, type ImportKind } from "./kind.ts";
import { faultCodesKind } from "./fault-codes.ts";
import { productsKind } from "./products.ts";
import { readTable } from "./read.ts";
import { servicesKind } from "./services.ts";
import { sitesKind } from "./sites.ts";
import { vendorsKind } from "./vendors.ts";

/**
 * An import as the office goes through it, one post per step so that it works without JavaScript: upload
 * (the file read and kept as a batch), map the columns (remembered per kind), preview (the rows checked, the
 * errors listed per column), dry run (the commit itself, rolled back: its counts are exactly what the commit
 * would do), commit (one transaction, refused while any row has an error), undo. Each step writes its audit
 * entry on the batch; the records a commit makes or changes are listed on the batch (import_batch_rows),
 * not one audit entry each.
 */

/** Every kind a file can hold, in the order the upload form offers them: the one place a kind is added. */
export const IMPORT_KINDS: Record<string, ImportKind> = {
  customers: customersKind as ImportKind,
  "sites-and-units": sitesKind as ImportKind,
  products: productsKind as ImportKind,
  "fault-codes": faultCodesKind as ImportKind,
  services: servicesKind as ImportKind,
  vendors: vendorsKind as ImportKind,
};

/** The kinds as the upload form's choices. */
export const importKindOptions = () => Object.values(IMPORT_KINDS).map((k) => ({ value: k.name, label: k.label }));

export function kindOf(name: string): ImportKind | undefined {
  return Object.hasOwn(IMPORT_KINDS, name) ? IMPORT_KINDS[name] : undefined;
}

export type ImportResult = { ok: true; id: number; message: string } | { ok: false; message: string };

/** "1 row", "2,500 rows". */
export function rowsText(n: number): string {
  return `${n.toLocaleString("en-IN")} ${n === 1 ? "row" : "rows"}`;
}

const entityOf = (batch: { id: number; fileName: string }) => ({ entityType: "import", entityId: batch.id, entityLabel: batch.fileName });

/** Reads the file and keeps it as a batch, with the columns matched by their headers. */
export async function uploadImport(staff: StaffMember, kindName: string, fileName: string, bytes: Uint8Array, now = new Date()): Promise<ImportResult> {
  const kind = kindOf(kindName);
  if (!kind) return { ok: false, message: "Choose what the file holds." };
  const table = await readTable(fileName, bytes);
  if (!table.ok) return table;
  const db = getDb();
  const [remembered] = await db.select().from(importMappings).where(eq(importMappings.kind, kind.name));
  const mapping = autoMapping(kind, table.headers, remembered?.mapping);
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(importBatches)
      .values({ kind: kind.name, fileName: fileName.slice(0, 200), headers: table.headers, rows: table.rows, rowCount: table.rows.length, mapping, createdBy: staff.userId, createdAt: now })
      .returning({ id: importBatches.id, fileName: importBatches.fileName });
    await audit(tx, auditActor(staff), { action: "import.upload", ...entityOf(batch!), before: null, after: { kind: kind.name, rows: table.rows.length, columns: table.headers.length } }, now);
    return { ok: true as const, id: batch!.id, message: `${fileName} read: ${rowsText(table.rows.length)}.` };
  });
}

type Batch = typeof importBatches.$inferSelect;

/** The batch's rows checked with its mapping, then against the stored records where the kind needs them. */
async function checkBatch(db: Database | Transaction, kind: ImportKind, batch: Pick<Batch, "headers" | "rows" | "mapping">): Promise<CheckReport<unknown>> {
  const report = checkRows(kind, { headers: batch.headers, rows: batch.rows }, batch.mapping);
  if (!kind.checkStored || report.missing.length || report.valid.length === 0) return report;
  return withProblems(kind, report, await kind.checkStored(db, report.valid));
}

async function loadBatch(id: number): Promise<Batch | undefined> {
  const [batch] = await getDb().select().from(importBatches).where(eq(importBatches.id, id));
  return batch;
}

export interface BatchView {
  id: number;
  kind: string;
  kindLabel: string;
  /** What the counts are of: "customer" -> "Customers". */
  records: Record<string, string>;
  fileName: string;
  status: Batch["status"];
  rowCount: number;
  createdAt: string;
  headers: string[];
  columns: Array<{ field: string; label: string; required: boolean; column: number | null }>;
  /** The first rows as the mapping reads them (field -> text). */
  preview: Array<{ line: number; cells: Record<string, string> }>;
  report: Omit<CheckReport<unknown>, "valid"> & { validRows: number } | null;
  dryRun: Record<string, number> | null;
  result: Record<string, number> | null;
}

const PREVIEW_ROWS = 10;

/** The batch's page: its mapping, the preview, the errors (checked now, against the mapping as it is). */
export async function viewImport(id: number): Promise<BatchView | undefined> {
  const batch = await loadBatch(id);
  if (!batch) return undefined;
  const kind = kindOf(batch.kind)!;
  const uploaded = batch.status === "uploaded";
  const report = uploaded ? await checkBatch(getDb(), kind, batch) : null;
  return {
    id: batch.id,
    kind: batch.kind,
    kindLabel: kind.label,
    records: { ...kind.records },
    fileName: batch.fileName,
    status: batch.status,
    rowCount: batch.rowCount,
    createdAt: batch.createdAt.toISOString(),
    headers: batch.headers,
    columns: kind.columns.map((c) => ({ field: c.field, label: c.label, required: Boolean(c.required), column: batch.mapping[c.field] ?? null })),
    preview: uploaded
      ? batch.rows.slice(0, PREVIEW_ROWS).map((cells, i) => ({ line: i + 2, cells: Object.fromEntries(Object.entries(batch.mapping).map(([field, column]) => [field, cells[column] ?? ""])) }))
      : [],
    report: report && { missing: report.missing, refusedRows: report.refusedRows, errorCount: report.errorCount, columns: report.columns, validRows: report.valid.length },
    dryRun: batch.dryRun ?? null,
    result: batch.result ?? null,
  };
}

export async function listImports(limit = 50) {
  const rows = await getDb()
    .select({ id: importBatches.id, kind: importBatches.kind, fileName: importBatches.fileName, status: importBatches.status, rowCount: importBatches.rowCount, createdAt: importBatches.createdAt })
    .from(importBatches)
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, kindLabel: kindOf(r.kind)?.label ?? r.kind, createdAt: r.createdAt.toISOString() }));
}

const NOT_OPEN = "This import has already been committed or undone: upload the file again to import it anew.";

/** The columns chosen by the person (field -> the file's column), remembered for the kind by header name. */
export async function mapImport(staff: StaffMember, id: number, chosen: Record<string, number | undefined>, now = new Date()): Promise<ImportResult> {
  return getDb().transaction(async (tx) => {
    const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, id)).for("update");
    if (!batch) return { ok: false as const, message: "This import could not be found." };
    if (batch.status !== "uploaded") return { ok: false as const, message: NOT_OPEN };
    const kind = kindOf(batch.kind)!;
    const mapping: Record<string, number> = {};
    const used = new Map<number, string>();
    for (const column of kind.columns) {
      const index = chosen[column.field];
      if (index === undefined) continue;
      if (index < 0 || index >= batch.headers.length) return { ok: false as const, message: "Choose columns of this file: reload the page." };
      const other = used.get(index);
      if (other) return { ok: false as const, message: `“${batch.headers[index]}” is chosen for both ${other} and ${column.label}: one column each.` };
      used.set(index, column.label);
      mapping[column.field] = index;
    }
    await tx.update(importBatches).set({ mapping, dryRun: null }).where(eq(importBatches.id, id));
    const remembered = Object.fromEntries(Object.entries(mapping).map(([field, index]) => [field, headerKey(batch.headers[index]!)]));
    await tx
      .insert(importMappings)
      .values({ kind: kind.name, mapping: remembered, updatedAt: now })
      .onConflictDoUpdate({ target: importMappings.kind, set: { mapping: remembered, updatedAt: now } });
    await audit(tx, auditActor(staff), { action: "import.map", ...entityOf(batch), before: { mapping: batch.mapping }, after: { mapping } }, now);
    return { ok: true as const, id, message: "Columns saved." };
  });
}

class RolledBack extends Error {
  readonly counts: Record<string, number>;
  constructor(counts: Record<string, number>) {
    super("dry run");
    this.counts = counts;
  }
}

function refusal(report: CheckReport<unknown>): string | null {
  if (report.missing.length) return `The file has no column for ${report.missing.join(", ")}: choose it below, or add it to the file. Nothing was imported.`;
  if (report.refusedRows) return `${rowsText(report.refusedRows)} ${report.refusedRows === 1 ? "has" : "have"} errors (listed below): correct them in the file and upload it again. Nothing was imported.`;
  return null;
}

/**
 * The commit, run and rolled back: how many records it would create, update and leave unchanged, and how
 * many rows are refused. Nothing is kept but the counts.
 */
export async function dryRunImport(staff: StaffMember, id: number, now = new Date()): Promise<ImportResult & { counts?: Record<string, number> }> {
  const batch = await loadBatch(id);
  if (!batch) return { ok: false, message: "This import could not be found." };
  if (batch.status !== "uploaded") return { ok: false, message: NOT_OPEN };
  const kind = kindOf(batch.kind)!;
  const report = await checkBatch(getDb(), kind, batch);
  if (report.missing.length) return { ok: false, message: refusal(report)! };
  let counts: Record<string, number>;
  try {
    await getDb().transaction(async (tx) => {
      const outcome = await kind.upsert(tx, report.valid, now, staff);
      throw new RolledBack(outcome.counts);
    });
    throw new Error("unreachable");
  } catch (error) {
    if (error instanceof ImportConflictError) return { ok: false, message: error.message };
    if (!(error instanceof RolledBack)) throw error;
    counts = { ...error.counts, refused: report.refusedRows };
  }
  await getDb().transaction(async (tx) => {
    await tx.update(importBatches).set({ dryRun: counts }).where(eq(importBatches.id, id));
    await audit(tx, auditActor(staff), { action: "import.dry-run", ...entityOf(batch), before: null, after: counts }, now);
  });
  return { ok: true, id, message: report.refusedRows ? "Dry run done: the rows with errors must be corrected before anything can be imported." : "Dry run done: nothing was changed. Import when the counts look right.", counts };
}

/** The import, in one transaction: every row or none. Refused while any row has an error. */
export async function commitImport(staff: StaffMember, id: number, now = new Date()): Promise<ImportResult> {
  try {
    return await getDb().transaction(async (tx) => {
      const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, id)).for("update");
      if (!batch) return { ok: false as const, message: "This import could not be found." };
      if (batch.status !== "uploaded") return { ok: false as const, message: NOT_OPEN };
      const kind = kindOf(batch.kind)!;
      const report = await checkBatch(tx, kind, batch);
      const refused = refusal(report);
      if (refused) return { ok: false as const, message: refused };
      const outcome = await kind.upsert(tx, report.valid, now, staff);
      for (const part of chunks(outcome.effects, 10_000)) await bulkInsert(tx, importBatchRows, part.map((e) => ({ batchId: id, ...e })));
      // The cells are dropped once committed: what the batch did is kept in its rows' effects.
      await tx.update(importBatches).set({ status: "committed", rows: [], result: outcome.counts, committedAt: now }).where(eq(importBatches.id, id));
      await audit(tx, auditActor(staff), { action: "import.commit", ...entityOf(batch), before: null, after: outcome.counts }, now);
      return { ok: true as const, id, message: `Imported ${rowsText(report.valid.length)}.` };
    });
  } catch (error) {
    if (error instanceof ImportConflictError) return { ok: false, message: `${error.message} Nothing was imported.` };
    throw error;
  }
}

const nounOfTable = (table: string) => table.replace(/_/g, " ").replace(/s$/, "");

/**
 * Undoes a committed import: removes the records it created and puts back the fields it changed. Refused,
 * with nothing undone, when a record was changed after the import (its version moved on) or a created one
 * has been used since (anything in the database refers to it: a request, a quote, a bench job, ...).
 */
export async function undoImport(staff: StaffMember, id: number, now = new Date()): Promise<ImportResult> {
  try {
    return await undoInTransaction(staff, id, now);
  } catch (error) {
    if (error instanceof UndoRefused) return { ok: false, message: error.message };
    throw error;
  }
}

class UndoRefused extends Error {}

function undoInTransaction(staff: StaffMember, id: number, now: Date): Promise<ImportResult> {
  return getDb().transaction(async (tx) => {
    const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, id)).for("update");
    if (!batch) return { ok: false as const, message: "This import could not be found." };
    if (batch.status !== "committed") return { ok: false as const, message: batch.status === "undone" ? "This import has already been undone." : "Only a committed import can be undone." };
    const kind = kindOf(batch.kind)!;
    const ownTables = new Set(kind.entities.map((e) => getTableName(e.table)));
    for (const entity of kind.entities) {
      const table = sql.identifier(getTableName(entity.table));
      const label = sql.identifier(entity.labelColumn);
      if (entity.versioned) {
        const changed = await rowsOf(tx, sql`
          select t.${label} as label from ${importBatchRows} r join ${table} t on t.id = r.entity_id
          where r.batch_id = ${id} and r.entity = ${entity.entity} and r.version_after is not null and t.version <> r.version_after limit 1`);
        if (changed[0]) return { ok: false as const, message: `The ${entity.noun} ${String(changed[0].label)} was changed after this import: undoing it would lose that change. Nothing was undone.` };
      }
      for (const ref of await referencesTo(tx, getTableName(entity.table))) {
        if (ownTables.has(ref.table)) continue;
        const used = await rowsOf(tx, sql`
          select t.${label} as label from ${importBatchRows} r join ${table} t on t.id = r.entity_id
          where r.batch_id = ${id} and r.entity = ${entity.entity} and r.effect = 'created'
            and exists (select 1 from ${sql.identifier(ref.table)} x where x.${sql.identifier(ref.column)} = r.entity_id) limit 1`);
        if (used[0]) {
          return { ok: false as const, message: `The ${entity.noun} ${String(used[0].label ?? "")} this import added has been used since (a ${nounOfTable(ref.table)} refers to it): undoing would remove it. Nothing was undone.` };
        }
      }
    }
    const effects = await tx.select().from(importBatchRows).where(eq(importBatchRows.batchId, id));
    for (const entity of kind.entities) {
      const table = sql.identifier(getTableName(entity.table));
      try {
        // A savepoint, so that a refusal below leaves the transaction usable for the answer.
        await tx.transaction((sp) => sp.execute(sql`delete from ${table} where id in (select entity_id from ${importBatchRows} where batch_id = ${id} and entity = ${entity.entity} and effect = 'created')`));
      } catch (error) {
        // A record the import's own records own (a unit of a created customer) that something else now refers
        // to with ON DELETE RESTRICT (a bench job): the checks above do not list those children one by one.
        // 23503 foreign_key_violation, 23001 restrict_violation (ON DELETE RESTRICT).
        const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
        if (code !== "23503" && code !== "23001") throw error;
        throw new UndoRefused(`A ${entity.noun} this import added has records of its own since (${String((error as { cause?: { table?: string } }).cause?.table ?? "another record").replace(/_/g, " ")}): undoing would remove them. Nothing was undone.`);
      }
      // Updated records get their fields back, grouped by which fields they had changed (one statement a group).
      const groups = new Map<string, Array<{ id: number } & Record<string, unknown>>>();
      for (const e of effects) {
        if (e.entity !== entity.entity || e.effect !== "updated") continue;
        const fields = Object.keys(e.before ?? {}).sort().join(",");
        const group = groups.get(fields) ?? [];
        group.push({ ...e.before, id: e.entityId });
        groups.set(fields, group);
      }
      for (const rows of groups.values()) {
        for (const part of chunks(rows)) await bulkUpdate(tx, entity.table, part, entity.versioned ? { computed: { version: sql`${table}.version + 1` } as never } : {});
      }
    }
    await tx.update(importBatches).set({ status: "undone", undoneAt: now }).where(eq(importBatches.id, id));
    if (kind.afterUndo) afterCommit(kind.afterUndo);
    const counts = { created: effects.filter((e) => e.effect === "created").length, restored: effects.filter((e) => e.effect === "updated").length };
    await audit(tx, auditActor(staff), { action: "import.undo", ...entityOf(batch), before: batch.result, after: counts }, now);
    return { ok: true as const, id, message: `Import undone: ${counts.created.toLocaleString("en-IN")} records removed, ${counts.restored.toLocaleString("en-IN")} put back as they were.` };
  });
}

async function rowsOf(tx: Transaction, query: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  return ((await tx.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

/** Every (table, column) whose foreign key points at the table: read from the catalogue, so a new table is covered. */
async function referencesTo(tx: Transaction, table: string): Promise<Array<{ table: string; column: string }>> {
  const rows = await rowsOf(
    tx,
    sql`select cl.relname as "table", a.attname as "column"
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = (select oid from pg_class where relname = ${table} and relnamespace = 'public'::regnamespace)`,
  );
  return rows.map((r) => ({ table: String(r.table), column: String(r.column) }));
}
