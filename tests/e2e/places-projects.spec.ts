import { expect, test } from "@playwright/test";
import {
  caseStudies,
  cityServiceAngles,
  futureServices,
  places,
  products,
  projects,
} from "../../app/.server/content/seed/places-and-projects.ts";
import { visit } from "./support/page-checks.ts";

const belt = places.filter((p) => p.region === "Hyderabad industrial belt" && p.slug !== "hyderabad");
const others = places.filter((p) => p.region !== "Hyderabad industrial belt");

test.describe("service area", () => {
  test("/service-area/hyderabad lists the industrial belts and the other places by region", async ({ page }) => {
    await visit(page, "/service-area/hyderabad");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toContainText("Hyderabad, Telangana");
    const beltRegion = main.getByRole("region", { name: "Hyderabad industrial belts" });
    for (const p of belt) {
      await expect(beltRegion.getByRole("link", { name: p.name, exact: true })).toHaveAttribute("href", `/service-area/${p.slug}`);
    }
    const otherRegion = main.getByRole("region", { name: "Other places we serve" });
    await expect(otherRegion.getByRole("heading", { name: "Telangana", exact: true })).toBeVisible();
    await expect(otherRegion.getByRole("heading", { name: "Andhra Pradesh", exact: true })).toBeVisible();
    await expect(otherRegion.getByRole("heading", { name: "Major industrial hubs", exact: true })).toBeVisible();
    for (const p of others) {
      await expect(otherRegion.getByRole("link", { name: p.name, exact: true })).toHaveAttribute("href", `/service-area/${p.slug}`);
    }
    const services = main.getByRole("region", { name: "Services in Hyderabad" });
    await expect(services.getByRole("link", { name: "VFD Repair in Hyderabad", exact: true })).toHaveAttribute(
      "href",
      "/hyderabad/vfd-repair",
    );
    await expect(main.getByRole("link", { name: /Call \+91/ })).toHaveAttribute("href", "tel:+919000000001");
  });

  test("each place has its own intro, areas, industries, response and travel", async ({ page }) => {
    const pune = places.find((p) => p.slug === "pune")!;
    await visit(page, "/service-area/pune");
    const main = page.getByRole("main");
    const puneIntro = (await main.locator(".prose").first().textContent()) ?? "";
    await expect(main.getByRole("heading", { level: 1 })).toContainText("Pune, Maharashtra");
    await expect(main.getByRole("region", { name: "Industrial areas we cover" })).toContainText(pune.industrialAreas[0]!);
    await expect(main.getByRole("region", { name: "Industries we serve" })).toContainText(pune.industries[0]!);
    await expect(main.getByRole("region", { name: "How we respond in Pune" })).toContainText(pune.response);
    await expect(main.getByRole("region", { name: "How we respond in Pune" })).toContainText(pune.travel);
    await expect(main.getByRole("link", { name: "Energy Audit in Pune", exact: true })).toHaveAttribute("href", "/pune/energy-audit");
    // Only the hub lists every place.
    await expect(main.getByRole("region", { name: "Other places we serve" })).toHaveCount(0);

    await visit(page, "/service-area/warangal");
    const warangalIntro = (await page.getByRole("main").locator(".prose").first().textContent()) ?? "";
    expect(puneIntro.length).toBeGreaterThan(200);
    expect(warangalIntro.length).toBeGreaterThan(200);
    expect(warangalIntro).not.toEqual(puneIntro);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toContainText("Warangal");
  });

  test("/{city}/{service} combines the place, the service and how it is delivered in the region", async ({ page, baseURL }) => {
    const pune = places.find((p) => p.slug === "pune")!;
    await visit(page, "/pune/vfd-repair");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("VFD Repair in Pune");
    await expect(page).toHaveTitle(/^VFD Repair in Pune \|/);
    await expect(main).toContainText(cityServiceAngles["vfd-repair"]["Major industrial hub"]);
    await expect(main).toContainText(pune.industrialAreas[0]!);
    await expect(main).toContainText(pune.travel);
    await expect(main.getByText("₹2,500 - ₹15,000 (quoted after inspection)")).toBeVisible();
    await expect(main.getByRole("link", { name: /Full details of VFD Repair/ })).toHaveAttribute("href", "/services/vfd-repair");
    await expect(main.getByRole("link", { name: /Our service in Pune/ })).toHaveAttribute("href", "/service-area/pune");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/pune/vfd-repair`);

    await visit(page, "/warangal/plc-repair-programming");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("PLC Repair & Programming in Warangal");
    await expect(page.getByRole("main")).toContainText(cityServiceAngles["plc-repair-programming"].Telangana);
  });

  test("every place has a page and a page for each city service", { tag: "@desktop" }, async ({ request }) => {
    for (const p of places) {
      expect((await request.get(`/service-area/${p.slug}`)).status(), p.slug).toBe(200);
      for (const s of Object.keys(cityServiceAngles)) {
        expect((await request.get(`/${p.slug}/${s}`)).status(), `/${p.slug}/${s}`).toBe(200);
      }
    }
  });

  test("an unknown place or service is the 404 page", async ({ page, request }) => {
    await visit(page, "/no-such-city/vfd-repair", { status: 404 });
    expect((await request.get("/hyderabad/no-such-service")).status()).toBe(404);
    expect((await request.get("/service-area/nowhere")).status()).toBe(404);
  });
});

test.describe("products and projects", () => {
  test("/products lists every product with its makes and an enquiry route", async ({ page }) => {
    await visit(page, "/products");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Products and spares");
    for (const p of products) await expect(main.getByRole("heading", { level: 2, name: p.name, exact: true })).toBeVisible();
    const drives = main.getByRole("region", { name: products[0]!.name, exact: true });
    await expect(drives).toContainText(products[0]!.brands[0]!);
    await expect(drives).toContainText(products[0]!.notes[0]!);
    await expect(main.getByRole("link", { name: "Request Service", exact: true })).toHaveAttribute("href", "/contact");
  });

  test("/projects lists every project and links to the case studies", async ({ page }) => {
    await visit(page, "/projects");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Projects");
    for (const p of projects) await expect(main.getByRole("heading", { level: 2, name: p.title, exact: true })).toBeVisible();
    const first = main.getByRole("region", { name: projects[0]!.title, exact: true });
    await expect(first).toContainText(projects[0]!.industry);
    await expect(first).toContainText(projects[0]!.location);
    await expect(first).toContainText(projects[0]!.outcome);
    await expect(main.getByRole("link", { name: "Read our detailed case studies" })).toHaveAttribute("href", "/projects/case-studies");
  });

  test("/projects/case-studies lists every case study and the blog case study", async ({ page }) => {
    await visit(page, "/projects/case-studies");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Case studies");
    for (const c of caseStudies) {
      await expect(main.getByRole("link", { name: c.title, exact: true })).toHaveAttribute("href", `/projects/case-studies/${c.slug}`);
      await expect(main).toContainText(c.challenge);
      await expect(main).toContainText(c.result);
    }
    await expect(main.getByRole("region", { name: "More on the blog" }).getByRole("link")).toHaveAttribute(
      "href",
      "/blog/pharma-line-recovery-case-study",
    );
  });

  test("a case study page tells the challenge, approach and result in full", async ({ page, request }) => {
    const study = caseStudies[0]!;
    await visit(page, `/projects/case-studies/${study.slug}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(study.title);
    const summary = main.getByRole("region", { name: "Summary" });
    await expect(summary).toContainText(study.challenge);
    await expect(summary).toContainText(study.approach);
    await expect(summary).toContainText(study.result);
    await expect(main.locator(".prose h2").first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Case studies" })).toHaveAttribute(
      "href",
      "/projects/case-studies",
    );
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    expect(ld).toContain('"@type":"Article"');
    expect((await request.get("/projects/case-studies/no-such-study")).status()).toBe(404);
  });

  test("/future-services shows every topic and a contact section", async ({ page }) => {
    await visit(page, "/future-services");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Future Services");
    for (const f of futureServices) {
      const topic = main.locator(`section#${f.slug}`);
      await expect(topic.getByRole("heading", { level: 2 })).toHaveText(f.title);
      await expect(topic).toContainText(f.status);
    }
    const contact = main.locator("#contact");
    await expect(contact.getByRole("heading", { name: "Talk to us about a project" })).toBeVisible();
    await expect(contact.getByRole("link", { name: /Call \+91/ })).toHaveAttribute("href", "tel:+919000000001");
    await expect(contact.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await expect(contact.getByRole("link", { name: "Request Service", exact: true })).toHaveAttribute("href", "/request");
    await expect(contact.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  });
});
