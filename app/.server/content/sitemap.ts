import { listArticles, listEntries, listServices } from "./index.ts";

/**
 * Public paths for /sitemap.xml. Only pages that exist are listed; each content issue adds its pages
 * (services, articles, city pages) here, read from the database.
 */
export interface SitemapEntry {
  path: string;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  priority: number;
  lastmod?: string;
}

export async function listSitemapEntries(): Promise<SitemapEntry[]> {
  const [services, articles, places, cityServices, caseStudies] = await Promise.all([
    listServices(),
    listArticles(),
    listEntries("place"),
    listEntries("city-service"),
    listEntries("case-study"),
  ]);
  const page = (path: string, changefreq: SitemapEntry["changefreq"], priority: number): SitemapEntry => ({
    path,
    changefreq,
    priority,
  });
  return [
    page("/", "weekly", 1),
    page("/services", "weekly", 0.9),
    ...services.map((s) => page(s.canonicalPath, "monthly", 0.8)),
    page("/blog", "weekly", 0.6),
    ...articles.map((a): SitemapEntry => ({ ...page(a.path, "yearly", 0.6), lastmod: a.updatedOn ?? a.publishedOn })),
    page("/request", "yearly", 0.7),
    page("/discussion", "daily", 0.5),
    ...["/about", "/contact", "/faq", "/careers", "/certifications", "/training", "/investors", "/reviews"].map((p) => page(p, "monthly", 0.5)),
    ...["/technical-data", "/power-electronics", "/products", "/projects", "/projects/case-studies", "/future-services"].map((p) =>
      page(p, "monthly", 0.6),
    ),
    ...caseStudies.map((c) => page(`/projects/case-studies/${c.slug}`, "yearly", 0.5)),
    ...places.map((p) => page(`/service-area/${p.slug}`, "monthly", 0.6)),
    ...places.flatMap((p) => cityServices.map((c) => page(`/${p.slug}/${c.slug}`, "monthly", 0.5))),
    ...["/privacy", "/terms", "/return-policy"].map((p) => page(p, "yearly", 0.2)),
  ];
}

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export function renderSitemap(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (e) =>
        `  <url>\n    <loc>${escapeXml(siteUrl + e.path)}</loc>\n` +
        (e.lastmod ? `    <lastmod>${e.lastmod}</lastmod>\n` : "") +
        `    <changefreq>${e.changefreq}</changefreq>\n    <priority>${e.priority.toFixed(1)}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Portals and sign-in callbacks are private: crawlers are kept out of them. */
export const ROBOTS_DISALLOW = ["/admin", "/database", "/customer", "/technician", "/auth"];

export function renderRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
