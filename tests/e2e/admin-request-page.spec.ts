import type { Page } from "@playwright/test";
import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { addSessionCookie, createSession, expect, test } from "./support/fixtures.ts";
import { asNewVisitor, expectNoAxeViolations, visit } from "./support/page-checks.ts";

/** Sends a PLC service request in Hyderabad through the public form; returns its reference. */
async function plcRequest(page: Page, contactName: string, mobile: string): Promise<string> {
  await page.goto("/request");
  await page.getByRole("combobox", { name: "Service", exact: true }).selectOption({ label: "PLC Repair & Programming" });
  await page.getByRole("textbox", { name: "Contact name", exact: true }).fill(contactName);
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(mobile);
  await page.getByRole("textbox", { name: "Site address", exact: true }).fill("Plot 12, IDA Jeedimetla");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Hyderabad");
  await page.getByRole("textbox", { name: "Fault description", exact: true }).fill("S7-300 PLC goes to STOP after every power dip; the line stops.");
  await page.getByRole("radio", { name: /Emergency breakdown/ }).check();
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/thank-you\?ref=SR-/);
  return (await page.getByTestId("reference").textContent())!;
}

/** India's date a day from now, as the date field takes it. */
function tomorrowInIndia(): string {
  return new Date(Date.now() + 330 * 60_000 + 86_400_000).toISOString().slice(0, 10);
}

