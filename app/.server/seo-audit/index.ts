import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { Parser } from "htmlparser2";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { seoAuditFindings, seoAuditPages, seoAuditRuns, users } from "~/.server/db/schema.ts";
import { registerJob } from "~/.server/jobs/index.ts";
import { queueMessages, type JobNow } from "~/.server/notifications/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { FINDING_KIND_NAMES, FINDING_KINDS, kilobytes, type FindingKind } from "~/lib/forms/admin/seo-audit.ts";
import { HEAVY_PAGE_BYTES, readPage, type Finding } from "./checks.ts";
import { siteFetcher, type FetchedUrl } from "./fetcher.ts";
import { fixLinksFor } from "./fix-links.ts";

/**
 * The SEO audit (/admin/seo-audit, issue 19 §4). "Run audit now" stores a run and starts it on the job queue;
 * the run then goes in short steps, each a job that queues the next as it commits (ADR 039):
 *
 * 1. queued: read /sitemap.xml, store its URLs as the run's pages;
 * 2. crawling: fetch the next PAGES_PER_STEP pages, CONCURRENCY at a time, and store what each says and what
 *    is wrong with it (./checks.ts);
 * 3. checking-links: every internal link and asset outside the sitemap, each distinct path fetched once;
 * 4. finished: the findings that need the whole site (duplicate titles and descriptions, broken links, page
 *    weight) and the count of each kind, which the next run's trend compares with.
 *
 * Short steps keep the job queue's other work (messages) moving during an audit and each step well inside
 * the queue's one-minute hold; a step that dies is run again by the queue and picks up the pages still
 * unfetched. Politeness: never more than CONCURRENCY of the audit's requests at once.
 */
export const SEO_AUDIT_JOB = "seo-audit.step";
export const CONCURRENCY = 2;
const PAGES_PER_STEP = 10;
const LINKS_PER_STEP = 20;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const INSERT_BATCH = 1000;
/** A run that made no progress for this long is given up, so that a new one can start. */
const STALE_RUN_MS = 30 * 60_000;

type RunStatus = (typeof seoAuditRuns.$inferSelect)["status"];
const ACTIVE: RunStatus[] = ["queued", "crawling", "checking-links"];

export type StartResult = { ok: true; runId: number; message: string } | { ok: false; message: string };

function nextStep(runId: number, key: string): JobNow {
  return { name: SEO_AUDIT_JOB, payload: { runId }, dedupeKey: `seo-audit:${runId}:${key}` };
}

/** "Run audit now": one run at a time (a second press while one runs says so), with its audit entry. */
export async function startAudit(staff: StaffMember, now = new Date()): Promise<StartResult> {
  return getDb().transaction(async (tx) => {
    // Two presses at once on PostgreSQL: the second waits here, then sees the first run.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seo-audit.start'))`);
    const [active] = await tx
      .select({ id: seoAuditRuns.id, requestedAt: seoAuditRuns.requestedAt, startedAt: seoAuditRuns.startedAt })
      .from(seoAuditRuns)
      .where(inArray(seoAuditRuns.status, ACTIVE))
      .orderBy(desc(seoAuditRuns.id))
      .limit(1);
    if (active) {
      const since = (active.startedAt ?? active.requestedAt).getTime();
      if (now.getTime() - since < STALE_RUN_MS) return { ok: false as const, message: `Audit ${active.id} is still running: its results appear here when it finishes.` };
      await tx.update(seoAuditRuns).set({ status: "failed", finishedAt: now, error: "Stopped: no result after 30 minutes." }).where(eq(seoAuditRuns.id, active.id));
    }
    const [run] = await tx.insert(seoAuditRuns).values({ requestedBy: staff.userId, requestedAt: now }).returning({ id: seoAuditRuns.id });
    const runId = run!.id;
    await audit(tx, auditActor(staff), { action: "seo-audit.run", entityType: "seo-audit-run", entityId: runId, entityLabel: `SEO audit ${runId}` }, now);
    await queueMessages(tx, [], [nextStep(runId, "start")]);
    return { ok: true as const, runId, message: `Audit ${runId} started: it reads every page of the sitemap, a few at a time.` };
  });
}

registerJob(SEO_AUDIT_JOB, async (payload) => {
  const runId = Number(payload.runId);
  if (Number.isSafeInteger(runId) && runId > 0) await runAuditStep(runId);
});

