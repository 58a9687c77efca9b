/**
 * `npm run bench`: load-tests the production build and sizes the home page's client JavaScript.
 *
 * For each database engine (embedded PGlite always; PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL
 * or DATABASE_URL is set) it starts `node server.ts` on a free port with a fresh data dir, warms it up,
 * then measures GET /, GET /no-such-page-bench (the 404 page) and, uncached only, a service page with wrk (or autocannon when wrk is not
 * on PATH; BENCH_TOOL=autocannon forces it) and reads the server's RSS. The client JS size is measured once,
 * in system Chromium. Then, on each engine again, it measures service-request submission: POST /request
 * without photos from CONNECTIONS concurrent visitors (autocannon, a unique form per submission), and counts
 * the stored rows against the 303 answers. Everything is printed and written to bench/results.json.
 *
 * `--client-js`: only the client JS size. `--pages`: only the page load tests on each engine, printed. `--requests`: only the submission benchmark (both engines, or PostgreSQL
 * alone with `--postgres-only`), which reads the server's RSS right after the load and again after SETTLE_S idle
 * seconds; its figures are merged into an existing bench/results.json. `--back-office`: only the back office at volume
 * (scripts/lib/bench-back-office.ts: the request list's pages 1 and 500 and the dashboard, on a database
 * filled by seed-volume), merged the same way. `--money`: only money (scripts/lib/bench-money.ts: the quote
 * page, the customer's signed quote page and the invoice PDF with its UPI QR code, timed on a database with
 * an approved six-line quote and its invoices, then 500 invoices issued at once, which must get 500
 * consecutive numbers with no error), merged the same way. A full run ends with the back office, then money.
 * `--schedule`: only the schedule board (scripts/lib/bench-schedule.ts: week view and move p95 at volume with 50
 * technicians, on --volume-url=<seeded PostgreSQL copy> or a scratch one, and --volume-dir=<seeded PGlite copy>;
 * the board's own client JS), merged the same way.
 * `--admin-volume`: every built back-office screen of the registry at seed-volume's size (scripts/lib/bench-admin-volume.ts:
 * each list, a search of each searchable list, a record page of each kind and each CSV export, 25 requests
 * each, p50/p95 per screen per engine), merged the same way; `--volume-url=postgres://...` measures that
 * already-seeded PostgreSQL database instead of seeding scratch ones, and `--postgres-only` skips PGlite;
 * `--screens=/admin/sms,/admin/communications` walks only those screens (printed, not merged).
 * `--live`: only live updates (scripts/lib/bench-live.ts: 2,000 event streams, one event to all of them, and
 * the memory per stream), merged the same way; a full run ends with it.
 *
 * `--seo-audit`: only the SEO audit (scripts/lib/bench-seo-audit.ts: every sitemap URL in under 60 s, and the home
 * page's p50/p99 at a steady rate alone and while an audit runs), printed on each engine.
 *
 * `--publish`: only publish-to-visible (scripts/lib/bench-publish.ts: the "Publish" post in /admin/cms to the
 * article's page answering with it, p50/p95 over 20 publishes, target < 1 s; the FAQ must stay cached), merged the
 * same way; a full run ends with it.
 *
 * All traffic goes to 127.0.0.1. Servers, temp dirs and the throwaway PostgreSQL database are removed at
 * the end, also on error or Ctrl-C.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import type { EventEmitter } from "node:events";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import {
  buildIfMissing,
  CHROMIUM_ARGS,
  CHROMIUM_PATH as CHROMIUM,
  describeError,
  ROOT,
  startProductionServer,
  type RunningServer,
} from "./lib/production-server.ts";
import { benchBackOffice, reportBackOffice, type BackOfficeResult } from "./lib/bench-back-office.ts";
import { benchMoney, reportMoney, type MoneyResult } from "./lib/bench-money.ts";
import type { ScheduleResult } from "./lib/bench-schedule.ts";
import { benchAdminVolume, reportAdminVolume, type AdminVolumeResult } from "./lib/bench-admin-volume.ts";
// Issue 12: `--chat` (the chat assistant's answers) and `--visitors` (1,000 pings/s against the home page's p99).
import { benchChat, reportChat } from "./lib/bench-chat.ts";
import { benchVisitors, reportVisitors } from "./lib/bench-visitors.ts";
import { benchLive, reportLive, type LiveResult } from "./lib/bench-live.ts";
// Issue 19 §4: `--seo-audit` (a whole audit of the sitemap, and the home page's p99 while one runs).
import { benchSeoAudit, reportSeoAudit } from "./lib/bench-seo-audit.ts";
// Issue 20 §2 and §5: `--proxy` (a cached page against a bare server, and through nginx).
import { benchProxy, reportProxy } from "./lib/bench-proxy.ts";
// Issue 19 §1: `--publish` (from the publish post to the page showing it, ADR 058).
import { benchPublish, reportPublish, type PublishBenchResult } from "./lib/bench-publish.ts";

const CLIENT_DIR = path.join(ROOT, "build/client");
const RESULTS_FILE = path.join(ROOT, "bench/results.json");

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 3;
/**
 * Idle seconds after the submission run before the resident size is read again. V8's memory reducer starts
 * its shrinking collections ~8 s after the allocation rate drops; the figure right after the load still holds
 * the burst's garbage and grown nursery.
 */
const SETTLE_S = 15;
/**
 * What is measured. The page cache (server/page-cache.ts) serves anonymous pages; a request with a cookie
 * bypasses it, so the "uncached" cases measure server rendering itself.
 */
const PAGES = {
  home: "/",
  homeUncached: "/",
  notFound: "/no-such-page-bench",
  notFoundUncached: "/no-such-page-bench",
  /** A service page (issue 20 §6): what a visitor arriving from a search usually lands on. */
  serviceUncached: "/services/vfd-repair",
} as const;
const UNCACHED: Record<PageKey, boolean> = { home: false, homeUncached: true, notFound: false, notFoundUncached: true, serviceUncached: true };
/**
 * The uncached runs are sent as a browser sends them, with gzip accepted (issue 20 §6 measures them so): the
 * compression of a page rendered per request is part of its cost.
 */
const BYPASS_HEADERS = { Cookie: "bench=uncached", "Accept-Encoding": "gzip" };
/** Uncached rendering: issue 20's targets (home >= 300, a service page >= 500 requests/s). */
const TARGETS = { clientJsKb: 115, clientJsAllSectionsKb: 125, homeRps: 5000, homeUncachedRps: 300, serviceUncachedRps: 500, requestP99Ms: 100 };

