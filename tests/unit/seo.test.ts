import { describe, expect, it } from "vitest";
import { seo, type PageType } from "~/.server/seo.ts";
import { defaultSettings } from "~/.server/settings/defaults.ts";

const site = defaultSettings("https://www.example.com");
const TYPES: PageType[] = ["home", "services", "blog", "blog-post", "article", "booking", "about", "contact", "faq", "careers", "tech-data", "policy"];

type Tag = Record<string, unknown>;
const find = (tags: Tag[], key: string, value: string) => tags.find((t) => t[key] === value);

describe("seo()", () => {
  it.each(TYPES)("gives a %s page its title, description, canonical, Open Graph, Twitter and JSON-LD", (type) => {
    const tags = seo(site, { type, title: "VFD Repair", description: "Drive repair in 24-48 hours.", path: "/services/vfd-repair" }) as Tag[];
    const title = tags.find((t) => "title" in t)?.title as string;
    expect(title).toContain("VFD Repair");
    expect(title).toContain(site.identity.legalName);
    expect(find(tags, "name", "description")?.content).toBe("Drive repair in 24-48 hours.");
    expect(find(tags, "rel", "canonical")?.href).toBe("https://www.example.com/services/vfd-repair");
    expect(find(tags, "property", "og:url")?.content).toBe("https://www.example.com/services/vfd-repair");
    expect(find(tags, "property", "og:title")?.content).toBe(title);
    expect(find(tags, "property", "og:image")?.content).toMatch(/^https:\/\/www\.example\.com\//);
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
    const ld = tags.find((t) => "script:ld+json" in t)?.["script:ld+json"] as { "@context": string; "@graph": Tag[] };
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@graph"].length).toBeGreaterThan(0);
    expect(find(tags, "name", "robots")).toBeUndefined();
  });

  it("describes the business on the home page as a 24/7 local business serving India, without self-rating", () => {
    const tags = seo(site, { type: "home", title: "Home", description: "d", path: "/" }) as Tag[];
    const graph = (tags.find((t) => "script:ld+json" in t)?.["script:ld+json"] as { "@graph": Tag[] })["@graph"];
    const business = graph.find((n) => Array.isArray(n["@type"]) && (n["@type"] as string[]).includes("LocalBusiness"));
    expect(business).toMatchObject({ telephone: site.identity.supportPhone, foundingDate: "2010" });
    expect(JSON.stringify(business)).toContain('"closes":"23:59"');
    // Google ignores self-serving review stars; the markup must not claim them.
    expect(JSON.stringify(graph)).not.toContain("aggregateRating");
    expect(graph.some((n) => n["@type"] === "WebSite")).toBe(true);
  });

  it("marks up FAQ pages with their questions and keeps noindex pages out of search", () => {
    const faq = seo(site, {
      type: "faq",
      title: "FAQ",
      description: "d",
      path: "/faq",
      faqs: [{ question: "Do you repair ABB drives?", answer: "Yes, ACS series." }],
    }) as Tag[];
    expect(JSON.stringify(faq)).toContain('"@type":"Question","name":"Do you repair ABB drives?"');
    const hidden = seo(site, { type: "policy", title: "x", description: "d", path: "/thank-you", noindex: true }) as Tag[];
    expect(find(hidden, "name", "robots")?.content).toBe("noindex");
  });
});
