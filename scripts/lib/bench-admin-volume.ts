/**
 * Every back-office screen at volume (issue 17 §8), for `npm run bench -- --admin-volume`.
 *
 * On a scratch database filled by scripts/seed-volume.ts (100,000 requests and 1,000,000 rows of history by
 * default; `--volume-url=postgres://...` measures a PostgreSQL database already seeded instead, and only it)
 * it starts the production server, opens an owner's session through the test-only session hook (ADR 014),
 * and walks the screen registry (app/lib/admin/screens.ts): for every built screen,
 *
 * - the screen itself (a list, or the dashboard);
 * - a search, when the screen has the list kit's search box (name="q"): "Hyderabad" (a city, a company and
 *   a technician's base in seed-volume's data) and, on the service-request list, a fragment from the middle
 *   of a name;
 * - a record page: the first link on the screen to one of its records (a path below the screen's own whose
 *   last part holds a digit: SR-2611-0042, CU-..., 17);
 * - the CSV export, when the screen offers one (its ?format=csv link).
 *
 * `--screens=/admin/sms,/admin/communications` restricts the walk to those registered paths (for quick
 * iteration on a few screens; a full run measures them all).
 *
 * Plus the service-request list's "all" tab, with and without the search, as the issue measured them, and the
 * business analytics over a year and over three years (issue 19 §6: its own target, ANALYTICS_PERIOD_TARGETS). Each
 * is requested WARMUP times, then SAMPLES times one after another, timed from this process to the last byte
 * over loopback (routing, the guard, the queries, the render). Target: p95 < 100 ms on PostgreSQL and
 * < 300 ms on PGlite, for every one of them; for a CSV export, to its first byte (exports are streamed in
 * batches: the last byte of 50,000 rows is printed beside it, ADR 024).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { ADMIN_SCREENS } from "../../app/lib/admin/screens.ts";
import { startProductionServer, staffSessionCookie } from "./production-server.ts";
import { seedVolume, timing, type Timing } from "./bench-back-office.ts";

export const ADMIN_VOLUME_TARGETS = { postgres: 100, pglite: 300 } as const;
/**
 * The business analytics over a long period (issue 19 §6, ADR 038): the year the owner looks at and the
 * longest period the screen allows (three years, MAX_DAYS in app/lib/analytics.ts, which this script cannot
 * import: it resolves "~/"), each with the period before it. Their target is issue 19's, not the list's.
 */
export const ANALYTICS_PERIOD_TARGETS = { postgres: 200, pglite: 600 } as const;
const ANALYTICS_PERIODS = [365, 3 * 366];
/** `--samples=5`: fewer timed requests (a quick look; the figures of record use 25). */
const SAMPLES = Number(process.argv.find((a) => a.startsWith("--samples="))?.slice("--samples=".length)) || 25;
const WARMUP = 3;
const SEARCH = "Hyderabad";
/** From the middle of seed-volume's contact names ("Lakshmi Reddy"): a search must find any part of a name. */
const MIDDLE_OF_NAME = "kshmi Red";

export interface ScreenTiming extends Timing {
  /** "list", "search", "record", "csv". */
  kind: string;
  url: string;
  /**
   * A CSV export's time to its first byte (the header and first batch of rows). An export is streamed in
   * batches (ADR 024): its target is on the first byte; the last byte of 50,000 rows is reported beside it.
   */
  firstByte?: Timing;
  /** A case with a target of its own (an analytics period); else the walk's. */
  targetMs?: number;
}

/** The figure a case is judged on: the first byte of an export, the last byte of everything else. */
export const judgedP95 = (s: ScreenTiming) => s.firstByte?.p95Ms ?? s.p95Ms;
/** Whether a case met its target: its own, else the walk's. */
export const metTarget = (s: ScreenTiming, walkTargetMs: number) => judgedP95(s) < (s.targetMs ?? walkTargetMs);

export interface AdminVolumeResult {
  engine: "pglite" | "postgres";
  requests: number;
  history: number;
  seedSeconds: number | null;
  screens: ScreenTiming[];
  /** Screens that did not answer 200 to the owner (a file route, a screen needing data the seed has not). */
  skipped: Array<{ url: string; status: number }>;
  targetP95Ms: number;
  passed: boolean;
}

const decode = (href: string) => href.replaceAll("&amp;", "&");

/** The cases a screen's own page offers: a search, a record page, a CSV export. */
function casesOf(screenPath: string, html: string): Array<{ kind: string; url: string }> {
  const cases: Array<{ kind: string; url: string }> = [];
  if (/<input[^>]*name="q"/.test(html)) cases.push({ kind: "search", url: `${screenPath}?q=${encodeURIComponent(SEARCH)}` });
  const escaped = screenPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const record = new RegExp(`href="(${escaped}/[^"?#/]*\\d[^"?#/]*)"`).exec(html);
  if (record && screenPath !== "/admin") cases.push({ kind: "record", url: decode(record[1]!) });
  const csv = /href="([^"]*[?&](?:amp;)?format=csv[^"]*)"/.exec(html);
  if (csv) cases.push({ kind: "csv", url: decode(csv[1]!) });
  return cases;
}

