import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { backOfficeTitle, pageTitleOf } from "~/lib/admin/page-title.ts";
import routes from "~/routes.ts";

/**
 * The admin layout titles every back-office page from the screen's route module's handle (issue 18 §3).
 * A screen added without one would be titled "Back office" alone: this test fails first.
 */
const LAYOUT = "routes/admin/layout.tsx";
/** Never drawn: its loader always throws the 404, whose page has the root's title. */
const NEVER_RENDERED = new Set(["routes/admin/not-built.tsx"]);

function below(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((e) => [e, ...below(e.children ?? [])]);
}

const layout = below(routes).find((e) => e.file === LAYOUT);
const screens = below(layout?.children ?? []).filter((e) => !NEVER_RENDERED.has(e.file));

type RouteModule = { default?: unknown; handle?: { title?: unknown } };
const MODULES = import.meta.glob<RouteModule>("/app/routes/admin/**/*.{ts,tsx}");

async function moduleOf(file: string): Promise<RouteModule> {
  const load = MODULES[`/app/${file}`];
  if (!load) throw new Error(`${file} is not under app/routes/admin`);
  return load();
}

describe("back-office page titles", () => {
  it("finds the admin screens under the layout", () => {
    expect(screens.length).toBeGreaterThan(60);
  });

  it("has a title in the handle of every screen that draws a page", { timeout: 120_000 }, async () => {
    const fixed = new Map<string, string>();
    let pages = 0;
    for (const { file } of screens) {
      const mod = await moduleOf(file);
      // A resource route (a PDF, a CSV, a photo) draws no page and has no title.
      if (typeof mod.default !== "function") continue;
      pages += 1;
      const title = mod.handle?.title;
      expect(typeof title === "string" || typeof title === "function", `${file} exports handle.title`).toBe(true);
      if (typeof title !== "string") continue;
      expect(title.trim(), `${file}: a title`).not.toBe("");
      // The layout adds the suffix; a title that carries it too would say it twice.
      expect(title, file).not.toMatch(/Back Office/i);
      expect(fixed.get(title), `${file} and ${fixed.get(title)} share the title "${title}"`).toBeUndefined();
      fixed.set(title, file);
    }
    expect(pages).toBeGreaterThan(60);
  });

  it("reads a record's title from the page's loader data, and adds the back office and the business", () => {
    const handle = { title: (data: { reference: string }) => `Ticket ${data.reference}` };
    expect(pageTitleOf(handle, { reference: "HD-2611-0003" })).toBe("Ticket HD-2611-0003");
    // No data (the loader threw): no title from it, rather than a crash.
    expect(pageTitleOf(handle, undefined)).toBeUndefined();
    expect(pageTitleOf({ title: "Products" }, undefined)).toBe("Products");
    expect(pageTitleOf({ shell: "admin" }, {})).toBeUndefined();
    expect(pageTitleOf(undefined, {})).toBeUndefined();
    expect(backOfficeTitle("SR-2611-0004", "Deccan Automation Services")).toBe("SR-2611-0004: Back Office | Deccan Automation Services");
  });
});
