import { data } from "react-router";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { cacheControl } from "./cache.ts";

/**
 * Throws the 404 response that the root error boundary renders as the 404 page. Its data carries the
 * page's head tags, built here on the server, because the root's meta function receives the thrown data.
 */
export async function throwNotFound(request: Request): Promise<never> {
  const { pathname } = new URL(request.url);
  console.warn(JSON.stringify({ type: "not_found", path: pathname }));
  const site = await getSiteSettings();
  throw data(
    {
      meta: seo(site, {
        type: "policy",
        title: "Page Not Found",
        description: "The page you're looking for doesn't exist or may have been moved. Search the site or call us 24/7.",
        path: pathname,
        noindex: true,
      }),
    },
    { status: 404, headers: cacheControl("notFound") },
  );
}
