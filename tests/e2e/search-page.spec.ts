import { expect, test } from "@playwright/test";
import { visit } from "./support/page-checks.ts";

test.describe("/search", () => {
  test("finds services, articles and fault-code tables by full-text search, grouped by category", async ({ page }) => {
    await visit(page, "/search?q=overcurrent");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “overcurrent”");
    await expect(page.getByRole("status").filter({ hasText: /results?$/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Resources" }).getByRole("link").first()).toHaveAttribute("href", /^\/technical-data\?brand=/);
    await expect(page.getByRole("region", { name: "Blog" }).getByRole("link", { name: /VFD/ }).first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("matches the start of a word and a keypad fault code", async ({ page }) => {
    await visit(page, "/search?q=serv");
    await expect(page.getByRole("region", { name: "Services" }).getByRole("link", { name: "Servo Drive Repair" })).toBeVisible();
    await visit(page, "/search?q=F0001");
    await expect(page.getByRole("region", { name: "Resources" }).getByRole("link", { name: /Siemens/ })).toBeVisible();
  });

  test("says so when nothing matches, and hostile input is just text", async ({ page }) => {
    await visit(page, "/search?q=xyzzy%20plugh");
    await expect(page.getByRole("status").filter({ hasText: "No results found for “xyzzy plugh”" })).toBeVisible();
    await visit(page, `/search?q=${encodeURIComponent("<script>alert(1)</script>' or 1=1;--")}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("<script>alert(1)</script>");
    expect(await page.locator("main script").count()).toBe(0);
  });

  // Its own context at the default (desktop) size in either project: the phone project would repeat it
  // exactly, so it runs once (@desktop).
  test("works without JavaScript", { tag: "@desktop" }, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/search");
    await page.getByRole("searchbox", { name: /Search services/ }).fill("motor rewinding");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=motor\+rewinding$/);
    await expect(page.getByRole("link", { name: "Motor Repair & Rewinding" })).toBeVisible();
    await context.close();
  });
});
