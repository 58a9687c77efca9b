/**
 * In-memory cache of anonymous GET responses (pages and their client-navigation data), so that a visitor
 * on a slow network gets the page without waiting for React to render it again.
 *
 * - Only requests without cookies (anonymous) and responses marked `Cache-Control: public` are stored.
 * - An entry is valid for the response's max-age and only while what it was rendered from is current: the
 *   freshness the app gives says what a render read (its stamp) and whether that is still current (ADR 058: a
 *   published article drops the pages that read articles, not a service page), so an edit shows on the next
 *   request. The simpler `version` option is one number for everything.
 * - The gzip variant is made once, when the entry is stored; conditional requests get a 304.
 * - Bounded by the bytes it holds as well as by entries (ADR 067): every query string is its own entry,
 *   and a home page with both its copies is about 190 KB, so 1,000 entries of it (a crawler walking ?service=
 *   searches) held 190 MB, most of the memory target of one instance. The least recently used go first.
 */
import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";

declare module "hono" {
  interface ContextVariableMap {
    /** Set for requests the page cache may store: inner middleware must not compress them. */
    pageCacheable: boolean;
  }
}

/** A body with its complete response headers, built once: a hit only picks one and sends it. */
interface Variant {
  body: Uint8Array;
  headers: Record<string, string>;
}

interface Entry {
  stamp: unknown;
  expires: number;
  status: number;
  identity: Variant;
  gzip: Variant | undefined;
  etag: string | undefined;
}

/** What a render read, and whether a copy of it is still current. */
export interface Freshness<Stamp> {
  /** Runs the render (the rest of the middleware chain) and answers what it read, as of before it ran. */
  track: (render: () => Promise<void>) => Promise<Stamp>;
  isCurrent: (stamp: Stamp) => boolean;
}

export type PageCacheOptions<Stamp> = (
  | { freshness: Freshness<Stamp> }
  /** The current content version; entries rendered at another version are stale. */
  | { version: () => number }
) & {
  maxEntries?: number;
  /** The bodies' total size, identity and gzip together. */
  maxBytes?: number;
  now?: () => number;
};

function freshnessOf<Stamp>(options: PageCacheOptions<Stamp>): Freshness<unknown> {
  if ("freshness" in options) return options.freshness as Freshness<unknown>;
  const { version } = options;
  return {
    track: async (render) => {
      // Taken before the render: a change during it leaves the copy stale.
      const at = version();
      await render();
      return at;
    },
    isCurrent: (stamp) => stamp === version(),
  };
}

/** The page cache's own view, for tests and the bench: whether a copy of the address is held and current. */
export interface PageCacheHandle {
  middleware: MiddlewareHandler;
  /** A current copy of the URL is held (the next anonymous GET of it is a hit). */
  holds: (url: string) => boolean;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript))/;

export function pageCache<Stamp>(options: PageCacheOptions<Stamp>): MiddlewareHandler {
  return pageCacheWithHandle(options).middleware;
}

export function pageCacheWithHandle<Stamp>(options: PageCacheOptions<Stamp>): PageCacheHandle {
  const { maxEntries = 1000, maxBytes = 32 * 1024 * 1024, now = Date.now } = options;
  const { track, isCurrent } = freshnessOf(options);
  // A Map keeps insertion order: deleting and re-inserting on a hit makes it a small LRU.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const sizeOf = (entry: Entry) => entry.identity.body.byteLength + (entry.gzip?.body.byteLength ?? 0);
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= sizeOf(entry);
  };
  const current = (entry: Entry) => entry.expires > now() && isCurrent(entry.stamp);

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.req.header("cookie")) return next();

    const key = c.req.url;
    const hit = entries.get(key);
    if (hit && current(hit)) {
      entries.delete(key);
      entries.set(key, hit);
      return respond(hit, "hit", c.req.header("if-none-match"), c.req.header("accept-encoding"), method);
    }
    if (hit) drop(key);

    c.set("pageCacheable", true);
    const stamp = await track(next);
    const res = c.res;
    const cacheControl = res.headers.get("cache-control") ?? "";
    const maxAge = /(?:^|,)\s*public\b/.test(cacheControl) ? Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0) : 0;
    if (method !== "GET" || maxAge <= 0 || res.headers.has("set-cookie") || res.headers.has("content-encoding")) return;
    // A 304 from the ETag middleware has no body to store; the next unconditional request fills the cache.
    if (res.status !== 200 && res.status !== 404) return;

    const body = new Uint8Array(await res.clone().arrayBuffer());
    const type = res.headers.get("content-type") ?? "";
    const headers: Record<string, string> = {};
    for (const [name, value] of res.headers) if (name !== "content-length") headers[name] = value;
    const gzipped = COMPRESSIBLE.test(type) && body.byteLength > 1024 ? gzipSync(body) : undefined;
    if (gzipped) headers["vary"] = headers["vary"] ? `${headers["vary"]}, Accept-Encoding` : "Accept-Encoding";
    const entry: Entry = {
      stamp,
      expires: now() + maxAge * 1000,
      status: res.status,
      identity: { body, headers: { ...headers, "content-length": String(body.byteLength), "x-cache": "hit" } },
      gzip: gzipped && {
        body: gzipped,
        headers: { ...headers, "content-encoding": "gzip", "content-length": String(gzipped.byteLength), "x-cache": "hit" },
      },
      etag: res.headers.get("etag") ?? undefined,
    };
    drop(key); // a concurrent miss of the same address may have stored it meanwhile
    entries.set(key, entry);
    bytes += sizeOf(entry);
    while (entries.size > maxEntries || (bytes > maxBytes && entries.size > 1)) drop(entries.keys().next().value!);
    // Clear first: Hono's c.res setter otherwise copies the old response's headers (its Content-Length
    // among them) onto the new one.
    c.res = undefined;
    c.res = respond(entry, "miss", undefined, c.req.header("accept-encoding"), method);
  };

  return {
    middleware,
    holds: (url) => {
      const entry = entries.get(url);
      return entry !== undefined && current(entry);
    },
  };
}

function respond(
  entry: Entry,
  cacheStatus: "hit" | "miss",
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  method: string,
): Response {
  const variant = entry.gzip && /\bgzip\b/.test(acceptEncoding ?? "") ? entry.gzip : entry.identity;
  const headers = cacheStatus === "hit" ? variant.headers : { ...variant.headers, "x-cache": "miss" };
  if (entry.etag && ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(entry.etag)) {
    const { "content-length": _length, ...notModified } = headers;
    return new Response(null, { status: 304, headers: notModified });
  }
  return new Response(method === "HEAD" ? null : (variant.body as BodyInit), { status: entry.status, headers });
}
