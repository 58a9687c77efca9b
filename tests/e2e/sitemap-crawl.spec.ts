import { expect, test } from "@playwright/test";
import { visit } from "./support/page-checks.ts";

/**
 * Every URL in the sitemap: status 200, a title no other page has, and clean axe and HTML validation.
 * Split in batches so that one slow page does not time out the whole crawl.
 */
test.describe.configure({ timeout: 240_000 });

async function sitemapPaths(baseURL: string): Promise<string[]> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

for (const batch of [0, 1, 2, 3]) {
  test(`crawl of the sitemap, part ${batch + 1} of 4`, async ({ page, baseURL }) => {
    const paths = await sitemapPaths(baseURL!);
    expect(paths.length).toBeGreaterThan(70);
    const titles = new Map<string, string>();
    for (const [i, path] of paths.entries()) {
      // Titles are compared across the whole sitemap, pages are checked in this batch only.
      if (i % 4 !== batch) {
        const html = await (await fetch(`${baseURL}${path}`)).text();
        titles.set(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "", path);
        continue;
      }
      await visit(page, path);
      const title = await page.title();
      expect(titles.get(title), `"${title}" is used by ${titles.get(title)} and ${path}`).toBeUndefined();
      titles.set(title, path);
    }
  });
}
