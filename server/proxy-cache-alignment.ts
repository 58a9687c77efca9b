/**
 * Pages laid out for nginx's page cache (issue 20 §2, ADR 073): the body of a cached page starts on a 4 KB
 * boundary of nginx's cache file.
 *
 * nginx stores a response as one file: its own fixed header, the cache key, then the instance's response as
 * received (status line, headers, body). A HIT sends the body with sendfile from the offset where the body
 * starts. Measured on Debian's nginx 1.22 (ADR 073): from an offset that is not a multiple of the page size,
 * a HIT ran at 54-62 % of the same bytes sent as a static file; from a page-aligned offset, at 96-105 %. So
 * the instance pads the response headers of a page nginx may store until the body starts on such a boundary.
 *
 * nginx says what it needs in two request headers (scripts/lib/nginx-config.ts): the cache key it files the
 * page under and the size of its own header in the file. The instance writes every byte before the body
 * itself (the Date and Connection headers included, which Node would otherwise add), so it knows the offset
 * exactly; tests/e2e/cluster.spec.ts checks the offset in nginx's own files. nginx does not pass the padding
 * on to visitors (proxy_hide_header).
 */
import { STATUS_CODES } from "node:http";
import type { MiddlewareHandler } from "hono";

/** The header nginx sends with the cache key of the request (the same expression as its proxy_cache_key). */
export const CACHE_KEY_HEADER = "x-cache-key";
/** The header nginx sends with the size of its cache file's own header, before "\nKEY: ". */
export const CACHE_FILE_HEADER_BYTES_HEADER = "x-cache-file-header-bytes";
/** The padding header: filler that only nginx's cache file sees (nginx hides it from visitors). */
export const ALIGNMENT_HEADER = "x-cache-align";

const PAGE_SIZE = 4096;
/** What nginx writes around the key: "\nKEY: " before it, "\n" after it. */
const KEY_FRAMING_BYTES = "\nKEY: ".length + "\n".length;
/** "x-cache-align: " and "\r\n": the smallest the padding header can be. */
const ALIGNMENT_HEADER_OVERHEAD = ALIGNMENT_HEADER.length + 2 + 2;
/**
 * The most a padded head may be: nginx reads an instance's head into one buffer (proxy_buffer_size, 16 KB in
 * nginx-config.ts) and answers 502 if it does not fit. A head this large is left unpadded instead.
 */
const MAX_PADDED_HEAD_BYTES = 12 * 1024;

/** The status line and header lines as Node writes them for these headers, with the blank line after them. */
export function responseHeadBytes(status: number, headers: Iterable<[string, string]>): number {
  let bytes = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "unknown"}\r\n`.length + 2;
  // Header names and values are written as Latin-1 (one byte per character); values here are ASCII.
  for (const [name, value] of headers) bytes += name.length + 2 + value.length + 2;
  return bytes;
}

/**
 * The padding header's value that makes the body start on a page boundary, given where the response head
 * starts in the file and how long it is without the padding.
 */
export function alignmentPadding(headStart: number, headBytes: number): string {
  const end = headStart + headBytes + ALIGNMENT_HEADER_OVERHEAD;
  return ".".repeat((PAGE_SIZE - (end % PAGE_SIZE)) % PAGE_SIZE);
}

/**
 * Outermost middleware, behind a trusted proxy only: pads what nginx may store (an anonymous GET answered
 * `public` with a known length) for the key and file header nginx sent. Anything else passes untouched.
 */
export function proxyCacheAlignment({ trustProxy }: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const key = trustProxy ? c.req.header(CACHE_KEY_HEADER) : undefined;
    if (key === undefined || c.req.method !== "GET" || c.req.header("cookie")) return next();
    await next();
    const fileHeaderBytes = Number(c.req.header(CACHE_FILE_HEADER_BYTES_HEADER));
    if (!Number.isInteger(fileHeaderBytes) || fileHeaderBytes <= 0 || c.req.header("connection")?.toLowerCase() === "close") return;
    const res = c.res;
    const headers = res.headers;
    if (!/\bpublic\b/.test(headers.get("cache-control") ?? "") || !headers.has("content-length") || headers.has("set-cookie")) return;
    // Written here rather than by Node, so that every byte of the head is counted: Node adds neither a Date nor
    // a Connection (and then no Keep-Alive) header of its own when the response has one.
    headers.set("date", new Date().toUTCString());
    headers.set("connection", "keep-alive");
    const headStart = fileHeaderBytes + KEY_FRAMING_BYTES + key.length;
    const headBytes = responseHeadBytes(res.status, headers);
    const padding = alignmentPadding(headStart, headBytes);
    if (headBytes + ALIGNMENT_HEADER_OVERHEAD + padding.length <= MAX_PADDED_HEAD_BYTES) headers.set(ALIGNMENT_HEADER, padding);
  };
}
