import { backOfficeUrl, newMobile, signIn } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, expectNoAxeViolations, expectValidHtml, visit } from "./support/page-checks.ts";

/**
 * Staff and the audit log (/admin/staff, /admin/activity): the owner adds an office member by mobile
 * number; that member signs in and sees only their own screens; the owner reads the addition and the
 * sign-in in the activity log, then removes the member, whose session ends at once.
 */
test.describe("staff and activity", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("the owner adds an office member, who sees only their screens; the log shows it all", { tag: "@flow" }, async ({ page, browser, signedInAs }, testInfo) => {
    // Two people, a sign-in by SMS code and five checked pages: longer than one page's test.
    test.setTimeout(240_000);
    const owner = await signedInAs("owner", { fresh: true });
    await visit(page, backOfficeUrl("/admin/staff")); // 200, valid HTML, no axe violations
    await expect(page).toHaveTitle(/^Staff: Back Office/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff");
    // (The navigation is a closed menu at phone width: its links are in the page, not on screen.)
    expect(await page.locator('nav[aria-label="Back office"] a').allTextContents()).toEqual(expect.arrayContaining(["Staff", "Activity"]));

    // Mistakes are explained beside the fields, with what was typed kept.
    const add = page.getByRole("form", { name: "Add a staff member" });
    await add.getByRole("textbox", { name: "Mobile number" }).fill("12345");
    await add.getByRole("button", { name: "Add to staff" }).click();
    await expect(add.getByText("Enter a 10-digit Indian mobile number, e.g. 98480 12345.")).toBeVisible();
    await expect(add.getByText("Enter the staff member's name.")).toBeVisible();
    await expect(add.getByRole("textbox", { name: "Mobile number" })).toHaveValue("12345");
    await expectValidHtml(await page.content(), "/admin/staff (refused)");
    await expectNoAxeViolations(page);

    const mobile = newMobile();
    const name = `Office ${Date.now().toString(36)}`;
    await add.getByRole("textbox", { name: "Mobile number" }).fill(`${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await add.getByRole("textbox", { name: "Name" }).fill(name);
    await add.getByRole("radio", { name: /^Office/ }).check();
    await add.getByRole("button", { name: "Add to staff" }).click();
    await expect(page.getByRole("status").filter({ hasText: `${name} was added as Office.` })).toBeVisible();
    const card = page.getByRole("article", { name });
    await expect(card).toContainText(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await expect(card).toContainText("Office: Requests, dispatch, customers, technicians and messages.");
    await expect(card).toContainText(/Last sign-in\s*never/);

    // The member signs in with the code sent to their number, in a browser of their own.
    const member = await browser.newContext({ viewport: testInfo.project.use.viewport ?? null });
    await asNewVisitor(member);
    const memberPage = await member.newPage();
    await signIn(memberPage, "admin", mobile);
    await expect(memberPage).toHaveURL(backOfficeUrl("/admin"));
    // Both copies of the navigation (the phone menu and the sidebar) hold the same links; hidden ones count too.
    const navigation = await memberPage.locator('nav[aria-label="Back office"] a').allTextContents();
    expect(navigation).toContain("Technicians");
    for (const ownerOnly of ["Staff", "Activity", "Settings"]) expect(navigation).not.toContain(ownerOnly);
    const denied = await visit(memberPage, backOfficeUrl("/admin/staff"), { status: 403 });
    expect(denied.status()).toBe(403);
    await expect(memberPage.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(memberPage.getByText('Staff needs the permission "Add, change and remove staff", which your role (Office) does not have.')).toBeVisible();
    expect((await memberPage.goto(backOfficeUrl("/admin/activity")))!.status()).toBe(403);

    // The owner reads both in the log: the addition (by the owner) and the member's sign-in.
    await visit(page, backOfficeUrl("/admin/activity"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Activity");
    const rows = page.getByRole("table", { name: "Activity, newest first" }).getByRole("row");
    const signedIn = rows.filter({ hasText: name }).filter({ hasText: "signed in to the back office" });
    await expect(signedIn).toHaveCount(1);
    const added = rows.filter({ hasText: `added ${name} to the staff as Office` });
    await expect(added).toHaveCount(1);
    await expect(added).toContainText("E2E Owner");
    await added.getByText("4 fields changed").click();
    await expect(added.getByText("Office", { exact: true })).toBeVisible();

    // Filtered to the member: their sign-in only, the filter kept in the address.
    await page.getByRole("combobox", { name: "Person" }).selectOption({ label: `${name} (Office)` });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/[?&]person=\d+/);
    await expect(page.getByText("1 match", { exact: true })).toBeVisible();
    await expect(rows.filter({ hasText: "signed in to the back office" })).toHaveCount(1);
    await expectNoAxeViolations(page);
    const csv = await page.request.get(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href").then((h) => backOfficeUrl(h!)));
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain(`${name} signed in to the back office`);

    // Removed: off the list, and their open session ends at once.
    await page.goto(backOfficeUrl("/admin/staff"));
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("article", { name }).getByRole("button", { name: /^Remove from staff/ }).click();
    await expect(page.getByRole("status").filter({ hasText: `${name} is no longer staff` })).toBeVisible();
    await expect(page.getByRole("article", { name })).toHaveCount(0);
    await memberPage.goto(backOfficeUrl("/admin/technicians"));
    await expect(memberPage).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Ftechnicians$/);
    await member.close();
    expect(owner.role).toBe("owner");
  });
});
