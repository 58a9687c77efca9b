import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { todayInIndia } from "./form-basics.ts";

/**
 * Field schemas that every form shares, so that a name, a mobile number or an e-mail address is checked,
 * normalised and explained the same way everywhere, in the browser and on the server.
 */

/** Control characters (other than tab and line breaks) have no place in typed text, and NUL cannot be stored. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_MESSAGE = "Please remove the unusual characters from this text.";

/** True when text holds a control character (other than tab and line breaks): NUL cannot even be stored. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** A required line of text, trimmed, with the message shown when it is missing. */
export function requiredText(missing: string, max = 200) {
  return z
    .string(missing)
    .trim()
    .min(1, missing)
    .max(max, `Please keep this under ${max} characters.`)
    .refine((v) => !CONTROL.test(v), CONTROL_MESSAGE);
}

/** Optional text: blank becomes undefined. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .refine((v) => !CONTROL.test(v), CONTROL_MESSAGE)
    .optional()
    .transform((v) => (v ? v : undefined));
}

/** An optional six-digit Indian PIN code: blank becomes undefined. */
export const optionalPincode = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().regex(/^\d{6}$/, "A PIN code has six digits.").optional());

/**
 * An Indian mobile number in any usual form (98480 12345, +91-98480-12345, 098480 12345), normalised to
 * +91 and ten digits. Mobile numbers in India's numbering plan start with 6, 7, 8 or 9.
 */
export const indianMobile = z
  .string("Enter your mobile number.")
  .trim()
  .min(1, "Enter your mobile number.")
  .max(20, "Enter a 10-digit Indian mobile number.")
  .transform((value, ctx) => {
    const phone = parsePhoneNumberFromString(value, "IN");
    const national = phone?.nationalNumber;
    if (!phone || phone.countryCallingCode !== "91" || !national || !/^[6-9]\d{9}$/.test(national)) {
      ctx.addIssue({ code: "custom", message: "Enter a 10-digit Indian mobile number, e.g. 98480 12345." });
      return z.NEVER;
    }
    return `+91${national}`;
  });

export const optionalEmail = z
  .string()
  .trim()
  .max(200, "Please keep this under 200 characters.")
  .optional()
  .transform((v) => (v ? v.toLowerCase() : undefined))
  .pipe(z.email("Enter a valid e-mail address, or leave it blank.").optional());

export const requiredEmail = z
  .string("Enter your e-mail address.")
  .trim()
  .min(1, "Enter your e-mail address.")
  .max(200, "Please keep this under 200 characters.")
  .transform((v) => v.toLowerCase())
  .pipe(z.email("Enter a valid e-mail address."));

/** The privacy-notice checkbox: browsers send "on" (or our value "yes") only when it is ticked. */
export const privacyConsent = z.literal(["yes", "on"], "Please agree to the privacy notice so that we can act on your request.");

/**
 * The form's one-time key, made when the form is shown (by the server on uncached pages, by the browser on
 * cached ones). A form sent without one (a cached page without JavaScript) gets a key made from its
 * content and the day on the server instead (see keyFor in ~/.server/forms).
 */
export const idempotencyKey = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.uuid("This form has expired. Please reload the page and send it again.").optional());

/** YYYY-MM-DD naming a real calendar day: 2031-04-31 and 2030-02-29 do not (Date would roll them over). */
function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const day = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(v);
}

export const optionalFutureDate = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  // A real calendar day: 2031-04-31 and 2030-02-29 are not (Date would roll them over).
  .refine((v) => v === undefined || isCalendarDay(v), "Enter a valid date.")
  .refine((v) => v === undefined || v >= todayInIndia(), "The preferred date cannot be in the past.")
  .refine((v) => v === undefined || v <= "2100-01-01", "Enter a valid date.");

/** The first message for each field, keyed by the field's name: what the form shows beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** FormData as a plain object of strings (files and repeated keys are read separately). */
export function formValues(form: FormData, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fields) {
    const value = form.get(name);
    if (typeof value === "string") out[name] = value;
  }
  return out;
}

