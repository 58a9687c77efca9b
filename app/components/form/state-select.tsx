import { SelectField } from "~/components/form/fields.tsx";
import { GST_STATES } from "~/lib/settings-schema.ts";

/** The states and territories by name, with their GST codes (97 "Other Territory" and 99 "Centre Jurisdiction" are not places). */
const STATE_OPTIONS = Object.entries(GST_STATES)
  .filter(([code]) => Number(code) < 97)
  .map(([code, name]) => ({ value: code, label: `${name} (${code})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** A GST state picker: what decides CGST + SGST or IGST for a customer without a GSTIN. */
export function StateSelect(props: { name: string; label: string; defaultValue?: string | null | undefined; error?: string | undefined; hint?: string; required?: boolean }) {
  return (
    <SelectField
      name={props.name}
      label={props.label}
      placeholder="Not known"
      defaultValue={props.defaultValue ?? undefined}
      error={props.error}
      hint={props.hint ?? "The GST state: the place of supply when the customer has no GSTIN."}
      required={props.required}
      options={[{ group: "States and union territories", items: STATE_OPTIONS }]}
    />
  );
}
