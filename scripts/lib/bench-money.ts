/**
 * Money (issue 11's targets), for `npm run bench` and `npm run bench -- --money`.
 *
 * Per engine, on a scratch database prepared by scripts/lib/seed-money-bench.ts in a child process (closed
 * before the server starts: PGlite allows one process per data directory): the settings with a UPI ID, a
 * customer, a request, a six-line quote sent and approved by the customer, the invoice issued from it, and
 * more invoices of the same lines. Then it starts the production server, opens an owner's session through
 * the test-only session hook (ADR 014: loaded only because this script gives the server a random
 * E2E_FIXTURE_TOKEN), and times whole responses over loopback, one at a time, after a warm-up:
 *
 * - the office's quote page, GET /admin/quotes/:reference;
 * - the customer's quote page through its signed link, GET /d/quote/:token;
 * - the invoice PDF with its UPI QR code, GET /admin/invoices/:id/pdf: the same invoice again and again (its
 *   QR code cached by the server), and each of the other invoices once (a QR code made for each request);
 *   the target applies to both.
 *
 * Then, on another fresh database of the engine, 500 invoices issued at once (issueInvoiceInTx, each in its
 * own transaction with its own idempotency key) must get INV/<FY>/0001 to 0500, consecutive, with 0 errors.
 *
 * Targets: invoice PDF p95 < 100 ms; quote page p95 < 50 ms on PostgreSQL (PGlite is reported beside it).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, startProductionServer, staffSessionCookie } from "./production-server.ts";
import { RESULT_PREFIX, type ConcurrentIssues, type PagesSeed } from "./seed-money-bench.ts";

export const MONEY_TARGETS = { invoicePdfP95Ms: 100, quotePageP95Ms: 50, concurrentIssues: 500 } as const;

const SAMPLES = 60;
const WARMUP = 10;
const SEEDER = "scripts/lib/seed-money-bench.ts";

export interface Timing {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  samples: number;
}

export interface MoneyResult {
  engine: "pglite" | "postgres";
  seedSeconds: number;
  quoteLines: number;
  quotePage: Timing;
  signedQuotePage: Timing;
  /** The same invoice's PDF each time (its QR code cached by the server after the first). */
  invoicePdf: Timing;
  /** Each a different invoice's PDF, asked for the first time (its QR code made for the request). */
  invoicePdfFresh: Timing;
  pdfBytes: number;
  concurrentIssues: ConcurrentIssues;
  /** The quote-page target is PostgreSQL's; on PGlite it is shown, not judged. */
  quoteTargetApplies: boolean;
  passed: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

function timing(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)), maxMs: round(sorted.at(-1)!), samples: sorted.length };
}

