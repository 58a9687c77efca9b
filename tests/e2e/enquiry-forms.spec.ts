import { expect, test, type Locator, type Page } from "@playwright/test";
import { ENQUIRY_FORM_FIELDS as ENQUIRY_FORMS, type EnquiryFormName, type FieldSpec } from "../../app/lib/forms/enquiry-fields.ts";
import { asNewVisitor, visit, visitorAddress } from "./support/page-checks.ts";

/** Where each form lives. */
const PAGES: Record<EnquiryFormName, string> = {
  contact: "/contact",
  callback: "/contact",
  quote: "/products",
  "product-enquiry": "/products",
  career: "/careers",
  training: "/training",
  investor: "/investors",
  review: "/reviews",
};

const TEXT: Record<string, string> = {
  name: "Ravi Kumar",
  email: "ravi.kumar@example.in",
  company: "Sri Balaji Packaging",
  subject: "Drive keeps tripping",
  message: "Our 37 kW ACS580 on the extruder trips on 2310 overcurrent about three seconds after start.",
  quantity: "2",
  participants: "3",
  location: "Hyderabad",
  city: "Hyderabad",
};

let counter = 0;
/** A valid mobile number unique to this run and test. */
function mobile(): string {
  counter += 1;
  return `8${String((Date.now() + counter * 7919) % 1e9).padStart(9, "0")}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
function control(form: Locator, f: FieldSpec): Locator {
  const name = new RegExp(`^${escape(f.label)}( \\(optional\\))?$`);
  if (f.kind === "select") return form.getByRole("combobox", { name });
  if (f.kind === "file") return form.getByLabel(new RegExp(`^${escape(f.label)}`));
  return form.getByRole("textbox", { name });
}

/** A minimal real PDF: what a CV upload must look like. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

async function fill(page: Page, formName: EnquiryFormName) {
  const spec = ENQUIRY_FORMS[formName];
  const form = page.getByRole("form", { name: spec.title });
  for (const f of spec.fields as readonly FieldSpec[]) {
    const el = control(form, f);
    if (f.kind === "select") await el.selectOption({ index: 1 });
    else if (f.kind === "file") await el.setInputFiles({ name: "cv-ravi-kumar.pdf", mimeType: "application/pdf", buffer: PDF });
    else if (f.kind === "tel") await el.fill(mobile());
    else await el.fill(TEXT[f.name] ?? "Hyderabad");
  }
  await form.getByRole("checkbox", { name: /privacy notice/ }).check();
  return form;
}

test.describe("inbound forms", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  for (const formName of Object.keys(PAGES) as EnquiryFormName[]) {
    const spec = ENQUIRY_FORMS[formName];

    test(`${spec.label}: stored and acknowledged with a reference`, async ({ page }) => {
      await visit(page, PAGES[formName]);
      const form = await fill(page, formName);
      await form.getByRole("button", { name: spec.submit }).click();
      await expect(page).toHaveURL(new RegExp(`/thank-you\\?ref=${spec.prefix}-\\d{4}-\\d{4}&sig=`));
      await expect(page.getByTestId("reference")).toHaveText(new RegExp(`^${spec.prefix}-\\d{4}-\\d{4}$`));
    });

    // The server's validation and its messages, without JavaScript: the same HTML at every width, so once
    // (@desktop, ADR 030); the test above fills and sends each form at both widths.
    test.describe(`${spec.label} without JavaScript`, { tag: "@desktop" }, () => {
      test.use({ javaScriptEnabled: false });
      test("messages beside the fields of this form only, then accepted", async ({ page }) => {
        await page.goto(PAGES[formName]);
        const form = page.getByRole("form", { name: spec.title });
        await control(form, spec.fields.find((f: FieldSpec) => f.name === "name")!).fill("Anita Rao");
        await form.getByRole("button", { name: spec.submit }).click();
        const again = page.getByRole("form", { name: spec.title });
        await expect(again.getByText("Please agree to the privacy notice so that we can act on your request.")).toBeVisible();
        await expect(control(again, spec.fields.find((f: FieldSpec) => f.name === "mobile")!)).toHaveAttribute("aria-invalid", "true");
        await expect(control(again, spec.fields.find((f: FieldSpec) => f.name === "name")!)).toHaveValue("Anita Rao");
        // The other form on the page (if any) shows nothing.
        for (const other of await page.locator("form[method=post]").all()) {
          if ((await other.getAttribute("aria-label")) === spec.title) continue;
          await expect(other.locator("[aria-invalid=true]")).toHaveCount(0);
        }
        await fill(page, formName);
        await page.getByRole("form", { name: spec.title }).getByRole("button", { name: spec.submit }).click();
        await expect(page).toHaveURL(new RegExp(`/thank-you\\?ref=${spec.prefix}-`));
      });
    });
  }

  // The server reads the file's first bytes: the same answer at every width.
  test("a CV that is not a PDF, DOC or DOCX is refused beside the field", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/careers");
    const form = await fill(page, "career");
    await form.getByLabel(/^CV/).setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ\x90\x00 not a pdf") });
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(page.locator("#career-cv-error")).toContainText("cv.pdf is not a PDF, DOC or DOCX file.");
  });

  test("past the per-address limit the visitor gets 429 and when to try again", { tag: "@desktop" }, async ({ request, baseURL }) => {
    const headers = { Origin: baseURL!, "X-Forwarded-For": visitorAddress() };
    const form = { form: "callback", name: "Bulk", mobile: "", callbackTime: "As soon as possible", consent: "yes", fax_number_2: "" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await request.post("/contact", { form: { ...form, mobile: mobile() }, headers, maxRedirects: 0 });
      statuses.push(r.status());
      if (r.status() === 429) {
        expect(Number(r.headers()["retry-after"])).toBeGreaterThan(0);
        expect(await r.text()).toMatch(/Too many submissions from here\. Please try again in \d+ (minutes|seconds)/);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 303)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  test("the honeypot turns a bot away without storing anything", { tag: "@desktop" }, async ({ request, baseURL }) => {
    const r = await request.post("/contact", {
      form: { form: "callback", name: "Bot", mobile: mobile(), callbackTime: "As soon as possible", consent: "yes", fax_number_2: "http://spam.example" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(r.status()).toBe(400);
    expect(await r.text()).toContain("Your form could not be sent. Please call us instead.");
  });
});
