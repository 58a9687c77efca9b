/**
 * The schedule board (issue 21's targets), for `npm run bench -- --schedule` (was scripts/measure-schedule.ts).
 *
 * At seed:volume's size with 50 approved technicians, on a database of its own: `--volume-url=postgres://...`
 * (already seeded: a copy, it is changed) and `--volume-dir=<PGlite data directory>` (a copy likewise), or else
 * a scratch PostgreSQL database seeded by scripts/seed-volume.ts (dropped afterwards). The week holding today is
 * given 1,000 visits (20 per technician, as on a busy week), then, in this process (the loader's own work,
 * no HTTP), after a warm-up:
 *
 * - the week view, unfiltered (every technician's row): scheduleBoard, p50/p95;
 * - a move from the queue (assign and book in one step, clash check, SMS queued, audit): moveJob, once per
 *   waiting job; a move refused over its clashes is saved again with their fingerprint, and that save is the
 *   one timed (the dispatcher's "Save anyway"); p95 on PostgreSQL;
 * - the board's client JS: its route module (the drag and drop inside it) and the chunks it brings beyond the
 *   back office's shell and the helpers public pages share, gzip -9, from the build; and no public page loads
 *   its route module.
 *
 * Targets: week view p95 < 150 ms on PostgreSQL, < 400 ms on PGlite; a move p95 < 100 ms on PostgreSQL;
 * the board's client JS < 40 KB gzip.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { registerHooks } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import pg from "pg";
import { ROOT } from "./production-server.ts";

export const SCHEDULE_TARGETS = { weekP95MsPostgres: 150, weekP95MsPglite: 400, moveP95MsPostgres: 100, clientJsKb: 40 } as const;

const TECHNICIANS = 50;
const VISITS = 1000;
const WEEK_RUNS = 60;
const MOVES = 60;
const WARMUP = 5;

const appDir = new URL("../../app/", import.meta.url);
registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(specifier.startsWith("~/") ? new URL(specifier.slice(2), appDir).href : specifier, context);
  },
});

export interface ScheduleTiming {
  p50Ms: number;
  p95Ms: number;
  samples: number;
}

export interface ScheduleEngineResult {
  engine: "pglite" | "postgres";
  technicians: number;
  visits: number;
  waiting: number;
  weekView: ScheduleTiming;
  move: ScheduleTiming;
  loadAverage: number;
}

export interface ScheduleClientJs {
  routeChunk: string;
  files: { file: string; gzipBytes: number }[];
  totalGzipKb: number;
  /** Public routes whose chunks include any of the board's: must be none. */
  publicRoutesLoadingIt: string[];
}

export interface ScheduleResult {
  engines: ScheduleEngineResult[];
  clientJs: ScheduleClientJs;
  passed: boolean;
}

const timing = (times: number[]): ScheduleTiming => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
  return { p50Ms: Math.round(at(50) * 10) / 10, p95Ms: Math.round(at(95) * 10) / 10, samples: sorted.length };
};

/** The volume's week: enough approved technicians, and 1,000 open jobs given a visit this week. */
const PREPARE = [
  `UPDATE technician_profiles SET status = 'approved' WHERE id IN (SELECT id FROM technician_profiles WHERE status <> 'approved' ORDER BY id LIMIT GREATEST(0, ${TECHNICIANS} - (SELECT count(*) FROM technician_profiles WHERE status = 'approved')))`,
  `UPDATE service_requests SET status = 'scheduled',
     visit_start = date_trunc('week', now()) + (id % 7) * interval '1 day' + interval '3 hours' + (id % 4) * interval '2 hours',
     visit_end = date_trunc('week', now()) + (id % 7) * interval '1 day' + interval '5 hours' + (id % 4) * interval '2 hours'
   WHERE id IN (SELECT id FROM service_requests WHERE assigned_technician_id IS NOT NULL AND status NOT IN ('completed', 'cancelled') ORDER BY id DESC LIMIT ${VISITS})`,
  "ANALYZE service_requests",
];

