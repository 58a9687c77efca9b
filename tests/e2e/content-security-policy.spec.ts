import type { BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/lib/production-server.ts";
import { backOfficeUrl, newMobile, sentSms } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, openHydrated } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * Issue 20 §4 (ADR 061): one page of each kind, in Chromium under the site's Content-Security-Policy, reports no
 * violation (neither a `securitypolicyviolation` event nor Chromium's console message), and what depends on
 * scripts still works: the theme script and hydration (inline scripts allowed by hash), the request form sent
 * with JavaScript, the technician portal's service worker, and the video call's camera (Chromium's fake device,
 * as in video-call.spec.ts).
 */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required"],
  },
});

/** Collects into `violations` each CSP violation of the context's pages: the DOM event, and Chromium's console message. */
async function watchViolations(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding("__reportCspViolation", ({ page }, text: string) => void violations.push(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sample})`);
    });
  });
  context.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`${message.page()?.url()}: console: ${message.text()}`);
  });
}

test("every kind of page runs under the Content-Security-Policy without a violation; the service worker and the video call still start @desktop", async ({ page, browser, context, signedInAs }) => {
  test.setTimeout(180_000);
  await asNewVisitor(context);
  const violations: string[] = [];
  await watchViolations(context, violations);
  /** The page has hydrated, and the inline theme script (allowed by its hash) has run. */
  const scriptsRan = async () => {
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.locator("html")).toHaveAttribute("data-theme", /^(system|light|dark)$/);
  };

  // The public site: the home page (from the page cache, the second time), a service page.
  for (let i = 0; i < 2; i++) {
    await openHydrated(page, "/");
    await scriptsRan();
  }
  await openHydrated(page, "/services");
  const service = await page.locator('main a[href^="/services/"]').first().getAttribute("href");
  await openHydrated(page, service!);
  await scriptsRan();

  // The request form, sent with JavaScript (a fetch and a client-side navigation to the thank-you page).
  const mobile = newMobile();
  const reference = await sendServiceRequest(page, { contactName: `CSP ${Date.now().toString(36)}`, mobile, siteAddress: "Plot 9, Uppal", city: "Hyderabad", fault: "VFD trips on overcurrent at start." });

  // The customer portal.
  await signedInAs("customer", { fresh: true });
  await openHydrated(page, "/customer/mobile");
  await scriptsRan();

  // The technician portal registers its service worker (scope /technician/) and it takes over.
  await signedInAs("technician", { fresh: true });
  await openHydrated(page, "/technician/dashboard");
  await scriptsRan();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/technician/"))?.active?.scriptURL)).toMatch(/\/sw-technician\.js$/);

  // The back office: a list, a record, and a video call booked from it, started with the (fake) camera.
  await signedInAs("office");
  await openHydrated(page, backOfficeUrl("/admin/service-requests"));
  await scriptsRan();
  await openHydrated(page, backOfficeUrl(`/admin/service-requests/${reference}`));
  await openHydrated(page, backOfficeUrl(`/admin/video-calls/new?request=${reference}`));
  await page.getByRole("button", { name: "Book the call and send the SMS" }).click();
  await expect(flashOf(page)).toHaveText(/^Video call VC-\d{4}-\d{4} booked/);
  await page.getByRole("button", { name: "Start the call" }).click();
  // "waiting": the camera and microphone are open and the first signal has been posted.
  await expect(page.locator("[data-call-state]")).toHaveAttribute("data-call-state", "waiting", { timeout: 30_000 });
  const camera = page.locator('video[aria-label="Your camera"]');
  await expect.poll(() => camera.evaluate((v: HTMLVideoElement) => v.videoWidth), { message: "the camera's picture plays", timeout: 15_000 }).toBeGreaterThan(0);

  // The customer's video page (a public, signed link): joining opens the camera too.
  const videoLink = async () =>
    (await sentSms()).filter((m) => m.to === `+91${mobile}`).map((m) => /(https?:\/\/\S+\/d\/video\/\S+)$/.exec(m.body)?.[1]).find(Boolean) ?? "";
  await expect.poll(videoLink, { message: "the video call SMS", timeout: 15_000 }).not.toBe("");
  const link = await videoLink();
  const customerContext = await browser.newContext();
  try {
    await asNewVisitor(customerContext);
    await watchViolations(customerContext, violations);
    const customer = await customerContext.newPage();
    await openHydrated(customer, new URL(link).pathname);
    await customer.getByRole("button", { name: "Join the call" }).click();
    await expect(customer.locator("[data-call-state]")).not.toHaveAttribute("data-call-state", /^(idle|starting|failed)$/, { timeout: 30_000 });
  } finally {
    await customerContext.close();
  }

  expect(violations).toEqual([]);
});
