import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { staffOf, type StaffMember } from "~/.server/auth/staff.ts";
import { idParam } from "~/.server/http/params.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure, type refuse } from "~/.server/forms/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";

/**
 * A record page's action (ADR 062): the posted `intent` picks one step, an intent the page does not draw is
 * refused as out of date, the step's schema parses the form (messages beside the fields, what was typed kept),
 * its change runs, and the change's result is the answer: a 404 when the record is gone, the form again with
 * the refusal beside its field, or back to the page with the result said once. Every record screen's action
 * was this same prologue and epilogue around its own changes; a route now names only its steps.
 */

/** The refusal of a post whose intent the page does not draw (an old tab, a hand-made post). */
export const OUT_OF_DATE = "This form is out of date: reload the page and try again.";

/** What a route's action answers: a redirect, or the form again (400, or 200 for a form drawn on purpose). */
export type ActionAnswer = Response | ReturnType<typeof refuse<FormFailure>>;

/** What a change answers, as every domain's changes do (ChangeResult and its cousins). */
export type ChangeAnswer =
  | { ok: true; message: string }
  | { ok: false; reason: "not-found" }
  | ({ ok: false; reason?: string; field?: string; message: string } & object);

/** Where the page stands: the URL (for the 404) and the page a done change returns to. */
export interface ActionPage {
  url: URL;
  back: string;
}

/** One intent's step: answers the post itself (see `step` for the usual one). */
export type IntentStep = (form: FormData, page: ActionPage) => Promise<ActionAnswer>;

/**
 * The answer for a change's result: 404 when the record is gone; a refusal beside its field with its extra
 * data (the record that already exists); or back to `back` with the message.
 */
export async function answerChange(form: FormData, page: ActionPage, result: ChangeAnswer): Promise<ActionAnswer> {
  if (!result.ok && "reason" in result && result.reason === "not-found") return throwNotFound(page.url);
  if (!result.ok) {
    const { ok: _ok, reason: _reason, field, message, ...extra } = result as { ok: false; reason?: string; field?: string; message: string };
    return refuseForm(form, message, field ?? "form", Object.keys(extra).length > 0 ? extra : undefined);
  }
  return redirectWithFlash(page.back, { type: "success", message: result.message });
}

/**
 * The usual step: the form parsed with `schema`, then `run` with its data, answered by answerChange (back to
 * `back` when the change leaves the page, e.g. a removal back to the list).
 */
export function step<S extends z.ZodType>(schema: S, run: (data: z.output<S>) => Promise<ChangeAnswer>, back?: string): IntentStep {
  return async (form, page) => {
    const parsed = parseForm(form, schema);
    if (parsed.refusal) return parsed.refusal;
    return answerChange(form, back ? { ...page, back } : page, await run(parsed.data));
  };
}

/** The record page's action: the step the form's intent names, or the out-of-date refusal. */
export async function intentAction(form: FormData, page: ActionPage, steps: Record<string, IntentStep>): Promise<ActionAnswer> {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(steps, intent)) return refuseForm(form, OUT_OF_DATE);
  return steps[intent]!(form, page);
}

/** One step for each of `intents`: the state buttons (publish and unpublish, archive and restore). */
export function eachIntent(intents: readonly string[], step: IntentStep): Record<string, IntentStep> {
  return Object.fromEntries(intents.map((intent) => [intent, step]));
}

/**
 * The action of a record page at `/admin/<screen>/{id}`: the staff member and the id (a malformed one is a
 * 404), then intentAction with the steps made for them, back to `pathOf(id)`.
 */
export async function recordAction(
  { request, url, params, context }: { request: Request; url: URL; params: { id?: string }; context: Readonly<RouterContextProvider> },
  pathOf: (id: number) => string,
  steps: (staff: StaffMember, id: number) => Record<string, IntentStep>,
): Promise<ActionAnswer> {
  const staff = staffOf(context);
  const id = await idParam(params.id, url);
  return intentAction(await readForm(request), { url, back: pathOf(id) }, steps(staff, id));
}
