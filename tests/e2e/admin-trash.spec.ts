import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { flashOf } from "./support/requests.ts";
import { visit } from "./support/page-checks.ts";

/**
 * The trash (issue 19 §8, ADR 046): the owner deletes a product from its page, it leaves the products list and
 * the public /products page, is found in Data restoration → Trash with who deleted it and the days left, and
 * Restore puts it back in the list. The trash page passes axe and the HTML check and fits a 390 px phone (@flow).
 */
test("the owner deletes a product, finds it in the trash and restores it", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Resolver ${stamp} 2-pole`;
  await signedInAs("owner");

  await visit(page, backOfficeUrl("/admin/products/new"));
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Make/ }).fill("Tamagawa");
  await page.getByRole("textbox", { name: /^Model or part number/ }).fill(`TS2620N${stamp}`);
  await page.getByRole("combobox", { name: /^Category/ }).selectOption({ label: "Encoders and resolvers" });
  await page.getByRole("textbox", { name: /^HSN code/ }).fill("9031");
  await page.getByRole("textbox", { name: /^Price per unit/ }).fill("8,400");
  await page.getByRole("button", { name: "Add the product" }).click();
  await expect(flashOf(page)).toHaveText(`${name} added.`);

  // Deleted from its page (the browser's confirm box accepted): back on the list, where it is gone.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Move to trash" }).click();
  await expect(flashOf(page)).toContainText(`Moved to the trash: Tamagawa TS2620N${stamp} — ${name}.`);
  await visit(page, backOfficeUrl(`/admin/products?q=${encodeURIComponent(stamp)}`));
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  await page.goto("/products");
  await expect(page.getByRole("main")).not.toContainText(name);

  // The trash: by kind, with who deleted it and the days left; Restore puts it back.
  await visit(page, backOfficeUrl("/admin/data-restoration"));
  await expect(page.getByRole("link", { name: "Open the trash" })).toHaveAttribute("href", "/admin/data-restoration/trash");
  await visit(page, backOfficeUrl("/admin/data-restoration/trash"));
  const products = page.getByRole("region", { name: "Products in the trash" });
  const row = products.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("by E2E Owner");
  await expect(row).toContainText("30 days");
  await row.getByRole("button", { name: /^Restore/ }).click();
  await expect(flashOf(page)).toContainText(`Restored: Tamagawa TS2620N${stamp} — ${name} is back where it was.`);
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  await visit(page, backOfficeUrl(`/admin/products?q=${encodeURIComponent(stamp)}`));
  await expect(page.getByRole("link", { name })).toBeVisible();
});
