import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { optionalText, requiredText } from "../fields.ts";
import { todayInIndia } from "../form-basics.ts";
import { isOneOf } from "~/lib/one-of.ts";

/**
 * The actions on a service request's back-office page (/admin/service-requests/{reference}): one schema per
 * intent, applied by the server and shareable with the browser. Every form carries the request's `version`
 * (hidden): a change made on an older version is refused, never written over someone else's.
 */

export const STALE_REQUEST_MESSAGE = changedMeanwhile("request");

export const requestVersion = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");
const version = requestVersion;

/** A ticked checkbox arrives as "on" (or our value "yes"); an unticked one does not arrive. */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "yes" || v === "true");

export const CONTACT_KINDS = [
  { value: "call", label: "Phone call", hint: "Office only" },
  { value: "note", label: "Note", hint: "The customer reads it, unless internal" },
] as const;

export const contactSchema = z.object({
  intent: z.literal("contact"),
  version,
  kind: z.enum(["call", "note"], "Choose a call or a note."),
  note: requiredText("Write what was said or done.", 2000),
  internal: checkbox,
});

/** The statuses the status form offers: "new" is never gone back to, and cancelling needs its own form (a reason). */
export const STATUS_CHOICES = ["contacted", "scheduled", "on_the_way", "in_progress", "awaiting_parts", "awaiting_customer", "completed"] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

export const statusSchema = z.object({
  intent: z.literal("status"),
  version,
  status: z.enum(STATUS_CHOICES, "Choose the new status."),
  note: optionalText(1000),
});

export const assignSchema = z.object({
  intent: z.literal("assign"),
  version,
  technicianId: z.coerce.number("Choose a technician.").int("Choose a technician.").min(1, "Choose a technician."),
});

const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The visit window's choices: every half hour of the day (breakdowns are attended round the clock). */
export const TIME_SLOTS: readonly string[] = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`);

/** "14:30" -> "2:30 pm". */
export function clockLabel(value: string): string {
  const [h, m] = value.split(":").map(Number) as [number, number];
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

function isRealDate(d: string): boolean {
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
}

/** The visit's date and window, as the request page's schedule form and the schedule board's move form ask them. */
export function visitWindowFields(now = new Date()) {
  return {
    date: z
        .string("Choose the date of the visit.")
        .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the date of the visit.")
        .refine(isRealDate, "Choose a real date.")
        .refine((d) => d >= todayInIndia(now), "Choose today or a later date."),
    from: z.string("Choose when the window starts.").regex(clock, "Choose when the window starts."),
    to: z.string("Choose when the window ends.").regex(clock, "Choose when the window ends."),
  };
}

/** A window that ends at an earlier clock time ends the next day (a night shift's breakdown: 10 pm - 2 am); never when it starts. */
export const windowEndsElsewhere = (v: { from: string; to: string }) => v.to !== v.from;
export const WINDOW_ENDS_MESSAGE = { path: ["to"], message: "The window must end at another time than it starts." };

export function scheduleSchema(now = new Date()) {
  return z
    .object({
      intent: z.literal("schedule"),
      version,
      ...visitWindowFields(now),
    })
    .refine(windowEndsElsewhere, WINDOW_ENDS_MESSAGE);
}

export const poSchema = z.object({
  intent: z.literal("po"),
  version,
  poNumber: requiredText("Enter the customer's purchase-order number.", 60),
});

export const REFERENCE_PATTERN = /^SR-\d{4}-\d{4,}$/;

export const duplicateSchema = z.object({
  intent: z.literal("duplicate"),
  version,
  original: z
    .string("Enter the reference of the original request, e.g. SR-2611-0042.")
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(REFERENCE_PATTERN, "Enter the reference of the original request, e.g. SR-2611-0042.")),
});

export const cancelSchema = z.object({
  intent: z.literal("cancel"),
  version,
  reason: requiredText("Say why the request is cancelled.", 500),
});

export const REQUEST_INTENTS = ["contact", "status", "assign", "schedule", "po", "duplicate", "cancel"] as const;
export type RequestIntent = (typeof REQUEST_INTENTS)[number];

export function isRequestIntent(value: unknown): value is RequestIntent {
  return isOneOf(REQUEST_INTENTS, value);
}

export type ContactInput = z.output<typeof contactSchema>;
export type StatusInput = z.output<typeof statusSchema>;
export type AssignInput = z.output<typeof assignSchema>;
export type ScheduleInput = z.output<ReturnType<typeof scheduleSchema>>;
export type PoInput = z.output<typeof poSchema>;
export type DuplicateInput = z.output<typeof duplicateSchema>;
export type CancelInput = z.output<typeof cancelSchema>;
