/**
 * The schedule's calendar arithmetic on India's dates ("2026-11-24"), shared by the board's server and its page.
 * India keeps no daylight saving, so a date's midnight is always 18:30 UTC the day before.
 */

const DAY_MS = 86_400_000;

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The first day of the week holding `date`, the week starting on `weekStartsOn` (the settings). */
export function weekStartOf(date: string, weekStartsOn: number): string {
  return addDays(date, -((weekdayOf(date) - weekStartsOn + 7) % 7));
}

/** India's midnight starting `date`, as a moment. */
export function indiaMidnight(date: string): Date {
  return new Date(`${date}T00:00:00+05:30`);
}

const dayLabel = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** "Tue, 24 Nov". */
export function shortDayLabel(date: string): string {
  return dayLabel.format(new Date(`${date}T00:00:00Z`));
}

/** Minutes since India's midnight of a moment ("10:30" -> 630). */
export function indiaMinutes(moment: Date): number {
  const shifted = new Date(moment.getTime() + 330 * 60_000);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

/** "09:00" -> 540. */
export function clockMinutes(clock: string): number {
  const [h, m] = clock.split(":").map(Number) as [number, number];
  return h * 60 + m;
}

/** 540 -> "09:00" (a day's minutes, wrapped past midnight). */
export function minutesClock(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** India's date and clock of a moment (or an ISO string): ["2026-11-24", "10:00"]. */
export function indiaParts(moment: string | Date): [string, string] {
  const shifted = new Date(new Date(moment).getTime() + 330 * 60_000).toISOString();
  return [shifted.slice(0, 10), shifted.slice(11, 16)];
}
