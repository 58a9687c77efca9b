import { execFile, spawn } from "node:child_process";
import fs, { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { getServerConfig } from "~/.server/config.ts";
import { PGLITE_EXTENSIONS } from "~/.server/db/client.ts";
import type { Database, DatabaseHandle } from "~/.server/db/index.ts";
import { directoryEntries, packEntries, readEntries } from "./entries.ts";

/**
 * Each engine's own dump and load (ADR 040), and the figures a restore is compared with.
 *
 * - PostgreSQL: `pg_dump` (plain SQL, no owners or grants, so it loads into any fresh database) inside a
 *   repeatable-read snapshot that the row counts are read in too, so the manifest describes exactly the dump.
 *   Loaded with `psql` from the same folder as pg_dump. pg_dump refuses a server newer than itself, and a
 *   dump from an older pg_dump is what a restore would choke on: so the client must be at least the server's
 *   major version, checked before anything runs, with how to install the right one.
 * - PGlite: a copy of its data dir (what its own dumpDataDir holds, streamed from disk instead of built in
 *   memory), taken inside PGlite's transaction lock after a CHECKPOINT, with the counts, so no other query runs
 *   between them. Opened again, it is a database that stopped at that moment.
 */

const run = promisify(execFile);

export class BackupRefusal extends Error {
  /** Read by the outbox: a refusal would repeat, so its job is not retried (it shows as failed). */
  readonly permanent = true;
  constructor(message: string) {
    super(message);
    this.name = "BackupRefusal";
  }
}

/** Per table: rows, and an order-independent checksum of their contents. */
export type TableStats = Record<string, { rows: number; checksum: string }>;

// Row text depends on these session settings (dates, floats): both sides of a comparison read with the same.
const STATS_SETTINGS = ["SET LOCAL TimeZone = 'UTC'", "SET LOCAL DateStyle = 'ISO, YMD'", "SET LOCAL extra_float_digits = 1", "SET LOCAL IntervalStyle = 'postgres'"];

const TABLES_QUERY = "select tablename from pg_tables where schemaname = 'public' order by tablename";

function statsQuery(table: string): string {
  // The sum of each row's 64-bit hash (md5's first 16 hex digits): the same rows give the same checksum in any
  // order, with no sort (a sorted aggregate of 1.6 million hashes spilled to disk, the slowest part on PGlite).
  const quoted = `"${table.replaceAll('"', '""')}"`;
  return `select count(*)::bigint as rows, coalesce(sum(('x' || substr(md5(t::text), 1, 16))::bit(64)::bigint), 0)::text as checksum from public.${quoted} t`;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

async function readStats(query: Query): Promise<TableStats> {
  for (const setting of STATS_SETTINGS) await query(setting);
  const stats: TableStats = {};
  for (const row of await query(TABLES_QUERY)) {
    const table = String(row.tablename);
    const [result] = await query(statsQuery(table));
    stats[table] = { rows: Number(result?.rows ?? 0), checksum: String(result?.checksum ?? "") };
  }
  return stats;
}

function drizzleQuery(db: Database): Query {
  return async (text) => {
    const result = (await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  };
}

/** The live database's figures, in one transaction (used by tests to compare a restored copy with its source). */
export async function databaseStats(handle: DatabaseHandle): Promise<TableStats> {
  return handle.db.transaction((tx) => readStats(drizzleQuery(tx as unknown as Database)));
}

// ── PostgreSQL ───────────────────────────────────────────────────────────────────────────────────

export interface PgTools {
  pgDump: string;
  psql: string;
}

/** pg_dump from PG_DUMP_PATH, or the one on PATH; psql from the same folder (else PATH). */
export function pgTools(pgDumpPath = getServerConfig().pgDumpPath): PgTools {
  if (pgDumpPath) {
    const beside = path.join(path.dirname(pgDumpPath), "psql");
    return { pgDump: pgDumpPath, psql: fs.existsSync(beside) ? beside : "psql" };
  }
  return { pgDump: "pg_dump", psql: "psql" };
}

const INSTALL_HINT = "On Debian or Ubuntu: apt-get install postgresql-client (or postgresql-client-<version> from apt.postgresql.org), or set PG_DUMP_PATH to its pg_dump.";

/** The tool's major version ("pg_dump (PostgreSQL) 15.20 (Debian …)" → 15), or a refusal saying how to get it. */
export async function toolMajorVersion(tool: string): Promise<number> {
  let output: string;
  try {
    output = (await run(tool, ["--version"])).stdout;
  } catch {
    throw new BackupRefusal(`${tool} was not found or does not run. ${INSTALL_HINT}`);
  }
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(output);
  if (!match) throw new BackupRefusal(`${tool} --version said "${output.trim()}", not a PostgreSQL version. ${INSTALL_HINT}`);
  return Number(match[1]);
}

async function serverMajorVersion(db: Database): Promise<number> {
  const [row] = await drizzleQuery(db)("show server_version_num");
  return Math.floor(Number(row?.server_version_num) / 10_000);
}

/** Refuses when pg_dump is missing or older than the server's major version (pg_dump's own rule, said first). */
export async function checkPgDump(db: Database, tools = pgTools()): Promise<{ client: number; server: number }> {
  const [client, server] = await Promise.all([toolMajorVersion(tools.pgDump), serverMajorVersion(db)]);
  if (client < server) {
    throw new BackupRefusal(
      `pg_dump ${client} cannot back up a PostgreSQL ${server} server: the client must be version ${server} or later. ${INSTALL_HINT.replace("<version>", String(server))}`,
    );
  }
  return { client, server };
}

function spawnTool(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** A connection URL as libpq's own arguments: the password goes by environment, never on a command line. */
function libpqArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { args: ["--dbname", parsed.toString()], env: password ? { PGPASSWORD: password } : {} };
}

async function dumpPostgres(handle: DatabaseHandle, file: string, url: string): Promise<TableStats> {
  const tools = pgTools();
  await checkPgDump(handle.db, tools);
  return handle.withConnection(async (db) => {
    const query = drizzleQuery(db);
    await query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    try {
      const [row] = await query("select pg_export_snapshot() as snapshot");
      const target = libpqArgs(url);
      // pg_dump reads the exported snapshot while this transaction reads the counts from the same one.
      const dump = spawnTool(
        tools.pgDump,
        [...target.args, "--format=plain", "--no-owner", "--no-privileges", "--no-comments", `--snapshot=${String(row?.snapshot)}`, `--file=${file}`],
        target.env,
      );
      const [stats] = await Promise.all([readStats(query), dump]);
      return stats;
    } finally {
      await query("COMMIT");
    }
  });
}

/** True when the database holds no table of its own (only the system's). */
async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'",
    );
    return Number(result.rows[0]?.n) === 0;
  } finally {
    await client.end();
  }
}

