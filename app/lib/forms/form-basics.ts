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

/**
 * What an action answers when a submission is refused, on every page (public, portals, back office): messages
 * beside fields, and what was typed. A page may add data of its own (the record that already exists).
 */
export interface FormFailure {
  /** Messages by field name; "form" for one about the whole form (rate limit, expired form, changed meanwhile). */
  errors: Record<string, string>;
  values: Record<string, string>;
  /** Ticked boxes: every value of each field sent once per ticked box, by name ([] when none was ticked). */
  lists?: Record<string, string[]>;
  /** Which form it was, on a public page with more than one (its hidden form field). */
  form?: string;
  /** The intent that sent it: which of a staff page's forms and actions it was. */
  intent?: string;
}
