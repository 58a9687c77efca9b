import { assertOutsideTransaction, type Database, type DatabaseHandle } from "./client.ts";

export type { Database, DatabaseHandle, Transaction } from "./client.ts";
export { afterCommit, assertOutsideTransaction, openDatabase } from "./client.ts";
export { bulkInsert, bulkUpdate } from "./bulk-insert.ts";
export { groupCommit } from "./group-commit.ts";
export { readOnce } from "./read-once.ts";
export { applyMigrations } from "./migrate.ts";
export { DataDirLockedError } from "./data-dir-lock.ts";

// Held on globalThis so that a hot reload in development, which re-evaluates this module, keeps the
// handle that start-up opened instead of losing it (or opening a second PGlite on the same directory).
const holder = globalThis as { __databaseHandle?: DatabaseHandle | undefined };

/** Makes handle the database that domain modules use. Called once at start-up (and by tests). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  holder.__databaseHandle = handle;
}

/** The handle start-up opened, or undefined before it (a unit test that opens no database). */
export function databaseHandleIfOpen(): DatabaseHandle | undefined {
  return holder.__databaseHandle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = holder.__databaseHandle;
  if (!handle) throw new Error("The database is not open: start-up has not run.");
  return handle;
}

/** The shared database handle. Inside a transaction's callback, use its tx instead (this throws there). */
export function getDb(): Database {
  assertOutsideTransaction();
  return getDatabaseHandle().db;
}
