import { gstinChecksum } from "../../app/lib/settings-schema.ts";
import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { flashOf } from "./support/requests.ts";
import { visit } from "./support/page-checks.ts";

/** A Karnataka GSTIN with a right check character, unique to this run. */
function karnatakaGstin(stamp: string): string {
  const digits = String(Date.now() % 10000).padStart(4, "0");
  const letters = stamp.replace(/[^A-Z]/g, "").padEnd(5, "Q").slice(0, 5);
  const first14 = `29${letters}${digits}P1Z`;
  return first14 + gstinChecksum(first14);
}

/**
 * Vendors (issue 19 §5): accounts adds a vendor (a GSTIN with a wrong check character first: the message shows
 * beside the field, what was typed stays), adds a part they supply at their price, and records their bill: the
 * vendor is in Karnataka and we are in Telangana, so the bill's GST is IGST. The add page, the vendor's page and
 * the list pass axe and the HTML check, and fit a 390 px phone (@flow).
 */
test("accounts adds a vendor with a part they supply, and records their bill with its IGST", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Mysore Drives ${stamp}`;
  const product = `Braking resistor ${stamp} 100 ohm`;
  const gstin = karnatakaGstin(stamp);
  await signedInAs("accounts");

  // A product of ours for them to supply (the products screen has its own test: no checks here).
  await page.goto(backOfficeUrl("/admin/products/new"));
  await page.getByRole("textbox", { name: /^Name/ }).fill(product);
  await page.getByRole("textbox", { name: /^HSN code/ }).fill("8533");
  await page.getByRole("textbox", { name: /^Price per unit/ }).fill("3,400");
  await page.getByRole("button", { name: "Add the product" }).click();
  await expect(flashOf(page)).toHaveText(`${product} added.`);

  await visit(page, backOfficeUrl("/admin/vendors/new"));
  await page.getByRole("textbox", { name: /^Name/ }).first().fill(name);
  const gstinField = page.getByRole("textbox", { name: /^GSTIN/ });
  await gstinField.fill(gstin.slice(0, 14) + (gstin[14] === "A" ? "B" : "A"));
  await page.getByRole("textbox", { name: /^City/ }).fill("Mysuru");
  const contact = page.getByRole("group", { name: "Contact 1" });
  await contact.getByRole("textbox", { name: /^Name/ }).fill("Manjunath");
  await contact.getByRole("textbox", { name: /^Phone/ }).fill("98450 12345");
  await page.getByRole("button", { name: "Add the vendor" }).click();
  await expect(gstinField).toHaveAccessibleDescription(/This GSTIN's check character is wrong/);
  await expect(page.getByRole("textbox", { name: /^City/ })).toHaveValue("Mysuru");
  await gstinField.fill(gstin);
  await page.getByRole("button", { name: "Add the vendor" }).click();
  await expect(flashOf(page)).toHaveText(`${name} added.`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("29 Karnataka", { exact: false }).first()).toBeVisible();
  const vendorPath = new URL(page.url()).pathname;

  // A part they supply, at their price.
  const addPart = page.getByRole("form", { name: "Add a part they supply" });
  await addPart.getByRole("combobox", { name: /^Product/ }).selectOption({ label: product });
  await addPart.getByRole("textbox", { name: /^Their part number/ }).fill(`BR-${stamp}`);
  await addPart.getByRole("textbox", { name: /^Their price/ }).fill("2,180.50");
  await addPart.getByRole("button", { name: "Add the part" }).click();
  await expect(flashOf(page)).toHaveText(`${product} added to what they supply.`);
  await expect(page.getByRole("form", { name: `Their price for ${product}` }).getByRole("textbox", { name: /^Their price/ })).toHaveValue("2180.50");

  // Their bill: they are in Karnataka, we in Telangana, so the GST is IGST (18% of ₹10,000.50 = ₹1,800.09).
  const billForm = page.getByRole("form", { name: "Record a bill" });
  await billForm.getByRole("textbox", { name: /^Bill number/ }).fill(`MD/${stamp}/1`);
  await billForm.getByRole("textbox", { name: /^Taxable value/ }).fill("10,000.50");
  await billForm.getByRole("button", { name: "Record the bill" }).click();
  await expect(flashOf(page)).toHaveText(`Bill MD/${stamp}/1 recorded.`);
  const bills = page.getByRole("region", { name: "Their bills" });
  await expect(bills.getByRole("row").nth(1)).toContainText(`MD/${stamp}/1`);
  await expect(bills.getByRole("row").nth(1)).toContainText("₹1,800.09");
  await expect(bills.getByRole("row").nth(1)).toContainText("₹11,800.59");
  await expect(page.getByText("the GST is IGST")).toBeVisible();

  await visit(page, backOfficeUrl(vendorPath));
  await visit(page, backOfficeUrl(`/admin/vendors?q=${encodeURIComponent(gstin.slice(0, 10))}`));
  await expect(page.getByRole("link", { name })).toHaveAttribute("href", vendorPath);
  await expect(page.getByRole("table")).toContainText("Mysuru · Karnataka");
});
