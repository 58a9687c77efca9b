import { formatIndianPhone } from "~/lib/contact-links.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import type { OutboxMessage } from "./index.ts";
import { backOfficeOrigin, backOfficeUrl } from "./links.ts";
import { CODE_MASK, SECRET_VARIABLES } from "./sealed.ts";

/**
 * SMS in India go out only through templates registered on the DLT platform (TRAI): the text is the
 * registered text with each `{#var#}` filled in order, and a variable holds at most 30 characters.
 * A URL or call-back number inside an SMS must also be whitelisted, so the customer's SMS carry neither
 * (the e-mails have the phone number and the links); only the business's own alert links to the back
 * office, and that link's domain must be whitelisted with the template.
 *
 * SAMPLE VALUES: the template ids below are placeholders, not registered ids. Replace each with the id the
 * DLT portal gave the template when it was registered, and register exactly the text next to it.
 */
const SAMPLE_DLT_TEMPLATE_IDS = {
  requestAcknowledgement: "1007000000000000001",
  // Issue 17 §5: the acknowledgement with the request's own promise (a new text is a new registration).
  requestReceived: "1007000000000001701",
  requestAlert: "1007000000000000002",
  requestAlertWithoutLink: "1007000000000000003",
  inboundAcknowledgement: "1007000000000000004",
  callbackAlert: "1007000000000000005",
  signInCode: "1007000000000000006",
  jobSignoffCode: "1007000000000000031",
  technicianApproved: "1007000000000000007",
  technicianRejected: "1007000000000000008",
  requestScheduled: "1007000000000000009",
  // Issue 17 §5: the technician is on the way (its own registration).
  requestOnTheWay: "1007000000000001702",
  requestAwaitingCustomer: "1007000000000000010",
  requestCompleted: "1007000000000000011",
  requestCancelled: "1007000000000000012",
  requestDuplicate: "1007000000000000013",
  technicianJobAssigned: "1007000000000000014",
  technicianJobUnassigned: "1007000000000000015",
  responseEscalation: "1007000000000000020",
  benchReady: "1007000000000000041",
  quoteSent: "1007000000000000051",
  quoteApprovalCode: "1007000000000000052",
  invoiceIssued: "1007000000000000053",
  paymentReceived: "1007000000000000054",
  paymentReminder: "1007000000000000055",
  feedbackRequest: "1007000000000000056",
  lowRatingAlert: "1007000000000000057",
  contractRenewal: "1007000000000000058",
  contractRenewalAlert: "1007000000000000059",
  contractVisitDue: "1007000000000000060",
  // Video calls (issue 12 §7)
  videoCallBooked: "1007000000000000701",
  videoCallCancelled: "1007000000000000702",
  // End video calls
  // Staff notifications (issue 12 §3): a staff member's alert by SMS, for a kind they chose SMS for.
  staffAlert: "1007000000000001201",
  staffAlertAbout: "1007000000000001202",
  // End staff notifications
  // Help desk (issue 12 §5)
  ticketAcknowledgement: "1007000000000000601",
  ticketReply: "1007000000000000602",
  // End help desk
  // Marketing (issue 12 §4): registered in the PROMOTIONAL category on the DLT platform.
  marketingOffer: "1007000000000000801",
  // End marketing
} as const;

export interface DltTemplate {
  /** The DLT template id (19 digits). */
  id: string;
  /** The registered text, with one `{#var#}` per variable. */
  text: string;
  /** The variables' names, in the order of the placeholders in text. */
  variables: readonly string[];
}

export type DltTemplateName = keyof typeof SAMPLE_DLT_TEMPLATE_IDS;

