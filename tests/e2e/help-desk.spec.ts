import type { Page } from "@playwright/test";
import { backOfficeUrl, newMobile, sentSms } from "./support/accounts.ts";
import { addSessionCookie, createSession, expect, test } from "./support/fixtures.ts";
import { asNewVisitor, expectValidHtmlNu, hasJava, visit as visitAndCheck, waitForHydration } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * The help desk (issue 12 §5): the customer presses Get help on their request and asks a question; the
 * office's queue shows the new ticket live; the office answers with a canned reply (made on the canned
 * replies screen) and adds an internal note; the customer sees the answer live in the portal, never the
 * note, and the same thread through the signed link from the SMS. Every page passes axe and HTML
 * validation and fits the width (the phone project runs it at 390 px).
 */
const mark = (p: Page) => p.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
const marked = (p: Page) => p.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark);
/** Every page the test checks, for the W3C Nu HTML Checker at the end (one Java process for them all). */
const checked: Array<{ html: string; where: string }> = [];
async function visit(p: Page, path: string, options?: { status?: number }) {
  const response = await visitAndCheck(p, path, options);
  checked.push({ html: await response.text(), where: path });
  return response;
}
const fits = async (p: Page) => expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(p.viewportSize()!.width);

test.describe("help desk", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("Get help on a request: the office sees the ticket live, replies with a canned reply; the customer sees it in the portal", async ({ page, browser, signedInAs }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const mobile = newMobile();
    const reference = await sendServiceRequest(page, {
      contactName: `Helpdesk ${stamp}`,
      mobile,
      siteAddress: "Shed 12, IDA Balanagar",
      city: "Hyderabad",
      fault: "Soft starter trips on start with a phase-loss fault.",
    });

    // The office: the dashboard's help-desk panel, a canned reply of its own, then the queue, open and watched.
    await signedInAs("office");
    await visit(page, backOfficeUrl("/admin"));
    await expect(page.getByRole("region", { name: /^Help desk \(\d+\)$/ }).getByRole("link", { name: "Past a target" })).toHaveAttribute("href", "/admin/help-desk?sla=breached");
    await visit(page, backOfficeUrl("/admin/help-desk/canned"));
    await fits(page);
    const cannedTitle = `Visit booked ${stamp}`;
    const cannedBody = `Our engineer will visit tomorrow morning to check the soft starter's supply phases. (${stamp})`;
    const add = page.getByRole("form", { name: "Add a canned reply" });
    await add.getByRole("textbox", { name: /^Title/ }).fill(cannedTitle);
    await add.getByRole("textbox", { name: /^Text/ }).fill(cannedBody);
    await add.getByRole("button", { name: "Add" }).click();
    await expect(flashOf(page)).toHaveText(`Canned reply “${cannedTitle}” added.`);
    await visit(page, page.url());
    await expect(page.getByRole("form", { name: `Edit “${cannedTitle}”` })).toBeVisible();
    await visit(page, backOfficeUrl("/admin/help-desk/new"));
    await fits(page);
    await expect(page.getByRole("form", { name: "New ticket" })).toBeVisible();
    await visit(page, backOfficeUrl("/admin/help-desk"));
    await fits(page);
    await waitForHydration(page);
    await mark(page);

    // The customer, signed in with the request's number, asks from the request's page.
    const customer = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    try {
      await asNewVisitor(customer);
      await addSessionCookie(customer, await createSession("customer", { mobile }));
      const c = await customer.newPage();
      await visit(c, "/customer/mobile");
      await c.getByRole("link", { name: new RegExp(reference) }).first().click();
      await expect(c.getByRole("heading", { level: 1 })).toContainText(reference);
      await visit(c, c.url());
      await fits(c);
      const help = c.getByRole("form", { name: "Get help" });
      await help.getByRole("textbox", { name: "Your question" }).fill(`When can the engineer come? The line is stopped. ${stamp}`);
      await help.getByRole("button", { name: "Send my question" }).click();
      await expect(c.getByRole("heading", { level: 1 })).toHaveText(/^Ticket TK-\d{4}-\d{4}$/);
      const ticket = (await c.getByRole("heading", { level: 1 }).textContent())!.replace("Ticket ", "");
      await expect(c.getByText("Your message is sent.")).toBeVisible();
      await visit(c, c.url());
      await fits(c);
      await waitForHydration(c);
      await mark(c);

      // The office's queue shows it without a reload.
      const row = page.getByRole("link", { name: ticket, exact: true });
      await expect(row).toBeVisible({ timeout: 15_000 });
      expect(await marked(page)).toBe(true);
      // The queue with its rows, filtered to unassigned tickets: checked too.
      await visit(page, backOfficeUrl("/admin/help-desk?assignee=unassigned"));
      await fits(page);
      await row.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ticket ${ticket}`);
      await visit(page, page.url());
      await fits(page);
      await expect(page.getByRole("main")).toContainText(`The line is stopped. ${stamp}`);
      await expect(page.getByRole("region", { name: "Targets" })).toContainText(/Due in \d/);

      // The canned reply fills the reply box (a GET form: it works without JavaScript too), and goes out.
      await page.getByRole("combobox", { name: "Canned reply" }).selectOption({ label: cannedTitle });
      await page.getByRole("button", { name: "Use this reply" }).click();
      await expect(page.getByRole("textbox", { name: /^Your reply/ })).toHaveValue(cannedBody);
      await page.getByRole("button", { name: "Send the reply" }).click();
      await expect(flashOf(page)).toHaveText("Reply sent; the customer is told by SMS.");
      await expect(page.getByRole("region", { name: "Targets" })).toContainText("Met");
      const note = `Internal: soft starter spares are low (${stamp})`;
      await page.getByRole("textbox", { name: "Note for the office" }).fill(note);
      await page.getByRole("button", { name: "Add the note" }).click();
      await expect(flashOf(page)).toHaveText("Internal note added.");
      await expect(page.getByRole("main")).toContainText(note);

      // The customer's page shows the answer live; never the note.
      await expect(c.getByRole("main")).toContainText(cannedBody, { timeout: 15_000 });
      expect(await marked(c)).toBe(true);
      await visit(c, c.url().replace(/\?.*$/, ""));
      await expect(c.getByRole("main")).toContainText(cannedBody);
      await expect(c.getByRole("main")).not.toContainText(note);
      await visit(c, "/customer/help");
      await fits(c);
      await expect(c.getByRole("link", { name: `Help with request ${reference}` })).toBeVisible();

      // The acknowledgement SMS's link opens the same thread without signing in.
      let link = "";
      await expect
        .poll(
          async () => {
            const sms = (await sentSms()).find((m) => m.to === `+91${mobile}` && m.body.includes(`ticket ${ticket}`) && m.body.includes("/d/ticket/"));
            link = /(https?:\/\/\S+\/d\/ticket\/\S+)$/.exec(sms?.body ?? "")?.[1] ?? "";
            return link;
          },
          { message: "the acknowledgement SMS", timeout: 15_000 },
        )
        .not.toBe("");
      const stranger = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
      try {
        await asNewVisitor(stranger);
        const s = await stranger.newPage();
        const path = new URL(link).pathname;
        await visit(s, path);
        await fits(s);
        await expect(s.getByRole("main")).toContainText(cannedBody);
        await expect(s.getByRole("main")).not.toContainText(note);
        await s.getByRole("textbox", { name: /^Your message/ }).fill(`Thank you, we will keep the panel open. ${stamp}`);
        await s.getByRole("button", { name: "Send" }).click();
        await expect(s.getByText("Your message is sent.")).toBeVisible();
        await visit(s, `${path.slice(0, -1)}${path.endsWith("A") ? "B" : "A"}`, { status: 403 });
        await expect(s.getByRole("heading", { level: 1 })).toHaveText("This ticket link does not work");
      } finally {
        await stranger.close();
      }
    } finally {
      await customer.close();
    }
    if (hasJava()) await expectValidHtmlNu(checked);
  });
});
