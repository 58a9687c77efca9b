import type { Page } from "@playwright/test";
import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, expectNoAxeViolations, expectValidHtml, visit } from "./support/page-checks.ts";

/** Sends a service request through the public form; returns its reference. */
async function sendRequest(page: Page, contactName: string, urgency: RegExp): Promise<string> {
  await page.goto("/request");
  await page.getByRole("combobox", { name: "Service", exact: true }).selectOption({ label: "DC Drive Repair" });
  await page.getByRole("textbox", { name: "Contact name", exact: true }).fill(contactName);
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(newMobile());
  await page.getByRole("textbox", { name: "Company (optional)" }).fill("Medak Castings");
  await page.getByRole("textbox", { name: "Site address", exact: true }).fill("Plot 7, IDA Patancheru");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Patancheru");
  await page.getByRole("textbox", { name: "Fault description", exact: true }).fill("Mill stand DC drive tripped on field loss; line stopped.");
  await page.getByRole("radio", { name: urgency }).check();
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/thank-you\?ref=SR-/);
  return (await page.getByTestId("reference").textContent())!;
}

test.describe("back office: service requests list", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("find a new request by its reference, filter by urgency, export it, open it", { tag: "@flow" }, async ({ page, signedInAs }) => {
    // One long pass through the screen (a submission, five pages, three axe runs): three times the usual time.
    test.slow();
    const contactName = `List ${Date.now().toString(36)}`;
    const reference = await sendRequest(page, contactName, /Emergency breakdown/);

    await signedInAs("office");
    await visit(page, backOfficeUrl("/admin/service-requests")); // 200, valid HTML, no axe violations
    await expect(page).toHaveTitle(/^Service requests: Back Office/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service requests");
    const tabs = page.getByRole("navigation", { name: "Request status" });
    await expect(tabs.getByRole("link", { name: /^Open ?\(\d+\)$/ })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: /^All ?\(\d+\)$/ })).toBeVisible();

    // Search by reference (typed in lower case): the one request, with its details and response clock.
    await page.getByRole("searchbox", { name: "Search" }).fill(reference.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]q=${reference.toLowerCase()}`));
    const table = page.getByRole("table", { name: /Service requests/ });
    const rows = table.getByRole("row");
    await expect(rows).toHaveCount(2); // the header and the request
    const row = rows.nth(1);
    await expect(row.getByRole("link", { name: reference })).toHaveAttribute("href", `/admin/service-requests/${reference}`);
    for (const text of [contactName, "Medak Castings", "DC Drive Repair", "Patancheru", "Emergency breakdown", "Received", "Unassigned"]) {
      await expect(row).toContainText(text);
    }
    // Two hours to the first call for an emergency, counting down.
    await expect(row.getByRole("cell").last()).toHaveText(/^Due in (1 h 5\d|2 h 00) min$/);
    await expect(page.getByText(/^1 match$/)).toBeVisible();
    await expectValidHtml(await page.content(), "searched list");
    await expectNoAxeViolations(page);

    // Filter by urgency: an emergency stays; as planned work it is not there.
    await page.getByRole("combobox", { name: "Urgency" }).selectOption({ label: "Emergency breakdown" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/urgency=emergency/);
    await expect(table.getByRole("link", { name: reference })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(reference.toLowerCase());
    await page.getByRole("combobox", { name: "Urgency" }).selectOption({ label: "Planned" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No service request matches these filters.")).toBeVisible();
    await expectNoAxeViolations(page);

    // Export CSV: the current filter, as a download.
    await page.getByRole("combobox", { name: "Urgency" }).selectOption({ label: "Emergency breakdown" });
    await page.getByRole("button", { name: "Apply" }).click();
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    const href = (await exportLink.getAttribute("href"))!;
    expect(href).toMatch(/format=csv/);
    expect(href).toMatch(/urgency=emergency/);
    const csv = await page.request.get(backOfficeUrl(href));
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(reference);
    expect(lines[1]).toContain(contactName);

    // At the page's own width (390 px on the phone project): the filters in one column, nothing wider
    // than the screen (the table scrolls inside its box).
    const urgencyBox = (await page.getByRole("combobox", { name: "Urgency" }).boundingBox())!;
    const serviceBox = (await page.getByRole("combobox", { name: "Service" }).boundingBox())!;
    const width = page.viewportSize()!.width;
    if (width < 640) {
      expect(serviceBox.x).toBe(urgencyBox.x);
      expect(serviceBox.y).toBeGreaterThan(urgencyBox.y + urgencyBox.height);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // Clear filters: back to the open requests, newest first.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/service-requests$/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("");

    // Open it from the list.
    await page.getByRole("searchbox", { name: "Search" }).fill(reference);
    await page.getByRole("button", { name: "Apply" }).click();
    await table.getByRole("link", { name: reference }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/service-requests/${reference}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(reference);
    // The layout's title follows the screen on show, a client-side navigation included: one title, the record's.
    await expect(page).toHaveTitle(new RegExp(`^${reference}: Back Office \\| `));
    await expect(page.locator("head title")).toHaveCount(1);
  });

  test("a mangled address shows the list with the bad values left out", { tag: "@flow" }, async ({ page, signedInAs }) => {
    await signedInAs("office");
    const response = await page.goto(backOfficeUrl("/admin/service-requests?status=nope&urgency=sideways&from=2026-02-30&technician=abc&sort=x&after=%%%"));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("navigation", { name: "Request status" }).getByRole("link", { name: /^Open/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("combobox", { name: "Urgency" })).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Sort" })).toHaveValue("newest");
  });

  // A refusal: its status and server-rendered heading over HTTP (ADR 030), at one width.
  test("accounts staff may not open the list", { tag: "@desktop" }, async ({ request, signedInAs }) => {
    const { cookie } = await signedInAs("accounts");
    const response = await request.get(backOfficeUrl("/admin/service-requests"), { headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(response.status()).toBe(403);
    const html = await response.text();
    expect([...html.matchAll(/<h1\b[^>]*>(.*?)<\/h1>/gs)].map((m) => m[1])).toEqual(["Access Denied"]);
    // An error page under the admin layout keeps the root's head, not a screen's title.
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(["<title>Access Denied</title>"]);
    // A screen not built (refused by the layout, as an unregistered path is) and a record that is not there (refused
    // by the screen's loader).
    for (const path of ["/admin/no-such-screen", "/admin/invoices/99999999"]) {
      const missing = await request.get(backOfficeUrl(path), { headers: { cookie: `${cookie.name}=${cookie.value}` } });
      expect(missing.status(), path).toBe(404);
      expect((await missing.text()).match(/<title>[^<]*<\/title>/g), path).toEqual([expect.stringMatching(/^<title>Page Not Found\b/)]);
    }
  });
});
