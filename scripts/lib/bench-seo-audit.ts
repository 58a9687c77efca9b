/**
 * The SEO audit (issue 19 §4), for `npm run bench -- --seo-audit`: a whole audit of every sitemap URL must take
 * under 60 s, and the public pages' p99 must not change while it runs. On a fresh production server (the
 * public site is "localhost", the back office is reached on 127.0.0.1, as in bench-back-office.ts):
 *
 * 1. an owner presses "Run audit now" (POST /admin/seo-audit), and the screen is read every half second
 *    until the run has finished: the wall time from the press, and the run's own time (first page to end);
 * 2. GET / at a steady HOME_RATE a second (autocannon, in this process) for SECONDS alone: its p50 and p99;
 * 3. the same while a second audit runs (pressed as the load starts).
 *
 * Everything shares the machine's 2 cores: autocannon, the server and its audit. The p99s are compared as
 * measured, with the visitors bench's allowance for noise (20 %, 2 ms).
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import { setTimeout as sleep } from "node:timers/promises";
import { startProductionServer, type RunningServer, staffSessionCookie } from "./production-server.ts";

const SECONDS = 10;
const HOME_RATE = 200;
export const AUDIT_TARGET_S = 60;

interface HomeLoad {
  sent: number;
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

export interface SeoAuditBenchResult {
  engine: "pglite" | "postgres";
  sitemapUrls: number;
  /** From the press to the screen showing the finished run. */
  wallS: number;
  /** The run's own time (first page to end), as the screen shows it. */
  runS: number;
  otherLinks: number;
  findings: number;
  homeAlone: HomeLoad;
  homeDuringAudit: HomeLoad;
  /** Whether the second audit was still running when the load ended (else the comparison is partly idle). */
  auditOutlastedLoad: boolean;
  passed: boolean;
}

const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => Promise<{ errors: number; timeouts: number; non2xx: number }> & {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

async function homeLoad(server: RunningServer): Promise<HomeLoad> {
  const latencies: number[] = [];
  const run = autocannon({ url: `${server.baseUrl}/`, connections: 10, overallRate: HOME_RATE, amount: HOME_RATE * SECONDS, timeout: 10 });
  run.on("response", (_c, _s, _b, ms) => latencies.push(ms));
  const started = performance.now();
  const result = await run;
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { sent: latencies.length, perSec: round(latencies.length / elapsed), p50Ms: round(percentile(latencies, 50)), p99Ms: round(percentile(latencies, 99)), non2xx: result.non2xx };
}

/** GET with the public site's Host (fetch cannot set Host). */
function publicGet(server: RunningServer, path: string): Promise<string> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname: "127.0.0.1", port, path, headers: { host: "localhost" } }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

interface Finished {
  id: number;
  pages: number;
  links: number;
  seconds: number;
  findings: number;
}

export async function benchSeoAudit(engine: "pglite" | "postgres", databaseUrl?: string): Promise<SeoAuditBenchResult> {
  console.log(`\n[seo-audit ${engine}] starting server...`);
  const token = randomBytes(24).toString("base64url");
  const server = await startProductionServer(databaseUrl, { E2E_FIXTURE_TOKEN: token, SITE_URL: "http://localhost" });
  try {
    const sitemapUrls = (await publicGet(server, "/sitemap.xml")).match(/<loc>/g)?.length ?? 0;
    const headers = { cookie: await staffSessionCookie(server.baseUrl, token) };

    const press = async () => {
      const response = await fetch(`${server.baseUrl}/admin/seo-audit`, {
        method: "POST",
        headers: { ...headers, origin: server.baseUrl, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=run",
        redirect: "manual",
      });
      if (response.status !== 303) throw new Error(`Run audit now: ${response.status} ${(await response.text()).slice(0, 300)}`);
    };
    /** The latest finished run as the screen shows it (React's text separators removed). */
    const latest = async (): Promise<Finished | null> => {
      const html = (await (await fetch(`${server.baseUrl}/admin/seo-audit`, { headers })).text()).replace(/<!-- -->/g, "");
      const m = /<h2[^>]*>Audit (\d+)<\/h2>[\s\S]*?Finished [^<]*?:\s*(\d+) pages of the sitemap and (\d+) other internal\s+links in ([\d.]+) s[\s\S]*?(\d+) findings/.exec(html);
      return m ? { id: Number(m[1]), pages: Number(m[2]), links: Number(m[3]), seconds: Number(m[4]), findings: Number(m[5]) } : null;
    };
    const waitFor = async (after: number, limitS: number): Promise<Finished> => {
      const deadline = performance.now() + limitS * 1000;
      while (performance.now() < deadline) {
        const run = await latest();
        if (run && run.id > after) return run;
        await sleep(500);
      }
      throw new Error(`no audit finished within ${limitS} s`);
    };

    // Warm the page cache, the back office and the audit's own code paths.
    for (let i = 0; i < 30; i++) await (await fetch(`${server.baseUrl}/`)).text();
    console.log(`[seo-audit ${engine}] auditing ${sitemapUrls} sitemap URLs...`);
    const pressed = performance.now();
    await press();
    const first = await waitFor(0, 300);
    const wallS = round((performance.now() - pressed) / 1000);
    console.log(`[seo-audit ${engine}] audit ${first.id}: ${first.pages} pages, ${first.links} links, ${first.seconds} s (${wallS} s from the press)`);

    console.log(`[seo-audit ${engine}] GET / at ${HOME_RATE}/s alone (${SECONDS} s)...`);
    const homeAlone = await homeLoad(server);
    console.log(`[seo-audit ${engine}] GET / at ${HOME_RATE}/s during an audit (${SECONDS} s)...`);
    await press();
    const homeDuringAudit = await homeLoad(server);
    const stillRunning = (await latest())?.id === first.id;
    await waitFor(first.id, 300);
    const passed =
      first.pages === sitemapUrls && wallS < AUDIT_TARGET_S && homeDuringAudit.non2xx === 0 && homeDuringAudit.p99Ms <= Math.max(homeAlone.p99Ms * 1.2, homeAlone.p99Ms + 2);
    return { engine, sitemapUrls, wallS, runS: first.seconds, otherLinks: first.links, findings: first.findings, homeAlone, homeDuringAudit, auditOutlastedLoad: stillRunning, passed };
  } finally {
    await server.stop();
  }
}

export function reportSeoAudit(results: SeoAuditBenchResult[]): void {
  console.log(`\n=== SEO audit: every sitemap URL (target < ${AUDIT_TARGET_S} s), and GET / at ${HOME_RATE}/s alone and during an audit (${SECONDS} s each) ===`);
  for (const r of results) {
    console.log(`${r.engine.padEnd(9)} ${r.sitemapUrls} sitemap URLs and ${r.otherLinks} other links in ${r.runS} s (${r.wallS} s from the press), ${r.findings} findings`);
    console.log(
      `${"".padEnd(9)} home p50/p99 alone ${r.homeAlone.p50Ms}/${r.homeAlone.p99Ms} ms; during the audit ${r.homeDuringAudit.p50Ms}/${r.homeDuringAudit.p99Ms} ms${r.auditOutlastedLoad ? "" : " (the audit ended before the load)"}  ${r.passed ? "PASS" : "FAIL"}`,
    );
  }
}
