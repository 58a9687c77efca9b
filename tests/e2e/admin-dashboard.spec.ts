import type { Page } from "@playwright/test";
import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, visit } from "./support/page-checks.ts";

/** Sends an emergency service request through the public form; returns its reference. */
async function emergencyRequest(page: Page, contactName: string): Promise<string> {
  await page.goto("/request");
  await page.getByRole("combobox", { name: "Service", exact: true }).selectOption({ label: "DC Drive Repair" });
  await page.getByRole("textbox", { name: "Contact name", exact: true }).fill(contactName);
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(newMobile());
  await page.getByRole("textbox", { name: "Site address", exact: true }).fill("Plot 7, IDA Patancheru");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Patancheru");
  await page.getByRole("textbox", { name: "Fault description", exact: true }).fill("Mill stand DC drive tripped on field loss; line stopped.");
  await page.getByRole("radio", { name: /Emergency breakdown/ }).check();
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/thank-you\?ref=SR-/);
  return (await page.getByTestId("reference").textContent())!;
}

test.describe("back-office dashboard", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("a new emergency request waits for its first call among the emergencies, with its response clock", { tag: "@flow" }, async ({ page, signedInAs }) => {
    const contactName = `Dashboard ${Date.now().toString(36)}`;
    const reference = await emergencyRequest(page, contactName);

    await signedInAs("office");
    await visit(page, backOfficeUrl("/admin")); // status 200, valid HTML, no axe violations
    await expect(page).toHaveTitle(/^Dashboard: Back Office/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");

    const waiting = page.getByRole("region", { name: /^Waiting for a first call \(\d+\)$/ });
    const rows = waiting.getByRole("listitem");
    const texts = await rows.allTextContents();
    const index = texts.findIndex((t) => t.includes(reference));
    // Emergencies come first, the soonest due first. The test server is shared by every spec: when more
    // emergencies than the panel shows (10) wait from earlier tests, ours (the newest, due last) is below the
    // fold, and every row shown is an emergency due before it; the list finds it with the same clock.
    for (const text of index >= 0 ? texts.slice(0, index + 1) : texts) expect(text).toContain("Emergency");
    const clock = /Due in (1 h 5\d|2 h 00) min/;
    if (index >= 0) {
      const row = rows.nth(index);
      await expect(row.getByRole("link", { name: reference })).toHaveAttribute("href", `/admin/service-requests/${reference}`);
      await expect(row).toContainText(contactName);
      await expect(row).toContainText("Patancheru");
      await expect(row).toContainText("DC Drive Repair");
      // Two hours to the first call (India time), counting down.
      await expect(row).toContainText(/Due in (1 h 5\d|2 h 00) min \(due \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m\)/);
    } else {
      expect(texts).toHaveLength(10);
      const list = await page.context().newPage();
      await list.goto(backOfficeUrl(`/admin/service-requests?status=new&urgency=emergency&q=${reference}`));
      await expect(list.getByRole("row").filter({ hasText: reference })).toContainText(clock);
      await list.close();
    }

    // The other panels of an office role, each with its count in its heading.
    for (const name of [/^Response promise: overdue or due soon \(\d+\)$/, /^Today's visits \(\d+\)$/, /^Open requests without a technician \(\d+\)$/, /^Received this week \(\d+\)$/, /^Open requests by status \(\d+\)$/]) {
      await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    }
    const unassigned = page.getByRole("region", { name: /^Open requests without a technician/ });
    // Oldest first, 10 shown: ours is there unless 10 older ones wait too.
    if ((await unassigned.getByRole("listitem").count()) < 10) await expect(unassigned).toContainText(reference);
    await expect(waiting.getByRole("link", { name: /^(See all \d+|Open the list of) .*requests waiting for a first call$/ })).toHaveAttribute("href", "/admin/service-requests?sla=awaiting");

    // At 390 px: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const panels = page.locator("main section");
    const first = (await panels.nth(0).boundingBox())!;
    const second = (await panels.nth(1).boundingBox())!;
    expect(second.x).toBe(first.x);
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("accounts: no request or dispatch panel, and a line that says why", { tag: "@flow" }, async ({ page, signedInAs }) => {
    await signedInAs("accounts");
    await visit(page, backOfficeUrl("/admin"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await expect(page.getByRole("heading", { level: 2 })).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText("Your role (Accounts: Quotes, invoices, payments and customers) has no panel here yet.");
  });
});