/** One step of a run (the job's handler; exported for tests). Idempotent: a repeated step redoes nothing done. */
export async function runAuditStep(runId: number): Promise<void> {
  const db = getDb();
  const [run] = await db.select().from(seoAuditRuns).where(eq(seoAuditRuns.id, runId)).limit(1);
  if (!run || !ACTIVE.includes(run.status)) return;
  const site = await getSiteSettings();
  const origin = new URL(site.identity.siteUrl).origin;
  const fetcher = siteFetcher(CONCURRENCY);

  if (run.status === "queued") {
    const sitemap = await fetcher("/sitemap.xml");
    const paths = sitemap.status === 200 && sitemap.text ? sitemapPaths(sitemap.text, origin) : [];
    if (paths.length === 0) {
      const why = sitemap.status === 0 ? `could not be read (${sitemap.error ?? "no answer"})` : sitemap.status === 200 ? "lists no page of this site" : `answered ${sitemap.status}`;
      await db.update(seoAuditRuns).set({ status: "failed", finishedAt: new Date(), error: `The sitemap ${why}.` }).where(and(eq(seoAuditRuns.id, runId), eq(seoAuditRuns.status, "queued")));
      return;
    }
    await db.transaction(async (tx) => {
      for (let i = 0; i < paths.length; i += INSERT_BATCH) {
        await tx
          .insert(seoAuditPages)
          .values(paths.slice(i, i + INSERT_BATCH).map((path) => ({ runId, path, kind: "page" as const })))
          .onConflictDoNothing();
      }
      const moved = await tx
        .update(seoAuditRuns)
        .set({ status: "crawling", startedAt: new Date(), pageCount: paths.length })
        .where(and(eq(seoAuditRuns.id, runId), eq(seoAuditRuns.status, "queued")))
        .returning({ id: seoAuditRuns.id });
      if (moved.length) await queueMessages(tx, [], [nextStep(runId, "crawl:0")]);
    });
    return;
  }

  const kinds = run.status === "crawling" ? (["page"] as const) : (["link", "asset"] as const);
  const pending = await db
    .select({ id: seoAuditPages.id, path: seoAuditPages.path, kind: seoAuditPages.kind })
    .from(seoAuditPages)
    .where(and(eq(seoAuditPages.runId, runId), inArray(seoAuditPages.kind, [...kinds]), isNull(seoAuditPages.status)))
    .orderBy(asc(seoAuditPages.id))
    .limit(run.status === "crawling" ? PAGES_PER_STEP : LINKS_PER_STEP);

  if (pending.length > 0) {
    const fetched = await inPool(pending, CONCURRENCY, (row) => fetcher(row.path));
    // Read outside the transaction: on PGlite a transaction holds the one connection, and every visitor's
    // query would wait for the reading of thirty pages. The transaction only writes.
    const analysed: Analysed[] = [];
    for (const [i, row] of pending.entries()) {
      analysed.push(analyse(row, fetched[i]!, origin));
      await yieldToVisitors();
    }
    await db.transaction(async (tx) => {
      for (const a of analysed) await store(tx, runId, a);
      await queueMessages(tx, [], [nextStep(runId, `${run.status}:${pending[0]!.id}`)]);
    });
    return;
  }

  if (run.status === "crawling") {
    // Every page is fetched: the rows no longer change, so they are read before the transaction.
    const pages = await readRun(runId);
    await db.transaction(async (tx) => {
      const known = new Set(pages.map((p) => p.path));
      const links = new Set<string>();
      const assets = new Set<string>();
      for (const p of pages) {
        // One check per path: links that differ only in their query (searches, filters: 287 of 357 on the
        // seeded site, each a search on the server) reach the same route, which answers by its path.
        for (const l of p.links) if (!known.has(l) && !known.has(withoutQuery(l))) links.add(withoutQuery(l));
        for (const a of p.assets) if (!known.has(a)) assets.add(a);
      }
      for (const l of links) assets.delete(l);
      const rows = [...[...links].map((path) => ({ runId, path, kind: "link" as const })), ...[...assets].map((path) => ({ runId, path, kind: "asset" as const }))];
      for (let i = 0; i < rows.length; i += INSERT_BATCH) await tx.insert(seoAuditPages).values(rows.slice(i, i + INSERT_BATCH)).onConflictDoNothing();
      const moved = await tx
        .update(seoAuditRuns)
        .set({ status: "checking-links", linkCount: links.size })
        .where(and(eq(seoAuditRuns.id, runId), eq(seoAuditRuns.status, "crawling")))
        .returning({ id: seoAuditRuns.id });
      if (moved.length) await queueMessages(tx, [], [nextStep(runId, "links")]);
    });
    return;
  }
  await finishRun(runId);
}

