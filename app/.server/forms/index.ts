import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { data, redirect } from "react-router";
import { getServerConfig } from "~/.server/config.ts";
import { noStore } from "~/.server/http/cache.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import type { z } from "zod";
import { fieldErrors, formValues } from "~/lib/forms/fields.ts";
import { HONEYPOT_FIELD, type FormFailure } from "~/lib/forms/form-basics.ts";

/**
 * What every public form's action shares: reading the post, the honeypot, rate limits, and the signed
 * receipt link. Validation itself is the form's Zod schema (~/lib/forms), shared with the browser.
 */

export type { FormFailure } from "~/lib/forms/form-basics.ts";

/** Refuses the submission: 400 (or 429) with messages beside the fields and what was typed, never a 500. */
export function refuse(failure: FormFailure, status = 400, headers?: HeadersInit) {
  return data(failure, { status, headers: { ...noStore(), ...headers } });
}

/** The posted form, or undefined when the body is not a readable form (malformed multipart, wrong type). */
export async function readForm(request: Request): Promise<FormData | undefined> {
  try {
    return await request.formData();
  } catch {
    return undefined;
  }
}

export const UNREADABLE_FORM = "The form could not be read. Please try again, or call us.";

/** True when the hidden honeypot field was filled in: a bot, not a person. */
export function isBot(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value !== "string" || value !== "";
}

// ── Rate limits ──────────────────────────────────────────────────────────────────────────────────
// Fixed windows in this process's memory: the embedded database allows one process, and on PostgreSQL
// each instance limits on its own (documented in ADR 008). Old windows are swept as they expire.

interface Window {
  count: number;
  resetAt: number;
}
const windows = new Map<string, Window>();
let lastSweep = 0;

function sweep(now: number) {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
}

export interface Limit {
  /** At most this many submissions... */
  max: number;
  /** ...per window of this many milliseconds. */
  windowMs: number;
}

