import type { FormFailure } from "~/lib/forms/form-basics.ts";

/**
 * A form field's name with what a refused submission kept for it: the text typed (so nothing is lost) and
 * the message beside it. Spread onto TextField, TextArea or SelectField: `{...keptField(failure, "note")}`.
 */
export function keptField(failure: FormFailure | undefined, name: string): { name: string; defaultValue: string | undefined; error: string | undefined } {
  return { name, defaultValue: failure?.values[name], error: failure?.errors[name] };
}
