import { expect, test } from "@playwright/test";
import { visit } from "./support/page-checks.ts";

/**
 * axe on the sitemap's pages, at desktop and phone width (sitemap-html.spec.ts validates every page's HTML,
 * with both validators, once). The 328
 * {city}/{service} pages share one template and differ in text only: one page per service, each in a
 * different place, stands for them; every other page is checked. Split in batches that run in parallel.
 */
const BATCHES = 4;
test.describe.configure({ timeout: 300_000 });

async function crawlPaths(baseURL: string): Promise<string[]> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const templatePages = new Set(
    paths.filter((p) => p.split("/").length === 3 && !/^\/(services|service|blog|projects|service-area)\//.test(p)),
  );
  const places = [...new Set([...templatePages].map((p) => p.split("/")[1]!))];
  const services = [...new Set([...templatePages].map((p) => p.split("/")[2]!))];
  // One page per service, each in a different place.
  const samples = new Set(services.map((service, k) => `/${places[(k * 5) % places.length]}/${service}`));
  return paths.filter((p) => !templatePages.has(p) || samples.has(p));
}

for (let batch = 0; batch < BATCHES; batch++) {
  test(`accessibility of the sitemap's pages, part ${batch + 1} of ${BATCHES}`, async ({ page, baseURL }) => {
    const paths = (await crawlPaths(baseURL!)).filter((_, i) => i % BATCHES === batch);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) await visit(page, path, { html: false });
  });
}