/**
 * Service-request submission: the /request form without photos, each post a different visitor (its own
 * X-Forwarded-For, which the server trusts with TRUST_PROXY, and its own mobile number) so that the rate
 * limits (per address and per mobile) do not interfere, and a fresh idempotency key each time. Runs are a
 * fixed number of submissions rather than a fixed time, so that none is left in flight at the end and the
 * stored rows can be counted against the 303 answers; the number is set from the warm-up's rate to last
 * about `runS`.
 */
const REQUEST = {
  path: "/request",
  runS: 12,
  /**
   * Warm-up: rounds until WARMUP_S have passed, the first of this many submissions, each next one sized to
   * last about a second at the rate seen so far; the last round's rate sizes the measured run.
   */
  warmupRound: 100,
  /**
   * A submission unanswered after this long counts as an error. Longer than autocannon's 10 s: a slow answer
   * should show as latency, and one given up on is likely stored all the same (the row check then fails).
   */
  timeoutS: 30,
  minSubmissions: 500,
  maxSubmissions: 50_000,
  /** Everything but the per-submission fields (names, addresses, mobile, key), as the browser sends it. */
  form: {
    city: "Pune",
    service: "vfd-repair",
    faultDescription: "Drive trips on overcurrent (OC1) at start-up; the motor runs fine direct on line.",
    consent: "yes",
    fax_number_2: "",
  },
  urgencies: ["emergency", "within_24h", "planned"],
} as const;

type PageKey = keyof typeof PAGES;
type Tool = "wrk" | "autocannon";

interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses outside 2xx/3xx: expected (all of them) for the 404 page, a problem for home. */
  non2xx: number;
  errors: number;
}

interface EngineResult {
  engine: "pglite" | "postgres";
  status: Record<PageKey, number>;
  home: LoadResult;
  notFound: LoadResult;
  homeUncached: LoadResult;
  notFoundUncached: LoadResult;
  serviceUncached: LoadResult;
  rssMb: number;
  peakRssMb: number;
}

interface RequestsResult {
  engine: "pglite" | "postgres";
  measuredAt: string;
  /** The measured run (the warm-up is left out of every figure but the row check). */
  submissions: number;
  durationS: number;
  requestsPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** 303 to /thank-you: the only answer counted as success. */
  accepted: number;
  /** Any other answer (400, 403, 429, 500...), by status. */
  rejected: number;
  statusCodes: Record<string, number>;
  /** Socket errors and timeouts (autocannon counts a timeout as an error too). */
  errors: number;
  timeouts: number;
  /**
   * Over the server's whole life (check submission, warm-up and measured run): rows in service_requests
   * against 303 answers, and references a 303 named that are not in the table.
   */
  rowCheck: { accepted303: number; rows: number; missingReferences: number; duplicateReferences: number; passed: boolean };
  /**
   * The notifications of all those requests, by outbox status once the server has stopped (it finishes
   * the sends in flight first): every one must be 'sent', none pending, held or failed.
   */
  outboxCheck: { byStatus: Record<string, number>; passed: boolean };
  /** The server process's CPU (user + system) over the measured run and 500 ms after it, per submission. */
  serverCpuMsPerPost: number;
  rssMb: number;
  peakRssMb: number;
  /** VmRSS after SETTLE_S idle seconds: what the instance keeps once V8 has shrunk its heap after the burst. */
  settledRssMb: number;
}

interface ClientJs {
  method: "chromium" | "html-fallback";
  totalGzipBytes: number;
  totalGzipKb: number;
  files: { url: string; source: "disk" | "http"; bytes: number; gzipBytes: number }[];
}

// ---------------------------------------------------------------------------------------------------
// Cleanup: everything started registers its undo here, so error paths and Ctrl-C leave nothing behind.

const cleanups: (() => Promise<void> | void)[] = [];
const children = new Set<ChildProcess>();

async function runCleanups() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()?.();
    } catch (error) {
      console.error("cleanup failed:", error);
    }
  }
}

