/**
 * What forms share between server and browser that needs no validation library: the browser loads Zod
 * and the schemas only when a visitor starts filling a form in (see use-validated-form.ts).
 */

/** Today in India (IST), as YYYY-MM-DD: what "not in the past" means for a preferred date. */
export function todayInIndia(now = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * The honeypot: a field hidden from people (and from assistive technology) that simple bots fill in.
 * Its name is one that browsers' autofill does not recognise.
 */
export const HONEYPOT_FIELD = "fax_number_2";

/** What an action answers when a submission is refused: messages beside fields, and what was typed. */
export interface FormFailure {
  errors: Record<string, string>;
  values: Record<string, string>;
  /** A message for the whole form (rate limit, expired form, unreadable upload). */
  formError?: string;
  /** Which form it was, on a page with more than one. */
  form?: string;
}
