/**
 * Publish to visible (issue 19 §1, ADR 058), for `npm run bench` (and `-- --publish` alone): the time from an
 * owner's "Publish" post in /admin/cms to the article's public page answering with it, p50/p95 over PUBLISHES
 * publishes, target under a second. On a fresh production server (the public site is "localhost", the back
 * office is reached on 127.0.0.1, as in bench-seo-audit.ts):
 *
 * 1. a draft article is written (POST /admin/cms/new?kind=article), and its page (a 404 while it is a draft), the
 *    blog and the FAQ are read twice, so that the page cache holds each;
 * 2. the clock starts, "Publish" is posted (POST /admin/cms/<id>, intent=publish), and the article's page is
 *    read every POLL_MS until it answers 200 with the article's title: the clock stops;
 * 3. the FAQ, which reads no article, must still be a cache hit (x-cache), and the blog must list the article.
 *
 * Shared machine: the figure includes the post's own round trip and the poll's granularity.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { startProductionServer, type RunningServer, staffSessionCookie } from "./production-server.ts";

export const PUBLISHES = 20;
const POLL_MS = 5;
export const PUBLISH_TARGET_MS = 1_000;

export interface PublishBenchResult {
  engine: "pglite" | "postgres";
  publishes: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Publishes after which the FAQ (no article read) was still served from the page cache. */
  faqStayedCached: number;
  /** Publishes after which the blog listed the article at once. */
  blogUpdated: number;
  passed: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

/** GET with the public site's Host (fetch cannot set Host), anonymous: what the page cache serves. */
function publicGet(server: RunningServer, path: string): Promise<{ status: number; cache: string | undefined; body: string }> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname: "127.0.0.1", port, path, headers: { host: "localhost" } }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: res.headers["x-cache"] as string | undefined, body }));
      })
      .on("error", reject);
  });
}

export async function benchPublish(engine: "pglite" | "postgres", databaseUrl?: string): Promise<PublishBenchResult> {
  console.log(`\n[publish ${engine}] starting server...`);
  const token = randomBytes(24).toString("base64url");
  const server = await startProductionServer(databaseUrl, { E2E_FIXTURE_TOKEN: token, SITE_URL: "http://localhost" });
  try {
    const staffCookie = await staffSessionCookie(server.baseUrl, token);
    const post = (path: string, form: Record<string, string>) =>
      fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        headers: { cookie: staffCookie, origin: server.baseUrl, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
        redirect: "manual",
      });

    const times: number[] = [];
    let faqStayedCached = 0;
    let blogUpdated = 0;
    const run = Date.now().toString(36);
    for (let i = 0; i < PUBLISHES; i++) {
      const title = `Bench article ${run} ${i}`;
      const slug = `bench-article-${run}-${i}`;
      const added = await post("/admin/cms/new?kind=article", {
        title,
        slug,
        summary: "What a drive's fault log keeps, and how to read it.",
        body: `## Fault log ${i}\n\nMost drives keep the last eight faults.`,
        d_author: "Bench Owner",
        d_articleKind: "guide",
        d_tags: "VFD",
        d_relatedServices: "vfd-repair",
        d_updatedOn: "",
      });
      const at = /\/admin\/cms\/(\d+)/.exec(added.headers.get("location") ?? "");
      if (added.status !== 303 || !at) throw new Error(`adding a draft: ${added.status} ${(await added.text()).slice(0, 300)}`);
      for (const path of [`/blog/${slug}`, "/blog", "/faq"]) for (let n = 0; n < 2; n++) await publicGet(server, path);

      const started = performance.now();
      const published = await post(`/admin/cms/${at[1]}`, { intent: "publish", version: "1" });
      if (published.status !== 303) throw new Error(`publishing: ${published.status} ${(await published.text()).slice(0, 300)}`);
      for (;;) {
        const page = await publicGet(server, `/blog/${slug}`);
        if (page.status === 200 && page.body.includes(title)) break;
        if (performance.now() - started > 30_000) throw new Error(`/blog/${slug} did not show the article within 30 s`);
        await sleep(POLL_MS);
      }
      times.push(performance.now() - started);
      if ((await publicGet(server, "/faq")).cache === "hit") faqStayedCached += 1;
      if ((await publicGet(server, "/blog")).body.includes(slug)) blogUpdated += 1;
    }
    times.sort((a, b) => a - b);
    const p95Ms = round(percentile(times, 95));
    return {
      engine,
      publishes: times.length,
      p50Ms: round(percentile(times, 50)),
      p95Ms,
      maxMs: round(times.at(-1) ?? 0),
      faqStayedCached,
      blogUpdated,
      passed: p95Ms < PUBLISH_TARGET_MS && faqStayedCached === PUBLISHES && blogUpdated === PUBLISHES,
    };
  } finally {
    await server.stop();
  }
}

export function reportPublish(results: PublishBenchResult[]): void {
  console.log(`\n=== Publish to visible: the "Publish" post to the article's page showing it, ${PUBLISHES} publishes (target p95 < ${PUBLISH_TARGET_MS} ms) ===`);
  for (const r of results) {
    console.log(
      `${r.engine.padEnd(9)} p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, max ${r.maxMs} ms; FAQ still cached after ${r.faqStayedCached}/${r.publishes}, blog updated after ${r.blogUpdated}/${r.publishes}  ${r.passed ? "PASS" : "FAIL"}`,
    );
  }
}
