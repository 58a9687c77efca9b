import type { Page } from "@playwright/test";
import jsQR from "jsqr";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { backOfficeUrl, newMobile, sentSms } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, expectNoAxeViolations, visit } from "./support/page-checks.ts";
import { flashOf, sendServiceRequest } from "./support/requests.ts";

/**
 * The money flow of issue 11, end to end, as the people in it would go through it:
 *   1. a visitor sends a service request; the office makes a quote from the request's page and sends it;
 *   2. the customer opens the quote's link from the SMS, without signing in, and approves it with the code
 *      sent to their mobile;
 *   3. the office completes the job and issues the invoice of the approved quote from the request's page;
 *   4. the customer opens the invoice's link from the SMS: the UPI QR code and the "Open in UPI app" link for
 *      the amount due, with the invoice number as the reference; the PDF carries the number, the total and the
 *      same QR code;
 *   5. the office records the UPI payment for the full amount;
 *   6. the invoice shows as paid, to the office and to the customer;
 *   7. completing the job sent the feedback SMS: the customer rates it 5 with consent, the office publishes it,
 *      /reviews shows it.
 * The pages the customer sees pass axe and the HTML check. The per-screen specs cover the phone width and the
 * refusals; this one runs once (@desktop).
 *
 * A UPI ID is needed for the QR code: the owner sets it on /admin/settings?group=payments first, as they would.
 * It stays set (tests run in parallel on one server; admin-settings.spec.ts allows for it).
 */

const UPI_ID = "deccandrives@okhdfcbank";
const PAYEE = "Deccan Drives and Automation";

/** The newest SMS to mobile whose text matches pattern, waiting for the outbox to deliver it. */
async function smsTo(mobile: string, pattern: RegExp): Promise<string> {
  let body = "";
  await expect
    .poll(
      async () => {
        body = (await sentSms()).filter((m) => m.to === `+91${mobile}` && pattern.test(m.body)).at(-1)?.body ?? "";
        return body;
      },
      { message: `an SMS to ${mobile} matching ${pattern}`, timeout: 15_000 },
    )
    .not.toBe("");
  return body;
}

