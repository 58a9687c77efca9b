import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations, openDatabase } from "~/.server/db/index.ts";

/**
 * One migrated database per engine per test run, which every test file's database is copied from (ADR 054).
 * Migrating from scratch took most of a test file's set-up (PGlite: 6-14 s, PostgreSQL: 2-5 s, on each of
 * ~110 files); a copy takes a fraction of that. The template is made by the real migration path
 * (applyMigrations), so a broken migration still fails the run, in global set-up.
 */
export interface DatabaseTemplates {
  /** A PGlite data dir (its "pglite" folder holds the database), closed cleanly: copied per test file. */
  pgliteDir: string;
  /** The PostgreSQL template database's name: CREATE DATABASE ... TEMPLATE it, per test file. */
  postgresName?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates | undefined;
  }
}

async function makePgliteTemplate(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-pglite-template-"));
  const handle = await openDatabase({ dataDir: dir });
  try {
    await applyMigrations(handle);
  } finally {
    await handle.close();
  }
  return dir;
}

function withDatabase(url: string, name: string): string {
  const at = new URL(url);
  at.pathname = `/${name}`;
  return at.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

async function makePostgresTemplate(url: string): Promise<string> {
  const name = `test_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(url, `CREATE DATABASE "${name}"`);
  // Closed before any copy is made: PostgreSQL refuses to copy a template that has a connection open
  // ("source database is being accessed by other users").
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), dataDir: "unused" });
  try {
    await applyMigrations(handle);
  } finally {
    await handle.close();
  }
  // No connection may be made to it from now on (one would block every copy); the teardown drops it.
  await adminQuery(url, `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
  return name;
}

/** Makes both templates at once; the returned function removes them. */
export async function makeDatabaseTemplates(url: string | undefined): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const [pgliteDir, postgresName] = await Promise.all([makePgliteTemplate(), url ? makePostgresTemplate(url) : undefined]);
  return {
    templates: { pgliteDir, ...(postgresName ? { postgresName } : {}) },
    async remove() {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      if (url && postgresName) await adminQuery(url, `DROP DATABASE IF EXISTS "${postgresName}" WITH (FORCE)`);
    },
  };
}
