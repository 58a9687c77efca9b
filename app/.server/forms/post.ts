/**
 * The one path of a form post through the server, for public, portal and staff forms alike: read it, check it
 * (with the guards the form asks for: honeypot, rate limits), validate it with the form's Zod schema (the one
 * the browser uses too) and answer it: typed data, or a refusal of one shape (FormFailure) that the page shows
 * beside its fields, with what was typed kept.
 */
import { data, redirect } from "react-router";
import type { z } from "zod";
import { flashCookie, type Flash } from "~/.server/admin/flash.ts";
import { noStore } from "~/.server/http/cache.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { fieldErrors, formValues } from "~/lib/forms/fields.ts";
import { HONEYPOT_FIELD, type FormFailure } from "~/lib/forms/form-basics.ts";
import { BOT_MESSAGE, isBot } from "./honeypot.ts";
import { checkLimits } from "./rate-limit.ts";

export type { FormFailure } from "~/lib/forms/form-basics.ts";

export const UNREADABLE_FORM = "The form could not be read. Please try again, or call us.";

// A body that is not a readable form (malformed multipart, wrong type) reads as an empty form marked here:
// callers read fields without a check, and the pipeline answers it with UNREADABLE_FORM, never a 500.
const unreadable = new WeakSet<FormData>();

/** The posted form; an empty one, which isUnreadable recognises, when the body is not a readable form. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    const empty = new FormData();
    unreadable.add(empty);
    return empty;
  }
}

export function isUnreadable(form: FormData): boolean {
  return unreadable.has(form);
}

export function clientAddress(context: { get(key: typeof clientAddressContext): string }): string {
  return context.get(clientAddressContext);
}

/** Refuses the submission: 400 (or 429) with messages beside the fields and what was typed, never a 500. */
export function refuse<F extends FormFailure>(failure: F, status = 400, headers?: HeadersInit) {
  return data(failure, { status, headers: { ...noStore(), ...headers } });
}

/** How what was typed is put back into a refused form. */
export interface Echo {
  /** Put back only these fields, one value each (a form whose hidden fields must not come back twice). */
  fields?: readonly string[];
  /** Fields sent once per ticked box: all their values go back in `lists` ([] when none is ticked). */
  lists?: readonly string[];
  /** Never put back: a one-time code, a stored secret, a key the page makes anew. */
  omit?: readonly string[];
}

/**
 * What was typed, to put back in the fields: every text field but the record's version and the honeypot (or
 * only echo.fields), without echo.omit; the ticked boxes of echo.lists as lists.
 */
function typedValues(form: FormData, echo: Echo = {}): Pick<FormFailure, "values" | "lists"> {
  const { fields, lists = [], omit = [] } = echo;
  const skip = (key: string) => omit.includes(key) || lists.includes(key) || (fields ? !fields.includes(key) : key === "version" || key === HONEYPOT_FIELD);
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !skip(key) && !(fields && key in values)) values[key] = value.slice(0, 20_000);
  if (lists.length === 0) return { values };
  const ticked = Object.fromEntries(lists.map((name) => [name, form.getAll(name).filter((v): v is string => typeof v === "string").map((v) => v.slice(0, 200))]));
  return { values, lists: ticked };
}

function intentOf(form: FormData): string | undefined {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : undefined;
}

/**
 * The 400 for a form refused after its schema passed (the record changed meanwhile, a name already taken):
 * the message beside field ("form" for the whole form), what was typed, the intent that sent it, and any
 * extra data the page shows with it (the record that already exists).
 */
export function refuseForm<X extends object = object>(form: FormData, message: string, field = "form", extra?: X) {
  return refuseFields(form, { [field]: message }, { extra });
}

/**
 * refuseForm with several messages, what was typed put back as echo says, and a status other than 400 (429
 * past a limit; 200 for a form shown again on purpose with nothing refused: more line rows, the next step)
 * or headers to send.
 */
export function refuseFields<X extends object = object>(
  form: FormData,
  errors: Record<string, string>,
  options: Echo & { extra?: X; status?: 200 | 400 | 429; headers?: HeadersInit } = {},
) {
  return refuse({ errors, ...typedValues(form, options), intent: intentOf(form), ...options.extra } as FormFailure & X, options.status, options.headers);
}

/** After a successful staff action: back to a page, with the result said once there. */
export function redirectWithFlash(to: string, flash: Flash): Response {
  return redirect(to, { status: 303, headers: { ...noStore(), "Set-Cookie": flashCookie(flash) } });
}

/** A message about a field without a control of its own goes to the whole form, where it can be seen. */
function showHidden(failure: FormFailure, hiddenFields: readonly string[]): FormFailure {
  return { ...failure, errors: withHidden(failure.errors, hiddenFields) };
}

function withHidden(errors: Record<string, string>, hiddenFields: readonly string[]): Record<string, string> {
  const hidden = hiddenFields.map((f) => errors[f]).find(Boolean);
  return hidden && !errors.form ? { ...errors, form: hidden } : errors;
}

