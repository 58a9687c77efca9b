/**
 * Cache-Control for each kind of response. Anonymous HTML is cacheable for a short time and revalidated
 * with the ETag that server.ts adds; fingerprinted assets are immutable (server.ts). Responses with an
 * error status are never cached (server.ts).
 */
export const CACHE_POLICY = {
  /** Anonymous pages: fresh for a minute, then served stale while a shared cache revalidates. */
  page: "public, max-age=60, stale-while-revalidate=600",
  /** The 404 page: a missing page may appear soon (content is added in the back office). */
  notFound: "public, max-age=60",
  /** sitemap.xml and robots.txt. */
  crawler: "public, max-age=3600",
} as const;

export function cacheControl(policy: keyof typeof CACHE_POLICY): HeadersInit {
  return { "Cache-Control": CACHE_POLICY[policy] };
}
