import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { visit } from "./support/page-checks.ts";

/**
 * Backups (issue 19 §8): the owner asks for a backup from /admin/data-restoration; the job queue makes it and
 * it is listed with its download link. The page passes axe and both HTML validators, and fits a 390 px phone.
 * Restores, refusals and retention are tested on both engines in tests/integration/backup.test.ts.
 */
test("the owner backs up now, and the backup is listed with its download", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  await signedInAs("owner");
  await visit(page, backOfficeUrl("/admin/data-restoration"));
  const rows = page.getByRole("region", { name: "Backups, newest first" }).getByRole("row");
  const before = (await rows.count()) || 0;
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByText(/^Backup started/)).toBeVisible();
  // The job queue's worker makes it within seconds; the page shows it after a reload.
  await expect(async () => {
    await page.reload();
    expect(await rows.count()).toBeGreaterThan(Math.max(before, 1));
  }).toPass({ timeout: 90_000 });
  await expect(page.getByRole("link", { name: "Download" }).first()).toHaveAttribute("href", /^\/admin\/data-restoration\/\d+\/download$/);

  // With the backup listed, the page again passes axe and fits 390 px (visit() in a staff flow, ADR 030).
  await visit(page, backOfficeUrl("/admin/data-restoration"));
});
