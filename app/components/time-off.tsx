import { FormError, SelectField, TextField } from "~/components/form/fields.tsx";
import { TechnicianSelect } from "~/components/form/technician-select.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TIME_OFF_KINDS } from "~/lib/forms/admin/schedule.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";

/**
 * Leave and unavailable hours (issue 21 §2): the form that marks them and the list of those to come, shared by
 * the office's page (/admin/schedule/time-off, with a technician to choose) and the technician's own
 * (/technician/time-off).
 */

export interface TimeOffEntry {
  id: number;
  technician: string;
  kind: "leave" | "unavailable";
  note: string | null;
  when: string;
}

export function TimeOffForm({ failure, technicians, today }: { failure: FormFailure | undefined; technicians?: Array<{ value: string; label: string }>; today: string }) {
  const add = failure?.intent === "add" ? failure : undefined;
  const v = (name: string, fallback?: string) => add?.values[name] ?? fallback;
  return (
    <form method="post" className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800" noValidate>
      <h2 className="text-lg font-semibold">Mark leave or unavailable hours</h2>
      <input type="hidden" name="intent" value="add" />
      <FormError message={add?.errors.form} />
      {technicians && (
        <TechnicianSelect technicians={technicians} defaultValue={v("technicianId")} error={add?.errors.technicianId} />
      )}
      <SelectField
        name="kind"
        label="What"
        required
        placeholder="Choose…"
        options={[{ group: "Kinds", items: TIME_OFF_KINDS.map((k) => ({ value: k.value, label: k.label })) }]}
        defaultValue={v("kind", "leave")}
        error={add?.errors.kind}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="startDate" type="date" label="From (date)" required defaultValue={v("startDate", today)} error={add?.errors.startDate} />
        <TextField name="startTime" label="From (time)" required defaultValue={v("startTime", "00:00")} error={add?.errors.startTime} hint="24-hour time, like 09:00" />
        <TextField name="endDate" type="date" label="To (date)" required defaultValue={v("endDate", today)} error={add?.errors.endDate} />
        <TextField name="endTime" label="To (time)" required defaultValue={v("endTime", "23:59")} error={add?.errors.endTime} hint="Like 18:00" />
      </div>
      <TextField name="note" label="Note" defaultValue={v("note")} error={add?.errors.note} />
      <Button type="submit">Mark it</Button>
    </form>
  );
}

export function TimeOffList({ entries, failure, showTechnician }: { entries: readonly TimeOffEntry[]; failure: FormFailure | undefined; showTechnician: boolean }) {
  const removed = failure?.intent === "remove" ? failure : undefined;
  return (
    <section aria-labelledby="time-off-heading" className="mt-6">
      <h2 id="time-off-heading" className="text-lg font-semibold">
        Coming up
      </h2>
      <FormError message={removed?.errors.form ?? removed?.errors.id} />
      {entries.length === 0 ? (
        <p className="mt-2">No leave or unavailable hours to come.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-2 dark:border-slate-700">
              <span>
                {showTechnician && <strong>{e.technician}: </strong>}
                {e.kind === "leave" ? "Leave" : "Unavailable"}, {e.when}
                {e.note ? ` (${e.note})` : ""}
              </span>
              <form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={e.id} />
                <Button type="submit" variant="secondary" size="small" aria-label={`Remove ${e.kind === "leave" ? "leave" : "unavailable hours"}${showTechnician ? ` of ${e.technician}` : ""}, ${e.when}`}>
                  Remove
                </Button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
