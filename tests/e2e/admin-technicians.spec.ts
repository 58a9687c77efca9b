import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { createSession, expect, test } from "./support/fixtures.ts";
import { expectNoAxeViolations, visit } from "./support/page-checks.ts";

/**
 * The office's technicians screen: the owner finds a technician in the list, opens their page, gives them
 * catalogue services and sees them on the page and in the list's service filter; the stage requirements
 * page shows the seeded rule. Every page: valid HTML, no axe violation, nothing wider than the screen.
 */

async function fitsTheScreen(page: import("@playwright/test").Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test("the owner edits a technician's services and sees them on the page and in the list", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.slow(); // several server-rendered pages with axe on each
  const mobile = newMobile();
  const name = `Ravi Teja ${mobile.slice(-4)}`;
  // An approved technician of this test's own (no browser: the fixture's hook writes the account and application).
  await createSession("technician", { mobile, name });
  await signedInAs("owner");

  await visit(page, backOfficeUrl(`/admin/technicians?q=${mobile}`));
  await fitsTheScreen(page);
  await expect(page.getByRole("heading", { level: 1, name: "Technicians" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Active technicians/ })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("table", { name: /Active technicians/ });
  const row = table.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("VFD / AC drive repair, PLC programming & troubleshooting");
  await expect(row).toContainText("Available now");
  await expect(row).toContainText("None set");
  await row.getByRole("link", { name }).click();

  await expect(page).toHaveURL(/\/admin\/technicians\/\d+$/);
  const address = page.url();
  await visit(page, address);
  await fitsTheScreen(page);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const form = page.getByRole("form", { name: "What the office manages" });
  const services = form.getByRole("group", { name: /Services they can do/ });
  await services.getByRole("checkbox", { name: "VFD Repair", exact: true }).check();
  await services.getByRole("checkbox", { name: "PLC Repair & Programming", exact: true }).check();
  await form.getByRole("radio", { name: /^On call/ }).check();
  await form.getByRole("button", { name: "Save changes" }).click();

  await expect(page.getByText(`${name}'s profile is saved.`)).toBeVisible();
  const profile = page.getByRole("region", { name: "Application and profile" });
  await expect(profile.getByText("VFD Repair, PLC Repair & Programming")).toBeVisible();
  await expect(profile.getByText("On call (available now)")).toBeVisible();
  await expect(page.getByRole("form", { name: "What the office manages" }).getByRole("checkbox", { name: "VFD Repair", exact: true })).toBeChecked();
  await expectNoAxeViolations(page);

  // A refused save keeps the page and says why beside the field.
  const again = page.getByRole("form", { name: "What the office manages" });
  await again.getByRole("textbox", { name: /Base city/ }).fill("");
  await again.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("textbox", { name: /Base city/ })).toHaveAccessibleDescription("Enter the city the technician works from.");
  await expect(page.getByRole("form", { name: "What the office manages" }).getByRole("checkbox", { name: "VFD Repair", exact: true })).toBeChecked();

  // The list's service filter now finds them.
  await visit(page, backOfficeUrl(`/admin/technicians?service=vfd-repair&q=${mobile}`));
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("VFD Repair, PLC Repair & Programming");
  await visit(page, backOfficeUrl(`/admin/technicians?service=hmi-repair&q=${mobile}`));
  await expect(page.getByText("No technician matches these filters.")).toBeVisible();
});

test("the stage requirements page shows what each field stage needs", { tag: "@flow" }, async ({ page, signedInAs }) => {
  await signedInAs("office");
  await visit(page, backOfficeUrl("/admin/technicians/stages"));
  await fitsTheScreen(page);
  await expect(page.getByRole("heading", { level: 1, name: "Stage requirements" })).toBeVisible();
  // The seeded rule: work done needs the customer's sign-off and a note or a photo.
  const workDone = page.getByRole("group", { name: "Work done" });
  await expect(workDone.getByRole("checkbox", { name: "Customer's sign-off" })).toBeChecked();
  await expect(workDone.getByRole("checkbox", { name: "A note or a photo" })).toBeChecked();
  await expect(workDone.getByRole("checkbox", { name: "A photo", exact: true })).not.toBeChecked();
  await expect(page.getByRole("group", { name: "On site" }).getByRole("checkbox", { name: "A photo", exact: true })).not.toBeChecked();
  // Saved unchanged (other tests rely on the seeded rule): nothing to save, and said so.
  await page.getByRole("button", { name: "Save requirements" }).click();
  await expect(page.getByText("Nothing to save: the requirements already read that way.")).toBeVisible();
});