async function loadPostgres(file: string, url: string): Promise<void> {
  const tools = pgTools();
  const target = libpqArgs(url);
  await spawnTool(tools.psql, ["--no-psqlrc", "--quiet", "--set", "ON_ERROR_STOP=1", "--single-transaction", ...target.args, "--file", file], target.env);
}

async function postgresStats(url: string): Promise<TableStats> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN READ ONLY");
    const stats = await readStats(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
    await client.query("COMMIT");
    return stats;
  } finally {
    await client.end();
  }
}

// ── PGlite ───────────────────────────────────────────────────────────────────────────────────────

async function dumpPglite(handle: DatabaseHandle, file: string): Promise<TableStats> {
  const client = handle.pglite;
  if (!client?.dataDir) throw new Error("The embedded database's instance is not at hand");
  const dir = path.resolve(client.dataDir);
  // Inside PGlite's transaction lock no other query runs: the counts, a CHECKPOINT (every change in the data
  // files) and the copy of the data dir are one moment. PGlite's files are the host's own (NODEFS), so they are
  // streamed from disk into a tar: its dumpDataDir would build the whole tarball in memory (3.8 GB of RSS for
  // seed:volume's 1.7 GB data dir), which a small server does not have.
  return client.transaction(async (tx) => {
    const stats = await readStats(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
    await tx.query("CHECKPOINT");
    // The running instance's lock file is not part of the database (pg_basebackup leaves it out too).
    const files = await directoryEntries(dir, { skip: [path.join(dir, "postmaster.pid"), path.join(dir, "postmaster.opts")], directories: true });
    await pipeline(packEntries(files), createWriteStream(file, { flags: "wx" }));
    return stats;
  });
}

function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/** Unpacks a PGlite data dir copy into a data dir whose database does not exist yet, opens it, reads its figures. */
async function loadPglite(file: string, dataDir: string): Promise<TableStats> {
  const dir = pgliteDir(dataDir);
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) {
    throw new BackupRefusal(`${dataDir} already holds a database: a backup is restored into a fresh data directory only (name an empty one with --data-dir).`);
  }
  await mkdir(dir, { recursive: true });
  await readEntries(createReadStream(file), async (entry, body) => {
    const parts = entry.name.split("/");
    if (parts.some((p) => p === ".." || p === "" || p === ".") || entry.name.includes("\\")) throw new BackupRefusal(`The backup's database holds a path outside its folder (${entry.name}): refused.`);
    const target = path.join(dir, ...parts);
    if (entry.type === "directory") {
      await mkdir(target, { recursive: true });
      return;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(Readable.from(body), createWriteStream(target, { flags: "wx" }));
  });
  // Opening it replays what the copy's WAL holds after its checkpoint, as after a power cut.
  const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  try {
    return await client.transaction((tx) => readStats(async (text) => (await tx.query<Record<string, unknown>>(text)).rows));
  } finally {
    await client.close();
  }
}

// ── Both ─────────────────────────────────────────────────────────────────────────────────────────

/** The file name of the database's dump inside the archive, by engine. */
export const DUMP_NAME = { postgres: "database/dump.sql", pglite: "database/pglite-datadir.tar" } as const;

/** Dumps the live database to file and returns its figures at that moment. */
export function dumpDatabase(handle: DatabaseHandle, file: string): Promise<TableStats> {
  if (handle.engine === "pglite") return dumpPglite(handle, file);
  const url = getServerConfig().databaseUrl;
  if (!url) throw new BackupRefusal("DATABASE_URL is not set: pg_dump does not know which database to back up.");
  return dumpPostgres(handle, file, url);
}

export type RestoreTarget = { engine: "postgres"; databaseUrl: string } | { engine: "pglite"; dataDir: string };

/** Refuses a target that holds data already (before anything is unpacked). */
export async function assertEmptyTarget(target: RestoreTarget): Promise<void> {
  if (target.engine === "postgres") {
    if (!(await postgresIsEmpty(target.databaseUrl))) {
      throw new BackupRefusal("The target database is not empty: a backup is restored into a fresh database only (createdb a new one and name it with --database-url).");
    }
  } else if (fs.existsSync(path.join(pgliteDir(target.dataDir), "PG_VERSION"))) {
    throw new BackupRefusal(`${target.dataDir} already holds a database: a backup is restored into a fresh data directory only (name an empty one with --data-dir).`);
  }
}

/** Loads a dump into the (fresh) target and returns the restored database's figures. */
export async function loadDatabase(file: string, target: RestoreTarget): Promise<TableStats> {
  if (target.engine === "postgres") {
    await loadPostgres(file, target.databaseUrl);
    return postgresStats(target.databaseUrl);
  }
  return loadPglite(file, target.dataDir);
}

/** A scratch database for a test restore on the running PostgreSQL server, dropped by `drop`. */
export async function scratchPostgres(db: Database, url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `restore_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await db.execute(sql.raw(`CREATE DATABASE "${name}" TEMPLATE template0`));
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    async drop() {
      await db.execute(sql.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
