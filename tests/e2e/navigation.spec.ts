import { expect, test } from "@playwright/test";
import { visit } from "./support/page-checks.ts";

test.describe("navigation", () => {
  test("a route change scrolls to the top", async ({ page }) => {
    await visit(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.locator("footer").getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a link to a #hash scrolls to its target instead of the top", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("link", { name: "Why plants call us first" }).click();
    await expect(page).toHaveURL(/\/#why-us$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(page.locator("#why-us")).toBeInViewport();
  });

  test("tells the visitor when the connection drops, and says so in a toast when it is back", async ({ page, context }) => {
    await visit(page, "/");
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