/** One engine: the week view and the moves, timed in this process. */
async function benchEngine(engine: "pglite" | "postgres", target: { databaseUrl?: string; dataDir?: string }): Promise<ScheduleEngineResult> {
  const { openDatabase, setDatabase, getDb } = await import("../../app/.server/db/index.ts");
  const { scheduleBoard } = await import("../../app/.server/schedule/board.ts");
  const { moveJob } = await import("../../app/.server/schedule/move.ts");
  const { boardQuerySchema, moveSchema } = await import("../../app/lib/forms/admin/schedule.ts");
  const { sql } = await import("drizzle-orm");
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir ?? "unused" });
  setDatabase(handle);
  try {
    for (const statement of PREPARE) await getDb().execute(sql.raw(statement));
    const query = boardQuerySchema().parse({ view: "week" });
    let board = await scheduleBoard(query);
    for (let i = 0; i < WARMUP; i++) board = await scheduleBoard(query);
    const week: number[] = [];
    for (let i = 0; i < WEEK_RUNS; i++) {
      const started = performance.now();
      await scheduleBoard(query);
      week.push(performance.now() - started);
    }

    // The moves: each waiting job onto a technician, a day after tomorrow, each in its own slot.
    const { STAFF_ROLE_INFO } = await import("../../app/lib/auth/permissions.ts");
    type Role = keyof typeof STAFF_ROLE_INFO;
    const [user] = ((await getDb().execute(sql.raw("SELECT id, name, staff_role FROM users WHERE staff_role IS NOT NULL ORDER BY id LIMIT 1"))) as unknown as { rows: { id: number; name: string | null; staff_role: Role }[] }).rows;
    if (!user) throw new Error("No staff account in the volume database (seed-volume makes one)");
    const staff = { userId: user.id, sessionId: 0, name: user.name, mobile: null, role: user.staff_role, permissions: STAFF_ROLE_INFO[user.staff_role].permissions, ipAddress: "127.0.0.1" };
    const jobs = (await getDb().execute(
      sql.raw(`SELECT reference, version FROM service_requests WHERE status NOT IN ('completed', 'cancelled') AND assigned_technician_id IS NULL AND field_stage IS NULL ORDER BY id DESC LIMIT ${3 * (MOVES + WARMUP)}`),
    )) as unknown as { rows: { reference: string; version: number }[] };
    const date = new Date(Date.now() + 330 * 60_000 + 2 * 86_400_000).toISOString().slice(0, 10);
    const moves: number[] = [];
    let i = 0;
    for (const job of jobs.rows) {
      if (i >= MOVES + WARMUP) break;
      const technician = board.technicians[i % board.technicians.length]!;
      const hour = 6 + Math.floor(i / board.technicians.length) * 2;
      const form = { intent: "move", version: String(job.version), technicianId: String(technician.id), date, from: `${String(hour).padStart(2, "0")}:00`, to: `${String(hour + 2).padStart(2, "0")}:00` };
      const input = moveSchema().parse(form);
      let started = performance.now();
      let result = await moveJob(staff, job.reference, input);
      if (!result.ok && result.reason !== "not-found" && result.fingerprint) {
        started = performance.now();
        result = await moveJob(staff, job.reference, { ...input, acknowledged: result.fingerprint });
      }
      // A job its request page must change (already on site, say) is refused whatever the board: not a move.
      if (!result.ok) continue;
      if (i >= WARMUP) moves.push(performance.now() - started);
      i += 1;
    }
    const visits = board.technicians.reduce((n, t) => n + t.days.reduce((m, d) => m + d.visits.length, 0), 0);
    return { engine, technicians: board.technicians.length, visits, waiting: board.queue.total, weekView: timing(week), move: timing(moves), loadAverage: Math.round(os.loadavg()[0]! * 10) / 10 };
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

/** The board's own client JS, from the build's React Router manifest. */
export function measureScheduleClientJs(): ScheduleClientJs {
  const assets = path.join(ROOT, "build/client/assets");
  const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("No build: run npm run build");
  const text = fs.readFileSync(path.join(assets, manifestFile), "utf8");
  type Entry = { id: string; parentId?: string; module: string; imports?: string[] };
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as { entry: { module: string; imports: string[] }; routes: Record<string, Entry> };
  const chunksOf = (id: string | undefined): string[] => {
    const r = id ? manifest.routes[id] : undefined;
    return r ? [r.module, ...(r.imports ?? []), ...chunksOf(r.parentId)] : [];
  };
  const board = manifest.routes["routes/admin/schedule/route"];
  if (!board) throw new Error("The schedule board's route is not in the build");
  // The board's own: what it loads beyond the back office's shell, less the helpers public pages share.
  const publicRoutes = Object.values(manifest.routes).filter((r) => !r.id.startsWith("routes/admin/"));
  const publicChunks = new Set(publicRoutes.flatMap((r) => chunksOf(r.id)));
  const shared = new Set([manifest.entry.module, ...manifest.entry.imports, ...chunksOf(board.parentId)]);
  const own = [board.module, ...(board.imports ?? [])].filter((f) => !shared.has(f) && !publicChunks.has(f));
  const files = own.map((file) => ({ file, gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(ROOT, "build/client", file)), { level: 9 }).length }));
  // Nothing of the board in a public page: its route module (with ./board-moves.tsx inside) in none of theirs.
  const publicRoutesLoadingIt = publicRoutes.filter((r) => chunksOf(r.id).includes(board.module)).map((r) => r.id);
  return { routeChunk: board.module, files, totalGzipKb: Math.round((files.reduce((n, f) => n + f.gzipBytes, 0) / 1024) * 10) / 10, publicRoutesLoadingIt };
}

