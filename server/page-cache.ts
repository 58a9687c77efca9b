/**
 * In-memory cache of anonymous GET responses (pages and their client-navigation data), so that a visitor
 * on a slow network gets the page without waiting for React to render it again.
 *
 * - Only requests without cookies (anonymous) and responses marked `Cache-Control: public` are stored.
 * - An entry is valid for the response's max-age and only while the content version it was rendered at is
 *   current: any content or settings change bumps the version, so an edit shows on the next request.
 * - The gzip variant is made once, when the entry is stored; conditional requests get a 304.
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
  version: number;
  expires: number;
  status: number;
  identity: Variant;
  gzip: Variant | undefined;
  etag: string | undefined;
}

export interface PageCacheOptions {
  /** The current content version; entries rendered at another version are stale. */
  version: () => number;
  maxEntries?: number;
  now?: () => number;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript))/;

export function pageCache({ version, maxEntries = 1000, now = Date.now }: PageCacheOptions): MiddlewareHandler {
  // A Map keeps insertion order: deleting and re-inserting on a hit makes it a small LRU.
  const entries = new Map<string, Entry>();

  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.req.header("cookie")) return next();

    const key = c.req.url;
    const hit = entries.get(key);
    if (hit && hit.version === version() && hit.expires > now()) {
      entries.delete(key);
      entries.set(key, hit);
      return respond(hit, "hit", c.req.header("if-none-match"), c.req.header("accept-encoding"), method);
    }
    if (hit) entries.delete(key);

    c.set("pageCacheable", true);
    await next();
    const res = c.res;
    const cacheControl = res.headers.get("cache-control") ?? "";
    const maxAge = /(?:^|,)\s*public\b/.test(cacheControl) ? Number(/max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0) : 0;
    if (method !== "GET" || maxAge <= 0 || res.headers.has("set-cookie") || res.headers.has("content-encoding")) return;
    // A 304 from the ETag middleware has no body to store; the next unconditional request fills the cache.
    if (res.status !== 200 && res.status !== 404) return;

    const renderedAt = version();
    const body = new Uint8Array(await res.clone().arrayBuffer());
    const type = res.headers.get("content-type") ?? "";
    const headers: Record<string, string> = {};
    for (const [name, value] of res.headers) if (name !== "content-length") headers[name] = value;
    const gzipped = COMPRESSIBLE.test(type) && body.byteLength > 1024 ? gzipSync(body) : undefined;
    if (gzipped) headers["vary"] = headers["vary"] ? `${headers["vary"]}, Accept-Encoding` : "Accept-Encoding";
    const entry: Entry = {
      version: renderedAt,
      expires: now() + maxAge * 1000,
      status: res.status,
      identity: { body, headers: { ...headers, "content-length": String(body.byteLength), "x-cache": "hit" } },
      gzip: gzipped && {
        body: gzipped,
        headers: { ...headers, "content-encoding": "gzip", "content-length": String(gzipped.byteLength), "x-cache": "hit" },
      },
      etag: res.headers.get("etag") ?? undefined,
    };
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    // Clear first: Hono's c.res setter otherwise copies the old response's headers (its Content-Length
    // among them) onto the new one.
    c.res = undefined;
    c.res = respond(entry, "miss", undefined, c.req.header("accept-encoding"), method);
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
