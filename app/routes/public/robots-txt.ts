import { renderRobots } from "~/.server/content/sitemap.ts";
import { CACHE_POLICY } from "~/.server/http/cache.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";

export async function loader() {
  const site = await getSiteSettings();
  return new Response(renderRobots(site.identity.siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_POLICY.crawler },
  });
}
