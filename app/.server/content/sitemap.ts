import { listArticles, listServices } from "./index.ts";

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
  const [services, articles] = await Promise.all([listServices(), listArticles()]);
  return [
    { path: "/", changefreq: "weekly", priority: 1 },
    { path: "/services", changefreq: "weekly", priority: 0.9 },
    ...services.map((s): SitemapEntry => ({ path: s.canonicalPath, changefreq: "monthly", priority: 0.8 })),
    { path: "/blog", changefreq: "weekly", priority: 0.6 },
    ...articles.map(
      (a): SitemapEntry => ({ path: a.path, changefreq: "yearly", priority: 0.6, lastmod: a.updatedOn ?? a.publishedOn }),
    ),
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
export const ROBOTS_DISALLOW = ["/admin", "/customer", "/technician", "/auth"];

export function renderRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
