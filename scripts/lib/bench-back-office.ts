/**
 * The back office at volume (issue 10's targets), for `npm run bench` and `npm run bench -- --back-office`.
 *
 * On a scratch database filled by scripts/seed-volume.ts (100,000 requests and 1,000,000 rows of history by
 * default) it starts the production server, opens an owner's session through the test-only session hook
 * (ADR 014: the server loads it only because this script gives it a random E2E_FIXTURE_TOKEN), and times
 * whole responses on the back-office host, one at a time, as an office member clicking would:
 *
 * - the service-request list, filtered and sorted, page 1;
 * - the same list's page 500, reached by following "Next" 499 times (keyset pages: what a person would do,
 *   and each hop is itself a timed page);
 * - the dashboard, with every panel (the owner sees them all).
 *
 * Timed from this process over loopback, so each figure is the server's whole answer: routing, the guard,
 * the queries and the render. Budgets: list p95 < 50 ms on PostgreSQL and < 150 ms on PGlite; dashboard p95
 * < 100 ms and < 250 ms.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, startProductionServer, staffSessionCookie } from "./production-server.ts";

export const BACK_OFFICE_TARGETS = {
  postgres: { listP95Ms: 50, dashboardP95Ms: 100 },
  pglite: { listP95Ms: 150, dashboardP95Ms: 250 },
} as const;

/**
 * Filtered and sorted: every status, one urgency (40% of seed-volume's requests: about 800 pages of 50 at
 * 100,000), oldest first, the opposite of the index's natural order.
 */
const LIST_PAGE_1 = "/admin/service-requests?status=all&urgency=within_24h&sort=oldest";
const SAMPLES = 60;
const WARMUP = 10;
const PAGE_500 = 500;

export interface Timing {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  samples: number;
}

export interface BackOfficeResult {
  engine: "pglite" | "postgres";
  requests: number;
  history: number;
  seedSeconds: number;
  listPage1: Timing;
  /** The 499 hops to page 500, each a timed page. */
  listHops: Timing;
  listPage500: Timing;
  dashboard: Timing;
  targets: (typeof BACK_OFFICE_TARGETS)[keyof typeof BACK_OFFICE_TARGETS];
  passed: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

export function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted.at(-1)!), samples: sorted.length };
}

/** Runs scripts/seed-volume.ts against the database in env; returns the seconds it took. */
export function seedVolume(env: Record<string, string>, requests: number, history: number): number {
  const started = Date.now();
  const result = spawnSync(process.execPath, ["scripts/seed-volume.ts", "--requests", String(requests), "--history", String(history)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "development", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`seed-volume failed (${result.status})`);
  return (Date.now() - started) / 1000;
}

/** The "Next" link's ?after= cursor on a list page, or undefined on the last page. */
function nextCursor(html: string): string | undefined {
  const match = html.match(/<a href="[^"]*[?&](?:amp;)?after=([A-Za-z0-9_-]+)[^"]*" rel="next"/);
  return match?.[1];
}

/**
 * Seeds a scratch database of the engine, serves it, and times the three pages. databaseUrl: a throwaway
 * PostgreSQL database (the caller drops it); without one, a temporary PGlite directory.
 */
export async function benchBackOffice(
  engine: "pglite" | "postgres",
  options: { databaseUrl?: string; requests?: number; history?: number } = {},
): Promise<BackOfficeResult> {
  const requests = options.requests ?? 100_000;
  const history = options.history ?? 1_000_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-back-office-"));
  try {
    console.log(`\n[${engine}] back office: seeding ${requests.toLocaleString("en-IN")} requests and ${history.toLocaleString("en-IN")} history rows...`);
    const seedSeconds = seedVolume(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: dataDir }, requests, history);
    console.log(`[${engine}] seeded in ${seedSeconds.toFixed(0)} s`);
    const token = randomBytes(24).toString("base64url");
    // The public site is "localhost": the back office is refused on the site's own host (the admin gate), and
    // is measured on 127.0.0.1, as a developer's machine serves it.
    const server = await startProductionServer(options.databaseUrl, { DATA_DIR: dataDir, E2E_FIXTURE_TOKEN: token, SITE_URL: "http://localhost" });
    try {
      const headers = { cookie: await staffSessionCookie(server.baseUrl, token) };
      const get = async (pathname: string): Promise<{ ms: number; html: string }> => {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}${pathname}`, { headers, redirect: "manual" });
        const html = await response.text();
        const ms = performance.now() - started;
        if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status}`);
        return { ms, html };
      };
      const timeMany = async (pathname: string): Promise<Timing> => {
        for (let i = 0; i < WARMUP; i++) await get(pathname);
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) times.push((await get(pathname)).ms);
        return timing(times);
      };

      const listPage1 = await timeMany(LIST_PAGE_1);
      const hops: number[] = [];
      let html = (await get(LIST_PAGE_1)).html;
      let after: string | undefined;
      for (let page = 2; page <= PAGE_500; page++) {
        after = nextCursor(html);
        if (!after) throw new Error(`the list has no page ${page}: seed more requests`);
        const hop = await get(`${LIST_PAGE_1}&after=${after}`);
        hops.push(hop.ms);
        html = hop.html;
      }
      const listPage500 = await timeMany(`${LIST_PAGE_1}&after=${after}`);
      const dashboard = await timeMany("/admin");
      const targets = BACK_OFFICE_TARGETS[engine];
      const listHops = timing(hops);
      const passed =
        Math.max(listPage1.p95Ms, listPage500.p95Ms, listHops.p95Ms) < targets.listP95Ms && dashboard.p95Ms < targets.dashboardP95Ms;
      return { engine, requests, history, seedSeconds, listPage1, listHops, listPage500, dashboard, targets, passed };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function reportBackOffice(results: BackOfficeResult[]): void {
  console.log("\nBack office at volume (server p95, sequential requests over loopback):");
  for (const r of results) {
    const line = (label: string, t: Timing, target: number) =>
      `  ${r.engine.padEnd(8)} ${label.padEnd(34)} p50 ${String(t.p50Ms).padStart(6)} ms  p95 ${String(t.p95Ms).padStart(6)} ms  max ${String(t.maxMs).padStart(6)} ms  (target p95 < ${target} ms) ${t.p95Ms < target ? "ok" : "MISSED"}`;
    console.log(line("list page 1 (filtered, sorted)", r.listPage1, r.targets.listP95Ms));
    console.log(line("list pages 2-500 (each hop)", r.listHops, r.targets.listP95Ms));
    console.log(line("list page 500", r.listPage500, r.targets.listP95Ms));
    console.log(line("dashboard (every panel)", r.dashboard, r.targets.dashboardP95Ms));
  }
}
