import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { visit } from "./support/page-checks.ts";

/**
 * The database dashboard (/database, issue 19 §9) as the owner opens it: the engine, the tables, the
 * queue; axe, valid HTML and the width (desktop and 390 px: each wide table scrolls inside its own region).
 * Its figures are tested on both engines in tests/integration/database-dashboard.test.ts, its refusals in
 * tests/integration/admin-refusals.test.ts.
 */
test("the owner reads the database dashboard; it fits a phone's width", { tag: "@flow" }, async ({ page, signedInAs }) => {
  await signedInAs("owner");
  await visit(page, backOfficeUrl("/database"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Database");
  await expect(page.getByTestId("engine")).toHaveText(/^(PGlite|PostgreSQL) \d/);
  await expect(page.getByRole("region", { name: "Tables by size" }).getByRole("rowheader", { name: "service_requests", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Job queue by kind" })).toBeVisible();
  // In the System group of the navigation. visit() has checked the page at 390 px too (a staff flow, ADR 030).
  await expect(page.locator('nav a[href="/database"]').first()).toHaveAttribute("aria-current", "page");
});
