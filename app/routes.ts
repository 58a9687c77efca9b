import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

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
  //    Only the frame sits beside the folders: layout.tsx and the catch-all not-built.tsx.
  //    tests/unit/admin-screen-rules.test.ts holds the rule.
  route("admin/login", "routes/auth/sign-in.tsx", { id: "routes/admin-login" }),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard/route.tsx"),
    route("admin/your-name", "routes/admin/your-name/route.tsx"),
    route("admin/inbox", "routes/admin/inbox/route.tsx"),
    route("admin/service-requests", "routes/admin/service-requests/route.tsx"),
    route("admin/service-requests/:reference", "routes/admin/service-requests/request.tsx"),
    route("admin/service-requests/:reference/photos/:photoId", "routes/admin/service-requests/photo.ts"),
    route("admin/service-requests/:reference/signature", "routes/admin/service-requests/signature.ts"),
    route("admin/messages/:reference/attachment", "routes/admin/messages/attachment.ts"),
    route("admin/service-requests/:reference/bench", "routes/admin/service-requests/bench-intake.tsx"),
    route("admin/bench", "routes/admin/bench/route.tsx"),
    route("admin/bench/:jobCard", "routes/admin/bench/job.tsx"),
    route("admin/bench/:jobCard/label", "routes/admin/bench/label.tsx"),
    route("admin/technicians", "routes/admin/technicians/route.tsx"),
    route("admin/schedule", "routes/admin/schedule/route.tsx"),
    route("admin/schedule/move/:reference", "routes/admin/schedule/move.tsx"),
    route("admin/schedule/time-off", "routes/admin/schedule/time-off.tsx"),
    route("admin/schedule/calendar", "routes/admin/schedule/calendar.tsx"),
    route("admin/technicians/stages", "routes/admin/technicians/stages.tsx"),
    route("admin/technicians/:id", "routes/admin/technicians/technician.tsx"),
    route("admin/technicians/:id/id-proof", "routes/admin/technicians/id-proof.ts"),
    route("admin/cms", "routes/admin/cms/route.tsx"),
    route("admin/cms/new", "routes/admin/cms/new.tsx"),
    route("admin/cms/preview", "routes/admin/cms/preview.tsx"),
    route("admin/cms/find", "routes/admin/cms/find.tsx"),
    // Parts of the content screen (/admin/cms): the legal texts' versions and the images for content bodies.
    route("admin/cms/legal", "routes/admin/cms/legal.tsx"),
    route("admin/cms/legal/:slug", "routes/admin/cms/legal-text.tsx"),
    route("admin/cms/images", "routes/admin/cms/images.tsx"),
    route("admin/cms/:id", "routes/admin/cms/entry.tsx"),
    route("admin/services", "routes/admin/services/route.tsx"),
    route("admin/services/new", "routes/admin/services/new.tsx"),
    route("admin/services/:id", "routes/admin/services/service.tsx"),
    route("admin/service-management", "routes/admin/service-management/route.tsx"),
    route("admin/technical-library", "routes/admin/technical-library/route.tsx"),
    route("admin/technical-library/new", "routes/admin/technical-library/new.tsx"),
    // Manuals and datasheets (PDF) by brand and model
    route("admin/technical-library/documents", "routes/admin/technical-library/documents.tsx"),
    route("admin/technical-library/documents/new", "routes/admin/technical-library/document-new.tsx"),
    route("admin/technical-library/documents/:id", "routes/admin/technical-library/document.tsx"),
    route("admin/technical-library/documents/:id/file", "routes/admin/technical-library/document-file.ts"),
    route("admin/technical-library/:id", "routes/admin/technical-library/table.tsx"),
    route("admin/products", "routes/admin/products/route.tsx"),
    route("admin/products/new", "routes/admin/products/new.tsx"),
    route("admin/products/:id", "routes/admin/products/product.tsx"),
    route("admin/vendors", "routes/admin/vendors/route.tsx"),
    route("admin/vendors/new", "routes/admin/vendors/new.tsx"),
    route("admin/vendors/:id", "routes/admin/vendors/vendor.tsx"),
    // Purchasing (issue 19 §5), inside the vendors screen's URL space and permission.
    route("admin/vendors/parts-requests", "routes/admin/vendors/order-requests.tsx"),
    route("admin/vendors/orders", "routes/admin/vendors/orders.tsx"),
    route("admin/vendors/orders/new", "routes/admin/vendors/order-new.tsx"),
    route("admin/vendors/orders/:number", "routes/admin/vendors/order.tsx"),
    route("admin/vendors/orders/:number/pdf", "routes/admin/vendors/order-pdf.ts"),
    route("admin/customers", "routes/admin/customers/route.tsx"),
    route("admin/customers/new", "routes/admin/customers/new.tsx"),
    route("admin/customers/:reference", "routes/admin/customers/customer.tsx"),
    route("admin/customers/:reference/export", "routes/admin/customers/export.ts"),
    // Quotes (issue 11 §2)
    route("admin/quotes", "routes/admin/quotes/route.tsx"),
    route("admin/quotes/new", "routes/admin/quotes/new.tsx"),
    route("admin/quotes/:reference", "routes/admin/quotes/quote.tsx"),
    route("admin/quotes/:reference/pdf", "routes/admin/quotes/pdf.ts"),
    // Invoices and credit notes (§3)
    route("admin/invoices", "routes/admin/invoices/route.tsx"),
    route("admin/invoices/new", "routes/admin/invoices/new.tsx"),
    route("admin/invoices/:id", "routes/admin/invoices/invoice.tsx"),
    route("admin/invoices/:id/pdf", "routes/admin/invoices/pdf.ts"),
    // Payments, outstanding, reconciliation, exports (§4)
    route("admin/payments", "routes/admin/payments/route.tsx"),
    route("admin/payments/new", "routes/admin/payments/new.tsx"),
    route("admin/payments/outstanding", "routes/admin/payments/outstanding.tsx"),
    route("admin/payments/reconciliation", "routes/admin/payments/reconciliation.tsx"),
    route("admin/payments/exports", "routes/admin/payments/exports.tsx"),
    route("admin/payments/:reference", "routes/admin/payments/payment.tsx"),
    route("admin/payments/:reference/receipt", "routes/admin/payments/receipt-pdf.ts"),
    // Contracts (§5)
    route("admin/contracts", "routes/admin/contracts/route.tsx"),
    route("admin/contracts/new", "routes/admin/contracts/new.tsx"),
    route("admin/contracts/:reference", "routes/admin/contracts/record.tsx"),
    // Feedback, reviews and forum moderation (§6)
    route("admin/feedback", "routes/admin/feedback/route.tsx"),
    route("admin/feedback/reviews", "routes/admin/feedback/reviews.tsx"),
    route("admin/feedback/forum", "routes/admin/feedback/forum.tsx"),
    route("admin/feedback/:id", "routes/admin/feedback/rating.tsx"),
    // Staff notifications (issue 12 §3)
    route("admin/notifications", "routes/admin/notifications/route.tsx"),
    // End staff notifications
    // Investors (issue 12 §8)
    route("admin/investors", "routes/admin/investors/route.tsx"),
    route("admin/investors/documents/:id", "routes/admin/investors/document.ts"),
    route("admin/investors/:reference", "routes/admin/investors/enquiry.tsx"),
    // End investors
    // Help desk (issue 12 §5)
    route("admin/help-desk", "routes/admin/help-desk/route.tsx"),
    route("admin/help-desk/canned", "routes/admin/help-desk/canned.tsx"),
    route("admin/help-desk/new", "routes/admin/help-desk/new.tsx"),
    route("admin/help-desk/:reference", "routes/admin/help-desk/ticket.tsx"),
    // Video calls (issue 12 §7)
    route("admin/video-calls", "routes/admin/video-calls/route.tsx"),
    route("admin/video-calls/new", "routes/admin/video-calls/new.tsx"),
    route("admin/video-calls/:reference", "routes/admin/video-calls/call.tsx"),
    route("admin/video-calls/:reference/signal", "routes/admin/video-calls/signal.ts"),
    route("admin/staff", "routes/admin/staff/route.tsx"),
    route("admin/activity", "routes/admin/activity/route.tsx"),
    // Visitors (issue 12 §2)
    route("admin/analytics", "routes/admin/analytics/route.tsx"),
    route("admin/settings", "routes/admin/settings/route.tsx"),
    route("admin/settings/signature", "routes/admin/settings/signature.ts"),
    // Backups (issue 19 §8): the list with its actions, and each backup's download
    route("admin/data-restoration", "routes/admin/data-restoration/route.tsx"),
    route("admin/data-restoration/trash", "routes/admin/data-restoration/trash.tsx"),
    route("admin/data-restoration/:id/download", "routes/admin/data-restoration/download.ts"),
    route("admin/data-import", "routes/admin/data-import/route.tsx"),
    route("admin/data-import/:id", "routes/admin/data-import/batch.tsx"),
    // WhatsApp and marketing (issue 12 §4)
    route("admin/whatsapp", "routes/admin/whatsapp/route.tsx"),
    route("admin/whatsapp/:mobile", "routes/admin/whatsapp/conversation.tsx"),
    route("admin/marketing", "routes/admin/marketing/route.tsx"),
    route("admin/marketing/:reference", "routes/admin/marketing/campaign.tsx"),
    route("admin/customers/:reference/marketing-consent", "routes/admin/customers/marketing-consent.ts"),
    // End WhatsApp and marketing
    // Communications: one thread per customer, the SMS log and DLT registry, e-mails and their templates (issue 12 §4)
    route("admin/communications", "routes/admin/communications/route.tsx"),
    route("admin/communications/:customerReference", "routes/admin/communications/thread.tsx"),
    route("admin/sms", "routes/admin/sms/route.tsx"),
    route("admin/sms/templates", "routes/admin/sms/templates.tsx"),
    route("admin/sms/templates/:id", "routes/admin/sms/template.tsx"),
    route("admin/emails", "routes/admin/emails/route.tsx"),
    route("admin/emails/templates", "routes/admin/emails/templates.tsx"),
    route("admin/emails/templates/:name", "routes/admin/emails/template.tsx"),
    // End communications
    // The database dashboard (issue 19 §9): the spec puts its URL outside /admin; the guard is the same.
    route("database", "routes/admin/database/route.tsx"),
    // SEO audit (issue 19 §4)
    route("admin/seo-audit", "routes/admin/seo-audit/route.tsx"),
    // Screens still to be built: the guard, then the 404 page (never a placeholder).
    route("admin/*", "routes/admin/not-built.tsx"),
  ]),

  // ── Anything else: the 404 page, with status 404 ───────────────────────────
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
