import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";
import { BUILT_SCREENS, screenFolder, type ScreenGroup } from "./lib/admin/screens.ts";

/**
 * Every URL of the product, grouped by portal. A URL whose issue has not landed yet is not listed:
 * it falls through to the catch-all and gets the 404 page, never a placeholder.
 */
export default [
  // ── Public website ─────────────────────────────────────────────────────────
  index("routes/public/home.tsx"),
  route("services", "routes/public/services.tsx"),
  route("services/:slug", "routes/public/service.tsx", { id: "routes/service-by-path" }),
  route("service/:slug", "routes/public/service.tsx", { id: "routes/service-by-name" }),
  route("blog", "routes/public/blog.tsx"),
  route("blog/:slug", "routes/public/blog-post.tsx"),
  route("search", "routes/public/search.tsx"),
  route("discussion", "routes/public/discussion.tsx"),
  route("discussion/:slug", "routes/public/discussion-topic.tsx"),
  route("discussions", "routes/public/discussions-alias.ts"),
  // Company and legal
  route("about", "routes/public/about.tsx"),
  route("careers", "routes/public/careers.tsx"),
  route("certifications", "routes/public/certifications.tsx"),
  route("training", "routes/public/training.tsx"),
  route("investors", "routes/public/investors.tsx"),
  // A report /investors publishes, as its PDF (issue 12 §8).
  route("investors/documents/:id/:name", "routes/public/investor-document.ts"),
  route("faq", "routes/public/faq.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("reviews", "routes/public/reviews.tsx"),
  route("privacy", "routes/public/legal-page.tsx", { id: "routes/legal-privacy" }),
  route("terms", "routes/public/legal-page.tsx", { id: "routes/legal-terms" }),
  route("return-policy", "routes/public/legal-page.tsx", { id: "routes/legal-return-policy" }),
  // Every version of a legal text stays public: consent records point at the one agreed to.
  route("privacy/versions/:number", "routes/public/legal-version.tsx", { id: "routes/legal-privacy-version" }),
  route("terms/versions/:number", "routes/public/legal-version.tsx", { id: "routes/legal-terms-version" }),
  route("return-policy/versions/:number", "routes/public/legal-version.tsx", { id: "routes/legal-return-policy-version" }),
  // Images for content bodies (/admin/cms/images), public with a year's cache.
  route("media/:name", "routes/public/media-image.ts"),
  route("legal/:alias", "routes/public/legal-alias.ts"),
  // Technical resources
  route("technical-data", "routes/public/technical-data.tsx"),
  // A manual or datasheet /technical-data lists, as its PDF (issue 19 §3)
  route("technical-data/documents/:id/:name", "routes/public/technical-document.ts"),
  route("power-electronics", "routes/public/power-electronics.tsx"),
  // Service area, products and projects ({citySlug}/{serviceSlug} ranks below every static path)
  route("service-area/:city", "routes/public/service-area.tsx"),
  route("products", "routes/public/products.tsx"),
  route("projects", "routes/public/projects.tsx"),
  route("projects/case-studies", "routes/public/case-studies.tsx"),
  route("projects/case-studies/:slug", "routes/public/case-study.tsx"),
  route("future-services", "routes/public/future-services.tsx"),
  route(":citySlug/:serviceSlug", "routes/public/city-service.tsx"),
  // Service requests and other inbound forms
  route("request", "routes/public/request.tsx"),
  route("request/submit", "routes/public/request-submit.ts"),
  route("thank-you", "routes/public/thank-you.tsx"),
  // Visitor pings and the chat assistant (issue 12 §2, §6)
  // A technician's (or the office's) calendar feed behind its secret link (issue 21 §2, ADR 066).
  route("calendar-feeds/:file", "routes/public/calendar-feed.ts"),
  route("api/visitors", "routes/api/visitors.ts"),
  route("api/chat", "routes/api/chat.ts"),

  // ── Documents sent to customers: signed links, no sign-in (~/.server/links/signed.ts) ─────────
  // Quotes (issue 11 §2)
  route("d/quote/:token", "routes/documents/quote.tsx"),
  route("d/quote/:token/pdf", "routes/documents/quote-pdf.ts"),
  // Invoices and credit notes (§3)
  route("d/invoice/:token", "routes/documents/invoice.tsx"),
  route("d/invoice/:token/pdf", "routes/documents/invoice-pdf.ts"),
  // Receipts and the payment gateway's webhook (§4)
  route("d/receipt/:token", "routes/documents/receipt-pdf.ts", { id: "routes/receipt-by-link" }),
  route("d/receipt/:token/pdf", "routes/documents/receipt-pdf.ts", { id: "routes/receipt-pdf-by-link" }),
  route("api/payments/webhook", "routes/api/payment-webhook.ts"),
  // Feedback (§6)
  route("d/feedback/:token", "routes/documents/feedback.tsx"),
  // Video diagnosis calls (issue 12 §7): the customer's side, and its signals
  route("d/video/:token", "routes/documents/video.tsx"),
  route("d/video/:token/signal", "routes/documents/video-signal.ts"),
  // Help desk (issue 12 §5)
  route("d/ticket/:token", "routes/documents/ticket.tsx"),
  // SMS delivery reports from the provider, HMAC-signed (issue 12 §4, communications)
  route("api/sms/delivery", "routes/api/sms-webhook.ts", { id: "routes/sms-delivery" }),
  route("api/sms/inbound", "routes/api/sms-webhook.ts", { id: "routes/sms-inbound" }),
  // End SMS delivery reports
  // WhatsApp's webhook and marketing opt-outs (issue 12 §4)
  route("api/whatsapp/webhook", "routes/api/whatsapp-webhook.ts"),
  route("d/optout/:token", "routes/documents/optout.tsx"),
  // End WhatsApp and marketing

  // ── Crawlers ───────────────────────────────────────────────────────────────
  route("sitemap.xml", "routes/public/sitemap-xml.ts"),
  route("robots.txt", "routes/public/robots-txt.ts"),

  // ── Signing in and out (every portal) ─────────────────────────────────────
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  route("auth/oidc/start", "routes/auth/oidc-start.ts"),
  route("auth/callback", "routes/auth/auth-callback.ts"),

  // ── Customer portal ────────────────────────────────────────────────────────
  route("customer", "routes/customer/index.ts"),
  route("customer/login", "routes/auth/sign-in.tsx", { id: "routes/customer-login" }),
  // The layout's middleware is the guard (a customer's session) for every route below it.
  layout("routes/customer/layout.tsx", [
    route("customer/mobile", "routes/customer/requests.tsx"),
    route("customer/request/:id", "routes/customer/request.tsx"),
    route("customer/request/:id/photos/:photoId", "routes/customer/request-photo.ts"),
    route("customer/request/:id/signature", "routes/customer/request-signature.ts"),
    route("customer/my-data", "routes/customer/my-data.tsx"),
    route("customer/my-data/export", "routes/customer/my-data-export.ts"),
    // Marketing consent, given or withdrawn by the customer (issue 12 §4)
    route("customer/my-data/marketing", "routes/customer/marketing-consent.ts"),
    // Quotes (issue 11 §2, §7)
    route("customer/quotes/:reference", "routes/customer/quote.tsx"),
    // Invoices (§3, §7)
    route("customer/invoices/:id", "routes/customer/invoice.tsx"),
    route("customer/invoices/:id/pdf", "routes/customer/invoice-pdf.ts"),
    // Payments and receipts (§4, §7)
    route("customer/receipts/:reference/pdf", "routes/customer/receipt-pdf.ts"),
    // Contracts (§5, §7)
    route("customer/contracts", "routes/customer/contracts.tsx"),
    // Help desk (issue 12 §5)
    route("customer/help", "routes/customer/help.tsx"),
    route("customer/help/:reference", "routes/customer/help-ticket.tsx"),
  ]),

  // ── Technician portal ──────────────────────────────────────────────────────
  route("technician/register", "routes/technician/register.tsx"),
  route("technician/login", "routes/auth/sign-in.tsx", { id: "routes/technician-login" }),
  // The layout's middleware is the guard (a technician's session) for every route below it.
  layout("routes/technician/layout.tsx", [
    route("technician/dashboard", "routes/technician/dashboard.tsx"),
    route("technician/jobs/:id", "routes/technician/job.tsx"),
    route("technician/jobs/:id/photos/:photoId", "routes/technician/job-photo.ts"),
    route("technician/jobs/:id/signature", "routes/technician/job-signature.ts"),
    // The technical library, the staff-only parts too (issue 19 §3)
    route("technician/library", "routes/technician/library.tsx"),
    route("technician/time-off", "routes/technician/time-off.tsx"),
    route("technician/agenda", "routes/technician/agenda.tsx"),
    route("technician/library/tables/:slug", "routes/technician/library-table.tsx"),
    route("technician/library/documents/:id/:name", "routes/technician/library-document.ts"),
  ]),

  // ── Back office: on the back-office host only. The layout's middleware is the guard for every screen
  //    below it (staff session, then the permission the screen declares in ~/lib/admin/screens.ts).
  //    One folder per screen: routes/admin/<screen>/ (<screen> is the last segment of its registered path;
  //    /admin is dashboard/) holds its list (route.tsx), its new form, its record page and its file routes.
  //    A screen's list, new form and record page come from its registry entry (adminScreenRoutes, below);
  //    every other URL of a screen is named here, under its group. Only the frame sits beside the folders:
  //    layout.tsx and the catch-all not-built.tsx. tests/unit/admin-screen-rules.test.ts holds the rule.
  route("admin/login", "routes/auth/sign-in.tsx", { id: "routes/admin-login" }),
  layout("routes/admin/layout.tsx", [
    // Work
    ...adminScreenRoutes("Work"),
    route("admin/service-requests/:reference/photos/:photoId", "routes/admin/service-requests/photo.ts"),
    route("admin/service-requests/:reference/signature", "routes/admin/service-requests/signature.ts"),
    route("admin/service-requests/:reference/bench", "routes/admin/service-requests/bench-intake.tsx"),
    route("admin/bench/:jobCard/label", "routes/admin/bench/label.tsx"),
    route("admin/schedule/move/:reference", "routes/admin/schedule/move.tsx"),
    route("admin/schedule/time-off", "routes/admin/schedule/time-off.tsx"),
    route("admin/schedule/calendar", "routes/admin/schedule/calendar.tsx"),
    route("admin/technicians/stages", "routes/admin/technicians/stages.tsx"),
    route("admin/technicians/:id/id-proof", "routes/admin/technicians/id-proof.ts"),
    // Money: quotes, invoices and credit notes, payments (issue 11 §2-§4), products, vendors
    ...adminScreenRoutes("Money"),
    route("admin/quotes/:reference/pdf", "routes/admin/quotes/pdf.ts"),
    route("admin/invoices/:id/pdf", "routes/admin/invoices/pdf.ts"),
    route("admin/payments/outstanding", "routes/admin/payments/outstanding.tsx"),
    route("admin/payments/reconciliation", "routes/admin/payments/reconciliation.tsx"),
    route("admin/payments/exports", "routes/admin/payments/exports.tsx"),
    route("admin/payments/:reference/receipt", "routes/admin/payments/receipt-pdf.ts"),
    // Purchasing (issue 19 §5), inside the vendors screen's URL space and permission.
    route("admin/vendors/parts-requests", "routes/admin/vendors/order-requests.tsx"),
    route("admin/vendors/orders", "routes/admin/vendors/orders.tsx"),
    route("admin/vendors/orders/new", "routes/admin/vendors/order-new.tsx"),
    route("admin/vendors/orders/:number", "routes/admin/vendors/order.tsx"),
    route("admin/vendors/orders/:number/pdf", "routes/admin/vendors/order-pdf.ts"),
    // Customers: feedback, reviews and forum moderation (issue 11 §6), the help desk (issue 12 §5)
    ...adminScreenRoutes("Customers"),
    route("admin/customers/:reference/export", "routes/admin/customers/export.ts"),
    route("admin/customers/:reference/marketing-consent", "routes/admin/customers/marketing-consent.ts"),
    route("admin/feedback/reviews", "routes/admin/feedback/reviews.tsx"),
    route("admin/feedback/forum", "routes/admin/feedback/forum.tsx"),
    route("admin/help-desk/canned", "routes/admin/help-desk/canned.tsx"),
    // Communications: one thread per customer, the SMS log and DLT registry, e-mails and their templates,
    // WhatsApp and marketing, video calls (issue 12 §4, §7)
    ...adminScreenRoutes("Communications"),
    route("admin/messages/:reference/attachment", "routes/admin/messages/attachment.ts"),
    route("admin/sms/templates", "routes/admin/sms/templates.tsx"),
    route("admin/sms/templates/:id", "routes/admin/sms/template.tsx"),
    route("admin/emails/templates", "routes/admin/emails/templates.tsx"),
    route("admin/emails/templates/:name", "routes/admin/emails/template.tsx"),
    route("admin/video-calls/:reference/signal", "routes/admin/video-calls/signal.ts"),
    // Website: content (with its previews, legal texts' versions and images), services, the technical library
    ...adminScreenRoutes("Website"),
    route("admin/cms/preview", "routes/admin/cms/preview.tsx"),
    route("admin/cms/find", "routes/admin/cms/find.tsx"),
    route("admin/cms/legal", "routes/admin/cms/legal.tsx"),
    route("admin/cms/legal/:slug", "routes/admin/cms/legal-text.tsx"),
    route("admin/cms/images", "routes/admin/cms/images.tsx"),
    // Manuals and datasheets (PDF) by brand and model
    route("admin/technical-library/documents", "routes/admin/technical-library/documents.tsx"),
    route("admin/technical-library/documents/new", "routes/admin/technical-library/document-new.tsx"),
    route("admin/technical-library/documents/:id", "routes/admin/technical-library/document.tsx"),
    route("admin/technical-library/documents/:id/file", "routes/admin/technical-library/document-file.ts"),
    // Business: analytics, investors (issue 12 §2, §8)
    ...adminScreenRoutes("Business"),
    route("admin/investors/documents/:id", "routes/admin/investors/document.ts"),
    // System (the database dashboard is the spec's /database, issue 19 §9: the guard is the same)
    ...adminScreenRoutes("System"),
    route("admin/settings/signature", "routes/admin/settings/signature.ts"),
    // Backups (issue 19 §8) and the trash: each backup's download
    route("admin/data-restoration/trash", "routes/admin/data-restoration/trash.tsx"),
    route("admin/data-restoration/:id/download", "routes/admin/data-restoration/download.ts"),
    // Screens still to be built: the guard, then the 404 page (never a placeholder).
    route("admin/*", "routes/admin/not-built.tsx"),
  ]),

  // ── Anything else: the 404 page, with status 404 ───────────────────────────
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;

/**
 * The standard routes of a group's built screens, in registry order (~/lib/admin/screens.ts): each screen's
 * list (its path, route.tsx), its new form (<path>/new) and its record page (<path>/:param), all from its
 * folder. A module that serves both the new form and the record page gets a second id for its new form.
 */
function adminScreenRoutes(group: ScreenGroup): RouteConfigEntry[] {
  return BUILT_SCREENS.filter((s) => s.group === group).flatMap((screen) => {
    const url = screen.path.slice(1);
    const folder = `routes/admin/${screenFolder(screen)}`;
    return [
      ...(screen.list === false ? [] : [route(url, `${folder}/route.tsx`)]),
      ...(screen.new ? [route(`${url}/new`, `${folder}/${screen.new}`, screen.new === screen.record?.file ? { id: `${folder}/${screen.new.replace(/\.tsx?$/, "")}-new` } : {})] : []),
      ...(screen.record ? [route(`${url}/${screen.record.path}`, `${folder}/${screen.record.file}`)] : []),
    ];
  });
}
