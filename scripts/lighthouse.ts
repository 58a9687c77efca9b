/**
 * `npm run lighthouse [-- /path ...] [--runs N] [--url http://host:port]`: Lighthouse audits of pages.
 *
 * Without --url it starts the production build itself (fresh PGlite data dir; SITE_URL is the server's
 * own http://localhost:<port>, so canonical links point at the audited host). Each page is audited N times
 * (default 3) in Lighthouse's default mode: mobile, simulated throttling. TBT in particular is noisy, so
 * the figures shown are medians. Failing accessibility, best-practices and SEO audits are listed so it is
 * clear why a score is below 100. Results go to bench/lighthouse/results.json.
 *
 * Exit code: 0 whatever the scores (this measures, it does not judge); 1 if Lighthouse could not run.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import {
  buildIfMissing,
  CHROMIUM_ARGS as CHROME_FLAGS,
  CHROMIUM_PATH,
  ROOT,
  startProductionServer,
  type RunningServer,
} from "./lib/production-server.ts";

const RESULTS_FILE = path.join(ROOT, "bench/lighthouse/results.json");
const CHROME_PATH = process.env.CHROME_PATH || CHROMIUM_PATH;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Categories whose failing audits are listed (performance is summarised by its metrics instead). */
const EXPLAINED = ["accessibility", "best-practices", "seo"] as const;
const UNSCORED = new Set(["informative", "manual", "notApplicable"]);

type Category = (typeof CATEGORIES)[number];

interface RunFigures {
  scores: Record<Category, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface FailingAudit {
  category: string;
  id: string;
  /** Weight in the category score: 0 means it is reported but does not lower the score. */
  weight: number;
  title: string;
  /** Lowest score seen (null when the audit itself errored). */
  score: number | null;
  failedRuns: number;
  displayValue?: string;
  error?: string;
  /** A few offending elements or URLs, from the first run that failed. */
  items: string[];
}

// ---------------------------------------------------------------------------------------------------
// Arguments

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: "string", default: "3" }, url: { type: "string" } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error("--runs must be an integer from 1 to 20");
  process.exit(2);
}
const pages = positionals.length > 0 ? positionals.map((p) => (p.startsWith("/") ? p : `/${p}`)) : ["/"];

// ---------------------------------------------------------------------------------------------------
// Server (only when no --url is given)

let server: RunningServer | undefined;
const tempDirs: string[] = [];

function cleanup() {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}
process.on("exit", cleanup);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

/** The production build on the embedded database, its canonical links pointing at itself. */
async function startServer(): Promise<string> {
  buildIfMissing();
  server = await startProductionServer();
  // One request before auditing, so the first run does not pay for cold caches.
  await (await fetch(`${server.baseUrl}/`)).arrayBuffer();
  return server.baseUrl;
}

