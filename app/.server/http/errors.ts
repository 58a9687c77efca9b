import { data } from "react-router";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { cacheControl, noStore } from "./cache.ts";

/**
 * Throws the 404 response that the root error boundary renders as the 404 page. Its data carries the
 * page's head tags, built here on the server, because the root's meta function receives the thrown data.
 * url is the loader's normalised URL (request.url of a client navigation ends in .data).
 */
export async function throwNotFound(url: URL): Promise<never> {
  console.warn(JSON.stringify({ type: "not_found", path: url.pathname }));
  return throwErrorPage(url, 404, "Page Not Found", "The page you're looking for doesn't exist or may have been moved. Search the site or call us 24/7.", cacheControl("notFound"));
}

/**
 * Throws an error page's response (the 404, the 403): its data is the page's head tags, never indexed,
 * which the root error boundary's meta function receives as the thrown data.
 */
export async function throwErrorPage(url: URL, status: number, title: string, description: string, headers: HeadersInit): Promise<never> {
  const site = await getSiteSettings();
  throw data({ meta: seo(site, { type: "policy", title, description, path: url.pathname, noindex: true }) }, { status, headers });
}

/** A resource route's 404 (a file, a photo) for a signed-in person: plain text, never stored. */
export function privateNotFound(): Response {
  return new Response("Not found", { status: 404, headers: noStore() });
}
