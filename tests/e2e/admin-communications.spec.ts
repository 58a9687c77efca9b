import type { Page } from "@playwright/test";
import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, visit } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * Communications (issue 12 §4): a request from the public form makes the customer; the office gives them an
 * e-mail address, finds their thread in /admin/communications (the request's SMS acknowledgement is on it),
 * replies by e-mail and sees the reply in the thread; the SMS log and the DLT registry show the SMS; the
 * e-mail log shows the reply; the "Reply from a thread" e-mail template is edited with a preview (a submit
 * button: no JavaScript needed) and reset. Every page passes axe and HTML validation and fits the width
 * (the phone project runs it at 390 px).
 */

async function fits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("the office replies by e-mail from a customer's thread, finds it in the logs, and rewords the reply's e-mail with a preview", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(180_000);
  await asNewVisitor(page.context());
  const stamp = Date.now().toString(36).toUpperCase();
  const mobile = newMobile();
  const name = `Thread ${stamp}`;
  const reference = await sendServiceRequest(page, { contactName: name, mobile, siteAddress: "Plot 4, IDA Bollaram", city: "Hyderabad", fault: "Servo drive shows AL.16 on power-up." });
  await signedInAs("office");

  // The customer the request made gets an e-mail address.
  await page.goto(backOfficeUrl(`/admin/customers?q=${mobile}`));
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/CU-/);
  const customerRef = /CU-\d{4}-\d{4,}/.exec(page.url())![0];
  await page.getByText("Edit details", { exact: true }).click();
  await page.getByRole("textbox", { name: /^E-mail/ }).fill(`thread-${stamp.toLowerCase()}@example.net`);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(flashOf(page)).toBeVisible();

  // The threads: found by the mobile number.
  await visit(page, backOfficeUrl(`/admin/communications?q=${mobile}`));
  await fits(page);
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/communications/${customerRef}$`));
  await visit(page, page.url());
  await fits(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const thread = page.getByRole("list").filter({ hasText: reference }).first();
  await expect(thread).toContainText(`we have received your service request ${reference}`);

  // Reply by e-mail: it joins the thread.
  const reply = `Our engineer will call you today about ${reference}. ${stamp}`;
  const emailForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Send the e-mail" }) });
  await emailForm.getByRole("textbox", { name: /^Subject/ }).fill(`About your drive ${stamp}`);
  await emailForm.getByRole("textbox", { name: /^Message/ }).fill(reply);
  await emailForm.getByRole("button", { name: "Send the e-mail" }).click();
  await expect(flashOf(page)).toHaveText(`E-mail sent to thread-${stamp.toLowerCase()}@example.net.`);
  await expect(page.getByRole("listitem").filter({ hasText: reply })).toContainText("E-mail to the customer");
  await expect(page.getByRole("listitem").filter({ hasText: reply })).toContainText(/by /);

  // An SMS goes only from a registered template meant for the customer, filled from the request: one whose
  // facts are not true yet (the request is not waiting on the customer) is refused before it is sent.
  const choose = page.getByRole("form", { name: "Choose an SMS" });
  await choose.getByRole("combobox", { name: "Message" }).selectOption({ label: "On hold until we hear from the customer" });
  await choose.getByRole("button", { name: "Choose" }).click();
  await expect(page.getByText(/^Cannot be sent yet:/).locator("..")).toContainText(`${reference} is "`);
  await visit(page, page.url());
  await fits(page);

  // The SMS log and the registry.
  await visit(page, backOfficeUrl(`/admin/sms?q=${mobile}`));
  await fits(page);
  await expect(page.getByRole("table", { name: /SMS/ })).toContainText(reference);
  await visit(page, backOfficeUrl("/admin/sms/templates"));
  await fits(page);
  await page.getByRole("link", { name: "requestAcknowledgement", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/sms\/templates\/\d+$/);
  await visit(page, page.url());
  await fits(page);
  await expect(page.getByRole("textbox", { name: /^DLT template id/ })).toHaveValue(/^\d{19}$/);

  // The e-mail log.
  await visit(page, backOfficeUrl(`/admin/emails?q=${stamp}`));
  await fits(page);
  await expect(page.getByRole("table", { name: /E-mails/ })).toContainText(`About your drive ${stamp}`);

  // The reply's e-mail template: previewed (nothing saved), then saved, then reset.
  await visit(page, backOfficeUrl("/admin/emails/templates"));
  await fits(page);
  await page.getByRole("link", { name: "Reply from a thread" }).click();
  await expect(page).toHaveURL(/\/admin\/emails\/templates\/office-reply$/);
  await visit(page, page.url());
  await fits(page);
  await page.getByRole("textbox", { name: /^Body/ }).fill(`Namaste,\n\n{{content}}\n\n**The office** ${stamp}`);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("preview-body")).toContainText("Namaste,");
  await expect(page.getByTestId("preview-body").locator("strong")).toHaveText("The office");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(flashOf(page)).toHaveText("The “Reply from a thread” e-mail is saved: the next ones go out in these words.");
  await expect(page.getByRole("textbox", { name: /^Body/ })).toHaveValue(new RegExp(stamp));
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Reset to the built-in text" }).click();
  await expect(flashOf(page)).toHaveText("The “Reply from a thread” e-mail is back to its built-in text.");
});
