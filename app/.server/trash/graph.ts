import { getTableColumns, is, sql, type SQL } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Transaction } from "~/.server/db/index.ts";
import * as schema from "~/.server/db/schema.ts";

/**
 * Moving a record out of its table into the trash, and back (ADR 046). What belongs to a record is read from
 * the schema's foreign keys, so a new kind needs no list of its dependants: the rows that reference it with
 * ON DELETE CASCADE (and theirs, to any depth) go into the snapshot with it; the rows that reference it with
 * SET NULL keep their ids in the snapshot, so a restore links them again; a reference that would stop the
 * delete (RESTRICT, NO ACTION) is counted, and the kind says whether that refuses the delete.
 */

type Row = Record<string, unknown>;
type Rows = { rows: Row[] };

interface Reference {
  table: PgTable;
  name: string;
  column: string;
  target: PgTable;
  targetName: string;
  targetColumn: string;
  onDelete: string;
  nullable: boolean;
}

const TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

let references: Reference[] | undefined;

/** Every single-column foreign key of the schema. */
function allReferences(): Reference[] {
  if (references) return references;
  references = [];
  for (const table of TABLES) {
    const config = getTableConfig(table);
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      if (ref.columns.length !== 1 || ref.foreignColumns.length !== 1) continue;
      references.push({
        table,
        name: config.name,
        column: ref.columns[0]!.name,
        target: ref.foreignTable,
        targetName: getTableConfig(ref.foreignTable).name,
        targetColumn: ref.foreignColumns[0]!.name,
        onDelete: fk.onDelete ?? "no action",
        nullable: !ref.columns[0]!.notNull,
      });
    }
  }
  return references;
}

export function tableName(table: PgTable): string {
  return getTableConfig(table).name;
}

function tableByName(name: string): PgTable {
  const table = TABLES.find((t) => tableName(t) === name);
  if (!table) throw new Error(`No table ${name} in the schema`);
  return table;
}

function hasId(table: PgTable): boolean {
  return getTableConfig(table).columns.some((c) => c.name === "id");
}

/** A record's rows, table by table, parents before children (the order a restore inserts them in). */
export interface Snapshot {
  tables: { table: string; rows: Row[] }[];
  /** Rows elsewhere that pointed at one of these with ON DELETE SET NULL: linked again on restore. */
  links: { table: string; column: string; value: unknown; ids: number[] }[];
}

/** What would stop or limit the delete: rows elsewhere that reference the record and are not moved with it. */
export interface Holders {
  [table: string]: number;
}

async function select(tx: Transaction, query: SQL): Promise<Row[]> {
  return ((await tx.execute(query)) as unknown as Rows).rows;
}

