import { expect, test } from "@playwright/test";
import { openHydrated } from "./support/page-checks.ts";

const NAV = [
  ["Home", "/"],
  ["Services", "/services"],
  ["Future Services", "/future-services"],
  ["Products", "/products"],
  ["Projects", "/projects"],
  ["Electronics", "/power-electronics"],
  ["Technical Data", "/technical-data"],
  ["Blog", "/blog"],
  ["Contact", "/contact"],
] as const;

test.describe("site shell", () => {
  test("home page head: title, description, canonical, Open Graph, Twitter and JSON-LD", async ({ page, baseURL }) => {
    await openHydrated(page, "/");
    await expect(page).toHaveTitle(/Deccan Automation Services/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /VFD.*PLC/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Deccan/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(JSON.stringify(ld)).toContain("LocalBusiness");
    // The Open Graph image the tags point to exists.
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect((await page.request.get(image!)).status()).toBe(200);
  });

  test("header: two-part wordmark, tagline, navigation, Sign In menu and call link", async ({ page, isMobile }) => {
    await openHydrated(page, "/");
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: /^Deccan Automation/ })).toContainText("Deccan Automation");
    await expect(header.getByText("Powering Industrial Excellence")).toBeVisible();
    await expect(header.getByRole("link", { name: /Call/ })).toHaveAttribute("href", "tel:+919000000001");

    if (isMobile) {
      await header.locator("summary", { hasText: "Menu" }).click();
      const menu = page.getByRole("navigation", { name: "Main menu" });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Forum" })).toHaveAttribute("href", "/discussion");
      for (const [label, href] of NAV) await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      await expect(menu.getByRole("link", { name: "Request Service" })).toHaveAttribute("href", "/request");
      await header.locator("summary", { hasText: "Menu" }).click();
    } else {
      const nav = page.getByRole("navigation", { name: "Main", exact: true });
      for (const [label, href] of NAV) await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name: "Discussion" })).toHaveAttribute("href", "/discussion");
    }

    await header.locator("summary", { hasText: "Sign In" }).click();
    await expect(page.getByText("Choose Login Type")).toBeVisible();
    const signIn = header.locator("details", { hasText: "Choose Login Type" });
    await expect(signIn.getByRole("link", { name: "Customer Login" })).toHaveAttribute("href", "/customer/login");
    await expect(signIn.getByRole("link", { name: "Technician Login" })).toHaveAttribute("href", "/technician/login");
    await expect(signIn.getByRole("link", { name: "Technician Registration" })).toHaveAttribute("href", "/technician/register");
    // Closes on an outside click.
    await page.locator("h1").click();
    await expect(page.getByText("Choose Login Type")).toBeHidden();
  });

  test("footer: every spec link, the service links, and phone and e-mail from settings", async ({ page }) => {
    await openHydrated(page, "/");
    const footer = page.locator("footer");
    for (const href of [
      "/about", "/careers", "/privacy", "/terms", "/return-policy",
      "/services/vfd-panel-repair", "/services/plc-repair", "/services/servo-drive-repair",
      "/services/motor-repair", "/services/amc-services", "/services/breakdown-services",
      "/customer/login", "/technician/login", "/technician/register", "/products", "/technical-data",
      "/power-electronics", "/discussion", "/future-services", "/services", "/sitemap.xml",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`).first(), href).toBeAttached();
    }
    await expect(footer.locator('a[href="tel:+919000000001"]')).toContainText("+91 90000 00001");
    await expect(footer.locator('a[href="mailto:support@example.com"]')).toContainText("support@example.com");
    await expect(footer.locator('a[href^="https://wa.me/919000000001?text="]')).toBeAttached();
  });

  test("anonymous pages are cacheable: Cache-Control and an ETag that answers 304", { tag: "@desktop" }, async ({ request }) => {
    const first = await request.get("/");
    expect(first.headers()["cache-control"]).toMatch(/public, max-age=\d+/);
    const etag = first.headers()["etag"];
    expect(etag).toBeTruthy();
    const again = await request.get("/", { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);

    const asset = (await first.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    const js = await request.get(asset!);
    expect(js.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("robots.txt keeps crawlers out of the portals, and sitemap.xml lists absolute URLs", { tag: "@desktop" }, async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const text = await robots.text();
    for (const p of ["/admin", "/customer", "/technician", "/auth"]) expect(text).toContain(`Disallow: ${p}`);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    expect(await sitemap.text()).toContain(`<loc>${baseURL}/</loc>`);
  });
});
