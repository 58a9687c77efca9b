import { backOfficeUrl, newMobile, sentSms } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, visit } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * Feedback (issue 11 §6, e2e step 7): the office completes a job; the customer gets the SMS with the rating
 * link, rates the job (4 of 5, a comment, consent to show it) through it; a second visit shows what they
 * gave; the office publishes it from /admin/feedback and /reviews shows it. A review written on /reviews is
 * published from the moderation screen. Every page passes axe and HTML validation; the phone project runs
 * the main flow at 390 px.
 */
test.describe("feedback", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("the customer rates a completed job from the SMS link, the office publishes it, /reviews shows it", async ({ page, browser, signedInAs }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const contactName = `Rater ${stamp}`;
    const mobile = newMobile();
    const reference = await sendServiceRequest(page, { contactName, mobile, siteAddress: "Plot 7, IDA Patancheru", city: "Patancheru", fault: "DC drive trips on field loss at start." });

    // The office completes the job.
    await signedInAs("office");
    await visit(page, backOfficeUrl(`/admin/service-requests/${reference}`));
    const status = page.getByRole("region", { name: "Change the status" });
    await status.getByRole("combobox", { name: /New status/ }).selectOption({ label: "Completed" });
    await status.getByRole("button", { name: "Change status" }).click();
    await expect(flashOf(page)).toHaveText("Status changed to Completed. The customer has been told by SMS.");

    // The customer's SMS carries the rating link.
    let link = "";
    await expect
      .poll(
        async () => {
          const sms = (await sentSms()).find((m) => m.to === `+91${mobile}` && m.body.includes(`job ${reference} is complete`));
          link = /(https?:\/\/\S+\/d\/feedback\/\S+)$/.exec(sms?.body ?? "")?.[1] ?? "";
          return link;
        },
        { message: "the feedback SMS", timeout: 15_000 },
      )
      .not.toBe("");
    const path = new URL(link).pathname;

    // The customer rates the job: a fresh browser, no session.
    const customer = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    try {
      await asNewVisitor(customer);
      const rater = await customer.newPage();
      await visit(rater, path);
      await expect(rater.getByRole("heading", { level: 1 })).toHaveText("How did we do?");
      await expect(rater.getByRole("main")).toContainText(reference);
      expect(await rater.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(rater.viewportSize()!.width);
      await rater.getByRole("radio", { name: "4: Good" }).check();
      await rater.getByRole("textbox", { name: /Your comment/ }).fill(`Field supply card replaced; drive back in service the same day. ${stamp}`);
      await rater.getByRole("checkbox", { name: new RegExp(`^You may show my rating and comment on your website as “${contactName}, Patancheru”`) }).check();
      await rater.getByRole("button", { name: "Send my rating" }).click();
      await expect(rater.getByRole("heading", { level: 1 })).toHaveText("Thank you for your rating");
      await expect(rater.getByRole("heading", { name: "Your rating: 4 of 5 (Good)" })).toBeVisible();
      // One rating per job: the link again shows what was given, without the form.
      await visit(rater, path);
      await expect(rater.getByRole("heading", { level: 1 })).toHaveText("You have rated this job");
      await expect(rater.getByRole("radio")).toHaveCount(0);
      // A changed link gets a clear page, not the form.
      await visit(rater, `${path.slice(0, -1)}${path.endsWith("A") ? "B" : "A"}`, { status: 403 });
      await expect(rater.getByRole("heading", { level: 1 })).toHaveText("This rating link does not work");
    } finally {
      await customer.close();
    }

    // The office finds it awaiting publication and publishes it.
    await visit(page, backOfficeUrl("/admin/feedback?show=awaiting"));
    await expect(page.getByRole("heading", { name: "Figures on the site" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.getByRole("link", { name: reference, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Rating of ${reference}`);
    await visit(page, page.url());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.getByRole("button", { name: "Publish on the reviews page" }).click();
    await expect(flashOf(page)).toHaveText("Published: it shows on the reviews page.");
    await expect(page.getByRole("heading", { name: "Published on the reviews page" })).toBeVisible();

    // The public page shows it (a visitor without cookies gets the page cache: publishing made it stale).
    const visitor = await browser.newContext();
    try {
      await asNewVisitor(visitor);
      const reader = await visitor.newPage();
      await visit(reader, "/reviews");
      const review = reader.getByRole("article").filter({ hasText: stamp });
      await expect(review).toContainText(`${contactName}, Patancheru`);
      await expect(review).toContainText("Rated after a completed job");
      await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    } finally {
      await visitor.close();
    }
  });

  test("a review written on /reviews is published from the moderation screen @desktop", async ({ page, browser, signedInAs }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    await visit(page, "/reviews");
    const form = page.getByRole("form", { name: "Write a review" });
    await form.getByRole("combobox", { name: /^Rating/ }).selectOption("5");
    await form.getByRole("textbox", { name: /^Your review/ }).fill(`Rewound our 90 kW motor and had it back in four days. ${stamp}`);
    await form.getByRole("textbox", { name: /^Your name/ }).fill(`Writer ${stamp}`);
    await form.getByRole("textbox", { name: /^City/ }).fill("Medak");
    await form.getByRole("textbox", { name: /^Mobile number/ }).fill(newMobile());
    await form.getByRole("checkbox", { name: /privacy notice/ }).check();
    await form.getByRole("button", { name: "Send review" }).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=RV-/);

    await signedInAs("office");
    await visit(page, backOfficeUrl("/admin/feedback/reviews"));
    const card = page.getByRole("article").filter({ hasText: stamp });
    await expect(card).toContainText(`from Writer ${stamp}`);
    await card.getByRole("button", { name: "Publish on the reviews page" }).click();
    await expect(flashOf(page)).toHaveText(/^Review RV-\d{4}-\d{4} published: it shows on the reviews page\.$/);
    await visit(page, backOfficeUrl("/admin/feedback/forum"));

    const visitor = await browser.newContext();
    try {
      await asNewVisitor(visitor);
      const reader = await visitor.newPage();
      await visit(reader, "/reviews");
      await expect(reader.getByRole("article").filter({ hasText: stamp })).toContainText(`Writer ${stamp}, Medak`);
    } finally {
      await visitor.close();
    }
  });
});
