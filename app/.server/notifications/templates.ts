import { formatIndianPhone } from "~/lib/contact-links.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import type { OutboxMessage } from "./index.ts";

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
  requestAlert: "1007000000000000002",
  requestAlertWithoutLink: "1007000000000000003",
  inboundAcknowledgement: "1007000000000000004",
  callbackAlert: "1007000000000000005",
  signInCode: "1007000000000000006",
  technicianApproved: "1007000000000000007",
  technicianRejected: "1007000000000000008",
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
  /** To the customer, for a new service request. */
  requestAcknowledgement: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestAcknowledgement,
    text: "{#var#}: we have received your service request {#var#}. Our engineer will call you within {#var#} hours.",
    variables: ["business", "reference", "hours"],
  },
  /** To the business, for a new service request. The site address and the reference make the link. */
  requestAlert: {
    id: SAMPLE_DLT_TEMPLATE_IDS.requestAlert,
    text: "New service request {#var#} ({#var#}) from {#var#}, {#var#}. Open {#var#}/admin/service-requests/{#var#}",
    variables: ["reference", "urgency", "name", "mobile", "siteUrl", "linkReference"],
  },
  /** The same alert when the site address is longer than a variable may be (the link would be cut). */
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
  return { channel: "sms", recipient, body, template: template.id, variables, dedupeKey };
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
  const hours = responseHours(site);
  const adminUrl = `${identity.siteUrl}/admin/service-requests/${notice.reference}`;
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
      `The customer has been told that an engineer will call within ${hours} hours.`,
    ].join("\n"),
    template: "request-business",
    variables: { reference: notice.reference },
    dedupeKey: key("business-email"),
  });

  const siteUrlFits = identity.siteUrl.length <= DLT_VARIABLE_MAX_LENGTH;
  messages.push(
    sms(
      siteUrlFits ? DLT_TEMPLATES.requestAlert : DLT_TEMPLATES.requestAlertWithoutLink,
      identity.supportPhone,
      {
        reference: notice.reference,
        urgency,
        name: notice.contactName,
        mobile: notice.mobile,
        siteUrl: identity.siteUrl,
        linkReference: notice.reference,
      },
      key("business-sms"),
    ),
  );

  messages.push(
    sms(
      DLT_TEMPLATES.requestAcknowledgement,
      notice.mobile,
      { business: identity.legalName, reference: notice.reference, hours },
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
        `Our engineer will call you on ${formatIndianPhone(notice.mobile)} within ${hours} hours.`,
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
        `Review it (and open the ID proof) in the back office: ${identity.siteUrl}/admin/technicians`,
        `The applicant has been told that we respond within ${responseHours(site)} hours.`,
      ].join("\n"),
      template: "technician-application-business",
      variables: { reference: notice.reference },
      dedupeKey,
    },
  ];
}
