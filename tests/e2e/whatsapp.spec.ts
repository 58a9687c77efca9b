import { startFakeWhatsApp } from "../support/fake-whatsapp.ts";
import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { visit } from "./support/page-checks.ts";
import { flashOf } from "./support/requests.ts";

/**
 * WhatsApp and marketing (issue 12 §4). "A WhatsApp reply arrives in the thread": the test starts a local
 * fake of Meta's Cloud API, the owner points the integrations settings at it, a signed inbound webhook is
 * posted to the server, and the office sees the message in the conversation (a second one arrives live,
 * without a reload) and replies inside the 24-hour window: the reply reaches the fake API. Then one pass over
 * /admin/marketing (axe, valid HTML, 390 px on the phone project): the audience counted, a draft saved,
 * then cancelled.
 */

const noOverflow = async (page: import("@playwright/test").Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test("a WhatsApp reply arrives in the thread, and the office answers inside the window @desktop", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const wa = await startFakeWhatsApp();
  try {
    // The owner points WhatsApp at the fake API (write-only secrets).
    await signedInAs("owner");
    await visit(page, backOfficeUrl("/admin/settings?group=integrations"));
    const box = page.getByRole("group", { name: "WhatsApp Business (Cloud API)" });
    await box.getByRole("textbox", { name: /^API address/ }).fill(wa.url);
    await box.getByRole("textbox", { name: /^Phone number id/ }).fill(wa.phoneNumberId);
    await box.getByRole("textbox", { name: /^Access token/ }).fill(wa.token);
    await box.getByRole("textbox", { name: /^App secret/ }).fill(wa.appSecret);
    await box.getByRole("textbox", { name: /^Webhook verify token/ }).fill(wa.verifyToken);
    await page.getByRole("button", { name: /^Save/ }).click();
    await expect(flashOf(page)).toContainText("saved");

    // Meta's handshake, then a customer's message, signed as Meta signs it.
    const webhook = backOfficeUrl("/api/whatsapp/webhook");
    const handshake = await fetch(`${webhook}?hub.mode=subscribe&hub.verify_token=${wa.verifyToken}&hub.challenge=424242`);
    expect(await handshake.text()).toBe("424242");
    const mobile = newMobile();
    const from = `91${mobile}`;
    const stamp = Date.now().toString(36);
    const first = await wa.deliver(wa.inbound({ from, name: `Ravi ${stamp}`, text: `The VFD on line 3 shows F0001 (${stamp})` }), webhook);
    expect(first.status).toBe(200);
    // A forged one is refused.
    expect((await wa.deliver(wa.inbound({ from, text: "forged" }, "wrong-secret"), webhook)).status).toBe(401);

    // The office sees it in the conversations, and opens the thread.
    await signedInAs("office");
    await visit(page, backOfficeUrl("/admin/whatsapp"));
    await expect(page.getByRole("main")).toContainText(`The VFD on line 3 shows F0001 (${stamp})`);
    await page.getByRole("link", { name: new RegExp(mobile.slice(-4)) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/whatsapp/${from}$`));
    await expect(page.getByRole("main")).toContainText(`The VFD on line 3 shows F0001 (${stamp})`);
    await expect(page.getByText(/Window open: \d+ h \d+ min left/)).toBeVisible();
    await noOverflow(page);

    // A second message arrives live, without a reload.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await wa.deliver(wa.inbound({ from, text: `It trips at start only (${stamp})` }), webhook);
    await expect(page.getByText(`It trips at start only (${stamp})`)).toBeVisible({ timeout: 15_000 });

    // The reply, inside the window, reaches the API.
    await page.getByRole("textbox", { name: /^Message/ }).fill(`Our engineer will call you in 10 minutes (${stamp})`);
    await page.getByRole("button", { name: "Send on WhatsApp" }).click();
    // On the thread at once (the flash may be gone already: the reply's own live event reloads the page's data).
    await expect(page.getByRole("listitem").filter({ hasText: `Our engineer will call you in 10 minutes (${stamp})` })).toBeVisible();
    await expect
      .poll(() => wa.sent().find((c) => c.body.to === from && (c.body.text as { body?: string } | undefined)?.body === `Our engineer will call you in 10 minutes (${stamp})`)?.wamid ?? "", {
        message: "the reply at the fake API",
        timeout: 15_000,
      })
      .toMatch(/^wamid\./);
    await visit(page, backOfficeUrl(`/admin/whatsapp/${from}`));
    const reply = page.getByRole("listitem").filter({ hasText: `Our engineer will call you in 10 minutes (${stamp})` });
    await expect(async () => {
      await page.reload();
      await expect(reply).toContainText("· Sent", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  } finally {
    await wa.close();
  }
});

test("WhatsApp templates and marketing: a template registered; a segment's consenting audience counted, a draft saved and cancelled", async ({ page, signedInAs }) => {
  page.on("dialog", (dialog) => void dialog.accept());
  await signedInAs("office");
  const stamp = Date.now().toString(36);
  // The template registry (and the whole WhatsApp screen) at this width.
  await visit(page, backOfficeUrl("/admin/whatsapp"));
  await noOverflow(page);
  const add = page.getByRole("form", { name: "Add a template" });
  await add.getByRole("textbox", { name: /^Name/ }).fill(`offer_${stamp}`);
  await add.getByRole("textbox", { name: /^Approved text/ }).fill("Hello, a drive health check at half price. Reply STOP to opt out or open {{1}}");
  await add.getByRole("combobox", { name: "Category" }).selectOption("marketing");
  await add.getByRole("button", { name: "Add the template" }).click();
  await expect(flashOf(page)).toHaveText(`Template “offer_${stamp}” is in the registry.`);
  await expect(page.getByText(`offer_${stamp} (en, marketing)`)).toBeVisible();

  await visit(page, backOfficeUrl("/admin/marketing"));
  await noOverflow(page);
  const form = page.getByRole("form", { name: "New campaign" });
  await form.getByRole("textbox", { name: /^Name/ }).fill(`Drive camp ${stamp}`);
  await form.getByRole("radio", { name: /^SMS/ }).check();
  await form.getByRole("textbox", { name: /^Text/ }).fill("Free VFD health check this week, book now");
  await form.getByRole("textbox", { name: /^City/ }).fill(`Nowhere ${stamp}`);
  await form.getByRole("button", { name: "Count the audience" }).click();
  await expect(page.getByRole("status").filter({ hasText: "would receive this now" })).toHaveText("0 customers with marketing consent would receive this now.");
  // Too long for the SMS template: refused beside the field.
  await form.getByRole("textbox", { name: /^Text/ }).fill("x".repeat(61));
  await form.getByRole("button", { name: "Save as a draft" }).click();
  await expect(form.getByText("An SMS offer holds at most 60 characters (two DLT variables).")).toBeVisible();
  await form.getByRole("textbox", { name: /^Text/ }).fill("Free VFD health check this week, book now");
  await form.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/MC-\d{4}-\d{4}$/);
  await expect(flashOf(page)).toContainText("is saved as a draft");
  await visit(page, page.url());
  await noOverflow(page);
  await expect(page.getByRole("main")).toContainText("0 customers with marketing consent would receive it now.");
  await page.getByRole("button", { name: "Cancel the campaign" }).click();
  await expect(flashOf(page)).toContainText("is cancelled");
  await expect(page.getByRole("main")).toContainText("Cancelled");
});
