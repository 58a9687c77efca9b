import { expect, test } from "@playwright/test";
import { openHydrated } from "./support/page-checks.ts";

test("floating WhatsApp and call buttons appear past 300 px of scroll and hide above it", async ({ page }) => {
  await openHydrated(page, "/");
  // The accessibility scan may have scrolled the page: start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  const whatsapp = page.getByRole("link", { name: "Chat on WhatsApp", exact: true });
  const call = page.getByRole("link", { name: "Call us", exact: true });
  await expect(whatsapp).toBeHidden();
  await expect(call).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(whatsapp).toBeVisible();
  await expect(call).toBeVisible();
  await expect(call).toHaveAttribute("href", "tel:+919000000001");
  const href = await whatsapp.getAttribute("href");
  const url = new URL(href!);
  expect(url.origin + url.pathname).toBe("https://wa.me/919000000001");
  expect(url.searchParams.get("text")).toMatch(/service for my industrial equipment/);

  await page.evaluate(() => window.scrollTo(0, 200));
  await expect(whatsapp).toBeHidden();
});
