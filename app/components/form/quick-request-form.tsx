import { useRef } from "react";
import { todayInIndia, type FormFailure } from "~/lib/forms/form-basics.ts";
import { onlyInBrowser, useValidatedForm } from "~/lib/forms/use-validated-form.ts";
import { useFormDirty, useUnsavedChangesGuard } from "~/lib/use-unsaved-changes.ts";
import { ConsentField, FormError, Honeypot, SubmitButton, TextArea, TextField } from "./fields.tsx";
import { IdempotencyKey } from "./idempotency-key.tsx";

const loadSchema = () => (import.meta.env.SSR ? onlyInBrowser() : import("~/lib/forms/service-request.ts").then((m) => m.quickRequestSchema));

/**
 * The spec's simple request (name, phone, e-mail, preferred date, description): a quotation or callback
 * in five fields. It posts to the page it is on (action), whose action stores a quick request.
 */
export function QuickRequestForm({
  action,
  service,
  failure,
}: {
  /** The page's own address (an index route needs "?index"). */
  action: string;
  /** The service page it is on, if any. */
  service?: string;
  failure?: FormFailure;
}) {
  const { errors, sending, onFocus, onBlur, onChange, onSubmit } = useValidatedForm(loadSchema, failure);
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(useFormDirty(formRef));
  const v = failure?.values ?? {};
  const e = errors;
  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      onBlur={onBlur}
      onChange={onChange}
      className="relative space-y-4"
      aria-label="Quick request"
    >
      <FormError message={failure?.errors.form} />
      <IdempotencyKey />
      <Honeypot />
      {service && <input type="hidden" name="service" value={service} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Your name" required autoComplete="name" defaultValue={v.name} error={e.name} />
        <TextField name="phone" label="Mobile number" type="tel" inputMode="tel" required autoComplete="tel" defaultValue={v.phone} error={e.phone} />
        <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="email" defaultValue={v.email} error={e.email} />
        <TextField name="preferredDate" label="Preferred date" type="date" min={todayInIndia()} defaultValue={v.preferredDate} error={e.preferredDate} />
      </div>
      <TextArea name="description" label="What do you need?" required rows={3} defaultValue={v.description} error={e.description} hint="The equipment, the fault or the work, and where." />
      <ConsentField purpose="to answer this request" error={e.consent} />
      <SubmitButton sending={sending} label="Send request" />
    </form>
  );
}