// Last resort if the process exits without reaching the finally block.
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping servers...`);
    void runCleanups().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------
// Server

/** The server for one engine; the shared stop is also run at exit if a measurement fails. */
async function startServer(databaseUrl?: string, extraEnv?: Record<string, string>): Promise<RunningServer> {
  const server = await startProductionServer(databaseUrl, extraEnv);
  cleanups.push(server.stop);
  return server;
}

/**
 * The CPU a process has used so far (user + system), in ms, from /proc/<pid>/stat: on a shared, loaded machine
 * the server's CPU per submission compares two builds where wall-clock figures cannot (issue 17 §8).
 */
function readCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces, inside parentheses): utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // In clock ticks, 100 a second on Linux (USER_HZ).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function readRss(pid: number): { rssMb: number; peakRssMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: round(kb("VmRSS") / 1024, 1), peakRssMb: round(kb("VmHWM") / 1024, 1) };
}

// ---------------------------------------------------------------------------------------------------
// Load generators

function onPath(command: string): boolean {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, command), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function pickTool(): Tool {
  if (process.env.BENCH_TOOL === "autocannon") return "autocannon";
  return onPath("wrk") ? "wrk" : "autocannon";
}

/** Runs a command to completion with a hard timeout, returning stdout. */
async function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  clearTimeout(timer);
  children.delete(child);
  if (code !== 0) throw new Error(`${command} exited with ${code}: ${stderr.trim()}`);
  return stdout;
}

function toMs(value: string, unit: string): number {
  const n = Number(value);
  const factor: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
  return n * (factor[unit] ?? NaN);
}

async function loadTest(tool: Tool, url: string, seconds: number, uncached = false): Promise<LoadResult> {
  const timeout = (seconds + 30) * 1000;
  if (tool === "wrk") {
    const header = uncached ? Object.entries(BYPASS_HEADERS).flatMap(([name, value]) => ["-H", `${name}: ${value}`]) : [];
    const out = await run("wrk", ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency", ...header, url], timeout);
    const match = (re: RegExp) => re.exec(out) ?? [];
    const [, p50, p50Unit] = match(/^\s*50%\s+([\d.]+)(us|ms|s|m)\s*$/m);
    const [, p99, p99Unit] = match(/^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m);
    const [, rps] = match(/Requests\/sec:\s+([\d.]+)/);
    const [, total] = match(/(\d+) requests in/);
    const [, non2xx] = match(/Non-2xx or 3xx responses:\s+(\d+)/);
    const socket = match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
    if (!rps || !p50 || !p99 || !p50Unit || !p99Unit) throw new Error(`could not parse wrk output:\n${out}`);
    return {
      requestsPerSec: round(Number(rps), 1),
      p50Ms: round(toMs(p50, p50Unit), 2),
      p99Ms: round(toMs(p99, p99Unit), 2),
      requests: Number(total ?? 0),
      non2xx: Number(non2xx ?? 0),
      errors: socket.slice(1).reduce((sum, n) => sum + Number(n), 0),
    };
  }
  // autocannon's CLI in its own process (like wrk), on this same Node; -j prints the result as JSON.
  const cli = path.join(ROOT, "node_modules/autocannon/autocannon.js");
  const header = uncached ? Object.entries(BYPASS_HEADERS).flatMap(([name, value]) => ["-H", `${name}=${value}`]) : [];
  const out = await run(process.execPath, [cli, "-c", String(CONNECTIONS), "-d", String(seconds), ...header, "-j", url], timeout);
  const r = JSON.parse(out) as {
    requests: { total: number };
    latency: { p50: number; p99: number };
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    // Same definition as wrk: completed requests over elapsed seconds.
    requestsPerSec: round(r.requests.total / r.duration, 1),
    p50Ms: round(r.latency.p50, 2),
    p99Ms: round(r.latency.p99, 2),
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

async function benchEngine(tool: Tool, engine: EngineResult["engine"], databaseUrl?: string) {
  console.log(`\n[${engine}] starting server...`);
  const server = await startServer(databaseUrl);
  console.log(`[${engine}] server pid ${server.pid} at ${server.baseUrl}`);

  // Check the pages answer as expected before hammering them.
  const status = {} as Record<PageKey, number>;
  for (const key of Object.keys(PAGES) as PageKey[]) {
    const res = await fetch(server.baseUrl + PAGES[key]);
    await res.arrayBuffer();
    status[key] = res.status;
  }
  if (status.home !== 200) console.warn(`[${engine}] warning: GET / answered ${status.home}`);
  if (status.notFound !== 404) console.warn(`[${engine}] warning: GET ${PAGES.notFound} answered ${status.notFound}`);
  if (status.serviceUncached !== 200) console.warn(`[${engine}] warning: GET ${PAGES.serviceUncached} answered ${status.serviceUncached}`);

  // Warm-up lets V8 optimise the hot paths and fills caches, so the measured run is steady state.
  console.log(`[${engine}] warming up (${WARMUP_S} s per page)...`);
  for (const key of Object.keys(PAGES) as PageKey[]) await loadTest(tool, server.baseUrl + PAGES[key], WARMUP_S, UNCACHED[key]);

  const results = {} as Record<PageKey, LoadResult>;
  for (const key of Object.keys(PAGES) as PageKey[]) {
    const label = `${PAGES[key]}${UNCACHED[key] ? " (uncached)" : ""}`;
    console.log(`[${engine}] ${tool} GET ${label} (${CONNECTIONS} connections, ${DURATION_S} s)...`);
    results[key] = await loadTest(tool, server.baseUrl + PAGES[key], DURATION_S, UNCACHED[key]);
  }
  const rss = readRss(server.pid);
  await server.stop();
  return {
    engine,
    status,
    home: results.home,
    homeUncached: results.homeUncached,
    notFound: results.notFound,
    notFoundUncached: results.notFoundUncached,
    serviceUncached: results.serviceUncached,
    ...rss,
  } satisfies EngineResult;
}

// ---------------------------------------------------------------------------------------------------
// Service-request submission

/** autocannon's programmatic API, as much of it as is used here (the package ships no types). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called before each request is sent; context is the connection's. */
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string | string[]>) => void;
}
type AutocannonRun = EventEmitter & PromiseLike<{ errors: number; timeouts: number }>;
const autocannon = createRequire(import.meta.url)("autocannon") as (options: {
  url: string;
  connections: number;
  /** Total requests: each connection sends its share and stops once the last answer is in. */
  amount: number;
  timeout: number;
  requests: AutocannonRequest[];
}) => AutocannonRun;

/** Submissions made so far by this bench: numbers each visitor's address and mobile, so no two share one. */
let visitorSeq = 0;

/** One visitor's submission: a form as the browser posts it, from an address of its own. */
function nextSubmission(): { address: string; body: string } {
  const n = visitorSeq++;
  return {
    address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    body: new URLSearchParams({
      contactName: `Bench Visitor ${n}`,
      // Ten digits starting 6-9: a valid Indian mobile number.
      mobile: String(9_000_000_000 + n),
      siteAddress: `Plot ${n}, MIDC Bhosari`,
      ...REQUEST.form,
      urgency: REQUEST.urgencies[n % REQUEST.urgencies.length]!,
      idempotencyKey: randomUUID(),
    }).toString(),
  };
}

function submissionHeaders(baseUrl: string, address: string): Record<string, string> {
  // Origin: the CSRF check refuses a post without it (403).
  return { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, "x-forwarded-for": address };
}

/** The answers of one run: statuses, and the references the 303s named. */
interface Tally {
  statusCodes: Record<string, number>;
  accepted: number;
  references: string[];
}

function newTally(): Tally {
  return { statusCodes: {}, accepted: 0, references: [] };
}

function record(tally: Tally, status: number, location: string | undefined) {
  tally.statusCodes[status] = (tally.statusCodes[status] ?? 0) + 1;
  if (status !== 303) return;
  tally.accepted += 1;
  const reference = location ? new URL(location, "http://x").searchParams.get("ref") : null;
  if (reference) tally.references.push(reference);
}

/** One submission with fetch before the load: a setup problem (403, 400) shows here, with its answer. */
async function checkSubmission(baseUrl: string): Promise<Tally> {
  const tally = newTally();
  const { address, body } = nextSubmission();
  const res = await fetch(baseUrl + REQUEST.path, { method: "POST", redirect: "manual", headers: submissionHeaders(baseUrl, address), body });
  const text = await res.text();
  const location = res.headers.get("location") ?? undefined;
  record(tally, res.status, location);
  if (res.status !== 303 || !location?.startsWith("/thank-you?ref=SR-")) {
    throw new Error(`POST ${REQUEST.path} answered ${res.status} (Location: ${location ?? "none"}), not 303 to /thank-you: ${text.slice(0, 300)}`);
  }
  return tally;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** `amount` submissions from CONNECTIONS connections (closed loop: each sends its next when answered). */
async function submitLoad(baseUrl: string, amount: number) {
  const tally = newTally();
  const latencies: number[] = [];
  const started = performance.now();
  let lastAnswer = started;
  const run = autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    amount,
    timeout: REQUEST.timeoutS,
    requests: [
      {
        method: "POST",
        path: REQUEST.path,
        setupRequest: (req) => {
          const { address, body } = nextSubmission();
          return { ...req, headers: { ...req.headers, ...submissionHeaders(baseUrl, address) }, body };
        },
        onResponse: (status, _body, _context, headers) => {
          const location = Object.entries(headers).find(([name]) => name.toLowerCase() === "location")?.[1];
          record(tally, status, Array.isArray(location) ? location[0] : location);
        },
      },
    ],
  });
  // autocannon's own histogram has 1 ms steps: keep every answer's time instead.
  run.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    lastAnswer = performance.now();
  });
  const result = await run;
  const durationS = (lastAnswer - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    tally,
    submissions: latencies.length,
    durationS: round(durationS, 2),
    requestsPerSec: durationS > 0 ? round(latencies.length / durationS, 1) : 0,
    p50Ms: round(percentile(latencies, 50), 2),
    p90Ms: round(percentile(latencies, 90), 2),
    p99Ms: round(percentile(latencies, 99), 2),
    maxMs: round(latencies.at(-1) ?? 0, 2),
    // autocannon's errors include its timeouts.
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * Every reference in service_requests, and the outbox's messages by status. PGlite: only once the server
 * has stopped (a second opener corrupts it).
 */
async function storedState(databaseUrl: string | undefined, dataDir: string): Promise<{ references: string[]; outbox: Record<string, number> }> {
  const referencesQuery = "select reference from service_requests";
  // Messages only: scheduled jobs (channel "job", e.g. a response-promise escalation due hours later) wait by design.
  const outboxQuery = "select status, count(*)::int as n from outbox where channel <> 'job' group by status";
  const read = async (query: <T>(sql: string) => Promise<T[]>) => ({
    references: (await query<{ reference: string }>(referencesQuery)).map((r) => r.reference),
    outbox: Object.fromEntries((await query<{ status: string; n: number }>(outboxQuery)).map((r) => [r.status, r.n])),
  });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await read(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return await read(async (sql) => (await db.query(sql)).rows as never[]);
  } finally {
    await db.close();
  }
}

async function benchRequests(engine: RequestsResult["engine"], databaseUrl?: string): Promise<RequestsResult> {
  console.log(`\n[${engine}] submissions: starting server (TRUST_PROXY=true)...`);
  // Our own data dir, so that it outlives the server for the row count.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-requests-"));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer(databaseUrl, { TRUST_PROXY: "true", DATA_DIR: dataDir });
  console.log(`[${engine}] server pid ${server.pid} at ${server.baseUrl}`);

  const tallies = [await checkSubmission(server.baseUrl)];
  console.log(`[${engine}] warming up (at least ${WARMUP_S} s)...`);
  const warmupStart = performance.now();
  /** About `seconds` of submissions at `perSec`, in whole rounds of one per connection, within the bounds. */
  const sized = (perSec: number, seconds: number, min: number) =>
    Math.min(REQUEST.maxSubmissions, Math.max(min, Math.round((perSec * seconds) / CONNECTIONS) * CONNECTIONS));
  let rate = 0;
  do {
    const warm = await submitLoad(server.baseUrl, rate ? sized(rate, 1, REQUEST.warmupRound) : REQUEST.warmupRound);
    tallies.push(warm.tally);
    rate = warm.requestsPerSec;
  } while (performance.now() - warmupStart < WARMUP_S * 1000);
  const amount = sized(rate, REQUEST.runS, REQUEST.minSubmissions);
  console.log(
    `[${engine}] autocannon POST ${REQUEST.path} (${CONNECTIONS} connections, ${amount} submissions: ~${REQUEST.runS} s at the warm-up's ${Math.round(rate)}/s)...`,
  );
  const cpuBefore = readCpuMs(server.pid);
  const measured = await submitLoad(server.baseUrl, amount);
  // The run's background commits too (ADR 071: its messages marked sent and its follow-up, within 250 ms).
  await sleep(500);
  const serverCpuMsPerPost = round((readCpuMs(server.pid) - cpuBefore) / amount, 2);
  console.log(`[${engine}] server CPU per submission (measured run and 500 ms after): ${serverCpuMsPerPost} ms`);
  tallies.push(measured.tally);
  const rss = readRss(server.pid);
  await sleep(SETTLE_S * 1000);
  const settledRssMb = readRss(server.pid).rssMb;
  console.log(`[${engine}] resident: ${rss.rssMb} MB right after the load, ${settledRssMb} MB after ${SETTLE_S} s idle`);
  await server.stop();

  const state = await storedState(databaseUrl, dataDir);
  const stored = state.references;
  const present = new Set(stored);
  const named = tallies.flatMap((t) => t.references);
  const accepted303 = tallies.reduce((sum, t) => sum + t.accepted, 0);
  const rowCheck = {
    accepted303,
    rows: stored.length,
    missingReferences: named.filter((r) => !present.has(r)).length,
    duplicateReferences: named.length - new Set(named).size,
    passed: false,
  };
  rowCheck.passed =
    rowCheck.rows === accepted303 && named.length === accepted303 && rowCheck.missingReferences === 0 && rowCheck.duplicateReferences === 0;
  console.log(`[${engine}] rows in service_requests: ${rowCheck.rows}; 303 answers: ${accepted303} (${rowCheck.passed ? "match" : "MISMATCH"})`);
  const unsent = Object.entries(state.outbox).filter(([status]) => status !== "sent");
  // At least the business e-mail, the business SMS and the customer's SMS for every request.
  const outboxCheck = { byStatus: state.outbox, passed: unsent.length === 0 && (state.outbox.sent ?? 0) >= 3 * stored.length };
  console.log(
    `[${engine}] outbox after stop: ${Object.entries(state.outbox).map(([status, n]) => `${n} ${status}`).join(", ") || "empty"} (${outboxCheck.passed ? "all sent" : "NOT ALL SENT"})`,
  );

  const { tally, ...figures } = measured;
  return {
    engine,
    measuredAt: new Date().toISOString(),
    ...figures,
    accepted: tally.accepted,
    rejected: measured.submissions - tally.accepted,
    statusCodes: tally.statusCodes,
    rowCheck,
    outboxCheck,
    serverCpuMsPerPost,
    ...rss,
    settledRssMb,
  };
}

