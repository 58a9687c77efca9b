import { data, redirect } from "react-router";
import type { z } from "zod";
import { noStore } from "~/.server/http/cache.ts";
import { flashCookie, type Flash } from "./flash.ts";

/**
 * The one form pattern for staff actions: the action reads the posted form, validates it with the form's
 * Zod schema (shared with the browser), and either returns 400 with a message per field (the page shows
 * each beside its field, with what was typed kept: returned, not thrown, because a thrown response would
 * replace the form with the error page) or gets typed data. A successful action redirects (303) with a
 * flash message, so a reload never posts twice. Not-found and forbidden are thrown (error boundary).
 */
export interface FormErrors {
  /** Messages by field name; "form" for one about the whole form. */
  errors: Record<string, string>;
  values: Record<string, string>;
  intent?: string;
}

export type Parsed<T> = { data: T; refusal?: undefined } | { data?: undefined; refusal: ReturnType<typeof refusal> };

export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

function valuesOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "version") values[key] = value.slice(0, 5000);
  return values;
}

function refusal(errors: Record<string, string>, form: FormData) {
  const intent = form.get("intent");
  return data({ errors, values: valuesOf(form), intent: typeof intent === "string" ? intent : undefined } satisfies FormErrors, {
    status: 400,
    headers: noStore(),
  });
}

/** Validates form against schema: the typed data, or the 400 to return with a message per field. */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S): Parsed<z.output<S>> {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) {
    const all = form.getAll(key).filter((v): v is string => typeof v === "string");
    raw[key] = all.length > 1 ? all : all[0];
  }
  const result = schema.safeParse(raw);
  if (result.success) return { data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    errors[key] ??= issue.message;
  }
  return { refusal: refusal(errors, form) };
}

/** A refusal that is not about one field (the record changed meanwhile, a state that no longer allows it). */
export function refuseForm(form: FormData, message: string, field = "form") {
  return refusal({ [field]: message }, form);
}

/** After a successful staff action: back to a page, with the result said once there. */
export function redirectWithFlash(to: string, flash: Flash): Response {
  return redirect(to, { status: 303, headers: { ...noStore(), "Set-Cookie": flashCookie(flash) } });
}
