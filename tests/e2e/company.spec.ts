import { expect, test, type Page } from "@playwright/test";
import { careerOpenings, FAQ_GROUPS, faqs, legalPages, trainingCourses } from "../../app/.server/content/seed/company.ts";
import { visit } from "./support/page-checks.ts";

/** The first-run settings (app/.server/settings/defaults.ts). */
const PHONE = "+919000000001";
const EMAIL = "support@example.com";

async function jsonLd(page: Page): Promise<string> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).join("\n");
}

test.describe("company pages", () => {
  test("/about: the story, values, industries and the settings' claims", async ({ page }) => {
    await visit(page, "/about");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("About Us");
    await expect(main.getByRole("heading", { name: "The workshop", exact: true })).toBeVisible();
    const figures = main.getByRole("region", { name: "The company in figures" });
    await expect(figures).toContainText("2010");
    await expect(figures).toContainText("15+");
    await expect(figures).toContainText("500+");
    await expect(figures).toContainText("ISO 9001:2015");
    await expect(figures).toContainText("4.8 out of 5");
    await expect(figures).toContainText("2,500 ratings");
    await expect(main.getByRole("region", { name: "Our values" }).getByRole("heading", { name: "Safety first" })).toBeVisible();
    await expect(main.getByRole("region", { name: "Industries we serve" })).toContainText("Pharmaceuticals");
    const ld = await jsonLd(page);
    expect(ld).toContain('"@type":"AboutPage"');
    expect(ld).not.toContain("AggregateRating");
  });

  test("/careers: every opening with its details, an online application preselecting it, or e-mail with the title as subject", async ({ page }) => {
    await visit(page, "/careers");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Careers");
    for (const job of careerOpenings) {
      const section = main.getByRole("region", { name: job.title, exact: true });
      await expect(section).toContainText(job.location);
      await expect(section).toContainText(job.experience);
      await expect(section.getByRole("link", { name: /^Apply now/ })).toHaveAttribute("href", `/careers?opening=${encodeURIComponent(job.title)}#apply`);
      await expect(section.getByRole("link", { name: /apply by e-mail/ })).toHaveAttribute(
        "href",
        `mailto:${EMAIL}?subject=${encodeURIComponent(job.title)}`,
      );
    }
    const first = main.getByRole("region", { name: careerOpenings[0]!.title, exact: true });
    await first.locator("summary").click();
    await expect(first.getByText(careerOpenings[0]!.requirements[0]!)).toBeVisible();
    const apply = main.getByRole("region", { name: "Apply online" });
    await expect(apply.getByRole("link", { name: EMAIL })).toHaveAttribute("href", `mailto:${EMAIL}`);
    await expect(apply.locator(`a[href="tel:${PHONE}"]`)).toBeVisible();
    await expect(apply).not.toContainText(/coming soon/i);
  });

  test("/certifications and /investors show their page entries", async ({ page }) => {
    await visit(page, "/certifications");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("ISO 9001:2015 Certification");
    await expect(page.getByRole("heading", { name: "Calibration of test equipment" })).toBeVisible();

    await visit(page, "/investors");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Investors");
    await expect(main.getByText("privately held", { exact: true })).toBeVisible();
    await expect(main.getByRole("region", { name: "Send an investor enquiry" }).getByRole("link", { name: EMAIL })).toHaveAttribute(
      "href",
      `mailto:${EMAIL}?subject=Investor%20enquiry`,
    );
  });

  test("/training: every course with duration, mode, syllabus and outcomes, and a way to enquire", async ({ page }) => {
    await visit(page, "/training");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Industrial automation training");
    for (const course of trainingCourses) {
      const section = main.getByRole("region", { name: course.title, exact: true });
      await expect(section).toContainText(`${course.durationDays} day`);
      await expect(section).toContainText(course.mode);
      await expect(section.getByText(course.syllabus[0]!, { exact: true })).toBeVisible();
      await expect(section.getByText(course.outcomes[0]!, { exact: true })).toBeVisible();
    }
    await expect(main.getByRole("link", { name: "Request Service", exact: true })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: /Call \+91/ })).toHaveAttribute("href", `tel:${PHONE}`);
  });

  test("/faq: questions grouped in the set order, answers in details, FAQPage JSON-LD", async ({ page }) => {
    await visit(page, "/faq");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
    const groupHeadings = await main.locator("section > h2").allTextContents();
    expect(groupHeadings).toEqual([...FAQ_GROUPS]);
    for (const group of FAQ_GROUPS) {
      const expected = faqs.filter((f) => f.group === group).length;
      await expect(main.getByRole("region", { name: group, exact: true }).locator("details")).toHaveCount(expected);
    }
    const first = main.locator("details").first();
    await first.locator("summary").click();
    await expect(first.locator(".prose")).toBeVisible();
    const ld = await jsonLd(page);
    expect(ld).toContain('"@type":"FAQPage"');
    expect((ld.match(/"@type":"Question"/g) ?? []).length).toBe(faqs.length);
    expect(ld).toContain(faqs[0]!.question);
  });

  test("/contact: phone, WhatsApp and e-mail from the settings, address, hours, GSTIN and the form note", async ({ page }) => {
    await visit(page, "/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Contact us");
    const reach = main.getByRole("region", { name: "Phone, WhatsApp and e-mail" });
    await expect(reach.getByRole("link", { name: "+91 90000 00001" }).first()).toHaveAttribute("href", `tel:${PHONE}`);
    await expect(reach.getByRole("link", { name: EMAIL })).toHaveAttribute("href", `mailto:${EMAIL}`);
    const wa = new URL((await reach.locator('a[href^="https://wa.me/"]').getAttribute("href"))!);
    expect(wa.pathname).toBe("/919000000001");
    expect(wa.searchParams.get("text")).toBeTruthy();
    await expect(main.locator("address")).toContainText("Balanagar");
    await expect(main.locator("address")).toContainText("500037");
    await expect(main).toContainText("Open 24/7 for emergencies");
    await expect(main).toContainText("2-4 hours");
    await expect(main).toContainText("36AAAAA0000A1Z3");
    await expect(main.getByRole("region", { name: "How to reach the workshop" })).toContainText("Balanagar is in the industrial area of Hyderabad");
    const note = main.locator("#contact-form-note");
    await expect(note.getByRole("link", { name: "service request form" })).toHaveAttribute("href", "/request");
    const ld = await jsonLd(page);
    expect(ld).toContain('"@type":"ContactPage"');
    expect(ld).toContain("LocalBusiness");
  });
});

