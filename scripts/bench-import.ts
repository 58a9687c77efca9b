/**
 * `node scripts/bench-import.ts [--rows 100000]`: times a data import of ROWS customers (each with a site and a
 * unit) through the same functions as /admin/data-import: upload (read the CSV and keep it), the preview's
 * check, the dry run, the commit, and the same file again (all unchanged). On a fresh PGlite always, and on a
 * throwaway PostgreSQL database when TEST_DATABASE_URL or BENCH_DATABASE_URL is set. The target (issue 19 §7):
 * a commit of 100,000 customer rows in under 30 s on each engine. Prints one line per step and engine.
 */
import fs from "node:fs";
import { registerHooks } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";

const app = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app") + "/").href;
registerHooks({ resolve: (specifier, context, next) => next(specifier.startsWith("~/") ? app + specifier.slice(2) : specifier, context) });

const { values } = parseArgs({ options: { rows: { type: "string", default: "100000" } } });
const ROWS = Number(values.rows);

const { openDatabase, applyMigrations, setDatabase } = await import("../app/.server/db/index.ts");
const { uploadImport, viewImport, dryRunImport, commitImport } = await import("../app/.server/data-import/batches.ts");
const { upsertUserWithRole } = await import("../app/.server/auth/users.ts");

function csv(): Uint8Array {
  const lines = ["Mobile,Name,Company,E-mail,Site,Site city,Site PIN code,Make,Model,Serial number"];
  for (let i = 0; i < ROWS; i++) {
    const mobile = `9${String(100_000_000 + i)}`;
    lines.push(`${mobile},Customer ${i},Company ${i % 5000} Pvt Ltd,c${i}@example.in,Plant ${i % 3},Patancheru,502319,ABB,ACS580-01-${i % 90},SN${i}X`);
  }
  return new TextEncoder().encode(lines.join("\n"));
}

async function time<T>(label: string, engine: string, step: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await step();
  const used = process.cpuUsage(cpu);
  // This process's CPU time: on PGlite the database's work too (it runs in this process), on PostgreSQL only Node's.
  console.log(`${engine.padEnd(8)} ${label.padEnd(28)} ${((performance.now() - start) / 1000).toFixed(1).padStart(6)} s wall ${((used.user + used.system) / 1e6).toFixed(1).padStart(6)} s CPU`);
  return result;
}

async function run(engine: "pglite" | "postgres", bytes: Uint8Array) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (engine === "postgres") {
    const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL!;
    const name = `bench_import_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    await applyMigrations(handle);
    setDatabase(handle);
    const user = await upsertUserWithRole("+919000000001", "admin", handle.db, "Bench Owner");
    const staff = { userId: user.id, sessionId: 0, name: "Bench Owner", mobile: null, ipAddress: "127.0.0.1", role: "owner" as const, permissions: [] };
    const first = await time("upload (read + keep)", engine, () => uploadImport(staff, "customers", "bench.csv", bytes));
    if (!first.ok) throw new Error(first.message);
    await time("preview (check every row)", engine, () => viewImport(first.id));
    const dry = await time("dry run", engine, () => dryRunImport(staff, first.id));
    if (!dry.ok) throw new Error(dry.message);
    const committed = await time(`commit ${ROWS.toLocaleString("en-IN")} rows`, engine, () => commitImport(staff, first.id));
    if (!committed.ok) throw new Error(committed.message);
    const again = await uploadImport(staff, "customers", "bench.csv", bytes);
    if (!again.ok) throw new Error(again.message);
    const unchanged = await time("commit the same file again", engine, () => commitImport(staff, again.id));
    if (!unchanged.ok) throw new Error(unchanged.message);
  } finally {
    setDatabase(undefined);
    await handle.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const bytes = csv();
console.log(`${ROWS.toLocaleString("en-IN")} customer rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB of CSV; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores`);
await run("pglite", bytes);
if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) await run("postgres", bytes);
console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
process.exit(0);
