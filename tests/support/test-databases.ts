import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { applyMigrations, openDatabase, setDatabase, type DatabaseHandle } from "~/.server/db/index.ts";
import { deliveriesSettled } from "~/.server/notifications/index.ts";
import type { DatabaseTemplates } from "./database-templates.ts";

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
export function createEmptyDatabase(engine: Engine): Promise<{ location: string; destroy(): Promise<void> }> {
  return newDatabase(engine);
}

/**
 * A new database of the engine: empty, or a copy of the migrated template (global-setup.ts). PGlite: a data
 * dir of its own (a copy of the template's files). PostgreSQL: a database of its own, dropped afterwards.
 */
async function newDatabase(engine: Engine, template?: DatabaseTemplates): Promise<{ location: string; destroy(): Promise<void> }> {
  if (engine === "pglite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-pglite-"));
    // Only the database's files: not the template's lock file.
    if (template) fs.cpSync(path.join(template.pgliteDir, "pglite"), path.join(dir, "pglite"), { recursive: true });
    return { location: dir, destroy: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(template?.postgresName ? `CREATE DATABASE "${name}" TEMPLATE "${template.postgresName}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
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

export interface CreateTestDatabaseOptions {
  /**
   * Apply the migrations to an empty database, as a new installation does, instead of copying the template
   * that global set-up migrated once for the run. For tests of migrating itself.
   */
  fromScratch?: boolean;
}

/** The run's migrated templates (global-setup.ts); undefined when this engine's was not made. */
function templateFor(engine: Engine): DatabaseTemplates | undefined {
  const templates = inject("databaseTemplates");
  if (!templates) return undefined;
  return engine === "pglite" || templates.postgresName ? templates : undefined;
}

/** A fresh database with the committed migrations applied: a copy of the run's template, unless fromScratch. */
export async function createTestDatabase(engine: Engine, options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const template = options.fromScratch ? undefined : templateFor(engine);
  const empty = await newDatabase(engine, template);
  const handle = await openAt(engine, empty.location);
  // A copy is migrated already; without a template (fromScratch, or run without global set-up), migrate here.
  if (!template) await applyMigrations(handle);
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

/** A fresh, empty database (no migrations, not open), for tests that open it themselves, as start-up does. */
export interface EmptyTestDatabase {
  engine: Engine;
  /** PGlite: its data dir. PostgreSQL: its connection URL. */
  location: string;
  /** A data dir for the server's files: PGlite's own; a temporary one beside PostgreSQL. */
  dataDir: string;
  /** What readConfig needs to reach this database: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
}

export interface EachEngineOptions {
  /** Make the database the one domain modules use (setDatabase) for the suite. Default true. */
  appDatabase?: boolean;
}

/**
 * One suite per engine ("<name> on pglite", "<name> on postgres"), each with a fresh database made in
 * beforeAll and closed and dropped in afterAll. The body runs once per engine, at collection time, so the
 * database is reached through `database()` inside hooks and tests:
 *
 *   describeEachEngine("content", (database, engine) => {
 *     it("...", async () => {
 *       await database().handle.db.select()...      // migrated, open, and installed with setDatabase
 *     });
 *   });
 *
 *   describeEachEngine("admin:add", { empty: true }, (database) => {
 *     it("...", async () => {
 *       const config = readConfig({ ...database().env });   // empty and not open: the test opens it
 *     });
 *   });
 */
export function describeEachEngine(
  name: string,
  body: (database: () => TestDatabase, engine: Engine) => void,
): void;
export function describeEachEngine(
  name: string,
  options: EachEngineOptions & { empty?: false },
  body: (database: () => TestDatabase, engine: Engine) => void,
): void;
export function describeEachEngine(
  name: string,
  options: { empty: true },
  body: (database: () => EmptyTestDatabase, engine: Engine) => void,
): void;
export function describeEachEngine(
  name: string,
  optionsOrBody: (EachEngineOptions & { empty?: boolean }) | ((database: () => TestDatabase, engine: Engine) => void),
  maybeBody?: (database: () => never, engine: Engine) => void,
): void {
  const options = typeof optionsOrBody === "function" ? {} : optionsOrBody;
  const body = (typeof optionsOrBody === "function" ? optionsOrBody : maybeBody) as (database: () => unknown, engine: Engine) => void;
  describe.each(engines)(`${name} on %s`, (engine) => {
    let current: TestDatabase | EmptyTestDatabase | undefined;
    let destroy: (() => Promise<void>) | undefined;
    const installed = !options.empty && options.appDatabase !== false;

    beforeAll(async () => {
      if (options.empty) {
        const empty = await createEmptyDatabase(engine);
        const dataDir = engine === "pglite" ? empty.location : fs.mkdtempSync(path.join(os.tmpdir(), "test-data-"));
        current = {
          engine,
          location: empty.location,
          dataDir,
          env: engine === "pglite" ? { DATA_DIR: dataDir } : { DATA_DIR: dataDir, DATABASE_URL: empty.location },
        };
        destroy = async () => {
          await empty.destroy();
          if (engine === "postgres") fs.rmSync(dataDir, { recursive: true, force: true });
        };
      } else {
        const testDb = await createTestDatabase(engine);
        current = testDb;
        destroy = () => testDb.destroy();
        if (installed) setDatabase(testDb.handle);
      }
    });

    afterAll(async () => {
      await destroy?.();
      if (installed) setDatabase(undefined);
      current = undefined;
    });

    body(() => {
      if (!current) throw new Error(`${name}: the database is reached inside hooks and tests, after beforeAll`);
      return current;
    }, engine);
  });
}
