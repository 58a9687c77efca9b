import type { Page } from "@playwright/test";
import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";
import { asNewVisitor, fitsPhone, visit } from "./support/page-checks.ts";

/**
 * Customers (issue 10, section 3): a request from the public form makes the customer's record; the office
 * finds it in the list by mobile number, adds a site and a unit with its serial number, and the service
 * request list then finds the request by that serial. The list, the add-customer page and the record pass
 * axe and both HTML validators, and the record fits a 390 px phone.
 */

/** A planned request for a drive, from the public form. */
function sendRequest(page: Page, contactName: string, mobile: string): Promise<string> {
  return sendServiceRequest(page, { contactName, mobile, siteAddress: "Plot 9, MIDC Phase II, Chakan", city: "Pune", fault: "Drive shows F0001 overcurrent at start of the mixer." });
}

const flash = flashOf;

test("the office finds the customer, adds a site and a unit, and the request list finds the request by the unit's serial", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  await asNewVisitor(page.context());
  const stamp = Date.now().toString(36).toUpperCase();
  const mobile = newMobile();
  const reference = await sendRequest(page, `Customer ${stamp}`, mobile);
  await signedInAs("office");

  // The list: found by the mobile number as the customer says it.
  await visit(page, backOfficeUrl(`/admin/customers?q=${encodeURIComponent(mobile.slice(-10, -5) + " " + mobile.slice(-5))}`));
  const row = page.getByRole("link", { name: `Customer ${stamp}` });
  await expect(row).toHaveCount(1);
  await visit(page, backOfficeUrl("/admin/customers/new"));
  await page.goBack();
  await row.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Customer ${stamp}`);
  await expect(page.getByRole("link", { name: reference })).toHaveAttribute("href", `/admin/service-requests/${reference}`);

  // A site, then a unit at it.
  await page.getByText("Add a site", { exact: true }).click();
  const siteForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Add the site" }) });
  await siteForm.getByRole("textbox", { name: /^Site name/ }).fill("Chakan unit");
  await siteForm.getByRole("textbox", { name: /^Address/ }).fill("Plot 9, MIDC Phase II, Chakan");
  await siteForm.getByRole("textbox", { name: /^City/ }).fill("Pune");
  await siteForm.getByRole("textbox", { name: /^PIN code/ }).fill("410501");
  await siteForm.getByRole("button", { name: "Add the site" }).click();
  await expect(flash(page)).toHaveText("Site Chakan unit added.");

  const serial = `E2E${stamp}`;
  await page.getByText("Add a unit at Chakan unit", { exact: true }).click();
  const unitForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Add the unit" }) });
  await expect(unitForm.getByRole("combobox", { name: /^Site/ })).toHaveValue(/\d+/);
  await unitForm.getByRole("combobox", { name: /^Kind/ }).selectOption("VFD");
  await unitForm.getByRole("textbox", { name: /^Make/ }).fill("Siemens");
  await unitForm.getByRole("textbox", { name: /^Model/ }).fill("SINAMICS G120");
  await unitForm.getByRole("textbox", { name: /^Serial number/ }).fill(serial);
  await unitForm.getByRole("button", { name: "Add the unit" }).click();
  await expect(flash(page)).toHaveText(`Unit Siemens SINAMICS G120 (serial ${serial}) added.`);
  const site = page.getByRole("article", { name: "Chakan unit" });
  await expect(site).toContainText(`Serial ${serial}`);
  await visit(page, page.url());

  // At 390 px: one column, nothing wider than the screen.
  await fitsPhone(page);

  // A serial read off the nameplate finds the job.
  await page.goto(backOfficeUrl(`/admin/service-requests?status=all&q=${serial.toLowerCase()}`));
  await expect(page.getByRole("link", { name: reference })).toBeVisible();
  await expect(page.getByText("1 match")).toBeVisible();
});

test("the office erases a customer on request: the page says so and the request stays without their name", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await asNewVisitor(page.context());
  const stamp = Date.now().toString(36).toUpperCase();
  const reference = await sendRequest(page, `Erasable ${stamp}`, newMobile());
  await signedInAs("accounts");
  await page.goto(backOfficeUrl(`/admin/customers?q=${encodeURIComponent(`Erasable ${stamp}`)}`));
  await page.getByRole("link", { name: `Erasable ${stamp}` }).click();
  const customerRef = (await page.locator("h1 + p .font-mono").first().textContent())!;

  await page.getByText("Erase this customer's personal data", { exact: true }).click();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Erase personal data" }) });
  await form.getByRole("textbox", { name: /^Why/ }).fill("Asked by phone.");
  await form.getByRole("textbox", { name: /^Type .* to confirm/ }).fill("CU-0000-0000");
  await form.getByRole("button", { name: "Erase personal data" }).click();
  await expect(page.getByText(`Type ${customerRef} exactly to confirm.`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Erasable ${stamp}`);

  await form.getByRole("textbox", { name: /^Type .* to confirm/ }).fill(customerRef);
  await form.getByRole("button", { name: "Erase personal data" }).click();
  await expect(flash(page)).toHaveText("Personal data erased: 1 request kept without personal details.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Erased customer");
  await expect(page.getByText(/personal data was erased on/)).toBeVisible();
  // Accounts staff do not work requests: the reference is listed, not linked to a screen they cannot open.
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: reference })).toHaveCount(0);
  await visit(page, page.url());

  await signedInAs("office");
  await page.goto(backOfficeUrl(`/admin/service-requests/${reference}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${reference}: Erased`);
});
