import fs from "node:fs/promises";
import { expect, test } from "./support/fixtures.ts";
import { visit } from "./support/page-checks.ts";

test.describe("customer My data", () => {
  test("a customer opens My data, downloads a copy, sends a correction and sees it listed", async ({ page, signedInAs }) => {
    // An account of its own: the correction request it sends is the one open correction this customer may have.
    const me = await signedInAs("customer", { fresh: true, name: "Lakshmi Prasad" });
    await page.goto("/customer/mobile");
    await page.getByRole("link", { name: "My data" }).click();
    await expect(page).toHaveURL(/\/customer\/my-data$/);
    await visit(page, "/customer/my-data");
    await expect(page.getByRole("heading", { level: 1, name: "My data" })).toBeVisible();
    const held = page.getByRole("region", { name: "What we hold" });
    await expect(held.getByText("Lakshmi Prasad")).toBeVisible();
    await expect(page.getByRole("link", { name: "privacy notice" }).first()).toHaveAttribute("href", "/privacy");

    // The copy, as a file: their own details.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download as JSON" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const copy = JSON.parse(await fs.readFile(await download.path(), "utf8")) as { customer: { name: string; mobile: string } };
    expect(copy.customer).toMatchObject({ name: "Lakshmi Prasad", mobile: me.mobile });

    // A correction: sent empty, the message is beside the field; then sent, it is listed with its status.
    const form = page.getByRole("form", { name: "Correction request" });
    await form.getByRole("button", { name: "Send correction request" }).click();
    await expect(form.getByText(/^Say which detail is wrong/)).toBeVisible();
    await form.getByRole("textbox", { name: "What is wrong" }).fill("Company name");
    await form.getByRole("textbox", { name: "What it should be" }).fill("Prasad Engineering Works");
    await form.getByRole("button", { name: "Send correction request" }).click();
    await expect(page.getByText("Your correction request is sent.", { exact: false })).toBeVisible();
    const list = page.getByRole("list", { name: "Your requests about your data" });
    const correction = list.getByRole("listitem").filter({ hasText: "What it should be: Prasad Engineering Works" });
    await expect(correction).toContainText("Open: the office is working on it");
    // The download is listed too, done at once; the correction form gives way while this one is open.
    await expect(list.getByRole("listitem").filter({ hasText: "Copy of your data" })).toContainText("Done");
    await expect(page.getByRole("form", { name: "Correction request" })).toHaveCount(0);
    await expect(page.getByText(/Your correction request sent .+ is open/)).toBeVisible();

    // The page as it now is (a record, the list, the note) passes the checks, and at 390 px nothing is wider
    // than the screen and the erasure form's button is within reach.
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/customer/my-data");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const erase = page.getByRole("button", { name: "Send erasure request" });
    await erase.scrollIntoViewIfNeeded();
    const box = (await erase.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(44);
  });
});