export const DLT_TEMPLATES: Record<DltTemplateName, DltTemplate> = {
  /**
   * Superseded by requestReceived (it promised one range, "2-4", to every urgency). Kept: it is registered,
   * the registry (/admin/sms/templates) lists it, and messages queued before the change still name it.
   */
  requestAcknowledgement: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestAcknowledgement,
    text: "{#var#}: we have received your service request {#var#}. Our engineer will call you within {#var#} hours.",
    variables: ["business", "reference", "hours"],
  },
  /**
   * To the customer, for a new service request: the promise this request was given ("2 hours" for an
   * emergency, "9 working hours" for planned work, a contract's own), ~/lib/requests/sla.ts promiseText.
   */
  requestReceived: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestReceived,
    text: "{#var#}: we have received your service request {#var#}. Our engineer will call you within {#var#}.",
    variables: ["business", "reference", "within"],
  },
  /**
   * To the business, for a new service request. The back office's address (links.ts: ADMIN_HOST, not the
   * public site, where /admin is refused) and the reference make the link.
   */
  requestAlert: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestAlert,
    text: "New service request {#var#} ({#var#}) from {#var#}, {#var#}. Open {#var#}/admin/service-requests/{#var#}",
    variables: ["reference", "urgency", "name", "mobile", "officeUrl", "linkReference"],
  },
  /** The same alert when the back office's address is longer than a variable may be (the link would be cut). */
  requestAlertWithoutLink: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestAlertWithoutLink,
    text: "New service request {#var#} ({#var#}) from {#var#}, {#var#}. Details are in the back office.",
    variables: ["reference", "urgency", "name", "mobile"],
  },
  /** To the sender of any other form, when a mobile number was given. */
  inboundAcknowledgement: {
    id: SAMPLE_DLT_TEMPLATE_IDS.inboundAcknowledgement,
    text: "{#var#}: we have received your {#var#}, reference {#var#}. We will get back to you within {#var#} hours.",
    variables: ["business", "form", "reference", "hours"],
  },
  /** To the business, for a callback request. */
  callbackAlert: {
    id: SAMPLE_DLT_TEMPLATE_IDS.callbackAlert,
    text: "Callback requested, {#var#}: {#var#}, {#var#}. Please call back within {#var#} hours.",
    variables: ["reference", "name", "mobile", "hours"],
  },
  /** A one-time sign-in or verification code (registered as "service implicit", as DLT requires for OTPs). */
  signInCode: {
    id: SAMPLE_DLT_TEMPLATE_IDS.signInCode,
    text: "{#var#} is your {#var#} verification code. It is valid for 5 minutes. Do not share it with anyone.",
    variables: ["code", "business"],
  },
  /** To the customer: the code that confirms the technician's job is done (sign-off without a drawn signature). */
  jobSignoffCode: {
    id: SAMPLE_DLT_TEMPLATE_IDS.jobSignoffCode,
    text: "{#var#} is your code to sign off job {#var#} by {#var#}. Give it to our engineer only if the work is done. Valid for 5 minutes.",
    variables: ["code", "reference", "business"],
  },
  /** To a technician whose application was approved. */
  technicianApproved: {
    id: SAMPLE_DLT_TEMPLATE_IDS.technicianApproved,
    text: "{#var#}: your technician application {#var#} is approved. Sign in with this mobile number to see your jobs.",
    variables: ["business", "reference"],
  },
  /** To a technician whose application was not approved; the office's note is in the dashboard. */
  technicianRejected: {
    id: SAMPLE_DLT_TEMPLATE_IDS.technicianRejected,
    text: "{#var#}: your technician application {#var#} was not approved. Sign in with this mobile number to read why.",
    variables: ["business", "reference"],
  },
  /** To the customer: the visit is booked (back office, "Schedule the visit"). */
  requestScheduled: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestScheduled,
    text: "{#var#}: the visit for your service request {#var#} is booked for {#var#}, {#var#}. Engineer: {#var#}.",
    variables: ["business", "reference", "date", "window", "engineer"],
  },
  /** To the customer: the engineer has set off for their site (the technician's "On the way", ~/.server/technicians/field-work.ts). */
  requestOnTheWay: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestOnTheWay,
    text: "{#var#}: our engineer {#var#} is on the way to your site for service request {#var#}.",
    variables: ["business", "engineer", "reference"],
  },
  /** To the customer: the job waits on them (an approval, a purchase order, access); the e-mail has the office's note. */
  requestAwaitingCustomer: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestAwaitingCustomer,
    text: "{#var#}: your service request {#var#} is on hold until we hear from you. Please call us quoting this reference.",
    variables: ["business", "reference"],
  },
  /** To the customer: the job is done. */
  requestCompleted: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestCompleted,
    text: "{#var#}: your service request {#var#} is completed. Repairs carry a {#var#}-month warranty: quote this reference if the fault comes back.",
    variables: ["business", "reference", "warranty"],
  },
  /** To the customer: the request is closed without the work (the reason is in the e-mail and on their request page). */
  requestCancelled: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestCancelled,
    text: "{#var#}: your service request {#var#} has been cancelled. If the equipment still needs attention, send a new request or call us.",
    variables: ["business", "reference"],
  },
  /** To the customer: the request repeats an earlier one, which carries the work. */
  requestDuplicate: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestDuplicate,
    text: "{#var#}: your service request {#var#} repeats request {#var#}, so we have closed it. We are working on it under {#var#}.",
    variables: ["business", "reference", "original", "originalAgain"],
  },
  /** To a technician: the office assigned them a job (the details are in the technician portal). */
  technicianJobAssigned: {
    id: SAMPLE_DLT_TEMPLATE_IDS.technicianJobAssigned,
    text: "{#var#}: new job {#var#} assigned to you, {#var#}. Open your jobs in the technician portal.",
    variables: ["business", "reference", "job"],
  },
  /** To a technician: the office gave their job to someone else (it leaves their list). */
  technicianJobUnassigned: {
    id: SAMPLE_DLT_TEMPLATE_IDS.technicianJobUnassigned,
    text: "{#var#}: job {#var#} is no longer assigned to you. Open your jobs in the technician portal.",
    variables: ["business", "reference"],
  },
  /** To the owner, once, when a request nears its response deadline with no call logged. */
  responseEscalation: {
    id: SAMPLE_DLT_TEMPLATE_IDS.responseEscalation,
    text: "Alert: request {#var#} ({#var#}, {#var#}) has no call logged yet. The response is due at {#var#}.",
    variables: ["reference", "urgency", "name", "due"],
  },
  /** To the customer: their unit booked in for bench repair is repaired, passed its load test and can be collected. */
  benchReady: {
    id: SAMPLE_DLT_TEMPLATE_IDS.benchReady,
    text: "{#var#}: your {#var#} (job card {#var#}) is repaired, tested under load and ready. Please call us to arrange collection.",
    variables: ["business", "unit", "jobCard"],
  },
  /*
   * Money and feedback (issue 11). A link in these SMS is the site's address (siteUrl, whitelisted with the
   * template, at most 30 characters) and a signed token (~/.server/links/signed.ts, under 30 characters).
   */
  /** To the customer: a quote (or its revision) to view, approve or ask changes to. */
  quoteSent: {
    id: SAMPLE_DLT_TEMPLATE_IDS.quoteSent,
    text: "{#var#}: quote {#var#} for Rs {#var#} is ready. View and approve it at {#var#}/d/quote/{#var#}",
    variables: ["business", "reference", "amount", "siteUrl", "token"],
  },
  /** To the customer: the one-time code that confirms their answer to a quote through its signed link. */
  quoteApprovalCode: {
    id: SAMPLE_DLT_TEMPLATE_IDS.quoteApprovalCode,
    text: "{#var#} is your code to confirm your answer to quote {#var#}. It expires in 5 minutes. Do not share it.",
    variables: ["code", "reference"],
  },
  /** To the customer: a tax invoice issued, with its due date and the page that shows the UPI QR code. */
  invoiceIssued: {
    id: SAMPLE_DLT_TEMPLATE_IDS.invoiceIssued,
    text: "{#var#}: invoice {#var#} for Rs {#var#} is due on {#var#}. View it and pay by UPI at {#var#}/d/invoice/{#var#}",
    variables: ["business", "number", "amount", "due", "siteUrl", "token"],
  },
  /** To the customer: a payment recorded, with the receipt. */
  paymentReceived: {
    id: SAMPLE_DLT_TEMPLATE_IDS.paymentReceived,
    text: "{#var#}: we have received Rs {#var#}, receipt {#var#}. Thank you. Receipt: {#var#}/d/receipt/{#var#}",
    variables: ["business", "amount", "receipt", "siteUrl", "token"],
  },
  /** To the customer: an overdue invoice (on the settings' schedule; never once it is paid). */
  paymentReminder: {
    id: SAMPLE_DLT_TEMPLATE_IDS.paymentReminder,
    text: "{#var#}: invoice {#var#} has Rs {#var#} due since {#var#}. Please pay by UPI at {#var#}/d/invoice/{#var#}",
    variables: ["business", "number", "amount", "due", "siteUrl", "token"],
  },
  /** To the customer when a job is completed: rate it (1-5) and comment. */
  feedbackRequest: {
    id: SAMPLE_DLT_TEMPLATE_IDS.feedbackRequest,
    text: "{#var#}: job {#var#} is complete. How did we do? Please rate it at {#var#}/d/feedback/{#var#}",
    variables: ["business", "reference", "siteUrl", "token"],
  },
  /** To the owner: a rating of 1 or 2; a follow-up is open in the back office. */
  lowRatingAlert: {
    id: SAMPLE_DLT_TEMPLATE_IDS.lowRatingAlert,
    text: "Alert: job {#var#} was rated {#var#} of 5 by {#var#}. A follow-up is open in the back office.",
    variables: ["reference", "rating", "name"],
  },
  /** To the customer, 30 days before their maintenance contract ends. */
  contractRenewal: {
    id: SAMPLE_DLT_TEMPLATE_IDS.contractRenewal,
    text: "{#var#}: your maintenance contract {#var#} ends on {#var#}. Our office will contact you about renewing it.",
    variables: ["business", "reference", "ends"],
  },
  /** To the office, 30 days before a contract ends. */
  contractRenewalAlert: {
    id: SAMPLE_DLT_TEMPLATE_IDS.contractRenewalAlert,
    text: "Renewal due: contract {#var#} ({#var#}) ends on {#var#}.",
    variables: ["reference", "customer", "ends"],
  },
  /** To the customer when a preventive-maintenance visit falls due and its job is made. */
  contractVisitDue: {
    id: SAMPLE_DLT_TEMPLATE_IDS.contractVisitDue,
    text: "{#var#}: preventive maintenance visit {#var#} under contract {#var#} is due on {#var#}. We will call to fix a time.",
    variables: ["business", "reference", "contract", "due"],
  },
  // Video calls (issue 12 §7): the link is the site's address and a signed video token (~/.server/links/signed.ts).
  /** To the customer: a video call about their request is booked (or moved), with the page to join it from. */
  videoCallBooked: {
    id: SAMPLE_DLT_TEMPLATE_IDS.videoCallBooked,
    text: "{#var#}: a video call with our engineer about request {#var#} is booked for {#var#}. Join from your phone at {#var#}/d/video/{#var#}",
    variables: ["business", "reference", "when", "siteUrl", "token"],
  },
  /** To the customer: the booked video call is called off. */
  videoCallCancelled: {
    id: SAMPLE_DLT_TEMPLATE_IDS.videoCallCancelled,
    text: "{#var#}: the video call about request {#var#} booked for {#var#} is cancelled. We will call you to arrange another time.",
    variables: ["business", "reference", "when"],
  },
  // End video calls
  // Staff notifications (issue 12 §3)
  /** To a staff member who chose SMS for a kind of alert (~/.server/notifications/staff-alerts.ts). */
  staffAlert: {
    id: SAMPLE_DLT_TEMPLATE_IDS.staffAlert,
    text: "{#var#}: {#var#}. Details are in Notifications in the back office.",
    variables: ["kind", "title"],
  },
  /**
   * The same, for an alert about someone (a request, a ticket, a payment, a quote's answer): what a staff
   * member needs to act from the SMS alone, the record's number and who to call (issue 17 §5: the title cut
   * at 30 characters lost the name and the mobile).
   */
  staffAlertAbout: {
    id: SAMPLE_DLT_TEMPLATE_IDS.staffAlertAbout,
    text: "{#var#} {#var#}: {#var#}, {#var#}. Details are in Notifications in the back office.",
    variables: ["kind", "reference", "name", "mobile"],
  },
  // End staff notifications
  // Help desk (issue 12 §5): the link is the site's address and a signed ticket token (~/.server/links/signed.ts).
  /** To the customer: their ticket is open, with the page to read and answer the thread. */
  ticketAcknowledgement: {
    id: SAMPLE_DLT_TEMPLATE_IDS.ticketAcknowledgement,
    text: "{#var#}: we have your message, ticket {#var#}. We will reply within {#var#}. Read or reply at {#var#}/d/ticket/{#var#}",
    variables: ["business", "reference", "within", "siteUrl", "token"],
  },
  /** To the customer: the office answered their ticket (the answer is on the page, never in the SMS). */
  ticketReply: {
    id: SAMPLE_DLT_TEMPLATE_IDS.ticketReply,
    text: "{#var#}: we have replied to your ticket {#var#}. Read the reply and answer at {#var#}/d/ticket/{#var#}",
    variables: ["business", "reference", "siteUrl", "token"],
  },
  // End help desk
  // Marketing (issue 12 §4)
  /**
   * A campaign's SMS (PROMOTIONAL category: sent only to customers with marketing consent, in the hours DLT
   * allows promotions). The offer is the campaign's text in two variables (at most 60 characters); every
   * message carries STOP and the signed opt-out link.
   */
  marketingOffer: {
    id: SAMPLE_DLT_TEMPLATE_IDS.marketingOffer,
    text: "{#var#}: {#var#} {#var#} Reply STOP to opt out, or open {#var#}/d/optout/{#var#}",
    variables: ["business", "offer", "offerMore", "siteUrl", "token"],
  },
  // End marketing
};

