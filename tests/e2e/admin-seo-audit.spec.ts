import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, visit } from "./support/page-checks.ts";

/**
 * The SEO audit screen (issue 19 §4): axe, valid HTML and the width (desktop and 390 px). What an audit finds
 * (a description removed, duplicate titles, broken links, the trend) is tested on both engines in
 * tests/integration/seo-audit.test.ts; a real run reads every sitemap page, half a minute of the shared test
 * server's time, so the browser does not press "Run audit now".
 */
test.describe("SEO audit", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("the owner's screen offers a run and lists past audits", { tag: "@flow" }, async ({ page, signedInAs }) => {
    await signedInAs("owner");
    await visit(page, backOfficeUrl("/admin/seo-audit"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("SEO audit");
    await expect(page.getByRole("button", { name: "Run audit now" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Past audits" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