/** Per visitor address and per mobile number. Generous for people, tight for scripts. */
export const FORM_LIMITS = {
  perAddress: { max: 10, windowMs: 10 * 60_000 },
  perMobile: { max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Counts one submission against key; returns the seconds to wait when the limit is already used up. */
export function takeToken(key: string, limit: Limit, now = Date.now()): number | undefined {
  sweep(now);
  const w = windows.get(key);
  if (!w || w.resetAt <= now) {
    windows.set(key, { count: 1, resetAt: now + limit.windowMs });
    return undefined;
  }
  if (w.count >= limit.max) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  w.count += 1;
  return undefined;
}

/** Forgets every window (tests). */
export function resetRateLimits(): void {
  windows.clear();
}

export function clientAddress(context: { get(key: typeof clientAddressContext): string }): string {
  return context.get(clientAddressContext);
}

export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** What a form's post comes to: the page to go to next, or a refusal to show beside the fields. */
export type PostOutcome =
  | { ok: true; location: string }
  | { ok: false; status: 400 | 429; failure: FormFailure; retryAfter?: number };

/** The route's answer to an outcome: 303 to the receipt, or the form again with its messages. */
export function respond(outcome: PostOutcome) {
  if (outcome.ok) return redirect(outcome.location, 303);
  return refuse(outcome.failure, outcome.status, outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined);
}

/**
 * A 400 with the failure. A message about a hidden field (the form's key, or the service a quick request
 * carries) goes to the whole form, where the visitor can see it.
 */
export function refusal(failure: FormFailure, hiddenFields: readonly string[] = ["idempotencyKey"]): PostOutcome {
  const hidden = hiddenFields.map((f) => failure.errors[f]).find(Boolean);
  return { ok: false, status: 400, failure: hidden && !failure.formError ? { ...failure, formError: hidden } : failure };
}

/**
 * Counts a submission of form against the visitor's address and, once known, the mobile number; the 429
 * outcome says when to try again and gives the phone for anything urgent.
 */
export async function checkLimits(
  form: string,
  address: string,
  mobile: string | undefined,
  values: Record<string, string>,
): Promise<PostOutcome | undefined> {
  const wait =
    takeToken(`${form}:address:${address}`, FORM_LIMITS.perAddress) ??
    (mobile ? takeToken(`${form}:mobile:${mobile}`, FORM_LIMITS.perMobile) : undefined);
  if (wait === undefined) return undefined;
  const phone = formatIndianPhone((await getSiteSettings()).identity.supportPhone);
  return {
    ok: false,
    status: 429,
    retryAfter: wait,
    failure: {
      errors: {},
      values,
      formError: `Too many submissions from here. Please try again in ${waitText(wait)}, or call us on ${phone} if it is urgent.`,
    },
  };
}

export const BOT_MESSAGE = "Your form could not be sent. Please call us instead.";

export interface CheckOptions {
  /** The rate limits' name: posts of forms sharing it count together. */
  limit: string;
  /** The field holding the mobile number that the per-number limit counts. */
  mobileField?: string;
  /** Fields without a control of their own: their messages go to the whole form. */
  hiddenFields?: readonly string[];
  /** The form's name on a page with several, so that the page shows the refusal beside the right one. */
  form?: string;
  /** Messages found outside the schema (a missing file), shown together with the schema's. */
  extraErrors?: Record<string, string>;
}

export type Checked<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; outcome: PostOutcome };

/**
 * What every public form's post goes through, in order: keep what was typed, turn bots away, count it
 * against the limits, and validate it with the form's schema (the one the browser uses too).
 */
export async function checkForm<S extends z.ZodObject>(
  form: FormData | undefined,
  address: string,
  schema: S,
  options: CheckOptions,
): Promise<Checked<z.output<S>>> {
  const { limit, mobileField = "mobile", hiddenFields = ["idempotencyKey"], extraErrors = {} } = options;
  const failed = (failure: Omit<FormFailure, "form">): Checked<never> => ({
    ok: false,
    outcome: refusal({ ...failure, form: options.form }, hiddenFields),
  });
  if (!form) return failed({ errors: {}, values: {}, formError: UNREADABLE_FORM });
  const values = formValues(form, Object.keys(schema.shape));
  if (isBot(form)) return failed({ errors: {}, values, formError: BOT_MESSAGE });
  const parsed = schema.safeParse(values);
  const mobile = parsed.success ? (parsed.data as Record<string, unknown>)[mobileField] : undefined;
  const limited = await checkLimits(limit, address, typeof mobile === "string" ? mobile : undefined, values);
  if (limited && !limited.ok) return { ok: false, outcome: { ...limited, failure: { ...limited.failure, form: options.form } } };
  const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...extraErrors };
  if (!parsed.success || Object.keys(errors).length > 0) return failed({ errors, values });
  return { ok: true, data: parsed.data, values };
}

/**
 * The submission's idempotency key: the form's own, or, for a form sent without one, a hash of what was
 * typed and the day in India, so that sending the same form twice still makes one record.
 */
export function keyFor(formName: string, given: string | undefined, values: Record<string, unknown>): string {
  if (given) return given;
  const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const content = JSON.stringify(Object.entries(values).filter(([k]) => k !== "idempotencyKey").sort());
  return `content:${createHash("sha256").update(`${formName}|${day}|${content}`).digest("base64url")}`;
}

// ── Signed receipts ──────────────────────────────────────────────────────────────────────────────
// The thank-you page shows a request's summary, so its link carries a signature only our server can make:
// a guessed reference shows nothing.

export function signReference(reference: string): string {
  return createHmac("sha256", getServerConfig().sessionSecret).update(`receipt:${reference}`).digest("base64url").slice(0, 22);
}

export function verifyReference(reference: string, signature: string): boolean {
  const expected = Buffer.from(signReference(reference));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function receiptPath(reference: string): string {
  return `/thank-you?ref=${encodeURIComponent(reference)}&sig=${signReference(reference)}`;
}
