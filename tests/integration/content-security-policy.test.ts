import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIfMissing, startProductionServer, type RunningServer } from "../../scripts/lib/production-server.ts";

/**
 * Issue 20 §4 (ADR 061): every HTML response of the production server carries a Content-Security-Policy that
 * allows no inline script but those on the page itself, by hash; a page from the page cache carries the policy
 * of the bytes it is sent with. One server (the production build, embedded database), asked as a visitor, a
 * customer, a technician and the owner would ask it; the engine plays no part in the headers.
 */
const token = randomBytes(24).toString("base64url");
let server: RunningServer;
/** The back office is served on 127.0.0.1, the public site on "localhost" (SITE_URL). */
let office: string;

beforeAll(async () => {
  buildIfMissing();
  server = await startProductionServer(undefined, { E2E_FIXTURE_TOKEN: token, SITE_URL: "http://localhost" });
  office = server.baseUrl;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

/** A session cookie ("name=value") for role, made by the test server's fixture hook (ADR 014). */
async function sessionOf(role: "owner" | "technician" | "customer"): Promise<string> {
  const response = await fetch(`${office}/__e2e/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-e2e-fixture-token": token },
    body: JSON.stringify({ role }),
  });
  expect(response.status).toBe(200);
  const { cookie } = (await response.json()) as { cookie: { name: string; value: string } };
  return `${cookie.name}=${cookie.value}`;
}

async function get(path: string, cookie?: string): Promise<{ response: Response; html: string }> {
  const url = path.startsWith("http") ? path : `${server.baseUrl.replace("127.0.0.1", "localhost")}${path}`;
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { response, html: await response.text() };
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Every inline script the browser would run, found here independently of the server's own scanner. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = m[1] ?? "";
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    scripts.push(m[2]!);
  }
  return scripts;
}

/** The policy holds the rules, and lets run exactly the inline scripts of this page. */
function expectPolicy(response: Response, html: string) {
  const header = response.headers.get("content-security-policy");
  expect(header, `Content-Security-Policy on ${response.url}`).toBeTruthy();
  const policy = Object.fromEntries(header!.split(/\s*;\s*/).map((d) => d.split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
  expect(policy["script-src"]).not.toContain("'unsafe-inline'");
  expect(policy["script-src"]).not.toContain("'unsafe-eval'");
  expect(policy["object-src"]).toEqual(["'none'"]);
  expect(policy["base-uri"]).toEqual(["'self'"]);
  expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  expect(policy["form-action"]![0]).toBe("'self'");
  const scripts = inlineScripts(html);
  for (const script of scripts) expect(policy["script-src"], `hash of <script>${script.slice(0, 60)}…`).toContain(sha256(script));
  // No hash for a script that is not on the page.
  expect(policy["script-src"]!.length).toBe(1 + new Set(scripts.map(sha256)).size);
  return policy;
}

describe("Content-Security-Policy on every HTML response (issue 20 §4)", () => {
  it("a public page rendered, then served from the page cache (plain and gzip), with the same policy for the same bytes", async () => {
    const path = `/?csp=${Date.now()}`;
    const first = await get(path);
    expect(first.response.headers.get("x-cache")).toBe("miss");
    const policy = expectPolicy(first.response, first.html);
    // The theme script, React Router's context and its route modules: all inline, all by hash.
    expect(policy["script-src"]!.length).toBeGreaterThanOrEqual(4);

    const cached = await get(path);
    expect(cached.response.headers.get("x-cache")).toBe("hit");
    expect(cached.html).toBe(first.html);
    expectPolicy(cached.response, cached.html);
    expect(cached.response.headers.get("content-security-policy")).toBe(first.response.headers.get("content-security-policy"));

    // Without gzip (fetch asks for it by default): the other stored variant.
    const plain = await fetch(`${server.baseUrl.replace("127.0.0.1", "localhost")}${path}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("x-cache")).toBe("hit");
    expectPolicy(plain, await plain.text());
  });

  it("a page rendered afresh (a visitor with a cookie bypasses the cache), a service page, the request form", async () => {
    const uncached = await get("/", "returning=1");
    expect(uncached.response.headers.get("x-cache")).toBeNull();
    expectPolicy(uncached.response, uncached.html);
    const services = await get("/services");
    expectPolicy(services.response, services.html);
    const service = /href="(\/services\/[a-z0-9-]+)"/.exec(services.html)?.[1];
    expect(service).toBeDefined();
    const page = await get(service!);
    expect(page.response.status).toBe(200);
    expectPolicy(page.response, page.html);
    const form = await get("/request");
    expectPolicy(form.response, form.html);
  });

  it("the 404 page, fresh and cached; a HEAD request", async () => {
    for (const state of ["miss", "hit"]) {
      const missing = await get("/no-such-page-csp");
      expect(missing.response.status).toBe(404);
      expect(missing.response.headers.get("x-cache")).toBe(state);
      expectPolicy(missing.response, missing.html);
    }
    const head = await fetch(`${office}/about`, { method: "HEAD" });
    expect(head.headers.get("content-security-policy")).toMatch(/object-src 'none'/);
  });

  it("the customer portal, the technician portal, and a back-office list and record", async () => {
    const customer = await get("/customer/mobile", await sessionOf("customer"));
    expect(customer.response.status).toBe(200);
    expectPolicy(customer.response, customer.html);

    const technician = await get("/technician/dashboard", await sessionOf("technician"));
    expect(technician.response.status).toBe(200);
    expectPolicy(technician.response, technician.html);

    const owner = await sessionOf("owner");
    const list = await get(`${office}/admin/technicians`, owner);
    expect(list.response.status).toBe(200);
    expectPolicy(list.response, list.html);
    // The technician signed in above has a record.
    const record = /href="(\/admin\/technicians\/\d+)"/.exec(list.html)?.[1];
    expect(record).toBeDefined();
    const page = await get(`${office}${record}`, owner);
    expect(page.response.status).toBe(200);
    expectPolicy(page.response, page.html);
  });

  it("HTML made outside the page renderer (a receipt link's problem page) gets the policy too, with no inline script", async () => {
    const problem = await get("/d/receipt/not-a-token");
    expect(problem.response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(problem.response.status).toBe(403);
    expectPolicy(problem.response, problem.html);
  });

  it("a signed-in visitor's page is never stored by a cache, whichever name the session cookie has (__Host-sid where cookies are Secure)", async () => {
    for (const cookie of ["sid=x", "__Host-sid=x", "theme=dark; __Host-sid=x"]) {
      const { response } = await get("/about", cookie);
      expect(response.headers.get("cache-control"), cookie).toBe("private, no-store");
    }
    expect((await get("/about")).response.headers.get("cache-control")).toMatch(/\bpublic\b/);
  });
});
