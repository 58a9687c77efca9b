import { backOfficeUrl, newMobile } from "./support/accounts.ts";
import { expect, test } from "./support/fixtures.ts";
import { asNewVisitor, visit } from "./support/page-checks.ts";
import { flashOf } from "./support/requests.ts";
import { specimenPdf } from "../../app/.server/demo/specimen-pdf.ts";


/**
 * Investors (issue 12 §8): the owner uploads a report as PDF in /admin/investors and /investors lists it with
 * a working download link; an investor's enquiry from /investors is answered by e-mail from its page and
 * marked replied. axe, HTML validity and the width on every page (desktop and 390 px).
 */
test.describe("investors", () => {
  test.beforeEach(({ context }) => asNewVisitor(context));

  test("a PDF uploaded in the back office is listed on /investors; an investor's enquiry is answered by e-mail", { tag: "@flow" }, async ({ page, browser, signedInAs }) => {
    test.setTimeout(150_000);
    const stamp = Date.now().toString(36);
    const title = `Annual report ${stamp}`;
    const narrow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await signedInAs("owner");
    await visit(page, backOfficeUrl("/admin/investors"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Investors");
    expect(await narrow()).toBe(true);

    // Not a PDF: refused beside the field.
    const upload = page.getByRole("form", { name: "Upload a document" });
    await upload.getByRole("textbox", { name: /Title/ }).fill(title);
    await upload.getByLabel("PDF file").setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from("<html>not a pdf</html>") });
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("This is not a PDF file. Save the report as PDF and upload that.")).toBeVisible();

    // A real PDF: uploaded and published.
    const again = page.getByRole("form", { name: "Upload a document" });
    await again.getByRole("textbox", { name: /Title/ }).fill(title);
    await again.getByRole("textbox", { name: /Period/ }).fill("FY 2025-26");
    await again.getByLabel("PDF file").setInputFiles({ name: `annual-report-${stamp}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(specimenPdf(`Annual report ${stamp}`)) });
    await again.getByRole("button", { name: "Upload" }).click();
    await expect(flashOf(page)).toHaveText(`“${title}” is uploaded and listed on /investors.`);
    await visit(page, backOfficeUrl("/admin/investors"));
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

    // The public page lists it; its link serves the PDF.
    const visitor = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    let reference: string;
    try {
      await asNewVisitor(visitor);
      const site = await visitor.newPage();
      await visit(site, "/investors");
      expect(await site.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const documents = site.getByRole("region", { name: "Reports and documents" });
      const download = documents.getByRole("link", { name: `${title} (FY 2025-26)` });
      await expect(download).toBeVisible();
      const href = (await download.getAttribute("href"))!;
      const pdf = await site.request.get(href);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

      // An investor sends an enquiry from the same page.
      const form = site.getByRole("form", { name: "Investor enquiry" });
      await form.getByRole("textbox", { name: "Your name" }).fill(`Investor ${stamp}`);
      await form.getByRole("textbox", { name: "E-mail" }).fill(`investor-${stamp}@example.net`);
      await form.getByRole("textbox", { name: "Mobile number" }).fill(newMobile());
      await form.getByRole("textbox", { name: "Your enquiry" }).fill("Please send the audited accounts for last year.");
      await form.getByRole("checkbox", { name: /privacy notice/ }).check();
      await form.getByRole("button", { name: "Send enquiry" }).click();
      await expect(site).toHaveURL(/\/thank-you\?ref=IV-\d{4}-\d{4}&sig=/);
      reference = (await site.getByTestId("reference").textContent())!;
    } finally {
      await visitor.close();
    }

    // The office finds it among the open enquiries and replies by e-mail.
    await visit(page, backOfficeUrl("/admin/investors"));
    await page.getByRole("link", { name: reference, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Investor enquiry ${reference}`);
    await visit(page, page.url());
    expect(await narrow()).toBe(true);
    await page.getByRole("textbox", { name: /^Reply/ }).fill(`Dear Investor ${stamp},\n\nThe annual report is on our investors page.`);
    await page.getByRole("button", { name: "Send the reply" }).click();
    await expect(flashOf(page)).toHaveText(`Your reply was e-mailed to investor-${stamp}@example.net.`);
    await expect(page.getByRole("heading", { level: 2, name: "Status: Replied" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Replies" })).toContainText("The annual report is on our investors page.");
  });
});
