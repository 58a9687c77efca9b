import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "./client.ts";

type Row<T extends PgTable> = T["$inferInsert"];
type Returned<R extends Record<string, PgColumn>> = { [K in keyof R]: R[K]["_"]["data"] | (R[K]["_"]["notNull"] extends true ? never : null) };

export interface BulkInsertOptions<T extends PgTable, R extends Record<string, PgColumn>> {
  /**
   * Columns set by an SQL expression (e.g. a time from the database's clock). It may read the row's own
   * fields as `source.<column>` (a lookup by the row's value, in the same statement).
   */
  computed?: Partial<Record<keyof Row<T>, SQL>>;
  /** ON CONFLICT (column) DO NOTHING: a row whose value is already there is skipped, and not returned. */
  onConflictDoNothing?: PgColumn;
  /** RETURNING: the inserted rows' columns, under these names (none when not given). */
  returning?: R;
}

/**
 * The rows as one JSON document. JSON cannot carry half of a UTF-16 surrogate pair: JSON.stringify writes one
 * as an escape (`\ud800`), which PostgreSQL rejects. A parameter sent as text never had the problem: the
 * drivers' UTF-8 encoding turns such a half into U+FFFD. The same happens here, so a string that could be
 * stored before still can. The halves are replaced in the finished text, not by a replacer function, which
 * would run for every value of every row and take JSON.stringify off its fast path (about twice as slow, in
 * every group commit: ADR 071). A lone half is the only thing JSON.stringify escapes as \ud800-\udfff,
 * and an escape is one preceded by an even number of backslashes (an odd one is an escaped backslash's).
 */
const LONE_SURROGATE = /(?<!\\)((?:\\\\)*)\\ud[89a-f][0-9a-f]{2}/g;

function rowsJson(document: unknown): string {
  const json = JSON.stringify(document);
  return json.includes("\\ud") ? json.replace(LONE_SURROGATE, "$1\\ufffd") : json;
}

/**
 * Inserts many rows with one statement and one parameter:
 * `INSERT INTO t (a, b) SELECT a, b FROM json_populate_recordset(NULL::t, $1) AS source`.
 *
 * Why not Drizzle's multi-row `insert().values(rows)`: that builds one parameter per value, and building
 * them (Drizzle's `is()` checks, the driver's serialising, the server's parsing of thousands of
 * parameters) was the largest cost of a group commit of service requests: 20 columns times 100 rows is
 * 2,000 parameters. Here the rows travel as one JSON document, serialised by JSON.stringify and read by
 * PostgreSQL in C; the table's own row type gives each field its column's type.
 *
 * The columns are those any row sets (not undefined); a row that leaves one of them out stores NULL there,
 * not the column's default, so give every row the same fields.
 */
export async function bulkInsert<T extends PgTable, R extends Record<string, PgColumn> = Record<never, PgColumn>>(
  executor: Database | Transaction,
  table: T,
  rows: Row<T>[],
  options: BulkInsertOptions<T, R> = {},
): Promise<Returned<R>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const computed = (options.computed ?? {}) as Record<string, SQL>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined)))]
    .filter((key) => !(key in computed));
  for (const key of [...keys, ...Object.keys(computed)]) {
    if (!columns[key]) throw new Error(`bulkInsert: ${getTableName(table)} has no column ${key}`);
  }
  const document = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const column = columns[key]!;
      const value = (row as Record<string, unknown>)[key];
      // JSON columns take the value itself (their driver mapping would make it a JSON string); the others
      // go through the column's own mapping (a Date to its ISO string, for one).
      record[column.name] = value === undefined || value === null ? null : column.dataType === "json" ? value : column.mapToDriverValue(value);
    }
    return record;
  });
  const name = (key: string) => sql.identifier(columns[key]!.name);
  const targetList = sql.join([...keys, ...Object.keys(computed)].map(name), sql`, `);
  const selectList = sql.join([...keys.map(name), ...Object.values(computed)], sql`, `);
  const conflict = options.onConflictDoNothing ? sql` on conflict (${sql.identifier(options.onConflictDoNothing.name)}) do nothing` : sql``;
  const returned = Object.entries(options.returning ?? {});
  const returning = returned.length
    ? sql` returning ${sql.join(
        returned.map(([alias, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(alias)}`),
        sql`, `,
      )}`
    : sql``;
  const table_ = sql.identifier(getTableName(table));
  const result = (await executor.execute(
    sql`insert into ${table_} (${targetList}) select ${selectList} from json_populate_recordset(null::${table_}, ${rowsJson(document)}::json) as source${conflict}${returning}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  // The drivers hand some types over as text (timestamps): the columns' own mapping makes them what a
  // Drizzle select would return.
  return result.rows.map((row) => {
    const mapped: Record<string, unknown> = {};
    for (const [alias, column] of returned) {
      const value = row[alias];
      mapped[alias] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return mapped as Returned<R>;
  });
}

/**
 * Updates many rows by id with one statement and one parameter, as bulkInsert inserts them:
 * `UPDATE t SET a = source.a, ... FROM json_populate_recordset(NULL::t, $1) AS source WHERE t.id = source.id`.
 * Every row sets the same columns (give each its full new values); `computed` sets a column by an SQL
 * expression instead (`version = t.version + 1`), which may read the table's current row by its name.
 */
export async function bulkUpdate<T extends PgTable>(
  executor: Database | Transaction,
  table: T,
  rows: ReadonlyArray<{ id: number } & Partial<Record<keyof Row<T>, unknown>>>,
  options: { computed?: Partial<Record<keyof Row<T>, SQL>> } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const computed = (options.computed ?? {}) as Record<string, SQL>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) => key !== "id" && !(key in computed));
  for (const key of [...keys, ...Object.keys(computed), "id"]) {
    if (!columns[key]) throw new Error(`bulkUpdate: ${getTableName(table)} has no column ${key}`);
  }
  const document = rows.map((row) => {
    const record: Record<string, unknown> = { [columns.id!.name]: row.id };
    for (const key of keys) {
      const column = columns[key]!;
      const value = (row as Record<string, unknown>)[key];
      record[column.name] = value === undefined || value === null ? null : column.dataType === "json" ? value : column.mapToDriverValue(value);
    }
    return record;
  });
  const name = (key: string) => sql.identifier(columns[key]!.name);
  const sets = [...keys.map((key) => sql`${name(key)} = source.${name(key)}`), ...Object.entries(computed).map(([key, value]) => sql`${name(key)} = ${value}`)];
  const table_ = sql.identifier(getTableName(table));
  const result = (await executor.execute(
    sql`update ${table_} set ${sql.join(sets, sql`, `)} from json_populate_recordset(null::${table_}, ${rowsJson(document)}::json) as source where ${table_}.${name("id")} = source.${name("id")}`,
  )) as unknown as { rowCount?: number; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? rows.length;
}
