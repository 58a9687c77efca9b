import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { DatabaseHandle } from "./client.ts";

/** Arbitrary, fixed key: every instance of this app agrees on it. */
const MIGRATION_LOCK_KEY = 7_310_2010;

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "drizzle");

/** Within one process the advisory lock is re-entrant (PGlite has one session), so calls also queue here. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Applies the committed drizzle-kit migrations. drizzle's migrator takes no lock, so several instances
 * starting together on PostgreSQL would race: a session-level advisory lock serialises them.
 */
export function applyMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  const run = queue.then(() => migrateLocked(handle, migrationsFolder));
  queue = run.catch(() => undefined);
  return run;
}

async function migrateLocked(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  await handle.withConnection(async (db) => {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      if (handle.engine === "pglite") {
        await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
      } else {
        await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
      }
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