/** The sitemap's <loc> addresses on this site, as paths (a sitemap index's own sitemaps are not followed: the site writes one). */
export function sitemapPaths(xml: string, origin: string): string[] {
  const paths = new Set<string>();
  let loc: string | null = null;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "loc") loc = "";
      },
      ontext(text) {
        if (loc !== null) loc += text;
      },
      onclosetag(name) {
        if (name !== "loc" || loc === null) return;
        try {
          const url = new URL(loc.trim());
          if (url.origin === origin) paths.add(url.pathname + url.search);
        } catch {
          // Not an address: nothing to crawl.
        }
        loc = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return [...paths];
}

function withoutQuery(path: string): string {
  const i = path.indexOf("?");
  return i < 0 ? path : path.slice(0, i);
}

/** Runs `work` over `items`, at most `limit` at once, keeping their order. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function statusFinding(fetched: FetchedUrl): Finding | null {
  if (fetched.status === 200) return null;
  if (fetched.status === 0) return { kind: "status", detail: `Could not be fetched: ${fetched.error ?? "no answer"}.` };
  if (fetched.status >= 300 && fetched.status < 400) return { kind: "status", detail: `Answers ${fetched.status}, a redirect${fetched.location ? ` to ${fetched.location}` : ""}: the sitemap should list the final address.` };
  return { kind: "status", detail: `Answers ${fetched.status}.` };
}

type PendingRow = { id: number; path: string; kind: "page" | "link" | "asset" };
interface Analysed {
  row: PendingRow;
  set: Partial<typeof seoAuditPages.$inferInsert>;
  findings: Finding[];
}

/** What a fetched URL says (a page's HTML read and checked; a link's or an asset's status and size). */
function analyse(row: PendingRow, fetched: FetchedUrl, origin: string): Analysed {
  // Status 0 is "could not be reached".
  const base = { status: fetched.status, bytes: fetched.bytes, fetchMs: fetched.ms };
  if (row.kind !== "page") return { row, set: base, findings: [] };
  const findings: Finding[] = [];
  let facts: ReturnType<typeof readPage> | undefined;
  const failed = statusFinding(fetched);
  if (failed) findings.push(failed);
  else if (fetched.text !== null && /html/i.test(fetched.contentType)) {
    facts = readPage(fetched.text, new URL(row.path, origin), origin);
    findings.push(...facts.findings);
  }
  return {
    row,
    findings,
    set: {
      ...base,
      title: facts?.title ?? null,
      description: facts?.description ?? null,
      canonical: facts?.canonical ?? null,
      jsonLdTypes: facts?.jsonLdTypes ?? [],
      links: facts?.links ?? [],
      assets: facts?.assets ?? [],
    },
  };
}

/** Writes what was read; a repeated step finds the row fetched already and leaves it (and its findings) alone. */
async function store(tx: Transaction, runId: number, { row, set, findings }: Analysed): Promise<void> {
  const updated = await tx
    .update(seoAuditPages)
    .set(set)
    .where(and(eq(seoAuditPages.id, row.id), isNull(seoAuditPages.status)))
    .returning({ id: seoAuditPages.id });
  if (updated.length && findings.length) await tx.insert(seoAuditFindings).values(findings.map((f) => ({ runId, pageId: row.id, kind: f.kind, detail: f.detail })));
}

/** Lets the visitors' requests waiting on the event loop go first (reading a page takes a few milliseconds). */
const yieldToVisitors = () => new Promise<void>((resolve) => setImmediate(resolve));

/** "/a, /b and 3 more": the other pages of a duplicate. */
function others(paths: string[]): string {
  const shown = paths.slice(0, 5).join(", ");
  return paths.length > 5 ? `${shown} and ${paths.length - 5} more` : shown;
}

const SITE_KINDS: FindingKind[] = ["title-duplicate", "description-duplicate", "broken-link", "heavy"];

