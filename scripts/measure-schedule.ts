/**
 * Times the schedule board's week view (~/.server/schedule/board.ts, issue 21) on PostgreSQL at the volume the
 * back office is budgeted for, with 50 technicians:
 *
 *   TEST_DATABASE_URL=postgres://... node scripts/measure-schedule.ts [--requests 100000] [--runs 100]
 *
 * A scratch database of its own (dropped afterwards) is filled by scripts/seed-volume.ts; the week holding today
 * is then given 1,000 visits and loaded `runs` times after a warm-up, unfiltered (every technician's row), and p50/p95 printed.
 * Budget (issue 21): p95 under 150 ms on PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import { registerHooks } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const appDir = new URL("../app/", import.meta.url);
registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier.startsWith("~/") ? new URL(specifier.slice(2), appDir).href : specifier, context);
  },
});
const { openDatabase, setDatabase } = await import("../app/.server/db/index.ts");
const { scheduleBoard } = await import("../app/.server/schedule/board.ts");
const { boardQuerySchema } = await import("../app/lib/forms/admin/schedule.ts");

const { values } = parseArgs({ options: { requests: { type: "string", default: "100000" }, runs: { type: "string", default: "100" } } });
const REQUESTS = Number(values.requests);
const RUNS = Number(values.runs);
const root = path.resolve(import.meta.dirname, "..");
const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!base) {
  console.error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server.");
  process.exit(2);
}
const name = `bench_schedule_sched_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
try {
  const seeded = spawnSync(process.execPath, ["scripts/seed-volume.ts", "--requests", String(REQUESTS), "--history", "0", "--technicians", "50"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "development", DATABASE_URL: url.href },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error(`seed-volume failed (${seeded.status})`);
  // seed:volume books no visits: give 1,000 open assigned jobs (20 per technician) a visit this week, as on a busy one.
  const scratch = new pg.Client({ connectionString: url.href });
  await scratch.connect();
  const slot = "date_trunc('week', now()) + (id % 7) * interval '1 day' + interval '3 hours' + (id % 4) * interval '2 hours'";
  await scratch.query(
    `UPDATE service_requests SET status = 'scheduled', visit_start = ${slot}, visit_end = ${slot} + interval '2 hours'
     WHERE id IN (SELECT id FROM service_requests WHERE assigned_technician_id IS NOT NULL AND status NOT IN ('completed', 'cancelled') ORDER BY id DESC LIMIT 1000)`,
  );
  await scratch.query("ANALYZE service_requests");
  await scratch.end();
  const handle = await openDatabase({ databaseUrl: url.href, dataDir: "unused" });
  setDatabase(handle);
  try {
    const query = boardQuerySchema().parse({ view: "week" });
    let board = await scheduleBoard(query);
    for (let i = 0; i < 10; i++) board = await scheduleBoard(query);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await scheduleBoard(query);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
    const visits = board.technicians.reduce((n, t) => n + t.days.reduce((m, d) => m + d.visits.length, 0), 0);
    console.log(
      `Week view at ${REQUESTS.toLocaleString("en-IN")} requests: ${board.technicians.length} technicians, ${visits} visits, ${board.queue.total} waiting. ` +
        `${RUNS} loads: p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms (wall clock; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
    );
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
