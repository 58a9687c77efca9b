import { expect, test } from "@playwright/test";
import { openHydrated, visit } from "./support/page-checks.ts";

test.describe("navigation", () => {
  test("a route change scrolls to the top", async ({ page }) => {
    await openHydrated(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.locator("footer").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("Back returns to where the reader was on the page before", async ({ page }) => {
    await openHydrated(page, "/");
    // Part-way down the service cards (a page's very end can move by the height of sections not rendered yet).
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    // Let the position be recorded (on the next animation frame), as it is while a person scrolls.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const link = page.locator("#services").getByRole("link", { name: /^Learn More/ });
    const visible = await link.evaluateAll((links) => links.findIndex((a) => {
      const r = a.getBoundingClientRect();
      return r.top > 0 && r.bottom < window.innerHeight;
    }));
    expect(visible, "a Learn More link in view").toBeGreaterThanOrEqual(0);
    await link.nth(visible).click();
    await expect(page).toHaveURL(/\/services\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
    // Forward again: the service page opens where it was left, at the top.
    await page.goForward();
    await expect(page).toHaveURL(/\/services\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a link to a #hash scrolls to its target instead of the top", async ({ page }) => {
    await visit(page, "/services");
    await page.getByRole("navigation", { name: "Service categories" }).getByRole("link", { name: /^Utility/ }).click();
    await expect(page).toHaveURL(/\/services#utility$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(page.locator("#utility")).toBeInViewport();
  });

  test("in-app navigation reaches pages whose loaders read the address, redirects included", async ({ page }) => {
    await openHydrated(page, "/");
    // Each link is followed by the client router (a .data request), not a full page load.
    const go = async (href: string) => {
      await page.evaluate((h) => {
        const a = document.createElement("a");
        a.href = h;
        a.textContent = "go";
        document.querySelector("main")!.append(a);
        a.click();
      }, href);
    };
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await go("/service/vfd-repair");
    // Two hops (the old address answers with a redirect), each discovering its route and loading its code: on a
    // busy CI machine that has taken over 5 s.
    await expect(page).toHaveURL(/\/services\/vfd-repair$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("VFD Repair");
    await go("/blog/vfd-common-faults");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("VFD");
    await go("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy");
    await go("/legal/terms");
    await expect(page).toHaveURL(/\/terms$/, { timeout: 15_000 });
    // All of that happened in the page, without a full load.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await go("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page Not Found");
  });

  test("tells the visitor when the connection drops, and says so in a toast when it is back", async ({ page, context }) => {
    await openHydrated(page, "/");
    await context.setOffline(true);
    await expect(page.getByRole("status").getByText(/You are offline/)).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole("status").getByText(/You are offline/)).toBeHidden();
    // sonner's toaster, loaded on this first toast, in the spec's bottom-right corner.
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Back online" });
    await expect(toast).toBeVisible();
    await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-x-position", "right");
    await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-y-position", "bottom");
    // Gone after the spec's 4 s display time.
    await expect(toast).toBeHidden({ timeout: 8000 });
  });

  test("the phone menu works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("summary", { hasText: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Forum" })).toBeVisible();
    await page.locator("summary", { hasText: "Sign In" }).click();
    await expect(page.locator("header").getByRole("link", { name: "Customer Login" })).toBeVisible();
    await context.close();
  });
});
