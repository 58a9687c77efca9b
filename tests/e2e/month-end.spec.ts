import type { Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, expectNoAxeViolations, visit } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * The month end of issue 17, as accounts goes through it: a registered customer's invoice part paid; a credit
 * note larger than what is still due, whose excess becomes the customer's credit (shown on their record and on
 * /admin/payments); that credit applied to their next invoice; then the accountant's files for the month: the
 * payment register and the GSTR-1 B2B and CDNR CSVs hold the receipt, the invoices and the credit note, and the
 * Tally import carries each of them as a voucher that balances.
 * Runs once (@desktop); the per-screen specs cover the phone width.
 */

// A GSTIN with a valid check digit (Telangana, 36): B2B and CDNR list a registered customer's documents by number.
const GSTIN = "36AABCG1234F1Z4";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

async function issueInvoice(page: Page, customerRef: string, rate: string, description: string): Promise<{ id: string; number: string }> {
  await page.goto(backOfficeUrl(`/admin/invoices/new?customer=${customerRef}`));
  const line = page.getByRole("group", { name: "Line 1" });
  await line.getByRole("textbox", { name: "Description" }).fill(description);
  await line.getByRole("textbox", { name: "HSN/SAC" }).fill("998719");
  await line.getByRole("textbox", { name: "Qty" }).fill("1");
  await line.getByRole("textbox", { name: "Unit" }).fill("job");
  await line.getByRole("textbox", { name: "Rate (₹)" }).fill(rate);
  await line.getByRole("combobox", { name: "GST" }).selectOption("18");
  await page.getByRole("button", { name: "Issue the invoice" }).click();
  await expect(flashOf(page)).toHaveText(/^Invoice INV\/\S+ issued/);
  const number = /(INV\/\S+) issued/.exec((await flashOf(page).textContent())!)![1]!;
  return { id: /\/admin\/invoices\/(\d+)/.exec(page.url())![1]!, number };
}

