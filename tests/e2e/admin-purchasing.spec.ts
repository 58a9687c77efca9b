import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { addSessionCookie, expect, test, type SignedIn } from "./support/fixtures.ts";
import { asNewVisitor, openHydrated, visit } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * From the job to the shelf (issue 19 §5): a technician on a job asks for a part ("Parts needed"); the office
 * sees the parts request, orders it from a vendor on a purchase order, receives it in part and then in full;
 * the product's stock goes up and is reserved for the job, and the job's page says it can be scheduled again.
 * Each back-office page passes axe and the HTML check, and fits a 390 px phone (@flow).
 */
test("a job's parts request becomes a purchase order, received in part then in full, and the job can be rescheduled", { tag: "@flow" }, async ({ page, context, signedInAs }) => {
  test.setTimeout(180_000);
  await asNewVisitor(context);
  const stamp = Date.now().toString(36).toUpperCase();
  const product = `Cooling fan 24 V DC ${stamp}`;
  await signedInAs("owner");

  // The part, and the vendor the office buys it from.
  await visit(page, backOfficeUrl("/admin/products/new"));
  await page.getByRole("textbox", { name: /^Name/ }).fill(product);
  await page.getByRole("textbox", { name: /^Make/ }).fill("ebm-papst");
  await page.getByRole("textbox", { name: /^Model or part number/ }).fill(`4114-${stamp}`);
  await page.getByRole("textbox", { name: /^HSN code/ }).fill("8414");
  await page.getByRole("textbox", { name: /^Price per unit/ }).fill("3,250");
  await page.getByRole("button", { name: "Add the product" }).click();
  await expect(flashOf(page)).toHaveText(`${product} added.`);
  const productPath = new URL(page.url()).pathname;
  const label = `ebm-papst 4114-${stamp} — ${product}`;

  const vendor = `Deccan Electricals ${stamp}`;
  await visit(page, backOfficeUrl("/admin/vendors/new"));
  await page.getByRole("textbox", { name: /^Name/ }).first().fill(vendor);
  await page.getByRole("combobox", { name: /^State/ }).selectOption({ label: "36 Telangana" });
  const contact = page.getByRole("group", { name: "Contact 1" });
  await contact.getByRole("textbox", { name: /^Name/ }).fill("Prakash");
  await contact.getByRole("textbox", { name: /^Phone/ }).fill("9848022338");
  await contact.getByRole("textbox", { name: /^E-mail/ }).fill("sales@deccan.example");
  await page.getByRole("button", { name: "Add the vendor" }).click();
  await expect(flashOf(page)).toHaveText(`${vendor} added.`);

  // A customer's job, assigned to a technician, who finds the part must be replaced.
  const reference = await sendServiceRequest(page, { contactName: `Plant ${stamp}`, mobile: newMobile(), siteAddress: "Plot 4, IDA Jeedimetla", city: "Hyderabad", fault: "Drive overheats: cooling fan seized." });
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/__e2e/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-e2e-fixture-token": process.env.E2E_FIXTURE_TOKEN! },
    body: JSON.stringify({ role: "technician", mobile: newMobile(), name: "Srinivas Rao", assign: [reference] }),
  });
  expect(response.ok).toBe(true);
  await addSessionCookie(context, (await response.json()) as SignedIn);
  await openHydrated(page, "/technician/dashboard");
  await page.getByRole("link", { name: reference, exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  const ask = page.getByRole("form", { name: "Ask for a part" });
  await ask.getByRole("combobox", { name: /^Pick it from our products/ }).fill(label);
  await ask.getByRole("textbox", { name: /^How many/ }).fill("2");
  await ask.getByRole("button", { name: "Ask for the part" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Parts request sent" }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Parts needed" })).toContainText(`2 pieces ${label}: To order or reserve`);

  // The office: the parts request, then a purchase order to the vendor at a typed price.
  await visit(page, backOfficeUrl("/admin/vendors/parts-requests"));
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText(`2 pieces ${label}`);
  await expect(row).toContainText("Asked by the technician");
  await page.getByRole("link", { name: "Order parts" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New purchase order");
  await page.getByRole("combobox", { name: "Vendor" }).selectOption({ label: `${vendor}` });
  const item = page.getByRole("listitem").filter({ hasText: reference });
  await item.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Place the order" }).click();
  await expect(item.getByRole("textbox", { name: /^Price per unit/ })).toHaveAccessibleDescription(/enter the price/);
  await expect(item.getByRole("checkbox")).toBeChecked();
  await item.getByRole("textbox", { name: /^Price per unit/ }).fill("2,900");
  await page.getByRole("button", { name: "Place the order" }).click();
  await expect(flashOf(page)).toHaveText(/^Purchase order PO-\d{4}-\d{4} placed with /);
  const number = /PO-\d{4}-\d{4}/.exec((await flashOf(page).textContent())!)![0];
  const orderPath = `/admin/vendors/orders/${number}`;
  await visit(page, backOfficeUrl(orderPath));
  await page.getByRole("button", { name: "E-mail to sales@deccan.example" }).click();
  await expect(flashOf(page)).toHaveText(`Purchase order ${number} is on its way to sales@deccan.example by e-mail.`);
  expect((await page.request.get(backOfficeUrl(`${orderPath}/pdf`))).headers()["content-type"]).toBe("application/pdf");

  // Received in part, then in full.
  const came = page.getByRole("textbox", { name: /^How many of .* came now/ });
  await came.fill("1");
  await page.getByRole("button", { name: "Receive what came" }).click();
  await expect(flashOf(page)).toHaveText(`Received 1 unit on ${number}. The rest is still to come.`);
  await came.fill("1");
  await page.getByRole("button", { name: "Receive what came" }).click();
  await expect(flashOf(page)).toHaveText(`Received 1 unit on ${number}. Everything on the order is in. ${reference} can be scheduled again.`);
  await visit(page, backOfficeUrl("/admin/vendors/orders?show=received"));
  await expect(page.getByRole("link", { name: number })).toBeVisible();

  // The stock is up and reserved for the job; the job says it can be scheduled again.
  await visit(page, backOfficeUrl(productPath));
  const stock = page.getByRole("region", { name: "Stock", exact: true });
  await expect(stock.getByRole("definition").nth(0)).toHaveText("2");
  await expect(stock.getByRole("definition").nth(1)).toHaveText("2");
  await expect(page.getByRole("table", { name: "Latest stock movements" })).toContainText(`Reserved for a job ${reference}`);
  await visit(page, backOfficeUrl(`/admin/service-requests/${reference}`));
  await expect(page.getByText("Every part is in: the job can be scheduled again.")).toBeVisible();
});
