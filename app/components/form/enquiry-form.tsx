import { useRef } from "react";
import { ENQUIRY_FORM_FIELDS, type EnquiryFormName, type FieldSpec } from "~/lib/forms/enquiry-fields.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { onlyInBrowser, useValidatedForm } from "~/lib/forms/use-validated-form.ts";
import { useFormDirty, useUnsavedChangesGuard } from "~/lib/use-unsaved-changes.ts";
import { ConsentField, FieldIdPrefix, FileField, FormError, Honeypot, SelectField, SubmitButton, TextArea, TextField } from "./fields.tsx";
import { IdempotencyKey } from "./idempotency-key.tsx";

const loadSchema = (form: EnquiryFormName) => (import.meta.env.SSR ? onlyInBrowser() : import("~/lib/forms/enquiries.ts").then((m) => m.ENQUIRY_SCHEMAS[form]));

/**
 * One of the inbound forms of ~/lib/forms/enquiries, rendered from its field list and validated with its
 * schema. It posts to the page it is on; the page's action stores it (postEnquiry) and answers with the
 * receipt, or with messages that this form shows when they are its own.
 */
export function EnquiryForm({
  form,
  action,
  failure,
  options = {},
  defaults = {},
}: {
  form: EnquiryFormName;
  /** The page's own address, with a #fragment to come back to this form. */
  action: string;
  failure?: FormFailure;
  /** Select options that come from the page, by field name (products, openings, courses). */
  options?: Record<string, readonly string[]>;
  /** Values to start with, e.g. the product the visitor came from. */
  defaults?: Record<string, string>;
}) {
  const spec = ENQUIRY_FORM_FIELDS[form];
  const mine = failure?.form === form ? failure : undefined;
  const { errors, sending, onFocus, onBlur, onChange, onSubmit } = useValidatedForm(() => loadSchema(form), mine);
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(useFormDirty(formRef));
  const values = { ...defaults, ...mine?.values };
  const hasFile = spec.fields.some((f: FieldSpec) => f.kind === "file");

  function field(f: FieldSpec) {
    const common = { name: f.name, label: f.label, required: f.required, hint: f.hint, error: errors[f.name], defaultValue: values[f.name] };
    switch (f.kind) {
      case "textarea":
        return <TextArea key={f.name} {...common} rows={4} />;
      case "select": {
        const list = f.options ?? options[f.name] ?? [];
        return (
          <SelectField
            key={f.name}
            {...common}
            placeholder={`Choose ${f.label.toLowerCase()}`}
            options={[{ group: f.label, items: list.map((o) => ({ value: o, label: f.name === "rating" ? `${o} star${o === "1" ? "" : "s"}` : o })) }]}
          />
        );
      }
      case "file":
        return <FileField key={f.name} {...common} accept={f.accept ?? ""} />;
      default:
        return (
          <TextField
            key={f.name}
            {...common}
            type={f.kind}
            inputMode={f.kind === "tel" ? "tel" : f.kind === "email" ? "email" : undefined}
            autoComplete={f.autoComplete}
          />
        );
    }
  }

  return (
    <FieldIdPrefix.Provider value={`${form}-`}>
      <form
        ref={formRef}
        method="post"
        action={action}
        encType={hasFile ? "multipart/form-data" : undefined}
        noValidate
        aria-label={spec.title}
        onSubmit={onSubmit}
        onFocus={onFocus}
        onBlur={onBlur}
        onChange={onChange}
        className="relative space-y-4"
      >
        <FormError message={mine?.errors.form} />
        <input type="hidden" name="form" value={form} />
        <IdempotencyKey />
        <Honeypot />
        {spec.fields.map(field)}
        <ConsentField purpose={spec.purpose} error={errors.consent} />
        <SubmitButton sending={sending} label={spec.submit} />
      </form>
    </FieldIdPrefix.Provider>
  );
}
