import { useRef, useState, type FocusEvent, type FormEvent } from "react";
import type { z } from "zod";
import type { FormFailure } from "./form-basics.ts";

/**
 * A schema loader's server side. The browser's checks load their schema on demand, as a chunk of its own;
 * the server never runs them and imports the same schema statically for its own checks, where a dynamic
 * import could split nothing off (the build's INEFFECTIVE_DYNAMIC_IMPORT). So loaders are written
 * `import.meta.env.SSR ? onlyInBrowser() : import("~/lib/forms/...")`: the server build has no dynamic
 * import of the module, the browser's has no static one.
 */
export function onlyInBrowser(): Promise<never> {
  return Promise.reject(new Error("A form's browser checks run only in the browser."));
}

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") out[key] = value;
  return out;
}

function messageOf(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.success ? undefined : (result.error.issues[0]?.message ?? "Check this field.");
}

/**
 * Inline validation with the form's own Zod schema, the same one the server applies: a field is checked
 * when the visitor leaves it, and the whole form before it is sent; the server's answer (failure) replaces
 * what the browser found. The schema (with Zod and the phone-number rules) is loaded when the visitor first
 * enters the form, not with the page: pages with a form below the fold stay light.
 */
export function useValidatedForm(loadSchema: () => Promise<z.ZodObject>, failure: FormFailure | undefined) {
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  // A new answer from the server replaces what the browser found (state adjusted while rendering).
  const [answered, setAnswered] = useState(failure);
  if (failure !== answered) {
    setAnswered(failure);
    setErrors(failure?.errors ?? {});
  }
  // Set once the browser's checks have passed: the re-dispatched submit then goes through as a plain post.
  const checked = useRef(false);
  const [sending, setSending] = useState(false);

  function check(schema: z.ZodObject, name: string, value: unknown) {
    const field = schema.shape[name] as z.ZodType | undefined;
    if (!field) return;
    const message = messageOf(field.safeParse(value));
    setErrors((prev) => {
      if (prev[name] === message) return prev;
      const next = { ...prev };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }

  /** Validates everything; false (and the first wrong field focused) when the form must not be sent. */
  function validateAll(schema: z.ZodObject, form: HTMLFormElement): boolean {
    const result = schema.safeParse(valuesOf(form));
    if (result.success) {
      setErrors({});
      return true;
    }
    const next: Record<string, string> = {};
    for (const issue of result.error.issues) next[String(issue.path[0])] ??= issue.message;
    setErrors(next);
    const first = form.querySelector<HTMLElement>(Object.keys(next).map((n) => `[name="${CSS.escape(n)}"]`).join(","));
    first?.focus();
    return false;
  }

  return {
    errors,
    /** True once a checked form is on its way (the submit button is then disabled). */
    sending,
    /** Starts loading the schema as soon as the visitor is in the form. */
    onFocus() {
      void loadSchema();
    },
    onBlur(event: FocusEvent<HTMLFormElement>) {
      const target = event.target as unknown as HTMLInputElement;
      if (!target.name || target.type === "file" || target.type === "radio" || target.type === "checkbox") return;
      // Only a field the visitor has filled in, or one already marked wrong: tabbing through is not an error.
      if (target.value === "" && !errors[target.name]) return;
      const { name, value } = target;
      void loadSchema().then((schema) => check(schema, name, value));
    },
    onChange(event: FormEvent<HTMLFormElement>) {
      const target = event.target as unknown as HTMLInputElement;
      if ((target.type === "checkbox" || target.type === "radio") && errors[target.name]) {
        const { name } = target;
        const value = target.type === "checkbox" ? (target.checked ? target.value : undefined) : target.value;
        void loadSchema().then((schema) => check(schema, name, value));
      }
    },
    /**
     * Validates, then lets the browser post the form as it would without JavaScript (or hands it to send,
     * e.g. an upload with progress). A plain post needs none of the router's submission code on the page.
     */
    onSubmit(event: FormEvent<HTMLFormElement>, send?: (form: HTMLFormElement) => void) {
      if (checked.current) {
        checked.current = false;
        setSending(true);
        return;
      }
      event.preventDefault();
      const form = event.currentTarget;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void loadSchema().then((schema) => {
        if (!validateAll(schema, form)) return;
        if (send) return send(form);
        checked.current = true;
        // In a task of its own: while the browser is still dispatching this submit event (a schema already at
        // hand resolves within it), the form is "firing submission events" and ignores requestSubmit.
        setTimeout(() => form.requestSubmit(submitter), 0);
      });
    },
  };
}
