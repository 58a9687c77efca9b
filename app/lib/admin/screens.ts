import { isStaffRole, STAFF_ROLE_INFO, type Permission } from "../auth/permissions.ts";
import { formatDateTime } from "../format.ts";
import { isRequestStatus, officeStatusLabel } from "../requests/status.ts";
import { screenPathOf } from "./screen-path.ts";

/**
 * Every back-office screen of the spec, in one registry: each entry is all a standard screen declares outside
 * its own folder (docs/back-office.md). From it come
 * - the navigation (grouped, filtered by the staff member's permissions; the layout's loader sends it) and the
 *   permission the admin layout's middleware checks for every URL below a screen's path;
 * - the screen's standard routes: its list, its new form and its record page (`adminScreenRoutes` in
 *   app/routes.ts, which names every other URL itself);
 * - what it writes to the audit log (`audit`), from which the Activity page's labels, links and sentences are
 *   derived (~/.server/admin/screens.ts).
 * A screen whose issue has not landed has `built: false`: it stays out of the navigation and its URL
 * answers 404 (the catch-all admin route), never a placeholder.
 * Server-side only in practice (loaders, middleware, routes.ts, scripts): the layout's component draws the
 * navigation from its loader's data, so the audit sentences stay off the browser's bundle. Imports are
 * relative, so that the scripts run by Node (scripts/lib/bench-admin-volume.ts) can read it.
 */
export const SCREEN_GROUPS = ["Work", "Money", "Customers", "Communications", "Website", "Business", "System"] as const;
export type ScreenGroup = (typeof SCREEN_GROUPS)[number];

