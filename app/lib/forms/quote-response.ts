import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";

/**
 * The customer's answer to a quote, in the portal (/customer/quotes/{reference}) and through the signed link
 * (/d/quote/{token}, then the one-time code sent to the mobile on file). Shared by server and browser.
 */

export const QUOTE_DECISIONS = ["approve", "changes", "decline"] as const;
export type QuoteDecision = (typeof QUOTE_DECISIONS)[number];

export const QUOTE_DECISION_OPTIONS: ReadonlyArray<{ value: QuoteDecision; label: string; hint: string }> = [
  { value: "approve", label: "Approve", hint: "Go ahead with the work at this price." },
  { value: "changes", label: "Ask for changes", hint: "Tell us what to change: we send a revised quote." },
  { value: "decline", label: "Decline", hint: "Do not go ahead." },
];

export const QUOTE_DECISION_DONE: Record<QuoteDecision, string> = {
  approve: "Thank you: you approved this quote. We will be in touch to go ahead with the work.",
  changes: "Thank you: we have your comments and will send you a revised quote.",
  decline: "Thank you for letting us know: you declined this quote.",
};

const decisionBase = {
  decision: z.enum(QUOTE_DECISIONS, "Choose approve, ask for changes or decline."),
  comment: optionalText(1000),
  /** The version the customer read: a newer one sent meanwhile refuses the answer. */
  version: z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again."),
  idempotencyKey: z.uuid("This form has expired. Please reload the page and try again."),
};

function changesNeedAComment<T extends { decision: QuoteDecision; comment?: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.decision === "changes" && !v.comment) ctx.addIssue({ code: "custom", path: ["comment"], message: "Say what you would like changed." });
}

/** The portal: the signed-in customer is who answers. */
export const portalResponseSchema = z.object(decisionBase).superRefine(changesNeedAComment);
export type PortalResponseInput = z.output<typeof portalResponseSchema>;

/** The signed link, step 1: who answers (a name), and the answer; a code goes to the mobile on file. */
export const linkResponseSchema = z
  .object({ ...decisionBase, name: requiredText("Enter your name.", 120) })
  .superRefine(changesNeedAComment);
export type LinkResponseInput = z.output<typeof linkResponseSchema>;

/** The signed link, step 2: the 6-digit code, with step 1's answer and the challenge it was sent for. */
export const linkConfirmSchema = z
  .object({
    ...decisionBase,
    name: requiredText("Enter your name.", 120),
    challenge: z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{16,64}$/, "This form has expired. Please start again."),
    code: z
      .string("Enter the 6-digit code from the SMS.")
      .trim()
      .transform((v) => v.replace(/\s+/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the SMS.")),
  })
  .superRefine(changesNeedAComment);
export type LinkConfirmInput = z.output<typeof linkConfirmSchema>;
