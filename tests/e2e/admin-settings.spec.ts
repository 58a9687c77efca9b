import type { Page } from "@playwright/test";
import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { expectNoAxeViolations, expectValidHtml } from "./support/page-checks.ts";

/**
 * /admin/settings (issue 10): the owner edits the business settings, one section per page. A saved support
 * phone shows on the public pages at once; a wrong GSTIN is explained beside its field.
 */

const SETTINGS = (group: string) => backOfficeUrl(`/admin/settings?group=${group}`);

async function open(page: Page, group: string) {
  const response = await page.goto(SETTINGS(group));
  expect(response?.status()).toBe(200);
  return response!;
}

test.describe("settings", () => {
  for (const group of ["identity", "business", "operations", "payments", "integrations"]) {
    test(`the ${group} section is valid HTML, has no axe violations and fits the width`, async ({ page, signedInAs }) => {
      await signedInAs("owner");
      const response = await open(page, group);
      await expectValidHtml(await response.text(), `/admin/settings?group=${group}`);
      await expectNoAxeViolations(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal scroll").toBeLessThanOrEqual(0);
      // The sections are plain links (keyboard and no-JS friendly); the one on show is marked.
      const current = page.getByRole("navigation", { name: "Settings sections" }).locator('[aria-current="page"]');
      await expect(current).toHaveAttribute("href", `/admin/settings?group=${group}`);
      // Payments are never invented: each field says "not set" until the owner fills it in. (money-flow.spec.ts
      // sets the UPI ID and payee name on the same server, so a field may be filled: then it says nothing.)
      if (group === "payments") {
        for (const name of ["UPI ID", "Payee name", "Bank and branch", "Account name", "Account number", "IFSC"]) {
          const field = page.getByRole("textbox", { name: `${name} (optional)`, exact: true });
          if ((await field.inputValue()) === "") await expect(field).toHaveAccessibleDescription(/not set$/);
          else await expect(field).not.toHaveAccessibleDescription(/not set/);
        }
      }
    });
  }

  test("a wrong GSTIN is explained beside the field, with what was typed kept", async ({ page, signedInAs }) => {
    await signedInAs("owner");
    await open(page, "business");
    const gstin = page.getByLabel("GSTIN");
    await gstin.fill("36AAAAA0000A1Z4");
    await page.getByRole("button", { name: "Save GST and hours" }).click();
    await expect(page.getByText("This GSTIN's check character is wrong")).toBeVisible();
    await expect(gstin).toHaveAttribute("aria-invalid", "true");
    await expect(gstin).toHaveValue("36AAAAA0000A1Z4");
    await expect(gstin).toHaveAccessibleDescription(/check character is wrong/);
    await expectNoAxeViolations(page);
  });

  // Changes the live site: once, in the desktop project (@desktop).
  test("a changed tagline shows on the public pages at once", { tag: "@desktop" }, async ({ page, signedInAs, browser }) => {
    // The public pages are shared by every spec running at the same time: change what no other spec reads
    // (the tagline under the wordmark, not the phone number many of them check), once, and put it back.
    test.setTimeout(180_000);
    await signedInAs("owner");
    await open(page, "identity");
    const tagline = page.getByLabel("Tagline");
    const original = await tagline.inputValue();
    const visitor = await browser.newPage();
    try {
      await tagline.fill("Drives, PLCs and panels, back in service");
      await page.getByRole("button", { name: "Save business and contact" }).click();
      await expect(page.getByRole("status").filter({ hasText: "saved" })).toContainText("Business and contact: saved");
      await visitor.goto(new URL("/", page.url().replace("127.0.0.1", "localhost")).href);
      await expect(visitor.locator("header")).toContainText("Drives, PLCs and panels, back in service");
    } finally {
      await open(page, "identity");
      await page.getByLabel("Tagline").fill(original);
      await page.getByRole("button", { name: "Save business and contact" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Business and contact" })).toBeVisible();
      await visitor.close();
    }
  });
});