/** Reads a record (its table and id column) and everything that belongs to it. */
export async function readGraph(tx: Transaction, table: PgTable, id: number): Promise<{ snapshot: Snapshot; holders: Holders }> {
  const snapshot: Snapshot = { tables: [], links: [] };
  const holders: Holders = {};
  const queue: { table: PgTable; where: SQL }[] = [{ table, where: sql`t.id = ${id}` }];
  const seen = new Set<string>();
  while (queue.length) {
    const { table: current, where } = queue.shift()!;
    const name = tableName(current);
    const rows = (await select(tx, sql`select to_jsonb(t) as row from ${sql.identifier(name)} t where ${where} for update`)).map((r) => r.row as Row);
    if (rows.length === 0) continue;
    const fresh = hasId(current) ? rows.filter((r) => !seen.has(`${name}:${String(r.id)}`)) : rows;
    if (fresh.length === 0) continue;
    for (const r of fresh) seen.add(`${name}:${String(r.id)}`);
    snapshot.tables.push({ table: name, rows: fresh });
    for (const ref of allReferences().filter((r) => r.target === current)) {
      const values = [...new Set(fresh.map((r) => r[ref.targetColumn]).filter((v) => v !== null && v !== undefined))];
      if (values.length === 0) continue;
      const inValues = sql`t.${sql.identifier(ref.column)} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
      if (ref.onDelete === "cascade") {
        queue.push({ table: ref.table, where: inValues });
      } else if (ref.onDelete === "set null" && hasId(ref.table)) {
        const linked = await select(tx, sql`select t.id, t.${sql.identifier(ref.column)} as value from ${sql.identifier(ref.name)} t where ${inValues}`);
        const byValue = new Map<unknown, number[]>();
        for (const l of linked) {
          if (ref.table === current && seen.has(`${ref.name}:${String(l.id)}`)) continue;
          byValue.set(l.value, [...(byValue.get(l.value) ?? []), Number(l.id)]);
        }
        for (const [value, ids] of byValue) snapshot.links.push({ table: ref.name, column: ref.column, value, ids });
      } else if (ref.onDelete !== "set null") {
        const [n] = await select(tx, sql`select count(*)::int as n from ${sql.identifier(ref.name)} t where ${inValues}`);
        if (Number(n?.n ?? 0) > 0) holders[ref.name] = (holders[ref.name] ?? 0) + Number(n!.n);
      }
    }
  }
  return { snapshot, holders };
}

/** The rows that point at the record with ON DELETE SET NULL, per table (what a delete would unlink). */
export function linkedCount(snapshot: Snapshot, table: string): number {
  return snapshot.links.filter((l) => l.table === table).reduce((n, l) => n + l.ids.length, 0);
}

/** Deletes the record's row: its database cascade takes the rows the snapshot holds. */
export async function deleteRow(tx: Transaction, table: PgTable, id: number): Promise<void> {
  await tx.execute(sql`delete from ${sql.identifier(tableName(table))} where id = ${id}`);
}

/**
 * Puts a snapshot's rows back with their own ids. A reference to a record that is gone meanwhile (a
 * technician removed, a customer purged) is cleared where the column allows it; otherwise `missing` names it
 * and nothing is written (the caller's transaction rolls back).
 */
export async function restoreGraph(tx: Transaction, snapshot: Snapshot): Promise<{ ok: true } | { ok: false; missing: string }> {
  for (const part of snapshot.tables) {
    const table = tableByName(part.table);
    const columns = Object.values(getTableColumns(table)).filter((c) => !(c as unknown as { generated?: unknown }).generated);
    const names = columns.map((c) => c.name).filter((n) => part.rows.some((r) => n in r));
    const rows = part.rows.map((r) => ({ ...r }));
    for (const ref of allReferences().filter((r) => r.table === table)) {
      const values = [...new Set(rows.map((r) => r[ref.column]).filter((v) => v !== null && v !== undefined))];
      if (values.length === 0) continue;
      const found = await select(
        tx,
        sql`select t.${sql.identifier(ref.targetColumn)} as v from ${sql.identifier(ref.targetName)} t where t.${sql.identifier(ref.targetColumn)} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`,
      );
      const present = new Set(found.map((f) => String(f.v)));
      for (const r of rows) {
        const v = r[ref.column];
        if (v === null || v === undefined || present.has(String(v))) continue;
        if (!ref.nullable) return { ok: false, missing: ref.targetName };
        r[ref.column] = null;
      }
    }
    const list = sql.join(names.map((n) => sql.identifier(n)), sql`, `);
    await tx.execute(
      sql`insert into ${sql.identifier(part.table)} (${list}) select ${list} from jsonb_populate_recordset(null::${sql.identifier(part.table)}, ${JSON.stringify(rows)}::jsonb)`,
    );
  }
  for (const link of snapshot.links) {
    await tx.execute(
      sql`update ${sql.identifier(link.table)} set ${sql.identifier(link.column)} = ${link.value} where id in (${sql.join(link.ids.map((i) => sql`${i}`), sql`, `)}) and ${sql.identifier(link.column)} is null`,
    );
  }
  return { ok: true };
}