/** DLT's limit on one variable's length. */
export const DLT_VARIABLE_MAX_LENGTH = 30;

const PLACEHOLDER = "{#var#}";

export function findDltTemplate(id: string): DltTemplate | undefined {
  return Object.values(DLT_TEMPLATES).find((t) => t.id === id);
}

/** One line, at most 30 characters (counted as characters, not UTF-16 units). */
function dltVariable(value: string): string {
  return Array.from(value.replace(/\s+/g, " ").trim()).slice(0, DLT_VARIABLE_MAX_LENGTH).join("");
}

/**
 * Fills a registered template: the values are cleaned and cut to the variable limit, and the body is the
 * registered text with the placeholders replaced in order. Returns the values as they were used.
 */
export function fillDltTemplate(
  template: DltTemplate,
  values: Record<string, string>,
): { body: string; variables: Record<string, string> } {
  const variables: Record<string, string> = {};
  for (const name of template.variables) {
    const value = values[name];
    if (value === undefined) throw new Error(`SMS template ${template.id}: no value for ${name}`);
    variables[name] = dltVariable(value);
  }
  let index = 0;
  const body = template.text.replaceAll(PLACEHOLDER, () => variables[template.variables[index++]!]!);
  return { body, variables };
}

/**
 * The variables in the order of the template's placeholders. The outbox keeps them in jsonb, which does not
 * keep the order of keys, so a provider that takes the variables separately gets them re-ordered here.
 */
