import { expect, test } from "@playwright/test";
import { visit } from "./support/page-checks.ts";

const FIXED = ["vfd-common-faults", "plc-troubleshooting", "motor-maintenance", "drive-replacement-signs", "pharma-line-recovery-case-study"];
const INDEXED = ["vfd-troubleshooting", "vfd-fault-detection", "vfd-signs", "plc-checklist", "amc-guide"];

test.describe("blog", () => {
  test("/blog lists every article, newest first", async ({ page }) => {
    await visit(page, "/blog");
    const links = page.getByRole("main").getByRole("heading", { level: 2 }).getByRole("link");
    await expect(links).toHaveCount(10);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    for (const slug of [...FIXED, ...INDEXED]) expect(hrefs).toContain(`/blog/${slug}`);
    const dates = await page.locator("main time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")!));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test("the VFD faults article names the drive series of each brand's codes", async ({ page }) => {
    await visit(page, "/blog/vfd-common-faults");
    const body = page.locator("article .prose").first();
    for (const text of ["ACS880", "MICROMASTER 440", "C2000", "A1000", "FR-A800", "2310", "F0001", "ocA", "oC", "E.OC1"]) {
      await expect(body).toContainText(text);
    }
    // Wide tables scroll on a phone and can be reached by keyboard.
    await expect(page.locator(".table-scroll").first()).toHaveAttribute("tabindex", "0");
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    expect(ld).toContain('"@type":"BlogPosting"');
    expect(ld).toContain('"datePublished"');
  });

  test("every spec article exists, and an unknown slug is a 404", { tag: "@desktop" }, async ({ request }) => {
    for (const slug of [...FIXED, ...INDEXED]) expect((await request.get(`/blog/${slug}`)).status(), slug).toBe(200);
    expect((await request.get("/blog/no-such-article")).status()).toBe(404);
  });
});
