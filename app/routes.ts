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
  route("search", "routes/search.tsx"),
  // Company and legal
  route("about", "routes/about.tsx"),
  route("careers", "routes/careers.tsx"),
  route("certifications", "routes/certifications.tsx"),
  route("training", "routes/training.tsx"),
  route("investors", "routes/investors.tsx"),
  route("faq", "routes/faq.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/legal-page.tsx", { id: "routes/legal-privacy" }),
  route("terms", "routes/legal-page.tsx", { id: "routes/legal-terms" }),
  route("return-policy", "routes/legal-page.tsx", { id: "routes/legal-return-policy" }),
  route("legal/:alias", "routes/legal-alias.ts"),
  // Technical resources
  route("technical-data", "routes/technical-data.tsx"),
  route("power-electronics", "routes/power-electronics.tsx"),
  // Service area, products and projects ({citySlug}/{serviceSlug} ranks below every static path)
  route("service-area/:city", "routes/service-area.tsx"),
  route("products", "routes/products.tsx"),
  route("projects", "routes/projects.tsx"),
  route("projects/case-studies", "routes/case-studies.tsx"),
  route("projects/case-studies/:slug", "routes/case-study.tsx"),
  route("future-services", "routes/future-services.tsx"),
  route(":citySlug/:serviceSlug", "routes/city-service.tsx"),

  // ── Crawlers ───────────────────────────────────────────────────────────────
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // ── Customer portal ────────────────────────────────────────────────────────

  // ── Technician portal ──────────────────────────────────────────────────────

  // ── Back office (admin) ────────────────────────────────────────────────────

  // ── Anything else: the 404 page, with status 404 ───────────────────────────
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
