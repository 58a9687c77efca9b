/**
 * The response promise (SLA) and the resolution clock. Pure functions over a request's timestamps and the
 * operations settings, shared by the dashboard, the lists, the request page and the escalation job.
 *
 * - The response clock runs from receipt to the first logged call or note. Emergencies and "within 24
 *   hours" count round the clock; planned work counts working hours only (India time, from the settings).
 * - The resolution clock runs from receipt to completion, less the time the job waited on the customer
 *   or on parts (pausedSeconds, plus the pause still open at pausedAt).
 */
export interface SlaSettings {
  emergencyResponseHours: number;
  within24hResponseHours: number;
  plannedResponseWorkingHours: number;
  workingDays: number[];
  workingHoursOpen: string;
  workingHoursClose: string;
  escalateBeforeMinutes: number;
}

export type Urgency = "emergency" | "within_24h" | "planned";

/** India has one time zone and no daylight saving: UTC+05:30. */
const IST_OFFSET_MS = 330 * 60_000;
const HOUR = 3_600_000;

function minutesOf(clock: string): number {
  const [h, m] = clock.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** start plus `hours` of working time: only the working days' open-to-close hours count. */
export function addWorkingHours(start: Date, hours: number, s: Pick<SlaSettings, "workingDays" | "workingHoursOpen" | "workingHoursClose">): Date {
  let remaining = hours * HOUR;
  const open = minutesOf(s.workingHoursOpen) * 60_000;
  const close = minutesOf(s.workingHoursClose) * 60_000;
  // Walk India-time days from the start's day; at most a few weeks for any sane setting.
  const local = start.getTime() + IST_OFFSET_MS;
  let dayStart = Math.floor(local / 86_400_000) * 86_400_000;
  let cursor = local;
  for (let i = 0; i < 400; i++) {
    const weekday = new Date(dayStart).getUTCDay();
    if (s.workingDays.includes(weekday)) {
      const from = Math.max(cursor, dayStart + open);
      const to = dayStart + close;
      if (from < to) {
        if (from + remaining <= to) return new Date(from + remaining - IST_OFFSET_MS);
        remaining -= to - from;
      }
    }
    dayStart += 86_400_000;
    cursor = dayStart;
  }
  return new Date(start.getTime() + hours * HOUR);
}

/** When the first contact is due for a request received at receivedAt. */
export function responseDueAt(urgency: Urgency, receivedAt: Date, s: SlaSettings): Date {
  if (urgency === "emergency") return new Date(receivedAt.getTime() + s.emergencyResponseHours * HOUR);
  if (urgency === "within_24h") return new Date(receivedAt.getTime() + s.within24hResponseHours * HOUR);
  return addWorkingHours(receivedAt, s.plannedResponseWorkingHours, s);
}

export type ResponseState = "met" | "missed" | "breached" | "due_soon" | "on_track" | "closed";

export const RESPONSE_STATE_LABELS: Record<ResponseState, string> = {
  met: "Responded in time",
  missed: "Responded late",
  breached: "Response overdue",
  due_soon: "Response due soon",
  on_track: "Awaiting first call",
  closed: "Closed",
};

export interface ClockInput {
  status: string;
  createdAt: Date;
  responseDueAt: Date | null;
  firstContactAt: Date | null;
}

/** Where a request stands against its response promise at `now`. */
export function responseState(r: ClockInput, now: Date, escalateBeforeMinutes: number): { state: ResponseState; minutesLeft: number | null } {
  if (r.firstContactAt) {
    return { state: r.responseDueAt && r.firstContactAt > r.responseDueAt ? "missed" : "met", minutesLeft: null };
  }
  if (r.status === "cancelled" || r.status === "completed") return { state: "closed", minutesLeft: null };
  if (!r.responseDueAt) return { state: "on_track", minutesLeft: null };
  const minutesLeft = Math.floor((r.responseDueAt.getTime() - now.getTime()) / 60_000);
  if (minutesLeft < 0) return { state: "breached", minutesLeft };
  if (minutesLeft <= escalateBeforeMinutes) return { state: "due_soon", minutesLeft };
  return { state: "on_track", minutesLeft };
}

/** "1 h 05 min", "45 min", "2 d 3 h": how long, for a clock. */
export function formatDuration(minutes: number): string {
  const m = Math.abs(Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
  return `${Math.floor(m / 1440)} d ${Math.floor((m % 1440) / 60)} h`;
}

/** The resolution clock: working time so far (or in all, once completed), less the pauses, in minutes. */
export function resolutionMinutes(r: { createdAt: Date; completedAt: Date | null; pausedAt: Date | null; pausedSeconds: number }, now: Date): number {
  const end = r.completedAt ?? now;
  const openPause = r.pausedAt && !r.completedAt ? Math.max(0, now.getTime() - r.pausedAt.getTime()) : 0;
  return Math.max(0, Math.floor((end.getTime() - r.createdAt.getTime() - r.pausedSeconds * 1000 - openPause) / 60_000));
}

/**
 * The response promise a request was given, in words ("2 hours", "9 working hours"), from the due time
 * stored with it: the urgency's target, or its maintenance contract's quicker one (~/.server/contracts/sla.ts).
 * The thank-you page, the acknowledgement SMS and e-mail and the dashboard all read the same stored promise,
 * so none of them can say "2-4 hours" to a request the office must call back within 2 (issue 17 §5).
 * Planned work is counted in working hours when its due time is the working-hours one; any other promise
 * runs round the clock and is said in whole hours.
 */
export function promiseText(r: { urgency: Urgency; receivedAt: Date; responseDueAt: Date | null }, s: SlaSettings): string {
  const hours = (n: number, unit = "hour") => `${n} ${n === 1 ? unit : `${unit}s`}`;
  if (!r.responseDueAt) return hours(r.urgency === "emergency" ? s.emergencyResponseHours : s.within24hResponseHours);
  if (r.urgency === "planned") {
    const working = addWorkingHours(r.receivedAt, s.plannedResponseWorkingHours, s);
    // The stored time and the form's receipt may differ by the milliseconds between them.
    if (Math.abs(working.getTime() - r.responseDueAt.getTime()) < 60_000) return hours(s.plannedResponseWorkingHours, "working hour");
  }
  return hours(Math.max(1, Math.round((r.responseDueAt.getTime() - r.receivedAt.getTime()) / HOUR)));
}
