import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { FieldError, FieldIdPrefix, FormError, RadioGroup, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { AVAILABILITY, SKILLS } from "~/lib/forms/technician-registration.ts";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * What the office manages of a technician: skills, the catalogue services they may be sent for, base city,
 * availability and the "available now" switch. A plain form (intent "update"); the hidden "shown" digest
 * lets the server refuse a save made on values someone changed meanwhile.
 */
export interface EditValues {
  skills: string[];
  services: string[];
  city: string;
  availability: string;
  availableNow: boolean;
}

/** The ticked boxes and lists that the office manages: the form's own fields as sent once per box. */
export const EDIT_LISTS = ["skills", "services"] as const;

/** What a refused edit puts back: every ticked box kept, the switch as it was sent. */
function typedBack(failure: FormFailure): EditValues {
  const { values, lists = {} } = failure;
  return { skills: lists.skills ?? [], services: lists.services ?? [], city: values.city ?? "", availability: values.availability ?? "", availableNow: values.availableNow === "yes" };
}

const box = "flex items-start gap-2 rounded-md p-1.5 hover:bg-slate-50 dark:hover:bg-slate-900";

function Checkboxes({
  name,
  legend,
  hint,
  error,
  groups,
  checked,
}: {
  name: string;
  legend: string;
  hint?: string;
  error?: string;
  groups: Array<{ group: string | null; items: Array<{ value: string; label: string }> }>;
  checked: string[];
}) {
  const described = [hint ? `edit-${name}-hint` : "", error ? `edit-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={described} className={`rounded-md border p-3 ${error ? "border-red-700 dark:border-red-400" : "border-slate-300 dark:border-slate-600"}`}>
      <legend className="px-1 font-medium">{legend}</legend>
      {hint && (
        <p id={`edit-${name}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <FieldError id={`edit-${name}-error`} message={error} />
      {groups.map((g) => (
        <div key={g.group ?? "all"} className="mt-2">
          {g.group && <p className="text-sm font-semibold text-slate-700 dark:text-slate-300">{g.group}</p>}
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {g.items.map((item) => (
              <label key={item.value} className={box}>
                <input type="checkbox" name={name} value={item.value} defaultChecked={checked.includes(item.value)} className="mt-1 size-4 shrink-0" />
                <span>{item.label}</span>
              </label>
            ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

export function EditTechnicianForm({
  id,
  shown,
  current,
  catalogue,
  failure,
}: {
  id: number;
  shown: string;
  current: EditValues;
  catalogue: Array<{ slug: string; name: string; category: string }>;
  failure: FormFailure | undefined;
}) {
  const v = failure ? typedBack(failure) : current;
  const e = failure?.errors ?? {};
  const categories = [...new Set(catalogue.map((s) => s.category))];
  return (
    <IntentForm intent="update" aria-labelledby="edit-heading" className="mt-3 space-y-5 rounded-md border border-slate-200 p-4 dark:border-slate-800" noValidate>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="shown" value={shown} />
      <FormError message={e.form ?? e.id ?? e.shown} />
      <Checkboxes
        name="skills"
        legend="Skills"
        hint="The trades they are sent for (from the registration's list). At least one."
        error={e.skills}
        groups={[{ group: null, items: SKILLS.map((s) => ({ value: s.id, label: s.label })) }]}
        checked={v.skills}
      />
      <Checkboxes
        name="services"
        legend="Services they can do"
        hint="Catalogue services the office trusts them with: assignment suggestions rank them first for these."
        error={e.services}
        groups={categories.map((c) => ({ group: c, items: catalogue.filter((s) => s.category === c).map((s) => ({ value: s.slug, label: s.name })) }))}
        checked={v.services}
      />
      <FieldIdPrefix.Provider value="edit-">
        <TextField name="city" label="Base city" required maxLength={80} defaultValue={v.city} error={e.city} autoComplete="off" />
        <RadioGroup
          name="availability"
          label="Availability"
          required
          options={AVAILABILITY.map((a) => ({ value: a.value, label: a.label, hint: a.hint }))}
          defaultValue={v.availability}
          error={e.availability}
        />
      </FieldIdPrefix.Provider>
      <div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="availableNow"
            value="yes"
            defaultChecked={v.availableNow}
            aria-describedby="edit-availableNow-hint"
            className="mt-1 size-5 shrink-0"
          />
          <span className="font-medium">Available now</span>
        </label>
        <p id="edit-availableNow-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The switch on the technician's dashboard: off, the office does not send them new jobs. They can turn it back themselves.
        </p>
        <FieldError message={e.availableNow} />
      </div>
      <Button type="submit">
        Save changes
      </Button>
    </IntentForm>
  );
}
