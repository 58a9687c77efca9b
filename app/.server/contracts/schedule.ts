import { addDays, addMonths } from "~/lib/forms/admin/contracts.ts";

/**
 * A contract's calendar: its preventive visits and its billing dates, made once when the contract is made (and
 * again on an edit while none of them has been acted on). Pure: dates are YYYY-MM-DD calendar days.
 */

/** The most rows one contract's calendar may have (five years of weekly visits is 261). */
const MAX_ROWS = 400;

/**
 * The visits spread evenly over the period, the first on the start date. A number of visits a year that
 * divides 12 goes by calendar months (4 -> every 3 months, 12 -> monthly, each counted from the start so the
 * days never drift: 31 Jan, 28 Feb, 31 Mar); any other by days (52 -> every 7 days, 5 -> every 73).
 * A period of two years gets twice the visits; a shorter one fewer (but always the first).
 */
export function visitDates(startsOn: string, endsOn: string, visitsPerYear: number): string[] {
  if (!Number.isInteger(visitsPerYear) || visitsPerYear < 1) throw new RangeError(`visitsPerYear must be a whole number of 1 or more; got ${visitsPerYear}`);
  const dates: string[] = [];
  const byMonths = 12 % visitsPerYear === 0;
  for (let k = 0; k < MAX_ROWS; k++) {
    const due = byMonths ? addMonths(startsOn, (k * 12) / visitsPerYear) : addDays(startsOn, Math.round((k * 365) / visitsPerYear));
    if (due > endsOn) break;
    dates.push(due);
  }
  return dates;
}

export interface BillingDate {
  seq: number;
  dueOn: string;
  /** Before GST. */
  amountPaise: number;
}

/**
 * The billing dates. In advance: one, on the start date, for the full price. Quarterly: one every three
 * months from the start while within the period (four for a year's contract), in equal parts of the price;
 * the paise that do not divide go on the last, so the parts add up to the price exactly.
 */
export function billingDates(startsOn: string, endsOn: string, billing: "advance" | "quarterly", pricePaise: number): BillingDate[] {
  if (!Number.isSafeInteger(pricePaise) || pricePaise <= 0) throw new RangeError(`pricePaise must be a positive whole number; got ${pricePaise}`);
  if (billing === "advance") return [{ seq: 1, dueOn: startsOn, amountPaise: pricePaise }];
  const dates: string[] = [];
  for (let k = 0; k < MAX_ROWS; k++) {
    const due = addMonths(startsOn, 3 * k);
    if (due > endsOn) break;
    dates.push(due);
  }
  const part = Math.floor(pricePaise / dates.length);
  return dates.map((dueOn, i) => ({ seq: i + 1, dueOn, amountPaise: i === dates.length - 1 ? pricePaise - part * (dates.length - 1) : part }));
}

/** "Apr 2026 - Jun 2026": the months a billing covers (to the next billing date, or the end), for its invoice line. */
export function billingPeriod(dueOn: string, nextDueOn: string | undefined, endsOn: string): string {
  const last = nextDueOn ? addDays(nextDueOn, -1) : endsOn;
  return `${formatDay(dueOn)} to ${formatDay(last)}`;
}

const dayFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** "2026-04-01" -> "1 Apr 2026". */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
