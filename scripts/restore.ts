/**
 * `npm run restore -- <backup.tar.gz> [--database-url=postgres://…/fresh] [--data-dir=/srv/new-data]`:
 * restores a backup made at /admin/data-restoration (or by the nightly job) into a FRESH database (ADR 040).
 *
 * - PostgreSQL (--database-url, else DATABASE_URL): the database must exist and be empty (createdb it first);
 *   psql (the Debian postgresql-client, beside PG_DUMP_PATH's pg_dump when that is set) loads it.
 * - The embedded database (no URL): into --data-dir (else DATA_DIR), which must hold no database yet.
 * - The uploads go to STORAGE_DIR, else <data dir>/uploads, which must be empty.
 *
 * It checks the archive's SHA-256 (the .sha256 file beside it), refuses another schema version, then
 * compares every table's rows and checksum with the backup's manifest. Exit 0: restored and matched;
 * 1: restored but different (the differences are printed); 2: refused, nothing restored.
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "database-url": { type: "string" }, "data-dir": { type: "string" } },
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error("Usage: npm run restore -- <backup.tar.gz> [--database-url=postgres://…/fresh_database] [--data-dir=/path/to/new/data]");
  process.exit(2);
}

// The build holds the app's code (the database layer and its migrations).
const built = spawnSync(process.execPath, ["scripts/build-if-needed.ts"], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

process.env.NODE_ENV ??= "production";
// @ts-expect-error -- the build is plain JavaScript, made by `react-router build`.
const entry = (await import("../build/server/index.js")).entry.module as typeof import("../app/entry.server.tsx");
const started = performance.now();
try {
  const env = { ...process.env };
  if (values["database-url"]) env.DATABASE_URL = values["database-url"];
  if (values["data-dir"]) env.DATA_DIR = values["data-dir"];
  const config = entry.readConfig(env);
  const report = await entry.restoreCommand(config, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : `${config.dataDir}/pglite`;
  console.log(`Restored ${file} (made ${report.manifest.createdAt}, schema ${report.manifest.schemaVersion}) into ${where} and ${report.uploads} files into ${config.storageDir} in ${seconds} s.`);
  if (report.checksum === "none recorded") console.log("No .sha256 file was beside the archive: its entries' checksums were compared, not the whole file's.");
  if (report.mismatches.length) {
    console.error(`The restored database differs from the backup:\n  ${report.mismatches.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`Every table matched the backup (${Object.keys(report.manifest.tables).length} tables, rows and checksums).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