/** Rows read per query when a run finishes: each read is short, with the visitors' requests between them. */
const READ_BATCH = 100;

/** Every row of a run, read in short pieces with the visitors' requests between them (for the steps that need all). */
async function readRun(runId: number) {
  const db = getDb();
  const rows: Array<{ id: number; path: string; kind: "page" | "link" | "asset"; status: number | null; title: string | null; description: string | null; links: string[]; assets: string[]; bytes: number | null }> = [];
  for (let after = 0; ; ) {
    const batch = await db
      .select({ id: seoAuditPages.id, path: seoAuditPages.path, kind: seoAuditPages.kind, status: seoAuditPages.status, title: seoAuditPages.title, description: seoAuditPages.description, links: seoAuditPages.links, assets: seoAuditPages.assets, bytes: seoAuditPages.bytes })
      .from(seoAuditPages)
      .where(and(eq(seoAuditPages.runId, runId), gt(seoAuditPages.id, after)))
      .orderBy(asc(seoAuditPages.id))
      .limit(READ_BATCH);
    rows.push(...batch);
    if (batch.length < READ_BATCH) return rows;
    after = batch.at(-1)!.id;
    await yieldToVisitors();
  }
}

/**
 * The findings that need every page, the page weights, the counts; then the run is finished. Every URL is
 * fetched by now, so the rows no longer change: they are read outside the transaction, in pieces, and the
 * transaction only writes (on PGlite it holds the one connection, and every visitor's query waits for it).
 */
async function finishRun(runId: number): Promise<void> {
  const db = getDb();
  const rows = await readRun(runId);
  const pages = rows.filter((r) => r.kind === "page");
  const statusOf = new Map(rows.map((r) => [r.path, r.status]));
  // A page's weight: its HTML and the scripts and style sheets it loads, each as sent.
  const assetBytes = new Map(rows.filter((r) => r.kind === "asset").map((r) => [r.path, r.bytes ?? 0]));
  const totals = pages.map((p) => ({ id: p.id, total: (p.bytes ?? 0) + p.assets.reduce((t, a) => t + (assetBytes.get(a) ?? 0), 0) }));
  const findings: Array<{ runId: number; pageId: number; kind: FindingKind; detail: string }> = [];

  for (const [field, kind, noun] of [
    ["title", "title-duplicate", "title"],
    ["description", "description-duplicate", "description"],
  ] as const) {
    const byText = new Map<string, typeof pages>();
    for (const p of pages) {
      const text = p[field];
      if (p.status === 200 && text) byText.set(text, [...(byText.get(text) ?? []), p]);
    }
    for (const group of byText.values()) {
      if (group.length < 2) continue;
      for (const p of group) findings.push({ runId, pageId: p.id, kind, detail: `The same ${noun} as ${others(group.filter((o) => o !== p).map((o) => o.path))}.` });
    }
  }
  for (const [i, p] of pages.entries()) {
    for (const link of p.links) {
      const status = statusOf.get(link) ?? statusOf.get(withoutQuery(link));
      if (status === 0) findings.push({ runId, pageId: p.id, kind: "broken-link", detail: `Links to ${link}, which could not be fetched.` });
      else if (status !== undefined && status !== null && status >= 400) findings.push({ runId, pageId: p.id, kind: "broken-link", detail: `Links to ${link}, which answers ${status}.` });
    }
    const total = totals[i]!.total;
    if (total > HEAVY_PAGE_BYTES) findings.push({ runId, pageId: p.id, kind: "heavy", detail: `${kilobytes(total)} of HTML, scripts and style sheets (more than ${kilobytes(HEAVY_PAGE_BYTES)}).` });
  }

  await db.transaction(async (tx) => {
    await tx.delete(seoAuditFindings).where(and(eq(seoAuditFindings.runId, runId), inArray(seoAuditFindings.kind, SITE_KINDS)));
    for (let i = 0; i < findings.length; i += INSERT_BATCH) await tx.insert(seoAuditFindings).values(findings.slice(i, i + INSERT_BATCH));
    for (let i = 0; i < totals.length; i += INSERT_BATCH) {
      const values = sql.join(
        totals.slice(i, i + INSERT_BATCH).map((t) => sql`(${t.id}::integer, ${t.total}::integer)`),
        sql`, `,
      );
      await tx.execute(sql`update ${seoAuditPages} set total_bytes = v.total from (values ${values}) as v(id, total) where ${seoAuditPages.id} = v.id`);
    }
    const counted = await tx.select({ kind: seoAuditFindings.kind, n: count() }).from(seoAuditFindings).where(eq(seoAuditFindings.runId, runId)).groupBy(seoAuditFindings.kind);
    const counts = Object.fromEntries(counted.map((c) => [c.kind, c.n]));
    await tx
      .update(seoAuditRuns)
      .set({ status: "finished", finishedAt: new Date(), counts })
      .where(and(eq(seoAuditRuns.id, runId), eq(seoAuditRuns.status, "checking-links")));
  });
}