// ---------------------------------------------------------------------------------------------------
// Client JavaScript size

async function gzipFile(baseUrl: string, url: string) {
  // Same-origin build assets are read from build/client; anything else is fetched uncompressed.
  const parsed = new URL(url);
  const onDisk = path.join(CLIENT_DIR, decodeURIComponent(parsed.pathname));
  let body: Buffer;
  let source: "disk" | "http";
  if (parsed.origin === new URL(baseUrl).origin && onDisk.startsWith(CLIENT_DIR) && fs.existsSync(onDisk)) {
    body = fs.readFileSync(onDisk);
    source = "disk";
  } else {
    const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
    body = Buffer.from(await res.arrayBuffer());
    source = "http";
  }
  const gzipBytes = zlib.gzipSync(body, { level: 9 }).length;
  return { url: parsed.origin === new URL(baseUrl).origin ? parsed.pathname : url, source, bytes: body.length, gzipBytes };
}

/** Every JS response the home page loads in a real browser (modulepreloads, entry, lazy chunks). */
async function scriptsViaChromium(baseUrl: string): Promise<string[]> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const urls = new Set<string>();
    page.on("response", (res) => {
      const type = res.headers()["content-type"] ?? "";
      if (res.request().resourceType() === "script" || type.includes("javascript")) urls.add(res.url());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle", timeout: 60_000 });
    return [...urls];
  } finally {
    await browser.close();
  }
}