/** The sentence of an entry, with the actor as its subject: what comes before the record, and after it. */
export type AuditDescribe = (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => [lead: string, tail: string];

export interface AuditActionInfo {
  /** The action's name in the filter ("Changed a request's status"). */
  label: string;
  /** The entity type(s) its entries are written on (audit_log.entity_type). */
  entity: string | readonly string[];
  describe: AuditDescribe;
}

export interface AuditEntityInfo {
  /** The kind of record, in the filter and in a sentence without a record label. */
  label: string;
  /** The back-office page of an entry's record (from audit_log.entity_id and entity_label); none: no link. */
  href?: (id: string, label: string | null) => string | null;
}

/**
 * What a screen writes to the audit log: the kinds of record it owns (entity types: a label, and the page an
 * entry links to) and the actions it writes (a label for the filter, and the sentence the Activity page reads),
 * or why it writes none. tests/unit/admin-screen-rules.test.ts checks that every action written in app/.server
 * and app/routes has its label and that every entity an action names is declared.
 */
export type ScreenAudit = { entities: Record<string, AuditEntityInfo>; actions: Record<string, AuditActionInfo> } | { writesNone: string };

interface ScreenEntry {
  /** The screen's URL; everything below it (a record's page, its files) needs the same permission. */
  path: string;
  label: string;
  group: ScreenGroup;
  permission: Permission;
  /** Reachable, but not a navigation entry (a sub-screen, or a file route). */
  hidden?: boolean;
}

/**
 * A built screen: its audit entry, and its standard routes, served from its folder app/routes/admin/<last
 * segment of its path>/ (/admin: dashboard/). Its list, route.tsx, answers its path (`list: false`: it has none,
 * only file routes); `new` is the module of <path>/new; `record` the URL and module of a record's page
 * (`{ path: ":id", file: "tool.tsx" }`). One module may serve both the new form and the record page.
 */
export interface BuiltScreen extends ScreenEntry {
  built: true;
  audit: ScreenAudit;
  list?: false;
  new?: string;
  record?: { path: `:${string}`; file: string };
}

export interface PlannedScreen extends ScreenEntry {
  built: false;
}

export type AdminScreen = BuiltScreen | PlannedScreen;

/** The content screen's records (/admin/cms): one entity type per kind of content, each record's page by id. */
const CMS_ENTITIES = ["page", "article", "faq", "case-study", "project", "place", "career", "course"] as const;
const cms = (id: string) => (/^\d+$/.test(id) ? `/admin/cms/${id}` : null);
/** The entity types the trash's entries are written on (~/.server/trash/kinds.ts). */
const TRASH_ENTITIES = ["request", "customer", "product", "service", "fault-table", "content"] as const;

function roleLabel(v: unknown): string | null {
  return isStaffRole(v) ? STAFF_ROLE_INFO[v].label : null;
}

/** What the content screen's legal texts and images write (/admin/cms/legal, /admin/cms/images), beside the content kinds'. */
const CMS_LEGAL_AND_IMAGES_AUDIT = {
  entities: {
    "legal-text": { label: "Legal text", href: (id: string) => (/^[a-z-]+$/.test(id) ? `/admin/cms/legal/${id}` : null) },
    "content-image": { label: "Content image", href: () => "/admin/cms/images" },
  },
  actions: {
    "legal.publish": {
      label: "Published a legal text's new version",
      entity: "legal-text",
      describe: (_b, a) => ["published", typeof a?.version === "number" ? ` version ${a.version}` : " a new version"],
    },
    "content-image.add": { label: "Uploaded a content image", entity: "content-image", describe: () => ["uploaded the image", ""] },
    "content-image.delete": { label: "Deleted a content image", entity: "content-image", describe: () => ["deleted the image", ""] },
  },
} satisfies { entities: Record<string, AuditEntityInfo>; actions: Record<string, AuditActionInfo> };

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  // Work
  { path: "/admin", label: "Dashboard", group: "Work", permission: "dashboard", built: true,
    audit: {
      entities: {
        outbox: { label: "Message or scheduled job" },
      },
      actions: {
        "outbox.retry": { label: "Retried a failed delivery", entity: "outbox", describe: () => ["sent again the failed", ""] },
      },
    },
  },
  { path: "/admin/service-requests", label: "Service requests", group: "Work", permission: "requests", built: true, record: { path: ":reference", file: "request.tsx" },
    audit: {
      entities: {
        request: { label: "Service request", href: (_id, label) => (label && /^SR-\d{4}-\d{4,}$/.test(label) ? `/admin/service-requests/${encodeURIComponent(label)}` : null) },
      },
      actions: {
        "request.status": {
          label: "Changed a request's status",
          entity: "request",
          describe: (_b, a) => ["changed the status of", isRequestStatus(a?.status) ? ` to ${officeStatusLabel(a.status)}` : ""],
        },
        "request.assign": { label: "Assigned a technician", entity: "request", describe: () => ["assigned a technician to", ""] },
        "request.schedule": { label: "Scheduled a visit", entity: "request", describe: () => ["scheduled a visit for", ""] },
        "request.note": { label: "Added a note", entity: "request", describe: () => ["added a note to", ""] },
        "request.call": { label: "Logged a call", entity: "request", describe: () => ["logged a call on", ""] },
        "request.update": { label: "Changed a request", entity: "request", describe: () => ["changed the details of", ""] },
        "request.po": { label: "Recorded a purchase order", entity: "request", describe: () => ["recorded the purchase-order number of", ""] },
        "request.duplicate": { label: "Marked a duplicate", entity: "request", describe: () => ["marked as a duplicate", ""] },
        "request.cancel": { label: "Cancelled a request", entity: "request", describe: () => ["cancelled", ""] },
        // Parts (issue 19 §5): raised here or by the technician's "Parts needed" (~/.server/stock/parts-requests.ts).
        "job.parts-request": { label: "Requested a part for a job", entity: "request", describe: () => ["requested a part for", ""] },
        "job.parts-reserve": { label: "Reserved stock for a job", entity: "request", describe: () => ["reserved stock for", ""] },
        "job.parts-cancel": { label: "Cancelled a parts request", entity: "request", describe: () => ["cancelled a parts request of", ""] },
        "job.part-return": { label: "Returned a part to stock", entity: "request", describe: () => ["returned to stock a part from", ""] },
      },
    },
  },
  { path: "/admin/bench", label: "Bench repair", group: "Work", permission: "requests", built: true, record: { path: ":jobCard", file: "job.tsx" },
    audit: {
      entities: {
        bench: { label: "Bench job", href: (_id, label) => (label && /^JC-\d{4}-\d{4,}/.test(label) ? `/admin/bench/${encodeURIComponent(label.split(" ")[0]!)}` : null) },
      },
      actions: {
        // Booked in from a request's page (/admin/service-requests/:reference/bench), on the bench job it makes.
        "bench.intake": { label: "Booked a unit in for bench repair", entity: "bench", describe: () => ["booked in", " for bench repair"] },
        "bench.stage": { label: "Moved a bench job on", entity: "bench", describe: () => ["moved on", ""] },
        "bench.diagnosis": { label: "Recorded a bench diagnosis", entity: "bench", describe: () => ["recorded the diagnosis of", ""] },
        "bench.estimate": { label: "Recorded a bench estimate", entity: "bench", describe: () => ["recorded the estimate of", ""] },
        "bench.repair": { label: "Recorded bench repair notes", entity: "bench", describe: () => ["recorded the repair notes of", ""] },
        "bench.test": { label: "Recorded a bench test report", entity: "bench", describe: () => ["recorded the test report of", ""] },
        "bench.photos": { label: "Added bench photos", entity: "bench", describe: () => ["added photos to", ""] },
      },
    },
  },
  { path: "/admin/contracts", label: "Contracts (AMC)", group: "Work", permission: "requests", built: true, new: "new.tsx", record: { path: ":reference", file: "record.tsx" },
    audit: {
      entities: {
        contract: { label: "AMC contract", href: (_id, label) => (label && /^AMC-\d{4}-\d{4,}/.test(label) ? `/admin/contracts/${encodeURIComponent(label.split(" ")[0]!)}` : null) },
      },
      actions: {
        "contract.add": { label: "Made an AMC contract", entity: "contract", describe: () => ["made the contract", ""] },
        "contract.update": { label: "Changed an AMC contract", entity: "contract", describe: () => ["changed the contract", ""] },
        "contract.cancel": { label: "Cancelled an AMC contract", entity: "contract", describe: () => ["cancelled the contract", ""] },
        "contract.renew": { label: "Renewed an AMC contract", entity: "contract", describe: () => ["renewed the contract", ""] },
        "contract.invoice": { label: "Invoiced a contract's billing date", entity: "contract", describe: () => ["invoiced a billing date of", ""] },
        "contract.visit": { label: "Made a maintenance visit into a job", entity: "contract", describe: () => ["made a visit of", " into a job"] },
        "contract.renewal-reminder": { label: "Sent a renewal reminder", entity: "contract", describe: () => ["sent the renewal reminder of", ""] },
      },
    },
  },
  { path: "/admin/technicians", label: "Technicians", group: "Work", permission: "technicians", built: true, record: { path: ":id", file: "technician.tsx" },
    audit: {
      entities: {
        technician: { label: "Technician", href: (id) => (/^\d+$/.test(id) ? `/admin/technicians/${id}` : null) },
        "stage-requirements": { label: "Job stage requirements", href: () => "/admin/technicians/stages" },
      },
      actions: {
        "technician.review": {
          label: "Reviewed a technician application",
          entity: "technician",
          describe: (_b, a) => [a?.status === "approved" ? "approved the technician application" : a?.status === "rejected" ? "rejected the technician application" : "reviewed the technician application", ""],
        },
        "technician.update": { label: "Changed a technician's profile", entity: "technician", describe: () => ["changed the skills, services or availability of", ""] },
        "technician.stage-requirements": { label: "Changed the job stage requirements", entity: "stage-requirements", describe: () => ["changed", ""] },
      },
    },
  },
  // Issue 21: the dispatch board; moving work needs what assigning on the request page needs.
  { path: "/admin/schedule", label: "Schedule", group: "Work", permission: "dispatch", built: true,
    // Issue 21: a move is written as the request's own "request.assign" and "request.schedule" entries (declared
    // with the requests); the board writes a technician's time off.
    audit: {
      entities: {},
      actions: {
        "technician.time-off": { label: "Marked a technician's leave or unavailable hours", entity: "technician", describe: (_b, a) => [a?.kind === "leave" ? "marked leave for" : "marked unavailable hours for", ""] },
        "technician.time-off-remove": { label: "Removed a technician's leave or unavailable hours", entity: "technician", describe: () => ["removed leave or unavailable hours of", ""] },
        // ADR 066: a calendar feed link made (the old one revoked with it) or turned off, for a technician or a staff member's whole board.
        "technician.calendar-feed": { label: "Made a technician's calendar feed link", entity: "technician", describe: () => ["made a new calendar feed link for", ""] },
        "technician.calendar-feed-revoke": { label: "Turned off a technician's calendar feed", entity: "technician", describe: () => ["turned off the calendar feed of", ""] },
        "user.calendar-feed": { label: "Made a calendar feed link of the schedule", entity: "user", describe: () => ["made a calendar feed link of the whole schedule for", ""] },
        "user.calendar-feed-revoke": { label: "Turned off a calendar feed of the schedule", entity: "user", describe: () => ["turned off the schedule's calendar feed of", ""] },
      },
    },
  },
  // Money
  { path: "/admin/quotes", label: "Quotes", group: "Money", permission: "money", built: true, new: "new.tsx", record: { path: ":reference", file: "quote.tsx" },
    audit: {
      entities: {
        quote: { label: "Quote", href: (_id, label) => (label && /^QT-\d{4}-\d{4,}$/.test(label) ? `/admin/quotes/${encodeURIComponent(label)}` : null) },
      },
      actions: {
        "quote.create": { label: "Made a quote", entity: "quote", describe: () => ["made the quote", ""] },
        "quote.edit": { label: "Changed a draft quote", entity: "quote", describe: () => ["changed the draft quote", ""] },
        "quote.revise": { label: "Revised a quote", entity: "quote", describe: () => ["revised the quote", ""] },
        "quote.send": { label: "Sent a quote", entity: "quote", describe: () => ["sent the quote", " to the customer"] },
      },
    },
  },
  { path: "/admin/invoices", label: "Invoices", group: "Money", permission: "money", built: true, new: "new.tsx", record: { path: ":id", file: "invoice.tsx" },
    audit: {
      entities: {
        invoice: { label: "Invoice or credit note", href: (id) => (/^\d+$/.test(id) ? `/admin/invoices/${id}` : null) },
      },
      actions: {
        "invoice.issue": { label: "Issued a tax invoice", entity: "invoice", describe: () => ["issued the tax invoice", ""] },
        "invoice.resend": { label: "Sent an invoice again", entity: "invoice", describe: () => ["sent again the invoice", ""] },
        "credit_note.issue": { label: "Issued a credit note", entity: "invoice", describe: () => ["issued the credit note", ""] },
        "invoice.issue_another": { label: "Issued another invoice for a request", entity: "invoice", describe: (_b, a) => ["issued another tax invoice", typeof a?.request === "string" ? ` for ${a.request}` : ""] },
        // Written at start-up by the over-credit repair (app/.server/payments/over-credit-repair.ts).
        "invoice.over-credit-repair": { label: "Moved an overpayment to the customer's credit", entity: "invoice", describe: () => ["moved what was paid beyond the total of", " to the customer's credit"] },
      },
    },
  },
  { path: "/admin/payments", label: "Payments", group: "Money", permission: "money", built: true, new: "new.tsx", record: { path: ":reference", file: "payment.tsx" },
    audit: {
      entities: {
        payment: { label: "Payment", href: (_id, label) => (label && /^RC-\d{4}-\d{4,}$/.test(label) ? `/admin/payments/${encodeURIComponent(label)}` : null) },
        statement: { label: "Bank statement", href: () => "/admin/payments/reconciliation" },
      },
      actions: {
        "payment.record": { label: "Recorded a payment", entity: "payment", describe: () => ["recorded the payment", ""] },
        "payment.allocate": { label: "Allocated an advance", entity: "payment", describe: () => ["allocated what was left of", " to invoices"] },
        "statement.import": { label: "Imported a bank statement", entity: "statement", describe: () => ["imported the statement", ""] },
        "statement.match": { label: "Matched a statement line", entity: "statement", describe: () => ["matched", " of a statement to an invoice"] },
        "statement.ignore": { label: "Set aside a statement line", entity: "statement", describe: () => ["set aside", " of a statement"] },
      },
    },
  },
  { path: "/admin/products", label: "Products", group: "Money", permission: "money", built: true, new: "product.tsx", record: { path: ":id", file: "product.tsx" },
    audit: {
      entities: {
        product: { label: "Product", href: (id) => (/^\d+$/.test(id) ? `/admin/products/${id}` : null) },
      },
      actions: {
        "product.add": { label: "Added a product", entity: "product", describe: () => ["added the product", ""] },
        "product.update": { label: "Changed a product", entity: "product", describe: () => ["changed the product", ""] },
        "product.publish": { label: "Published a product", entity: "product", describe: () => ["published", " on the products page"] },
        "product.unpublish": { label: "Took a product off the products page", entity: "product", describe: () => ["took", " off the products page"] },
        "product.withdraw": { label: "Withdrew a product", entity: "product", describe: () => ["withdrew the product", ""] },
        "product.restore": { label: "Restored a product", entity: "product", describe: () => ["restored the product", ""] },
        "product.stock-adjust": {
          label: "Adjusted a product's stock",
          entity: "product",
          describe: (_b, a) => ["adjusted the stock of", typeof a?.onHand === "number" ? ` to ${a.onHand} on hand` : ""],
        },
        "product.reorder-level": {
          label: "Set a product's reorder level",
          entity: "product",
          describe: (_b, a) => ["set the reorder level of", typeof a?.reorderLevel === "number" ? ` to ${a.reorderLevel}` : ""],
        },
      },
    },
  },
  { path: "/admin/vendors", label: "Vendors", group: "Money", permission: "money", built: true, new: "new.tsx", record: { path: ":id", file: "vendor.tsx" },
    audit: {
      entities: {
        vendor: { label: "Vendor", href: (id) => (/^\d+$/.test(id) ? `/admin/vendors/${id}` : null) },
        // Purchasing (issue 19 §5): /admin/vendors/orders/{number}.
        "purchase-order": { label: "Purchase order", href: (_id, label) => (label && /^PO-\d{4}-\d{4,}$/.test(label) ? `/admin/vendors/orders/${label}` : null) },
      },
      actions: {
        "vendor.add": { label: "Added a vendor", entity: "vendor", describe: () => ["added the vendor", ""] },
        "vendor.update": { label: "Changed a vendor", entity: "vendor", describe: () => ["changed the details of", ""] },
        "vendor.archive": { label: "Archived a vendor", entity: "vendor", describe: () => ["archived the vendor", ""] },
        "vendor.restore": { label: "Restored a vendor", entity: "vendor", describe: () => ["restored the vendor", ""] },
        "vendor.part-add": { label: "Added a part a vendor supplies", entity: "vendor", describe: (_b, a) => ["added a part to", typeof a?.product === "string" ? ` (${a.product})` : ""] },
        "vendor.part-edit": { label: "Changed a vendor's part or price", entity: "vendor", describe: (_b, a) => ["changed a part of", typeof a?.product === "string" ? ` (${a.product})` : ""] },
        "vendor.part-remove": { label: "Removed a part a vendor supplies", entity: "vendor", describe: (b) => ["removed a part of", typeof b?.product === "string" ? ` (${b.product})` : ""] },
        "vendor.bill-add": { label: "Recorded a vendor's bill", entity: "vendor", describe: (_b, a) => ["recorded a bill of", typeof a?.billNumber === "string" ? ` (${a.billNumber})` : ""] },
        "vendor.bill-remove": { label: "Removed a vendor's bill", entity: "vendor", describe: (b) => ["removed a bill of", typeof b?.billNumber === "string" ? ` (${b.billNumber})` : ""] },
        "purchase-order.add": { label: "Placed a purchase order", entity: "purchase-order", describe: () => ["placed the purchase order", ""] },
        "purchase-order.send": { label: "Sent a purchase order", entity: "purchase-order", describe: (_b, a) => ["sent the purchase order", a?.via === "whatsapp" ? " on WhatsApp" : " by e-mail"] },
        "purchase-order.receive": { label: "Received a purchase order", entity: "purchase-order", describe: (_b, a) => ["received goods on", a?.status === "part_received" ? " (in part)" : ""] },
        "purchase-order.bill": { label: "Recorded a bill against a purchase order", entity: "purchase-order", describe: (_b, a) => ["recorded a bill against", typeof a?.billNumber === "string" ? ` (${a.billNumber})` : ""] },
      },
    },
  },
  // Customers
  { path: "/admin/customers", label: "Customers", group: "Customers", permission: "customers", built: true, new: "new.tsx", record: { path: ":reference", file: "customer.tsx" },
    audit: {
      entities: {
        customer: { label: "Customer", href: (_id, label) => (label && /^CU-\d{4}-\d{4,}$/.test(label) ? `/admin/customers/${encodeURIComponent(label)}` : null) },
      },
      actions: {
        "customer.add": { label: "Added a customer", entity: "customer", describe: () => ["added the customer", ""] },
        "customer.details": { label: "Changed a customer's details", entity: "customer", describe: () => ["changed the details of", ""] },
        "customer.site-add": { label: "Added a customer's site", entity: "customer", describe: () => ["added a site to", ""] },
        "customer.site-edit": { label: "Changed a customer's site", entity: "customer", describe: () => ["changed a site of", ""] },
        "customer.site-remove": { label: "Removed a customer's site", entity: "customer", describe: () => ["removed a site of", ""] },
        "customer.unit-add": { label: "Added a unit of equipment", entity: "customer", describe: () => ["added a unit of equipment to", ""] },
        "customer.unit-edit": { label: "Changed a unit of equipment", entity: "customer", describe: () => ["changed a unit of equipment of", ""] },
        "customer.unit-remove": { label: "Removed a unit of equipment", entity: "customer", describe: () => ["removed a unit of equipment of", ""] },
        "customer.data-request": { label: "Logged a personal-data request", entity: "customer", describe: () => ["logged a personal-data request of", ""] },
        "customer.data-request-close": { label: "Answered a personal-data request", entity: "customer", describe: () => ["answered a personal-data request of", ""] },
        "customer.export": { label: "Downloaded a customer's data", entity: "customer", describe: (_b, a) => ["downloaded the data of", typeof a?.format === "string" ? ` (${a.format.toUpperCase()})` : ""] },
        "customer.erase": { label: "Erased a customer", entity: "customer", describe: () => ["erased the personal data of", ""] },
        "customer.marketing-consent": { label: "Recorded marketing consent", entity: "customer", describe: () => ["recorded the marketing consent of", ""] },
        // A customer's credit, applied or refunded from their page.
        "credit.apply": { label: "Applied a customer's credit", entity: "invoice", describe: () => ["applied the customer's credit to", ""] },
        "credit.refund": { label: "Refunded a customer's credit", entity: "customer", describe: (_b, a) => ["refunded credit to", typeof a?.refund === "string" ? ` (voucher ${a.refund})` : ""] },
      },
    },
  },
  { path: "/admin/feedback", label: "Feedback", group: "Customers", permission: "customers", built: true, record: { path: ":id", file: "rating.tsx" },
    audit: {
      entities: {
        feedback: { label: "Rating", href: (id) => (/^\d+$/.test(id) ? `/admin/feedback/${id}` : null) },
        review: { label: "Review", href: () => "/admin/feedback/reviews" },
        "forum-question": { label: "Forum question", href: () => "/admin/feedback/forum" },
        "forum-reply": { label: "Forum reply", href: () => "/admin/feedback/forum" },
      },
      actions: {
        "feedback.publish": { label: "Published a rating", entity: "feedback", describe: () => ["published the rating of", " on /reviews"] },
        "feedback.hide": { label: "Took a rating off /reviews", entity: "feedback", describe: () => ["took the rating of", " off /reviews"] },
        "feedback.follow-up-close": { label: "Closed a low rating's follow-up", entity: "feedback", describe: () => ["closed the follow-up of", ""] },
        "review.publish": { label: "Published a review", entity: "review", describe: () => ["published the review", " on /reviews"] },
        "review.reject": { label: "Declined a review", entity: "review", describe: () => ["declined the review", ""] },
        "forum.publish": { label: "Published a forum post", entity: ["forum-question", "forum-reply"], describe: () => ["published the forum post", ""] },
        "forum.reject": { label: "Declined a forum post", entity: ["forum-question", "forum-reply"], describe: () => ["declined the forum post", ""] },
      },
    },
  },
  { path: "/admin/help-desk", label: "Help desk", group: "Customers", permission: "communications", built: true, new: "new.tsx", record: { path: ":reference", file: "ticket.tsx" },
    audit: {
      entities: {
        // A ticket's label is "TK-2611-0007: its subject".
        ticket: { label: "Help-desk ticket", href: (_id, label) => (label && /^TK-\d{4}-\d{4,}/.test(label) ? `/admin/help-desk/${encodeURIComponent(label.split(":")[0]!)}` : null) },
        canned_reply: { label: "Canned reply", href: () => "/admin/help-desk/canned" },
      },
      actions: {
        "ticket.open": { label: "Opened a ticket", entity: "ticket", describe: () => ["opened the ticket", " for a customer"] },
        "ticket.reply": { label: "Replied to a ticket", entity: "ticket", describe: (_b, a) => ["replied to the ticket", a?.firstResponse === true ? " (its first reply)" : ""] },
        "ticket.note": { label: "Added a note to a ticket", entity: "ticket", describe: () => ["added an internal note to the ticket", ""] },
        "ticket.update": { label: "Changed a ticket", entity: "ticket", describe: () => ["changed the status, priority or assignee of the ticket", ""] },
        "canned-reply.add": { label: "Added a canned reply", entity: "canned_reply", describe: () => ["added the canned reply", ""] },
        "canned-reply.edit": { label: "Changed a canned reply", entity: "canned_reply", describe: () => ["changed the canned reply", ""] },
        "canned-reply.delete": { label: "Deleted a canned reply", entity: "canned_reply", describe: () => ["deleted the canned reply", ""] },
      },
    },
  },
  // Communications
  { path: "/admin/inbox", label: "Inbox", group: "Communications", permission: "communications", built: true,
    audit: { writesNone: "Reads what visitors sent; replies are written from a request, a thread or a ticket." },
  },
  { path: "/admin/messages", label: "Message files", group: "Communications", permission: "communications", built: true, hidden: true, list: false,
    audit: { writesNone: "Serves the files attached to messages; it changes nothing." },
  },
  { path: "/admin/communications", label: "Communications", group: "Communications", permission: "communications", built: true, record: { path: ":customerReference", file: "thread.tsx" },
    audit: {
      entities: {
        thread: { label: "Thread of an unknown sender", href: (id) => (/^91\d{10}$/.test(id) ? `/admin/communications/${id}` : null) },
      },
      actions: {
        "thread.sms": { label: "Sent an SMS from a thread", entity: ["thread", "customer"], describe: (_b, a) => ["sent an SMS to", typeof a?.template === "string" ? ` (template ${a.template})` : ""] },
        "thread.email": { label: "Sent an e-mail from a thread", entity: ["thread", "customer"], describe: () => ["sent an e-mail to", ""] },
        "thread.whatsapp": { label: "Sent a WhatsApp message from a thread", entity: ["thread", "customer"], describe: () => ["sent a WhatsApp message to", ""] },
        "thread.call": { label: "Logged a call in a thread", entity: ["thread", "customer"], describe: () => ["logged a call with", ""] },
        "thread.note": { label: "Added a note to a thread", entity: ["thread", "customer"], describe: () => ["added an internal note to the thread of", ""] },
      },
    },
  },
  // Staff notifications (issue 12 §3): every staff member has their own alerts and choices, so the screen needs only "dashboard".
  { path: "/admin/notifications", label: "Notifications", group: "Communications", permission: "dashboard", built: true,
    // Both write on the staff member's own account (entity type "user", owned by /admin/staff).
    audit: {
      entities: {},
      actions: {
        "notifications.preferences": { label: "Changed their notification channels", entity: "user", describe: () => ["changed the notification channels of", ""] },
      },
    },
  },
  // A staff member's own name, asked at the first sign-in (every staff member: "dashboard").
  { path: "/admin/your-name", label: "Your name", group: "System", permission: "dashboard", built: true, hidden: true,
    audit: {
      entities: {},
      actions: {
        "staff.name": { label: "Gave their name", entity: "user", describe: () => ["gave the name", " at their first sign-in"] },
      },
    },
  },
  { path: "/admin/emails", label: "E-mails", group: "Communications", permission: "communications", built: true,
    audit: {
      entities: {
        "email-template": { label: "E-mail template", href: (id) => (/^[a-z][a-z0-9-]*$/.test(id) ? `/admin/emails/templates/${id}` : null) },
      },
      actions: {
        "email-template.edit": { label: "Changed an e-mail template", entity: "email-template", describe: () => ["changed the e-mail template", ""] },
        "email-template.reset": { label: "Reset an e-mail template", entity: "email-template", describe: () => ["reset the e-mail template", " to its built-in text"] },
      },
    },
  },
  { path: "/admin/sms", label: "SMS", group: "Communications", permission: "communications", built: true,
    audit: {
      entities: {
        "sms-template": { label: "SMS template (DLT)", href: (id) => (/^\d+$/.test(id) ? `/admin/sms/templates/${id}` : null) },
      },
      actions: {
        "sms-template.add": { label: "Added a DLT template", entity: "sms-template", describe: () => ["added the SMS template", " to the DLT registry"] },
        "sms-template.edit": { label: "Changed a DLT template", entity: "sms-template", describe: () => ["changed the SMS template", ""] },
        "sms-template.deactivate": { label: "Deactivated a DLT template", entity: "sms-template", describe: () => ["deactivated the SMS template", ""] },
        "sms-template.activate": { label: "Activated a DLT template", entity: "sms-template", describe: () => ["activated the SMS template", ""] },
      },
    },
  },
  { path: "/admin/whatsapp", label: "WhatsApp", group: "Communications", permission: "communications", built: true, record: { path: ":mobile", file: "conversation.tsx" },
    audit: {
      entities: {
        "conversation-message": { label: "WhatsApp message", href: (_id, label) => (label && /^\+\d{8,15}$/.test(label) ? `/admin/whatsapp/${label.slice(1)}` : null) },
        "whatsapp-template": { label: "WhatsApp template", href: () => "/admin/whatsapp#templates-heading" },
      },
      actions: {
        "whatsapp.send": { label: "Sent a WhatsApp message", entity: "conversation-message", describe: (_b, a) => ["sent a WhatsApp message to", typeof a?.template === "string" ? ` (template ${a.template})` : ""] },
        "whatsapp-template.add": { label: "Added a WhatsApp template", entity: "whatsapp-template", describe: () => ["added the WhatsApp template", " to the registry"] },
        "whatsapp-template.edit": { label: "Changed a WhatsApp template", entity: "whatsapp-template", describe: () => ["changed the WhatsApp template", ""] },
      },
    },
  },
  { path: "/admin/marketing", label: "Marketing", group: "Communications", permission: "communications", built: true, record: { path: ":reference", file: "campaign.tsx" },
    audit: {
      entities: {
        campaign: { label: "Marketing campaign", href: (_id, label) => (label && /^MC-\d{4}-\d{4,}$/.test(label) ? `/admin/marketing/${encodeURIComponent(label)}` : null) },
      },
      actions: {
        "campaign.create": { label: "Made a marketing campaign", entity: "campaign", describe: () => ["made the campaign", ""] },
        "campaign.start": { label: "Started a marketing campaign", entity: "campaign", describe: () => ["started the campaign", ""] },
        "campaign.pause": { label: "Paused a marketing campaign", entity: "campaign", describe: () => ["paused the campaign", ""] },
        "campaign.cancel": { label: "Cancelled a marketing campaign", entity: "campaign", describe: () => ["cancelled the campaign", ""] },
      },
    },
  },
  { path: "/admin/video-calls", label: "Video calls", group: "Communications", permission: "communications", built: true, new: "new.tsx", record: { path: ":reference", file: "call.tsx" },
    audit: {
      entities: {
        video_call: { label: "Video call", href: (_id, label) => (label && /^VC-\d{4}-\d{4,}/.test(label) ? `/admin/video-calls/${encodeURIComponent(label.split(" ")[0]!)}` : null) },
      },
      actions: {
        "video-call.schedule": { label: "Booked a video call", entity: "video_call", describe: () => ["booked the video call", " and sent the customer the link"] },
        "video-call.reschedule": { label: "Moved a video call", entity: "video_call", describe: () => ["moved the video call", ""] },
        "video-call.cancel": { label: "Cancelled a video call", entity: "video_call", describe: () => ["cancelled the video call", ""] },
        "video-call.notes": { label: "Wrote a video call's notes", entity: "video_call", describe: () => ["wrote the notes of the video call", ""] },
        "video-call.start": { label: "Started a video call", entity: "video_call", describe: () => ["started the video call", ""] },
        "video-call.snapshot": { label: "Took a snapshot in a video call", entity: "video_call", describe: () => ["took a snapshot in the video call", ""] },
        "video-call.end": { label: "Ended a video call", entity: "video_call", describe: () => ["ended the video call", ""] },
      },
    },
  },
  // Website
  { path: "/admin/cms", label: "Content", group: "Website", permission: "content", built: true, new: "new.tsx", record: { path: ":id", file: "entry.tsx" },
    audit: {
      entities: {
        "page": { label: "Page", href: cms },
        "article": { label: "Article", href: cms },
        "faq": { label: "FAQ", href: cms },
        "case-study": { label: "Case study", href: cms },
        "project": { label: "Project", href: cms },
        "place": { label: "Place", href: cms },
        "career": { label: "Career opening", href: cms },
        "course": { label: "Course", href: cms },
        ...CMS_LEGAL_AND_IMAGES_AUDIT.entities,
      },
      actions: {
        ...CMS_LEGAL_AND_IMAGES_AUDIT.actions,
        "content.add": { label: "Added content", entity: CMS_ENTITIES, describe: () => ["added", " as a draft"] },
        "content.update": { label: "Changed content", entity: CMS_ENTITIES, describe: () => ["changed", ""] },
        "content.publish": { label: "Published content", entity: CMS_ENTITIES, describe: () => ["published", " on the site"] },
        "content.unpublish": { label: "Took content off the site", entity: CMS_ENTITIES, describe: () => ["took", " off the site"] },
        "content.unschedule": { label: "Cancelled a scheduled publication", entity: CMS_ENTITIES, describe: () => ["cancelled the scheduled publication of", ""] },
        "content.schedule": { label: "Scheduled content", entity: CMS_ENTITIES, describe: (_b, a) => ["scheduled", typeof a?.publishAt === "string" && !Number.isNaN(Date.parse(a.publishAt)) ? ` for ${formatDateTime(a.publishAt)}` : ""] },
        "content.restore": { label: "Restored an earlier version", entity: CMS_ENTITIES, describe: (_b, a) => ["restored", typeof a?.revision === "number" ? ` to version ${a.revision}` : " to an earlier version"] },
      },
    },
  },
  { path: "/admin/services", label: "Services", group: "Website", permission: "settings", built: true, new: "new.tsx", record: { path: ":id", file: "service.tsx" },
    audit: {
      entities: {
        service: { label: "Service", href: (id) => `/admin/services/${encodeURIComponent(id)}` },
      },
      actions: {
        "service.add": { label: "Added a service", entity: "service", describe: () => ["added", " to the service catalogue"] },
        "service.update": { label: "Changed a service", entity: "service", describe: () => ["changed the service", ""] },
        "service.show": { label: "Showed a service on the site", entity: "service", describe: () => ["showed", " on the site"] },
        "service.hide": { label: "Hid a service from the site", entity: "service", describe: () => ["hid", " from the site"] },
      },
    },
  },
  { path: "/admin/service-management", label: "Service management", group: "Website", permission: "settings", built: true, hidden: true,
    audit: { writesNone: "The spec's second name for Services: it sends the office there." },
  },
  { path: "/admin/technical-library", label: "Technical library", group: "Website", permission: "library", built: true, new: "new.tsx", record: { path: ":id", file: "table.tsx" },
    audit: {
      entities: {
        "fault-table": { label: "Fault-code table", href: (id) => `/admin/technical-library/${encodeURIComponent(id)}` },
        "library-document": { label: "Manual or datasheet", href: (id) => `/admin/technical-library/documents/${encodeURIComponent(id)}` },
      },
      actions: {
        "fault-table.add": { label: "Added a fault-code table", entity: "fault-table", describe: () => ["added the fault-code table", ""] },
        "fault-table.update": { label: "Changed a fault-code table", entity: "fault-table", describe: () => ["changed the fault-code table", ""] },
        "fault-table.import": { label: "Imported fault codes", entity: "fault-table", describe: () => ["imported codes into", ""] },
        "fault-table.publish": { label: "Put a table on /technical-data", entity: "fault-table", describe: () => ["put", " on /technical-data"] },
        "fault-table.unpublish": { label: "Kept a table for staff", entity: "fault-table", describe: () => ["kept", " for staff and technicians only"] },
        "library-document.upload": { label: "Uploaded a manual or datasheet", entity: "library-document", describe: () => ["uploaded", ""] },
        "library-document.update": { label: "Changed a manual or datasheet", entity: "library-document", describe: () => ["changed", ""] },
        "library-document.remove": { label: "Removed a manual or datasheet", entity: "library-document", describe: () => ["removed", ""] },
      },
    },
  },
  { path: "/admin/seo-audit", label: "SEO audit", group: "Website", permission: "settings", built: true,
    audit: {
      entities: {
        "seo-audit-run": { label: "SEO audit", href: (id) => (/^\d+$/.test(id) ? `/admin/seo-audit?run=${id}` : null) },
      },
      actions: {
        "seo-audit.run": { label: "Ran the SEO audit", entity: "seo-audit-run", describe: () => ["started", " of every page in the sitemap"] },
      },
    },
  },
  // Business
  { path: "/admin/analytics", label: "Analytics", group: "Business", permission: "activity", built: true,
    audit: { writesNone: "Read-only: figures counted from requests, quotes, invoices, payments, feedback, bench jobs, contracts and visitor sessions." },
  },
  { path: "/admin/investors", label: "Investors", group: "Business", permission: "settings", built: true, record: { path: ":reference", file: "enquiry.tsx" },
    audit: {
      entities: {
        enquiry: { label: "Investor enquiry", href: (_id, label) => (label && /^IV-\d{4}-\d{4,}$/.test(label) ? `/admin/investors/${encodeURIComponent(label)}` : null) },
        "investor-document": { label: "Investor document", href: () => "/admin/investors#documents-heading" },
      },
      actions: {
        "investor.reply": { label: "Replied to an investor enquiry", entity: "enquiry", describe: (_b, a) => ["replied to the investor enquiry", typeof a?.to === "string" ? ` by e-mail to ${a.to}` : ""] },
        "investor.status": { label: "Changed an investor enquiry's status", entity: "enquiry", describe: (_b, a) => ["changed the status of the investor enquiry", typeof a?.status === "string" ? ` to ${a.status}` : ""] },
        "investor.document-upload": { label: "Uploaded an investor document", entity: "investor-document", describe: () => ["uploaded the investor document", ""] },
        "investor.document-publish": { label: "Published an investor document", entity: "investor-document", describe: () => ["published the investor document", " on /investors"] },
        "investor.document-unpublish": { label: "Unpublished an investor document", entity: "investor-document", describe: () => ["took the investor document", " off /investors"] },
        "investor.document-delete": { label: "Deleted an investor document", entity: "investor-document", describe: () => ["deleted the investor document", ""] },
      },
    },
  },
  // System
  { path: "/admin/settings", label: "Settings", group: "System", permission: "settings", built: true,
    audit: {
      entities: {
        settings: { label: "Settings", href: () => "/admin/settings" },
      },
      actions: {
        "settings.update": { label: "Changed the settings", entity: "settings", describe: () => ["changed the settings", ""] },
        "settings.signature": { label: "Changed the signatory's signature", entity: "settings", describe: (_b, a) => [a?.removed ? "removed the authorised signatory's signature" : "uploaded the authorised signatory's signature", ""] },
      },
    },
  },
  { path: "/admin/staff", label: "Staff", group: "System", permission: "staff", built: true,
    audit: {
      entities: {
        user: { label: "Staff member or account" },
      },
      actions: {
        "staff.add": {
          label: "Added a staff member",
          entity: "user",
          describe: (_b, a) => ["added", ` to the staff${roleLabel(a?.staffRole) ? ` as ${roleLabel(a?.staffRole)}` : ""}`],
        },
        "staff.role": {
          label: "Changed a staff role",
          entity: "user",
          describe: (b, a) => [
            "changed the role of",
            roleLabel(b?.staffRole) && roleLabel(a?.staffRole) ? ` from ${roleLabel(b?.staffRole)} to ${roleLabel(a?.staffRole)}` : "",
          ],
        },
        "staff.remove": { label: "Removed a staff member", entity: "user", describe: () => ["removed", " from the staff"] },
      },
    },
  },
  { path: "/admin/activity", label: "Activity", group: "System", permission: "activity", built: true,
    audit: { writesNone: "Reads the audit log; it changes nothing." },
  },
  // The spec's one back-office URL outside /admin (issue 19 §9): the same layout, guard and host rule.
  { path: "/database", label: "Database", group: "System", permission: "database", built: true,
    audit: { writesNone: "Read-only: the database's own catalog and statistics, the migrations table and the job queue's counts." },
  },
  { path: "/admin/data-restoration", label: "Data restoration", group: "System", permission: "settings", built: true,
    audit: {
      entities: {
        // A backup's id, or for "back up now" the job's key (the backup does not exist yet); the label is its file.
        backup: { label: "Backup", href: () => "/admin/data-restoration" },
        // A content entry of a kind no built screen edits yet (articles, pages, ...): its trash entries.
        content: { label: "Site content", href: () => "/admin/data-restoration/trash" },
      },
      actions: {
        // The trash (ADR 046): written on the record's own entity, so its history shows the delete and the restore.
        "trash.delete": { label: "Moved a record to the trash", entity: TRASH_ENTITIES, describe: () => ["moved", " to the trash"] },
        "trash.restore": { label: "Restored a record from the trash", entity: TRASH_ENTITIES, describe: () => ["restored", " from the trash"] },
        "trash.delete-forever": { label: "Deleted a record forever", entity: TRASH_ENTITIES, describe: () => ["deleted", " forever, from the trash"] },
        "trash.purge": { label: "Purged a record after 30 days in the trash", entity: TRASH_ENTITIES, describe: () => ["purged", " after 30 days in the trash"] },
        // Its entry's label is "a backup now": "Asha asked for a backup now".
        "backup.run": { label: "Asked for a backup", entity: "backup", describe: () => ["asked for", ""] },
        "backup.test-restore": { label: "Test-restored a backup", entity: "backup", describe: () => ["asked for a test restore of", ""] },
        "backup.download": { label: "Downloaded a backup", entity: "backup", describe: () => ["downloaded", ""] },
        "backup.delete": { label: "Deleted a backup", entity: "backup", describe: () => ["deleted", ""] },
      },
    },
  },
  { path: "/admin/data-import", label: "Data import", group: "System", permission: "settings", built: true, record: { path: ":id", file: "batch.tsx" },
    audit: {
      entities: {
        import: { label: "Data import", href: (id) => (/^\d+$/.test(id) ? `/admin/data-import/${id}` : null) },
      },
      actions: {
        "import.upload": { label: "Uploaded a file to import", entity: "import", describe: () => ["uploaded", " to import"] },
        "import.map": { label: "Chose an import's columns", entity: "import", describe: () => ["chose the columns of", ""] },
        "import.dry-run": { label: "Ran an import's dry run", entity: "import", describe: () => ["ran a dry run of", ""] },
        "import.commit": { label: "Imported a file", entity: "import", describe: () => ["imported", ""] },
        "import.undo": { label: "Undid an import", entity: "import", describe: () => ["undid the import of", ""] },
      },
    },
  },
];

