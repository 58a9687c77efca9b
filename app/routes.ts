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
  route("discussion", "routes/discussion.tsx"),
  route("discussion/:slug", "routes/discussion-topic.tsx"),
  route("discussions", "routes/discussions-alias.ts"),
  // Company and legal
  route("about", "routes/about.tsx"),
  route("careers", "routes/careers.tsx"),
  route("certifications", "routes/certifications.tsx"),
  route("training", "routes/training.tsx"),
  route("investors", "routes/investors.tsx"),
  route("faq", "routes/faq.tsx"),
  route("contact", "routes/contact.tsx"),
  route("reviews", "routes/reviews.tsx"),
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
  // Service requests and other inbound forms
  route("request", "routes/request.tsx"),
  route("request/submit", "routes/request-submit.ts"),
  route("thank-you", "routes/thank-you.tsx"),

  // ── Crawlers ───────────────────────────────────────────────────────────────
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // ── Signing in and out (every portal) ─────────────────────────────────────
  route("auth/sign-out", "routes/sign-out.ts"),
  route("auth/oidc/start", "routes/oidc-start.ts"),
  route("auth/callback", "routes/auth-callback.ts"),

  // ── Customer portal ────────────────────────────────────────────────────────
  route("customer", "routes/customer-index.ts"),
  route("customer/login", "routes/sign-in.tsx", { id: "routes/customer-login" }),
  route("customer/mobile", "routes/customer-requests.tsx"),
  route("customer/request/:id", "routes/customer-request.tsx"),
  route("customer/request/:id/photos/:photoId", "routes/customer-request-photo.ts"),

  // ── Technician portal ──────────────────────────────────────────────────────
  route("technician/register", "routes/technician-register.tsx"),
  route("technician/login", "routes/sign-in.tsx", { id: "routes/technician-login" }),
  route("technician/dashboard", "routes/technician-dashboard.tsx"),
  route("technician/jobs/:id", "routes/technician-job.tsx"),

  // ── Back office (admin): on the back-office host only, for the admin role ──
  route("admin/login", "routes/sign-in.tsx", { id: "routes/admin-login" }),
  route("admin", "routes/admin-inbox.tsx"),
  route("admin/service-requests/:reference", "routes/admin-service-request.tsx"),
  route("admin/service-requests/:reference/photos/:photoId", "routes/admin-request-photo.ts"),
  route("admin/messages/:reference/attachment", "routes/admin-message-attachment.ts"),
  route("admin/technicians", "routes/admin-technicians.tsx"),
  route("admin/technicians/:id/id-proof", "routes/admin-technician-id-proof.ts"),
  // Back-office screens still to be built: the guard, then the 404 page (never a placeholder).
  route("admin/*", "routes/admin-not-built.tsx"),

  // ── Anything else: the 404 page, with status 404 ───────────────────────────
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