/** The signed link an SMS ends with, as a path on the public site. */
function linkIn(sms: string, kind: "quote" | "invoice" | "feedback"): string {
  const match = new RegExp(`(https?://\\S+/d/${kind}/\\S+)$`).exec(sms);
  expect(match, `a /d/${kind}/ link in "${sms}"`).not.toBeNull();
  return new URL(match![1]!).pathname;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** What a phone's camera reads from the QR code on the page: the SVG drawn on a canvas, decoded with jsQR. */
async function scanQrOnPage(page: Page, qr: ReturnType<Page["getByRole"]>): Promise<string | null> {
  const source = await qr.evaluate((element) => new XMLSerializer().serializeToString(element.querySelector("svg")!));
  // Drawn in a blank page of its own: the site's Content-Security-Policy (img-src 'self') rightly refuses the
  // data: image this needs, and the camera stands for a device outside the page anyway.
  const camera = await page.context().newPage();
  await camera.setContent("<!doctype html><title>camera</title>");
  const image = await camera.evaluate(async (source) => {
    const size = 400;
    const img = new Image(size, size);
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size + 40;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(img, 20, 20, size, size);
    return { width: canvas.width, height: canvas.height, data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  }, source);
  await camera.close();
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

/** A PDF's text (items joined, spaces collapsed) and the QR codes in its images, read with pdf.js and jsQR. */
async function readPdf(pdf: Buffer): Promise<{ text: string; qr: string[] }> {
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  let text = "";
  const qr: string[] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      text += (await page.getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ") + "\n";
      const ops = await page.getOperatorList();
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
        const img = await new Promise<{ width: number; height: number; kind: number; data: Uint8ClampedArray }>((resolve) => page.objs.get((ops.argsArray[i] as [string])[0], resolve));
        let rgba = img.data;
        if (img.kind === 2) {
          // RGB without alpha: jsQR reads RGBA.
          rgba = new Uint8ClampedArray(img.width * img.height * 4);
          for (let s = 0, d = 0; s < img.data.length; s += 3, d += 4) rgba.set([img.data[s]!, img.data[s + 1]!, img.data[s + 2]!, 255], d);
        }
        const decoded = jsQR(rgba, img.width, img.height);
        if (decoded) qr.push(decoded.data);
      }
    }
  } finally {
    await task.destroy();
  }
  return { text: text.replace(/\s+/g, " "), qr };
}

test("the money flow: request, quote approved by code, job invoiced, UPI QR and PDF, payment, paid, rating published @desktop", async ({ page, browser, signedInAs }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const contactName = `Flow ${stamp}`;
  const mobile = newMobile();
  const publicSite = `http://localhost:${process.env.E2E_PORT}`;

  // The owner puts the business's UPI ID on the invoices (the payments settings).
  await signedInAs("owner");
  await page.goto(backOfficeUrl("/admin/settings?group=payments"));
  await page.getByRole("textbox", { name: /^UPI ID/ }).fill(UPI_ID);
  await page.getByRole("textbox", { name: /^Payee name/ }).fill(PAYEE);
  await page.getByRole("button", { name: "Save payments" }).click();
  await expect(flashOf(page)).toHaveText(/^Payments: (saved|nothing changed)/);
  await expect(page.getByRole("textbox", { name: /^UPI ID/ })).toHaveValue(UPI_ID);

  // The customer: their own browser, never signed in.
  const customerContext = await browser.newContext({ baseURL: publicSite, viewport: page.viewportSize() ?? undefined });
  const visitorContext = await browser.newContext({ baseURL: publicSite });
  try {
    await asNewVisitor(customerContext);
    await asNewVisitor(visitorContext);
    const customer = await customerContext.newPage();

    // 1. The request, then the quote: made from the request's Money panel, saved and sent.
    const reference = await sendServiceRequest(customer, { contactName, mobile, siteAddress: "Plot 12, IDA Cherlapally", city: "Hyderabad", fault: "DC drive trips on armature overcurrent at full load." });
    await page.goto(backOfficeUrl(`/admin/service-requests/${reference}`));
    const money = page.getByRole("region", { name: "Money" });
    await money.getByRole("link", { name: "Make a quote" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/quotes/new\\?request=${reference}$`));
    await page.getByRole("group", { name: "Line 1" }).getByRole("textbox", { name: "Rate (₹)" }).fill("12,500");
    await page.getByRole("combobox", { name: /^Customer's state/ }).selectOption({ label: "Telangana (36)" });
    await page.getByRole("button", { name: "Save the draft" }).click();
    await expect(flashOf(page)).toHaveText(/^Quote QT-\d{4}-\d{4} saved as a draft \(₹14,750\.00\)\.$/);
    const quoteRef = /(QT-\d{4}-\d{4})/.exec((await flashOf(page).textContent())!)![1]!;
    await page.getByRole("button", { name: "Send v1" }).click();
    await expect(flashOf(page)).toHaveText("Version 1 sent by SMS; the WhatsApp button sends it there too.");

    // 2. The customer opens the quote from the SMS and approves it with the code sent to their mobile.
    const quoteLink = linkIn(await smsTo(mobile, new RegExp(`quote ${quoteRef} for Rs 14,750\\.00 is ready`)), "quote");
    await visit(customer, quoteLink);
    await expect(customer.getByRole("heading", { level: 1 })).toContainText("Quotation");
    await expect(customer.getByRole("main")).toContainText("₹14,750.00");
    const answer = customer.getByRole("form", { name: "Your answer" });
    await answer.getByRole("radio", { name: /^Approve/ }).check();
    await answer.getByRole("button", { name: "Send me the code" }).click();
    const code = /\b(\d{6})\b/.exec(await smsTo(mobile, new RegExp(`your code to confirm your answer to quote ${quoteRef}`)))![1]!;
    await expectNoAxeViolations(customer);
    await customer.getByRole("textbox", { name: /^6-digit code/ }).fill(code);
    await customer.getByRole("button", { name: "Confirm my answer" }).click();
    await expect(customer.getByRole("status").filter({ hasText: "you approved this quote" })).toBeVisible();
    await expectNoAxeViolations(customer);

    // 3. The office: the approval scheduled the job; the work is done; the approved quote is invoiced.
    await page.goto(backOfficeUrl(`/admin/service-requests/${reference}`));
    const status = page.getByRole("region", { name: "Change the status" });
    await expect(status.getByRole("combobox", { name: /New status/ }).locator("optgroup")).toHaveAttribute("label", "Now: Visit scheduled");
    await status.getByRole("combobox", { name: /New status/ }).selectOption({ label: "Completed" });
    await status.getByRole("button", { name: "Change status" }).click();
    await expect(flashOf(page)).toHaveText("Status changed to Completed. The customer has been told by SMS.");
    await page.getByRole("region", { name: "Money" }).getByRole("link", { name: "Issue invoice" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/invoices/new\\?request=${reference}$`));
    await page.getByRole("link", { name: "Invoice the approved quote instead" }).click();
    await expect(page.getByRole("heading", { name: "Lines, as approved" })).toBeVisible();
    await expect(page.getByText("Taxable ₹12,500.00 + GST ₹2,250.00 = ₹14,750.00")).toBeVisible();
    await page.getByRole("button", { name: "Issue the invoice" }).click();
    await expect(flashOf(page)).toHaveText(/^Invoice INV\/\d{4}-\d{2}\/\d{4,} issued and sent to the customer\.$/);
    const number = /(INV\/\S+) issued/.exec((await flashOf(page).textContent())!)![1]!;
    const invoiceUrl = page.url();
    const invoiceId = /\/admin\/invoices\/(\d+)$/.exec(invoiceUrl)![1]!;
    await expect(page.getByRole("link", { name: quoteRef })).toBeVisible();
    const customerRef = (await page.getByRole("link", { name: /^CU-/ }).textContent())!.trim();

    // 4. The customer opens the invoice from the SMS: the UPI QR code and the app link for what is due.
    const invoiceLink = linkIn(await smsTo(mobile, new RegExp(`invoice ${escape(number)} for Rs 14,750\\.00 is due on`)), "invoice");
    await visit(customer, invoiceLink);
    await expect(customer.getByRole("heading", { level: 1 })).toHaveText(`Tax invoice ${number}`);
    await expect(customer.getByTestId("invoice-state")).toContainText("Unpaid · ₹14,750.00 due by");
    const qr = customer.getByRole("img", { name: `UPI QR code to pay ₹14,750.00 to ${UPI_ID}` });
    await expect(qr.locator("svg")).toHaveCount(1);
    const upiHref = (await customer.getByRole("link", { name: "Open in UPI app" }).getAttribute("href"))!;
    expect(upiHref).toMatch(new RegExp(`^upi://pay\\?pa=${escape(UPI_ID)}&pn=[^&]+&am=14750\\.00&cu=INR&tn=[^&]+&tr=${escape(number)}$`));
    const upi = new URL(upiHref).searchParams;
    expect(upi.get("pn")).toBe(PAYEE);
    expect(upi.get("tr")).toBe(number);
    // The code a phone scans is the same link.
    expect(await scanQrOnPage(customer, qr)).toBe(upiHref);
    // The PDF: the invoice number, the total and the same QR code.
    const pdfHref = (await customer.getByRole("link", { name: /^Download the PDF/ }).getAttribute("href"))!;
    const pdf = await customer.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const { text, qr: pdfQr } = await readPdf(await pdf.body());
    expect(text).toContain(number);
    expect(text).toContain("14,750.00");
    expect(text).toContain("Rupees Fourteen Thousand Seven Hundred Fifty Only");
    expect(pdfQr).toEqual([upiHref]);

    // 5. The office records the customer's UPI payment for the full amount against the invoice.
    await page.goto(backOfficeUrl(`/admin/payments/new?customer=${customerRef}&invoice=${invoiceId}`));
    await expect(page.getByRole("textbox", { name: /^Amount received/ })).toHaveValue("14750");
    await expect(page.getByRole("textbox", { name: `Amount for ${number} (₹)` })).toHaveValue("14750");
    await page.getByRole("radio", { name: /^UPI/ }).check();
    await page.getByRole("textbox", { name: /^UPI UTR/ }).fill(`6${String(Date.now()).slice(-11)}`);
    await page.getByRole("button", { name: "Record the payment" }).click();
    await expect(flashOf(page)).toHaveText(new RegExp(`^Receipt RC-\\d{4}-\\d{4,}: ₹14,750\\.00 recorded, against ${escape(number)} \\(now paid\\)\\.$`));

    // 6. The invoice is paid: on the office's record, and on the customer's link (no QR code: nothing is due).
    await page.goto(invoiceUrl);
    await expect(page.getByText("Paid. Total ₹14,750.00, paid ₹14,750.00, credited ₹0.00: ₹0.00 due.")).toBeVisible();
    await visit(customer, invoiceLink);
    await expect(customer.getByTestId("invoice-state")).toHaveText("Paid · thank you, nothing is due");
    await expect(customer.getByRole("img", { name: /^UPI QR code/ })).toHaveCount(0);

    // 7. The feedback SMS went out when the job was completed: the customer rates it 5 and agrees to show it.
    const feedbackLink = linkIn(await smsTo(mobile, new RegExp(`job ${reference} is complete`)), "feedback");
    await visit(customer, feedbackLink);
    await expect(customer.getByRole("heading", { level: 1 })).toHaveText("How did we do?");
    await customer.getByRole("radio", { name: "5: Excellent" }).check();
    await customer.getByRole("textbox", { name: /Your comment/ }).fill(`Quoted, repaired and billed with a UPI code the same week. ${stamp}`);
    await customer.getByRole("checkbox", { name: new RegExp(`^You may show my rating and comment on your website as “${contactName}, Hyderabad”`) }).check();
    await customer.getByRole("button", { name: "Send my rating" }).click();
    await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Thank you for your rating");
    await expectNoAxeViolations(customer);

    // The office publishes it from the ratings awaiting publication.
    await page.goto(backOfficeUrl("/admin/feedback?show=awaiting"));
    await page.getByRole("link", { name: reference, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Rating of ${reference}`);
    await page.getByRole("button", { name: "Publish on the reviews page" }).click();
    await expect(flashOf(page)).toHaveText("Published: it shows on the reviews page.");

    // /reviews shows it, to any visitor (one without cookies gets the page cache: publishing made it stale).
    const reader = await visitorContext.newPage();
    await visit(reader, "/reviews");
    const review = reader.getByRole("article").filter({ hasText: stamp });
    await expect(review).toContainText(`${contactName}, Hyderabad`);
    await expect(review).toContainText("Quoted, repaired and billed with a UPI code the same week.");
    await expect(review.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
  } finally {
    await customerContext.close();
    await visitorContext.close();
  }
});