export async function benchAdminVolume(
  engine: "pglite" | "postgres",
  options: { databaseUrl?: string; dataDir?: string; seeded?: boolean; requests?: number; history?: number; screens?: readonly string[] } = {},
): Promise<AdminVolumeResult> {
  const requests = options.requests ?? 100_000;
  const history = options.history ?? 1_000_000;
  // --volume-dir=: a PGlite data directory already seeded (kept afterwards), as --volume-url= for PostgreSQL.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "bench-admin-volume-"));
  try {
    let seedSeconds: number | null = null;
    if (!options.seeded) {
      console.log(`\n[${engine}] admin at volume: seeding ${requests.toLocaleString("en-IN")} requests and ${history.toLocaleString("en-IN")} history rows...`);
      seedSeconds = seedVolume(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: dataDir }, requests, history);
      console.log(`[${engine}] seeded in ${seedSeconds.toFixed(0)} s`);
    }
    const token = randomBytes(24).toString("base64url");
    const server = await startProductionServer(options.databaseUrl, { DATA_DIR: dataDir, E2E_FIXTURE_TOKEN: token, SITE_URL: "http://localhost" });
    try {
      const headers = { cookie: await staffSessionCookie(server.baseUrl, token) };
      const get = async (url: string): Promise<{ ms: number; firstByteMs: number; status: number; body: string }> => {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}${url}`, { headers, redirect: "manual" });
        // The response's first bytes (status line and headers): an export sends them once its first rows are
        // read. Its first body bytes come a little later, when gzip has filled its first block.
        const firstByteMs = performance.now() - started;
        const body = await response.text();
        return { ms: performance.now() - started, firstByteMs, status: response.status, body };
      };
      const screens: ScreenTiming[] = [];
      const skipped: AdminVolumeResult["skipped"] = [];
      const time = async (kind: string, url: string, targetMs?: number): Promise<string | undefined> => {
        let body = "";
        for (let i = 0; i < WARMUP; i++) {
          const first = await get(url);
          if (first.status !== 200) {
            skipped.push({ url, status: first.status });
            return undefined;
          }
          body = first.body;
        }
        const times: number[] = [];
        const firstBytes: number[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          const r = await get(url);
          times.push(r.ms);
          firstBytes.push(r.firstByteMs);
        }
        const t: ScreenTiming = { kind, url, ...timing(times) };
        if (kind === "csv") t.firstByte = timing(firstBytes);
        if (targetMs !== undefined) t.targetMs = targetMs;
        screens.push(t);
        console.log(
          `[${engine}] ${kind.padEnd(6)} ${url.slice(0, 70).padEnd(70)} p50 ${String(t.p50Ms).padStart(7)} ms  p95 ${String(t.p95Ms).padStart(7)} ms${t.firstByte ? `  first byte p95 ${t.firstByte.p95Ms} ms` : ""}`,
        );
        return body;
      };
      for (const screen of ADMIN_SCREENS.filter((s) => s.built && (!options.screens || options.screens.includes(s.path)))) {
        const html = await time("list", screen.path);
        if (html === undefined) continue;
        for (const c of casesOf(screen.path, html)) await time(c.kind, c.url);
        if (screen.path === "/admin/service-requests") {
          await time("list", "/admin/service-requests?status=all");
          await time("search", `/admin/service-requests?status=all&q=${encodeURIComponent(SEARCH)}`);
          await time("search", `/admin/service-requests?status=all&q=${encodeURIComponent(MIDDLE_OF_NAME)}`);
        }
        if (screen.path === "/admin/analytics") {
          // Periods ending today, India's day (+05:30 all year).
          const day = (msAgo: number) => new Date(Date.now() + 19_800_000 - msAgo).toISOString().slice(0, 10);
          for (const days of ANALYTICS_PERIODS) {
            await time("period", `/admin/analytics?from=${day((days - 1) * 86_400_000)}&to=${day(0)}`, ANALYTICS_PERIOD_TARGETS[engine]);
          }
        }
      }
      const targetP95Ms = ADMIN_VOLUME_TARGETS[engine];
      return { engine, requests, history, seedSeconds, screens, skipped, targetP95Ms, passed: screens.every((s) => metTarget(s, targetP95Ms)) };
    } finally {
      await server.stop();
    }
  } finally {
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function reportAdminVolume(results: AdminVolumeResult[]): void {
  console.log("\nEvery back-office screen at volume (owner, sequential requests over loopback, time to the last byte):");
  for (const r of results) {
    console.log(`  ${r.engine}: ${r.requests.toLocaleString("en-IN")} requests, ${r.history.toLocaleString("en-IN")} history rows; target p95 < ${r.targetP95Ms} ms`);
    for (const s of r.screens) {
      console.log(
        `  ${r.engine.padEnd(8)} ${s.kind.padEnd(6)} ${s.url.slice(0, 72).padEnd(72)} p50 ${String(s.p50Ms).padStart(7)} ms  p95 ${String(s.p95Ms).padStart(7)} ms  ${
          s.firstByte ? `(first byte p95 ${s.firstByte.p95Ms} ms) ` : ""
        }${metTarget(s, r.targetP95Ms) ? "ok" : `MISSED${s.targetMs ? ` (target ${s.targetMs} ms)` : ""}`}`,
      );
    }
    for (const s of r.skipped) console.log(`  ${r.engine.padEnd(8)} skipped ${s.url} (${s.status})`);
    const missed = r.screens.filter((s) => !metTarget(s, r.targetP95Ms)).length;
    console.log(`  ${r.engine}: ${r.screens.length} measured, ${missed} over the target${r.passed ? "" : " (MISSED)"}`);
  }
}
