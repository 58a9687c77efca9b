import { expect, test } from "@playwright/test";
import { automationServices } from "../../app/.server/content/seed/services-automation.ts";
import { electricalServices } from "../../app/.server/content/seed/services-electrical.ts";
import { serviceSlug } from "../../app/lib/slug.ts";
import { visit } from "./support/page-checks.ts";

const services = [...automationServices, ...electricalServices];

/** Spec section 2: the fixed /services/ pages, the footer's service links and the search index's slugs. */
const FIXED = ["breakdown", "motor-repair", "plc-repair", "vfd-repair", "servo-drive", "hmi-scada", "panel-retrofit", "amc", "ht-lt-panel", "transformer-dg", "control-panel-fabrication", "energy-audit", "solar-epc", "automation-training", "load-balancing", "electrical-safety", "industrial-lighting", "scada-system", "hmi-repair"];
const FOOTER = ["vfd-panel-repair", "plc-repair", "servo-drive-repair", "motor-repair", "amc-services", "breakdown-services"];
const INDEX = ["247-emergency-service", "vfd-drive-repair", "plc-repair-programming", "servo-drive-repair", "dc-drive-repair", "hmi-touch-panel", "industrial-ups", "cncvmc-repair", "amc-bronze", "amc-silver", "amc-gold", "plc-panels", "vfd-panels", "apfc-panels", "panel-installation", "commissioning-support", "shutdown-teams", "retrofit-modernization", "energy-saving-projects", "process-optimization", "sensor-based-error-detection", "process-interlocks", "quality-checkpoints", "operator-training", "maintenance-training", "technical-webinars", "automation-engineers", "electrical-technicians", "project-managers", "greenfield-projects", "brownfield-expansions", "skid-mounted-solutions", "battery-manufacturing-automation", "industrial-iot-iiot-solutions", "ev-charging-infrastructure", "digital-twin-virtual-commissioning", "industrial-robotics-cobot-integration", "renewable-energy-scada-automation", "additive-manufacturing-3d-printing", "ot-cybersecurity-network-protection", "mes-erp-integration-services", "ai-quality-inspection-systems", "smart-warehouse-logistics-automation"];

test.describe("service catalogue", () => {
  test("every /services/ path in the spec resolves: 200, or a 301 to its canonical page", { tag: "@desktop" }, async ({ request }) => {
    for (const slug of new Set([...FIXED, ...FOOTER, ...INDEX])) {
      const response = await request.get(`/services/${slug}`, { maxRedirects: 0 });
      expect([200, 301], `/services/${slug}`).toContain(response.status());
      if (response.status() === 301) {
        const target = new URL(response.headers()["location"]!, "http://x").pathname;
        expect((await request.get(target, { maxRedirects: 0 })).status(), `${slug} -> ${target}`).toBe(200);
      }
    }
    // The 19 fixed pages are pages of their own, never redirects.
    for (const slug of FIXED) expect((await request.get(`/services/${slug}`, { maxRedirects: 0 })).status(), slug).toBe(200);
  });

  test("/service/{slug} works for every catalogue name, by the spec's slug rule", { tag: "@desktop" }, async ({ request }) => {
    expect(services.length).toBeGreaterThanOrEqual(60);
    expect(serviceSlug("PLC Repair & Programming")).toBe("plc-repair--programming");
    for (const s of services) {
      const response = await request.get(`/service/${serviceSlug(s.name)}`, { maxRedirects: 0 });
      expect([200, 301], s.name).toContain(response.status());
      if (response.status() === 301) expect(response.headers()["location"]).toContain(s.servicePaths[0]!);
    }
  });

  test("an unknown service is the 404 page", { tag: "@desktop" }, async ({ request }) => {
    expect((await request.get("/services/no-such-service")).status()).toBe(404);
    expect((await request.get("/service/no-such-service")).status()).toBe(404);
  });

  test("the catalogue groups services by category with the indicative charges", async ({ page }) => {
    await visit(page, "/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Industrial repair and automation services");
    const automation = page.getByRole("region", { name: "Automation" });
    await expect(automation.getByText("Indicative charges: ₹2,500 - ₹15,000")).toBeVisible();
    await expect(automation.getByRole("link", { name: "VFD Repair", exact: true })).toHaveAttribute("href", "/services/vfd-repair");
    await expect(page.getByRole("region", { name: "Emergency" }).getByText("₹5,000 - ₹50,000")).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/services$/);
  });

  test("a service page: what is repaired, charges, ways to reach us, FAQs, one canonical address", async ({ page, baseURL }) => {
    await visit(page, "/services/vfd-repair");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("VFD Repair");
    await expect(page.getByText("₹2,500 - ₹15,000 (quoted after inspection)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Request Service", exact: true }).last()).toHaveAttribute("href", "/request?service=vfd-repair");
    await expect(page.getByRole("main").getByRole("link", { name: /Call \+91/ })).toHaveAttribute("href", "tel:+919000000001");
    await expect(page.getByRole("region", { name: "Makes and series" })).toContainText("ABB");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/services/vfd-repair`);
    const ld = await page.locator('script[type="application/ld+json"]').textContent();
    expect(ld).toContain('"@type":"Service"');
    expect(ld).toContain('"@type":"BreadcrumbList"');
    const faq = page.getByRole("region", { name: "Questions about VFD Repair" }).locator("details").first();
    await faq.locator("summary").click();
    await expect(faq.locator(".prose")).toBeVisible();
  });

  test("a service page's quotation form is checked in the browser once it comes into view (its code loaded then, issue 17 §7)", async ({ page }) => {
    await page.goto("/services/vfd-repair");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const form = page.locator("#quote").getByRole("form");
    await form.scrollIntoViewIfNeeded();
    const mobile = form.getByRole("textbox", { name: "Mobile number" });
    // The form hydrates once it is in view: a field left before that is checked when it is left again.
    await expect(async () => {
      await mobile.fill("12345");
      await mobile.blur();
      await expect(form.getByText("Enter a 10-digit Indian mobile number")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/services\/vfd-repair$/);
  });
});