/** Seeds a scratch PostgreSQL database at volume (100,000 requests, 50 technicians); returns its URL. */
async function seedScratch(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_schedule_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const seeded = spawnSync(process.execPath, ["scripts/seed-volume.ts", "--requests", "100000", "--history", "0", "--technicians", String(TECHNICIANS)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "development", DATABASE_URL: url.href },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error(`seed-volume failed (${seeded.status})`);
  return {
    url: url.href,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** `--schedule`: PostgreSQL (given or scratch) and PGlite (given only: seeding one takes too long), and the client JS. */
export async function benchSchedule(pgUrl: string | undefined, given: { volumeUrl?: string; volumeDir?: string }): Promise<ScheduleResult> {
  const engines: ScheduleEngineResult[] = [];
  if (given.volumeUrl) engines.push(await benchEngine("postgres", { databaseUrl: given.volumeUrl }));
  else if (pgUrl) {
    const scratch = await seedScratch(pgUrl);
    try {
      engines.push(await benchEngine("postgres", { databaseUrl: scratch.url }));
    } finally {
      await scratch.drop();
    }
  }
  if (given.volumeDir) engines.push(await benchEngine("pglite", { dataDir: path.resolve(given.volumeDir) }));
  const clientJs = measureScheduleClientJs();
  const ok = (r: ScheduleEngineResult) =>
    r.engine === "postgres" ? r.weekView.p95Ms < SCHEDULE_TARGETS.weekP95MsPostgres && r.move.p95Ms < SCHEDULE_TARGETS.moveP95MsPostgres : r.weekView.p95Ms < SCHEDULE_TARGETS.weekP95MsPglite;
  return { engines, clientJs, passed: engines.every(ok) && clientJs.totalGzipKb < SCHEDULE_TARGETS.clientJsKb && clientJs.publicRoutesLoadingIt.length === 0 };
}

export function reportSchedule(result: ScheduleResult): void {
  console.log("\n=== The schedule board (issue 21) ===");
  for (const r of result.engines) {
    const weekTarget = r.engine === "postgres" ? SCHEDULE_TARGETS.weekP95MsPostgres : SCHEDULE_TARGETS.weekP95MsPglite;
    console.log(
      `${r.engine}: ${r.technicians} technicians, ${r.visits} visits this week, ${r.waiting} waiting (load average ${r.loadAverage} on ${os.cpus().length} cores)\n` +
        `  week view: p50 ${r.weekView.p50Ms} ms, p95 ${r.weekView.p95Ms} ms (target < ${weekTarget} ms, ${r.weekView.samples} loads)\n` +
        `  a move (assign and book): p50 ${r.move.p50Ms} ms, p95 ${r.move.p95Ms} ms${r.engine === "postgres" ? ` (target < ${SCHEDULE_TARGETS.moveP95MsPostgres} ms` : " (shown, not judged"}, ${r.move.samples} moves)`,
    );
  }
  const js = result.clientJs;
  console.log(`client JS only the board loads: ${js.totalGzipKb} KB gzip (target < ${SCHEDULE_TARGETS.clientJsKb} KB): ${js.files.map((f) => `${f.file} ${f.gzipBytes} B`).join(", ")}`);
  console.log(`public routes loading any of it: ${js.publicRoutesLoadingIt.length === 0 ? "none" : js.publicRoutesLoadingIt.join(", ")}`);
  console.log(result.passed ? "PASS" : "FAIL");
}
