/**
 * Live updates (issue 12 §1's targets), for `npm run bench -- --live` and the full `npm run bench`.
 *
 * Per engine: the production server on a fresh database (TRUST_PROXY, so that the streams can come from
 * several addresses, and the test-only session hook of ADR 014 to open sessions). It opens STREAMS event
 * streams (GET /live/events) as one office user's sessions, LIVE_LIMITS' 8 streams per session and 100 per
 * address, reads the server's RSS before and after, then submits EVENTS service requests through the public
 * form, one at a time: each one's "request.created" must reach every stream. Latency is from the moment the
 * form was posted to the moment a stream read the event (so it includes the request's own transaction).
 *
 * Targets: 2,000 open streams on one instance, each event delivered to all in p99 < 1 s; memory per open
 * stream < 50 KB (the server's RSS growth divided by the streams).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { startProductionServer, staffSessionCookie } from "./production-server.ts";
import { serviceRequestForm } from "./html-forms.ts";

export const LIVE_TARGETS = { streams: 2000, deliveryP99Ms: 1000, perStreamKb: 50 } as const;

const EVENTS = 20;
const STREAMS_PER_SESSION = 8;
const STREAMS_PER_ADDRESS = 100;

export interface LiveResult {
  engine: "pglite" | "postgres";
  streams: number;
  openSeconds: number;
  events: number;
  deliveries: number;
  missing: number;
  delivery: { p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
  rssBeforeMb: number;
  rssAfterMb: number;
  perStreamKb: number;
  passed: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
}

/** One open stream: resolves once the server has answered 200; records when each request's event arrives. */
function openStream(baseUrl: string, headers: Record<string, string>, seen: Map<string, number[]>): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/live/events`, { headers: { accept: "text/event-stream", ...headers }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`GET /live/events: ${res.statusCode}`));
        return;
      }
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        const now = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const match = /"reference":"([^"]+)"/.exec(block);
          if (match && block.includes('"request.created"')) {
            const list = seen.get(match[1]!);
            if (list) list.push(now);
            else seen.set(match[1]!, [now]);
          }
        }
      });
      resolve(req);
    });
    req.on("error", reject);
  });
}

export async function benchLive(engine: "pglite" | "postgres", databaseUrl?: string, streams: number = LIVE_TARGETS.streams): Promise<LiveResult> {
  const token = randomBytes(24).toString("base64url");
  const server = await startProductionServer(databaseUrl, { E2E_FIXTURE_TOKEN: token, TRUST_PROXY: "true", SESSION_SECRET: randomBytes(32).toString("base64url") });
  const open: http.ClientRequest[] = [];
  try {
    const sessionCount = Math.ceil(streams / STREAMS_PER_SESSION);
    console.log(`\n[${engine}] live: opening ${sessionCount} office sessions and ${streams} event streams...`);
    const cookies: string[] = [];
    for (let i = 0; i < sessionCount; i++) {
      cookies.push(await staffSessionCookie(server.baseUrl, token, { role: "office", mobile: "+917000000001", name: "Bench Office" }));
    }
    // Warm the server (the first requests load code and settle the heap) before the baseline.
    const seen = new Map<string, number[]>();
    const warm = await openStream(server.baseUrl, { cookie: cookies[0]!, "x-forwarded-for": "10.250.0.1" }, seen);
    warm.destroy();
    await sleep(2000);
    const rssBefore = rssKb(server.pid);

    const started = performance.now();
    const BATCH = 100;
    for (let i = 0; i < streams; i += BATCH) {
      const batch = [];
      for (let j = i; j < Math.min(streams, i + BATCH); j++) {
        const headers = { cookie: cookies[Math.floor(j / STREAMS_PER_SESSION)]!, "x-forwarded-for": `10.200.${Math.floor(j / STREAMS_PER_ADDRESS)}.1` };
        batch.push(openStream(server.baseUrl, headers, seen));
      }
      open.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - started) / 1000;
    await sleep(3000);
    const rssAfter = rssKb(server.pid);
    console.log(`[${engine}] ${open.length} streams open in ${openSeconds.toFixed(1)} s; server RSS ${Math.round(rssBefore / 1024)} → ${Math.round(rssAfter / 1024)} MB`);

    const latencies: number[] = [];
    let missing = 0;
    for (let n = 0; n < EVENTS; n++) {
      const body = serviceRequestForm(String(9_100_000_000 + n), {
        contactName: `Live Bench ${n}`,
        siteAddress: `Plot ${n}, MIDC Bhosari`,
        city: "Pune",
        faultDescription: "Drive trips on overcurrent at start-up; the bench checks live delivery.",
      }).toString();
      const sent = performance.now();
      const response = await fetch(`${server.baseUrl}/request`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl, "x-forwarded-for": `10.100.0.${n + 1}` },
        body,
        redirect: "manual",
      });
      const location = response.headers.get("location") ?? "";
      await response.arrayBuffer();
      const reference = /SR-\d{4}-\d+/.exec(decodeURIComponent(location))?.[0];
      if (response.status !== 303 || !reference) throw new Error(`POST /request: ${response.status} ${location}\n${server.output()}`);
      // Wait (bounded) for every stream to have it.
      const deadline = performance.now() + 10_000;
      while ((seen.get(reference)?.length ?? 0) < streams && performance.now() < deadline) await sleep(10);
      const arrivals = seen.get(reference) ?? [];
      missing += streams - arrivals.length;
      for (const t of arrivals) latencies.push(t - sent);
      await sleep(300);
    }
    const sorted = latencies.sort((a, b) => a - b);
    const delivery = sorted.length
      ? { p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), p99Ms: round(percentile(sorted, 99)), maxMs: round(sorted.at(-1)!) }
      : { p50Ms: NaN, p95Ms: NaN, p99Ms: NaN, maxMs: NaN };
    const perStreamKb = round((rssAfter - rssBefore) / streams, 1);
    return {
      engine,
      streams: open.length,
      openSeconds: round(openSeconds),
      events: EVENTS,
      deliveries: latencies.length,
      missing,
      delivery,
      rssBeforeMb: round(rssBefore / 1024),
      rssAfterMb: round(rssAfter / 1024),
      perStreamKb,
      passed: open.length >= LIVE_TARGETS.streams && missing === 0 && delivery.p99Ms < LIVE_TARGETS.deliveryP99Ms && perStreamKb < LIVE_TARGETS.perStreamKb,
    };
  } finally {
    for (const req of open) req.destroy();
    await server.stop();
  }
}

export function reportLive(results: LiveResult[]): void {
  console.log(`\nLive updates (targets: ${LIVE_TARGETS.streams} streams, delivery p99 < ${LIVE_TARGETS.deliveryP99Ms} ms, < ${LIVE_TARGETS.perStreamKb} KB per stream)`);
  for (const r of results) {
    console.log(
      `  ${r.engine.padEnd(8)} ${r.streams} streams (opened in ${r.openSeconds} s), ${r.events} events, ${r.deliveries} deliveries, ${r.missing} missing; ` +
        `delivery p50 ${r.delivery.p50Ms} / p95 ${r.delivery.p95Ms} / p99 ${r.delivery.p99Ms} / max ${r.delivery.maxMs} ms; ` +
        `RSS ${r.rssBeforeMb} → ${r.rssAfterMb} MB = ${r.perStreamKb} KB per stream ${r.passed ? "PASS" : "FAIL"}`,
    );
  }
}
