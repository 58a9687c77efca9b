import { expect, test, type Page } from "@playwright/test";
import { openHydrated } from "./support/page-checks.ts";

/** The header search box: inline on desktop, behind the search toggle on phones. */
async function openSearch(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole("link", { name: "Search" }).click();
  const input = page.getByRole("combobox", { name: "Search site" }).locator("visible=true");
  await input.click();
  return input;
}

test.describe("header site search", () => {
  test("opens on focus with every entry grouped by category", async ({ page, isMobile }) => {
    await openHydrated(page, "/");
    const input = await openSearch(page, isMobile);
    await expect(input).toHaveAttribute("placeholder", "Search site...");
    const listbox = page.getByRole("listbox", { name: "Search results" }).locator("visible=true");
    await expect(listbox).toBeVisible();
    for (const category of ["Pages", "Service Area", "Services", "Resources", "Blog", "Company", "Legal"]) {
      await expect(listbox.getByRole("group", { name: category, exact: true })).toBeAttached();
    }
    await expect(listbox.getByRole("option", { name: "Hyderabad Service Area" })).toBeAttached();
  });

  test("filters as the visitor types, at most 8 per group, with a clear button and 'No results found'", async ({ page, isMobile }) => {
    await openHydrated(page, "/");
    const input = await openSearch(page, isMobile);
    await input.fill("repair");
    const listbox = page.getByRole("listbox", { name: "Search results" }).locator("visible=true");
    const services = listbox.getByRole("group", { name: "Services" });
    await expect(services.getByRole("option", { name: "VFD Drive Repair" })).toBeVisible();
    expect(await services.getByRole("option").count()).toBeLessThanOrEqual(8);
    await expect(listbox.getByRole("option", { name: "Contact Us" })).toHaveCount(0);

    await input.fill("xyzzy no such thing");
    await expect(page.getByText("No results found").locator("visible=true")).toBeVisible();

    await page.getByRole("button", { name: "Clear search" }).locator("visible=true").click();
    await expect(input).toHaveValue("");
    await expect(input).toBeFocused();
    await expect(listbox.getByRole("option", { name: "Contact Us" })).toBeAttached();
  });

  test("is keyboard navigable: arrows choose, Enter goes there and clears, Escape closes", async ({ page, isMobile }) => {
    await openHydrated(page, "/");
    const input = await openSearch(page, isMobile);
    await input.fill("careers");
    // The results (fetched on first focus) must be on screen before the arrow keys can choose one.
    await expect(page.getByRole("option", { name: "Careers" }).locator("visible=true")).toBeVisible();
    await input.press("ArrowDown");
    await expect(input).toHaveAttribute("aria-activedescendant", /-option-0$/);
    const active = await input.getAttribute("aria-activedescendant");
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute("aria-selected", "true");
    await expect(page.locator(`[id="${active}"]`)).toHaveText("Careers");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/careers$/);

    await openHydrated(page, "/");
    const again = await openSearch(page, isMobile);
    await expect(again).toHaveValue("");
    await expect(again).toHaveAttribute("aria-expanded", "true");
    await again.press("Escape");
    await expect(again).toHaveAttribute("aria-expanded", "false");
    // The ARIA combobox pattern: with text typed, a first Escape closes the list, a second clears the box.
    await again.fill("plc");
    await expect(again).toHaveAttribute("aria-expanded", "true");
    await again.press("Escape");
    await expect(again).toHaveAttribute("aria-expanded", "false");
    await expect(again).toHaveValue("plc");
    await again.press("Escape");
    await expect(again).toHaveValue("");
  });

  test("is the combobox pattern's text input, which HTML allows role=combobox on", async ({ page }) => {
    await page.goto("/");
    // On a phone the header's search bar is closed behind its toggle: the markup is checked all the same.
    const inputs = page.getByRole("combobox", { name: "Search site", includeHidden: true });
    expect(await inputs.count()).toBeGreaterThan(0);
    for (const input of await inputs.all()) {
      await expect(input).toHaveAttribute("type", "text");
      await expect(input).toHaveAttribute("aria-expanded", "false");
      await expect(input).toHaveAttribute("aria-autocomplete", "list");
      await expect(input).toHaveAttribute("aria-controls", /-results$/);
    }
  });

  test("closes on an outside click, and picking a result with the mouse navigates", async ({ page, isMobile }) => {
    await openHydrated(page, "/");
    const input = await openSearch(page, isMobile);
    await input.fill("home");
    await page.locator("h1").click();
    await expect(input).toHaveAttribute("aria-expanded", "false");

    await input.click();
    await input.fill("privacy");
    await page.getByRole("option", { name: "Privacy Policy" }).locator("visible=true").click();
    // The index's /legal/privacy is an alias that redirects to the privacy notice.
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test("without JavaScript it still leads to a search: the form posts to /search?q=, the phone toggle opens /search", async ({
    browser,
    baseURL,
    isMobile,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, isMobile, viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    if (isMobile) {
      await page.getByRole("link", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/search$/);
    } else {
      await page.getByRole("combobox", { name: "Search site" }).fill("servo drive");
      await page.getByRole("combobox", { name: "Search site" }).press("Enter");
      await expect(page).toHaveURL(/\/search\?q=servo\+drive$/);
    }
    await context.close();
  });
});
