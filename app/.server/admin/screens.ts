import type { BuiltScreenPath } from "~/lib/admin/screens.ts";
import { isStaffRole, STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import { formatDateTime } from "~/lib/format.ts";
import { isRequestStatus, officeStatusLabel } from "~/lib/requests/status.ts";

/**
 * The server's half of the screen registry (~/lib/admin/screens.ts, which the browser loads for the
 * navigation and so stays small): what each built screen writes to the audit log. A screen declares the
 * kinds of record it owns (entity types: a label, and the page an entry links to) and the actions it writes
 * (a label for the filter, and the sentence the Activity page reads), or why it writes none. The Activity
 * page's tables (~/.server/audit/list.ts) are derived from here, and the type below makes a newly built
 * screen declare its entry: tests/unit/admin-screen-rules.test.ts checks that every action written in
 * app/.server has its label and that every entity an action names is declared.
 */

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

export type ScreenAudit = { entities: Record<string, AuditEntityInfo>; actions: Record<string, AuditActionInfo> } | { writesNone: string };

/** The content screen's records (/admin/cms): one entity type per kind of content, each record's page by id. */
const CMS_ENTITIES = ["page", "article", "faq", "case-study", "project", "place", "career", "course"] as const;
const cms = (id: string) => (/^\d+$/.test(id) ? `/admin/cms/${id}` : null);
/** The entity types the trash's entries are written on (~/.server/trash/kinds.ts). */
const TRASH_ENTITIES = ["request", "customer", "product", "service", "fault-table", "content"] as const;

function roleLabel(v: unknown): string | null {
  return isStaffRole(v) ? STAFF_ROLE_INFO[v].label : null;
}

/**
 * What the content screen's legal texts and images write (/admin/cms/legal, /admin/cms/images). Spread into
 * SCREEN_AUDIT["/admin/cms"], beside the content kinds'.
 */
export const CMS_LEGAL_AND_IMAGES_AUDIT = {
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

/** Every built screen's entry: a screen whose `built` turns true does not compile until it has one. */
export const SCREEN_AUDIT: { readonly [P in BuiltScreenPath]: ScreenAudit } = {
  "/admin": {
    entities: {
      outbox: { label: "Message or scheduled job" },
    },
    actions: {
      "outbox.retry": { label: "Retried a failed delivery", entity: "outbox", describe: () => ["sent again the failed", ""] },
    },
  },
  "/admin/service-requests": {
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
  "/admin/bench": {
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
  "/admin/contracts": {
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
  // Issue 21: a move is written as the request's own "request.assign" and "request.schedule" entries (declared
  // with the requests); the board writes a technician's time off.
  "/admin/schedule": {
    entities: {},
    actions: {
      "technician.time-off": { label: "Marked a technician's leave or unavailable hours", entity: "technician", describe: (_b, a) => [a?.kind === "leave" ? "marked leave for" : "marked unavailable hours for", ""] },
      "technician.time-off-remove": { label: "Removed a technician's leave or unavailable hours", entity: "technician", describe: () => ["removed leave or unavailable hours of", ""] },
    },
  },
  "/admin/technicians": {
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
  "/admin/quotes": {
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
  "/admin/invoices": {
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
  "/admin/payments": {
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
  "/admin/products": {
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
  "/admin/vendors": {
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
  "/admin/customers": {
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
  "/admin/feedback": {
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
  "/admin/help-desk": {
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
  "/admin/inbox": { writesNone: "Reads what visitors sent; replies are written from a request, a thread or a ticket." },
  "/admin/messages": { writesNone: "Serves the files attached to messages; it changes nothing." },
  "/admin/communications": {
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
  // Both write on the staff member's own account (entity type "user", owned by /admin/staff).
  "/admin/notifications": {
    entities: {},
    actions: {
      "notifications.preferences": { label: "Changed their notification channels", entity: "user", describe: () => ["changed the notification channels of", ""] },
    },
  },
  "/admin/your-name": {
    entities: {},
    actions: {
      "staff.name": { label: "Gave their name", entity: "user", describe: () => ["gave the name", " at their first sign-in"] },
    },
  },
  "/admin/emails": {
    entities: {
      "email-template": { label: "E-mail template", href: (id) => (/^[a-z][a-z0-9-]*$/.test(id) ? `/admin/emails/templates/${id}` : null) },
    },
    actions: {
      "email-template.edit": { label: "Changed an e-mail template", entity: "email-template", describe: () => ["changed the e-mail template", ""] },
      "email-template.reset": { label: "Reset an e-mail template", entity: "email-template", describe: () => ["reset the e-mail template", " to its built-in text"] },
    },
  },
  "/admin/sms": {
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
  "/admin/whatsapp": {
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
  "/admin/marketing": {
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
  "/admin/video-calls": {
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
  "/admin/cms": {
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
  "/admin/services": {
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
  "/admin/service-management": { writesNone: "The spec's second name for Services: it sends the office there." },
  "/admin/technical-library": {
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
  "/admin/analytics": { writesNone: "Read-only: figures counted from requests, quotes, invoices, payments, feedback, bench jobs, contracts and visitor sessions." },
  "/admin/seo-audit": {
    entities: {
      "seo-audit-run": { label: "SEO audit", href: (id) => (/^\d+$/.test(id) ? `/admin/seo-audit?run=${id}` : null) },
    },
    actions: {
      "seo-audit.run": { label: "Ran the SEO audit", entity: "seo-audit-run", describe: () => ["started", " of every page in the sitemap"] },
    },
  },
  "/admin/investors": {
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
  "/admin/data-import": {
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
  "/admin/settings": {
    entities: {
      settings: { label: "Settings", href: () => "/admin/settings" },
    },
    actions: {
      "settings.update": { label: "Changed the settings", entity: "settings", describe: () => ["changed the settings", ""] },
      "settings.signature": { label: "Changed the signatory's signature", entity: "settings", describe: (_b, a) => [a?.removed ? "removed the authorised signatory's signature" : "uploaded the authorised signatory's signature", ""] },
    },
  },
  "/admin/data-restoration": {
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
  "/admin/staff": {
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
  "/admin/activity": { writesNone: "Reads the audit log; it changes nothing." },
  "/database": { writesNone: "Read-only: the database's own catalog and statistics, the migrations table and the job queue's counts." },
};

/**
 * Entries written away from the back-office screens: signing in and out (the sign-in page), the
 * technician's field work (on the request, from the technician portal) and a customer's marketing opt-out
 * (their link, or a WhatsApp STOP). Their entity types are owned by the screens above.
 */
export const AUDIT_OUTSIDE_SCREENS: { actions: Record<string, AuditActionInfo> } = {
  actions: {
    "auth.sign-in": { label: "Signed in", entity: "user", describe: (_b, a) => [`signed in to the back office${a?.method === "oidc" ? " with the company account" : ""}`, ""] },
    "auth.sign-out": { label: "Signed out", entity: "user", describe: (_b, a) => [`signed out of the back office${a?.everywhere ? " on all devices" : ""}`, ""] },
    "job.stage": { label: "Set a job's field stage", entity: "request", describe: () => ["set the field stage of", ""] },
    "job.note": { label: "Added a job note", entity: "request", describe: () => ["added a note from the field to", ""] },
    "job.photos": { label: "Added job photos", entity: "request", describe: () => ["added photos from the field to", ""] },
    "job.part": { label: "Recorded a part used", entity: "request", describe: () => ["recorded a part used on", ""] },
    "job.signoff": { label: "Recorded the customer's sign-off", entity: "request", describe: () => ["recorded the customer's sign-off of", ""] },
    "job.signoff-code": { label: "Sent a sign-off code", entity: "request", describe: () => ["sent the customer a sign-off code for", ""] },
    "job.labour": { label: "Recorded a job's labour time", entity: "request", describe: () => ["recorded the labour time of", ""] },
    "customer.marketing-opt-out": { label: "Opted out of marketing", entity: "customer", describe: () => ["recorded the marketing opt-out of", ""] },
  },
};

const declared = [
  ...Object.values<ScreenAudit>(SCREEN_AUDIT),
].filter((s): s is Exclude<ScreenAudit, { writesNone: string }> => !("writesNone" in s));

/** Every entity type of the log, with its label and its record's page (each declared once: tests/unit/admin-screen-rules.test.ts). */
export const AUDIT_ENTITY_TYPES: ReadonlyMap<string, AuditEntityInfo> = new Map(declared.flatMap((s) => Object.entries(s.entities)));

/** Every action the back office and the portals write, with its label and sentence. */
export const AUDIT_ACTIONS: ReadonlyMap<string, AuditActionInfo> = new Map(
  [...declared.map((s) => s.actions), AUDIT_OUTSIDE_SCREENS.actions].flatMap((actions) => Object.entries(actions)),
);
