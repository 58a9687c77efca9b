import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations, openDatabase, type DatabaseHandle } from "~/.server/db/index.ts";
import { deliveriesSettled } from "~/.server/notifications/index.ts";

/**
 * The engines the data layer is tested on: always the embedded PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it, and global-setup fails the run if CI=true and it is unreachable).
 */
export type Engine = "pglite" | "postgres";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const engines: Engine[] = TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PGlite: its data dir. PostgreSQL: its connection URL. */
  location: string;
  destroy(): Promise<void>;
}

/** A fresh, empty database of the engine; PostgreSQL gets a database of its own, dropped afterwards. */
export async function createEmptyDatabase(engine: Engine): Promise<{ location: string; destroy(): Promise<void> }> {
  if (engine === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-pglite-"));
    return { location: dir, destroy: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    location: url.toString(),
    async destroy() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export function openAt(engine: Engine, location: string): Promise<DatabaseHandle> {
  return engine === "pglite"
    ? openDatabase({ dataDir: location })
    : openDatabase({ databaseUrl: location, dataDir: "unused" });
}

/** A fresh database with the committed migrations applied. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const empty = await createEmptyDatabase(engine);
  const handle = await openAt(engine, empty.location);
  await applyMigrations(handle);
  return {
    handle,
    location: empty.location,
    async destroy() {
      // Messages queued by the tests are still being sent and recorded: let them finish first.
      await deliveriesSettled();
      await handle.close();
      await empty.destroy();
    },
  };
}
