import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { idempotencyKey, requiredText } from "~/lib/forms/fields.ts";
import { isOneOf } from "~/lib/one-of.ts";

/**
 * The communications screens' filters and forms (/admin/communications, /admin/sms, /admin/emails): one
 * schema per form, shared by the server (parseForm, parseListQuery) and the page.
 */

export const DLT_PLACEHOLDER = "{#var#}";
export const STALE_TEMPLATE_MESSAGE = changedMeanwhile("template");

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

/** How many `{#var#}` a registered text holds. */
export function placeholderCount(text: string): number {
  return text.split(DLT_PLACEHOLDER).length - 1;
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────────

function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v) && v >= "2000-01-01" && v <= "2100-12-31";
}
const day = z.string().refine(isCalendarDay).optional();

export const THREAD_FILTERS = [
  { value: "all", label: "All threads" },
  { value: "awaiting", label: "Awaiting reply" },
] as const;
export type ThreadFilter = (typeof THREAD_FILTERS)[number]["value"];

export const threadListSchema = z.object({
  show: z.enum(THREAD_FILTERS.map((f) => f.value)).default("all"),
  q: z.string().trim().min(1).max(100).optional(),
});
export type ThreadListFilters = z.output<typeof threadListSchema>;

/** The SMS log's tabs: by the provider's delivery report, and what the outbox could not send. */
export const SMS_LOG_FILTERS = [
  { value: "all", label: "All SMS" },
  { value: "delivered", label: "Delivered" },
  { value: "awaiting", label: "No report yet" },
  { value: "failed", label: "Failed" },
] as const;
export type SmsLogFilter = (typeof SMS_LOG_FILTERS)[number]["value"];

export const EMAIL_LOG_FILTERS = [
  { value: "all", label: "All e-mails" },
  { value: "sent", label: "Sent" },
  { value: "pending", label: "Waiting to send" },
  { value: "failed", label: "Failed" },
] as const;
export type EmailLogFilter = (typeof EMAIL_LOG_FILTERS)[number]["value"];

export const smsLogSchema = z.object({
  show: z.enum(SMS_LOG_FILTERS.map((f) => f.value)).default("all"),
  /** A mobile number, or part of one. */
  q: z.string().trim().min(1).max(100).optional(),
  from: day,
  to: day,
});
export type SmsLogFilters = z.output<typeof smsLogSchema>;

export const emailLogSchema = z.object({
  show: z.enum(EMAIL_LOG_FILTERS.map((f) => f.value)).default("all"),
  /** An address or a subject, or part of one. */
  q: z.string().trim().min(1).max(100).optional(),
  from: day,
  to: day,
});
export type EmailLogFilters = z.output<typeof emailLogSchema>;

// ── The DLT template registry (/admin/sms/templates) ─────────────────────────────────────────────

export const SMS_CATEGORIES = [
  { value: "service", label: "Service (implicit or explicit)" },
  { value: "transactional", label: "Transactional" },
  { value: "promotional", label: "Promotional" },
] as const;

const dltTemplateId = z
  .string()
  .trim()
  .regex(/^\d{19}$/, "The DLT template id is the 19 digits the DLT portal gave the template.");
const senderId = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{6}$/, "The sender id (header) is 6 letters, as registered on the DLT portal."));
const smsText = z
  .string()
  .trim()
  .min(1, "Enter the text exactly as registered.")
  .max(1000, "At most 1000 characters.");
/** Variable names, separated by commas: letters and digits, starting with a letter. */
const variableList = z
  .string()
  .trim()
  .max(500)
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((names) => names.every((n) => /^[A-Za-z][A-Za-z0-9]{0,39}$/.test(n)), "Name each variable with letters and digits, separated by commas.")
  .refine((names) => new Set(names).size === names.length, "Each variable's name must be different.");

function checkCount(value: { text: string; variables: string[] }, ctx: z.RefinementCtx) {
  const count = placeholderCount(value.text);
  if (count !== value.variables.length) {
    ctx.addIssue({
      code: "custom",
      path: ["variables"],
      message: `The text has ${count} ${DLT_PLACEHOLDER} placeholder${count === 1 ? "" : "s"} and ${value.variables.length} variable${value.variables.length === 1 ? " is" : "s are"} named: name one variable per placeholder, in order.`,
    });
  }
}

export const smsTemplateFields = {
  dltTemplateId,
  senderId,
  text: smsText,
  variables: variableList,
  category: z.enum(SMS_CATEGORIES.map((c) => c.value), "Choose the template's category."),
};

export const addSmsTemplateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(/^[a-z][a-zA-Z0-9-]{1,59}$/, "A short name: a lower-case letter first, then letters, digits or hyphens (e.g. office-follow-up)."),
    ...smsTemplateFields,
  })
  .superRefine(checkCount);

export const editSmsTemplateSchema = z.object({ version, ...smsTemplateFields }).superRefine(checkCount);
export const smsTemplateActiveSchema = z.object({ version });

// ── E-mail templates (/admin/emails/templates/{name}) ────────────────────────────────────────────

export const emailTemplateSchema = z.object({
  /** 0 when no override exists yet. */
  version: z.coerce.number("Reload the page and try again.").int().min(0, "Reload the page and try again."),
  subject: requiredText("Enter the subject.", 200),
  body: z.string().trim().min(1, "Enter the body.").max(20_000, "At most 20,000 characters."),
});
export const resetEmailTemplateSchema = z.object({ version });

// ── Thread replies (/admin/communications/{customer}) ────────────────────────────────────────────

export const THREAD_INTENTS = ["reply-sms", "reply-email", "reply-whatsapp", "log-call", "note"] as const;
export type ThreadIntent = (typeof THREAD_INTENTS)[number];
export const isThreadIntent = (v: unknown): v is ThreadIntent => isOneOf(THREAD_INTENTS, v);

export const replySmsSchema = z.object({
  template: z.string().trim().min(1, "Choose a registered template.").max(60),
  /** The thread's service request the message is about (its facts fill the template). */
  request: z
    .string()
    .trim()
    .max(30)
    .optional()
    .transform((v) => v || null),
  idempotencyKey,
});

export const replyEmailSchema = z.object({
  subject: requiredText("Enter the subject.", 200),
  body: z.string().trim().min(1, "Write the message.").max(10_000, "At most 10,000 characters."),
  idempotencyKey,
});

export const replyWhatsAppSchema = z.object({
  text: requiredText("Write the message.", 4096),
  idempotencyKey,
});

export const logCallSchema = z.object({
  direction: z.enum(["in", "out"], "Say who called."),
  minutes: z.coerce.number("Enter the call's length in minutes.").int("Whole minutes.").min(0, "Enter the call's length in minutes.").max(600, "At most 600 minutes."),
  note: requiredText("Write what was said.", 2000),
  idempotencyKey,
});

export const noteSchema = z.object({
  note: requiredText("Write the note.", 2000),
  idempotencyKey,
});