export interface ParseOptions<X extends object = object> extends Echo {
  /**
   * Validate only these fields, one value each (the public forms: a repeated field is not a list there), and
   * put back only them. Without it every posted field is validated, a repeated one as a list.
   */
  fields?: readonly string[];
  /** Data the page shows with the refusal (the line rows as typed, the step a form is at). */
  extra?: X;
  /** Fields without a control of their own: their messages go to the whole form. */
  hiddenFields?: readonly string[];
  /** The form's name on a page with several, so that the page shows the refusal beside the right one. */
  form?: string;
  /** Messages found outside the schema (a missing file, a line row), shown together with the schema's. */
  extraErrors?: Record<string, string>;
}

export type Parsed<T, X extends object = object> =
  | { data: T; values: Record<string, string>; refusal?: undefined; failure?: undefined }
  | { data?: undefined; refusal: ReturnType<typeof refuse<FormFailure & X>>; failure: FormFailure & X };

/** Validates form against schema: the typed data, or the 400 to return with a message per field. */
export function parseForm<S extends z.ZodType, X extends object = object>(form: FormData, schema: S, options: ParseOptions<X> = {}): Parsed<z.output<S>, X> {
  const { fields, hiddenFields = ["idempotencyKey"], extraErrors = {} } = options;
  const typed = typedValues(form, options);
  const fail = (errors: Record<string, string>) => {
    const failure = { ...showHidden({ errors, ...typed, intent: intentOf(form), ...(options.form ? { form: options.form } : {}) }, hiddenFields), ...options.extra } as FormFailure & X;
    return { refusal: refuse(failure), failure };
  };
  if (isUnreadable(form)) return fail({ form: UNREADABLE_FORM });
  let input: Record<string, unknown>;
  if (fields) input = formValues(form, fields);
  else {
    input = {};
    for (const key of new Set(form.keys())) {
      const all = form.getAll(key).filter((v): v is string => typeof v === "string");
      input[key] = all.length > 1 ? all : all[0];
    }
  }
  const result = schema.safeParse(input);
  if (result.success && Object.keys(extraErrors).length === 0) return { data: result.data, values: typed.values };
  // The messages found outside the schema go beside their fields; the schema's about the whole form comes first.
  const errors = withHidden(result.success ? {} : fieldErrors(result.error), hiddenFields);
  return fail({ ...errors, ...extraErrors, ...(errors.form ? { form: errors.form } : {}) });
}

/** What a public form's post comes to: the page to go to next, or a refusal to show beside the fields. */
export type PostOutcome =
  | { ok: true; location: string }
  | { ok: false; status: 400 | 429; failure: FormFailure; retryAfter?: number };

/** The route's answer to an outcome: 303 to the receipt, or the form again with its messages. */
export function respond(outcome: PostOutcome) {
  if (outcome.ok) return redirect(outcome.location, 303);
  return refuse(outcome.failure, outcome.status, outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined);
}

/** A 400 with the failure; a message about a hidden field (the form's key) goes to the whole form. */
export function refusal(failure: FormFailure, hiddenFields: readonly string[] = ["idempotencyKey"]): PostOutcome {
  return { ok: false, status: 400, failure: showHidden(failure, hiddenFields) };
}

export interface CheckOptions extends Omit<ParseOptions, "fields"> {
  /** Guard: the rate limits' name (posts of forms sharing it count together), and the visitor's address. */
  limit?: { name: string; address: string; /** The field holding the mobile number the per-number limit counts. */ mobileField?: string };
  /** Guard: turn away a form whose hidden honeypot field was filled in (on unless false). */
  honeypot?: boolean;
}

export type Checked<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; outcome: PostOutcome };

/**
 * parseForm with the guards a form open to anyone needs, in order: turn bots away, count the post against
 * the limits, and validate it. (The Origin check is every POST's, in server.ts; the idempotency key is a
 * schema field, see keyFor.)
 */
export async function checkForm<S extends z.ZodObject>(form: FormData, schema: S, options: CheckOptions = {}): Promise<Checked<z.output<S>>> {
  const { limit, honeypot = true, hiddenFields = ["idempotencyKey"] } = options;
  const failed = (failure: FormFailure): Checked<never> => ({ ok: false, outcome: refusal({ ...failure, form: options.form }, hiddenFields) });
  if (isUnreadable(form)) return failed({ errors: { form: UNREADABLE_FORM }, values: {} });
  const fields = Object.keys(schema.shape);
  const values = formValues(form, fields);
  if (honeypot && isBot(form)) return failed({ errors: { form: BOT_MESSAGE }, values });
  const parsed = parseForm(form, schema, { ...options, fields });
  if (limit) {
    const mobile = parsed.data ? (parsed.data as Record<string, unknown>)[limit.mobileField ?? "mobile"] : undefined;
    const limited = await checkLimits(limit.name, limit.address, typeof mobile === "string" ? mobile : undefined, values);
    if (limited && !limited.ok) return { ok: false, outcome: { ...limited, failure: { ...limited.failure, form: options.form } } };
  }
  if (parsed.failure) return { ok: false, outcome: { ok: false, status: 400, failure: parsed.failure } };
  return { ok: true, data: parsed.data, values };
}
