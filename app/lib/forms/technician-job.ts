import { z } from "zod";
import { FIELD_STAGES } from "~/lib/requests/field-stages.ts";
import { optionalText, requiredText } from "./fields.ts";
import { isOneOf } from "~/lib/one-of.ts";

/**
 * The technician's forms on a job page (/technician/jobs/{id}): one schema per intent, shared by the server
 * (the action) and the browser (which checks a form before putting it in the offline queue). Every form
 * carries its one-time key: a form sent again (a double tap, or a replay from the phone's offline queue)
 * is stored once.
 */

export const JOB_INTENTS = ["stage", "note", "photos", "part", "parts-needed", "labour", "signoff", "signoff-code", "signoff-verify"] as const;
export type JobIntent = (typeof JOB_INTENTS)[number];

/** The forms the browser may keep in its offline queue (a code by SMS needs the network at once). */
export const QUEUEABLE_INTENTS: readonly JobIntent[] = ["stage", "note", "photos", "part", "parts-needed", "labour", "signoff"];

/** A drawn signature is a PNG of at most this many bytes. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
/** Its data URL: base64 is 4/3 of the bytes, plus the prefix. */
const SIGNATURE_MAX_CHARS = Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 64;
export const SIGNATURE_PREFIX = "data:image/png;base64,";

export const PART_UNITS = [
  { value: "nos", label: "pieces (nos)" },
  { value: "m", label: "metres" },
  { value: "kg", label: "kilograms" },
  { value: "l", label: "litres" },
  { value: "set", label: "sets" },
  { value: "pair", label: "pairs" },
] as const;

/** One of each unit, for "1 piece", "1 metre" (the list's labels are plural, and name the code). */
const ONE: Record<string, string> = { nos: "piece", m: "metre", kg: "kilogram", l: "litre", set: "set", pair: "pair" };
const MANY: Record<string, string> = { nos: "pieces", m: "metres", kg: "kilograms", l: "litres", set: "sets", pair: "pairs" };

/** A part's quantity as a sentence says it: "1 piece", "2 pieces", "15 metres" (never "1 pieces (nos)"). */
export function partQuantity(quantity: number, unit: string): string {
  return `${quantity} ${(quantity === 1 ? ONE : MANY)[unit] ?? unit}`;
}

const STAGE_VALUES = FIELD_STAGES.map((s) => s.value) as [string, ...string[]];

/** The form's one-time key: made by the server for each page (or by the browser per queued form). */
const idempotencyKey = z
  .string()
  .trim()
  .max(100, "The form could not be read. Reload the page and try again.")
  .regex(/^[A-Za-z0-9:_-]*$/, "The form could not be read. Reload the page and try again.")
  .optional()
  .transform((v) => v || undefined);

/**
 * When the technician pressed the button, as the phone's clock said (ISO). Set by the offline queue, so a
 * stage sent an hour later still says when they arrived; the server only trusts a recent, past moment.
 */
const happenedAt = z
  .string()
  .max(40)
  .optional()
  .transform((v) => {
    if (!v) return undefined;
    const at = new Date(v);
    return Number.isNaN(at.getTime()) ? undefined : at;
  });

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "yes" || v === "true");

export const stageSchema = z.object({
  intent: z.literal("stage"),
  stage: z.enum(STAGE_VALUES, "Choose a stage."),
  idempotencyKey,
  happenedAt,
});

export const noteSchema = z.object({
  intent: z.literal("note"),
  note: requiredText("Write the note.", 2000),
  internal: checkbox,
  idempotencyKey,
  happenedAt,
});

export const photosSchema = z.object({
  intent: z.literal("photos"),
  caption: optionalText(200),
  idempotencyKey,
  happenedAt,
});

const partFields = z.object({
  intent: z.literal("part"),
  /**
   * Picked from the products list ("Make Model — Name", a <datalist> in the page, so it works offline). The
   * server links the part to the product whose label this (or the description) is exactly; else free text.
   */
  product: optionalText(200),
  description: requiredText("Describe the part (name, make, rating).", 200),
  quantity: z
    .string("Enter the quantity.")
    .trim()
    .min(1, "Enter the quantity.")
    .regex(/^\d{1,4}$/, "Enter the quantity as a whole number from 1 to 9999.")
    .transform(Number)
    .refine((n) => n >= 1, "Enter the quantity as a whole number from 1 to 9999."),
  unit: z.enum(PART_UNITS.map((u) => u.value) as [string, ...string[]], "Choose the unit."),
  idempotencyKey,
  happenedAt,
});

