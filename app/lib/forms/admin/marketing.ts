import { z } from "zod";
import { requiredText } from "~/lib/forms/fields.ts";
import { isOneOf } from "~/lib/one-of.ts";

/**
 * The marketing screen's forms (/admin/marketing): one schema per form, shared by the server and the page.
 */

export const CAMPAIGN_CHANNELS = [
  { value: "sms", label: "SMS (promotional DLT template)" },
  { value: "email", label: "E-mail" },
  { value: "whatsapp", label: "WhatsApp (approved template)" },
] as const;

export const SMS_OFFER_MAX = 60;

export interface CampaignSegment {
  /** A service's catalogue slug: customers who asked for it. */
  service?: string | undefined;
  /** Customers with a site or a request in this city. */
  city?: string | undefined;
  /** Customers whose active AMC ends within this many days. */
  amcExpiringWithinDays?: number | undefined;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const formKey = z.uuid("This form has expired. Please reload the page and send it again.");
const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The segment fields, shared by the campaign form and the audience preview. */
export const segmentFields = {
  service: optional(120).refine((v) => v === undefined || SLUG.test(v), "Choose a service from the list"),
  city: optional(80),
  amcDays: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number("Enter a number of days").int("Whole days").min(1, "At least 1 day").max(366, "At most 366 days").optional(),
  ),
};

/** "Count the audience": the channel and the segment only (the rest of the form may still be empty). */
export const audiencePreviewSchema = z.object({ channel: z.enum(["sms", "email", "whatsapp"], "Choose the channel."), ...segmentFields });

export const campaignSchema = z
  .object({
    name: requiredText("Name the campaign.", 120),
    channel: z.enum(["sms", "email", "whatsapp"], "Choose the channel."),
    subject: optional(200),
    body: optional(5000),
    template: optional(100),
    ...segmentFields,
    ratePerMinute: z.coerce.number("Enter how many messages a minute").int("A whole number").min(1, "At least 1 a minute").max(600, "At most 600 a minute"),
    idempotencyKey: formKey,
  })
  .superRefine((v, ctx) => {
    if (v.channel === "sms") {
      if (!v.body) ctx.addIssue({ code: "custom", path: ["body"], message: "Write the offer (the SMS adds the business's name, STOP and the opt-out link)." });
      else if (v.body.length > SMS_OFFER_MAX) ctx.addIssue({ code: "custom", path: ["body"], message: `An SMS offer holds at most ${SMS_OFFER_MAX} characters (two DLT variables).` });
    }
    if (v.channel === "email") {
      if (!v.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: "Enter the e-mail's subject." });
      if (!v.body) ctx.addIssue({ code: "custom", path: ["body"], message: "Write the e-mail." });
    }
    if (v.channel === "whatsapp" && !v.template) ctx.addIssue({ code: "custom", path: ["template"], message: "Choose an approved WhatsApp template." });
  })
  .transform(({ service, city, amcDays, ...rest }) => ({
    ...rest,
    segment: { ...(service ? { service } : {}), ...(city ? { city } : {}), ...(amcDays !== undefined ? { amcExpiringWithinDays: amcDays } : {}) } as CampaignSegment,
  }));
export type CampaignForm = z.output<typeof campaignSchema>;

export const CAMPAIGN_INTENTS = ["start", "pause", "cancel"] as const;
export const isCampaignIntent = (v: unknown): v is (typeof CAMPAIGN_INTENTS)[number] => isOneOf(CAMPAIGN_INTENTS, v);
export const campaignChangeSchema = z.object({ version });

/** The office records a customer's marketing consent (on their word) or its withdrawal. */
export const marketingConsentSchema = z.object({
  consent: z.enum(["given", "withdrawn"], "Say whether the customer agreed."),
  version,
});