export function orderedVariables(templateId: string, variables: Record<string, string>): Record<string, string> {
  const template = findDltTemplate(templateId);
  if (!template) return variables;
  const ordered: Record<string, string> = {};
  for (const name of template.variables) if (name in variables) ordered[name] = variables[name]!;
  for (const [name, value] of Object.entries(variables)) if (!(name in ordered)) ordered[name] = value;
  return ordered;
}

export function sms(template: DltTemplate, recipient: string, values: Record<string, string>, dedupeKey: string): OutboxMessage {
  const { body, variables } = fillDltTemplate(template, values);
  if (!template.variables.some((name) => SECRET_VARIABLES.has(name))) {
    return { channel: "sms", recipient, body, template: template.id, variables, dedupeKey };
  }
  // A one-time code is a secret (ADR 025): the outbox keeps, and the office sees, the text with the
  // code masked; the real text goes to the sender sealed, and is dropped once sent.
  const masked = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, SECRET_VARIABLES.has(name) ? CODE_MASK : value]));
  const shown = fillDltTemplate(template, masked);
  return { channel: "sms", recipient, body: shown.body, template: template.id, variables: shown.variables, unmasked: { body, variables }, dedupeKey };
}

export const URGENCY_LABELS = {
  emergency: "Emergency breakdown",
  within_24h: "Within 24 hours",
  planned: "Planned",
} as const;