/** Without Chromium: the scripts the server-rendered HTML names (misses anything loaded later). */
async function scriptsFromHtml(baseUrl: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const urls = new Set<string>();
  for (const tag of html.match(/<(link|script)\b[^>]*>/gi) ?? []) {
    const isPreload = /^<link/i.test(tag) && /rel=["']?modulepreload/i.test(tag);
    const attr = isPreload ? /href=["']([^"']+)/i.exec(tag) : /^<script/i.test(tag) ? /src=["']([^"']+)/i.exec(tag) : null;
    if (attr?.[1]) urls.add(new URL(attr[1], baseUrl).href);
  }
  // React Router's inline module script imports the entry and route modules: count those too.
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) {
    if (m[1]) urls.add(new URL(m[1], baseUrl).href);
  }
  return [...urls];
}

async function measureClientJs(): Promise<ClientJs> {
  console.log("\n[client JS] starting server...");
  const server = await startServer();
  try {
    const method = fs.existsSync(CHROMIUM) ? "chromium" : "html-fallback";
    if (method === "html-fallback") {
      console.log(`[client JS] ${CHROMIUM} not found: falling back to the scripts named in the home HTML.`);
    }
    const urls = method === "chromium" ? await scriptsViaChromium(server.baseUrl) : await scriptsFromHtml(server.baseUrl);
    const files = await Promise.all(urls.map((url) => gzipFile(server.baseUrl, url)));
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    return { method, totalGzipBytes, totalGzipKb: round(totalGzipBytes / 1024, 1), files };
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL: a throwaway database per run, so the bench never touches the tests' data.

async function createBenchDatabase(adminUrl: string): Promise<string> {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

// ---------------------------------------------------------------------------------------------------
// Report

/** Share of CPU time (all cores) not idle during the next `ms` milliseconds. */
async function cpuBusyPercent(ms: number): Promise<number> {
  const sample = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const t = cpu.times;
        return { idle: acc.idle + t.idle, total: acc.total + t.user + t.nice + t.sys + t.idle + t.irq };
      },
      { idle: 0, total: 0 },
    );
  const a = sample();
  await sleep(ms);
  const b = sample();
  const total = b.total - a.total;
  return total > 0 ? Math.round((100 * (total - (b.idle - a.idle))) / total) : 0;
}

function round(n: number, digits: number) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

/** Plain-text table: the first `textCols` columns left-aligned, numbers right-aligned. */
function table(rows: string[][], textCols = 1) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) => r.map((cell, i) => (i < textCols ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)));
  return rows.map((r) => line(r).join("  ").trimEnd()).join("\n");
}

function reportRequests(requests: RequestsResult[]) {
  console.log(
    `\n=== Service-request submission (POST ${REQUEST.path}, no photos; autocannon, ${CONNECTIONS} connections, ~${REQUEST.runS} s, after ${WARMUP_S} s warm-up) ===`,
  );
  const rows = [
    ["engine", "submissions", "s", "req/s", "p50 ms", "p90 ms", "p99 ms", "max ms", "303", "other", "errors", "rows", "303 total", "rows check", "messages sent", "CPU ms/post", "RSS MB", `after ${SETTLE_S} s`, "peak MB"],
  ];
  for (const r of requests) {
    rows.push([
      r.engine,
      String(r.submissions),
      r.durationS.toFixed(1),
      r.requestsPerSec.toFixed(1),
      r.p50Ms.toFixed(2),
      r.p90Ms.toFixed(2),
      r.p99Ms.toFixed(2),
      r.maxMs.toFixed(2),
      String(r.accepted),
      String(r.rejected),
      String(r.errors),
      String(r.rowCheck.rows),
      String(r.rowCheck.accepted303),
      r.rowCheck.passed ? "passed" : "FAILED",
      `${r.outboxCheck.byStatus.sent ?? 0}${r.outboxCheck.passed ? "" : " (NOT ALL)"}`,
      r.serverCpuMsPerPost.toFixed(2),
      r.rssMb.toFixed(1),
      r.settledRssMb.toFixed(1),
      r.peakRssMb.toFixed(1),
    ]);
  }
  console.log(table(rows));
  console.log("(other: answers other than 303, e.g. 400/403/429/500; rows and 303 total include the check submission and the warm-up.)");
  for (const r of requests) {
    const other = Object.entries(r.statusCodes).filter(([status]) => status !== "303");
    if (other.length > 0) console.log(`${r.engine}: other answers: ${other.map(([status, n]) => `${status} x${n}`).join(", ")}`);
    const { missingReferences, duplicateReferences } = r.rowCheck;
    if (missingReferences || duplicateReferences) {
      console.log(`${r.engine}: ${missingReferences} references named by a 303 are not stored; ${duplicateReferences} named twice.`);
    }
  }
}

