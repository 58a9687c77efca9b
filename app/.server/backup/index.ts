import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, inArray } from "drizzle-orm";
import { audit, auditNow, type AuditActor } from "~/.server/audit/index.ts";
import { getServerConfig } from "~/.server/config.ts";
import { afterCommit, getDatabaseHandle, getDb } from "~/.server/db/index.ts";
import { backups, outbox } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { makeArchive, restoreArchive } from "./archive.ts";
import { BackupRefusal, checkPgDump, removeDir, scratchPostgres } from "./engine.ts";

export { BackupRefusal } from "./engine.ts";

/**
 * Backups of the whole installation (issue 19 §8, ADR 040): the database (pg_dump, or PGlite's own dump)
 * and the uploads in one .tar.gz in DATA_DIR/backups, made every night and on demand through the one job
 * queue (so once across instances), the newest BACKUPS_KEPT kept. A backup is proved by a test restore into
 * a scratch database, compared table by table with its manifest. Restoring for real is `npm run restore`
 * into a fresh database, never over the live one from a web form.
 */

/** How many backups are kept: the nightly one makes this a week; older ones are deleted after each backup. */
export const BACKUPS_KEPT = 7;

export const BACKUP_JOB = "backup-run";
export const TEST_RESTORE_JOB = "backup-test-restore";
export const NIGHTLY_BACKUP_JOB = "backup-nightly";

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
/** 02:30 India time: before the database's own upkeep at 03:00 (~/.server/db/maintenance.ts). */
const NIGHTLY_MINUTE_IST = 150;

export type BackupRow = typeof backups.$inferSelect;

export interface BackupItem {
  id: number;
  fileName: string;
  createdAt: string;
  trigger: "scheduled" | "manual";
  engine: "pglite" | "postgres";
  schemaVersion: string;
  sizeBytes: number;
  sha256: string;
  totalRows: number;
  uploadFiles: number;
  durationMs: number;
  testRestoredAt: string | null;
  testRestoreMatched: boolean | null;
  testRestoreDetail: string | null;
}

function item(row: BackupRow): BackupItem {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    testRestoredAt: row.testRestoredAt?.toISOString() ?? null,
  };
}

function backupDir(): string {
  return getServerConfig().backupDir;
}

function archivePath(fileName: string): string {
  return path.join(backupDir(), fileName);
}

/** Every backup kept, newest first (there are at most a few). */
export async function listBackups(): Promise<BackupItem[]> {
  const rows = await getDb().select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id));
  return rows.map(item);
}

/** The newest backup and whether it was restored in a test (what the /database dashboard shows). */
export async function lastBackup(): Promise<BackupItem | undefined> {
  const [row] = await getDb().select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id)).limit(1);
  return row ? item(row) : undefined;
}

export async function findBackup(id: number): Promise<BackupItem | undefined> {
  const [row] = await getDb().select().from(backups).where(eq(backups.id, id));
  return row ? item(row) : undefined;
}

/** Backups and test restores asked for and not done yet (the screen says so, without JavaScript polling). */
export async function pendingBackupWork(): Promise<{ backups: number; testRestores: number[]; lastFailure: { at: string; error: string } | null }> {
  const [failed] = await getDb()
    .select({ at: outbox.createdAt, error: outbox.lastError })
    .from(outbox)
    .where(and(eq(outbox.channel, "job"), inArray(outbox.template, [BACKUP_JOB, NIGHTLY_BACKUP_JOB]), eq(outbox.status, "failed")))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const rows = await getDb()
    .select({ template: outbox.template, variables: outbox.variables })
    .from(outbox)
    .where(and(eq(outbox.channel, "job"), inArray(outbox.template, [BACKUP_JOB, TEST_RESTORE_JOB]), inArray(outbox.status, ["pending", "sending"])));
  return {
    backups: rows.filter((r) => r.template === BACKUP_JOB).length,
    testRestores: rows.filter((r) => r.template === TEST_RESTORE_JOB).map((r) => Number((r.variables as { backupId?: unknown }).backupId)),
    lastFailure: failed ? { at: failed.at.toISOString(), error: failed.error ?? "" } : null,
  };
}

/** What stops a backup on this installation (pg_dump missing or too old), or undefined when it can run. */
export async function backupBlocker(): Promise<string | undefined> {
  const handle = getDatabaseHandle();
  if (handle.engine !== "postgres") return undefined;
  try {
    await checkPgDump(handle.db);
    return undefined;
  } catch (error) {
    if (error instanceof BackupRefusal) return error.message;
    throw error;
  }
}

// ── Making a backup ──────────────────────────────────────────────────────────────────────────────

