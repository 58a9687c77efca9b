import { z } from "zod";
import { requiredText, optionalText } from "~/lib/forms/fields.ts";

/**
 * The investors screen's filters and forms (/admin/investors and one enquiry's page): one schema per form,
 * shared by the server (parseListQuery, parseForm) and the page.
 */

export const INVESTOR_STATUSES = [
  { value: "new", label: "New" },
  { value: "replied", label: "Replied" },
  { value: "closed", label: "Closed" },
] as const;
export type InvestorStatus = (typeof INVESTOR_STATUSES)[number]["value"];

export function investorStatusLabel(status: string): string {
  return INVESTOR_STATUSES.find((s) => s.value === status)?.label ?? status;
}

export const investorListSchema = z.object({
  status: z.enum(["open", "new", "replied", "closed", "all"]).default("open"),
});
export type InvestorListFilters = z.output<typeof investorListSchema>;

export const STALE_ENQUIRY_MESSAGE = "Someone else replied to or changed this enquiry while you were looking at it. Reload to see what changed.";
export const STALE_DOCUMENT_MESSAGE = "Someone else changed this document meanwhile. Reload to see what it is now.";

/** What the page showed: the status and how many replies (a reply or change made since refuses the form). */
const seen = z.string().max(40).regex(/^[a-z]+:\d+$/, "Reload the page and try again.");
const key = z.uuid("This form has expired. Reload the page and send it again.");

export const replySchema = z.object({
  intent: z.literal("reply"),
  seen,
  idempotencyKey: key,
  subject: requiredText("Give the e-mail a subject.", 150),
  body: requiredText("Write the reply.", 10_000),
});
export type ReplyInput = z.output<typeof replySchema>;

export const enquiryStatusSchema = z.object({
  intent: z.literal("status"),
  seen,
  status: z.enum(["new", "replied", "closed"], "Choose a status."),
});
export type EnquiryStatusInput = z.output<typeof enquiryStatusSchema>;

/** An investor report: PDF only, at most this size, checked by its first bytes (%PDF-), not its name. */
export const INVESTOR_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const uploadDocumentSchema = z.object({
  intent: z.literal("upload"),
  idempotencyKey: key,
  title: requiredText("Give the document a title, e.g. Annual report 2025-26.", 150),
  period: optionalText(40),
  /** Ticked: shown on /investors at once. */
  publish: z
    .literal(["on", "yes"])
    .optional()
    .transform((v) => v !== undefined),
});
export type UploadDocumentInput = z.output<typeof uploadDocumentSchema>;

const documentId = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.").max(2_147_483_647, "Reload the page and try again.");

export const documentActionSchema = z.object({
  intent: z.enum(["publish", "unpublish", "delete"]),
  document: documentId,
  /** Whether it was published when the page was drawn. */
  was: z.enum(["published", "unpublished"], "Reload the page and try again."),
});
export type DocumentActionInput = z.output<typeof documentActionSchema>;
