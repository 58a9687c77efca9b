/**
 * Times the back-office dashboard's statement (~/.server/dashboard) against a database holding the volume
 * the back office is budgeted for, on each engine, and shows its plan:
 *
 *   node scripts/measure-dashboard.ts                         # PGlite, and PostgreSQL if BENCH_DATABASE_URL or TEST_DATABASE_URL
 *   node scripts/measure-dashboard.ts --requests 20000 --runs 100
 *
 * Each engine gets a scratch database (a temporary PGlite directory; a PostgreSQL database of its own,
 * dropped afterwards) filled by scripts/seed-volume.ts (requests only: the dashboard reads no history).
 * It then loads the dashboard with every panel (the owner's permissions) `runs` times after a warm-up and
 * prints p50, p95 and the slowest, then EXPLAIN ANALYZE of the statement: every scan of service_requests
 * must be an index scan. Budget (issue 10): p95 under 100 ms on PostgreSQL, under 250 ms on PGlite.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { registerHooks } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { sql } from "drizzle-orm";

// The app's modules import each other as "~/...": resolve that to app/, as Vite and Vitest do.
const appDir = new URL("../app/", import.meta.url);
registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier.startsWith("~/") ? new URL(specifier.slice(2), appDir).href : specifier, context);
  },
});
const { openDatabase, setDatabase } = await import("../app/.server/db/index.ts");
const { dashboardStatement, loadDashboard } = await import("../app/.server/dashboard/index.ts");
const { defaultSettings } = await import("../app/.server/settings/defaults.ts");
const { STAFF_ROLE_INFO } = await import("../app/lib/auth/permissions.ts");

const { values } = parseArgs({
  options: { requests: { type: "string", default: "100000" }, runs: { type: "string", default: "200" } },
});
const REQUESTS = Number(values.requests);
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, "..");
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const operations = defaultSettings("http://localhost:3000").operations;
const permissions = STAFF_ROLE_INFO.owner.permissions;

if (!fs.existsSync(path.join(root, "scripts/seed-volume.ts"))) {
  console.error("scripts/seed-volume.ts is missing: it fills the scratch databases.");
  process.exit(2);
}

function seed(env: Record<string, string>): void {
  const started = Date.now();
  const result = spawnSync(process.execPath, ["scripts/seed-volume.ts", "--requests", String(REQUESTS), "--history", "0"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "development", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`seed-volume failed (${result.status})`);
  console.log(`  seeded ${REQUESTS.toLocaleString("en-IN")} requests in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * CPU time (ms) used so far by this database's PostgreSQL backends, from /proc: only when the server runs on
 * this machine (else 0). Clock ticks are taken as 100 per second, Linux's usual value.
 */
async function backendCpuMs(handle: { db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> } }): Promise<number> {
  const result = (await handle.db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)) as { rows: Array<{ pid: number }> };
  let ticks = 0;
  for (const { pid } of result.rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return 0;
    }
  }
  return ticks * 10;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(engine: "pglite" | "postgres", location: string): Promise<void> {
  const handle = await openDatabase(engine === "pglite" ? { dataDir: location } : { databaseUrl: location, dataDir: "unused" });
  setDatabase(handle);
  try {
    const counts = (await handle.db.execute(
      sql`SELECT count(*)::int AS requests, count(*) FILTER (WHERE status NOT IN ('completed', 'cancelled'))::int AS open FROM service_requests`,
    )) as unknown as { rows: Array<{ requests: number; open: number }> };
    const { requests, open } = counts.rows[0]!;
    let dashboard = await loadDashboard({ permissions, operations });
    for (let i = 0; i < 20; i++) dashboard = await loadDashboard({ permissions, operations });
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    const serverBefore = engine === "postgres" ? await backendCpuMs(handle) : 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await loadDashboard({ permissions, operations });
      times.push(performance.now() - started);
    }
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpu = engine === "postgres" ? (await backendCpuMs(handle)) - serverBefore : 0;
    times.sort((a, b) => a - b);
    console.log(
      `  ${engine}: ${requests.toLocaleString("en-IN")} requests, ${open.toLocaleString("en-IN")} open. Dashboard (every panel), ${RUNS} loads: ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms (wall clock)`,
    );
    // On a busy machine the wall clock mostly measures the wait for a core; the CPU a load takes does not.
    console.log(
      `  CPU per load: ${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(1)} ms in this process` +
        (engine === "postgres" ? `, ${(serverCpu / RUNS).toFixed(1)} ms in PostgreSQL's backends` : " (PGlite runs in it)") +
        `; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(
      `  panels: waiting ${dashboard.waiting?.count}, overdue ${dashboard.promise?.breached} + due soon ${dashboard.promise?.dueSoon}, ` +
        `without a technician ${dashboard.unassigned?.count}, visits today ${dashboard.visits?.count}, received this week ${dashboard.week?.received}`,
    );
    const plan = (await handle.db.execute(
      sql`EXPLAIN (ANALYZE, COSTS OFF) ${dashboardStatement(permissions, new Date(), operations.escalateBeforeMinutes)!}`,
    )) as unknown as { rows: Array<Record<string, string>> };
    const lines = plan.rows.map((r) => Object.values(r)[0]!);
    console.log(lines.filter((l) => /Scan|Execution Time|Planning Time/.test(l)).map((l) => `    ${l.trim()}`).join("\n"));
    const seqScans = lines.filter((l) => /Seq Scan on service_requests/.test(l));
    if (seqScans.length > 0) console.log(`  !! ${seqScans.length} sequential scan(s) of service_requests`);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

console.log(`Dashboard at ${REQUESTS.toLocaleString("en-IN")} requests (budget: p95 < 250 ms on PGlite, < 100 ms on PostgreSQL)`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-dashboard-"));
try {
  seed({ DATA_DIR: dir });
  await measure("pglite", dir);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

if (postgresUrl) {
  const name = `measure_dashboard_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    seed({ DATABASE_URL: url.toString() });
    await measure("postgres", url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
}
