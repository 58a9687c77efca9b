/**
 * Times a backup and a restore (~/.server/backup, ADR 040) of the `seed:volume` data on each engine; the
 * target is under 2 minutes each (issue 19):
 *
 *   node scripts/measure-backup.ts                                   # scratch databases, seeded here
 *   node scripts/measure-backup.ts --data-dir=./data-volume          # PGlite: a data dir seed:volume filled
 *   node scripts/measure-backup.ts --database-url=postgres://…/vol   # PostgreSQL: a database seed:volume filled
 *   node scripts/measure-backup.ts --only=postgres                   # one engine
 *
 * Without either option each engine gets a scratch database (a temporary PGlite directory; a PostgreSQL
 * database of its own on BENCH_DATABASE_URL or TEST_DATABASE_URL's server) filled by scripts/seed-volume.ts.
 * It makes one backup (the archive goes to <data dir>/backups and is removed afterwards), restores it into a
 * fresh database, compares every table with the manifest, and prints the times, the archive's size and rows.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { registerHooks } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

// The app's modules import each other as "~/...": resolve that to app/, as Vite and Vitest do.
const appDir = new URL("../app/", import.meta.url);
registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier.startsWith("~/") ? new URL(specifier.slice(2), appDir).href : specifier, context);
  },
});
const { openDatabase, setDatabase, applyMigrations } = await import("../app/.server/db/index.ts");
const { readConfig, setServerConfig } = await import("../app/.server/config.ts");
const { makeBackup } = await import("../app/.server/backup/index.ts");
const { databaseStats } = await import("../app/.server/backup/engine.ts");
const { restoreArchive } = await import("../app/.server/backup/archive.ts");

const { values } = parseArgs({ options: { "data-dir": { type: "string" }, "database-url": { type: "string" }, only: { type: "string" } } });
const engines = values.only === "pglite" || values.only === "postgres" ? [values.only] : ["pglite", "postgres"];
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;

async function withDatabase(url: string, name: string, run: (url: string) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await run(target.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

function seed(env: Record<string, string>): void {
  const result = spawnSync(process.execPath, ["scripts/seed-volume.ts"], { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error("seed:volume failed");
}

function cpuSeconds(usage: NodeJS.CpuUsage): string {
  return ((usage.user + usage.system) / 1e6).toFixed(1);
}

async function measure(engine: "pglite" | "postgres", dataDir: string, databaseUrl: string | undefined, freshUrl: string | undefined): Promise<void> {
  const config = readConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  setServerConfig(config);
  const handle = await openDatabase({ databaseUrl, dataDir });
  await applyMigrations(handle);
  setDatabase(handle);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "measure-backup-"));
  let file = "";
  try {
    let started = performance.now();
    await databaseStats(handle);
    const statsSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    // CPU time of this process too: on a busy machine the wall clock says more about the neighbours. On PGlite
    // it is nearly all the work; on PostgreSQL pg_dump, psql and the server work in processes of their own.
    let cpu = process.cpuUsage();
    const made = await makeBackup({ trigger: "manual", jobKey: `measure:${Date.now()}` });
    const backupSeconds = (performance.now() - started) / 1000;
    const backupCpu = cpuSeconds(process.cpuUsage(cpu));
    cpu = process.cpuUsage();
    file = path.join(config.backupDir, made.fileName);
    started = performance.now();
    const target = engine === "postgres" ? { engine, databaseUrl: freshUrl! } : { engine, dataDir: path.join(scratch, "data") };
    const report = await restoreArchive(file, target, { storageDir: path.join(scratch, "uploads"), workDir: scratch, sha256: made.sha256 });
    const restoreSeconds = (performance.now() - started) / 1000;
    const restoreCpu = cpuSeconds(process.cpuUsage(cpu));
    console.log(
      `${engine}: ${made.totalRows.toLocaleString("en-IN")} rows in ${Object.keys(report.manifest.tables).length} tables, archive ${(made.sizeBytes / 1048576).toFixed(1)} MB; ` +
        `rows and checksums alone ${statsSeconds.toFixed(1)} s; backup ${backupSeconds.toFixed(1)} s (CPU ${backupCpu} s), restore ${restoreSeconds.toFixed(1)} s (CPU ${restoreCpu} s, with the comparison); ${report.mismatches.length ? `DIFFERENCES: ${report.mismatches.join("; ")}` : "every table matched"}`,
    );
  } finally {
    setDatabase(undefined);
    await handle.close();
    if (file) {
      fs.rmSync(file, { force: true });
      fs.rmSync(`${file}.sha256`, { force: true });
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const suffix = `${process.pid}_${Date.now().toString(36)}`;

// PGlite
if (!engines.includes("pglite")) {
  // --only=postgres
} else if (values["data-dir"]) {
  await measure("pglite", path.resolve(values["data-dir"]), undefined, undefined);
} else {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-backup-pglite-"));
  try {
    seed({ DATA_DIR: dir });
    await measure("pglite", dir, undefined, undefined);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// PostgreSQL
const fresh = values["database-url"] ?? serverUrl;
if (!engines.includes("postgres")) {
  // --only=pglite
} else if (fresh) {
  await withDatabase(fresh, `measure_restore_${suffix}`, async (freshUrl) => {
    if (values["database-url"]) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-backup-data-"));
      await measure("postgres", dir, values["database-url"], freshUrl);
      fs.rmSync(dir, { recursive: true, force: true });
    } else {
      await withDatabase(fresh, `measure_source_${suffix}`, async (sourceUrl) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-backup-data-"));
        seed({ DATABASE_URL: sourceUrl, DATA_DIR: dir });
        await measure("postgres", dir, sourceUrl, freshUrl);
        fs.rmSync(dir, { recursive: true, force: true });
      });
    }
  });
} else {
  console.log("PostgreSQL: skipped (set --database-url, BENCH_DATABASE_URL or TEST_DATABASE_URL).");
}
