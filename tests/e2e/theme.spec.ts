import { expect, test } from "@playwright/test";
import { visit, waitForHydration } from "./support/page-checks.ts";

test.describe("colour theme", () => {
  test("defaults to the system setting", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await visit(page, "/");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("the toggle cycles system, light, dark and stores the choice under 'theme'", async ({ page, isMobile }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await visit(page, "/");
    await waitForHydration(page);
    // Phones carry the toggle in the menu.
    if (isMobile) await page.locator("summary", { hasText: "Menu" }).click();
    const toggle = page.getByRole("button", { name: /Colour theme/ }).locator("visible=true");
    await expect(toggle).toHaveAccessibleName(/System/);
    await toggle.click();
    await expect(toggle).toHaveAccessibleName(/Light/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
    await toggle.click();
    await expect(toggle).toHaveAccessibleName(/Dark/);
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await expectNoFlash();

    async function expectNoFlash() {
      // Block the app's JavaScript: only the inline head script can apply the stored theme now.
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.reload();
      await expect(page.locator("html")).toHaveClass(/dark/);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgb(255, 255, 255)");
    }
  });
});
