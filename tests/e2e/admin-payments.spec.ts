import type { Page } from "@playwright/test";
import { backOfficeUrl, newMobile, sentSms } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, expectNoAxeViolations, fitsPhone, visit } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * Payments (issue 11 §4): accounts records a UPI payment against a customer's invoice (a UTR of the wrong
 * length first: the message shows beside the field, what was typed stays) and the invoice is paid; the
 * receipt SMS goes out with its link; the register lists it, and its receipt is a PDF; the outstanding
 * page and the reconciliation page (a statement uploaded, a line left to match and ignored) pass axe and
 * the HTML check, and fit a 390 px phone.
 */


/** A customer with one issued invoice of ₹14,750.00 (₹12,500 + 18% GST), through the back office's own screens. */
async function customerWithInvoice(page: Page, stamp: string, mobile: string): Promise<{ customerRef: string; invoiceId: string; number: string }> {
  await sendServiceRequest(page, { contactName: `Payer ${stamp}`, mobile, siteAddress: "Plot 9, IDA Uppal", city: "Hyderabad", fault: "VFD trips on overcurrent." });
  await page.goto(backOfficeUrl(`/admin/customers?q=${encodeURIComponent(`Payer ${stamp}`)}`));
  await page.getByRole("link", { name: `Payer ${stamp}` }).click();
  const customerRef = (await page.locator("h1 + p .font-mono").first().textContent())!.trim();
  await page.goto(backOfficeUrl(`/admin/invoices/new?customer=${customerRef}`));
  const line = page.getByRole("group", { name: "Line 1" });
  await line.getByRole("textbox", { name: "Description" }).fill("Repair of VFD power stage");
  await line.getByRole("textbox", { name: "HSN/SAC" }).fill("998719");
  await line.getByRole("textbox", { name: "Qty" }).fill("1");
  await line.getByRole("textbox", { name: "Unit" }).fill("job");
  await line.getByRole("textbox", { name: "Rate (₹)" }).fill("12,500");
  await line.getByRole("combobox", { name: "GST" }).selectOption("18");
  await page.getByRole("button", { name: "Issue the invoice" }).click();
  await expect(flashOf(page)).toHaveText(/^Invoice INV\/\S+ issued/);
  const number = /(INV\/\S+) issued/.exec((await flashOf(page).textContent())!)![1]!;
  const invoiceId = /\/admin\/invoices\/(\d+)/.exec(page.url())![1]!;
  return { customerRef, invoiceId, number };
}

