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

test("the owner imports fault codes: an error shown per row, the file fixed, imported, then undone", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  const brand = `Ztest${String(Date.now()).slice(-8)}`;
  const upload = async (csv: string) => {
    await page.goto(backOfficeUrl("/admin/data-import"));
    await page.getByRole("combobox", { name: /^What the file holds/ }).selectOption({ label: "Fault codes, by brand and series" });
    await page.getByLabel(/^File/).setInputFiles({ name: "faults.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload and check" }).click();
    await expect(flashOf(page)).toHaveText("faults.csv read: 2 rows.");
  };
  await signedInAs("owner");
  await upload(`Brand,Series,Code,Name,Remedy\n${brand},VX-9,F1,Overcurrent,Check the motor cable\n${brand},VX-9,F2,,\n`);
  await expect(page.getByRole("table", { name: "Errors" })).toContainText("Give the code's name, e.g. Overcurrent.");
  await expect(page.getByText("Correct the errors above first.")).toBeVisible();

  await upload(`Brand,Series,Code,Name,Remedy\n${brand},VX-9,F1,Overcurrent,Check the motor cable\n${brand},VX-9,F2,Overvoltage,Lengthen the ramp\n`);
  await expect(page.getByText("All 2 rows can be imported.")).toBeVisible();
  await page.getByRole("button", { name: "Run a dry run" }).click();
  await expect(page.getByRole("table", { name: "Dry run" })).toContainText("Fault-code tables");
  await page.getByRole("button", { name: "Import 2 rows" }).click();
  await expect(flashOf(page)).toHaveText("Imported 2 rows.");
  const batch = page.url();

  await page.goto(backOfficeUrl(`/admin/technical-library?q=${brand}`));
  await expect(page.getByRole("link", { name: `${brand} VX-9` })).toBeVisible();

  await page.goto(batch);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Undo this import" }).click();
  await expect(flashOf(page)).toHaveText(/^Import undone: 1 records removed/);
  await page.goto(backOfficeUrl(`/admin/technical-library?q=${brand}`));
  await expect(page.getByRole("link", { name: `${brand} VX-9` })).toHaveCount(0);
});
