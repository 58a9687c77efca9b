import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { pageCache } from "../../server/page-cache.ts";

function makeApp(options: { cacheControl?: string; status?: number; maxBytes?: number } = {}) {
  let version = 1;
  let clock = 0;
  let renders = 0;
  const app = new Hono();
  app.use(pageCache({ version: () => version, now: () => clock, ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}) }));
  app.get("*", (c) => {
    renders += 1;
    c.header("Cache-Control", options.cacheControl ?? "public, max-age=60");
    c.header("ETag", `W/"v${version}"`);
    c.header("Content-Type", "text/html; charset=utf-8");
    const body = `<p>render ${renders}</p>`.padEnd(2000, " ");
    // Static files come with their length, as serveStatic sends it.
    c.header("Content-Length", String(body.length));
    return c.body(body, (options.status ?? 200) as 200);
  });
  return {
    get: (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }),
    renders: () => renders,
    bump: () => (version += 1),
    advance: (ms: number) => (clock += ms),
  };
}

describe("page cache", () => {
  it("renders an anonymous page once and serves the copy until content changes", async () => {
    const app = makeApp();
    const first = await app.get("/");
    expect(first.headers.get("x-cache")).toBe("miss");
    const second = await app.get("/");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(await second.text()).toContain("render 1");
    expect(app.renders()).toBe(1);

    app.bump(); // an edit in the back office
    expect(await (await app.get("/")).text()).toContain("render 2");
  });

  it("expires entries after the response's max-age", async () => {
    const app = makeApp();
    await app.get("/a");
    app.advance(59_000);
    await app.get("/a");
    expect(app.renders()).toBe(1);
    app.advance(2_000);
    await app.get("/a");
    expect(app.renders()).toBe(2);
  });

  it("never stores a request with cookies, or a response that is not public", async () => {
    const app = makeApp();
    await app.get("/", { cookie: "__session=abc" });
    await app.get("/", { cookie: "__session=abc" });
    expect(app.renders()).toBe(2);
    const privateApp = makeApp({ cacheControl: "private, no-store" });
    await privateApp.get("/");
    await privateApp.get("/");
    expect(privateApp.renders()).toBe(2);
  });

  it("answers a matching If-None-Match with 304, and gzips for clients that accept it", async () => {
    const app = makeApp();
    const first = await app.get("/", { "accept-encoding": "gzip, br" });
    expect(first.headers.get("content-encoding")).toBe("gzip");
    // The first (miss) response is complete too: its length is the gzip body's, not the original's.
    const firstBody = new Uint8Array(await first.clone().arrayBuffer());
    expect(first.headers.get("content-length")).toBe(String(firstBody.byteLength));
    expect(first.headers.get("vary")).toContain("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString()).toContain("render 1");
    const etag = first.headers.get("etag")!;
    const revalidated = await app.get("/", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    const plain = await app.get("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("render 1");
  });

  it("keeps 404 pages too, so a crawler hammering dead links costs one render each", async () => {
    const app = makeApp({ status: 404 });
    await app.get("/gone");
    const again = await app.get("/gone");
    expect(again.status).toBe(404);
    expect(app.renders()).toBe(1);
  });

  it("holds at most its byte budget, dropping the least recently used pages first", async () => {
    // Each page is 2,000 bytes plain and a few dozen gzipped: three fit in 7,000 bytes, four do not.
    const app = makeApp({ maxBytes: 7_000 });
    for (const page of ["/a", "/b", "/c"]) await app.get(page);
    await app.get("/a"); // used again: /b is now the least recent
    await app.get("/d");
    expect(app.renders()).toBe(4);
    await app.get("/a");
    await app.get("/c");
    await app.get("/d");
    expect(app.renders()).toBe(4);
    await app.get("/b");
    expect(app.renders()).toBe(5);
  });
});
