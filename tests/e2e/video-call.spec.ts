import type { Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/lib/production-server.ts";
import { backOfficeUrl, newMobile, sentSms } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, expectNoAxeViolations, expectValidHtml, visit } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * Remote video diagnosis (issue 12 §7), in Chromium with fake camera and microphone (its test pattern and
 * beep; the permission prompt answered yes): the office books a call from a request, the customer opens the
 * SMS link in another browser and joins, the engineer starts the call, and each page plays the other's video;
 * the engineer's snapshot lands among the request's photos; End call; the log shows the duration and both
 * participants. The media flags are this file's own browser: other specs keep the shared launch arguments.
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required"],
  },
});

/** The remote video of a page plays: it has frames, and its clock moves. */
async function expectPlaying(page: Page, label: string) {
  const video = page.locator(`video[aria-label="${label}"]`);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { message: `${label} has frames`, timeout: 30_000 }).toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { message: `${label} advances`, timeout: 10_000 }).toBeGreaterThan(first);
}

test.describe("video call", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("the office books a call, the customer joins from the SMS link, both see each other, a snapshot is saved to the request, the log shows it @desktop", async ({ page, browser, signedInAs }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const contactName = `Caller ${stamp}`;
    const mobile = newMobile();
    const reference = await sendServiceRequest(page, { contactName, mobile, siteAddress: "Shed 4, IDA Bollaram", city: "Bollaram", fault: "ACS580 shows fault 2310 at start; display readable." });

    // The office books it from the request's page.
    await signedInAs("office");
    await visit(page, backOfficeUrl(`/admin/service-requests/${reference}`));
    await page.getByRole("link", { name: "Book a video call" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a video call");
    await visit(page, page.url());
    await expect(page.getByRole("textbox", { name: /Service request/ })).toHaveValue(reference);
    await page.getByRole("button", { name: "Book the call and send the SMS" }).click();
    await expect(flashOf(page)).toHaveText(/^Video call VC-\d{4}-\d{4} booked for .+\. The customer has been sent the link by SMS\.$/);
    const callReference = /VC-\d{4}-\d{4}/.exec((await flashOf(page).textContent()) ?? "")![0];
    const callPath = `/admin/video-calls/${callReference}`;
    await expect(page).toHaveURL(backOfficeUrl(callPath));
    await visit(page, backOfficeUrl(callPath));

    // The customer's SMS carries the link.
    let link = "";
    await expect
      .poll(
        async () => {
          const sms = (await sentSms()).find((m) => m.to === `+91${mobile}` && m.body.includes(`about request ${reference}`));
          link = /(https?:\/\/\S+\/d\/video\/\S+)$/.exec(sms?.body ?? "")?.[1] ?? "";
          return link;
        },
        { message: "the video call SMS", timeout: 15_000 },
      )
      .not.toBe("");
    const customerPath = new URL(link).pathname;

    // The customer, on a phone-sized browser of their own, without signing in.
    const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await asNewVisitor(customerContext);
      const customer = await customerContext.newPage();
      await visit(customer, customerPath);
      await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Video call with our engineer");
      await expect(customer.getByRole("main")).toContainText(reference);
      expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await customer.getByRole("button", { name: "Join the call" }).click();
      await expect(customer.getByText("You are in. The engineer will join you in a moment…")).toBeVisible();

      // The engineer starts the call: both pages play the other's video.
      await page.getByRole("button", { name: "Start the call" }).click();
      await expect(page.locator("[data-call-state]")).toHaveAttribute("data-call-state", "connected", { timeout: 30_000 });
      await expect(customer.locator("[data-call-state]")).toHaveAttribute("data-call-state", "connected", { timeout: 30_000 });
      await expectPlaying(page, "Customer's video");
      await expectPlaying(customer, "Engineer's video");
      await expectNoAxeViolations(page);
      await expectNoAxeViolations(customer);
      expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The customer turns to the back camera: the engineer's picture keeps playing.
      await customer.getByRole("button", { name: "Switch to the back camera" }).click();
      await expect(customer.getByRole("button", { name: "Switch to the front camera" })).toBeVisible();
      await expectPlaying(page, "Customer's video");

      // A snapshot of the customer's video, saved to the request.
      await page.getByRole("button", { name: "Take a snapshot" }).click();
      // Stored as every request photo is (re-encoded, one image at a time): allow for a busy machine.
      await expect(page.getByText("Snapshot saved to the request.")).toBeVisible({ timeout: 20_000 });
      const snapshots = page.getByRole("list", { name: "Snapshots from this call" });
      await expect(snapshots.getByRole("img")).toHaveCount(1);
      await expect(snapshots.getByRole("img").first()).toHaveAttribute("alt", new RegExp(`^Snapshot from video call ${callReference}, `));
      // The page shows who is in the call (the live presence event reloaded its log).
      await expect(page.getByRole("region", { name: "Call log" })).toContainText(`Customer: ${contactName}`);

      // The customer's page reloads (a dropped tab, a refresh): they join again and the call picks up.
      await customer.reload();
      await customer.getByRole("button", { name: "Join the call" }).click();
      await expect(page.locator("[data-call-state]")).toHaveAttribute("data-call-state", "connected", { timeout: 30_000 });
      await expect(customer.locator("[data-call-state]")).toHaveAttribute("data-call-state", "connected", { timeout: 30_000 });
      await expectPlaying(customer, "Engineer's video");
      await expectPlaying(page, "Customer's video");

      // End: both sides stop; the customer's page says so.
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "End the call" }).click();
      await expect(flashOf(page)).toHaveText(/^Call ended after .+\.$/);
      await expect(customer.locator("[data-call-state]")).toHaveAttribute("data-call-state", "ended", { timeout: 15_000 });
      await visit(customer, customerPath);
      await expect(customer.getByText(/This call has ended/)).toBeVisible();
    } finally {
      await customerContext.close();
    }

    // The log: past calls with the duration and both participants; the snapshot among the request's photos.
    await visit(page, backOfficeUrl(`/admin/video-calls?show=past&q=${callReference}`));
    const row = page.getByRole("row").filter({ hasText: callReference });
    await expect(row).toContainText("Ended");
    await expect(row).toContainText(/\d+ (s|min)/);
    await expect(row).toContainText(`Customer: ${contactName}`);
    await expect(row).toContainText("Engineer:");
    await visit(page, backOfficeUrl(`/admin/service-requests/${reference}`));
    await expect(page.getByRole("img", { name: new RegExp(`Snapshot from video call ${callReference}`) })).toBeVisible();
  });

  test("the screens at 390 px, and the customer's page without JavaScript @phone", async ({ page, browser, signedInAs }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    const mobile = newMobile();
    const reference = await sendServiceRequest(page, { contactName: `Phone ${stamp}`, mobile, siteAddress: "Unit 2, Cherlapally", city: "Hyderabad", fault: "Servo drive alarm AL.16 on power-up." });
    await signedInAs("office");
    await visit(page, backOfficeUrl(`/admin/video-calls/new?request=${reference}`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A request that does not exist is explained beside the field, with what was typed kept.
    await page.getByRole("textbox", { name: /Service request/ }).fill("SR-2601-9999");
    await page.getByRole("button", { name: "Book the call and send the SMS" }).click();
    await expect(page.getByText("No service request has the reference SR-2601-9999.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /Service request/ })).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("textbox", { name: /Service request/ }).fill(reference);
    await page.getByRole("button", { name: "Book the call and send the SMS" }).click();
    await expect(flashOf(page)).toHaveText(/^Video call VC-\d{4}-\d{4} booked for/);
    const callPath = new URL(page.url()).pathname;
    await visit(page, backOfficeUrl(callPath));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visit(page, backOfficeUrl("/admin/video-calls"));
    await expect(page.getByRole("row").filter({ hasText: reference })).toContainText("Scheduled");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    let link = "";
    await expect
      .poll(
        async () => {
          link = /(https?:\/\/\S+\/d\/video\/\S+)$/.exec((await sentSms()).find((m) => m.to === `+91${mobile}` && m.body.includes(`about request ${reference}`))?.body ?? "")?.[1] ?? "";
          return link;
        },
        { message: "the video call SMS", timeout: 15_000 },
      )
      .not.toBe("");
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const customer = await noScript.newPage();
      // axe runs its script in the page, which this context does not allow: the page's HTML is checked, and axe
      // checked the same page with JavaScript in the desktop test.
      const response = await customer.goto(new URL(link).pathname);
      expect(response?.status()).toBe(200);
      await expectValidHtml(await response!.text(), "the customer's call page without JavaScript");
      await expect(customer.getByRole("main")).toContainText(reference);
      await expect(customer.getByText(/The video call needs a browser with JavaScript turned on and a camera/)).toBeVisible();
      await expect(customer.getByRole("button", { name: "Join the call" })).toHaveCount(0);
      expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await noScript.close();
    }
  });
});