export interface RequestNotice {
  reference: string;
  kind: "full" | "quick";
  contactName: string;
  mobile: string;
  email: string | null;
  company: string | null;
  city: string | null;
  serviceName: string | null;
  urgency: "emergency" | "within_24h" | "planned";
  faultDescription: string;
  /** The response promise this request was given, in words: "2 hours", "9 working hours" (promiseText). */
  promise: string;
}

export interface InboundNotice {
  reference: string;
  /** What the form is called in a sentence: "contact message", "callback request", "quote request". */
  formLabel: string;
  name: string;
  mobile: string | null;
  email: string | null;
  subject: string | null;
  message: string;
  /**
   * Optional: the form's id as stored in inbound_messages.form. "callback" marks a callback request;
   * without it, a form label that mentions a callback does.
   */
  form?: string;
}

function responseHours(site: SiteSettings): string {
  return `${site.promises.responseHoursMin}-${site.promises.responseHoursMax}`;
}

/** One line, for a subject: no line breaks, at most `max` characters (code points: an emoji is never cut in half). */
function oneLine(text: string, max = 80): string {
  const characters = Array.from(text.replace(/\s+/g, " ").trim());
  return characters.length > max ? `${characters.slice(0, max - 1).join("")}…` : characters.join("");
}

function fieldLines(fields: Array<[string, string | null]>): string {
  return fields.map(([label, value]) => `${`${label}:`.padEnd(10)} ${value?.trim() || "not given"}`).join("\n");
}