function report(
  tool: Tool | undefined,
  clientJs: ClientJs | undefined,
  engines: EngineResult[],
  requests: RequestsResult[],
  skipped: string | undefined,
) {
  if (clientJs) {
    console.log(`\n=== Client JS of the home page (${clientJs.method}, gzip -9) ===`);
    console.log(
      table([
        ["file", "bytes", "gzip bytes", "source"],
        ...clientJs.files.map((f) => [f.url, String(f.bytes), String(f.gzipBytes), f.source]),
        ["total", String(clientJs.files.reduce((s, f) => s + f.bytes, 0)), String(clientJs.totalGzipBytes), ""],
      ]),
    );
  }

  if (tool && engines.length > 0) {
    console.log(`\n=== Load (${tool}, ${CONNECTIONS} connections, ${DURATION_S} s, after ${WARMUP_S} s warm-up) ===`);
    const rows = [["engine", "page", "status", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "RSS MB", "peak MB"]];
    for (const e of engines) {
      for (const key of ["home", "homeUncached", "notFound", "notFoundUncached", "serviceUncached"] as const) {
        const r = e[key];
        rows.push([
          e.engine,
          `${PAGES[key]}${UNCACHED[key] ? " (uncached)" : ""}`,
          String(e.status[key]),
          r.requestsPerSec.toFixed(1),
          r.p50Ms.toFixed(2),
          r.p99Ms.toFixed(2),
          String(r.requests),
          String(r.non2xx),
          String(r.errors),
          key === "home" ? e.rssMb.toFixed(1) : "",
          key === "home" ? e.peakRssMb.toFixed(1) : "",
        ]);
      }
    }
    console.log(table(rows, 2));
    console.log("(RSS: server VmRSS after the load runs; peak: VmHWM.)");
  }
  if (requests.length > 0) reportRequests(requests);
  if (skipped) console.log(`PostgreSQL: ${skipped}`);

  console.log("\n=== Targets ===");
  const verdict = (ok: boolean) => (ok ? "OK" : "MISSED");
  const targetRows = [
    ["target", "goal", "measured", ""],
    ...(clientJs
      ? [
          ["home client JS (gzip), shell", `<= ${TARGETS.clientJsKb} KB`, `${clientJs.totalGzipKb.toFixed(1)} KB`, verdict(clientJs.totalGzipKb <= TARGETS.clientJsKb)],
          [
            "home client JS (gzip), all sections",
            `<= ${TARGETS.clientJsAllSectionsKb} KB`,
            `${clientJs.totalGzipKb.toFixed(1)} KB`,
            verdict(clientJs.totalGzipKb <= TARGETS.clientJsAllSectionsKb),
          ],
        ]
      : []),
    ...engines.flatMap((e) => [
      [`home req/s, page cache (${e.engine})`, `>= ${TARGETS.homeRps}`, e.home.requestsPerSec.toFixed(1), verdict(e.home.requestsPerSec >= TARGETS.homeRps)],
      [`home req/s, uncached (${e.engine})`, `>= ${TARGETS.homeUncachedRps}`, e.homeUncached.requestsPerSec.toFixed(1), verdict(e.homeUncached.requestsPerSec >= TARGETS.homeUncachedRps)],
      [
        `service page req/s, uncached (${e.engine})`,
        `>= ${TARGETS.serviceUncachedRps}`,
        e.serviceUncached.requestsPerSec.toFixed(1),
        verdict(e.serviceUncached.requestsPerSec >= TARGETS.serviceUncachedRps),
      ],
    ]),
    ...requests.flatMap((r) => [
      [`request p99, ${CONNECTIONS} concurrent (${r.engine})`, `< ${TARGETS.requestP99Ms} ms`, `${r.p99Ms.toFixed(1)} ms`, verdict(r.p99Ms < TARGETS.requestP99Ms)],
      [`request non-303 + errors (${r.engine})`, "0", String(r.rejected + r.errors), verdict(r.rejected + r.errors === 0)],
      [
        `request rows stored (${r.engine})`,
        "= 303 answers",
        `${r.rowCheck.rows} / ${r.rowCheck.accepted303}`,
        verdict(r.rowCheck.passed),
      ],
      [
        `request notifications sent (${r.engine})`,
        "all, >= 3 per row",
        Object.entries(r.outboxCheck.byStatus).map(([status, n]) => `${n} ${status}`).join(", "),
        verdict(r.outboxCheck.passed),
      ],
    ]),
  ];
  console.log(table(targetRows));
}

// ---------------------------------------------------------------------------------------------------

/** Where the submission settings are recorded in results.json. */
const REQUEST_SETTINGS = {
  path: REQUEST.path,
  tool: "autocannon (programmatic)",
  connections: CONNECTIONS,
  runS: REQUEST.runS,
  warmupS: WARMUP_S,
  warmupRound: REQUEST.warmupRound,
  timeoutS: REQUEST.timeoutS,
  photos: 0,
  trustProxy: true,
  form: REQUEST.form,
};

/** `--requests`: the submission figures go into the last full run's results.json, the rest of it kept. */
function mergeRequestResults(
  requests: RequestsResult[],
  base: Record<string, unknown>,
  cpuBusyBeforePercent: number,
): Record<string, unknown> {
  let previous: Record<string, unknown>;
  try {
    previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>;
  } catch {
    previous = base;
  }
  const engines = { ...(previous.engines as Record<string, Record<string, unknown>> | undefined) };
  for (const r of requests) engines[r.engine] = { ...engines[r.engine], requests: r };
  return {
    ...previous,
    requestsTimestamp: new Date().toISOString(),
    requestsCpuBusyBeforePercent: cpuBusyBeforePercent,
    settings: { ...(previous.settings as Record<string, unknown> | undefined), requests: REQUEST_SETTINGS },
    targets: { ...(previous.targets as Record<string, unknown> | undefined), ...TARGETS },
    engines,
  };
}

