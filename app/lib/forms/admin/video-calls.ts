import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { optionalText } from "../fields.ts";
import { todayInIndia } from "../form-basics.ts";

/**
 * Remote video diagnosis (/admin/video-calls): the list's filters, the office's forms (schedule, reschedule,
 * cancel, notes, end) and the signals the two browsers exchange through the server. One schema per form,
 * shared by the server (parseForm, parseListQuery) and the page.
 */

export const STALE_CALL_MESSAGE = changedMeanwhile("call");

export const CALL_REFERENCE_PATTERN = /^VC-\d{4}-\d{4,}$/;
const REQUEST_REFERENCE = /^SR-\d{4}-\d{4,}$/;

export const VIDEO_CALL_STATUSES = ["scheduled", "live", "ended", "cancelled", "missed"] as const;
export type VideoCallStatus = (typeof VIDEO_CALL_STATUSES)[number];
export const VIDEO_CALL_STATUS_LABELS: Record<VideoCallStatus, string> = {
  scheduled: "Scheduled",
  live: "In progress",
  ended: "Ended",
  cancelled: "Cancelled",
  missed: "Missed",
};

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const VIDEO_CALL_FILTERS = [
  { value: "upcoming", label: "Upcoming" },
  { value: "live", label: "In progress" },
  { value: "past", label: "Past" },
  { value: "cancelled", label: "Cancelled" },
  { value: "all", label: "All" },
] as const;
export type VideoCallFilter = (typeof VIDEO_CALL_FILTERS)[number]["value"];

export const videoCallListSchema = z.object({
  show: z.enum(VIDEO_CALL_FILTERS.map((f) => f.value)).default("upcoming"),
  /** A call's or a request's reference, or the customer's name. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type VideoCallListFilters = z.output<typeof videoCallListSchema>;

// ── The office's forms ───────────────────────────────────────────────────────────────────────────

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

function isRealDate(d: string): boolean {
  const day = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(d);
}

/** The moment a date and clock time in India name (IST has no daylight saving: always +05:30). */
export function indiaMoment(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+05:30`);
}

export { indiaParts } from "../../schedule/week.ts";

/** How far in the past a call may still be booked (the office books "now" while the customer is on the phone). */
export const SCHEDULE_GRACE_MINUTES = 15;

function whenFields(now: Date) {
  return {
    date: z
      .string("Choose the date of the call.")
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the date of the call.")
      .refine(isRealDate, "Choose a real date.")
      .refine((d) => d >= todayInIndia(now), "Choose today or a later date."),
    time: z.string("Choose the time of the call.").regex(clock, "Choose the time of the call, like 15:30."),
  };
}

function notPast<T extends { date: string; time: string }>(schema: z.ZodType<T>, now: Date) {
  return schema.refine((v) => indiaMoment(v.date, v.time).getTime() >= now.getTime() - SCHEDULE_GRACE_MINUTES * 60_000, {
    path: ["time"],
    message: "This time has passed: choose a later one.",
  });
}

export function scheduleCallSchema(now = new Date()) {
  return notPast(
    z.object({
      request: z
        .string("Enter the service request's reference, e.g. SR-2611-0042.")
        .trim()
        .toUpperCase()
        .regex(REQUEST_REFERENCE, "Enter the service request's reference, e.g. SR-2611-0042."),
      ...whenFields(now),
      notes: optionalText(2000),
    }),
    now,
  );
}
export type ScheduleCallInput = z.output<ReturnType<typeof scheduleCallSchema>>;

export function rescheduleCallSchema(now = new Date()) {
  return notPast(z.object({ intent: z.literal("reschedule"), version, ...whenFields(now) }), now);
}
export type RescheduleCallInput = z.output<ReturnType<typeof rescheduleCallSchema>>;

export const cancelCallSchema = z.object({ intent: z.literal("cancel"), version, reason: optionalText(500) });
export type CancelCallInput = z.output<typeof cancelCallSchema>;

export const notesSchema = z.object({ intent: z.literal("notes"), version, notes: optionalText(4000) });
export type NotesInput = z.output<typeof notesSchema>;

export const CALL_INTENTS = ["reschedule", "cancel", "notes", "end", "snapshot"] as const;
export type CallIntent = (typeof CALL_INTENTS)[number];
export function isCallIntent(v: unknown): v is CallIntent {
  return (CALL_INTENTS as readonly unknown[]).includes(v);
}

// ── Signals between the two browsers (WebRTC offer/answer/candidates, through the server's events) ─

/** A signal's whole JSON body may be at most this long (an SDP with many codecs is a few KB). */
export const SIGNAL_MAX_BYTES = 16_384;

const peerId = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/);

const description = z.object({ type: z.enum(["offer", "answer"]), sdp: z.string().min(1).max(14_000) });
const candidate = z.object({
  candidate: z.string().max(1000),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

/**
 * What one browser tells the other. `peer` is the sender page's random id (a reload is a new peer); `session`
 * names one RTCPeerConnection (the engineer's offer starts one); `to` is the peer an offer is meant for.
 * "hello": I am here (the engineer answers it with a fresh offer); "bye": I left.
 */
export const signalSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("hello"), peer: peerId }),
  z.object({ type: z.literal("bye"), peer: peerId }),
  z.object({ type: z.literal("offer"), peer: peerId, session: peerId, to: peerId, payload: description }),
  z.object({ type: z.literal("answer"), peer: peerId, session: peerId, payload: description }),
  z.object({ type: z.literal("candidate"), peer: peerId, session: peerId, payload: candidate }),
]);
export type Signal = z.output<typeof signalSchema>;
export type SignalSide = "engineer" | "customer";

/** A signal as the other side receives it (the live event's data). */
export type RelayedSignal = Signal & { from: SignalSide; ended?: boolean };

/** A snapshot from the engineer's canvas: JPEG, at most this size. */
export const SNAPSHOT_MAX_BYTES = 3 * 1024 * 1024;