test("month end @desktop: part paid, a credit note over the balance held as credit, applied to the next invoice, and the month's files", async ({ page, signedInAs }) => {
  test.setTimeout(180_000);
  await asNewVisitor(page.context());
  const stamp = Date.now().toString(36).toUpperCase();
  await sendServiceRequest(page, { contactName: `Month end ${stamp}`, mobile: newMobile(), siteAddress: "Plot 4, IDA Nacharam", city: "Hyderabad", fault: "Soft starter fails to bypass." });
  await signedInAs("accounts");
  await page.goto(backOfficeUrl(`/admin/customers?q=${encodeURIComponent(`Month end ${stamp}`)}`));
  await page.getByRole("link", { name: `Month end ${stamp}` }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/CU-/);
  const customerUrl = page.url();
  const customerRef = (await page.locator("h1 + p .font-mono").first().textContent())!.trim();
  await page.getByText("Edit details").click();
  await page.getByRole("textbox", { name: /^Company/ }).fill(`Nacharam Castings ${stamp}`);
  await page.getByRole("textbox", { name: /^GSTIN/ }).fill(GSTIN);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(flashOf(page)).toBeVisible();

  // ₹10,000 + 18% = ₹11,800.00, of which ₹5,000.00 is paid by UPI.
  const first = await issueInvoice(page, customerRef, "10,000", "Soft starter repair");
  await page.goto(backOfficeUrl(`/admin/payments/new?customer=${customerRef}&invoice=${first.id}`));
  await page.getByRole("textbox", { name: /^Amount received/ }).fill("5000");
  await page.getByRole("textbox", { name: `Amount for ${first.number} (₹)` }).fill("5000");
  await page.getByRole("radio", { name: /^UPI/ }).check();
  await page.getByRole("textbox", { name: /^UPI UTR/ }).fill(`6${String(Date.now()).slice(-11)}`);
  await page.getByRole("button", { name: "Record the payment" }).click();
  await expect(flashOf(page)).toHaveText(/^Receipt RC-\S+: ₹5,000\.00 recorded/);
  const receipt = /Receipt (RC-\S+):/.exec((await flashOf(page).textContent())!)![1]!;

  // Credited ₹9,000 + GST = ₹10,620.00, more than the ₹6,800.00 still due: ₹3,820.00 becomes the customer's credit.
  await page.goto(backOfficeUrl(`/admin/invoices/${first.id}`));
  const credit = page.getByRole("region", { name: "Make a credit note" });
  await credit.getByRole("textbox", { name: /^Reason/ }).fill("Rate agreed lower after inspection");
  await credit.getByRole("radio", { name: /^Part of some lines/ }).check();
  await credit.getByRole("textbox", { name: /^Line 1:/ }).fill("9000");
  await credit.getByRole("button", { name: "Issue the credit note" }).click();
  await expect(flashOf(page)).toHaveText(/^Credit note CN\/\S+ issued\. ₹3,820\.00 already paid on it is now held as the customer's credit\.$/);
  const note = /(CN\/\S+) issued/.exec((await flashOf(page).textContent())!)![1]!;

  // The credit on the customer's record and on /admin/payments.
  await visit(page, customerUrl);
  const held = page.getByRole("region", { name: "Customer credit" });
  await expect(held.getByTestId("customer-credit")).toHaveText("₹3,820.00");
  await visit(page, backOfficeUrl("/admin/payments"));
  const row = page.getByRole("region", { name: "Customer credit" }).getByRole("row").filter({ hasText: customerRef });
  await expect(row).toContainText("₹3,820.00");
  await expectNoAxeViolations(page);

  // The next invoice (₹2,000 + GST = ₹2,360.00) is paid out of the credit, from the customer's page.
  const second = await issueInvoice(page, customerRef, "2000", "Bypass contactor replaced");
  await visit(page, customerUrl);
  await page.getByText("Apply the credit to an invoice").click();
  await page.getByRole("combobox", { name: /^Invoice/ }).selectOption({ label: `${second.number}: ₹2,360.00 due` });
  await expect(page.getByRole("textbox", { name: /^Amount to apply/ })).toHaveValue("2360.00");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Apply credit" }).click();
  await expect(flashOf(page)).toHaveText(`₹2,360.00 of the customer's credit applied to ${second.number} (now paid).`);
  await expect(page.getByRole("region", { name: "Customer credit" }).getByTestId("customer-credit")).toHaveText("₹1,460.00");

  // The month's files for the accountant.
  await visit(page, backOfficeUrl("/admin/payments/exports"));
  const file = async (name: RegExp) => {
    const href = await page.getByRole("link", { name }).getAttribute("href");
    const response = await page.request.get(backOfficeUrl(href!));
    expect(response.status()).toBe(200);
    return response.text();
  };
  const register = await file(/^Payment register/);
  expect(register).toMatch(new RegExp(`${escape(receipt)}.*${escape(customerRef)}`));
  const b2b = await file(/^B2B invoices/);
  expect(b2b).toContain(first.number);
  expect(b2b).toContain(second.number);
  expect(b2b).toContain(GSTIN);
  const cdnr = await file(/^Credit notes to registered customers/);
  expect(cdnr).toContain(note);

  // The Tally import: the two invoices, the credit note and the receipt are vouchers, each balancing to the paisa
  // (debits negative), and the first invoice's sales voucher charges the customer ₹11,800.00.
  const tally = await file(/^Tally XML import/);
  const parsed = new XMLParser({ parseTagValue: false, isArray: (name) => name === "TALLYMESSAGE" || name === "ALLLEDGERENTRIES.LIST" }).parse(tally) as {
    ENVELOPE: { BODY: { IMPORTDATA: { REQUESTDATA: { TALLYMESSAGE: Array<{ VOUCHER: { VOUCHERNUMBER: string; "ALLLEDGERENTRIES.LIST": Array<{ LEDGERNAME: string; AMOUNT: string }> } }> } } } };
  };
  const vouchers = new Map(parsed.ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE.map((m) => [m.VOUCHER.VOUCHERNUMBER, m.VOUCHER["ALLLEDGERENTRIES.LIST"]]));
  for (const number of [first.number, second.number, note, receipt]) {
    const entries = vouchers.get(number);
    expect(entries, `voucher ${number} in the Tally file`).toBeDefined();
    expect(entries!.reduce((sum, e) => sum + Math.round(Number(e.AMOUNT) * 100), 0), `voucher ${number} balances`).toBe(0);
  }
  expect(vouchers.get(first.number)!.find((e) => e.LEDGERNAME.startsWith("Nacharam Castings"))?.AMOUNT).toBe("-11800.00");
});
