import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPrivatePostgres, type PrivatePostgres } from "../../scripts/lib/private-postgres.ts";
import { buildIfMissing, startProductionServer, type RunningServer } from "../../scripts/lib/production-server.ts";

/**
 * PostgreSQL down or restarting under a running server (ADR 069; `npm run chaos` restarts it once per run):
 * a page and a post that need it answer 503 with Retry-After and a short page with the support phone, never a
 * 500 or a stack, and never a 303 for a submission that was not stored; when the database is back, so is the
 * service. The production build on a PostgreSQL server of the test's own, which it stops and starts.
 */
let pg: PrivatePostgres;
let server: RunningServer;
let base: string;

beforeAll(async () => {
  buildIfMissing();
  pg = await startPrivatePostgres("outage");
  server = await startProductionServer(pg.url);
  base = server.baseUrl;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  pg?.stop();
});

const SUPPORT_PHONE = /\+91|tel:/;

function requestForm(mobile: string, contactName: string): FormData {
  const form = new FormData();
  const fields = { contactName, mobile, city: "Hyderabad", siteAddress: "Plot 7, IDA Uppal", service: "vfd-repair", urgency: "planned", faultDescription: "Drive trips on overcurrent at start.", consent: "on", fax_number_2: "", idempotencyKey: crypto.randomUUID() };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

async function post(path: string, form: FormData) {
  const response = await fetch(`${base}${path}`, { method: "POST", body: form, redirect: "manual", headers: { origin: base } });
  return { response, body: await response.text() };
}

describe("PostgreSQL down under a running server", () => {
  it("answers a page and the request form with 503 and Retry-After, and serves again when it is back", async () => {
    // Up: a blog post's page reads the database (an unknown one, never cached: a fresh path each time, 404);
    // the request form stores (303).
    const blog = await fetch(`${base}/blog/no-such-post-before`);
    expect(blog.status).toBe(404);
    await blog.arrayBuffer();
    expect((await post("/request", requestForm("9876500011", "Before Outage"))).response.status).toBe(303);

    pg.crash();
    try {
      const page = await fetch(`${base}/blog/no-such-post-during`);
      const html = await page.text();
      expect(page.status).toBe(503);
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(page.headers.get("cache-control")).toContain("no-store");
      expect(html).toContain("We could not show this page right now");
      expect(html).toMatch(SUPPORT_PHONE);
      expect(html).not.toMatch(/ECONNREFUSED|at .+\.js:\d+/);

      // The form without JavaScript posts to the page; with it, to the JSON endpoint: neither may say 303.
      const sent = await post("/request", requestForm("9876500012", "During Outage"));
      expect(sent.response.status).toBe(503);
      expect(Number(sent.response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(sent.body).toContain("We could not save this right now");
      expect(sent.body).toMatch(SUPPORT_PHONE);
      const endpoint = await post("/request/submit", requestForm("9876500013", "During Outage Xhr"));
      expect(endpoint.response.status).toBe(503);
      expect(Number(endpoint.response.headers.get("retry-after"))).toBeGreaterThan(0);
      // The form's script shows this message above the form, the fields as typed.
      expect((JSON.parse(endpoint.body) as { errors: { form: string } }).errors.form).toMatch(/could not save this right now.*\+91/);
    } finally {
      pg.start();
    }

    // Back: the pool reconnects on the next query.
    let back = 0;
    for (let attempt = 0; attempt < 20 && back !== 404; attempt += 1) {
      const response = await fetch(`${base}/blog/no-such-post-after-${attempt}`);
      await response.arrayBuffer();
      back = response.status;
      if (back !== 404) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(back).toBe(404);
    expect((await post("/request", requestForm("9876500014", "After Outage"))).response.status).toBe(303);
  }, 120_000);
});
