import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { databaseHandleIfOpen } from "~/.server/db/index.ts";

/**
 * What the site's caches know about change: a site-wide version, bumped when settings or anything that is not a
 * content kind changes (products, reviews, documents...), and one version per content kind, bumped when an entry
 * of that kind changes (a CMS publish, a catalogue edit). The content cache keeps a kind's rows while its
 * version and the site's are current; the page cache (server/page-cache.ts) keeps a rendered page while the
 * site's version and the version of every kind the render read are current (ADR 058): publishing an article
 * drops the article, the blog, the sitemap and the search, and leaves a service page that reads no article.
 *
 * Several instances on PostgreSQL (ADR 051): a change bumps the versions here at once and sends a NOTIFY on
 * `site_changed` naming the kinds (none: the whole site); every other instance's LISTEN connection (the live
 * hub's) hears it and bumps the same versions, so an edit made on one instance is on every instance's next page
 * within a second, not after a cache's TTL.
 */
export const SITE_CHANGED_CHANNEL = "site_changed";

/** This process, in the notifications it sends: it ignores its own. */
const INSTANCE = randomUUID();

/** The site's version: every copy depends on it. */
let site = 1;
/** Each content kind's version (absent: 0). */
const kinds = new Map<string, number>();
/** Bumped by every change, of the site or of a kind: for caches that do not track what they read. */
let any = 1;

/** Any change at all since: a cache holding a copy read at this number holds a current copy while it is the same. */
export function contentVersion(): number {
  return any;
}

/** The version a copy of one kind's rows is current at: the site's and the kind's. */
export function kindVersion(kind: string): string {
  return `${site}.${kinds.get(kind) ?? 0}`;
}

function bump(changed: readonly string[] | undefined): void {
  any += 1;
  if (!changed) site += 1;
  else for (const kind of changed) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}

/**
 * Something changed in this process, committed: stale here at once, and on the other instances. `changed` names
 * the content kinds that changed (only the copies that read one are stale); without it, everything is.
 */
export function bumpContentVersion(changed?: readonly string[]): void {
  bump(changed);
  const handle = databaseHandleIfOpen();
  if (handle?.engine !== "postgres") return;
  const payload = changed ? `${INSTANCE} ${changed.join(",")}` : INSTANCE;
  void handle.db
    .execute(sql`select pg_notify(${SITE_CHANGED_CHANNEL}, ${payload})`)
    .catch((error: unknown) => console.error("Could not tell the other instances about a content change:", error));
}

/**
 * Another instance changed something (its NOTIFY: "<instance>" for the whole site, "<instance> <kind>,<kind>" for
 * content kinds), or this one's LISTEN connection is back after a gap in which it may have missed one
 * (`payload` undefined): what is cached here of it is stale.
 */
export function contentChangedElsewhere(payload?: string): void {
  if (payload === undefined) return bump(undefined);
  const [from, named] = payload.split(" ", 2);
  if (from === INSTANCE) return;
  const changed = named?.split(",").filter(Boolean);
  bump(changed?.length ? changed : undefined);
}

// ── What a render read ───────────────────────────────────────────────────────────────────────────────

/** The versions a rendered page was current at: the site's, and each kind it read ("*": any change at all). */
export interface ContentStamp {
  site: number;
  read: Array<[kind: string, version: number]>;
}

const reading = new AsyncLocalStorage<Set<string>>();

/**
 * The render in progress depends on this content kind; without a kind, on every change (a reader that queries
 * entries of any kind itself, as the site search does). Called by every reader of content entries.
 */
export function noteContentRead(kind?: string): void {
  reading.getStore()?.add(kind ?? "*");
}

/**
 * Runs a render and says what it was current at. The versions are taken before it starts, so that a change landing
 * during the render leaves the copy stale instead of current (as the caches of ADR 051 do).
 */
export async function trackContentReads(render: () => Promise<void>): Promise<ContentStamp> {
  const atSite = site;
  const atAny = any;
  const atKinds = new Map(kinds);
  const read = new Set<string>();
  await reading.run(read, render);
  return { site: atSite, read: [...read].map((kind) => [kind, kind === "*" ? atAny : (atKinds.get(kind) ?? 0)]) };
}

export function contentStampIsCurrent(stamp: ContentStamp): boolean {
  return stamp.site === site && stamp.read.every(([kind, version]) => (kind === "*" ? any : (kinds.get(kind) ?? 0)) === version);
}
