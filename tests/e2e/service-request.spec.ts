import { expect, test, type Page } from "@playwright/test";
import { asNewVisitor, openHydrated, visit } from "./support/page-checks.ts";

/** A mobile number unique to this test run, so that the per-number rate limit never carries over. */
function mobile(): string {
  return `9${String(Date.now() % 1e9).padStart(9, "0")}`;
}

async function fillRequiredFields(page: Page, phone: string) {
  const service = page.getByRole("combobox", { name: "Service", exact: true });
  if (!(await service.inputValue())) await service.selectOption({ label: "DC Drive Repair" });
  await page.getByRole("textbox", { name: "Contact name", exact: true }).fill("Ravi Kumar");
  await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill(phone);
  await page.getByRole("textbox", { name: "Site address", exact: true }).fill("Plot 12, IDA Jeedimetla");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Hyderabad");
  await page.getByRole("textbox", { name: "Fault description", exact: true }).fill("Drive trips on overcurrent at start-up, about 3 seconds after the run command.");
  await page.getByRole("radio", { name: /Emergency breakdown/ }).check();
  await page.getByRole("checkbox", { name: /privacy notice/ }).check();
}

test.describe("Request Service", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("a service card preselects its service; a complete request lands on /thank-you with its reference", async ({ page }) => {
    await visit(page, "/request?service=vfd-repair");
    await expect(page.getByRole("combobox", { name: "Service", exact: true })).toHaveValue("vfd-repair");
    const phone = mobile();
    await fillRequiredFields(page, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
    await page.getByRole("textbox", { name: "Brand (optional)" }).fill("ABB");
    await page.getByRole("textbox", { name: "Model (optional)" }).fill("ACS580-01-046A-4");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=SR-\d{4}-\d{4}&sig=/);
    const reference = (await page.getByTestId("reference").textContent())!;
    expect(reference).toMatch(/^SR-\d{4}-\d{4}$/);
    // The promise this emergency has (issue 17 §5), as the dashboard's clock counts it: not one range for all.
    await expect(page.getByTestId("promise")).toHaveText("An engineer will call you within 2 hours.");
    const whatsapp = page.getByRole("link", { name: `WhatsApp us about ${reference}` });
    const text = decodeURIComponent(new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")!);
    expect(text).toContain(reference);
    expect(text).toContain("VFD Repair, ABB, ACS580-01-046A-4");
    await expect(page.getByText(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)).toBeVisible();
  });

  test("a guessed receipt link shows nothing", { tag: "@desktop" }, async ({ request }) => {
    expect((await request.get("/thank-you?ref=SR-2611-0001&sig=AAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
    expect((await request.get("/thank-you?ref=SR-2611-0001")).status()).toBe(404);
    expect((await request.get("/thank-you?sig=AAAAAAAAAAAAAAAAAAAAAA")).status()).toBe(404);
  });

  test("/thank-you without a submission: the promise and the ways to reach us, no reference", async ({ page, baseURL }) => {
    await visit(page, "/thank-you");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for contacting us");
    await expect(page.getByText("2-4 hours")).toBeVisible();
    await expect(page.getByTestId("reference")).toHaveCount(0);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: /^Call \+91/ })).toHaveAttribute("href", "tel:+919000000001");
    await expect(main.getByRole("link", { name: "WhatsApp", exact: true })).toHaveAttribute("href", /^https:\/\/wa\.me\/919000000001\?text=/);
    await expect(main.getByRole("link", { name: "Request Service", exact: true })).toHaveAttribute("href", "/request");
    // The head every public page has, kept out of search results like any receipt.
    await expect(page).toHaveTitle(/^Thank You for Contacting Us \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /2-4 hours/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/thank-you`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/thank-you`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /^Thank You for Contacting Us/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { "@graph": Array<{ "@type": string }> };
    expect(ld["@graph"].map((n) => n["@type"])).toContain("WebPage");
  });

  test("inline validation: messages beside the fields, nothing sent until they are fixed", async ({ page }) => {
    await openHydrated(page, "/request");
    await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill("12345");
    await page.getByRole("textbox", { name: "Contact name", exact: true }).focus();
    await expect(page.getByText("Enter a 10-digit Indian mobile number, e.g. 98480 12345.")).toBeVisible();
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("Enter your name.")).toBeVisible();
    await expect(page.getByText("Choose how urgent it is.")).toBeVisible();
    await expect(page.getByText("Please agree to the privacy notice so that we can act on your request.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Contact name", exact: true })).toBeFocused();
    await expect(page.getByRole("textbox", { name: "Mobile number", exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/request$/);
  });

  test("leaving a half-filled form warns", async ({ page }) => {
    await openHydrated(page, "/request");
    await page.getByRole("textbox", { name: "Contact name", exact: true }).fill("Ravi");
    let message = "";
    page.once("dialog", async (dialog) => {
      message = dialog.message();
      await dialog.dismiss();
    });
    await page.locator("footer").getByRole("link", { name: "About Us" }).click();
    await expect.poll(() => message).toBe("Are you sure you want to leave? Your changes may not be saved.");
    await expect(page).toHaveURL(/\/request$/);
  });

  test("photos upload with progress and are stored", async ({ page }) => {
    await page.goto("/request");
    await fillRequiredFields(page, mobile());
    // A real PNG (1x1), named as a phone camera would.
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
    await page.getByLabel("Photos (optional)").setInputFiles([{ name: "nameplate.png", mimeType: "image/png", buffer: png }]);
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/thank-you\?ref=SR-/);
  });

  test("a file that is not an image is refused beside the field, and what was typed is kept", async ({ page }) => {
    await page.goto("/request");
    const phone = mobile();
    await fillRequiredFields(page, phone);
    await page.getByLabel("Photos (optional)").setInputFiles([{ name: "fault.jpg", mimeType: "image/jpeg", buffer: Buffer.from("this is not a picture") }]);
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.locator("#photos-error")).toContainText("fault.jpg");
    await expect(page.getByRole("textbox", { name: "Contact name", exact: true })).toHaveValue("Ravi Kumar");
    await expect(page.getByRole("textbox", { name: "Mobile number", exact: true })).toHaveValue(phone);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts, shows server messages beside the fields, keeps what was typed, then succeeds", async ({ page }) => {
      await page.goto("/request?service=plc-repair");
      await page.getByRole("textbox", { name: "Contact name", exact: true }).fill("Anita Rao");
      await page.getByRole("textbox", { name: "Mobile number", exact: true }).fill("55555");
      await page.getByRole("button", { name: "Send request" }).click();
      await expect(page.locator("#mobile-error")).toHaveText("Enter a 10-digit Indian mobile number, e.g. 98480 12345.");
      await expect(page.locator("#siteAddress-error")).toHaveText("Enter the site address where the equipment is.");
      await expect(page.getByRole("textbox", { name: "Contact name", exact: true })).toHaveValue("Anita Rao");
      await fillRequiredFields(page, mobile());
      await page.getByRole("button", { name: "Send request" }).click();
      await expect(page).toHaveURL(/\/thank-you\?ref=SR-/);
      await expect(page.getByTestId("reference")).toHaveText(/^SR-\d{4}-\d{4}$/);
    });
  });

  test("sending the same form twice (a double click, a retry) makes one request", async ({ page, request, baseURL }) => {
    await page.goto("/request");
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const form = {
      contactName: "Suresh",
      mobile: mobile(),
      siteAddress: "Unit 4, Patancheru",
      city: "Sangareddy",
      service: "dc-drive-repair",
      faultDescription: "Armature overcurrent on the mill stand drive.",
      urgency: "within_24h",
      consent: "yes",
      idempotencyKey: key,
      fax_number_2: "",
    };
    const headers = { Origin: baseURL! };
    const [a, b] = await Promise.all([
      request.post("/request", { form, headers, maxRedirects: 0 }),
      request.post("/request", { form, headers, maxRedirects: 0 }),
    ]);
    expect(a.status()).toBe(303);
    expect(b.status()).toBe(303);
    expect(a.headers()["location"]).toBe(b.headers()["location"]);
    const again = await request.post("/request", { form, headers, maxRedirects: 0 });
    expect(again.headers()["location"]).toBe(a.headers()["location"]);
  });

  test("a form posted from another site is refused", { tag: "@desktop" }, async ({ request }) => {
    const response = await request.post("/request", { form: { contactName: "x" }, headers: { Origin: "https://evil.example" } });
    expect(response.status()).toBe(403);
  });
});
