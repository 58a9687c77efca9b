import { expect, test } from "@playwright/test";
import { visit } from "./support/page-checks.ts";

test.describe("404 page", () => {
  test("unknown paths get the spec's 404 page with status 404", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (m) => logged.push(m.text()));
    const response = await visit(page, "/no/such/page", { status: 404 });
    expect(response.headers()["cache-control"]).toBe("public, max-age=60, s-maxage=5");

    await expect(page).toHaveTitle(/Page Not Found/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page Not Found");
    await expect(page.getByText("The page you're looking for doesn't exist or may have been moved.")).toBeVisible();
    await expect(page.locator("main code")).toHaveText("/no/such/page");
    await expect.poll(() => logged.some((t) => t.includes("/no/such/page"))).toBe(true);

    const popular = page.getByRole("region", { name: "Popular pages" });
    for (const href of ["/", "/services", "/products", "/projects", "/about", "/contact"]) {
      await expect(popular.locator(`a[href="${href}"]`)).toBeVisible();
    }
    const quick = page.getByRole("region", { name: "Quick service links" });
    for (const href of ["/services/vfd-repair", "/services/plc-repair", "/services/control-panel-fabrication", "/services/energy-audit", "/services/solar-epc", "/services/amc"]) {
      await expect(quick.locator(`a[href="${href}"]`)).toBeVisible();
    }
    const emergency = page.getByRole("region", { name: /Machine down/ });
    await expect(emergency.getByRole("link", { name: "Call now" })).toHaveAttribute("href", "tel:+919000000001");
    await expect(emergency.getByRole("link", { name: "Request service" })).toHaveAttribute("href", "/request");
    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "sitemap" })).toHaveAttribute("href", "/sitemap.xml");
    await expect(main.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/faq");
    await expect(main.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
  });

  test("its search box goes to /search?q=... and refuses a blank or whitespace-only search", async ({ page }) => {
    await visit(page, "/missing", { status: 404 });
    const box = page.getByRole("searchbox", { name: "Search the site" });
    await box.fill("   ");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/missing$/);
    await box.fill("servo repair");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=servo\+repair$/);
  });

  // Its own context at the default (desktop) size in either project: the phone project would repeat it
  // exactly, so it runs once (@desktop).
  test("without JavaScript the browser still refuses a blank search", { tag: "@desktop" }, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/missing");
    await page.getByRole("searchbox", { name: "Search the site" }).fill("  ");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/missing$/);
    await page.getByRole("searchbox", { name: "Search the site" }).fill("plc");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=plc$/);
    await context.close();
  });

  test("a form posted to an unknown address is a 404 too", { tag: "@desktop" }, async ({ request, baseURL }) => {
    const response = await request.post("/no-such-form", { form: { a: "b" }, headers: { Origin: baseURL! } });
    expect(response.status()).toBe(404);
  });
});
