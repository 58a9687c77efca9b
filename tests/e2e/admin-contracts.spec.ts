import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { flashOf } from "./support/requests.ts";
import { fitsPhone, visit } from "./support/page-checks.ts";

/**
 * Annual maintenance contracts (issue 11, section 5): the office makes a Gold contract for a customer (a zero
 * price first: the message shows beside the field, the units ticked stay ticked), sees its twelve visits and
 * its four quarterly billing dates on the contract's page and finds it in the list; the customer, signed in,
 * sees the contract, what it covers and its visits at /customer/contracts. The list, the new-contract page,
 * the contract and the customer's page pass axe and both HTML validators, and fit a 390 px phone.
 */
test("the office makes a contract and sees its visits and billing dates; the customer sees it in the portal", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `AMC Customer ${stamp}`;
  const customer = await signedInAs("customer", { fresh: true, name });
  await signedInAs("office");

  // The customer's record, with a site and a unit at it.
  await visit(page, backOfficeUrl("/admin/customers/new"));
  await page.getByRole("textbox", { name: /^Mobile number/ }).fill(customer.mobile.slice(-10));
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("textbox", { name: /^Company/ }).fill(`Polymers ${stamp}`);
  await page.getByRole("textbox", { name: /^Site name/ }).fill("Patancheru plant");
  await page.getByRole("textbox", { name: /^City/ }).fill("Patancheru");
  await page.getByRole("button", { name: /^Add the customer/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const customerReference = /\/admin\/customers\/(CU-\d{4}-\d{4,})$/.exec(page.url())![1]!;
  await page.getByText("Add a unit at Patancheru plant", { exact: true }).click();
  const unitForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Add the unit" }) });
  await unitForm.getByRole("combobox", { name: /^Kind/ }).selectOption("VFD");
  await unitForm.getByRole("textbox", { name: /^Make/ }).fill("ABB");
  await unitForm.getByRole("textbox", { name: /^Model/ }).fill("ACS580");
  await unitForm.getByRole("textbox", { name: /^Serial number/ }).fill(`AMC${stamp}`);
  await unitForm.getByRole("button", { name: "Add the unit" }).click();
  await expect(flashOf(page)).toContainText("added");

  // The contract: a zero price is refused beside its field, with what was picked kept.
  await visit(page, backOfficeUrl(`/admin/contracts/new?customer=${customerReference}`));
  await page.getByRole("radio", { name: /^AMC Gold/ }).check();
  await page.getByRole("combobox", { name: /^Site/ }).selectOption({ label: "Patancheru plant, Patancheru" });
  await page.getByRole("checkbox", { name: /ABB ACS580/ }).check();
  const price = page.getByRole("textbox", { name: /^Price for the period/ });
  await price.fill("0");
  await page.getByRole("radio", { name: /^Quarterly/ }).check();
  await page.getByRole("button", { name: "Make the contract" }).click();
  await expect(price).toHaveAccessibleDescription(/The price must be more than zero/);
  await expect(page.getByRole("checkbox", { name: /ABB ACS580/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /^AMC Gold/ })).toBeChecked();
  await price.fill("1,20,000");
  await page.getByRole("button", { name: "Make the contract" }).click();
  await expect(flashOf(page)).toContainText("made, with its visits and billing dates");
  const reference = /\/admin\/contracts\/(AMC-\d{4}-\d{4,})$/.exec(page.url())![1]!;

  // Its page: twelve monthly visits (Gold's default), four quarterly billings of ₹30,000, the unit covered.
  await visit(page, backOfficeUrl(`/admin/contracts/${reference}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${reference} · AMC Gold`);
  const visits = page.getByRole("table", { name: "Preventive visits" });
  await expect(visits.getByRole("row")).toHaveCount(13);
  await expect(visits).toContainText("1 of 12");
  const billing = page.getByRole("table", { name: "Billing dates" });
  await expect(billing.getByRole("row")).toHaveCount(5);
  await expect(billing.getByText("₹30,000.00")).toHaveCount(4);
  await expect(page.getByRole("list", { name: "Equipment covered" })).toContainText("VFD ABB ACS580");
  await expect(page.getByText("Within 2 hours, round the clock")).toBeVisible();
  await fitsPhone(page);

  // The list finds it by the customer's reference.
  await visit(page, backOfficeUrl(`/admin/contracts?q=${customerReference}`));
  await expect(page.getByRole("link", { name: reference })).toHaveAttribute("href", `/admin/contracts/${reference}`);

  // The customer's view: their contract, what it covers and its visits.
  await visit(page, "/customer/contracts");
  const mine = page.getByRole("region", { name: new RegExp(`AMC Gold ${reference}`) });
  await expect(mine).toContainText("Within 2 hours, round the clock");
  await expect(mine.getByRole("list", { name: `Equipment covered by ${reference}` })).toContainText("VFD ABB ACS580");
  await expect(mine.getByRole("list", { name: `Visits under ${reference}` }).getByRole("listitem")).toHaveCount(12);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
