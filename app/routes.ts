import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * Every URL of the product, grouped by portal. A URL whose issue has not landed yet is not listed:
 * it falls through to the catch-all and gets the 404 page, never a placeholder.
 */
export default [
  // ── Public website ─────────────────────────────────────────────────────────
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:slug", "routes/service.tsx", { id: "routes/service-by-path" }),
  route("service/:slug", "routes/service.tsx", { id: "routes/service-by-name" }),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),

  // ── Crawlers ───────────────────────────────────────────────────────────────
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // ── Customer portal ────────────────────────────────────────────────────────

  // ── Technician portal ──────────────────────────────────────────────────────

  // ── Back office (admin) ────────────────────────────────────────────────────

  // ── Anything else: the 404 page, with status 404 ───────────────────────────
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
