import { z } from "zod";
import { requiredText } from "~/lib/forms/fields.ts";
import { isOneOf } from "~/lib/one-of.ts";

/** The WhatsApp screen's forms (/admin/whatsapp): one schema per form, shared by the server and the page. */

const formKey = z.uuid("This form has expired. Please reload the page and send it again.");

export const WHATSAPP_INTENTS = ["reply-text", "reply-template"] as const;
export const isWhatsAppIntent = (v: unknown): v is (typeof WHATSAPP_INTENTS)[number] => isOneOf(WHATSAPP_INTENTS, v);

export const replyTextSchema = z.object({
  text: requiredText("Write the message.", 4096),
  idempotencyKey: formKey,
});

export const replyTemplateSchema = z.object({
  /** "<name>|<language>" */
  template: z.string().trim().regex(/^[a-z0-9_]{1,100}\|[a-zA-Z_]{2,10}$/, "Choose an approved template."),
  param1: z.string().trim().max(1000).optional(),
  param2: z.string().trim().max(1000).optional(),
  param3: z.string().trim().max(1000).optional(),
  idempotencyKey: formKey,
});

export const TEMPLATE_STATUSES = ["approved", "pending", "rejected", "paused"] as const;
export const TEMPLATE_CATEGORIES = ["utility", "marketing", "authentication"] as const;

export const templateSchema = z.object({
  /** Set when editing one. */
  id: z
    .string()
    .optional()
    .transform((v) => (v ? Number(v) : undefined))
    .pipe(z.number().int().min(1).optional()),
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,100}$/, "Meta's name: lower-case letters, digits and underscores, like service_update."),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}(_[A-Z]{2})?$/, "A language code like en, hi or en_US."),
  category: z.enum(TEMPLATE_CATEGORIES, "Choose the category."),
  body: requiredText("Enter the approved text, with {{1}}, {{2}} for its values.", 1024),
  status: z.enum(TEMPLATE_STATUSES, "Choose the status."),
});
