import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { addSessionCookie, createSession, expect, test } from "./support/fixtures.ts";
import { asNewVisitor, waitForHydration } from "./support/page-checks.ts";
import { sendServiceRequest } from "./support/requests.ts";

/**
 * Live updates (issue 12 §1): pages change without a reload when another browser changes the data. Each
 * page under watch is marked first (a property on window that a reload would lose), so a passing test
 * proves the change arrived live, not through a navigation.
 */
test.describe("live updates", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("a request sent from the public form appears on the office's dashboard and request list without a reload @desktop", async ({ page, browser, signedInAs }) => {
    await signedInAs("office");
    const list = await page.context().newPage();
    await page.goto(backOfficeUrl("/admin"));
    await list.goto(backOfficeUrl("/admin/service-requests"));
    for (const p of [page, list]) {
      await waitForHydration(p);
      await p.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
    }

    // The dashboard's panels list at most ten requests, oldest first: in a shared test database the new one
    // may be past the tenth, so the dashboard is judged by its panel's count, the list by the reference.
    const waiting = page.getByRole("heading", { name: /^Waiting for a first call \(\d+\)$/ });
    const countOf = async () => Number(/\((\d+)\)/.exec((await waiting.textContent()) ?? "")?.[1] ?? NaN);
    const before = await countOf();
    expect(before).not.toBeNaN();

    const visitor = await browser.newContext();
    let reference: string;
    try {
      await asNewVisitor(visitor);
      const form = await visitor.newPage();
      reference = await sendServiceRequest(form, {
        contactName: `Live ${Date.now().toString(36)}`,
        mobile: newMobile(),
        siteAddress: "Plot 4, Phase II, IDA Cherlapally",
        city: "Hyderabad",
        fault: "DC drive trips on field failure after ten minutes of running.",
      });
    } finally {
      await visitor.close();
    }

    await expect.poll(countOf, { message: "the dashboard's count of requests waiting for a first call", timeout: 15_000 }).toBeGreaterThan(before);
    await expect(list.getByRole("main")).toContainText(reference, { timeout: 15_000 });
    for (const p of [page, list]) {
      expect(await p.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
    }
  });

  test("the customer sees a status change made by the office on their request page without a reload @desktop", async ({ page, browser, signedInAs }) => {
    const mobile = newMobile();
    const reference = await sendServiceRequest(page, {
      contactName: `Live customer ${Date.now().toString(36)}`,
      mobile,
      siteAddress: "Unit 9, Jeedimetla",
      city: "Hyderabad",
      fault: "Servo drive shows AL.16 on power-up.",
    });

    const customer = await browser.newContext();
    try {
      await asNewVisitor(customer);
      await addSessionCookie(customer, await createSession("customer", { mobile }));
      const mine = await customer.newPage();
      await mine.goto("/customer/mobile");
      await mine.getByRole("link", { name: reference }).click();
      await waitForHydration(mine);
      await expect(mine.getByRole("main")).toContainText("Received");
      await mine.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));

      await signedInAs("office");
      await page.goto(backOfficeUrl(`/admin/service-requests/${reference}`));
      const status = page.getByRole("region", { name: "Change the status" });
      await status.getByRole("combobox", { name: /New status/ }).selectOption({ label: "Work in progress" });
      await status.getByRole("button", { name: "Change status" }).click();
      await expect(page.getByRole("status").filter({ hasText: /\S/ }).first()).toContainText("Work in progress");

      await expect(mine.getByRole("main")).toContainText("Work in progress", { timeout: 15_000 });
      expect(await mine.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
    } finally {
      await customer.close();
    }
  });
});