async function stopServer() {
  await server?.stop();
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse

/** One audit in a fresh Chromium with a fresh profile, so runs do not share caches. */
async function audit(url: string): Promise<Result> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chrome-"));
  tempDirs.push(userDataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [...CHROME_FLAGS, `--user-data-dir=${userDataDir}`],
    userDataDir: false, // given in the flags above; stops chrome-launcher adding its own
    logLevel: "silent",
  });
  try {
    // Default settings: mobile form factor, simulated throttling.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error("Lighthouse returned no result");
    if (result.lhr.runtimeError) throw new Error(`${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

function figures(lhr: Result): RunFigures {
  const score = (c: Category) => {
    const s = lhr.categories[c]?.score;
    return s === null || s === undefined ? null : Math.round(s * 100);
  };
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number | null>,
    lcpMs: Math.round(metric("largest-contentful-paint")),
    tbtMs: Math.round(metric("total-blocking-time")),
    cls: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
  };
}

/** Short descriptions of an audit's offending items: element snippets/selectors, or URLs. */
function itemsOf(details: unknown): string[] {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items.slice(0, 5).map((item) => {
    const node = item.node as { snippet?: string; selector?: string; nodeLabel?: string } | undefined;
    if (node) return [node.selector, node.snippet].filter(Boolean).join("  ");
    for (const key of ["url", "source", "description", "label"]) {
      const v = item[key];
      if (typeof v === "string") return v;
    }
    return JSON.stringify(item).slice(0, 160);
  });
}

/** Audits scoring below 1 in the explained categories, merged over all runs. */
function failingAudits(lhrs: Result[]): FailingAudit[] {
  const found = new Map<string, FailingAudit>();
  for (const lhr of lhrs) {
    for (const category of EXPLAINED) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (!a || UNSCORED.has(a.scoreDisplayMode)) continue;
        const failed = a.scoreDisplayMode === "error" || a.score === null || a.score < 1;
        if (!failed) continue;
        const key = `${category}/${a.id}`;
        const entry = found.get(key);
        if (entry) {
          entry.failedRuns++;
          if (a.score !== null && (entry.score === null || a.score < entry.score)) entry.score = a.score;
        } else {
          found.set(key, {
            category,
            id: a.id,
            weight: ref.weight,
            title: a.title,
            score: a.score,
            failedRuns: 1,
            ...(a.displayValue ? { displayValue: a.displayValue } : {}),
            ...(a.errorMessage ? { error: a.errorMessage } : {}),
            items: itemsOf(a.details),
          });
        }
      }
    }
  }
  return [...found.values()];
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medianFigures(all: RunFigures[]) {
  const scoreOf = (c: Category) => median(all.map((f) => f.scores[c] ?? NaN));
  return {
    performance: scoreOf("performance"),
    accessibility: scoreOf("accessibility"),
    bestPractices: scoreOf("best-practices"),
    seo: scoreOf("seo"),
    lcpMs: median(all.map((f) => f.lcpMs)),
    tbtMs: median(all.map((f) => f.tbtMs)),
    cls: median(all.map((f) => f.cls)),
  };
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  if (!fs.existsSync(CHROME_PATH)) {
    console.error(`No Chromium at ${CHROME_PATH} (install it with: apt-get install -y chromium, or set CHROME_PATH).`);
    return 1;
  }
  process.env.CHROME_PATH = CHROME_PATH;
  const baseUrl = values.url ? values.url.replace(/\/+$/, "") : await startServer();
  console.log(`Auditing ${baseUrl} (${values.url ? "given server" : "production build, started here"}), ${runs} run(s) per page`);
  console.log("Lighthouse defaults: mobile form factor, simulated throttling\n");

  const results: Record<string, unknown> = {};
  let lighthouseVersion = "";
  let userAgent = "";
  let anyPageFailed = false;

  for (const page of pages) {
    const url = baseUrl + page;
    const lhrs: Result[] = [];
    const errors: string[] = [];
    for (let i = 1; i <= runs; i++) {
      const started = Date.now();
      try {
        const lhr = await audit(url);
        lhrs.push(lhr);
        lighthouseVersion = lhr.lighthouseVersion;
        userAgent = lhr.environment.hostUserAgent;
        const f = figures(lhr);
        const s = f.scores;
        console.log(
          `${page} run ${i}/${runs}: perf ${s.performance} a11y ${s.accessibility} bp ${s["best-practices"]} seo ${s.seo}` +
            `  LCP ${f.lcpMs} ms  TBT ${f.tbtMs} ms  CLS ${f.cls}  (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push(message);
        console.error(`${page} run ${i}/${runs} failed: ${message}`);
      }
    }
    if (lhrs.length === 0) {
      anyPageFailed = true;
      results[page] = { url, errors };
      continue;
    }

    const runFigures = lhrs.map(figures);
    const med = medianFigures(runFigures);
    const failing = failingAudits(lhrs);
    results[page] = { url, successfulRuns: lhrs.length, median: med, runs: runFigures, failingAudits: failing, errors };

    console.log(`\n${page}: median of ${lhrs.length} run(s)`);
    console.log(
      `  performance ${med.performance}   accessibility ${med.accessibility}   best-practices ${med.bestPractices}   seo ${med.seo}`,
    );
    console.log(`  LCP ${Math.round(med.lcpMs)} ms   TBT ${Math.round(med.tbtMs)} ms   CLS ${med.cls}`);
    if (failing.length === 0) {
      console.log("  No failing accessibility, best-practices or SEO audits.\n");
    } else {
      console.log("  Failing audits:");
      for (const a of failing) {
        const score = a.score === null ? "error" : `score ${a.score}`;
        const value = a.displayValue ? `, ${a.displayValue}` : "";
        const weight = a.weight === 0 ? "; weight 0, does not lower the score" : "";
        console.log(`  - [${a.category}] ${a.title} (${a.id}; ${score}${value}; ${a.failedRuns}/${lhrs.length} runs${weight})`);
        if (a.error) console.log(`      ${a.error}`);
        for (const item of a.items) console.log(`      ${item.replace(/\s+/g, " ").slice(0, 200)}`);
      }
      console.log();
    }
  }

  const output = {
    timestamp: new Date().toISOString(),
    lighthouseVersion,
    userAgent,
    node: process.version,
    baseUrl,
    settings: { runsPerPage: runs, formFactor: "mobile", throttling: "simulate", categories: CATEGORIES },
    pages: results,
  };
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`Wrote ${path.relative(ROOT, RESULTS_FILE)}`);
  return anyPageFailed ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error("Lighthouse could not run:", error instanceof Error ? error.message : error);
} finally {
  await stopServer();
}
process.exit(exitCode);
