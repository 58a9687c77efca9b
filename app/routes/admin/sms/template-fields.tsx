import { FormError, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { SMS_CATEGORIES } from "~/lib/forms/admin/communications.ts";

interface FormErrors {
  errors: Record<string, string>;
  values: Record<string, string>;
}

/** A DLT template's fields, for adding one and editing one (/admin/sms/templates). */
export function SmsTemplateFields({
  failure,
  withName = false,
  initial,
  lockedVariables = false,
  submit = "Add the template",
}: {
  failure: FormErrors | undefined;
  withName?: boolean;
  initial?: { dltTemplateId: string; senderId: string; text: string; variables: string[]; category: string };
  lockedVariables?: boolean;
  submit?: string;
}) {
  const v = failure?.values ?? {};
  const e = failure?.errors ?? {};
  return (
    <>
      <FormError message={e.form} />
      {withName && (
        <TextField name="name" label="Name" required maxLength={60} defaultValue={v.name} error={e.name} hint="A short name the office knows it by: a lower-case letter, then letters, digits or hyphens." />
      )}
      <TextField name="dltTemplateId" label="DLT template id" required inputMode="numeric" maxLength={19} defaultValue={v.dltTemplateId ?? initial?.dltTemplateId} error={e.dltTemplateId} hint="19 digits." />
      <TextField name="senderId" label="Sender id (header)" required maxLength={6} defaultValue={v.senderId ?? initial?.senderId} error={e.senderId} hint="6 letters, as registered." />
      <TextArea name="text" label="Registered text" required rows={3} maxLength={1000} defaultValue={v.text ?? initial?.text} error={e.text} hint="Exactly as registered, one {#var#} for each variable." />
      {lockedVariables ? (
        <>
          <input type="hidden" name="variables" value={initial?.variables.join(", ") ?? ""} />
          <p>
            <span className="font-medium">Variables, in order:</span> {initial?.variables.join(", ") || "none"}{" "}
            <span className="text-sm text-slate-600 dark:text-slate-400">(the site fills these: the text must keep one {"{#var#}"} for each)</span>
          </p>
          {e.variables && <p className="text-sm font-medium text-red-700 dark:text-red-400">{e.variables}</p>}
        </>
      ) : (
        <TextField name="variables" label="Variables, in order" defaultValue={v.variables ?? initial?.variables.join(", ")} error={e.variables} hint="Their names, separated by commas: one for each {#var#} in the text." />
      )}
      <SelectField
        name="category"
        label="Category"
        required
        placeholder="Choose the category"
        defaultValue={v.category ?? initial?.category ?? "service"}
        error={e.category}
        options={[{ group: "DLT categories", items: SMS_CATEGORIES.map((c) => ({ value: c.value, label: c.label })) }]}
      />
      <Button type="submit">
        {submit}
      </Button>
    </>
  );
}