/** The built screens, each with its audit entry and its standard routes. */
export const BUILT_SCREENS: readonly BuiltScreen[] = ADMIN_SCREENS.filter((s): s is BuiltScreen => s.built);

/** The folder of a screen's route modules: app/routes/admin/<last segment of its path>/ (/admin: dashboard/). */
export function screenFolder(screen: Pick<AdminScreen, "path">): string {
  return screen.path === "/admin" ? "dashboard" : screen.path.split("/").at(-1)!;
}

/** The screen a back-office URL belongs to: the registered path that is the URL or its longest prefix. */
export function screenFor(pathname: string): AdminScreen | undefined {
  return screenPathOf(ADMIN_SCREENS, pathname);
}

export interface NavGroup {
  group: ScreenGroup;
  screens: Array<{ path: string; label: string }>;
}

/** The navigation for someone with these permissions: built, visible screens, grouped in registry order. */
export function navigationFor(permissions: readonly Permission[]): NavGroup[] {
  return SCREEN_GROUPS.map((group) => ({
    group,
    screens: ADMIN_SCREENS.filter((s) => s.group === group && s.built && !s.hidden && permissions.includes(s.permission)).map(
      ({ path, label }) => ({ path, label }),
    ),
  })).filter((g) => g.screens.length > 0);
}
