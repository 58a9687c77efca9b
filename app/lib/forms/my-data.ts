import { z } from "zod";
import { idempotencyKey, optionalText, requiredText } from "./fields.ts";
import { isOneOf } from "~/lib/one-of.ts";

/**
 * The customer's forms on "My data" (/customer/my-data, DPDP Act sections 11-13): a correction request and
 * an erasure request. One schema per form, shared by the server (the action) and the browser. Each carries
 * the page's one-time key, so a form sent twice (a double tap, a reload of the post) is stored once.
 */

export const MY_DATA_INTENTS = ["correction", "erasure"] as const;
export type MyDataIntent = (typeof MY_DATA_INTENTS)[number];

export function isMyDataIntent(value: unknown): value is MyDataIntent {
  return isOneOf(MY_DATA_INTENTS, value);
}

/** The longest a correction's two answers may be: enough for an address, short enough to read. */
export const CORRECTION_MAX = 1000;
export const ERASURE_REASON_MAX = 1000;

export const correctionSchema = z.object({
  intent: z.literal("correction"),
  wrong: requiredText("Say which detail is wrong, e.g. \"E-mail address\" or \"Name of the Patancheru site\".", CORRECTION_MAX),
  correct: requiredText("Say what it should be.", CORRECTION_MAX),
  idempotencyKey,
});

export const erasureSchema = z.object({
  intent: z.literal("erasure"),
  reason: optionalText(ERASURE_REASON_MAX),
  // Browsers send "on" (or our value "yes") only when the box is ticked.
  confirm: z.literal(["yes", "on"], "Tick the box to confirm that you want your data erased."),
  idempotencyKey,
});

export const MY_DATA_SCHEMAS = { correction: correctionSchema, erasure: erasureSchema } as const;

export type CorrectionInput = z.output<typeof correctionSchema>;
export type ErasureInput = z.output<typeof erasureSchema>;

/** The detail stored for a correction: both answers, labelled, so the office reads it as one note. */
export function correctionDetail(input: Pick<CorrectionInput, "wrong" | "correct">): string {
  return `What is wrong: ${input.wrong}\nWhat it should be: ${input.correct}`;
}

/** The page's message after a request was sent (?sent=), or undefined for anything else. */
export function sentMessage(value: string | null): string | undefined {
  if (value === "correction") return "Your correction request is sent. The office will make the change and write the answer here.";
  if (value === "erasure") return "Your erasure request is sent. The office will answer here, normally within 30 days.";
  return undefined;
}
