import { expect, test } from "@playwright/test";
import { asNewVisitor, visit } from "./support/page-checks.ts";

test.describe("discussion forum", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("/discussions (the search index's address) leads to /discussion", { tag: "@desktop" }, async ({ request }) => {
    const r = await request.get("/discussions", { maxRedirects: 0 });
    expect(r.status()).toBe(301);
    expect(r.headers()["location"]).toBe("/discussion");
    expect((await request.get("/discussion/no-such-question")).status()).toBe(404);
  });

  test("asking a question: checked messages, then received for moderation", async ({ page }) => {
    await visit(page, "/discussion");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discussion forum");
    const form = page.getByRole("form", { name: "Ask a question" });
    await form.getByRole("textbox", { name: "Question" }).fill("Short");
    await form.getByRole("button", { name: "Post question" }).click();
    await expect(form.getByText("Please write at least 10 characters, so that others can help.")).toBeVisible();
    await expect(form.getByText("Choose a category.")).toBeVisible();
    await form.getByRole("textbox", { name: "Question" }).fill("ACS580 trips with 2310 overcurrent after a motor change");
    await form.getByRole("combobox", { name: "Category" }).selectOption("AC drives (VFDs)");
    await form
      .getByRole("textbox", { name: "Details" })
      .fill("We replaced the 37 kW motor with a new IE3 one. Now the drive trips on 2310 about 3 s after start. ID run done?");
    await form.getByRole("textbox", { name: "Your name" }).fill("Praveen");
    await form.getByRole("textbox", { name: "Mobile number" }).fill(`7${String(Date.now() % 1e9).padStart(9, "0")}`);
    await form.getByRole("checkbox", { name: /privacy notice/ }).check();
    await form.getByRole("button", { name: "Post question" }).click();
    await expect(page).toHaveURL(/\/discussion\?posted=question#ask$/);
    await expect(page.getByRole("status").filter({ hasText: "your question has been received" })).toBeVisible();
    // Not published until the office has checked it.
    await expect(page.getByRole("link", { name: "ACS580 trips with 2310 overcurrent after a motor change" })).toHaveCount(0);
  });

  test("category filter", async ({ page }) => {
    await visit(page, "/discussion?category=PLC%20and%20HMI");
    await expect(page.getByRole("heading", { level: 2, name: "PLC and HMI" })).toBeVisible();
    await expect(page.getByRole("link", { name: "PLC and HMI" })).toHaveAttribute("aria-current", "page");
  });
});