/** The back office at volume on each engine (a throwaway PostgreSQL database when one is configured). */
async function benchBackOfficeEngines(pgUrl: string | undefined): Promise<BackOfficeResult[]> {
  const results = [await benchBackOffice("pglite")];
  if (pgUrl) results.push(await benchBackOffice("postgres", { databaseUrl: await createBenchDatabase(pgUrl) }));
  reportBackOffice(results);
  return results;
}

/** `--back-office`: its figures go into the last full run's results.json, the rest of it kept. */
function mergeBackOfficeResults(backOffice: BackOfficeResult[]): Record<string, unknown> {
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>;
  } catch {
    // No earlier run: the file holds only these figures.
  }
  return { ...previous, backOfficeTimestamp: new Date().toISOString(), backOffice };
}

/** Money on each engine; PostgreSQL gets two throwaway databases (the issues start from an empty series). */
async function benchMoneyEngines(pgUrl: string | undefined): Promise<MoneyResult[]> {
  const results = [await benchMoney("pglite")];
  if (pgUrl) results.push(await benchMoney("postgres", { pagesDb: await createBenchDatabase(pgUrl), issuesDb: await createBenchDatabase(pgUrl) }));
  reportMoney(results);
  return results;
}

/** `--money`: its figures go into the last full run's results.json, the rest of it kept. */
function mergeMoneyResults(money: MoneyResult[]): Record<string, unknown> {
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>;
  } catch {
    // No earlier run: the file holds only these figures.
  }
  return { ...previous, moneyTimestamp: new Date().toISOString(), money };
}

/** `--schedule`: its figures go into the last full run's results.json, the rest of it kept. */
function mergeScheduleResults(schedule: ScheduleResult): Record<string, unknown> {
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>;
  } catch {
    // No earlier run: the file holds only these figures.
  }
  return { ...previous, scheduleTimestamp: new Date().toISOString(), schedule };
}

// Live updates (issue 12 §1, scripts/lib/bench-live.ts): 2,000 event streams on each engine.
async function benchLiveEngines(pgUrl: string | undefined): Promise<LiveResult[]> {
  const results = [await benchLive("pglite")];
  if (pgUrl) results.push(await benchLive("postgres", await createBenchDatabase(pgUrl)));
  reportLive(results);
  return results;
}

/**
 * `--admin-volume`: both engines on scratch databases seeded by seed-volume, or with --volume-url=<postgres
 * url> only that database, already seeded; --volume-dir=<PGlite data directory> likewise (seed it with
 * `DATA_DIR=... npm run seed:volume`; the bench writes its session into it: measure a copy).
 */
async function benchAdminVolumeEngines(pgUrl: string | undefined): Promise<AdminVolumeResult[]> {
  const given = process.argv.find((a) => a.startsWith("--volume-url="))?.slice("--volume-url=".length);
  const screens = process.argv.find((a) => a.startsWith("--screens="))?.slice("--screens=".length).split(",").map((p) => p.trim().replace(/\/+$/, "") || "/admin").filter(Boolean);
  const results: AdminVolumeResult[] = [];
  const givenDir = process.argv.find((a) => a.startsWith("--volume-dir="))?.slice("--volume-dir=".length);
  if (given || givenDir) {
    if (givenDir) results.push(await benchAdminVolume("pglite", { dataDir: path.resolve(givenDir), seeded: true, screens }));
    if (given) results.push(await benchAdminVolume("postgres", { databaseUrl: given, seeded: true, screens }));
  } else {
    if (!process.argv.includes("--postgres-only")) results.push(await benchAdminVolume("pglite", { screens }));
    if (pgUrl) results.push(await benchAdminVolume("postgres", { databaseUrl: await createBenchDatabase(pgUrl), screens }));
  }
  reportAdminVolume(results);
  return results;
}

/** Publish to visible on each engine (a throwaway database on PostgreSQL). */
async function benchPublishEngines(pgUrl: string | undefined): Promise<PublishBenchResult[]> {
  const results = [await benchPublish("pglite")];
  if (pgUrl) results.push(await benchPublish("postgres", await createBenchDatabase(pgUrl)));
  reportPublish(results);
  return results;
}