test.describe("back-office request page", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("the office works a request: call, notes, technician, visit, PO; the customer sees only what is theirs", { tag: "@flow" }, async ({ page, browser, signedInAs }) => {
    test.setTimeout(300_000); // many steps, each a full page load
    const stamp = Date.now().toString(36);
    const contactName = `Request page ${stamp}`;
    const mobile = newMobile();
    const reference = await plcRequest(page, contactName, mobile);
    const technicianName = `Tech ${stamp}`;
    await signedInAs("technician", { fresh: true, name: technicianName }); // an approved PLC technician in Hyderabad
    await signedInAs("office");
    const path = backOfficeUrl(`/admin/service-requests/${reference}`);

    const served = await visit(page, path); // 200, valid HTML, no axe violations
    await expect(page).toHaveTitle(new RegExp(`^${reference}: Back Office`));
    // The admin layout titles the page from the screen's handle (issue 18 §3): in the server's HTML, once.
    const head = /<head>([\s\S]*)<\/head>/.exec(await served.text())?.[1] ?? "";
    expect(head.match(/<title>[^<]*<\/title>/g)).toEqual([expect.stringMatching(new RegExp(`^<title>${reference}: Back Office \\| [^<]+</title>$`))]);
    expect(head).toContain('<meta name="robots" content="noindex"/>');
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${reference}: ${contactName}`);
    await expect(page.getByRole("main")).toContainText("Received");
    await expect(page.getByText(/^Due in (1 h 5\d|2 h 00) min$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Call the customer" })).toHaveAttribute("href", `tel:+91${mobile}`);

    // An older copy of the page, kept open by a colleague.
    const colleague = await page.context().newPage();
    await colleague.goto(path, { waitUntil: "domcontentloaded" });
    // They start typing at once: the live updates below are held for them (issue 12 §1), not reloaded under them.
    const stalePo = colleague.getByRole("region", { name: "Purchase order" });
    await stalePo.getByRole("textbox", { name: /PO number/ }).fill("PO-STALE-1");

    // A call: the response clock stops and the request moves to "Engineer called".
    const contact = page.getByRole("region", { name: "Log a call or note" });
    await contact.getByRole("radio", { name: /Phone call/ }).check();
    await contact.getByRole("textbox", { name: /What was said or done/ }).fill("Spoke to the maintenance head: CPU battery low, spare needed.");
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Call logged; status is now Engineer called. The response clock is stopped.");
    await expect(page.getByText(/^Responded in \d+ min$/)).toBeVisible();

    // An internal note and a note for the customer.
    await contact.getByRole("radio", { name: /^Note/ }).check();
    await contact.getByRole("textbox", { name: /What was said or done/ }).fill(`Internal ${stamp}: quote 20% above list.`);
    await contact.getByRole("checkbox", { name: /Internal note/ }).check();
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Internal note added.");
    await contact.getByRole("radio", { name: /^Note/ }).check();
    await contact.getByRole("textbox", { name: /What was said or done/ }).fill(`For you ${stamp}: we will bring a spare CPU battery.`);
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Note added (the customer can read it).");
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("listitem").filter({ hasText: `Internal ${stamp}` })).toContainText("Internal");

    // The colleague's stale page is refused, with what they typed kept.
    await expect(colleague.getByText(/has changed since you started typing/)).toBeVisible();
    await stalePo.getByRole("button", { name: "Save PO number" }).click();
    await expect(stalePo.getByRole("alert")).toHaveText("Someone else changed this request while you were looking at it. Reload to see the change.");
    await expect(stalePo.getByRole("textbox", { name: /PO number/ })).toHaveValue("PO-STALE-1");
    await colleague.close();

    // Scheduling before a technician is assigned is refused, with the reason.
    const schedule = page.getByRole("region", { name: "Schedule the visit" });
    await schedule.getByRole("textbox", { name: /Date/ }).fill(tomorrowInIndia());
    await schedule.getByRole("combobox", { name: /From/ }).selectOption("10:00");
    await schedule.getByRole("combobox", { name: /To/ }).selectOption("13:00");
    await schedule.getByRole("button", { name: "Book the visit" }).click();
    await expect(schedule.getByRole("alert")).toHaveText("Assign a technician first: the customer is told who is coming.");

    // Assign: the suggestions say why.
    const assign = page.getByRole("region", { name: "Assign a technician" });
    const choice = assign.getByRole("radio", { name: new RegExp(technicianName) });
    // The best five show at once; on a test server full of other tests' technicians ours may be further down.
    if (!(await choice.isVisible())) await assign.getByText(/^All other approved technicians \(\d+\)$/).click();
    await expect(assign.getByRole("listitem").filter({ hasText: technicianName })).toContainText(/PLC skill · Hyderabad · (No visits|\d+ visits?) today/);
    await choice.check();
    await assign.getByRole("button", { name: "Assign" }).click();
    await expect(page.getByRole("status")).toHaveText(`Assigned to ${technicianName}. The technician has been told by SMS.`);

    // Now the visit.
    await schedule.getByRole("textbox", { name: /Date/ }).fill(tomorrowInIndia());
    await schedule.getByRole("combobox", { name: /From/ }).selectOption("10:00");
    await schedule.getByRole("combobox", { name: /To/ }).selectOption("13:00");
    await schedule.getByRole("button", { name: "Book the visit" }).click();
    await expect(page.getByRole("status")).toContainText(`10:00 am - 1:00 pm with ${technicianName}. The customer has been told by SMS.`);
    await expect(page.getByRole("main")).toContainText("Visit scheduled");

    const po = page.getByRole("region", { name: "Purchase order" });
    await po.getByRole("textbox", { name: /PO number/ }).fill("4500012345");
    await po.getByRole("button", { name: "Save PO number" }).click();
    await expect(page.getByRole("status")).toHaveText("PO number 4500012345 recorded.");
    const job = page.getByRole("region", { name: "Job" });
    await expect(job).toContainText(technicianName);
    await expect(job).toContainText("10:00 am - 1:00 pm");
    await expect(job).toContainText("4500012345");

    // At 390 px: one column, nothing wider than the screen; the page full of history still passes axe.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // The customer's own page: the visit and the note for them, never the call or the internal note.
    const customer = await browser.newContext();
    try {
      await asNewVisitor(customer);
      const customerPage = await customer.newPage();
      // signedInAs puts its cookie in this test's context: the customer gets a context (and a session) of their own.
      const session = await createSession("customer", { mobile });
      await addSessionCookie(customer, session);
      expect(session.portal).toBe("customer");
      await customerPage.goto("/customer/mobile");
      await customerPage.getByRole("link", { name: reference }).click();
      const main = customerPage.getByRole("main");
      await expect(main).toContainText("Visit scheduled");
      await expect(main).toContainText(`For you ${stamp}`);
      await expect(main).toContainText(technicianName);
      await expect(main).not.toContainText(`Internal ${stamp}`);
      await expect(main).not.toContainText("Spoke to the maintenance head");
      await expect(main).not.toContainText("4500012345");
    } finally {
      await customer.close();
    }
  });
});