/** Runs the seeder in its own process and returns its result line. */
function runSeeder<T>(args: string[], env: Record<string, string>): T {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development" };
  // Never an inherited DATABASE_URL: a PGlite run must use PGlite.
  delete childEnv.DATABASE_URL;
  const result = spawnSync(process.execPath, [SEEDER, ...args], {
    cwd: ROOT,
    env: { ...childEnv, ...env },
    stdio: ["ignore", "pipe", "inherit"],
    // The log SMS and e-mail providers print every message queued (about a thousand for 500 invoices).
    maxBuffer: 256 * 1024 * 1024,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${SEEDER} ${args.join(" ")} failed (${result.status ?? result.signal})`);
  const line = result.stdout.split("\n").find((l) => l.startsWith(RESULT_PREFIX));
  if (!line) throw new Error(`${SEEDER} ${args.join(" ")} printed no result`);
  return JSON.parse(line.slice(RESULT_PREFIX.length)) as T;
}

/**
 * Seeds, serves and times the pages on one engine, then runs the concurrent issues. pagesDb and issuesDb:
 * throwaway PostgreSQL databases (the caller drops them), two so the issues start from an empty series;
 * without them, temporary PGlite directories.
 */
export async function benchMoney(engine: "pglite" | "postgres", options: { pagesDb?: string; issuesDb?: string } = {}): Promise<MoneyResult> {
  const pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-money-"));
  const issuesDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-money-issues-"));
  const sessionSecret = randomBytes(32).toString("base64url");
  // The public site is "localhost": the back office is measured on 127.0.0.1 (the admin gate), as in
  // bench-back-office; the signed links' pages answer on either host.
  const siteUrl = "http://localhost";
  const dbEnv = (url: string | undefined, dir: string): Record<string, string> => (url ? { DATABASE_URL: url, DATA_DIR: dir } : { DATA_DIR: dir });
  try {
    console.log(`\n[${engine}] money: seeding a six-line quote (sent, approved) and ${SAMPLES + 1} invoices...`);
    const seeded = runSeeder<PagesSeed>(["pages", "--invoices", String(SAMPLES)], { ...dbEnv(options.pagesDb, pagesDir), SESSION_SECRET: sessionSecret, SITE_URL: siteUrl });
    console.log(`[${engine}] seeded in ${seeded.seedSeconds.toFixed(1)} s (quote ${seeded.quoteReference}, invoice ${seeded.invoiceNumber})`);

    const token = randomBytes(24).toString("base64url");
    const server = await startProductionServer(options.pagesDb, { DATA_DIR: pagesDir, E2E_FIXTURE_TOKEN: token, SITE_URL: siteUrl, SESSION_SECRET: sessionSecret });
    let quotePage: Timing, signedQuotePage: Timing, invoicePdf: Timing, invoicePdfFresh: Timing;
    let pdfBytes = 0;
    try {
      const staffHeaders = { cookie: await staffSessionCookie(server.baseUrl, token) };

      /** One whole response, timed; checks it is what a person would get (the page names the quote, a PDF is a PDF). */
      const get = async (pathname: string, expect: { type: string; contains?: string }, headers: Record<string, string> = staffHeaders) => {
        const started = performance.now();
        const response = await fetch(`${server.baseUrl}${pathname}`, { headers, redirect: "manual" });
        const body = Buffer.from(await response.arrayBuffer());
        const ms = performance.now() - started;
        if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status}`);
        const type = response.headers.get("content-type") ?? "";
        if (!type.startsWith(expect.type)) throw new Error(`GET ${pathname}: ${type}, expected ${expect.type}`);
        // A PDF, with an image in it: the UPI QR code (the tests decode it; here its presence is enough).
        if (expect.type === "application/pdf" && (body.subarray(0, 5).toString() !== "%PDF-" || !body.includes("/Subtype /Image"))) {
          throw new Error(`GET ${pathname}: not a PDF with the QR code's image`);
        }
        if (expect.contains && !body.toString().includes(expect.contains)) throw new Error(`GET ${pathname}: the page does not show ${expect.contains}`);
        return { ms, bytes: body.length };
      };
      const timeMany = async (pathname: string, expect: { type: string; contains?: string }, headers?: Record<string, string>): Promise<Timing> => {
        for (let i = 0; i < WARMUP; i++) await get(pathname, expect, headers);
        const times: number[] = [];
        for (let i = 0; i < SAMPLES; i++) times.push((await get(pathname, expect, headers)).ms);
        return timing(times);
      };

      const html = { type: "text/html" };
      quotePage = await timeMany(`/admin/quotes/${encodeURIComponent(seeded.quoteReference)}`, { ...html, contains: seeded.quoteReference });
      // The customer has no session: the signed link alone opens the page.
      signedQuotePage = await timeMany(`/d/quote/${seeded.quoteToken}`, { ...html, contains: seeded.quoteReference }, {});
      const pdf = { type: "application/pdf" };
      invoicePdf = await timeMany(`/admin/invoices/${seeded.invoiceId}/pdf`, pdf);
      pdfBytes = (await get(`/admin/invoices/${seeded.invoiceId}/pdf`, pdf)).bytes;
      const fresh: number[] = [];
      for (const id of seeded.moreInvoiceIds) fresh.push((await get(`/admin/invoices/${id}/pdf`, pdf)).ms);
      invoicePdfFresh = timing(fresh);
    } finally {
      await server.stop();
    }

    console.log(`[${engine}] money: issuing ${MONEY_TARGETS.concurrentIssues} invoices at once on a fresh database...`);
    const concurrentIssues = runSeeder<ConcurrentIssues>(["concurrent", "--count", String(MONEY_TARGETS.concurrentIssues)], {
      ...dbEnv(options.issuesDb, issuesDir),
      SESSION_SECRET: sessionSecret,
      SITE_URL: siteUrl,
    });

    const quoteTargetApplies = engine === "postgres";
    const passed =
      Math.max(invoicePdf.p95Ms, invoicePdfFresh.p95Ms) < MONEY_TARGETS.invoicePdfP95Ms &&
      (!quoteTargetApplies || Math.max(quotePage.p95Ms, signedQuotePage.p95Ms) < MONEY_TARGETS.quotePageP95Ms) &&
      concurrentIssues.passed;
    return {
      engine,
      seedSeconds: seeded.seedSeconds,
      quoteLines: seeded.quoteLines,
      quotePage,
      signedQuotePage,
      invoicePdf,
      invoicePdfFresh,
      pdfBytes,
      concurrentIssues,
      quoteTargetApplies,
      passed,
    };
  } finally {
    fs.rmSync(pagesDir, { recursive: true, force: true });
    fs.rmSync(issuesDir, { recursive: true, force: true });
  }
}

export function reportMoney(results: MoneyResult[]): void {
  console.log("\nMoney (server time, sequential requests over loopback; concurrent invoice issues):");
  for (const r of results) {
    const line = (label: string, t: Timing, target: number, judged = true) =>
      `  ${r.engine.padEnd(8)} ${label.padEnd(40)} p50 ${String(t.p50Ms).padStart(6)} ms  p95 ${String(t.p95Ms).padStart(6)} ms  max ${String(t.maxMs).padStart(6)} ms  ` +
      (judged ? `(target p95 < ${target} ms) ${t.p95Ms < target ? "ok" : "MISSED"}` : `(target p95 < ${target} ms on PostgreSQL; shown)`);
    console.log(line(`quote page (office, ${r.quoteLines} lines)`, r.quotePage, MONEY_TARGETS.quotePageP95Ms, r.quoteTargetApplies));
    console.log(line("quote page (customer, signed link)", r.signedQuotePage, MONEY_TARGETS.quotePageP95Ms, r.quoteTargetApplies));
    console.log(line(`invoice PDF with QR (same, ${Math.round(r.pdfBytes / 1024)} KB)`, r.invoicePdf, MONEY_TARGETS.invoicePdfP95Ms));
    console.log(line("invoice PDF with QR (each a new invoice)", r.invoicePdfFresh, MONEY_TARGETS.invoicePdfP95Ms));
    const c = r.concurrentIssues;
    const what = `${c.created} issued, ${c.first ?? "-"} to ${c.last ?? "-"}${c.consecutive ? ", consecutive" : ", NOT consecutive"}, ${c.errors} errors, ${c.wallMs} ms wall`;
    console.log(`  ${r.engine.padEnd(8)} ${`${c.count} concurrent invoice issues`.padEnd(40)} ${what}  (target ${c.count} consecutive numbers, 0 errors) ${c.passed ? "ok" : "MISSED"}`);
    for (const sample of c.errorSamples) console.log(`           error: ${sample}`);
  }
}
