import type { ReactNode } from "react";
import { FieldIdPrefix, FormError } from "~/components/form/fields.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import type { FormFailure } from "~/lib/forms/form-basics.ts";

/**
 * One of a record page's action forms (a service request's, a bench job's): a panel under its own heading
 * holding a plain POST with its intent and the record's version, so a change made meanwhile is refused.
 * Field ids are prefixed with the intent, as several forms on the page ask for the same field. Only the
 * failure of this intent shows here; `formErrors` names the messages about the whole form it shows.
 */
export function IntentFormPanel({
  intent,
  title,
  version,
  failure,
  button,
  submitClass = buttonClass(),
  intro,
  multipart,
  formErrors = ["form"],
  children,
}: {
  intent: string;
  title: string;
  version: number;
  failure: FormFailure | undefined;
  button: string;
  submitClass?: string;
  intro?: ReactNode;
  multipart?: boolean;
  formErrors?: readonly string[];
  children: ReactNode;
}) {
  const mine = failure?.intent === intent ? failure : undefined;
  const heading = `${intent}-heading`;
  return (
    <section aria-labelledby={heading} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={heading} className="text-lg font-semibold">
        {title}
      </h3>
      {intro && <div className="mt-1 text-sm text-slate-700 dark:text-slate-300">{intro}</div>}
      <form method="post" encType={multipart ? "multipart/form-data" : undefined} aria-labelledby={heading} className="mt-3 space-y-4">
        <FormError message={formErrors.map((key) => mine?.errors[key]).find(Boolean)} />
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="version" value={version} />
        <FieldIdPrefix.Provider value={`${intent}-`}>{children}</FieldIdPrefix.Provider>
        <button type="submit" className={submitClass}>
          {button}
        </button>
      </form>
    </section>
  );
}
