/** A form post's path through the server: reading it, checking it (honeypot, limits, schema) and answering it. */
import { data, redirect } from "react-router";
import type { z } from "zod";
import { noStore } from "~/.server/http/cache.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { fieldErrors, formValues } from "~/lib/forms/fields.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { BOT_MESSAGE, isBot } from "./honeypot.ts";
import { checkLimits } from "./rate-limit.ts";

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

export function clientAddress(context: { get(key: typeof clientAddressContext): string }): string {
  return context.get(clientAddressContext);
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
