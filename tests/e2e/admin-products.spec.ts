import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { flashOf } from "./support/requests.ts";
import { fitsPhone, visit } from "./support/page-checks.ts";

/**
 * Products and parts (issue 11, section 1): accounts adds a product (a wrong HSN code first: the message
 * shows beside the field, what was typed stays), finds it in the list, and it appears on the public
 * /products page under its category, with an "Ask for a quote" that opens the quotation form on it. The
 * list, the add page and the product pass axe and both HTML validators, and the product fits a 390 px phone.
 */
test("accounts adds a product, finds it in the list, and it is listed on /products under its category", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Encoder ${stamp} 1024 ppr`;
  await signedInAs("accounts");

  await visit(page, backOfficeUrl("/admin/products/new"));
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Make/ }).fill("Kübler");
  await page.getByRole("textbox", { name: /^Model or part number/ }).fill(`8.5020.${stamp}`);
  await page.getByRole("combobox", { name: /^Category/ }).selectOption({ label: "Encoders and resolvers" });
  const hsn = page.getByRole("textbox", { name: /^HSN code/ });
  await hsn.fill("90-31");
  await page.getByRole("textbox", { name: /^Price per unit/ }).fill("12,600");
  await page.getByRole("button", { name: "Add the product" }).click();
  await expect(hsn).toHaveAccessibleDescription(/Enter the HSN or SAC code as 4, 6 or 8 digits/);
  await expect(page.getByRole("textbox", { name: /^Price per unit/ })).toHaveValue("12,600");
  await hsn.fill("9031");
  await page.getByRole("button", { name: "Add the product" }).click();
  await expect(flashOf(page)).toHaveText(`${name} added.`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("₹12,600.00 / nos before GST")).toBeVisible();
  const productUrl = page.url();

  await visit(page, backOfficeUrl(`/admin/products?q=${encodeURIComponent(stamp)}`));
  await expect(page.getByRole("link", { name })).toHaveAttribute("href", new URL(productUrl).pathname);
  await expect(page.getByRole("table")).toContainText("₹12,600.00");

  await visit(page, backOfficeUrl(new URL(productUrl).pathname));
  await fitsPhone(page);

  // The public page: under its category, without the price; "Ask for a quote" opens the quotation form on it.
  await visit(page, "/products");
  const encoders = page.getByRole("main").getByRole("region", { name: "Encoders and resolvers", exact: true });
  await expect(encoders).toContainText(name);
  await expect(encoders).toContainText(`Kübler 8.5020.${stamp}`);
  await expect(encoders).not.toContainText("12,600");
  await encoders.getByRole("link", { name: new RegExp(`^Ask for a quote ?: Kübler 8\\.5020\\.${stamp} ${name}$`) }).click();
  const quote = page.getByRole("form", { name: "Request a quotation" });
  await expect(quote.getByRole("combobox", { name: /^Product or service/ })).toHaveValue("Encoders and resolvers");
  await expect(quote.getByRole("textbox", { name: /^Requirements/ })).toHaveValue(new RegExp(`Kübler 8\\.5020\\.${stamp}`));
});