function fileNameFor(now: Date, engine: string): string {
  return `backup-${now.toISOString().replace(/[:.]/g, "-")}-${engine}.tar.gz`;
}

/**
 * Makes a backup now. Idempotent by jobKey: a job that runs twice (its hold expired while it worked) finds
 * its backup made and makes no second one. Then deletes the backups beyond the newest BACKUPS_KEPT.
 */
export async function makeBackup(options: { trigger: "scheduled" | "manual"; jobKey: string; now?: Date }): Promise<BackupItem> {
  const db = getDb();
  const [done] = await db.select().from(backups).where(eq(backups.jobKey, options.jobKey));
  if (done) return item(done);
  const config = getServerConfig();
  const handle = getDatabaseHandle();
  const now = options.now ?? new Date();
  const started = performance.now();
  const fileName = fileNameFor(now, handle.engine);
  const made = await makeArchive(
    handle,
    // The uploads folder may be the data dir itself (STORAGE_DIR=DATA_DIR): the database's files are not uploads.
    { backupDir: config.backupDir, storageDir: config.storageDir, skip: [path.join(config.dataDir, "pglite"), path.join(config.dataDir, ".lock")] },
    fileName,
    now,
  );
  try {
    const [row] = await db
      .insert(backups)
      .values({
        fileName,
        createdAt: now,
        trigger: options.trigger,
        jobKey: options.jobKey,
        engine: handle.engine,
        schemaVersion: made.manifest.schemaVersion,
        sizeBytes: made.bytes,
        sha256: made.sha256,
        totalRows: Object.values(made.manifest.tables).reduce((sum, t) => sum + t.rows, 0),
        uploadFiles: made.manifest.uploads.length,
        durationMs: Math.round(performance.now() - started),
      })
      .returning();
    await pruneBackups();
    return item(row!);
  } catch (error) {
    await removeArchive(fileName);
    throw error;
  }
}

async function removeArchive(fileName: string): Promise<void> {
  await rm(archivePath(fileName), { force: true });
  await rm(`${archivePath(fileName)}.sha256`, { force: true });
}

/** Deletes the backups beyond the newest `keep` (rows, then their files). */
export async function pruneBackups(keep = BACKUPS_KEPT): Promise<string[]> {
  const db = getDb();
  const old = await db.select({ id: backups.id, fileName: backups.fileName }).from(backups).orderBy(desc(backups.createdAt), desc(backups.id)).offset(keep);
  if (!old.length) return [];
  await db.delete(backups).where(
    inArray(
      backups.id,
      old.map((o) => o.id),
    ),
  );
  for (const o of old) await removeArchive(o.fileName);
  return old.map((o) => o.fileName);
}

// ── Test restore ─────────────────────────────────────────────────────────────────────────────────

/**
 * Restores a backup into a scratch database (a new PostgreSQL database on the same server, or a temporary
 * PGlite dir) with its uploads in a temporary folder, compares every table with the manifest, records the
 * outcome on the backup and removes the scratch copy. A refusal (a damaged file) is recorded as the outcome.
 */
