import { expect, test } from "@playwright/test";

/**
 * Every public path that the spec's route lists name (section 2: public routes, blog, legal, other routes,
 * header/footer links and the site search index) answers 200, or 301 to a page that answers 200.
 * (The /services/ slugs are checked in catalogue.spec.ts; the portals' routes come with the accounts issue.)
 */
const PUBLIC = ["/", "/about", "/future-services", "/contact", "/faq", "/careers", "/certifications", "/training", "/request", "/investors", "/discussion", "/reviews", "/products", "/services", "/service/vfd-repair", "/service-area/hyderabad", "/blog", "/projects", "/projects/case-studies", "/power-electronics", "/technical-data", "/search", "/search?q=vfd"];
const BLOG = ["/blog/vfd-common-faults", "/blog/plc-troubleshooting", "/blog/motor-maintenance", "/blog/drive-replacement-signs", "/blog/pharma-line-recovery-case-study", "/blog/vfd-troubleshooting", "/blog/vfd-fault-detection", "/blog/vfd-signs", "/blog/plc-checklist", "/blog/amc-guide"];
const LEGAL = ["/privacy", "/terms", "/return-policy", "/legal/privacy-policy", "/legal/terms-and-conditions", "/legal/return-policy", "/legal/terms", "/legal/privacy", "/legal/returns"];
const INDEX_ONLY = ["/discussions", "/hyderabad/vfd-repair"];

test("every public path in the spec resolves: 200, or a 301 to a page that answers 200", { tag: "@desktop" }, async ({ request }) => {
  for (const path of [...PUBLIC, ...BLOG, ...LEGAL, ...INDEX_ONLY]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect([200, 301], path).toContain(response.status());
    if (response.status() === 301) {
      const target = response.headers()["location"]!;
      expect((await request.get(target, { maxRedirects: 0 })).status(), `${path} -> ${target}`).toBe(200);
    }
  }
  // And anything else is the 404 page.
  expect((await request.get("/no/such/page/here")).status()).toBe(404);
  expect((await request.get("/blog/no-such-article")).status()).toBe(404);
});
