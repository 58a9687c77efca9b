import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.ts";
import * as schema from "./schema.ts";

/** Both drivers' db objects share this type, so domain code never knows which engine it runs on. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /**
   * Runs fn on one dedicated connection (PostgreSQL) or the single embedded instance (PGlite).
   * Session-level state such as advisory locks needs this.
   */
  withConnection<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  /** The embedded instance itself (PGlite only): its own dump of the data dir (~/.server/backup). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** postgres://... : use PostgreSQL. Absent: the embedded PGlite database in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** The extensions the embedded database is opened with (a restored data dir needs the same). */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const handle = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  guardTransactions(handle.db);
  return handle;
}

/** What `db.transaction(async (tx) => ...)` hands its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

// ── Queries beside a transaction ─────────────────────────────────────────────────────────────────
// Code inside `db.transaction(async (tx) => ...)` must query through tx. A query through the shared db
// instead waits, on PGlite (one connection), for the very transaction it is part of: the whole server then
// hangs on its database. On PostgreSQL it would run outside the transaction. Either is a bug, so it fails
// at once with a message naming it. The flag is an object switched off when the transaction ends, because
// a timer started inside one keeps the context it was started in.
//
// The same scope carries what must happen once the transaction has committed (afterCommit), such as
// sending the messages it queued: never before the commit, never at all after a rollback.

interface TransactionScope {
  open: boolean;
  committed: (() => void)[];
}

const transactionScope = new AsyncLocalStorage<TransactionScope>();

function guardTransactions(db: Database): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    const scope: TransactionScope = { open: true, committed: [] };
    const result = await transaction(async (tx) => {
      try {
        return await transactionScope.run(scope, () => run(tx));
      } finally {
        scope.open = false;
      }
    }, config);
    for (const action of scope.committed) runCommitted(action);
    return result;
  }) as Database["transaction"];
}

function runCommitted(action: () => void): void {
  try {
    action();
  } catch (error) {
    // What was committed stays committed; the action's own recovery (the outbox's retry) takes over.
    console.error("An action after commit failed:", error);
  }
}

/** Throws when called from inside a transaction's callback: see above. */
export function assertOutsideTransaction(): void {
  if (transactionScope.getStore()?.open) {
    throw new Error("The shared database handle was used inside a transaction: query through the transaction's tx instead.");
  }
}

/**
 * Runs action once the transaction this is called in has committed; called outside a transaction (a
 * statement that commits by itself), at once. After a rollback it never runs.
 */
export function afterCommit(action: () => void): void {
  const scope = transactionScope.getStore();
  if (scope?.open) scope.committed.push(action);
  else runCommitted(action);
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const pgDir = path.join(dataDir, "pglite");
    // PGlite.create does not create parent directories.
    fs.mkdirSync(pgDir, { recursive: true });
    // pg_trgm: the back office's searches ("any part of a name") use its trigram indexes (ADR 024).
    // PostgreSQL ships it in its contrib package; PGlite needs it loaded with the database.
    const client = await PGlite.create(pgDir, { extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      engine: "pglite",
      withConnection: (fn) => fn(db),
      pglite: client,
      async close() {
        await client.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Errors of a server that is not up yet, or is recovering: worth waiting for at start-up. */
const NOT_YET = new Set(["ECONNREFUSED", "ECONNRESET", "57P03", "53300"]);
const START_WAIT_MS = 60_000;

async function connectWhenReady(pool: pg.Pool): Promise<pg.PoolClient> {
  const deadline = Date.now() + START_WAIT_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await pool.connect();
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (!NOT_YET.has(code) || Date.now() > deadline) throw error;
      if (attempt === 0) console.error(`PostgreSQL is not accepting connections yet (${(error as Error).message}); waiting up to ${START_WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));
    }
  }
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection that the server ends (a restart, a failover, an administrator) must not crash the
  // process: the pool drops it and opens a new one for the next query.
  pool.on("error", (error) => console.error(`PostgreSQL: an idle connection was lost (${error.message})`));
  // The pool's handler covers idle connections only: one that is checked out (a transaction in progress)
  // when the server goes away emits 'error' on its client, and an unhandled 'error' ends the process (seen
  // in `npm run chaos` when PostgreSQL restarted). The queries in flight fail with the error anyway, and the
  // pool drops the dead client when it is released.
  pool.on("connect", (client) => client.on("error", () => undefined));
  // Fail at start-up, with the driver's message, rather than on the first request; but wait out a server
  // that is starting or restarting (a crash recovery takes seconds), as an instance started together with
  // PostgreSQL, or restarted while it recovers, would otherwise exit and be restarted in a loop.
  const probe = await connectWhenReady(pool);
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    engine: "postgres",
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        const db = drizzlePg(client, { schema }) as unknown as Database;
        guardTransactions(db);
        return await fn(db);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