export async function testRestore(id: number, now = new Date()): Promise<BackupItem | undefined> {
  const backup = await findBackup(id);
  if (!backup) return undefined;
  const handle = getDatabaseHandle();
  const config = getServerConfig();
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), "restore-test-"));
  let matched = false;
  let detail: string;
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  try {
    const target =
      handle.engine === "postgres"
        ? { engine: "postgres" as const, databaseUrl: (scratch = await scratchPostgres(handle.db, config.databaseUrl!)).url }
        : { engine: "pglite" as const, dataDir: path.join(scratchDir, "data") };
    const report = await restoreArchive(archivePath(backup.fileName), target, {
      sha256: backup.sha256,
      storageDir: path.join(scratchDir, "uploads"),
      workDir: scratchDir,
    });
    matched = report.mismatches.length === 0;
    const tables = Object.keys(report.manifest.tables).length;
    detail = matched
      ? `All ${tables} tables matched (rows and checksums), and ${report.uploads} uploaded files.`
      : `Differences: ${report.mismatches.slice(0, 5).join("; ")}${report.mismatches.length > 5 ? ` and ${report.mismatches.length - 5} more` : ""}.`;
  } catch (error) {
    detail = error instanceof BackupRefusal ? error.message : `The test restore failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    await scratch?.drop().catch((error: unknown) => console.error("Backup: the scratch database could not be dropped:", error));
    await removeDir(scratchDir);
  }
  await getDb().update(backups).set({ testRestoredAt: now, testRestoreMatched: matched, testRestoreDetail: detail.slice(0, 1000) }).where(eq(backups.id, id));
  return findBackup(id);
}

// ── Staff actions (each with its audit entry) ────────────────────────────────────────────────────

/** "Back up now": queued on the job queue (it runs once, on one instance), with its audit entry. */
export async function requestBackup(actor: AuditActor, now = new Date()): Promise<void> {
  const key = `manual:${now.toISOString()}:${randomUUID().slice(0, 8)}`;
  await getDb().transaction(async (tx) => {
    await scheduleJobs(tx, [{ name: BACKUP_JOB, payload: { key }, runAt: now, dedupeKey: `job:${BACKUP_JOB}:${key}` }]);
    await audit(tx, actor, { action: "backup.run", entityType: "backup", entityId: key, entityLabel: "a backup now", after: { trigger: "manual" } });
  });
}

/** "Test restore": queued likewise; false when the backup is gone. */
export async function requestTestRestore(actor: AuditActor, id: number, now = new Date()): Promise<boolean> {
  const backup = await findBackup(id);
  if (!backup) return false;
  await getDb().transaction(async (tx) => {
    await scheduleJobs(tx, [{ name: TEST_RESTORE_JOB, payload: { backupId: id }, runAt: now, dedupeKey: `job:${TEST_RESTORE_JOB}:${id}:${now.toISOString()}` }]);
    await audit(tx, actor, { action: "backup.test-restore", entityType: "backup", entityId: id, entityLabel: backup.fileName });
  });
  return true;
}

/** Deletes a backup (its row and audit entry in one transaction, its files once that commits); false when gone. */
export async function deleteBackup(actor: AuditActor, id: number): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.delete(backups).where(eq(backups.id, id)).returning();
    if (!row) return false;
    await audit(tx, actor, { action: "backup.delete", entityType: "backup", entityId: id, entityLabel: row.fileName, before: { fileName: row.fileName, sha256: row.sha256, createdAt: row.createdAt } });
    afterCommit(() => void removeArchive(row.fileName).catch((error: unknown) => console.error("Backup: a deleted backup's file stays:", error)));
    return true;
  });
}

/** A backup's archive for a download, with the download's audit entry; undefined when it or its file is gone. */
export async function backupDownload(actor: AuditActor, id: number): Promise<{ file: string; fileName: string; sizeBytes: number; sha256: string } | undefined> {
  const backup = await findBackup(id);
  if (!backup) return undefined;
  const file = archivePath(backup.fileName);
  if (!fs.existsSync(file)) return undefined;
  await auditNow(actor, { action: "backup.download", entityType: "backup", entityId: id, entityLabel: backup.fileName });
  return { file, fileName: backup.fileName, sizeBytes: fs.statSync(file).size, sha256: backup.sha256 };
}

// ── Jobs ─────────────────────────────────────────────────────────────────────────────────────────

/** The next 02:30 India time strictly after `now`. */
export function nextNightlyBackupAt(now: Date): Date {
  const istMidnight = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  const today = istMidnight + NIGHTLY_MINUTE_IST * 60_000;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** Books the night's backup (once per night: the dedupe key names the date). Called at start-up and by the job. */
export async function scheduleNightlyBackup(now = new Date()): Promise<Date> {
  const runAt = nextNightlyBackupAt(now);
  const night = new Date(runAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  await scheduleJobs(getDb(), [{ name: NIGHTLY_BACKUP_JOB, payload: { at: runAt.toISOString(), night }, runAt, dedupeKey: `job:${NIGHTLY_BACKUP_JOB}:${night}` }]);
  return runAt;
}

/**
 * The nightly run: books the next night first (a failed backup must not end the series), then the backup and
 * its test restore, so each morning's backup is known to restore. Idempotent: a rerun finds both done.
 */
export async function runNightlyBackup(bookedFor: Date, night: string, now = new Date()): Promise<void> {
  await scheduleNightlyBackup(new Date(Math.max(now.getTime(), bookedFor.getTime())));
  const made = await makeBackup({ trigger: "scheduled", jobKey: `nightly:${night}` });
  if (!made.testRestoredAt) await testRestore(made.id);
}

registerJob(BACKUP_JOB, async (payload) => {
  await makeBackup({ trigger: "manual", jobKey: String(payload.key) });
});

registerJob(TEST_RESTORE_JOB, async (payload) => {
  await testRestore(Number(payload.backupId));
});

registerJob(NIGHTLY_BACKUP_JOB, (payload) =>
  runNightlyBackup(typeof payload.at === "string" ? new Date(payload.at) : new Date(), typeof payload.night === "string" ? payload.night : new Date().toISOString().slice(0, 10)),
);