test("accounts records a UPI payment against an invoice: the invoice is paid, the receipt is sent and listed", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(180_000);
  await asNewVisitor(page.context());
  const stamp = Date.now().toString(36).toUpperCase();
  const mobile = newMobile();
  await signedInAs("accounts");
  const { customerRef, invoiceId, number } = await customerWithInvoice(page, stamp, mobile);

  // Before the payment, the invoice is outstanding, not yet due (due in the settings' 15 days).
  await visit(page, backOfficeUrl("/admin/payments/outstanding"));
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(`Payer ${stamp}`) }) });
  await expect(row).toContainText("₹14,750.00");
  await row.getByText("1 invoice").click();
  await expect(row.getByRole("link", { name: number })).toBeVisible();
  await fitsPhone(page);

  // From the invoice: the amount due is filled in and allocated to it.
  await visit(page, backOfficeUrl(`/admin/payments/new?customer=${customerRef}&invoice=${invoiceId}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Record a payment");
  await expect(page.getByRole("textbox", { name: /^Amount received/ })).toHaveValue("14750");
  await expect(page.getByRole("textbox", { name: `Amount for ${number} (₹)` })).toHaveValue("14750");
  await page.getByRole("radio", { name: /^UPI/ }).check();
  const utr = page.getByRole("textbox", { name: /^UPI UTR/ });
  await utr.fill("41234");
  await page.getByRole("button", { name: "Record the payment" }).click();
  await expect(utr).toHaveAccessibleDescription(/A UPI UTR \(transaction reference\) has 12 digits$/);
  await expect(page.getByRole("textbox", { name: /^Amount received/ })).toHaveValue("14750");
  await expectNoAxeViolations(page);
  const utrValue = `5${String(Date.now()).slice(-11)}`;
  await utr.fill(utrValue);
  await page.getByRole("button", { name: "Record the payment" }).click();
  await expect(flashOf(page)).toHaveText(new RegExp(`^Receipt RC-\\d{4}-\\d{4,}: ₹14,750\\.00 recorded, against ${number.replace(/[/]/g, "\\/")} \\(now paid\\)\\.$`));
  const receipt = /Receipt (RC-\S+):/.exec((await flashOf(page).textContent())!)![1]!;

  // The payment's page: the invoice is now paid; the receipt is a PDF.
  await visit(page, page.url());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Receipt ${receipt}`);
  const allocated = page.getByRole("region", { name: "Invoices this payment pays" });
  await expect(allocated).toContainText(number);
  await expect(allocated.getByRole("row").nth(1)).toContainText("Paid");
  await expect(page.getByText(`UTR ${utrValue}`)).toBeVisible();
  const pdf = await page.request.get(backOfficeUrl(`/admin/payments/${receipt}/receipt`));
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await fitsPhone(page);

  // The customer's SMS: the amount, the receipt number and its signed link.
  let sms = "";
  await expect
    .poll(async () => (sms = (await sentSms()).filter((m) => m.to === `+91${mobile}` && m.body.includes(receipt)).at(-1)?.body ?? ""), { timeout: 15_000 })
    .not.toBe("");
  expect(sms).toContain("we have received Rs 14,750.00");
  const link = /(\/d\/receipt\/\S+)$/.exec(sms)![1]!;
  const signed = await page.request.get(link);
  expect(signed.headers()["content-type"]).toBe("application/pdf");

  // The same UTR again: refused, with the first receipt.
  await page.goto(backOfficeUrl(`/admin/payments/new?customer=${customerRef}`));
  await page.getByRole("textbox", { name: /^Amount received/ }).fill("100");
  await page.getByRole("textbox", { name: /^UPI UTR/ }).fill(utrValue);
  await page.getByRole("checkbox", { name: /Keep the rest as an advance/ }).check();
  await page.getByRole("button", { name: "Record the payment" }).click();
  await expect(page.getByRole("textbox", { name: /^UPI UTR/ })).toHaveAccessibleDescription(new RegExp(`This UTR is already recorded, as receipt ${receipt}\\.$`));
  await expect(page.getByRole("link", { name: `open receipt ${receipt}` })).toBeVisible();

  // The register finds it; the outstanding page no longer counts the invoice.
  await visit(page, backOfficeUrl(`/admin/payments?q=${encodeURIComponent(utrValue)}`));
  await expect(page.getByRole("link", { name: receipt })).toBeVisible();
  await expect(page.getByRole("table", { name: "Payments, newest first" })).toContainText(number);
  await visit(page, backOfficeUrl("/admin/payments/outstanding"));
  await expect(page.getByText("Ageing counts days past each invoice's due date")).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(number);
  await fitsPhone(page);
});

test("a statement is uploaded for reconciliation; a line left to match is ignored", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36).toUpperCase()}${test.info().project.name}`;
  await signedInAs("accounts");
  await visit(page, backOfficeUrl("/admin/payments/reconciliation"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reconcile a statement");
  // The format, with a sample, is on the page.
  await page.getByText("The format").click();
  await expect(page.getByText("Date,Narration,Reference,Debit,Credit,Balance")).toBeVisible();

  const statement = ["Date,Narration,Reference,Debit,Credit,Balance", `24/11/2026,NEFT-INTEREST ${stamp},,,"37.00","1,00,037.00"`, `25/11/2026,ATM WDL,,"500.00",,"99,537.00"`].join("\n");
  await page.getByLabel(/^Statement \(CSV\)/).setInputFiles({ name: `statement-${stamp}.csv`, mimeType: "text/csv", buffer: Buffer.from(statement) });
  await page.getByRole("button", { name: "Import and match" }).click();
  await expect(flashOf(page)).toHaveText("Imported 1 line: 0 matched to invoices and recorded, 1 left to match.");
  await expect(page.getByRole("region", { name: "The imported lines" })).toContainText(`NEFT-INTEREST ${stamp}`);
  await expectNoAxeViolations(page);

  // The same file again adds nothing.
  await page.getByLabel(/^Statement \(CSV\)/).setInputFiles({ name: "again.csv", mimeType: "text/csv", buffer: Buffer.from(statement) });
  await page.getByRole("button", { name: "Import and match" }).click();
  await expect(flashOf(page)).toHaveText("This file was imported before: nothing was added. 0 of its 1 lines are matched.");

  const line = page.getByRole("listitem").filter({ hasText: `NEFT-INTEREST ${stamp}` });
  await line.getByRole("button", { name: "Ignore" }).click();
  await expect(flashOf(page)).toHaveText(/^Line 2 ignored\.$/);
  await expect(page.getByRole("listitem").filter({ hasText: `NEFT-INTEREST ${stamp}` })).toHaveCount(0);
  await visit(page, backOfficeUrl("/admin/payments/reconciliation"));
  await fitsPhone(page);
  await visit(page, backOfficeUrl("/admin/payments/exports"));
  await expect(page.getByRole("link", { name: /^B2B invoices/ })).toHaveAttribute("href", /file=b2b/);
});
