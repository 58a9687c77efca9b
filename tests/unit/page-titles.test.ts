import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { headTitle, pageTitleOf, rootMetaOnError } from "~/lib/page-title.ts";
import routes from "~/routes.ts";

/**
 * The back office's and the portals' layouts title every page from the page's route module's handle
 * (issue 18 §3, components/page-head.tsx). A page added without one would have no title: this test fails first.
 */
const LAYOUTS = { "routes/admin/layout.tsx": 60, "routes/customer/layout.tsx": 8, "routes/technician/layout.tsx": 2 };
/** Never drawn: its loader always throws the 404, whose page has the root's title. */
const NEVER_RENDERED = new Set(["routes/admin/not-built.tsx"]);

type RouteModule = { default?: unknown; handle?: { title?: unknown } };
const MODULES = import.meta.glob<RouteModule>("/app/routes/{admin,customer,technician}/**/*.{ts,tsx}");

function below(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((e) => [e, ...below(e.children ?? [])]);
}

async function moduleOf(file: string): Promise<RouteModule> {
  const load = MODULES[`/app/${file}`];
  if (!load) throw new Error(`${file} is not in the glob above`);
  return load();
}

describe("page titles of the back office and the portals", () => {
  for (const [layoutFile, atLeast] of Object.entries(LAYOUTS)) {
    it(`has a title in the handle of every page under ${layoutFile}`, { timeout: 120_000 }, async () => {
      const layout = below(routes).find((e) => e.file === layoutFile);
      const children = below(layout?.children ?? []).filter((e) => !NEVER_RENDERED.has(e.file));
      const fixed = new Map<string, string>();
      let pages = 0;
      for (const { file } of children) {
        const mod = await moduleOf(file);
        // A resource route (a PDF, a CSV, a photo) draws no page and has no title.
        if (typeof mod.default !== "function") continue;
        pages += 1;
        const title = mod.handle?.title;
        expect(typeof title === "string" || typeof title === "function", `${file} exports handle.title`).toBe(true);
        if (typeof title !== "string") continue;
        expect(title.trim(), `${file}: a title`).not.toBe("");
        // The layout adds the suffix; a title that carries it too would say it twice.
        expect(title, file).not.toMatch(/Back Office|\|/i);
        expect(fixed.get(title), `${file} and ${fixed.get(title)} share the title "${title}"`).toBeUndefined();
        fixed.set(title, file);
      }
      expect(pages).toBeGreaterThanOrEqual(atLeast);
    });
  }

  it("reads a record's title from the page's loader data, and adds the section and the business", () => {
    const handle = { title: (data: { reference: string }) => `Ticket ${data.reference}` };
    expect(pageTitleOf(handle, { reference: "HD-2611-0003" })).toBe("Ticket HD-2611-0003");
    // No data (the loader threw): no title from it, rather than a crash.
    expect(pageTitleOf(handle, undefined)).toBeUndefined();
    expect(pageTitleOf({ title: "Products" }, undefined)).toBe("Products");
    expect(pageTitleOf({ shell: "admin" }, {})).toBeUndefined();
    expect(pageTitleOf(undefined, {})).toBeUndefined();
    expect(headTitle("SR-2611-0004", "Deccan Automation Services", "Back Office")).toBe("SR-2611-0004: Back Office | Deccan Automation Services");
    expect(headTitle("My data", "Deccan Automation Services")).toBe("My data | Deccan Automation Services");
  });

  it("leaves a layout's pages without the root's meta, and its error pages with it", () => {
    const root = [{ title: "Access Denied" }, { name: "robots", content: "noindex" }];
    const matches = [{ meta: root }, { meta: [] }];
    expect(rootMetaOnError({ error: undefined, matches })).toEqual([]);
    expect(rootMetaOnError({ error: new Error("refused"), matches })).toEqual(root);
  });
});
