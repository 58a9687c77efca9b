import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { pageCache } from "../../server/page-cache.ts";
import { otherCompression, pageEncoding } from "../../server/page-encoding.ts";

const PAGE = `<!DOCTYPE html><html><body>${"<p>Motor rewinding, VFD repair</p>".repeat(200)}</body></html>`;

/** The server's order: page cache, compression of the rest, then the pages' ETag and encoding. */
function makeApp() {
  const app = new Hono();
  app.use(pageCache({ version: () => 1 }));
  app.use(otherCompression());
  app.use(pageEncoding());
  app.get("/page", (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.html(PAGE);
  });
  app.get("/private", (c) => {
    c.header("Cache-Control", "private, no-store");
    c.header("Content-Language", "en-IN");
    return c.html(PAGE);
  });
  app.get("/missing", (c) => c.html(PAGE, 404));
  app.get("/data", (c) => c.json({ services: Array.from({ length: 200 }, (_, i) => `service ${i}`) }));
  return { request: (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }) };
}

describe("page encoding", () => {
  it("sends a page rendered for one visitor compressed, brotli when accepted, else gzip, with a weak ETag", async () => {
    const app = makeApp();
    const br = await app.request("/private", { cookie: "__session=x", "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("etag")).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(PAGE);

    const gzip = await app.request("/private", { cookie: "__session=x", "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("etag")).toBe(br.headers.get("etag"));
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(PAGE);

    const plain = await app.request("/private", { cookie: "__session=x" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(PAGE);
  });

  it("answers 304 to a browser holding the page, keeping its caching headers", async () => {
    const app = makeApp();
    const first = await app.request("/private", { cookie: "__session=x" });
    const again = await app.request("/private", { cookie: "__session=x", "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("private, no-store");
    expect(again.headers.get("content-language")).toBeNull();
    expect(await again.text()).toBe("");
  });

  it("compresses the 404 page too, without an ETag", async () => {
    const app = makeApp();
    const missing = await app.request("/missing", { cookie: "__session=x", "accept-encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-encoding")).toBe("gzip");
    expect(missing.headers.get("etag")).toBeNull();
  });

  it("leaves a page the page cache stores to the cache, which serves its gzip copy", async () => {
    const app = makeApp();
    const miss = await app.request("/page", { "accept-encoding": "gzip" });
    expect(miss.headers.get("x-cache")).toBe("miss");
    // Compressed once, by the cache, not twice.
    expect(gunzipSync(Buffer.from(await miss.arrayBuffer())).toString()).toBe(PAGE);
    const hit = await app.request("/page", { "accept-encoding": "gzip" });
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(hit.headers.get("etag")).toBe(miss.headers.get("etag"));
    expect(gunzipSync(Buffer.from(await hit.arrayBuffer())).toString()).toBe(PAGE);
  });

  it("leaves other responses to Hono's compression and ETag", async () => {
    const app = makeApp();
    const data = await app.request("/data", { cookie: "__session=x", "accept-encoding": "gzip" });
    expect(data.headers.get("content-encoding")).toBe("gzip");
    expect(data.headers.get("etag")).toMatch(/^W\//);
  });
});