// ── What the screen reads ───────────────────────────────────────────────────

const STATUS_LABEL: Record<RunStatus, string> = {
  queued: "Waiting to start",
  crawling: "Reading pages",
  "checking-links": "Checking links",
  finished: "Finished",
  failed: "Failed",
};

export interface RunSummary {
  id: number;
  status: RunStatus;
  statusLabel: string;
  requestedAt: string;
  finishedAt: string | null;
  requestedBy: string | null;
  pageCount: number;
  linkCount: number;
  /** Seconds from the first page to the end. */
  seconds: number | null;
  total: number;
  error: string | null;
}

type RunRow = Omit<typeof seoAuditRuns.$inferSelect, "requestedBy"> & { requestedBy: string | null };

function summary(r: RunRow): RunSummary {
  return {
    id: r.id,
    status: r.status,
    statusLabel: STATUS_LABEL[r.status],
    requestedAt: r.requestedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    requestedBy: r.requestedBy,
    pageCount: r.pageCount,
    linkCount: r.linkCount,
    seconds: r.startedAt && r.finishedAt ? Math.round((r.finishedAt.getTime() - r.startedAt.getTime()) / 100) / 10 : null,
    total: Object.values(r.counts).reduce((t, n) => t + n, 0),
    error: r.error,
  };
}

const runColumns = {
  id: seoAuditRuns.id,
  status: seoAuditRuns.status,
  requestedAt: seoAuditRuns.requestedAt,
  startedAt: seoAuditRuns.startedAt,
  finishedAt: seoAuditRuns.finishedAt,
  pageCount: seoAuditRuns.pageCount,
  linkCount: seoAuditRuns.linkCount,
  counts: seoAuditRuns.counts,
  error: seoAuditRuns.error,
  requestedBy: sql<string | null>`coalesce(${users.name}, ${users.mobile})`,
};

/** The latest runs, newest first. */
export async function listRuns(limit = 10): Promise<RunSummary[]> {
  const rows = await getDb().select(runColumns).from(seoAuditRuns).leftJoin(users, eq(users.id, seoAuditRuns.requestedBy)).orderBy(desc(seoAuditRuns.id)).limit(limit);
  return rows.map(summary);
}

/** The run still going, with how far it has got: pages and links fetched of those to fetch. */
export async function activeRun(): Promise<(RunSummary & { fetched: number; toFetch: number }) | null> {
  const db = getDb();
  const [run] = await db.select(runColumns).from(seoAuditRuns).leftJoin(users, eq(users.id, seoAuditRuns.requestedBy)).where(inArray(seoAuditRuns.status, ACTIVE)).orderBy(desc(seoAuditRuns.id)).limit(1);
  if (!run) return null;
  const [progress] = await db
    .select({ fetched: sql<number>`count(${seoAuditPages.status})`.mapWith(Number), toFetch: count() })
    .from(seoAuditPages)
    .where(eq(seoAuditPages.runId, run.id));
  return { ...summary(run), fetched: progress?.fetched ?? 0, toFetch: progress?.toFetch ?? 0 };
}

export interface TrendRow {
  kind: FindingKind;
  label: string;
  now: number;
  /** null: no earlier finished run to compare with. */
  before: number | null;
}