/** A part picked from the list needs no description typed: the product's label is the description. */
export const partSchema = z.preprocess((raw) => {
  if (!raw || typeof raw !== "object") return raw;
  const r = raw as Record<string, unknown>;
  const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";
  return blank(r.description) && !blank(r.product) ? { ...r, description: r.product } : r;
}, partFields);

/** "Parts needed": a part the job waits for (a parts request, issue 19 §5), the part form's fields. */
export const partsNeededSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== "object") return raw;
    const r = raw as Record<string, unknown>;
    const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";
    return blank(r.description) && !blank(r.product) ? { ...r, description: r.product } : r;
  },
  partFields.extend({ intent: z.literal("parts-needed"), note: optionalText(300) }),
);

/** The labour time's limit: a week of work on one job is surely a typing mistake. */
export const LABOUR_MAX_MINUTES = 7 * 24 * 60;

/**
 * The labour time the technician entered (issue 17 §4), as hours and minutes: it replaces the time on site
 * as the job's labour (a second entry corrects the first) and becomes the invoice draft's labour line.
 */
export const labourSchema = z
  .object({
    intent: z.literal("labour"),
    hours: z
      .string()
      .trim()
      .regex(/^\d{0,3}$/, "Enter the hours as a whole number, e.g. 2.")
      .transform((v) => (v === "" ? 0 : Number(v))),
    minutes: z
      .string()
      .trim()
      .regex(/^\d{0,2}$/, "Enter the minutes as a whole number from 0 to 59.")
      .transform((v) => (v === "" ? 0 : Number(v)))
      .refine((n) => n <= 59, "Enter the minutes as a whole number from 0 to 59."),
    idempotencyKey,
    happenedAt,
  })
  .superRefine((v, ctx) => {
    const total = v.hours * 60 + v.minutes;
    if (total === 0) ctx.addIssue({ code: "custom", path: ["hours"], message: "Enter the time worked on the job." });
    else if (total > LABOUR_MAX_MINUTES) ctx.addIssue({ code: "custom", path: ["hours"], message: "That is more than a week: check the hours." });
  })
  .transform((v) => ({ ...v, totalMinutes: v.hours * 60 + v.minutes }));

const signerName = requiredText("Enter the name of the person signing off.", 100);

export const signoffSchema = z.object({
  intent: z.literal("signoff"),
  signerName,
  signature: z
    .string("Ask the customer to sign in the box.")
    .min(1, "Ask the customer to sign in the box.")
    .max(SIGNATURE_MAX_CHARS, "The signature is too large. Clear it and sign again.")
    .refine((v) => v.startsWith(SIGNATURE_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(v.slice(SIGNATURE_PREFIX.length)), "The signature could not be read. Clear it and sign again."),
  idempotencyKey,
  happenedAt,
});

export const signoffCodeSchema = z.object({
  intent: z.literal("signoff-code"),
  signerName,
});

export const signoffVerifySchema = z.object({
  intent: z.literal("signoff-verify"),
  signerName,
  challengeId: z
    .string()
    .regex(/^\d{1,9}$/, "Send the code again.")
    .transform(Number),
  code: z
    .string("Enter the 6-digit code the customer received.")
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code the customer received."),
  idempotencyKey,
});

export const JOB_SCHEMAS = {
  stage: stageSchema,
  note: noteSchema,
  photos: photosSchema,
  part: partSchema,
  "parts-needed": partsNeededSchema,
  labour: labourSchema,
  signoff: signoffSchema,
  "signoff-code": signoffCodeSchema,
  "signoff-verify": signoffVerifySchema,
} as const;

/** What each intent's form gives once parsed: JobInput<"part"> is the part form's output. */
export type JobInput<K extends JobIntent> = z.output<(typeof JOB_SCHEMAS)[K]>;

export function isJobIntent(value: unknown): value is JobIntent {
  return isOneOf(JOB_INTENTS, value);
}

/**
 * What the page says after a change (the ?saved= of the redirect back to the job). Only these codes are
 * shown; anything else in the address is ignored.
 */
export function savedMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  if (code.startsWith("stage-")) {
    const stage = FIELD_STAGES.find((s) => s.value === code.slice(6));
    return stage ? `Stage set: ${stage.label}. The customer can see it on their request page.` : undefined;
  }
  const messages: Record<string, string> = {
    note: "Note added. The customer can read it on their request page.",
    "note-internal": "Internal note added (for the office only).",
    photos: "Photos added to the job report.",
    part: "Part recorded.",
    "parts-needed": "Parts request sent: the office orders or reserves the part, and books the next visit when it is in.",
    labour: "Labour time saved. The office's invoice draft uses it.",
    signoff: "Sign-off recorded.",
    "code-sent": "Code sent by SMS to the customer's mobile. Enter it below when they read it to you.",
  };
  return messages[code];
}
