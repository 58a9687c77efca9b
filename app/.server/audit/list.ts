/**
 * The audit log as the owner reads it (/admin/activity): filtered by person, record, action and India
 * dates, newest first, in keyset pages on (at, id), with a count and a CSV export. Each entry comes back
 * view-ready: when, who, a readable sentence with a link to the record where it has a screen, the address
 * it came from, and only the fields that changed.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { cappedCount, COUNT_CAP, CSV_BATCH_ROWS, CSV_MAX_ROWS, decodeCursor, keysetBatches, keysetPage, PAGE_SIZE, queryObject, type CappedCount, type CsvColumn, type Cursor } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { auditLog, users } from "~/.server/db/schema.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { isStaffRole, STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { isRequestStatus, officeStatusLabel } from "~/lib/requests/status.ts";

// ---------------------------------------------------------------------------------------------------------
// Filters

/** YYYY-MM-DD naming a real calendar day. */
function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v) && v >= "2000-01-01" && v <= "2100-12-31";
}

const day = z.string().refine(isCalendarDay).optional().catch(undefined);

/** The filters in the address; a value that does not fit is dropped, never an error page. */
export const activityFiltersSchema = z.object({
  /** The actor's user id; absent: anyone. */
  person: z.string().regex(/^\d{1,9}$/).transform(Number).optional().catch(undefined),
  /** The kind of record: "request", "user", "technician", "settings"... */
  type: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/).optional().catch(undefined),
  /** The record's id or (part of) its label: "SR-2611-0004", a person's name. */
  record: z.string().trim().min(1).max(100).optional().catch(undefined),
  action: z.string().regex(/^[a-z][a-z0-9_.-]{0,59}$/).optional().catch(undefined),
  /** India dates, both included. */
  from: day,
  to: day,
});
export type ActivityFilters = z.output<typeof activityFiltersSchema>;

export interface ActivityQuery {
  filters: ActivityFilters;
  cursor: [string, number] | undefined;
  csv: boolean;
}

export function parseActivityQuery(url: URL): ActivityQuery {
  const filters = activityFiltersSchema.parse(queryObject(url));
  // A range typed the wrong way round means the days between.
  if (filters.from && filters.to && filters.from > filters.to) [filters.from, filters.to] = [filters.to, filters.from];
  const c = decodeCursor(url.searchParams.get("after"));
  const cursor = c && typeof c[0] === "string" && !Number.isNaN(Date.parse(c[0])) ? ([c[0], c[1]] as [string, number]) : undefined;
  return { filters, cursor, csv: url.searchParams.get("format") === "csv" };
}

