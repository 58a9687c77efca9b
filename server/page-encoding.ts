/**
 * ETag, 304 and compression of the pages React renders (ADR 067).
 *
 * A page is rendered whole into one buffer (app/entry.server.tsx), yet Hono's etag and compress middlewares
 * treat it as a stream: the etag one tees the body and hashes it in WebCrypto's thread pool, chunk by chunk;
 * the compress one pipes it through a CompressionStream (gzip level 6) and hands Node a web stream to copy
 * out. The profile of the uncached home page under load put the two at about a fifth of the server's CPU.
 * Here a page (text/html) is read once: hashed in place (SHA-1, a weak ETag as before), answered 304 when the
 * browser holds it, otherwise compressed as one buffer in zlib's thread pool (off the JavaScript thread) at a
 * level chosen for pages made per request: brotli quality 3 (smaller than gzip 6 and cheaper than gzip 1 on
 * the home page), else gzip level 1. Node then writes the buffer directly.
 *
 * Anything else keeps Hono's middlewares (static files are served before this; the back office's CSV exports
 * are streamed and never hashed, ADR 024). A page the page cache may store is left uncompressed: the cache
 * keeps its own compressed copy, made once (server/page-cache.ts).
 */
import { hash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { etag } from "hono/etag";
import type {} from "./page-cache.ts"; // the pageCacheable context variable

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The compression of a page made for one request. */
export const pageCompression = {
  brotli: (body: Uint8Array) =>
    brotli(body, {
      chunkSize: outputChunkSize(body),
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }),
  gzip: (body: Uint8Array) => gzip(body, { level: 1, chunkSize: outputChunkSize(body) }),
};

/**
 * zlib's output buffer: by default 16 KB, and each one filled is a round trip from the thread pool back to the
 * JavaScript thread (the home page's gzip took three). A page compresses to well under half its size: one
 * buffer of half the page holds it in one pass (ADR 072).
 */
function outputChunkSize(body: Uint8Array): number {
  return Math.max(zlib.constants.Z_DEFAULT_CHUNK, Math.ceil(body.byteLength / 2));
}

/** Smaller bodies are sent as they are (as Hono's compress does). */
const THRESHOLD = 1024;
/** What a 304 keeps of the 200's headers (RFC 9110 15.4.5; Hono's list). */
const RETAINED_304_HEADERS = new Set(["cache-control", "content-location", "date", "etag", "expires", "vary"]);
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

const sha1 = (body: Uint8Array) => {
  const digest = hash("sha1", body, "buffer");
  return digest.buffer.slice(digest.byteOffset, digest.byteOffset + digest.byteLength) as ArrayBuffer;
};

/** The encodings the request accepts (q > 0), by name. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

function etagMatches(tag: string, ifNoneMatch: string | undefined): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const expected = tag.replace(/^W\//, "");
  return ifNoneMatch.match(/"[^"]*"/g)?.includes(expected) ?? false;
}

/**
 * Replaces the response. Cleared first: Hono's setter would otherwise copy every header of the old response onto
 * the new one (a 304 would keep them all) and wrap the buffer in a stream again.
 */
function replace(c: Context, response: Response) {
  c.res = undefined;
  c.res = response;
}

async function encodePage(c: Context, ifNoneMatch: string | undefined) {
  const { status, headers } = c.res;
  const body = new Uint8Array(await c.res.arrayBuffer());
  const method = c.req.method;
  if ((method === "GET" || method === "HEAD") && c.res.ok && !headers.has("etag")) {
    headers.set("ETag", `W/"${hash("sha1", body, "hex")}"`);
  }
  const tag = headers.get("etag");
  if (tag && c.res.ok && etagMatches(tag, ifNoneMatch)) {
    const kept = new Headers();
    for (const [name, value] of headers) if (RETAINED_304_HEADERS.has(name)) kept.set(name, value);
    replace(c, new Response(null, { status: 304, headers: kept }));
    return;
  }
  const compressible = !c.get("pageCacheable") && method !== "HEAD" && body.byteLength >= THRESHOLD && !NO_TRANSFORM.test(headers.get("cache-control") ?? "");
  if (!compressible) {
    replace(c, new Response(body, { status, headers }));
    return;
  }
  const vary = headers.get("vary");
  if (vary !== "*" && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const accepted = acceptedEncodings(c.req.header("accept-encoding"));
  const encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : undefined;
  if (!encoding) {
    replace(c, new Response(body, { status, headers }));
    return;
  }
  const encoded = await (encoding === "br" ? pageCompression.brotli(body) : pageCompression.gzip(body));
  headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(encoded.byteLength));
  replace(c, new Response(encoded, { status, headers }));
}

/**
 * The ETag and 304 of every response the app makes, and the compression of its pages; goes where Hono's etag
 * middleware went, inside the (outer) compress middleware, which then finds pages already encoded.
 */
export function pageEncoding(): MiddlewareHandler {
  // Weak ETags: the body may be compressed on the way out, so byte-for-byte equality is not promised.
  // The digest is taken at once on the JavaScript thread: a few hundred KB hash in well under a millisecond,
  // less than a round trip to WebCrypto's thread pool.
  const etagger = etag({ weak: true, generateDigest: sha1 });
  const noop = async () => {};
  return async (c, next) => {
    // The back office's CSV exports are streamed in batches (ADR 024): hashing one would hold the whole file
    // back until its last row; they are never cached anyway (no-store).
    if (c.req.query("format") === "csv") return next();
    const ifNoneMatch = c.req.header("if-none-match");
    await next();
    const type = c.res.headers.get("content-type");
    if (type?.startsWith("text/html") && c.res.body && !c.res.headers.has("content-encoding") && c.res.status !== 206) {
      await encodePage(c, ifNoneMatch);
    } else {
      await etagger(c, noop);
    }
  };
}

/** Hono's compress for what pageEncoding leaves (JSON, client-navigation data, XML, text); never for a page the page cache may store. */
export function otherCompression(): MiddlewareHandler {
  const compressor = compress();
  return (c, next) => (c.get("pageCacheable") ? next() : compressor(c, next));
}