async function main() {
  buildIfMissing();
  const pgUrlForBackOffice = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (process.argv.includes("--publish")) {
    const publish = await benchPublishEngines(pgUrlForBackOffice);
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>;
    } catch {
      // No earlier run: the file holds only these figures.
    }
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...previous, publishTimestamp: new Date().toISOString(), publish }, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)} (publish figures only; the rest kept)`);
    return;
  }
  if (process.argv.includes("--live")) {
    const live = await benchLiveEngines(pgUrlForBackOffice);
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>;
    } catch {
      // No earlier run: the file holds only these figures.
    }
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...previous, liveTimestamp: new Date().toISOString(), live }, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)} (live figures only; the rest kept)`);
    return;
  }
  // Issue 20 §2 and §5 (scripts/lib/bench-proxy.ts): printed, not merged into results.json.
  if (process.argv.includes("--proxy")) {
    const tool = pickTool();
    reportProxy(await benchProxy((url, seconds) => loadTest(tool, url, seconds)));
    return;
  }
  // Issue 19 §4 (scripts/lib/bench-seo-audit.ts): printed, not merged into results.json.
  if (process.argv.includes("--seo-audit")) {
    const engines: Array<["pglite" | "postgres", string | undefined]> = [["pglite", undefined]];
    if (pgUrlForBackOffice) engines.push(["postgres", pgUrlForBackOffice]);
    const results = [];
    for (const [engine, url] of engines) results.push(await benchSeoAudit(engine, url && (await createBenchDatabase(url))));
    reportSeoAudit(results);
    return;
  }
  // Issue 12 (scripts/lib/bench-chat.ts, bench-visitors.ts): printed, not merged into results.json.
  if (process.argv.includes("--chat") || process.argv.includes("--visitors")) {
    const engines: Array<["pglite" | "postgres", string | undefined]> = [["pglite", undefined]];
    if (pgUrlForBackOffice) engines.push(["postgres", pgUrlForBackOffice]);
    if (process.argv.includes("--chat")) {
      const chat = [];
      for (const [engine, url] of engines) chat.push(await benchChat(engine, url && (await createBenchDatabase(url))));
      reportChat(chat);
    }
    if (process.argv.includes("--visitors")) {
      const visitors = [];
      for (const [engine, url] of engines) visitors.push(await benchVisitors(engine, url && (await createBenchDatabase(url))));
      reportVisitors(visitors);
    }
    return;
  }
  if (process.argv.includes("--admin-volume")) {
    const adminVolume = await benchAdminVolumeEngines(pgUrlForBackOffice);
    // A walk restricted to some screens is for iterating on them: its figures do not replace a full run's.
    if (process.argv.some((a) => a.startsWith("--screens="))) return;
    let previous: Record<string, unknown> = {};
    try {
      previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>;
    } catch {
      // No earlier run: the file holds only these figures.
    }
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify({ ...previous, adminVolumeTimestamp: new Date().toISOString(), adminVolume }, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)} (admin-volume figures only; the rest kept)`);
    return;
  }
  if (process.argv.includes("--back-office")) {
    const backOffice = await benchBackOfficeEngines(pgUrlForBackOffice);
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(mergeBackOfficeResults(backOffice), null, 2)}\n`);
    console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)} (back-office figures only; the rest kept)`);
    return;
  }
  if (process.argv.includes("--schedule")) {
    // Loaded only here: it hooks the app's "~/" imports into this process (the board's loader timed in-process).
    const { benchSchedule, reportSchedule } = await import("./lib/bench-schedule.ts");
    const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
    const schedule = await benchSchedule(pgUrlForBackOffice, { volumeUrl: arg("volume-url"), volumeDir: arg("volume-dir") });
    reportSchedule(schedule);
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(mergeScheduleResults(schedule), null, 2)}\n`);
    console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)} (schedule figures only; the rest kept)`);
    return;
  }
  if (process.argv.includes("--money")) {
    const money = await benchMoneyEngines(pgUrlForBackOffice);
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(mergeMoneyResults(money), null, 2)}\n`);
    console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)} (money figures only; the rest kept)`);
    return;
  }
  // Other work on the machine skews every figure: record how busy the CPUs were, and warn when busy.
  const busyBefore = await cpuBusyPercent(2000);
  console.log(`CPU busy before starting: ${busyBefore}% (of ${os.cpus().length} CPUs)`);
  if (busyBefore > 15) console.log("Note: other processes are using the CPUs; the load figures will be low and noisy.");
  // `npm run bench -- --requests`: just the service-request submissions, on both engines.
  const requestsOnly = process.argv.includes("--requests");
  const tool = requestsOnly ? undefined : pickTool();
  if (tool) console.log(`Load tool: ${tool}${tool === "autocannon" ? (onPath("wrk") ? " (forced by BENCH_TOOL)" : " (wrk not on PATH)") : ""}`);
  console.log("Submissions: autocannon's programmatic API (a different form per post)");

  const clientJs = requestsOnly ? undefined : await measureClientJs();
  // `npm run bench -- --client-js`: just the home page's JavaScript weight, in seconds instead of minutes.
  if (clientJs && process.argv.includes("--client-js")) {
    for (const f of clientJs.files) console.log(`${String(f.gzipBytes).padStart(7)}  ${f.url}`);
    console.log(`home client JS: ${clientJs.totalGzipKb} KB gzip (target <= ${TARGETS.clientJsAllSectionsKb} KB)`);
    return;
  }
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  // `npm run bench -- --pages`: only the page load tests (cached, uncached, the 404), printed, not merged.
  if (tool && process.argv.includes("--pages")) {
    const measured = [await benchEngine(tool, "pglite")];
    if (pgUrl) measured.push(await benchEngine(tool, "postgres", await createBenchDatabase(pgUrl)));
    for (const e of measured) {
      for (const key of Object.keys(PAGES) as PageKey[]) {
        const r = e[key];
        console.log(`${e.engine.padEnd(9)} ${`${PAGES[key]}${UNCACHED[key] ? " (uncached)" : ""}`.padEnd(36)} ${String(r.requestsPerSec).padStart(9)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms`);
      }
    }
    return;
  }
  const engines: EngineResult[] = [];
  const requests: RequestsResult[] = [];
  // `--postgres-only` (with a PostgreSQL URL): PGlite is skipped, e.g. to compare server flags on PostgreSQL alone.
  const pgliteToo = !process.argv.includes("--postgres-only");
  if (pgliteToo && tool) engines.push(await benchEngine(tool, "pglite"));
  if (pgliteToo) requests.push(await benchRequests("pglite"));

  let skipped: string | undefined;
  if (pgUrl) {
    if (tool) {
      const url = await createBenchDatabase(pgUrl);
      console.log(`\n[postgres] using throwaway database ${new URL(url).pathname.slice(1)}`);
      engines.push(await benchEngine(tool, "postgres", url));
    }
    // A database of its own, so that the row count starts from zero.
    const url = await createBenchDatabase(pgUrl);
    console.log(`\n[postgres] submissions: using throwaway database ${new URL(url).pathname.slice(1)}`);
    requests.push(await benchRequests("postgres", url));
  } else {
    skipped = "skipped (set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to include it)";
  }

  report(tool, clientJs, engines, requests, skipped);
  const backOffice = requestsOnly ? undefined : await benchBackOfficeEngines(pgUrl);
  const money = requestsOnly ? undefined : await benchMoneyEngines(pgUrl);
  const live = requestsOnly ? undefined : await benchLiveEngines(pgUrl);
  const publish = requestsOnly ? undefined : await benchPublishEngines(pgUrl);

  const base = {
    timestamp: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs, ${round(os.totalmem() / 2 ** 30, 1)} GB`,
    cpuBusyBeforePercent: busyBefore,
  };
  const results = requestsOnly
    ? mergeRequestResults(requests, { ...base, settings: {}, targets: TARGETS, engines: {}, ...(skipped ? { postgres: skipped } : {}) }, busyBefore)
    : {
        ...base,
        tool,
        settings: { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, pages: PAGES, requests: REQUEST_SETTINGS },
        targets: TARGETS,
        clientJs,
        engines: Object.fromEntries(engines.map((e) => [e.engine, { ...e, requests: requests.find((r) => r.engine === e.engine) }])),
        ...(skipped ? { postgres: skipped } : {}),
        backOffice,
        money,
        live,
        publish,
      };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)}${requestsOnly ? " (submission figures only; the rest kept)" : ""}`);
}

try {
  await main();
} catch (error) {
  console.error("\nBench failed:", describeError(error));
  process.exitCode = 1;
} finally {
  await runCleanups();
}
