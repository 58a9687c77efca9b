import { describe, expect, it } from "vitest";
import { MAX_RESULTS_PER_GROUP, SEARCH_CATEGORIES, searchIndex, searchSite } from "~/lib/search-index.ts";

describe("header site search", () => {
  it("shows every entry, grouped in category order, for an empty query", () => {
    const groups = searchSite("");
    expect(groups.map((g) => g.category)).toEqual([...SEARCH_CATEGORIES]);
    expect(groups.reduce((n, g) => n + g.entries.length, 0)).toBe(searchIndex.length);
  });

  it("lists every spec route: the 43 service slugs, the five indexed articles and the legal pages", () => {
    const paths = searchIndex.map((e) => e.path);
    expect(paths.filter((p) => p.startsWith("/services/"))).toHaveLength(43);
    for (const p of ["/blog/vfd-troubleshooting", "/blog/vfd-fault-detection", "/blog/vfd-signs", "/blog/plc-checklist", "/blog/amc-guide"]) {
      expect(paths).toContain(p);
    }
    for (const p of ["/legal/terms", "/legal/privacy", "/legal/returns", "/service-area/hyderabad", "/technician/register"]) {
      expect(paths).toContain(p);
    }
  });

  it("matches title, keywords or category, whatever the case, and caps each group at 8", () => {
    const groups = searchSite("VFD");
    const services = groups.find((g) => g.category === "Services");
    expect(services?.entries.length).toBeLessThanOrEqual(MAX_RESULTS_PER_GROUP);
    expect(services?.entries.map((e) => e.title)).toContain("VFD Drive Repair");
    expect(groups.find((g) => g.category === "Blog")?.entries.map((e) => e.path)).toContain("/blog/vfd-troubleshooting");

    // "amc" matches more than eight services: only the first eight are shown.
    const many = searchSite("a");
    for (const g of many) expect(g.entries.length).toBeLessThanOrEqual(MAX_RESULTS_PER_GROUP);

    // Category name: "legal" finds the legal pages even though their titles do not say it.
    expect(searchSite("LEGAL").map((g) => g.category)).toContain("Legal");
    // Keyword only: "inverter" is not in any title.
    expect(searchSite("inverter").flatMap((g) => g.entries.map((e) => e.title))).toContain("VFD Drive Repair");
  });

  it("finds nothing for a query that matches no entry", () => {
    expect(searchSite("zzqx-no-such-thing")).toEqual([]);
  });
});
