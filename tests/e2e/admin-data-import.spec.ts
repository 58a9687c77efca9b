import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { flashOf } from "./support/requests.ts";
import { visit } from "./support/page-checks.ts";

/**
 * Data import (issue 19 §7): the owner uploads a CSV of customers, sees its columns matched and its rows
 * previewed, runs the dry run, imports it and sees what it did. Each page passes axe and the HTML validators and
 * fits a 390 px phone (visit).
 */
test("the owner imports customers from a CSV: columns matched, dry run, import", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  const digits = String(Date.now()).slice(-8);
  await signedInAs("owner");
  await visit(page, backOfficeUrl("/admin/data-import"));
  await page.getByRole("combobox", { name: /^What the file holds/ }).selectOption({ label: "Customers, with their sites and units" });
  await page.getByLabel(/^File/).setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(`Mobile,Name,Site\n98${digits},Ravi ${digits},Plant 1\n`) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(flashOf(page)).toHaveText("customers.csv read: 1 row.");
  await expect(page.getByRole("combobox", { name: /^Site name/ })).toHaveValue("2");
  await expect(page.getByText("The row can be imported.")).toBeVisible();
  await visit(page, page.url());
  await page.getByRole("button", { name: "Run a dry run" }).click();
  await expect(page.getByRole("table", { name: "Dry run" })).toContainText("Customers");
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(flashOf(page)).toHaveText("Imported 1 row.");
  await expect(page.getByRole("button", { name: "Undo this import" })).toBeVisible();
  await visit(page, page.url());
});