test.describe("legal pages", () => {
  for (const legal of legalPages) {
    test(`/${legal.slug}: title, version and body with the settings' contact details`, async ({ page }) => {
      await visit(page, `/${legal.slug}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(legal.title);
      // Version 1 is the seed's text, with its original label; every version has its own address (ADR 043).
      await expect(main.getByText(`Version 1 (${legal.version})`)).toBeVisible();
      await expect(main.locator(".prose h2").first()).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/${legal.slug}$`));
      if (legal.body.includes(EMAIL)) await expect(main.locator(`.prose a[href="mailto:${EMAIL}"]`).first()).toBeVisible();
      await visit(page, `/${legal.slug}/versions/1`);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toContainText(legal.title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/${legal.slug}$`));
    });
  }

  test("the /legal/ aliases redirect permanently to the pages, anything else is 404", { tag: "@desktop" }, async ({ request }) => {
    const aliases: Record<string, string> = {
      "privacy-policy": "/privacy",
      privacy: "/privacy",
      "terms-and-conditions": "/terms",
      terms: "/terms",
      "return-policy": "/return-policy",
      returns: "/return-policy",
    };
    for (const [alias, target] of Object.entries(aliases)) {
      const response = await request.get(`/legal/${alias}`, { maxRedirects: 0 });
      expect(response.status(), alias).toBe(301);
      expect(new URL(response.headers()["location"]!, "http://x").pathname, alias).toBe(target);
      expect((await request.get(target)).status(), target).toBe(200);
    }
    expect((await request.get("/legal/x", { maxRedirects: 0 })).status()).toBe(404);
  });
});
