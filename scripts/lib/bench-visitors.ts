/**
 * Visitor pings (issue 12 §2), for `npm run bench -- --visitors`: 1,000 pings a second must not raise the home
 * page's p99. On a fresh server (TRUST_PROXY, so that each ping can come from a visitor address of its own, as
 * on the real site, and the per-address limit does not answer them with 429s):
 *
 * 1. GET / under wrk (2 threads, 50 connections, 10 s) alone: the home page's p99 without pings;
 * 2. the same while autocannon, in this process, sends POST /api/visitors at a fixed 1,000 a second, each a new
 *    session (the worst case for the table: every ping an INSERT) from one of 5,000 addresses;
 * 3. the figures the server then gives (GET /api/visitors) must count every ping answered 200.
 *
 * Everything shares the machine's 2 cores: wrk, autocannon and the server. The p99s are compared as measured.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { setTimeout as sleep } from "node:timers/promises";
import { startProductionServer, type RunningServer } from "./production-server.ts";

export const PING_RATE = 1000;
const SECONDS = 10;

interface HomeLoad {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface VisitorsBenchResult {
  engine: "pglite" | "postgres";
  homeAlone: HomeLoad;
  homeWithPings: HomeLoad;
  pings: { sent: number; ok: number; non2xx: number; errors: number; perSec: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** The server's total after the run: every ping was a new session. */
  counted: number;
  passed: boolean;
}

const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => Promise<{ errors: number; timeouts: number; non2xx: number }> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

function toMs(value: string, unit: string): number {
  return Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!;
}

function wrkHome(server: RunningServer): Promise<HomeLoad> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t2", "-c50", `-d${SECONDS}s`, "--latency", `${server.baseUrl}/`], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}`));
      const m = (re: RegExp) => re.exec(out) ?? [];
      const [, p50, p50u] = m(/^\s*50%\s+([\d.]+)(us|ms|s)\s*$/m);
      const [, p99, p99u] = m(/^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m);
      const [, rps] = m(/Requests\/sec:\s+([\d.]+)/);
      const [, non2xx] = m(/Non-2xx or 3xx responses:\s+(\d+)/);
      if (!p50 || !p99 || !rps) return reject(new Error(`could not read wrk's output:\n${out}`));
      resolve({ requestsPerSec: Number(rps), p50Ms: round(toMs(p50, p50u!)), p99Ms: round(toMs(p99, p99u!)), non2xx: Number(non2xx ?? 0) });
    });
  });
}

async function pingLoad(server: RunningServer, seconds: number) {
  const latencies: number[] = [];
  let n = 0;
  let ok = 0;
  const run = autocannon({
    url: server.baseUrl,
    connections: 50,
    overallRate: PING_RATE,
    amount: PING_RATE * seconds,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: "/api/visitors",
        setupRequest: (req: Record<string, unknown>) => {
          n += 1;
          const body = JSON.stringify({ sessionId: `session-${Date.now()}-b${n.toString(36)}x${Math.random().toString(36).slice(2, 8)}`, pagePath: n % 3 ? "/" : "/services" });
          const headers = { ...(req.headers as object), "content-type": "application/json", "x-forwarded-for": `198.19.${(n % 5000) >> 8}.${n % 256}` };
          return { ...req, headers, body };
        },
        onResponse: (status: number) => {
          if (status === 200) ok += 1;
        },
      },
    ],
  });
  run.on("response", (_c, _s, _b, ms) => latencies.push(ms));
  const started = performance.now();
  const result = await run;
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    sent: latencies.length,
    ok,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    perSec: round(latencies.length / elapsed),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? 0),
  };
}

/** The server's total once its cached figures (5 s) have expired: ask once to start a fresh read, then again. */
async function freshTotal(server: RunningServer): Promise<number> {
  await sleep(5_500);
  await fetch(`${server.baseUrl}/api/visitors`);
  await sleep(1_000);
  return ((await (await fetch(`${server.baseUrl}/api/visitors`)).json()) as { total: number }).total;
}

export async function benchVisitors(engine: "pglite" | "postgres", databaseUrl?: string): Promise<VisitorsBenchResult> {
  console.log(`\n[visitors ${engine}] starting server...`);
  const server = await startProductionServer(databaseUrl, { TRUST_PROXY: "true" });
  try {
    // Warm the page cache and the ping path.
    for (let i = 0; i < 50; i++) await (await fetch(`${server.baseUrl}/`)).text();
    await pingLoad(server, 2);
    const before = await freshTotal(server);
    console.log(`[visitors ${engine}] GET / alone (${SECONDS} s)...`);
    const homeAlone = await wrkHome(server);
    console.log(`[visitors ${engine}] GET / with ${PING_RATE} pings/s (${SECONDS} s)...`);
    const [homeWithPings, pings] = await Promise.all([wrkHome(server), pingLoad(server, SECONDS + 1)]);
    const counted = (await freshTotal(server)) - before;
    // "Without raising the home page's p99": within the run-to-run noise of a shared 2-core machine (20%, 2 ms).
    const passed = pings.ok === pings.sent && counted === pings.ok && homeWithPings.p99Ms <= Math.max(homeAlone.p99Ms * 1.2, homeAlone.p99Ms + 2) && pings.perSec >= PING_RATE * 0.95;
    return { engine, homeAlone, homeWithPings, pings, counted, passed };
  } finally {
    await server.stop();
  }
}

export function reportVisitors(results: VisitorsBenchResult[]): void {
  console.log(`\n=== Visitor pings: ${PING_RATE}/s against GET / (wrk -t2 -c50 -d${SECONDS}s) ===`);
  for (const r of results) {
    console.log(
      `${r.engine.padEnd(9)} home alone p99 ${r.homeAlone.p99Ms} ms (${r.homeAlone.requestsPerSec}/s); with pings p99 ${r.homeWithPings.p99Ms} ms (${r.homeWithPings.requestsPerSec}/s)`,
    );
    console.log(
      `${"".padEnd(9)} pings ${r.pings.perSec}/s, ${r.pings.ok}/${r.pings.sent} answered 200 (errors ${r.pings.errors}), p50 ${r.pings.p50Ms} ms, p99 ${r.pings.p99Ms} ms; counted by the server: ${r.counted}  ${r.passed ? "PASS" : "FAIL"}`,
    );
  }
}
