import { z } from "zod";
import { optionalText } from "../fields.ts";
import { todayInIndia } from "../form-basics.ts";
import { SKILLS } from "../technician-registration.ts";
import { URGENCIES } from "../urgency.ts";
import { requestVersion, visitWindowFields, WINDOW_ENDS_MESSAGE, windowEndsElsewhere } from "./request-actions.ts";

/**
 * The schedule board's forms (/admin/schedule, issue 21): the board's filters (all in the URL, so a view can be
 * shared and reloaded), the move of one job (technician, date, window), and a technician's time off.
 */

const dateText = /^\d{4}-\d{2}-\d{2}$/;
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The board's query: a bad value falls back to the default rather than refusing the page. */
export function boardQuerySchema(now = new Date()) {
  return z.object({
    view: z.enum(["week", "day"]).catch("week"),
    date: z
      .string()
      .regex(dateText)
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)))
      .catch(todayInIndia(now)),
    city: z.string().trim().max(80).optional().catch(undefined).transform((v) => v || undefined),
    skill: z.enum(SKILLS.map((s) => s.id) as [string, ...string[]]).optional().catch(undefined),
    technician: z.coerce.number().int().min(1).optional().catch(undefined),
    urgency: z.enum(URGENCIES.map((u) => u.value) as [string, ...string[]]).optional().catch(undefined),
    amc: z.literal("yes").optional().catch(undefined),
  });
}
export type BoardQuery = z.output<ReturnType<typeof boardQuerySchema>>;

/** A move: the request's version, the technician, the date and window, and the clashes already shown. */
export function moveSchema(now = new Date()) {
  return z
    .object({
      intent: z.literal("move"),
      version: requestVersion,
      technicianId: z.coerce.number("Choose a technician.").int("Choose a technician.").min(1, "Choose a technician."),
      ...visitWindowFields(now),
      acknowledged: z.string().max(2000).optional().transform((v) => v ?? ""),
    })
    .refine(windowEndsElsewhere, WINDOW_ENDS_MESSAGE);
}
export type MoveInput = z.output<ReturnType<typeof moveSchema>>;

export const TIME_OFF_KINDS = [
  { value: "leave", label: "Leave" },
  { value: "unavailable", label: "Unavailable (some hours)" },
] as const;

/** Leave or unavailable hours, from a date and time to a date and time (India time). */
export const timeOffSchema = z
  .object({
    intent: z.literal("add"),
    technicianId: z.coerce.number("Choose a technician.").int("Choose a technician.").min(1, "Choose a technician.").optional(),
    kind: z.enum(["leave", "unavailable"], "Choose leave or unavailable hours."),
    startDate: z.string("Choose the first day.").regex(dateText, "Choose the first day."),
    startTime: z.string("Choose the time it starts.").regex(clock, "Choose the time it starts, like 09:00."),
    endDate: z.string("Choose the last day.").regex(dateText, "Choose the last day."),
    endTime: z.string("Choose the time it ends.").regex(clock, "Choose the time it ends, like 18:00."),
    note: optionalText(200),
  })
  .refine((v) => `${v.endDate}T${v.endTime}` > `${v.startDate}T${v.startTime}`, { path: ["endTime"], message: "It must end after it starts." });
export type TimeOffInput = z.output<typeof timeOffSchema>;

export const removeTimeOffSchema = z.object({
  intent: z.literal("remove"),
  id: z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again."),
});
