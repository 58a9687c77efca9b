import { describe, expect, it } from "vitest";
import { renderRobots, renderSitemap } from "~/.server/content/sitemap.ts";
import { formatIndianPhone, telHref, whatsappHref } from "~/lib/contact-links.ts";

describe("robots.txt and sitemap.xml", () => {
  it("keeps crawlers out of the portals and the sign-in callback, and points at the sitemap", () => {
    const robots = renderRobots("https://www.example.com");
    for (const p of ["/admin", "/customer", "/technician", "/auth"]) expect(robots).toContain(`Disallow: ${p}\n`);
    expect(robots).toContain("Sitemap: https://www.example.com/sitemap.xml");
  });

  it("writes absolute, escaped URLs", () => {
    const xml = renderSitemap("https://www.example.com", [{ path: "/a&b", changefreq: "weekly", priority: 0.5 }]);
    expect(xml).toContain("<loc>https://www.example.com/a&amp;b</loc>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe("contact links", () => {
  it("builds WhatsApp click-to-chat with digits only and encoded text, and tel: links", () => {
    expect(whatsappHref("+91 90000 00001", "Need VFD repair & PLC")).toBe(
      "https://wa.me/919000000001?text=Need%20VFD%20repair%20%26%20PLC",
    );
    expect(telHref("+91 90000 00001")).toBe("tel:+919000000001");
    expect(formatIndianPhone("+919000000001")).toBe("+91 90000 00001");
  });
});
