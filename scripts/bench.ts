/**
 * `npm run bench`: load-tests the production build and sizes the home page's client JavaScript.
 *
 * For each database engine (embedded PGlite always; PostgreSQL when BENCH_DATABASE_URL, TEST_DATABASE_URL
 * or DATABASE_URL is set) it starts `node server.ts` on a free port with a fresh data dir, warms it up,
 * then measures GET / and GET /no-such-page-bench (the 404 page) with wrk (or autocannon when wrk is not
 * on PATH; BENCH_TOOL=autocannon forces it) and reads the server's RSS. The client JS size is measured once,
 * in system Chromium. Everything is printed and written to bench/results.json.
 *
 * All traffic goes to 127.0.0.1. Servers, temp dirs and the throwaway PostgreSQL database are removed at
 * the end, also on error or Ctrl-C.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import zlib from "node:zlib";
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

const CLIENT_DIR = path.join(ROOT, "build/client");
const RESULTS_FILE = path.join(ROOT, "bench/results.json");

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 3;
/**
 * What is measured. The page cache (server/page-cache.ts) serves anonymous pages; a request with a cookie
 * bypasses it, so the "uncached" cases measure server rendering itself.
 */
const PAGES = {
  home: "/",
  homeUncached: "/",
  notFound: "/no-such-page-bench",
  notFoundUncached: "/no-such-page-bench",
} as const;
const UNCACHED: Record<PageKey, boolean> = { home: false, homeUncached: true, notFound: false, notFoundUncached: true };
const BYPASS_COOKIE = "bench=uncached";
const TARGETS = { clientJsKb: 115, clientJsAllSectionsKb: 125, homeRps: 5000, homeUncachedRps: 800 };

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
  rssMb: number;
  peakRssMb: number;
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
async function startServer(databaseUrl?: string): Promise<RunningServer> {
  const server = await startProductionServer(databaseUrl);
  cleanups.push(server.stop);
  return server;
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
    const header = uncached ? ["-H", `Cookie: ${BYPASS_COOKIE}`] : [];
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
  const header = uncached ? ["-H", `Cookie=${BYPASS_COOKIE}`] : [];
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
    ...rss,
  } satisfies EngineResult;
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

function report(tool: Tool, clientJs: ClientJs, engines: EngineResult[], skipped: string | undefined) {
  console.log(`\n=== Client JS of the home page (${clientJs.method}, gzip -9) ===`);
  console.log(
    table([
      ["file", "bytes", "gzip bytes", "source"],
      ...clientJs.files.map((f) => [f.url, String(f.bytes), String(f.gzipBytes), f.source]),
      ["total", String(clientJs.files.reduce((s, f) => s + f.bytes, 0)), String(clientJs.totalGzipBytes), ""],
    ]),
  );

  console.log(`\n=== Load (${tool}, ${CONNECTIONS} connections, ${DURATION_S} s, after ${WARMUP_S} s warm-up) ===`);
  const rows = [["engine", "page", "status", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "RSS MB", "peak MB"]];
  for (const e of engines) {
    for (const key of ["home", "homeUncached", "notFound", "notFoundUncached"] as const) {
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
  if (skipped) console.log(`PostgreSQL: ${skipped}`);

  console.log("\n=== Targets ===");
  const verdict = (ok: boolean) => (ok ? "OK" : "MISSED");
  const targetRows = [
    ["target", "goal", "measured", ""],
    ["home client JS (gzip), shell", `<= ${TARGETS.clientJsKb} KB`, `${clientJs.totalGzipKb.toFixed(1)} KB`, verdict(clientJs.totalGzipKb <= TARGETS.clientJsKb)],
    ["home client JS (gzip), all sections", `<= ${TARGETS.clientJsAllSectionsKb} KB`, `${clientJs.totalGzipKb.toFixed(1)} KB`, verdict(clientJs.totalGzipKb <= TARGETS.clientJsAllSectionsKb)],
    ...engines.flatMap((e) => [
      [`home req/s, page cache (${e.engine})`, `>= ${TARGETS.homeRps}`, e.home.requestsPerSec.toFixed(1), verdict(e.home.requestsPerSec >= TARGETS.homeRps)],
      [`home req/s, uncached (${e.engine})`, `>= ${TARGETS.homeUncachedRps}`, e.homeUncached.requestsPerSec.toFixed(1), verdict(e.homeUncached.requestsPerSec >= TARGETS.homeUncachedRps)],
    ]),
  ];
  console.log(table(targetRows));
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  buildIfMissing();
  // Other work on the machine skews every figure: record how busy the CPUs were, and warn when busy.
  const busyBefore = await cpuBusyPercent(2000);
  console.log(`CPU busy before starting: ${busyBefore}% (of ${os.cpus().length} CPUs)`);
  if (busyBefore > 15) console.log("Note: other processes are using the CPUs; the load figures will be low and noisy.");
  const tool = pickTool();
  console.log(`Load tool: ${tool}${tool === "autocannon" ? (onPath("wrk") ? " (forced by BENCH_TOOL)" : " (wrk not on PATH)") : ""}`);

  const clientJs = await measureClientJs();
  const engines: EngineResult[] = [await benchEngine(tool, "pglite")];

  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let skipped: string | undefined;
  if (pgUrl) {
    const url = await createBenchDatabase(pgUrl);
    console.log(`\n[postgres] using throwaway database ${new URL(url).pathname.slice(1)}`);
    engines.push(await benchEngine(tool, "postgres", url));
  } else {
    skipped = "skipped (set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to include it)";
  }

  report(tool, clientJs, engines, skipped);

  const results = {
    timestamp: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}, ${os.cpus().length} CPUs, ${round(os.totalmem() / 2 ** 30, 1)} GB`,
    cpuBusyBeforePercent: busyBefore,
    tool,
    settings: { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, pages: PAGES },
    targets: TARGETS,
    clientJs,
    engines: Object.fromEntries(engines.map((e) => [e.engine, e])),
    ...(skipped ? { postgres: skipped } : {}),
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)}`);
}

try {
  await main();
} catch (error) {
  console.error("\nBench failed:", describeError(error));
  process.exitCode = 1;
} finally {
  await runCleanups();
}
