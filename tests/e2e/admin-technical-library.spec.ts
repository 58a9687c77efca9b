import { backOfficeUrl } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { visit } from "./support/page-checks.ts";
import { flashOf } from "./support/requests.ts";

/**
 * The technical library (issue 19 §3): the office adds a fault-code table as CSV (a line without its name
 * first: the message names the line, what was typed stays), finds it on /technical-data, then keeps it for
 * staff and technicians and it is gone from there. The list, the add page and the table pass axe and the
 * HTML check, and fit a 390 px phone (@flow).
 */
test("the office adds a fault-code table, sees it on /technical-data, and keeps it for staff", { tag: "@flow" }, async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  const brand = `Vexa${Date.now().toString(36).replace(/\d/g, (d) => String.fromCharCode(103 + Number(d)))}`;
  await signedInAs("office");

  await visit(page, backOfficeUrl("/admin/technical-library/new"));
  await page.getByRole("textbox", { name: /^Brand/ }).fill(brand);
  await page.getByRole("textbox", { name: /^Series/ }).fill("VX-9");
  const codes = page.getByRole("textbox", { name: /^Codes/ });
  await codes.fill("code,name,causes,remedy\nE101,Overcurrent,Motor cable short,Megger the motor cable\nE102,,,");
  await page.getByRole("button", { name: "Add the table" }).click();
  await expect(codes).toHaveAccessibleDescription(/Line 3 needs a code and its name/);
  await expect(codes).toHaveValue(/E101,Overcurrent/);
  await codes.fill("code,name,causes,remedy\nE101,Overcurrent,Motor cable short,Megger the motor cable\nE102,DC bus overvoltage,Deceleration too fast,Lengthen the ramp");
  await page.getByRole("button", { name: "Add the table" }).click();
  await expect(flashOf(page)).toHaveText(`${brand} VX-9 added.`);
  const tablePath = new URL(page.url()).pathname;

  await visit(page, backOfficeUrl(`/admin/technical-library?q=${brand}`));
  await expect(page.getByRole("link", { name: `${brand} VX-9` })).toHaveAttribute("href", tablePath);
  await visit(page, `/technical-data?brand=${brand}`);
  await expect(page.getByText("DC bus overvoltage")).toBeVisible();

  await visit(page, backOfficeUrl(tablePath));
  await page.getByRole("button", { name: "Keep it for staff and technicians" }).click();
  await expect(flashOf(page)).toHaveText(/^Off \/technical-data/);
  // The page lists every public table (a brand it does not know is not a filter): this one is not among them.
  // Loaded again, not from the browser's copy (a public page may be kept for a minute).
  await page.goto(`/technical-data?brand=${brand}`);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(brand)).toHaveCount(0);
});
