import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { startPrivatePostgres, type PrivatePostgres } from "../../scripts/lib/private-postgres.ts";
import { buildIfMissing, startProductionServer, staffSessionCookie, type RunningServer } from "../../scripts/lib/production-server.ts";

/**
 * PostgreSQL down under a running server, seen in the browser with JavaScript on (ADR 069): a client-side
 * navigation (a link React Router handles) shows the same outage page a full page load gets (tests/integration/
 * database-outage.test.ts checks that one's 503 and Retry-After), never the generic error page. The production
 * build on a PostgreSQL server of the test's own, which it stops and starts; once, at desktop width.
 */
test.describe.configure({ mode: "serial" });

let pg: PrivatePostgres;
let server: RunningServer;
let base: string;
const token = randomBytes(32).toString("base64url");

test.beforeAll(async () => {
  test.setTimeout(180_000);
  buildIfMissing();
  pg = await startPrivatePostgres("outage_nav");
  // The public site is "localhost" and the back office is served on 127.0.0.1 (the admin gate refuses it on the
  // site's own host), as on a developer's machine.
  server = await startProductionServer(pg.url, { E2E_FIXTURE_TOKEN: token, SITE_URL: "http://localhost" });
  base = server.baseUrl;
});

test.afterAll(async () => {
  await server?.stop();
  pg?.stop();
});

async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

async function expectOutagePage(page: Page) {
  await expect(page.getByRole("heading", { name: /We could not show this page right now/ })).toBeVisible();
  await expect(page.getByText(/try again in a minute/i).first()).toBeVisible();
  await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
  await expect(page.locator('a[href*="wa.me"]').first()).toBeVisible();
  await expect(page.getByText(/Something went wrong|Unexpected Server Error/)).toHaveCount(0);
}

test("a link clicked while the database is down shows the outage page, in the back office and the public site @desktop", async ({ page, context }) => {
  test.setTimeout(120_000);
  // The back office: every page reads the staff session from the database.
  const [name, ...value] = (await staffSessionCookie(base, token)).split("=");
  await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
  await page.goto(`${base}/admin`);
  await hydrated(page);
  const customers = page.getByRole("link", { name: "Customers", exact: true }).first();
  await expect(customers).toBeVisible();

  const answers: { status: number; retryAfter: string | null }[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".data")) answers.push({ status: response.status(), retryAfter: response.headers()["retry-after"] ?? null });
  });
  pg.crash();
  try {
    await customers.click();
    await expectOutagePage(page);
    // It was React Router's navigation (no page load), answered 503 with when to try again.
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.at(-1)).toMatchObject({ status: 503 });
    expect(Number(answers.at(-1)?.retryAfter)).toBeGreaterThan(0);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();

    // The public site, signed in or not: a link to a page whose data is not cached.
    await context.clearCookies();
    answers.length = 0;
    const site = base.replace("127.0.0.1", "localhost");
    await page.goto(`${site}/blog`);
    await hydrated(page);
    await page.evaluate(() => {
      // A link to a post that was never read (a cache miss): as a stale link in an old article would be.
      const link = document.createElement("a");
      link.href = "/blog/no-such-post-during-outage";
      link.textContent = "An old article";
      document.querySelector("main")?.append(link);
    });
    await page.getByRole("link", { name: "An old article" }).click();
    await expectOutagePage(page);
    expect(answers.at(-1)).toMatchObject({ status: 503 });
  } finally {
    pg.start();
  }
});

test("a form submitted while the database is down shows the outage page and keeps what was typed @desktop", async ({ page }) => {
  test.setTimeout(120_000);
  // The customer portal's sign-in: a React Router form (a `.data` post), whose action stores the code it sends.
  const site = base.replace("127.0.0.1", "localhost");
  await page.goto(`${site}/customer/login`);
  await hydrated(page);
  await page.getByLabel("Mobile number").fill("98480 12345");

  pg.crash();
  try {
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("heading", { name: "We could not save this right now" })).toBeVisible();
    await expect(page.getByText(/Nothing was stored/)).toBeVisible();
    await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(page.getByText(/Something went wrong|Unexpected Server Error/)).toHaveCount(0);
  } finally {
    pg.start();
  }
  // Back a minute later: the form as it was typed.
  await expect(async () => expect((await fetch(`${site}/blog/no-such-post-${Date.now()}`)).status).toBe(404)).toPass({ timeout: 60_000 });
  await page.getByRole("link", { name: "Back to the form, as you typed it" }).click();
  await expect(page.getByLabel("Mobile number")).toHaveValue("98480 12345");
  await expect(page.getByRole("button", { name: "Send code" })).toBeVisible();
});
