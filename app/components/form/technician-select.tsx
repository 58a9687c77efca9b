import { SelectField } from "~/components/form/fields.tsx";

/** The "Technician" select of the office's forms that name one approved technician (a move, time off). */
export function TechnicianSelect({ technicians, defaultValue, error }: { technicians: Array<{ value: string; label: string }>; defaultValue: string | undefined; error: string | undefined }) {
  return (
    <SelectField
      name="technicianId"
      label="Technician"
      required
      placeholder="Choose a technician"
      options={[{ group: "Approved technicians", items: technicians }]}
      defaultValue={defaultValue}
      error={error}
    />
  );
}
