import { createContext, useContext, type ReactNode } from "react";
import { HONEYPOT_FIELD } from "~/lib/forms/form-basics.ts";

/**
 * Form controls with their label, hint and error message wired together: the message sits beside the
 * field, is announced (aria-describedby + aria-invalid), and the field keeps what was typed.
 */

const control =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 dark:bg-slate-900 dark:text-slate-100";
const okBorder = "border-slate-300 dark:border-slate-600";
const badBorder = "border-red-700 dark:border-red-400";

export interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  defaultValue?: string;
}

/** Prefixes the ids of the fields inside it: two forms on one page may both have a "name" field. */
export const FieldIdPrefix = createContext("");

/** The id of the field `name` inside the current FieldIdPrefix. */
export function useFieldId(name: string): string {
  return `${useContext(FieldIdPrefix)}${name}`;
}

function describedBy(name: string, error?: string, hint?: ReactNode) {
  return [hint ? `${name}-hint` : "", error ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined;
}

function Label({ name, label, required }: { name: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={useFieldId(name)} className="block font-medium">
      {label}
      {required ? (
        <span className="text-red-700 dark:text-red-400" aria-hidden="true">
          {" "}
          *
        </span>
      ) : (
        <span className="text-sm font-normal text-slate-600 dark:text-slate-400"> (optional)</span>
      )}
    </label>
  );
}

/** A field's message, beside it: the control (or its fieldset) names `{id}-error` in aria-describedby. */
export function FieldError({ id, message }: { id?: string; message?: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** A field's hint under it, named by `{id}-hint`. */
export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

function HintAndError({ name: field, error, hint }: { name: string; error?: string; hint?: ReactNode }) {
  const name = useFieldId(field);
  return (
    <>
      <FieldHint id={`${name}-hint`}>{hint}</FieldHint>
      <FieldError id={`${name}-error`} message={error} />
    </>
  );
}

/** What a control needs to be tied to its hint and message. */
export interface FieldAria {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A label, a control of the caller's own (a select with computed options, a box with its own class) and its
 * hint and message, wired the same way as the fields above: the control gets its id, aria-invalid and
 * aria-describedby from the render function.
 */
export function Field({
  id,
  label,
  labelClassName = "block font-medium",
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  labelClassName?: string;
  hint?: ReactNode;
  error?: string | undefined;
  children: (aria: FieldAria) => ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, error, hint) })}
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  inputMode,
  min,
  maxLength,
  ...p
}: FieldProps & {
  type?: "text" | "tel" | "email" | "date";
  autoComplete?: string;
  inputMode?: "tel" | "email" | "text" | "numeric";
  min?: string;
  maxLength?: number;
}) {
  const id = useFieldId(p.name);
  return (
    <div>
      <Label name={p.name} label={p.label} required={p.required} />
      <input
        id={id}
        name={p.name}
        type={type}
        defaultValue={p.defaultValue}
        autoComplete={autoComplete}
        inputMode={inputMode}
        min={min}
        maxLength={maxLength}
        aria-required={p.required || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.error, p.hint)}
        className={`${control} ${p.error ? badBorder : okBorder}`}
      />
      <HintAndError name={p.name} error={p.error} hint={p.hint} />
    </div>
  );
}

export function TextArea({ rows = 5, maxLength, ...p }: FieldProps & { rows?: number; maxLength?: number }) {
  const id = useFieldId(p.name);
  return (
    <div>
      <Label name={p.name} label={p.label} required={p.required} />
      <textarea
        id={id}
        name={p.name}
        rows={rows}
        defaultValue={p.defaultValue}
        maxLength={maxLength}
        aria-required={p.required || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.error, p.hint)}
        className={`${control} ${p.error ? badBorder : okBorder}`}
      />
      <HintAndError name={p.name} error={p.error} hint={p.hint} />
    </div>
  );
}

export function SelectField({
  options,
  placeholder,
  ...p
}: FieldProps & { placeholder: string; options: Array<{ group: string; items: Array<{ value: string; label: string }> }> }) {
  const id = useFieldId(p.name);
  return (
    <div>
      <Label name={p.name} label={p.label} required={p.required} />
      <select
        id={id}
        name={p.name}
        defaultValue={p.defaultValue ?? ""}
        aria-required={p.required || undefined}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.error, p.hint)}
        className={`${control} ${p.error ? badBorder : okBorder}`}
      >
        <option value="">{placeholder}</option>
        {options.map((g) => (
          <optgroup key={g.group} label={g.group}>
            {g.items.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <HintAndError name={p.name} error={p.error} hint={p.hint} />
    </div>
  );
}

export function RadioGroup({
  options,
  ...p
}: FieldProps & { options: ReadonlyArray<{ value: string; label: string; hint?: string }> }) {
  const errorBase = useFieldId(p.name);
  return (
    <fieldset aria-describedby={p.error ? `${errorBase}-error` : undefined}>
      <legend className="font-medium">
        {p.label}
        {p.required && (
          <span className="text-red-700 dark:text-red-400" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-start gap-2 rounded-md border p-3 has-checked:border-brand-700 has-checked:bg-brand-50 dark:has-checked:border-sky-400 dark:has-checked:bg-slate-800 ${p.error ? badBorder : okBorder}`}
          >
            <input
              type="radio"
              name={p.name}
              value={o.value}
              defaultChecked={p.defaultValue === o.value}
              aria-invalid={p.error ? true : undefined}
              className="mt-1 size-4"
            />
            <span>
              <span className="block font-medium">{o.label}</span>
              {o.hint && <span className="block text-sm text-slate-600 dark:text-slate-400">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      <HintAndError name={p.name} error={p.error} />
    </fieldset>
  );
}

export function FileField({ accept, multiple, ...p }: FieldProps & { accept: string; multiple?: boolean }) {
  const id = useFieldId(p.name);
  return (
    <div>
      <Label name={p.name} label={p.label} required={p.required} />
      <input
        id={id}
        name={p.name}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy(id, p.error, p.hint)}
        className="mt-1 block w-full text-base file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:font-semibold dark:file:bg-slate-700"
      />
      <HintAndError name={p.name} error={p.error} hint={p.hint} />
    </div>
  );
}

/** The privacy-notice consent (DPDP Act: consent at collection, recorded with the notice's version). */
export function ConsentField({ error, purpose }: { error?: string; purpose: string }) {
  const consentId = useFieldId("consent");
  return (
    <div>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          name="consent"
          value="yes"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${consentId}-error` : undefined}
          className="mt-1 size-5 shrink-0"
        />
        <span>
          I agree that my details are used {purpose}, as described in the{" "}
          <a href="/privacy" target="_blank" className="font-medium text-brand-700 underline dark:text-sky-300">
            privacy notice
          </a>
          . I can withdraw this consent at any time.
        </span>
      </label>
      <HintAndError name="consent" error={error} />
    </div>
  );
}

/** Hidden from people and assistive technology; bots that fill every field fill this one too. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={useFieldId(HONEYPOT_FIELD)}>Leave this field empty</label>
      <input id={useFieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-md border border-red-700 bg-red-50 p-4 font-medium text-red-800 dark:border-red-400 dark:bg-slate-900 dark:text-red-300">
      {message}
    </div>
  );
}

/** The form's send button: disabled, and saying so, while the form is on its way. */
export function SubmitButton({ sending, label }: { sending: boolean; label: string }) {
  return (
    <button
      type="submit"
      disabled={sending}
      className="inline-flex h-12 items-center rounded-md bg-accent-600 px-6 font-semibold text-white hover:bg-orange-800 disabled:opacity-60"
    >
      {sending ? "Sending…" : label}
    </button>
  );
}
