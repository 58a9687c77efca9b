/**
 * Cache-Control for each kind of response. Anonymous HTML is cacheable for a short time and revalidated
 * with the ETag that server.ts adds; fingerprinted assets are immutable (server.ts). Responses with an
 * error status are never cached (server.ts).
 */
export const CACHE_POLICY = {
  /** Anonymous pages: fresh for a minute, then served stale while a shared cache revalidates. */
  page: "public, max-age=60, s-maxage=5, stale-while-revalidate=600",
  /** The 404 page: a missing page may appear soon (content is added in the back office). */
  notFound: "public, max-age=60, s-maxage=5",
  /** sitemap.xml and robots.txt. */
  crawler: "public, max-age=3600, s-maxage=5",
  /** Pages with a form key, receipts and anything personal: never stored anywhere. */
  private: "private, no-store",
} as const;

export function cacheControl(policy: keyof typeof CACHE_POLICY): Record<string, string> {
  return { "Cache-Control": CACHE_POLICY[policy] };
}

/** For a route's `headers` export: a page that must never be cached or shared. */
export function noStore(): Record<string, string> {
  return cacheControl("private");
}

/**
 * `headers` for a page with a form: a refused post keeps its own headers (no-store, Retry-After); anything
 * else is the page's usual caching (the parent's, i.e. the root's). React Router ignores an action's
 * headers unless the route's own `headers` passes them on.
 */
export function formPageHeaders({
  actionHeaders,
  errorHeaders,
  parentHeaders,
}: {
  actionHeaders: Headers;
  errorHeaders?: Headers;
  parentHeaders: Headers;
}): Headers {
  if (errorHeaders?.has("Cache-Control")) return errorHeaders;
  return actionHeaders.has("Cache-Control") ? actionHeaders : parentHeaders;
}
