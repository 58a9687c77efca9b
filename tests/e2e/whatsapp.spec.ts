import { startFakeWhatsApp } from "../support/fake-whatsapp.ts";
import { backOfficeUrl, newMobile, sentSms } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, visit } from "./support/page-checks.ts";
import { flashOf } from "./support/requests.ts";

/**
 * WhatsApp and marketing (issue 12 §4). "A WhatsApp reply arrives in the thread": the test starts a local
 * fake of Meta's Cloud API, the owner points the integrations settings at it, a signed inbound webhook is
 * posted to the server, and the office sees the message in the conversation (a second one arrives live,
 * without a reload) and replies inside the 24-hour window: the reply reaches the fake API. Then marketing, at
 * both widths (axe, valid HTML, 390 px): a WhatsApp template registered; a customer's consent recorded on
 * their page; an SMS campaign to their town counted (1), started, and its SMS carries STOP and their signed
 * opt-out link; the link stops offers in one click, and the campaign's results count the opt-out.
 */

const noOverflow = async (page: import("@playwright/test").Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

test("a WhatsApp reply arrives in the thread, and the office answers inside the window @desktop", async ({ page, signedInAs }) => {
  test.setTimeout(120_000);
  const wa = await startFakeWhatsApp();
  try {
    // The owner points WhatsApp at the fake API (write-only secrets).
    await signedInAs("owner");
    // Another test may save the integrations meanwhile (the stale page is refused): load and save again.
    await expect(async () => {
      await visit(page, backOfficeUrl("/admin/settings?group=integrations"));
      const box = page.getByRole("group", { name: "WhatsApp Business (Cloud API)" });
      await box.getByRole("textbox", { name: /^API address/ }).fill(wa.url);
      await box.getByRole("textbox", { name: /^Phone number id/ }).fill(wa.phoneNumberId);
      await box.getByRole("textbox", { name: /^Access token/ }).fill(wa.token);
      await box.getByRole("textbox", { name: /^App secret/ }).fill(wa.appSecret);
      await box.getByRole("textbox", { name: /^Webhook verify token/ }).fill(wa.verifyToken);
      await page.getByRole("button", { name: /^Save/ }).click();
      await expect(flashOf(page)).toContainText("saved", { timeout: 5000 });
    }).toPass({ timeout: 30_000 });

    // Meta's handshake, then a customer's message, signed as Meta signs it.
    const webhook = backOfficeUrl("/api/whatsapp/webhook");
    const handshake = await fetch(`${webhook}?hub.mode=subscribe&hub.verify_token=${wa.verifyToken}&hub.challenge=424242`);
    expect(await handshake.text()).toBe("424242");
    const mobile = newMobile();
    const from = `91${mobile}`;
    const stamp = Date.now().toString(36);
    // The sender is a customer of record: the message joins their thread.
    await signedInAs("office");
    await visit(page, backOfficeUrl("/admin/customers/new"));
    await page.getByRole("textbox", { name: /^Mobile number/ }).fill(mobile);
    await page.getByRole("textbox", { name: /^Name/ }).fill(`Ravi ${stamp}`);
    await page.getByRole("button", { name: "Add the customer" }).click();
    await expect(page).toHaveURL(/\/admin\/customers\/CU-\d{4}-\d{4,}$/);
    const customerReference = new URL(page.url()).pathname.split("/").pop()!;
    const first = await wa.deliver(wa.inbound({ from, name: `Ravi ${stamp}`, text: `The VFD on line 3 shows F0001 (${stamp})` }), webhook);
    expect(first.status).toBe(200);
    // A forged one is refused.
    expect((await wa.deliver(wa.inbound({ from, text: "forged" }, "wrong-secret"), webhook)).status).toBe(401);

    // The office sees it in the customer's thread (every channel), and in the WhatsApp conversations.
    await visit(page, backOfficeUrl(`/admin/communications/${customerReference}`));
    await expect(page.getByRole("main")).toContainText(`The VFD on line 3 shows F0001 (${stamp})`);
    await visit(page, backOfficeUrl("/admin/whatsapp"));
    await expect(page.getByRole("main")).toContainText(`The VFD on line 3 shows F0001 (${stamp})`);
    await page.getByRole("link", { name: `Ravi ${stamp}` }).click();
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

test("WhatsApp templates and marketing: a template registered; consent recorded; a campaign reaches only that customer, whose opt-out link stops it at once", async ({ page, browser, signedInAs }) => {
  test.setTimeout(120_000);
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

  // A customer in a town of their own, who agrees to offers (recorded by the office on their word).
  const city = `Town ${stamp}`;
  const mobile = newMobile();
  await visit(page, backOfficeUrl("/admin/customers/new"));
  await page.getByRole("textbox", { name: /^Mobile number/ }).fill(mobile);
  await page.getByRole("textbox", { name: /^Name/ }).fill(`Offer Customer ${stamp}`);
  await page.getByRole("textbox", { name: /^Site name/ }).fill("Main plant");
  await page.getByRole("textbox", { name: /^City/ }).fill(city);
  await page.getByRole("button", { name: "Add the customer" }).click();
  await expect(page).toHaveURL(/\/admin\/customers\/CU-/);
  const consent = page.getByRole("region", { name: "Marketing consent" });
  await expect(consent).toContainText("Not given: no campaign reaches them.");
  await consent.getByRole("button", { name: "Record consent given by the customer" }).click();
  await expect(flashOf(page)).toHaveText("Marketing consent recorded: campaigns may now reach this customer.");
  await expect(consent).toContainText("by the office, on the customer's word");

  // The campaign: refused beside the field when too long for the SMS template; the audience counted; started.
  await visit(page, backOfficeUrl("/admin/marketing"));
  await noOverflow(page);
  const form = page.getByRole("form", { name: "New campaign" });
  await form.getByRole("textbox", { name: /^Name/ }).fill(`Drive camp ${stamp}`);
  await form.getByRole("radio", { name: /^SMS/ }).check();
  await form.getByRole("textbox", { name: /^Text/ }).fill("x".repeat(61));
  await form.getByRole("textbox", { name: /^City/ }).fill(city);
  await form.getByRole("button", { name: "Save as a draft" }).click();
  await expect(form.getByText("An SMS offer holds at most 60 characters (two DLT variables).")).toBeVisible();
  await form.getByRole("textbox", { name: /^Text/ }).fill("Free VFD health check this week, book now");
  await form.getByRole("button", { name: "Count the audience" }).click();
  await expect(page.getByRole("status").filter({ hasText: "would receive this now" })).toHaveText("1 customer with marketing consent would receive this now.");
  await form.getByRole("button", { name: "Save as a draft" }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/MC-\d{4}-\d{4}$/);
  const campaignUrl = page.url();
  await visit(page, campaignUrl);
  await noOverflow(page);
  // Starting is asked again on the page (no browser confirm() box): the link, then the confirmation's button.
  await page.getByRole("link", { name: "Start sending" }).click();
  await expect(page.getByRole("heading", { name: "Start sending this campaign now?" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, start sending" }).click();
  await expect(flashOf(page)).toContainText("is sending to 1 customer(s), 60 a minute.");

  // The SMS carries STOP and the customer's own opt-out link.
  let link = "";
  await expect
    .poll(
      async () => {
        const sms = (await sentSms()).find((m) => m.to === `+91${mobile}` && m.body.includes("Reply STOP to opt out"));
        link = /(https?:\/\/\S+\/d\/optout\/\S+)$/.exec(sms?.body ?? "")?.[1] ?? "";
        return link;
      },
      { message: "the campaign's SMS", timeout: 15_000 },
    )
    .not.toBe("");

  // The customer opens it (no session) and stops offers in one click.
  const customer = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    await asNewVisitor(customer);
    const them = await customer.newPage();
    await visit(them, new URL(link).pathname);
    await noOverflow(them);
    await them.getByRole("button", { name: "Stop marketing messages" }).click();
    await expect(them.getByRole("heading", { level: 1 })).toHaveText("You will get no more offers from us");
  } finally {
    await customer.close();
  }

  // The campaign's results count it, and the customer page says so.
  await visit(page, campaignUrl);
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByRole("definition").nth(2)).toHaveText("1");
  await expect(results).toContainText("Opted out");
  await expect(results.getByRole("definition").nth(4)).toHaveText("1");
});
