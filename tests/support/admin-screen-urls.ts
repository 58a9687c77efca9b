import type { BuiltScreenPath } from "~/lib/admin/screens.ts";

/**
 * Addresses of every built back-office screen: its own page, and pages and files below it (a record, a new
 * form, a PDF). tests/integration/admin-refusals.test.ts requests each one as every role and on the public
 * host, and tests/unit/admin-screen-rules.test.ts makes sure that every built screen is in this table.
 * A screen whose `built` turns true does not compile until it is listed here.
 */
export const SCREEN_URLS: { readonly [P in BuiltScreenPath]: readonly string[] } = {
  "/admin": ["/admin"],
  "/admin/service-requests": [
    "/admin/service-requests",
    "/admin/service-requests/SR-2611-0004",
    "/admin/service-requests/SR-2611-0004/photos/1",
    "/admin/service-requests/SR-2611-0004/signature",
    "/admin/service-requests/SR-2611-0004/bench",
  ],
  "/admin/bench": ["/admin/bench", "/admin/bench/JC-2611-0001", "/admin/bench/JC-2611-0001/label"],
  "/admin/contracts": ["/admin/contracts", "/admin/contracts/new", "/admin/contracts/AMC-2611-0001"],
  "/admin/technicians": ["/admin/technicians", "/admin/technicians/stages", "/admin/technicians/1", "/admin/technicians/1/id-proof"],
  "/admin/quotes": ["/admin/quotes", "/admin/quotes/new", "/admin/quotes/QT-2611-0001", "/admin/quotes/QT-2611-0001/pdf"],
  "/admin/invoices": ["/admin/invoices", "/admin/invoices/new", "/admin/invoices/1", "/admin/invoices/1/pdf"],
  "/admin/payments": [
    "/admin/payments",
    "/admin/payments/new",
    "/admin/payments/outstanding",
    "/admin/payments/reconciliation",
    "/admin/payments/exports",
    "/admin/payments/RC-2611-0001",
    "/admin/payments/RC-2611-0001/receipt",
  ],
  "/admin/products": ["/admin/products", "/admin/products/new", "/admin/products/1"],
  "/admin/customers": [
    "/admin/customers",
    "/admin/customers/new",
    "/admin/customers/CU-2611-0001",
    "/admin/customers/CU-2611-0001/export",
    "/admin/customers/CU-2611-0001/marketing-consent",
  ],
  "/admin/feedback": ["/admin/feedback", "/admin/feedback/reviews", "/admin/feedback/forum", "/admin/feedback/1"],
  "/admin/help-desk": ["/admin/help-desk", "/admin/help-desk/canned", "/admin/help-desk/new", "/admin/help-desk/TK-2611-0001"],
  "/admin/inbox": ["/admin/inbox"],
  "/admin/messages": ["/admin/messages/MS-2611-0001/attachment"],
  "/admin/communications": ["/admin/communications", "/admin/communications/CU-2611-0001"],
  "/admin/notifications": ["/admin/notifications"],
  "/admin/your-name": ["/admin/your-name"],
  "/admin/emails": ["/admin/emails", "/admin/emails/templates", "/admin/emails/templates/request-received"],
  "/admin/sms": ["/admin/sms", "/admin/sms/templates", "/admin/sms/templates/1"],
  "/admin/whatsapp": ["/admin/whatsapp", "/admin/whatsapp/919848012345"],
  "/admin/marketing": ["/admin/marketing", "/admin/marketing/MC-2611-0001"],
  "/admin/video-calls": ["/admin/video-calls", "/admin/video-calls/new", "/admin/video-calls/VC-2611-0001", "/admin/video-calls/VC-2611-0001/signal"],
  "/admin/analytics": ["/admin/analytics"],
  "/admin/investors": ["/admin/investors", "/admin/investors/documents/1", "/admin/investors/IV-2611-0001"],
  "/admin/settings": ["/admin/settings", "/admin/settings/signature"],
  "/admin/staff": ["/admin/staff"],
  "/admin/activity": ["/admin/activity"],
};
