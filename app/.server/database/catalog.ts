import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";

/**
 * The engine's own figures, read from PostgreSQL's catalog and statistics views (the same views on PGlite,
 * which is PostgreSQL): nothing here counts a table's rows. Row counts are the planner's estimates
 * (pg_class.reltuples, kept by ANALYZE: autovacuum on PostgreSQL, the nightly maintenance job on PGlite),
 * or the statistics' live-row count for a table not analysed yet; sizes are the files' sizes. Each query
 * reads one row per table or index, so the page costs the same on an empty database and at seed:volume.
 */

type Rows = { rows: Array<Record<string, unknown>> };

async function rowsOf(db: Database, query: SQL): Promise<Array<Record<string, unknown>>> {
  return ((await db.execute(query)) as unknown as Rows).rows;
}

const num = (v: unknown): number => Number(v ?? 0);
const text = (v: unknown): string => (v == null ? "" : String(v));
const iso = (v: unknown): string | null => (v == null ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

export type Engine = "pglite" | "postgres";

export interface EngineFigures {
  engine: Engine;
  /** "PGlite 0.5.16 (PostgreSQL 18.6, embedded)" or "PostgreSQL 15.10". */
  label: string;
  /** PostgreSQL's own version (server_version). */
  serverVersion: string;
  /** version(): the full build string. */
  build: string;
  databaseName: string;
  sizeBytes: number;
  /** "12 MB". */
  size: string;
  /** When the statistics (index scans, connections' counters) were last reset; null: never, since the cluster began. */
  statsReset: string | null;
}

export async function engineFigures(db: Database, engine: Engine): Promise<EngineFigures> {
  const [row] = await rowsOf(
    db,
    sql`select current_setting('server_version') as server_version, version() as build, current_database() as name,
               pg_database_size(current_database())::float8 as bytes,
               (select stats_reset from pg_stat_database where datname = current_database()) as stats_reset`,
  );
  const serverVersion = text(row?.server_version);
  const build = text(row?.build);
  const pglite = /PGlite\s+([\w.-]+)/.exec(build)?.[1];
  return {
    engine,
    label: engine === "pglite" ? `PGlite${pglite ? ` ${pglite}` : ""} (PostgreSQL ${serverVersion}, embedded)` : `PostgreSQL ${serverVersion}`,
    serverVersion,
    build,
    databaseName: text(row?.name),
    sizeBytes: num(row?.bytes),
    size: sizeText(num(row?.bytes)),
    statsReset: iso(row?.stats_reset),
  };
}

/** A size as pg_size_pretty writes it ("8192 bytes", "16 kB", "12 MB"): the next unit from ten of it. */
export function sizeText(bytes: number): string {
  const units = ["bytes", "kB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (unit < units.length - 1 && value >= 10 * 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value).toLocaleString("en-IN")} ${units[unit]}`;
}

/** An index this large that was never scanned is flagged: it costs every insert and update, and disk, for nothing read. */
export const UNUSED_INDEX_MIN_BYTES = 1024 * 1024;

export interface IndexFigures {
  name: string;
  table: string;
  /** Scans since the statistics were last reset. */
  scans: number;
  bytes: number;
  size: string;
  /** Primary key, unique or exclusion: it enforces a rule, so it is needed even when nothing reads through it. */
  enforces: boolean;
  /** Never scanned, not a rule, and at least UNUSED_INDEX_MIN_BYTES. */
  unusedLarge: boolean;
}

const qualified = (schema: unknown, name: unknown) => (text(schema) === "public" ? text(name) : `${text(schema)}.${text(name)}`);

/** Every index of the application's tables, largest first, with its scans. */
export async function indexFigures(db: Database, unusedMinBytes = UNUSED_INDEX_MIN_BYTES): Promise<IndexFigures[]> {
  const rows = await rowsOf(
    db,
    sql`select s.schemaname as schema, s.relname as table_name, s.indexrelname as name, coalesce(s.idx_scan, 0)::float8 as scans,
               pg_relation_size(s.indexrelid)::float8 as bytes, (i.indisunique or i.indisprimary or i.indisexclusion) as enforces
          from pg_stat_user_indexes s
          join pg_index i on i.indexrelid = s.indexrelid
         order by bytes desc, s.schemaname, s.indexrelname`,
  );
  return rows.map((r) => {
    const scans = num(r.scans);
    const bytes = num(r.bytes);
    const enforces = r.enforces === true;
    return {
      name: qualified(r.schema, r.name),
      table: qualified(r.schema, r.table_name),
      scans,
      bytes,
      size: sizeText(bytes),
      enforces,
      unusedLarge: scans === 0 && !enforces && bytes >= unusedMinBytes,
    };
  });
}

export interface TableFigures {
  /** The table's name, with its schema when that is not public ("drizzle.__drizzle_migrations"). */
  name: string;
  /** Estimated rows; null when the engine has no estimate yet (never analysed, no statistics). */
  rows: number | null;
  totalBytes: number;
  total: string;
  /** The table with its TOAST data, without its indexes. */
  data: string;
  indexes: string;
}

/**
 * Every table of the application's schemas, largest first (its data, TOAST and indexes together). Its
 * indexes' sizes are those already read for the index list: each size is a look at the files, which on
 * PGlite goes through its emulated file system, so none is read twice.
 */
export async function tableFigures(db: Database, indexes: readonly IndexFigures[]): Promise<TableFigures[]> {
  const rows = await rowsOf(
    db,
    sql`select n.nspname as schema, c.relname as name,
               case when c.reltuples >= 0 then c.reltuples::float8 else s.n_live_tup::float8 end as estimate,
               pg_table_size(c.oid)::float8 as data_bytes
          from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
          left join pg_stat_user_tables s on s.relid = c.oid
         where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  const indexBytes = new Map<string, number>();
  for (const i of indexes) indexBytes.set(i.table, (indexBytes.get(i.table) ?? 0) + i.bytes);
  return rows
    .map((r) => {
      const name = qualified(r.schema, r.name);
      const data = num(r.data_bytes);
      const index = indexBytes.get(name) ?? 0;
      return {
        name,
        rows: r.estimate == null ? null : Math.round(num(r.estimate)),
        totalBytes: data + index,
        total: sizeText(data + index),
        data: sizeText(data),
        indexes: sizeText(index),
      };
    })
    .sort((a, b) => b.totalBytes - a.totalBytes || a.name.localeCompare(b.name));
}

export interface ConnectionFigures {
  /** Client connections to this database, by state ("Running a query", "Idle"...), most first. */
  byState: Array<{ state: string; count: number }>;
  /** Client connections to the whole server, every database. */
  serverTotal: number;
  maxConnections: number;
}

const STATE_LABEL: Record<string, string> = {
  active: "Running a query",
  idle: "Idle",
  "idle in transaction": "Idle inside a transaction (holds its locks)",
  "idle in transaction (aborted)": "Idle inside a failed transaction",
  "fastpath function call": "Calling a function",
  disabled: "Not tracked",
};

/** PostgreSQL's client connections (PGlite has one: the server itself). */
export async function connectionFigures(db: Database): Promise<ConnectionFigures> {
  const [states, totals] = await Promise.all([
    rowsOf(
      db,
      sql`select coalesce(state, 'unknown') as state, count(*)::int as count
            from pg_stat_activity
           where datname = current_database() and backend_type = 'client backend'
           group by 1 order by 2 desc, 1`,
    ),
    rowsOf(
      db,
      sql`select (select count(*) from pg_stat_activity where backend_type = 'client backend')::int as total,
                 current_setting('max_connections')::int as max`,
    ),
  ]);
  return {
    byState: states.map((r) => ({ state: STATE_LABEL[text(r.state)] ?? text(r.state), count: num(r.count) })),
    serverTotal: num(totals[0]?.total),
    maxConnections: num(totals[0]?.max),
  };
}

export interface SlowStatement {
  /** The normalised statement ($1 for each value), cut to STATEMENT_TEXT_MAX characters. */
  query: string;
  calls: number;
  meanMs: number;
  totalMs: number;
}

export type StatementFigures =
  | { state: "embedded" }
  /** The extension is not in this database; `available`: the server has it to install. */
  | { state: "not-installed"; available: boolean }
  /** Installed, but the server did not load its library at start (shared_preload_libraries). */
  | { state: "not-loaded"; reason: string }
  | { state: "ready"; statements: SlowStatement[] };

const STATEMENT_TEXT_MAX = 400;
const SLOWEST = 10;

/** The statements slowest on average, from pg_stat_statements when PostgreSQL has it, in this database. */
export async function statementFigures(db: Database, engine: Engine): Promise<StatementFigures> {
  if (engine === "pglite") return { state: "embedded" };
  const [found] = await rowsOf(
    db,
    sql`select n.nspname as schema,
               exists (select 1 from pg_available_extensions where name = 'pg_stat_statements') as available
          from (select 1) one
          left join pg_extension e on e.extname = 'pg_stat_statements'
          left join pg_namespace n on n.oid = e.extnamespace`,
  );
  if (!found?.schema) return { state: "not-installed", available: found?.available === true };
  try {
    const rows = await rowsOf(
      db,
      sql`select left(query, ${STATEMENT_TEXT_MAX}) as query, calls::float8 as calls, mean_exec_time::float8 as mean_ms, total_exec_time::float8 as total_ms
            from ${sql.identifier(text(found.schema))}.pg_stat_statements
           where dbid = (select oid from pg_database where datname = current_database())
           order by mean_exec_time desc
           limit ${SLOWEST}`,
    );
    return { state: "ready", statements: rows.map((r) => ({ query: text(r.query), calls: num(r.calls), meanMs: num(r.mean_ms), totalMs: num(r.total_ms) })) };
  } catch (error) {
    // "pg_stat_statements must be loaded via shared_preload_libraries": the extension's view exists, its data does not.
    const cause = (error as { cause?: { message?: unknown } }).cause;
    return { state: "not-loaded", reason: text(cause?.message ?? (error as Error).message) };
  }
}
