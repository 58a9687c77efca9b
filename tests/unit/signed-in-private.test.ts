import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { hasSessionCookie, signedInPrivate } from "../../server/signed-in-private.ts";

function app() {
  const hono = new Hono();
  hono.use(signedInPrivate());
  hono.get("*", (c) => c.html("<p>page</p>", 200, { "Cache-Control": "public, max-age=60" }));
  return hono;
}

describe("a signed-in visitor's pages are never stored", () => {
  it("over HTTP, with the plain session cookie", async () => {
    const res = await app().request("/", { headers: { cookie: "theme=dark; sid=abc" } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("over HTTPS, with the __Host- session cookie that production sets", async () => {
    const res = await app().request("/", { headers: { cookie: "__Host-sid=abc" } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("an anonymous page stays public and varies by cookie", async () => {
    const res = await app().request("/", { headers: { cookie: "theme=dark" } });
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("vary")).toContain("Cookie");
  });

  it("a cookie whose name only ends in sid is not a session", () => {
    expect(hasSessionCookie("paysid=1")).toBe(false);
    expect(hasSessionCookie("a=1; sid=2")).toBe(true);
  });
});
