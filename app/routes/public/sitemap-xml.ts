import { listSitemapEntries, renderSitemap } from "~/.server/content/sitemap.ts";
import { CACHE_POLICY } from "~/.server/http/cache.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";

export async function loader() {
  const site = await getSiteSettings();
  return new Response(renderSitemap(site.identity.siteUrl, await listSitemapEntries()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_POLICY.crawler },
  });
}
