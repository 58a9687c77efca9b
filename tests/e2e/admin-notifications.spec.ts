import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, visit, waitForHydration } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * Staff notifications (issue 12 §3): a request sent from the public site raises the bell of a signed-in
 * office member at once, without a reload (the page is marked first: a reload would lose the mark), and
 * the alert on /admin/notifications links to the request and is marked read there. Every staff member,
 * accounts included, saves their own channels per kind of alert. axe, HTML validity and 390 px on each page.
 */
test.describe("staff notifications", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  const bell = (page: import("@playwright/test").Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications,/ });
  const unreadOf = async (page: import("@playwright/test").Page) => Number(await bell(page).getAttribute("data-unread"));

  test("a new request raises the office's bell live; the alert links to the request and is marked read @desktop", async ({ page, browser, signedInAs }) => {
    test.setTimeout(120_000);
    await signedInAs("office");
    await visit(page, backOfficeUrl("/admin/notifications"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
    const before = await unreadOf(page);

    const visitor = await browser.newContext();
    let reference: string;
    const contactName = `Bell ${Date.now().toString(36)}`;
    try {
      await asNewVisitor(visitor);
      reference = await sendServiceRequest(await visitor.newPage(), {
        contactName,
        mobile: newMobile(),
        siteAddress: "Plot 12, IDA Nacharam",
        city: "Hyderabad",
        fault: "AC drive shows OC1 at every start since the motor was rewound.",
      });
    } finally {
      await visitor.close();
    }

    // The bell counts it, and the list shows it, without a reload.
    await expect.poll(() => unreadOf(page), { message: "the bell's unread count", timeout: 15_000 }).toBe(before + 1);
    await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);
    const alert = page.getByRole("listitem").filter({ hasText: reference });
    await expect(alert).toContainText(`New request ${reference} from ${contactName}`, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);

    // It links to its record.
    await expect(alert.getByRole("link", { name: `New request ${reference} from ${contactName}` })).toHaveAttribute("href", `/admin/service-requests/${reference}`);

    // Marked read (a plain form): the count goes down.
    await alert.getByRole("button", { name: `Mark read: New request ${reference} from ${contactName}` }).click();
    await expect(flashOf(page)).toHaveText("Marked read.");
    expect(await unreadOf(page)).toBe(before);
    await expect(page.getByRole("listitem").filter({ hasText: reference })).toHaveCount(0);
  });

  test("accounts staff have their own alerts and save their channels per kind of alert", { tag: "@flow" }, async ({ page, signedInAs }) => {
    await signedInAs("accounts", { fresh: true });
    await visit(page, backOfficeUrl("/admin/notifications"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expect(page.getByRole("checkbox", { name: "Payment received: In the app" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Payment received: E-mail" })).not.toBeChecked();

    await page.getByRole("checkbox", { name: "Payment received: E-mail" }).check();
    await page.getByRole("checkbox", { name: "Quote changes asked: SMS" }).check();
    await page.getByRole("button", { name: "Save my choices" }).click();
    await expect(flashOf(page)).toHaveText("Your notification choices are saved.");
    await visit(page, backOfficeUrl("/admin/notifications"));
    await expect(page.getByRole("checkbox", { name: "Payment received: E-mail" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Quote changes asked: SMS" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Payment received: SMS" })).not.toBeChecked();

    // The filters are links and a GET form: the address keeps them.
    await page.getByRole("link", { name: /^All/ }).click();
    await expect(page).toHaveURL(/\/admin\/notifications\?show=all$/);
    await page.getByRole("combobox", { name: "Kind of alert" }).selectOption({ label: "Payment received" });
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/show=all&kind=payment\.received/);
    await visit(page, page.url());
  });
});
