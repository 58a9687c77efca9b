import type { Page } from "@playwright/test";
import { newMobile } from "./support/accounts.ts";
import { addSessionCookie, expect, test, type SignedIn } from "./support/fixtures.ts";
import { asNewVisitor, openHydrated, visit } from "./support/page-checks.ts";
import { sendServiceRequest } from "./support/requests.ts";

/**
 * Issue 17 §7: no floating control (the chat launcher, the WhatsApp and call buttons) covers a link, a button
 * or a field on the first screen; and the customer and technician portals have their own lighter frame: the
 * portal's name, its pages, the website and sign-out, without the public navigation and floating buttons.
 */

/** Each visible fixed-position element that overlaps a visible link, button or field outside it. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== "hidden" && style.opacity !== "0" && r.bottom > 0 && r.top < innerHeight;
    };
    const floating = [...document.querySelectorAll("body *")].filter((el) => getComputedStyle(el).position === "fixed" && shown(el));
    const targets = [...document.querySelectorAll("a[href], button, input, select, textarea, summary")].filter(
      (el) => shown(el) && !floating.some((f) => f.contains(el)),
    );
    const covered: string[] = [];
    for (const f of floating) {
      const a = f.getBoundingClientRect();
      for (const t of targets) {
        const b = t.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          covered.push(`${f.getAttribute("data-testid") ?? f.tagName} covers "${(t.textContent || t.getAttribute("name") || t.tagName).trim().slice(0, 40)}"`);
        }
      }
    }
    return covered;
  });
}

test("on the home page's first screen at 390 px no floating control covers a button, link or field @phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, "/");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole("link", { name: "WhatsApp", exact: true })).toBeVisible();
  expect(await coveredControls(page)).toEqual([]);
  // Past the first screen the launcher and the buttons are there, as before.
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect(page.getByRole("link", { name: "Ask us" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Call us", exact: true })).toBeVisible();
});

test("at desktop width the chat launcher is on the first screen and covers nothing there @desktop", async ({ page }) => {
  await openHydrated(page, "/");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole("link", { name: "Ask us" })).toBeVisible();
  expect(await coveredControls(page)).toEqual([]);
});

/** The portal frame: its name, the website, sign-out; none of the public site's navigation or floating buttons. */
async function expectPortalFrame(page: Page, portal: string) {
  const banner = page.getByRole("banner");
  await expect(banner).toHaveCount(1);
  await expect(banner).toContainText(portal);
  await expect(banner.getByRole("link", { name: "Website" })).toHaveAttribute("href", "/");
  await expect(banner.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ask us" })).toHaveCount(0);
  await expect(page.getByTestId("floating-contact")).toHaveCount(0);
  // Scrolled, too: nothing floats over the forms.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await coveredControls(page)).toEqual([]);
}

/** The <title> elements of a page as the server sent it: the portal's pages are titled from their handle (issue 18 §3). */
const titlesIn = async (response: { text(): Promise<string> }) => (await response.text()).match(/<title>[^<]*<\/title>/g);

test("the customer portal has its own frame; a page that is not theirs is a 404 in it", async ({ page, signedInAs }) => {
  await signedInAs("customer");
  await visit(page, "/customer/mobile");
  await expectPortalFrame(page, "Customer portal");
  await expect(page.getByRole("banner").getByRole("link", { name: "Customer portal" })).toHaveAttribute("href", "/customer/mobile");
  expect(await titlesIn(await visit(page, "/customer/my-data"))).toEqual([expect.stringMatching(/^<title>My data \| [^<]+<\/title>$/)]);
  await expectPortalFrame(page, "Customer portal");
  // The 404 in the portal's frame keeps the root's title, and only that one.
  expect(await titlesIn(await visit(page, "/customer/request/999999999", { status: 404 }))).toEqual([expect.stringMatching(/^<title>Page Not Found\b/)]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page Not Found");
  await expectPortalFrame(page, "Customer portal");
  // The website keeps its own frame for the signed-in customer.
  await visit(page, "/");
  await expect(page.getByTestId("floating-contact")).toBeAttached();
  await expect(page.getByRole("banner")).not.toContainText("Customer portal");
});

test("the technician's job page has the portal's frame, not the public navigation", async ({ page, browser, context }) => {
  test.slow();
  const requester = await browser.newContext();
  await asNewVisitor(requester);
  const form = await requester.newPage();
  const reference = await sendServiceRequest(form, {
    service: "DC Drive Repair",
    contactName: "Frame Tester",
    mobile: newMobile(),
    siteAddress: "Plot 7, IDA Balanagar",
    city: "Hyderabad",
    fault: "DC drive trips on overcurrent at start-up.",
  });
  await requester.close();
  // A technician of this test's own, with the request assigned (the e2e hook's `assign`).
  const assigned = await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/__e2e/session`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-e2e-fixture-token": process.env.E2E_FIXTURE_TOKEN! },
    body: JSON.stringify({ role: "technician", mobile: newMobile(), name: "Frame Technician", assign: [reference] }),
  });
  expect(assigned.ok, await assigned.clone().text()).toBe(true);
  await addSessionCookie(context, (await assigned.json()) as SignedIn);
  await visit(page, "/technician/dashboard");
  await expectPortalFrame(page, "Technician portal");
  const href = await page.getByRole("link", { name: reference, exact: true }).getAttribute("href");
  expect(await titlesIn(await visit(page, href!))).toEqual([expect.stringMatching(new RegExp(`^<title>Job ${reference} \\| [^<]+</title>$`))]);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
  await expectPortalFrame(page, "Technician portal");
});
