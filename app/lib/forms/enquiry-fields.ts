
/**
 * Every inbound form other than the service request: what it is called, its reference prefix and the
 * fields that render it. Its Zod schema is in enquiries.ts (loaded by the browser only when needed). Each
 * is stored as an inbound message; the columns every form shares (name, mobile, email, company, subject,
 * message) are named alike, anything else goes to details.
 */

export interface FieldSpec {
  name: string;
  label: string;
  kind: "text" | "tel" | "email" | "textarea" | "select" | "file";
  required?: boolean;
  hint?: string;
  autoComplete?: string;
  /** Select: the options come from the page (products, openings, courses) unless listed here. */
  options?: readonly string[];
  accept?: string;
}

export const CALLBACK_TIMES = ["As soon as possible", "Morning (9 am - 12 noon)", "Afternoon (12 noon - 4 pm)", "Evening (4 pm - 8 pm)"] as const;
export const EXPERIENCE = ["Fresher", "1-2 years", "3-5 years", "6-10 years", "More than 10 years"] as const;
export const RATINGS = ["5", "4", "3", "2", "1"] as const;

export const ENQUIRY_FORM_FIELDS = {
  contact: {
    title: "Send us a message",
    label: "Contact message",
    prefix: "CT",
    purpose: "to answer your message",
    submit: "Send message",
    fields: [
      { name: "name", label: "Your name", kind: "text", required: true, autoComplete: "name" },
      { name: "mobile", label: "Mobile number", kind: "tel", required: true, autoComplete: "tel" },
      { name: "email", label: "E-mail", kind: "email", autoComplete: "email" },
      { name: "company", label: "Company", kind: "text", autoComplete: "organization" },
      { name: "subject", label: "Subject", kind: "text", required: true },
      { name: "message", label: "Message", kind: "textarea", required: true },
    ],
  },
  callback: {
    title: "Ask us to call you back",
    label: "Callback request",
    prefix: "CB",
    purpose: "to call you back",
    submit: "Request a callback",
    fields: [
      { name: "name", label: "Your name", kind: "text", required: true, autoComplete: "name" },
      { name: "mobile", label: "Mobile number", kind: "tel", required: true, autoComplete: "tel" },
      { name: "callbackTime", label: "When should we call?", kind: "select", required: true, options: CALLBACK_TIMES },
      { name: "subject", label: "What is it about?", kind: "text", hint: "e.g. a drive fault, an AMC quotation" },
    ],
  },
  quote: {
    title: "Request a quotation",
    label: "Quote request",
    prefix: "QT",
    purpose: "to prepare your quotation",
    submit: "Request quotation",
    fields: [
      { name: "subject", label: "Product or service", kind: "select", required: true },
      { name: "quantity", label: "Quantity", kind: "text", hint: "Number of units, if it applies" },
      { name: "message", label: "Requirements", kind: "textarea", required: true, hint: "Make, model, rating (kW/HP, A, V), and anything about the site." },
      { name: "name", label: "Your name", kind: "text", required: true, autoComplete: "name" },
      { name: "mobile", label: "Mobile number", kind: "tel", required: true, autoComplete: "tel" },
      { name: "email", label: "E-mail", kind: "email", autoComplete: "email" },
      { name: "company", label: "Company", kind: "text", autoComplete: "organization" },
    ],
  },
  "product-enquiry": {
    title: "Ask about a product",
    label: "Product enquiry",
    prefix: "PE",
    purpose: "to answer your enquiry",
    submit: "Send enquiry",
    fields: [
      { name: "subject", label: "Product", kind: "select", required: true },
      { name: "message", label: "Your question", kind: "textarea", required: true, hint: "Availability, specifications, compatibility with what you have." },
      { name: "name", label: "Your name", kind: "text", required: true, autoComplete: "name" },
      { name: "mobile", label: "Mobile number", kind: "tel", required: true, autoComplete: "tel" },
      { name: "email", label: "E-mail", kind: "email", autoComplete: "email" },
    ],
  },
  career: {
    title: "Apply for a job",
    label: "Job application",
    prefix: "JA",
    purpose: "to consider your application",
    submit: "Send application",
    fields: [
      { name: "subject", label: "Opening", kind: "select", required: true },
      { name: "name", label: "Your name", kind: "text", required: true, autoComplete: "name" },
      { name: "mobile", label: "Mobile number", kind: "tel", required: true, autoComplete: "tel" },
      { name: "email", label: "E-mail", kind: "email", required: true, autoComplete: "email" },
      { name: "experience", label: "Experience", kind: "select", required: true, options: EXPERIENCE },
      { name: "location", label: "Current location", kind: "text", required: true, autoComplete: "address-level2" },
      { name: "message", label: "A note about you", kind: "textarea", hint: "Drives, PLCs and panels you have worked on." },
      { name: "cv", label: "CV", kind: "file", required: true, accept: ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document", hint: "PDF, DOC or DOCX, at most 5 MB." },
    ],
  },
  training: {
    title: "Enrol for training",
    label: "Training enrolment",
    prefix: "TR",
    purpose: "to arrange your training",
    submit: "Enrol",
    fields: [
      { name: "subject", label: "Course", kind: "select", required: true },
      { name: "participants", label: "Participants", kind: "text", required: true, hint: "How many people will attend" },
      { name: "name", label: "Your name", kind: "text", required: true, autoComplete: "name" },
      { name: "mobile", label: "Mobile number", kind: "tel", required: true, autoComplete: "tel" },
      { name: "email", label: "E-mail", kind: "email", autoComplete: "email" },
      { name: "company", label: "Company", kind: "text", autoComplete: "organization" },
      { name: "message", label: "Preferred dates or anything else", kind: "textarea" },
    ],
  },
  investor: {
    title: "Investor enquiry",
    label: "Investor enquiry",
    prefix: "IV",
    purpose: "to answer your enquiry",
    submit: "Send enquiry",
    fields: [
      { name: "name", label: "Your name", kind: "text", required: true, autoComplete: "name" },
      { name: "email", label: "E-mail", kind: "email", required: true, autoComplete: "email" },
      { name: "mobile", label: "Mobile number", kind: "tel", required: true, autoComplete: "tel" },
      { name: "company", label: "Organisation", kind: "text", autoComplete: "organization" },
      { name: "message", label: "Your enquiry", kind: "textarea", required: true },
    ],
  },
  review: {
    title: "Write a review",
    label: "Review",
    prefix: "RV",
    purpose: "to check and publish your review (your name, company and city are shown with it; your number never is)",
    submit: "Send review",
    fields: [
      { name: "rating", label: "Rating", kind: "select", required: true, options: RATINGS },
      { name: "message", label: "Your review", kind: "textarea", required: true, hint: "What we did, and how it went." },
      { name: "subject", label: "Service", kind: "select" },
      { name: "name", label: "Your name", kind: "text", required: true, autoComplete: "name" },
      { name: "company", label: "Company", kind: "text", autoComplete: "organization" },
      { name: "city", label: "City", kind: "text", required: true, autoComplete: "address-level2" },
      { name: "mobile", label: "Mobile number", kind: "tel", required: true, autoComplete: "tel", hint: "So that we can match the review to your job. Never shown." },
    ],
  },
} as const satisfies Record<string, { fields: readonly FieldSpec[]; prefix: string; label: string; title: string; purpose: string; submit: string }>;

export type EnquiryFormName = keyof typeof ENQUIRY_FORM_FIELDS;
export const ENQUIRY_FORM_NAMES = Object.keys(ENQUIRY_FORM_FIELDS) as EnquiryFormName[];
export function isEnquiryForm(value: unknown): value is EnquiryFormName {
  return typeof value === "string" && Object.hasOwn(ENQUIRY_FORM_FIELDS, value);
}
