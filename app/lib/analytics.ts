import { todayInIndia } from "~/lib/forms/form-basics.ts";

/**
 * The business analytics' period (/admin/analytics, issue 19 §6): from and to, both India days (YYYY-MM-DD)
 * and both included, read from the address (?from=...&to=...). The comparison is the period of the same
 * length just before it. Shared by the server (which reads it) and the screen (which shows its errors).
 */

/** Without a range: the last 30 days, today included. */
export const DEFAULT_DAYS = 30;
/** The longest range: three years (the volume the back office is budgeted for). */
export const MAX_DAYS = 3 * 366;
/** Up to this many days the charts have a bar per day; above, a bar per month. */
export const DAILY_UP_TO = 92;

const DAY_MS = 86_400_000;

export interface Period {
  from: string;
  to: string;
  days: number;
  /** The period of the same length just before. */
  previous: { from: string; to: string };
  /** What a chart's bar stands for. */
  unit: "day" | "month";
}

export interface PeriodQuery {
  period: Period;
  /** What the address asked for, as typed (the form shows it back). */
  asked: { from: string; to: string };
  /** A message per field that could not be used; the period is then the default one. */
  errors: { from?: string; to?: string };
}

function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A day plus n days (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from one day to another, both included. */
export function daysIncluded(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export function periodOf(from: string, to: string): Period {
  const days = daysIncluded(from, to);
  return { from, to, days, previous: { from: addDays(from, -days), to: addDays(from, -1) }, unit: days <= DAILY_UP_TO ? "day" : "month" };
}

/** The period in the address, or the last 30 days with a message beside each field that could not be used. */
export function parsePeriod(url: URL, now = new Date()): PeriodQuery {
  const today = todayInIndia(now);
  const from = (url.searchParams.get("from") ?? "").trim();
  const to = (url.searchParams.get("to") ?? "").trim();
  const errors: PeriodQuery["errors"] = {};
  if (from && !isDay(from)) errors.from = "Enter the first day as a date, e.g. 2026-11-01";
  if (to && !isDay(to)) errors.to = "Enter the last day as a date, e.g. 2026-11-30";
  else if (to && to > today) errors.to = "The last day cannot be after today";
  const end = to && !errors.to ? to : today;
  const start = from && !errors.from ? from : addDays(end, -(DEFAULT_DAYS - 1));
  if (!errors.from && from && start > end) errors.from = "The first day must be on or before the last day";
  else if (!errors.from && from && daysIncluded(start, end) > MAX_DAYS) errors.from = "Choose a range of at most three years";
  const usable = !errors.from && !errors.to;
  return {
    period: usable ? periodOf(start, end) : periodOf(addDays(today, -(DEFAULT_DAYS - 1)), today),
    asked: { from, to },
    errors,
  };
}

/** The midnight that starts a day in India, as an instant. */
export function startOfDayInIndia(day: string): Date {
  return new Date(`${day}T00:00:00+05:30`);
}

/** The bars of a period: every day (or month) from its first to its last, so empty ones show as 0. */
export function periodBuckets(from: string, to: string, unit: Period["unit"]): string[] {
  const out: string[] = [];
  if (unit === "day") {
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  }
  let [y, m] = from.split("-").map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, "0")}`;
    out.push(key);
    if (key >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** The change from the previous period as a percentage (rounded), or null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}