function signature(site: SiteSettings): string {
  const { legalName, supportPhone, supportEmail, siteUrl } = site.identity;
  return [legalName, `Phone: ${formatIndianPhone(supportPhone)}`, `E-mail: ${supportEmail}`, siteUrl].join("\n");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * For each new request: the business gets an e-mail and an SMS (reference, urgency, link to the request in
 * the back office); the customer gets an SMS acknowledging it with the reference, and an e-mail too when one
 * was given.
 */
export function requestNotifications(notice: RequestNotice, site: SiteSettings): OutboxMessage[] {
  const { identity } = site;
  const urgency = URGENCY_LABELS[notice.urgency];
  const within = notice.promise;
  const adminUrl = backOfficeUrl(`/admin/service-requests/${notice.reference}`, identity.siteUrl);
  const officeUrl = backOfficeOrigin(identity.siteUrl);
  const kindLabel = notice.kind === "quick" ? "quick request form" : "service request form";
  const key = (suffix: string) => `request:${notice.reference}:${suffix}`;
  const messages: OutboxMessage[] = [];

  messages.push({
    channel: "email",
    recipient: identity.supportEmail,
    subject: oneLine(`${urgency}: service request ${notice.reference} from ${notice.contactName}`, 120),
    body: [
      `A new service request came in through the ${kindLabel}.`,
      "",
      fieldLines([
        ["Reference", notice.reference],
        ["Urgency", urgency],
        ["Name", notice.contactName],
        ["Mobile", formatIndianPhone(notice.mobile)],
        ["E-mail", notice.email],
        ["Company", notice.company],
        ["City", notice.city],
        ["Service", notice.serviceName],
      ]),
      "",
      "Fault description:",
      notice.faultDescription.trim(),
      "",
      `Open it in the back office: ${adminUrl}`,
      "",
      `The customer has been told that an engineer will call within ${within}.`,
    ].join("\n"),
    template: "request-business",
    variables: { reference: notice.reference },
    dedupeKey: key("business-email"),
  });

  const officeUrlFits = officeUrl.length <= DLT_VARIABLE_MAX_LENGTH;
  messages.push(
    sms(
      officeUrlFits ? DLT_TEMPLATES.requestAlert : DLT_TEMPLATES.requestAlertWithoutLink,
      identity.supportPhone,
      {
        reference: notice.reference,
        urgency,
        name: notice.contactName,
        mobile: notice.mobile,
        officeUrl,
        linkReference: notice.reference,
      },
      key("business-sms"),
    ),
  );

  messages.push(
    sms(
      DLT_TEMPLATES.requestReceived,
      notice.mobile,
      { business: identity.legalName, reference: notice.reference, within },
      key("customer-sms"),
    ),
  );

  if (notice.email) {
    messages.push({
      channel: "email",
      recipient: notice.email,
      subject: `We have received your service request ${notice.reference}`,
      body: [
        `Dear ${notice.contactName.trim()},`,
        "",
        `Thank you for contacting ${identity.legalName}. We have received your service request.`,
        "",
        fieldLines([
          ["Reference", notice.reference],
          ["Urgency", urgency],
          ["Service", notice.serviceName],
          ["City", notice.city],
        ]),
        "",
        `Our engineer will call you on ${formatIndianPhone(notice.mobile)} within ${within}.`,
        `Please quote the reference ${notice.reference} whenever you contact us about this request.`,
        `If the situation gets worse in the meantime, call us on ${formatIndianPhone(identity.supportPhone)}.`,
        "",
        "What you told us about the fault:",
        notice.faultDescription.trim(),
        "",
        "Regards,",
        signature(site),
      ].join("\n"),
      template: "request-customer",
      variables: { reference: notice.reference },
      dedupeKey: key("customer-email"),
    });
  }
  return messages;
}

function isCallback(notice: InboundNotice): boolean {
  return notice.form === "callback" || /call\s*-?\s*back/i.test(notice.formLabel);
}

/**
 * For other inbound forms (contact message, callback, quote, careers, training, investor, product enquiry,
 * review): the business gets an e-mail (and an SMS for a callback request); the sender gets an SMS
 * acknowledgement with the reference when a mobile was given, and an e-mail when an e-mail was given.
 */
export function inboundNotifications(notice: InboundNotice, site: SiteSettings): OutboxMessage[] {
  const { identity } = site;
  const hours = responseHours(site);
  const label = notice.formLabel.trim();
  const key = (suffix: string) => `inbound:${notice.reference}:${suffix}`;
  const messages: OutboxMessage[] = [];

  messages.push({
    channel: "email",
    recipient: identity.supportEmail,
    subject: oneLine(`${capitalise(label)} ${notice.reference} from ${notice.name}`, 120),
    body: [
      `A new ${label} came in through the website.`,
      "",
      fieldLines([
        ["Reference", notice.reference],
        ["Name", notice.name],
        ["Mobile", notice.mobile ? formatIndianPhone(notice.mobile) : null],
        ["E-mail", notice.email],
        ["Subject", notice.subject],
      ]),
      "",
      "Message:",
      notice.message.trim() || "(no message)",
      "",
      `The sender has been told that we will get back to them within ${hours} hours.`,
    ].join("\n"),
    template: "inbound-business",
    variables: { reference: notice.reference },
    dedupeKey: key("business-email"),
  });

  if (isCallback(notice)) {
    messages.push(
      sms(
        DLT_TEMPLATES.callbackAlert,
        identity.supportPhone,
        { reference: notice.reference, name: notice.name, mobile: notice.mobile ?? "no number given", hours },
        key("business-sms"),
      ),
    );
  }

  if (notice.mobile) {
    messages.push(
      sms(
        DLT_TEMPLATES.inboundAcknowledgement,
        notice.mobile,
        { business: identity.legalName, form: label, reference: notice.reference, hours },
        key("sender-sms"),
      ),
    );
  }

  if (notice.email) {
    messages.push({
      channel: "email",
      recipient: notice.email,
      subject: oneLine(`We have received your ${label} (${notice.reference})`, 120),
      body: [
        `Dear ${notice.name.trim()},`,
        "",
        `Thank you for contacting ${identity.legalName}. We have received your ${label}.`,
        "",
        fieldLines([
          ["Reference", notice.reference],
          ["Subject", notice.subject],
        ]),
        "",
        `We will get back to you within ${hours} hours. Please quote the reference ${notice.reference} if you contact us about it.`,
        `For anything urgent, call us on ${formatIndianPhone(identity.supportPhone)}.`,
        "",
        "Your message:",
        notice.message.trim() || "(no message)",
        "",
        "Regards,",
        signature(site),
      ].join("\n"),
      template: "inbound-sender",
      variables: { reference: notice.reference },
      dedupeKey: key("sender-email"),
    });
  }
  return messages;
}

export interface TechnicianApplicationNotice {
  reference: string;
  name: string;
  mobile: string;
  email: string | null;
  city: string;
  /** Skill labels, as the form shows them. */
  skills: string[];
  yearsExperience: number;
  currentEmployer: string | null;
  /** The availability label ("Weekends"). */
  availability: string;
  /** The ID proof's kind ("Aadhaar"). */
  idProofType: string;
  /** A rejected applicant applying again. */
  reapplication: boolean;
}

/**
 * For a technician application once its mobile number is verified: the office gets an e-mail to review it
 * in the back office (/admin/technicians). dedupeKey names this verification, so each application (and a
 * rejected applicant's new one) is reported once.
 */
export function technicianApplicationNotifications(
  notice: TechnicianApplicationNotice,
  site: SiteSettings,
  dedupeKey: string,
): OutboxMessage[] {
  const { identity } = site;
  return [
    {
      channel: "email",
      recipient: identity.supportEmail,
      subject: oneLine(
        `${notice.reapplication ? "Technician re-application" : "Technician application"} ${notice.reference} from ${notice.name}, ${notice.city}`,
        120,
      ),
      body: [
        notice.reapplication
          ? "A technician whose application was not approved has applied again. The mobile number is verified."
          : "A new technician application came in through the website. The mobile number is verified.",
        "",
        fieldLines([
          ["Reference", notice.reference],
          ["Name", notice.name],
          ["Mobile", formatIndianPhone(notice.mobile)],
          ["E-mail", notice.email],
          ["City", notice.city],
          ["Experience", `${notice.yearsExperience} ${notice.yearsExperience === 1 ? "year" : "years"}`],
          ["Employer", notice.currentEmployer],
          ["Available", notice.availability],
          ["ID proof", notice.idProofType],
        ]),
        "",
        "Skills:",
        ...notice.skills.map((s) => `- ${s}`),
        "",
        `Review it (and open the ID proof) in the back office: ${backOfficeUrl("/admin/technicians?status=pending", identity.siteUrl)}`,
        `The applicant has been told that we respond within ${responseHours(site)} hours.`,
      ].join("\n"),
      template: "technician-application-business",
      variables: { reference: notice.reference },
      dedupeKey,
    },
  ];
}

// ── Work on a request (back office) ──────────────────────────────────────────────────────────────

/** A change the customer is told about (SMS, and e-mail when they gave one). */
export type RequestUpdateKind = "scheduled" | "on_the_way" | "awaiting_customer" | "completed" | "cancelled" | "duplicate";

export interface RequestUpdateNotice {
  kind: RequestUpdateKind;
  reference: string;
  contactName: string;
  mobile: string;
  email: string | null;
  /** The status's label, as the customer's request page shows it ("Visit scheduled"). */
  statusLabel: string;
  /** What happens next, in the customer's words (statusNext). */
  next: string;
  /** The office's note to the customer, or the reason for a cancellation. */
  note: string | null;
  /** A scheduled visit: "Tue, 24 Nov 2026", "10:00 am - 1:00 pm" and the engineer's name. */
  visit?: { date: string; window: string; engineer: string };
  /** A duplicate: the reference of the request that carries the work. */
  original?: string;
  /** On the way: the engineer's name. */
  engineer?: string;
  /** The request_events row: one set of messages per event. */
  eventId: number;
}

/**
 * The customer's SMS (a registered template: no link, no call-back number) and, when they gave an e-mail
 * address, an e-mail with the note, what happens next and how to reach us. dedupeKey names the event.
 */
export function requestUpdateNotifications(notice: RequestUpdateNotice, site: SiteSettings): OutboxMessage[] {
  const { identity } = site;
  const business = identity.legalName;
  const key = (suffix: string) => `request:${notice.reference}:event:${notice.eventId}:${suffix}`;
  const messages: OutboxMessage[] = [];
  const base = { business, reference: notice.reference };
  switch (notice.kind) {
    case "scheduled":
      if (!notice.visit) throw new Error("a scheduled visit's notice needs the visit");
      messages.push(sms(DLT_TEMPLATES.requestScheduled, notice.mobile, { ...base, ...notice.visit }, key("sms")));
      break;
    case "on_the_way":
      if (!notice.engineer) throw new Error("an on-the-way notice needs the engineer's name");
      messages.push(sms(DLT_TEMPLATES.requestOnTheWay, notice.mobile, { ...base, engineer: notice.engineer }, key("sms")));
      break;
    case "awaiting_customer":
      messages.push(sms(DLT_TEMPLATES.requestAwaitingCustomer, notice.mobile, base, key("sms")));
      break;
    case "completed":
      messages.push(sms(DLT_TEMPLATES.requestCompleted, notice.mobile, { ...base, warranty: String(site.promises.warrantyMonths) }, key("sms")));
      break;
    case "cancelled":
      messages.push(sms(DLT_TEMPLATES.requestCancelled, notice.mobile, base, key("sms")));
      break;
    case "duplicate":
      if (!notice.original) throw new Error("a duplicate's notice needs the original's reference");
      messages.push(sms(DLT_TEMPLATES.requestDuplicate, notice.mobile, { ...base, original: notice.original, originalAgain: notice.original }, key("sms")));
      break;
  }
  if (notice.email) {
    const lines = [`Dear ${notice.contactName.trim()},`, "", `Your service request ${notice.reference} is now: ${notice.statusLabel}.`];
    if (notice.visit) {
      lines.push("", fieldLines([["Visit", `${notice.visit.date}, ${notice.visit.window}`], ["Engineer", notice.visit.engineer]]));
    } else if (notice.engineer) {
      lines.push("", fieldLines([["Engineer", notice.engineer]]));
    }
    if (notice.kind === "duplicate" && notice.original) {
      lines.push("", `It repeats your request ${notice.original}, so we have closed it: we are working on it under ${notice.original}.`);
    } else if (notice.note?.trim()) {
      lines.push("", notice.kind === "cancelled" ? "The reason:" : "A note from our office:", notice.note.trim());
    }
    lines.push(
      "",
      notice.next,
      "",
      `Please quote the reference ${notice.reference} whenever you contact us about this request: call us on ${formatIndianPhone(identity.supportPhone)}.`,
      "",
      "Regards,",
      signature(site),
    );
    messages.push({
      channel: "email",
      recipient: notice.email,
      subject: oneLine(`Your service request ${notice.reference}: ${notice.statusLabel}`, 120),
      body: lines.join("\n"),
      template: `request-${notice.kind.replaceAll("_", "-")}`,
      variables: { reference: notice.reference },
      dedupeKey: key("email"),
    });
  }
  return messages;
}

export interface JobAssignedNotice {
  reference: string;
  /** The technician's mobile number. */
  mobile: string;
  /** What the job is, in a few words: the service and the city ("VFD Repair, Patancheru"). */
  job: string;
  eventId: number;
}

/** The technician's SMS for a job the office assigned them (no link: they open their jobs in the portal). */
export function jobAssignedNotifications(notice: JobAssignedNotice, site: SiteSettings): OutboxMessage[] {
  return [
    sms(
      DLT_TEMPLATES.technicianJobAssigned,
      notice.mobile,
      { business: site.identity.legalName, reference: notice.reference, job: notice.job },
      `request:${notice.reference}:event:${notice.eventId}:technician-sms`,
    ),
  ];
}

/** The previous technician's SMS when the office reassigns their job. */
export function jobUnassignedNotifications(notice: { reference: string; mobile: string; eventId: number }, site: SiteSettings): OutboxMessage[] {
  return [
    sms(
      DLT_TEMPLATES.technicianJobUnassigned,
      notice.mobile,
      { business: site.identity.legalName, reference: notice.reference },
      `request:${notice.reference}:event:${notice.eventId}:previous-technician-sms`,
    ),
  ];
}

export interface BenchReadyNotice {
  jobCard: string;
  mobile: string;
  /** The unit as the customer knows it: "ABB ACS580". */
  unit: string;
  /** The bench event that made the job ready: one SMS per event, however often it is reported. */
  eventId: number;
}

/** To the customer when a unit booked in for bench repair is ready (~/.server/bench/work.ts). */
export function benchReadyNotifications(notice: BenchReadyNotice, site: SiteSettings): OutboxMessage[] {
  return [
    sms(
      DLT_TEMPLATES.benchReady,
      notice.mobile,
      { business: site.identity.legalName, unit: notice.unit, jobCard: notice.jobCard },
      `bench:${notice.jobCard}:event:${notice.eventId}:customer-sms`,
    ),
  ];
}