/** The start of an India day (00:00 IST) as an instant. */
function indiaDayStart(isoDay: string, plusDays = 0): Date {
  const start = new Date(`${isoDay}T00:00:00+05:30`);
  return new Date(start.getTime() + plusDays * 86_400_000);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function conditions(f: ActivityFilters): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (f.person !== undefined) where.push(eq(auditLog.actorUserId, f.person));
  if (f.type) where.push(eq(auditLog.entityType, f.type));
  if (f.record) where.push(or(eq(auditLog.entityId, f.record), ilike(auditLog.entityLabel, `%${escapeLike(f.record)}%`)));
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(sql`${auditLog.at} >= ${indiaDayStart(f.from).toISOString()}::timestamptz`);
  if (f.to) where.push(sql`${auditLog.at} < ${indiaDayStart(f.to, 1).toISOString()}::timestamptz`);
  return where.length > 0 ? and(...where) : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Entries, view-ready

export interface ActivityChange {
  field: string;
  before: string;
  after: string;
}

export interface ActivityEntry {
  id: number;
  /** ISO */
  at: string;
  who: string;
  action: string;
  /** "changed the status of", the record, and what follows it: a sentence with the actor as its subject. */
  what: { lead: string; record: string | null; href: string | null; tail: string };
  /** The whole sentence as text (CSV, screen readers). */
  sentence: string;
  entityType: string;
  entityId: string;
  ipAddress: string | null;
  changes: ActivityChange[];
}

type Row = {
  id: number;
  at: Date;
  cursorAt: string;
  actorLabel: string;
  action: string;
  entityType: string;
  entityId: string;
  entityLabel: string | null;
  before: unknown;
  after: unknown;
  ipAddress: string | null;
};

function obj(v: unknown): Record<string, unknown> | null {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function roleLabel(v: unknown): string | null {
  return isStaffRole(v) ? STAFF_ROLE_INFO[v].label : null;
}

/**
 * The sentence for each action the back office writes: lead, the record, tail. An action not listed
 * here still reads plainly ("recorded request.foo on SR-...").
 */
const ACTIONS: Record<string, { label: string; describe: (before: Record<string, unknown> | null, after: Record<string, unknown> | null) => [string, string] }> = {
  "auth.sign-in": { label: "Signed in", describe: (_b, a) => [`signed in to the back office${a?.method === "oidc" ? " with the company account" : ""}`, ""] },
  "auth.sign-out": { label: "Signed out", describe: (_b, a) => [`signed out of the back office${a?.everywhere ? " on all devices" : ""}`, ""] },
  "staff.add": {
    label: "Added a staff member",
    describe: (_b, a) => ["added", ` to the staff${roleLabel(a?.staffRole) ? ` as ${roleLabel(a?.staffRole)}` : ""}`],
  },
  "staff.role": {
    label: "Changed a staff role",
    describe: (b, a) => [
      "changed the role of",
      roleLabel(b?.staffRole) && roleLabel(a?.staffRole) ? ` from ${roleLabel(b?.staffRole)} to ${roleLabel(a?.staffRole)}` : "",
    ],
  },
  "staff.remove": { label: "Removed a staff member", describe: () => ["removed", " from the staff"] },
  "technician.review": {
    label: "Reviewed a technician application",
    describe: (_b, a) => [a?.status === "approved" ? "approved the technician application" : a?.status === "rejected" ? "rejected the technician application" : "reviewed the technician application", ""],
  },
  "request.status": {
    label: "Changed a request's status",
    describe: (_b, a) => ["changed the status of", isRequestStatus(a?.status) ? ` to ${officeStatusLabel(a.status)}` : ""],
  },
  "request.assign": { label: "Assigned a technician", describe: () => ["assigned a technician to", ""] },
  "request.schedule": { label: "Scheduled a visit", describe: () => ["scheduled a visit for", ""] },
  "request.note": { label: "Added a note", describe: () => ["added a note to", ""] },
  "request.call": { label: "Logged a call", describe: () => ["logged a call on", ""] },
  "request.update": { label: "Changed a request", describe: () => ["changed the details of", ""] },
  "request.po": { label: "Recorded a purchase order", describe: () => ["recorded the purchase-order number of", ""] },
  "request.duplicate": { label: "Marked a duplicate", describe: () => ["marked as a duplicate", ""] },
  "request.cancel": { label: "Cancelled a request", describe: () => ["cancelled", ""] },
  "technician.update": { label: "Changed a technician's profile", describe: () => ["changed the skills, services or availability of", ""] },
  "technician.stage-requirements": { label: "Changed the job stage requirements", describe: () => ["changed", ""] },
  "job.stage": { label: "Set a job's field stage", describe: () => ["set the field stage of", ""] },
  "job.note": { label: "Added a job note", describe: () => ["added a note from the field to", ""] },
  "job.photos": { label: "Added job photos", describe: () => ["added photos from the field to", ""] },
  "job.part": { label: "Recorded a part used", describe: () => ["recorded a part used on", ""] },
  "job.signoff": { label: "Recorded the customer's sign-off", describe: () => ["recorded the customer's sign-off of", ""] },
  "job.signoff-code": { label: "Sent a sign-off code", describe: () => ["sent the customer a sign-off code for", ""] },
  "settings.update": { label: "Changed the settings", describe: () => ["changed the settings", ""] },
  "outbox.retry": { label: "Retried a failed delivery", describe: () => ["sent again the failed", ""] },
  "customer.add": { label: "Added a customer", describe: () => ["added the customer", ""] },
  "customer.details": { label: "Changed a customer's details", describe: () => ["changed the details of", ""] },
  "customer.site-add": { label: "Added a customer's site", describe: () => ["added a site to", ""] },
  "customer.site-edit": { label: "Changed a customer's site", describe: () => ["changed a site of", ""] },
  "customer.site-remove": { label: "Removed a customer's site", describe: () => ["removed a site of", ""] },
  "customer.unit-add": { label: "Added a unit of equipment", describe: () => ["added a unit of equipment to", ""] },
  "customer.unit-edit": { label: "Changed a unit of equipment", describe: () => ["changed a unit of equipment of", ""] },
  "customer.unit-remove": { label: "Removed a unit of equipment", describe: () => ["removed a unit of equipment of", ""] },
  "customer.data-request": { label: "Logged a personal-data request", describe: () => ["logged a personal-data request of", ""] },
  "customer.data-request-close": { label: "Answered a personal-data request", describe: () => ["answered a personal-data request of", ""] },
  "customer.export": { label: "Downloaded a customer's data", describe: (_b, a) => ["downloaded the data of", typeof a?.format === "string" ? ` (${a.format.toUpperCase()})` : ""] },
  "customer.erase": { label: "Erased a customer", describe: () => ["erased the personal data of", ""] },
  "bench.intake": { label: "Booked a unit in for bench repair", describe: () => ["booked in", " for bench repair"] },
  "bench.stage": { label: "Moved a bench job on", describe: () => ["moved on", ""] },
  "bench.diagnosis": { label: "Recorded a bench diagnosis", describe: () => ["recorded the diagnosis of", ""] },
  "bench.estimate": { label: "Recorded a bench estimate", describe: () => ["recorded the estimate of", ""] },
  "bench.repair": { label: "Recorded bench repair notes", describe: () => ["recorded the repair notes of", ""] },
  "bench.test": { label: "Recorded a bench test report", describe: () => ["recorded the test report of", ""] },
  "bench.photos": { label: "Added bench photos", describe: () => ["added photos to", ""] },
  "product.add": { label: "Added a product", describe: () => ["added the product", ""] },
  "product.update": { label: "Changed a product", describe: () => ["changed the product", ""] },
  "product.publish": { label: "Published a product", describe: () => ["published", " on the products page"] },
  "product.unpublish": { label: "Took a product off the products page", describe: () => ["took", " off the products page"] },
  "product.withdraw": { label: "Withdrew a product", describe: () => ["withdrew the product", ""] },
  "product.restore": { label: "Restored a product", describe: () => ["restored the product", ""] },
  // Money (issue 11)
  "quote.create": { label: "Made a quote", describe: () => ["made the quote", ""] },
  "quote.edit": { label: "Changed a draft quote", describe: () => ["changed the draft quote", ""] },
  "quote.revise": { label: "Revised a quote", describe: () => ["revised the quote", ""] },
  "quote.send": { label: "Sent a quote", describe: () => ["sent the quote", " to the customer"] },
  "invoice.issue": { label: "Issued a tax invoice", describe: () => ["issued the tax invoice", ""] },
  "invoice.resend": { label: "Sent an invoice again", describe: () => ["sent again the invoice", ""] },
  "credit_note.issue": { label: "Issued a credit note", describe: () => ["issued the credit note", ""] },
  "payment.record": { label: "Recorded a payment", describe: () => ["recorded the payment", ""] },
  "payment.allocate": { label: "Allocated an advance", describe: () => ["allocated what was left of", " to invoices"] },
  "statement.import": { label: "Imported a bank statement", describe: () => ["imported the statement", ""] },
  "statement.match": { label: "Matched a statement line", describe: () => ["matched", " of a statement to an invoice"] },
  "statement.ignore": { label: "Set aside a statement line", describe: () => ["set aside", " of a statement"] },
  "contract.add": { label: "Made an AMC contract", describe: () => ["made the contract", ""] },
  "contract.update": { label: "Changed an AMC contract", describe: () => ["changed the contract", ""] },
  "contract.cancel": { label: "Cancelled an AMC contract", describe: () => ["cancelled the contract", ""] },
  "contract.renew": { label: "Renewed an AMC contract", describe: () => ["renewed the contract", ""] },
  "contract.invoice": { label: "Invoiced a contract's billing date", describe: () => ["invoiced a billing date of", ""] },
  "contract.visit": { label: "Made a maintenance visit into a job", describe: () => ["made a visit of", " into a job"] },
  "contract.renewal-reminder": { label: "Sent a renewal reminder", describe: () => ["sent the renewal reminder of", ""] },
  // Feedback and moderation (issue 11)
  "feedback.publish": { label: "Published a rating", describe: () => ["published the rating of", " on /reviews"] },
  "feedback.hide": { label: "Took a rating off /reviews", describe: () => ["took the rating of", " off /reviews"] },
  "feedback.follow-up-close": { label: "Closed a low rating's follow-up", describe: () => ["closed the follow-up of", ""] },
  "review.publish": { label: "Published a review", describe: () => ["published the review", " on /reviews"] },
  "review.reject": { label: "Declined a review", describe: () => ["declined the review", ""] },
  "forum.publish": { label: "Published a forum post", describe: () => ["published the forum post", ""] },
  "forum.reject": { label: "Declined a forum post", describe: () => ["declined the forum post", ""] },
  // Staff notifications and investors (issue 12 §3, §8)
  "notifications.preferences": { label: "Changed their notification channels", describe: () => ["changed the notification channels of", ""] },
  "investor.reply": { label: "Replied to an investor enquiry", describe: (_b, a) => ["replied to the investor enquiry", typeof a?.to === "string" ? ` by e-mail to ${a.to}` : ""] },
  "investor.status": { label: "Changed an investor enquiry's status", describe: (_b, a) => ["changed the status of the investor enquiry", typeof a?.status === "string" ? ` to ${a.status}` : ""] },
  "investor.document-upload": { label: "Uploaded an investor document", describe: () => ["uploaded the investor document", ""] },
  "investor.document-publish": { label: "Published an investor document", describe: () => ["published the investor document", " on /investors"] },
  "investor.document-unpublish": { label: "Unpublished an investor document", describe: () => ["took the investor document", " off /investors"] },
  "investor.document-delete": { label: "Deleted an investor document", describe: () => ["deleted the investor document", ""] },
  // End staff notifications and investors
  // Communications (issue 12 §4)
  "thread.sms": { label: "Sent an SMS from a thread", describe: (_b, a) => ["sent an SMS to", typeof a?.template === "string" ? ` (template ${a.template})` : ""] },
  "thread.email": { label: "Sent an e-mail from a thread", describe: () => ["sent an e-mail to", ""] },
  "thread.whatsapp": { label: "Sent a WhatsApp message from a thread", describe: () => ["sent a WhatsApp message to", ""] },
  "thread.call": { label: "Logged a call in a thread", describe: () => ["logged a call with", ""] },
  "thread.note": { label: "Added a note to a thread", describe: () => ["added an internal note to the thread of", ""] },
  "sms-template.add": { label: "Added a DLT template", describe: () => ["added the SMS template", " to the DLT registry"] },
  "sms-template.edit": { label: "Changed a DLT template", describe: () => ["changed the SMS template", ""] },
  "sms-template.deactivate": { label: "Deactivated a DLT template", describe: () => ["deactivated the SMS template", ""] },
  "sms-template.activate": { label: "Activated a DLT template", describe: () => ["activated the SMS template", ""] },
  "email-template.edit": { label: "Changed an e-mail template", describe: () => ["changed the e-mail template", ""] },
  "email-template.reset": { label: "Reset an e-mail template", describe: () => ["reset the e-mail template", " to its built-in text"] },
  // End communications
  // WhatsApp and marketing (issue 12 §4)
  "whatsapp.send": { label: "Sent a WhatsApp message", describe: (_b, a) => ["sent a WhatsApp message to", typeof a?.template === "string" ? ` (template ${a.template})` : ""] },
  "whatsapp-template.add": { label: "Added a WhatsApp template", describe: () => ["added the WhatsApp template", " to the registry"] },
  "whatsapp-template.edit": { label: "Changed a WhatsApp template", describe: () => ["changed the WhatsApp template", ""] },
  "campaign.create": { label: "Made a marketing campaign", describe: () => ["made the campaign", ""] },
  "campaign.start": { label: "Started a marketing campaign", describe: () => ["started the campaign", ""] },
  "campaign.pause": { label: "Paused a marketing campaign", describe: () => ["paused the campaign", ""] },
  "campaign.cancel": { label: "Cancelled a marketing campaign", describe: () => ["cancelled the campaign", ""] },
  "customer.marketing-consent": { label: "Recorded marketing consent", describe: () => ["recorded the marketing consent of", ""] },
  "customer.marketing-opt-out": { label: "Opted out of marketing", describe: () => ["recorded the marketing opt-out of", ""] },
  // End WhatsApp and marketing
  // Video calls (issue 12 §7)
  "video-call.schedule": { label: "Booked a video call", describe: () => ["booked the video call", " and sent the customer the link"] },
  "video-call.reschedule": { label: "Moved a video call", describe: () => ["moved the video call", ""] },
  "video-call.cancel": { label: "Cancelled a video call", describe: () => ["cancelled the video call", ""] },
  "video-call.notes": { label: "Wrote a video call's notes", describe: () => ["wrote the notes of the video call", ""] },
  "video-call.start": { label: "Started a video call", describe: () => ["started the video call", ""] },
  "video-call.snapshot": { label: "Took a snapshot in a video call", describe: () => ["took a snapshot in the video call", ""] },
  "video-call.end": { label: "Ended a video call", describe: () => ["ended the video call", ""] },
  // End video calls
  // Help desk (issue 12 §5)
  "ticket.open": { label: "Opened a ticket", describe: () => ["opened the ticket", " for a customer"] },
  "ticket.reply": { label: "Replied to a ticket", describe: (_b, a) => ["replied to the ticket", a?.firstResponse === true ? " (its first reply)" : ""] },
  "ticket.note": { label: "Added a note to a ticket", describe: () => ["added an internal note to the ticket", ""] },
  "ticket.update": { label: "Changed a ticket", describe: () => ["changed the status, priority or assignee of the ticket", ""] },
  "canned-reply.add": { label: "Added a canned reply", describe: () => ["added the canned reply", ""] },
  "canned-reply.edit": { label: "Changed a canned reply", describe: () => ["changed the canned reply", ""] },
  "canned-reply.delete": { label: "Deleted a canned reply", describe: () => ["deleted the canned reply", ""] },
  // End help desk
};

/** The readable name of an action, for the filter's options. */
export function actionLabel(action: string): string {
  return ACTIONS[action]?.label ?? action;
}

const ENTITY_TYPES: Record<string, string> = {
  request: "Service request",
  user: "Staff member or account",
  // Investors (issue 12 §8)
  enquiry: "Investor enquiry",
  "investor-document": "Investor document",
  technician: "Technician",
  "stage-requirements": "Job stage requirements",
  settings: "Settings",
  customer: "Customer",
  bench: "Bench job",
  product: "Product",
  quote: "Quote",
  invoice: "Invoice or credit note",
  payment: "Payment",
  statement: "Bank statement",
  contract: "AMC contract",
  feedback: "Rating",
  review: "Review",
  "forum-question": "Forum question",
  "forum-reply": "Forum reply",
  outbox: "Message or scheduled job",
  // Communications (issue 12 §4)
  "sms-template": "SMS template (DLT)",
  "email-template": "E-mail template",
  thread: "Thread of an unknown sender",
  // WhatsApp and marketing (issue 12 §4)
  "conversation-message": "WhatsApp message",
  "whatsapp-template": "WhatsApp template",
  campaign: "Marketing campaign",
  // Video calls (issue 12 §7)
  video_call: "Video call",
  // Help desk (issue 12 §5)
  ticket: "Help-desk ticket",
  canned_reply: "Canned reply",
};

export function entityTypeLabel(type: string): string {
  return ENTITY_TYPES[type] ?? type;
}

/** The back-office page of a record, when it has one that is built. */
function recordHref(type: string, id: string, label: string | null): string | null {
  let href: string | null = null;
  if (type === "request" && label && /^SR-\d{4}-\d{4,}$/.test(label)) href = `/admin/service-requests/${encodeURIComponent(label)}`;
  else if (type === "technician" && /^\d+$/.test(id)) href = `/admin/technicians/${id}`;
  else if (type === "stage-requirements") href = "/admin/technicians/stages";
  else if (type === "settings") href = "/admin/settings";
  else if (type === "customer" && label && /^CU-\d{4}-\d{4,}$/.test(label)) href = `/admin/customers/${encodeURIComponent(label)}`;
  else if (type === "product" && /^\d+$/.test(id)) href = `/admin/products/${id}`;
  else if (type === "bench" && label && /^JC-\d{4}-\d{4,}/.test(label)) href = `/admin/bench/${encodeURIComponent(label.split(" ")[0]!)}`;
  else if (type === "quote" && label && /^QT-\d{4}-\d{4,}$/.test(label)) href = `/admin/quotes/${encodeURIComponent(label)}`;
  else if (type === "invoice" && /^\d+$/.test(id)) href = `/admin/invoices/${id}`;
  else if (type === "payment" && label && /^RC-\d{4}-\d{4,}$/.test(label)) href = `/admin/payments/${encodeURIComponent(label)}`;
  else if (type === "statement") href = "/admin/payments/reconciliation";
  else if (type === "contract" && label && /^AMC-\d{4}-\d{4,}/.test(label)) href = `/admin/contracts/${encodeURIComponent(label.split(" ")[0]!)}`;
  else if (type === "feedback" && /^\d+$/.test(id)) href = `/admin/feedback/${id}`;
  else if (type === "review") href = "/admin/feedback/reviews";
  else if (type === "forum-question" || type === "forum-reply") href = "/admin/feedback/forum";
  // Investors (issue 12 §8)
  else if (type === "enquiry" && label && /^IV-\d{4}-\d{4,}$/.test(label)) href = `/admin/investors/${encodeURIComponent(label)}`;
  else if (type === "investor-document") href = "/admin/investors#documents-heading";
  // Communications (issue 12 §4)
  else if (type === "sms-template" && /^\d+$/.test(id)) href = `/admin/sms/templates/${id}`;
  else if (type === "email-template" && /^[a-z][a-z0-9-]*$/.test(id)) href = `/admin/emails/templates/${id}`;
  else if (type === "thread" && /^91\d{10}$/.test(id)) href = `/admin/communications/${id}`;
  // WhatsApp and marketing (issue 12 §4)
  else if (type === "conversation-message" && label && /^\+\d{8,15}$/.test(label)) href = `/admin/whatsapp/${label.slice(1)}`;
  else if (type === "whatsapp-template") href = "/admin/whatsapp#templates-heading";
  else if (type === "campaign" && label && /^MC-\d{4}-\d{4,}$/.test(label)) href = `/admin/marketing/${encodeURIComponent(label)}`;
  // Video calls (issue 12 §7)
  else if (type === "video_call" && label && /^VC-\d{4}-\d{4,}/.test(label)) href = `/admin/video-calls/${encodeURIComponent(label.split(" ")[0]!)}`;
  // Help desk (issue 12 §5): a ticket's label is "TK-2611-0007: its subject".
  else if (type === "ticket" && label && /^TK-\d{4}-\d{4,}/.test(label)) href = `/admin/help-desk/${encodeURIComponent(label.split(":")[0]!)}`;
  else if (type === "canned_reply") href = "/admin/help-desk/canned";
  if (!href) return null;
  return screenFor(href.replace(/#.*$/, ""))?.built ? href : null;
}

const FIELD_NAMES: Record<string, string> = {
  staffRole: "Role",
  roles: "Portals",
  name: "Name",
  mobile: "Mobile",
  status: "Status",
  reviewNote: "Note",
  method: "Signed in with",
};

function fieldName(key: string): string {
  if (FIELD_NAMES[key]) return FIELD_NAMES[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(key: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "none";
  if (key === "staffRole" && isStaffRole(v)) return STAFF_ROLE_INFO[v].label;
  if (key === "status" && isRequestStatus(v)) return officeStatusLabel(v);
  if (key === "mobile" && typeof v === "string") return formatIndianPhone(v);
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (Array.isArray(v) && v.every((x) => typeof x !== "object")) return v.length > 0 ? v.join(", ") : "none";
  const text = typeof v === "string" ? v : typeof v === "number" ? String(v) : JSON.stringify(v);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Only what changed: the fields whose value differs between before and after (all of them for a new record). */
export function changesOf(before: unknown, after: unknown): ActivityChange[] {
  const b = obj(before) ?? {};
  const a = obj(after) ?? {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) => ({ field: fieldName(k), before: valueText(k, b[k]), after: valueText(k, a[k]) }));
}

/** A label written as a bare number (+919848012345) reads as one: +91 98480 12345. */
function personLabel(label: string): string {
  return /^\+91\d{10}$/.test(label) ? formatIndianPhone(label) : label;
}

function toEntry(r: Row): ActivityEntry {
  const who = personLabel(r.actorLabel);
  const before = obj(r.before);
  const after = obj(r.after);
  const known = ACTIONS[r.action];
  const selfOnly = r.action.startsWith("auth.") || r.entityType === "settings";
  const record = selfOnly ? null : r.entityLabel ? personLabel(r.entityLabel) : `${entityTypeLabel(r.entityType).toLowerCase()} ${r.entityId}`;
  const [lead, tail] = known ? known.describe(before, after) : [`recorded “${r.action}” on`, ""];
  const what = { lead, record, href: record ? recordHref(r.entityType, r.entityId, r.entityLabel) : null, tail };
  return {
    id: r.id,
    at: r.at.toISOString(),
    who,
    action: r.action,
    what,
    sentence: `${who} ${lead}${record ? ` ${record}` : ""}${tail}`,
    entityType: r.entityType,
    entityId: r.entityId,
    ipAddress: r.ipAddress,
    changes: r.action.startsWith("auth.") ? [] : changesOf(r.before, r.after),
  };
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  // The cursor keeps the database's microseconds: a JavaScript date would round them away.
  cursorAt: sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  actorLabel: auditLog.actorLabel,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  entityLabel: auditLog.entityLabel,
  before: auditLog.before,
  after: auditLog.after,
  ipAddress: auditLog.ipAddress,
};

/** One page of entries, newest first, after the cursor; and the next page's cursor. */
export async function listActivity(
  filters: ActivityFilters,
  cursor?: [string, number],
  size = PAGE_SIZE,
): Promise<{ entries: ActivityEntry[]; next: string | null }> {
  const after = cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor[0]}::timestamptz, ${cursor[1]})` : undefined;
  const rows = await getDb()
    .select(columns)
    .from(auditLog)
    .where(and(conditions(filters), after))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size + 1);
  const page = keysetPage(rows, (r) => [r.cursorAt, r.id], size);
  return { entries: page.rows.map(toEntry), next: page.next };
}

/**
 * The matches of the filter, counted up to COUNT_CAP (ADR 024): the unfiltered log at seed-volume's size
 * is 400,000 entries, and counting them all on every view read the whole index for a figure nobody reads
 * past "more than 10,000".
 */
export async function countActivity(filters: ActivityFilters): Promise<CappedCount> {
  const matches = getDb()
    .select({ one: sql`1` })
    .from(auditLog)
    .where(conditions(filters))
    .limit(COUNT_CAP + 1)
    .as("matches");
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(matches);
  return cappedCount(row?.n ?? 0);
}

/**
 * Every entry of the filter (up to CSV_MAX_ROWS), newest first, for the export: keyset batches of the
 * screen's own page query, streamed (ADR 024).
 */
export async function* allActivity(filters: ActivityFilters, batch = CSV_BATCH_ROWS): AsyncGenerator<ActivityEntry[]> {
  const batches = keysetBatches(
    (cursor, size) =>
      getDb()
        .select(columns)
        .from(auditLog)
        .where(and(conditions(filters), cursor ? sql`(${auditLog.at}, ${auditLog.id}) < (${cursor[0]}::timestamptz, ${cursor[1]})` : undefined))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(size),
    (r): Cursor => [r.cursorAt, r.id],
    CSV_MAX_ROWS,
    batch,
  );
  for await (const rows of batches) yield rows.map(toEntry);
}

export const ACTIVITY_CSV_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: "When (India time)", value: (e) => formatDateTime(e.at) },
  { header: "When (UTC)", value: (e) => e.at },
  { header: "Who", value: (e) => e.who },
  { header: "Action", value: (e) => e.action },
  { header: "What", value: (e) => e.sentence },
  { header: "Record type", value: (e) => e.entityType },
  { header: "Record id", value: (e) => e.entityId },
  { header: "Record", value: (e) => e.what.record },
  { header: "Address", value: (e) => e.ipAddress },
  { header: "Changes", value: (e) => e.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join("; ") },
];

// ---------------------------------------------------------------------------------------------------------
// The filters' options

export interface ActivityOptions {
  people: Array<{ value: string; label: string }>;
  types: Array<{ value: string; label: string }>;
  actions: Array<{ value: string; label: string }>;
}

/**
 * The distinct values of an indexed audit_log column (entity_type on audit_log_entity_at, action on
 * audit_log_action) by a loose index scan: one probe per distinct value, however long the log is.
 */
function distinctAuditValues(column: "entity_type" | "action") {
  const c = sql.identifier(column);
  return getDb().execute<{ v: string }>(sql`
    with recursive vals(v) as (
      (select ${c} from audit_log order by ${c} limit 1)
      union all
      select (select ${c} from audit_log where ${c} > vals.v order by ${c} limit 1) from vals where vals.v is not null
    )
    select v from vals where v is not null`);
}

/**
 * The filter form's choices: staff and anyone who has an entry in the log (a former member's entries
 * stay findable), the kinds of record and the actions that occur in it (and those the back office writes).
 */
export async function activityOptions(): Promise<ActivityOptions> {
  const db = getDb();
  const [people, types, actions] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, mobile: users.mobile, staffRole: users.staffRole })
      .from(users)
      .where(sql`'admin' = any(${users.roles}) or exists (select 1 from ${auditLog} where ${auditLog.actorUserId} = ${users.id})`)
      .orderBy(sql`lower(coalesce(${users.name}, ${users.mobile}, ''))`, users.id),
    distinctAuditValues("entity_type"),
    distinctAuditValues("action"),
  ]);
  const typeValues = new Set([...Object.keys(ENTITY_TYPES), ...rowsOf<{ v: string }>(types).map((r) => r.v)]);
  const actionValues = new Set([...Object.keys(ACTIONS), ...rowsOf<{ v: string }>(actions).map((r) => r.v)]);
  return {
    people: people.map((p) => ({
      value: String(p.id),
      label: `${p.name ?? (p.mobile ? formatIndianPhone(p.mobile) : `user ${p.id}`)}${p.staffRole ? ` (${STAFF_ROLE_INFO[p.staffRole].label})` : " (no longer staff)"}`,
    })),
    types: [...typeValues].map((t) => ({ value: t, label: entityTypeLabel(t) })).sort((a, b) => a.label.localeCompare(b.label)),
    actions: [...actionValues].map((a) => ({ value: a, label: actionLabel(a) })).sort((a, b) => a.label.localeCompare(b.label)),
  };
}

/** db.execute's rows: node-postgres answers { rows }, PGlite too; an array on some drivers. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