/** A finished run (the one asked for, else the latest), and the trend against the finished run before it. */
export async function finishedRun(id?: number): Promise<{ run: RunSummary; previous: RunSummary | null; trend: TrendRow[] } | null> {
  const db = getDb();
  const [run] = await db
    .select(runColumns)
    .from(seoAuditRuns)
    .leftJoin(users, eq(users.id, seoAuditRuns.requestedBy))
    .where(and(eq(seoAuditRuns.status, "finished"), id ? eq(seoAuditRuns.id, id) : undefined))
    .orderBy(desc(seoAuditRuns.id))
    .limit(1);
  if (!run) return null;
  const [previous] = await db
    .select(runColumns)
    .from(seoAuditRuns)
    .leftJoin(users, eq(users.id, seoAuditRuns.requestedBy))
    .where(and(eq(seoAuditRuns.status, "finished"), lt(seoAuditRuns.id, run.id)))
    .orderBy(desc(seoAuditRuns.id))
    .limit(1);
  const trend = FINDING_KIND_NAMES.map((kind) => ({ kind, label: FINDING_KINDS[kind], now: run.counts[kind] ?? 0, before: previous ? (previous.counts[kind] ?? 0) : null }));
  return { run: summary(run), previous: previous ? summary(previous) : null, trend };
}

export interface FindingRow {
  id: number;
  path: string;
  kind: FindingKind;
  kindLabel: string;
  detail: string;
  /** Where it is fixed: the record's screen where one owns the page, then the page itself (./fix-links.ts). */
  fixes: Array<{ label: string; href: string }>;
}

/** A run's findings of one kind (or all), in page order, on keyset pages of `size` after the finding `after`. */
export async function listFindings(runId: number, kind: FindingKind | "all", afterId: number | undefined, size: number, siteUrl: string): Promise<FindingRow[]> {
  const rows = await getDb()
    .select({ id: seoAuditFindings.id, path: seoAuditPages.path, kind: seoAuditFindings.kind, detail: seoAuditFindings.detail })
    .from(seoAuditFindings)
    .innerJoin(seoAuditPages, eq(seoAuditPages.id, seoAuditFindings.pageId))
    .where(and(eq(seoAuditFindings.runId, runId), kind === "all" ? undefined : eq(seoAuditFindings.kind, kind), afterId ? gt(seoAuditFindings.id, afterId) : undefined))
    .orderBy(asc(seoAuditFindings.id))
    .limit(size);
  // One look-up per page, however many findings it has.
  const fixes = new Map(await Promise.all([...new Set(rows.map((r) => r.path))].map(async (path) => [path, await fixLinksFor(path, siteUrl)] as const)));
  return rows.map((r) => {
    const k = (r.kind in FINDING_KINDS ? r.kind : "status") as FindingKind;
    return { id: r.id, path: r.path, kind: k, kindLabel: FINDING_KINDS[k], detail: r.detail, fixes: fixes.get(r.path)! };
  });
}

export interface PageRow {
  path: string;
  status: number | null;
  title: string | null;
  description: string | null;
  canonical: string | null;
  jsonLdTypes: string[];
  bytes: number | null;
  totalBytes: number | null;
  findings: number;
}

/** A run's sitemap pages with what was read from each and its count of findings. */
export async function listRunPages(runId: number, afterId: number | undefined, size: number): Promise<Array<PageRow & { id: number }>> {
  const found = getDb()
    .select({ pageId: seoAuditFindings.pageId, n: count().as("n") })
    .from(seoAuditFindings)
    .where(eq(seoAuditFindings.runId, runId))
    .groupBy(seoAuditFindings.pageId)
    .as("found");
  const rows = await getDb()
    .select({
      id: seoAuditPages.id,
      path: seoAuditPages.path,
      status: seoAuditPages.status,
      title: seoAuditPages.title,
      description: seoAuditPages.description,
      canonical: seoAuditPages.canonical,
      jsonLdTypes: seoAuditPages.jsonLdTypes,
      bytes: seoAuditPages.bytes,
      totalBytes: seoAuditPages.totalBytes,
      findings: sql<number>`coalesce(${found.n}, 0)`.mapWith(Number),
    })
    .from(seoAuditPages)
    .leftJoin(found, eq(found.pageId, seoAuditPages.id))
    .where(and(eq(seoAuditPages.runId, runId), eq(seoAuditPages.kind, "page"), afterId ? gt(seoAuditPages.id, afterId) : undefined))
    .orderBy(asc(seoAuditPages.id))
    .limit(size);
  return rows;
}

/** Kinds that a run found at least once, for the screen's tabs. */
export function kindsFound(counts: Record<string, number>): FindingKind[] {
  return FINDING_KIND_NAMES.filter((k) => (counts[k] ?? 0) > 0);
}
