import { expect, test } from "@playwright/test";
import { visit } from "./support/page-checks.ts";

/**
 * axe on the sitemap's pages, at desktop and phone width (sitemap-html.spec.ts validates every page's HTML,
 * with both validators, once). The 328
 * {city}/{service} pages share one template and differ in text only: one page per service, each in a
 * different place, stands for them; every other page is checked at desktop width. At phone width one page
 * per template and kind of content is checked (phoneSample). Split in batches that run in parallel.
 */
const BATCHES = 4;
test.describe.configure({ timeout: 300_000 });

interface Crawl {
  paths: string[];
  /** The {city}/{service} pages among paths. */
  cityService: Set<string>;
}

async function crawlPaths(baseURL: string): Promise<Crawl> {
  const xml = await (await fetch(`${baseURL}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const templatePages = new Set(
    paths.filter((p) => p.split("/").length === 3 && !/^\/(services|service|blog|projects|service-area)\//.test(p)),
  );
  const places = [...new Set([...templatePages].map((p) => p.split("/")[1]!))];
  const services = [...new Set([...templatePages].map((p) => p.split("/")[2]!))];
  // One page per service, each in a different place.
  const samples = new Set(services.map((service, k) => `/${places[(k * 5) % places.length]}/${service}`));
  return { paths: paths.filter((p) => !templatePages.has(p) || samples.has(p)), cityService: samples };
}

/**
 * The pages at phone width: the first of each template and kind of content (ADR 065). The pages of one kind
 * (the service pages, the articles under /blog/, the projects, the {city}/{service} pages) are one route and
 * one template, differing in text: what axe finds at 390 px that it did not at desktop width (target sizes,
 * what the narrow layout shows and hides) is the template's, and the desktop crawl checks every page's own
 * content. A page with a route of its own (one segment) is its own template, so each is checked. Content
 * that lays out differently at 390 px makes a kind of its own: a page whose HTML has a table or preformatted
 * text (which may become a scrolling region there, which axe checks) stands for those of its template that
 * have one too.
 */
async function phoneSample(baseURL: string, { paths, cityService }: Crawl): Promise<string[]> {
  const templates = new Map<string, string[]>();
  for (const path of paths) {
    const segments = path.split("/").filter(Boolean);
    const template = cityService.has(path) ? "/{city}/{service}" : segments.length <= 1 ? path : `/${segments[0]}/${segments.slice(1).map(() => "*").join("/")}`;
    templates.set(template, [...(templates.get(template) ?? []), path]);
  }
  const sample: string[] = [];
  for (const [template, pages] of templates) {
    // The {city}/{service} pages are text in one layout (see crawlPaths); a one-page template is its own sample.
    if (template === "/{city}/{service}" || pages.length === 1) {
      sample.push(pages[0]!);
      continue;
    }
    const htmls = await Promise.all(pages.map(async (path) => (await fetch(`${baseURL}${path}`)).text()));
    const kinds = new Map<string, string>();
    pages.forEach((path, i) => {
      const kind = `${/<table\b/.test(htmls[i]!)} ${/<pre\b/.test(htmls[i]!)}`;
      if (!kinds.has(kind)) kinds.set(kind, path);
    });
    sample.push(...kinds.values());
  }
  return sample;
}

/** Made once per worker: the batches a worker runs share it. */
let phonePaths: Promise<string[]> | undefined;

for (let batch = 0; batch < BATCHES; batch++) {
  test(`accessibility of the sitemap's pages, part ${batch + 1} of ${BATCHES}`, async ({ page, baseURL }) => {
    const crawl = await crawlPaths(baseURL!);
    const phone = test.info().project.name === "phone";
    const paths = (phone ? await (phonePaths ??= phoneSample(baseURL!, crawl)) : crawl.paths).filter((_, i) => i % BATCHES === batch);
    expect(paths.length).toBeGreaterThan(phone ? 3 : 20);
    for (const path of paths) await visit(page, path, { html: false });
  });
}
