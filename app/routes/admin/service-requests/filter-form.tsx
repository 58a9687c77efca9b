import type { ReactNode } from "react";
import { control } from "~/components/admin/styles.ts";
import { Button } from "~/components/ui/button.tsx";

/**
 * The service-request list's filters: a plain GET form (it works without JavaScript), every control
 * labelled, one column on a phone. "Apply" sends the filters as the address; "Clear filters" goes back to
 * the list's default (open requests, newest first). The status tab in use rides along as a hidden field.
 */
export interface Option {
  value: string;
  label: string;
}

export interface FilterValues {
  status: string;
  urgency?: string;
  service?: string;
  city?: string;
  from?: string;
  to?: string;
  technician?: string;
  sla?: string;
  q?: string;
  sort: string;
}

function Field({ id, label, hint, children, wide }: { id: string; label: string; hint?: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

function Select({ name, label, value, any, options }: { name: string; label: string; value: string | undefined; any: string; options: Option[] }) {
  const id = `filter-${name}`;
  return (
    <Field id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ""} className={control}>
        {any && <option value="">{any}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function FilterForm({
  action,
  filters: f,
  choices,
  urgencies,
  slaStates,
  sorts,
}: {
  action: string;
  filters: FilterValues;
  choices: { services: Array<{ slug: string; name: string }>; technicians: Array<{ id: number; name: string }> };
  urgencies: Option[];
  slaStates: Option[];
  sorts: Option[];
}) {
  return (
    <form method="get" action={action} role="search" aria-label="Filter service requests" className="mb-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      {f.status !== "open" && <input type="hidden" name="status" value={f.status} />}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="filter-q" label="Search" hint="Reference, contact name, mobile number or company" wide>
          <input id="filter-q" name="q" type="search" defaultValue={f.q ?? ""} maxLength={100} aria-describedby="filter-q-hint" className={control} />
        </Field>
        <Select name="urgency" label="Urgency" value={f.urgency} any="Any urgency" options={urgencies} />
        <Select name="service" label="Service" value={f.service} any="Any service" options={choices.services.map((s) => ({ value: s.slug, label: s.name }))} />
        <Field id="filter-city" label="City" hint="The start of the name">
          <input id="filter-city" name="city" type="text" defaultValue={f.city ?? ""} maxLength={80} aria-describedby="filter-city-hint" className={control} />
        </Field>
        <Field id="filter-from" label="Received from">
          <input id="filter-from" name="from" type="date" defaultValue={f.from ?? ""} className={control} />
        </Field>
        <Field id="filter-to" label="Received to">
          <input id="filter-to" name="to" type="date" defaultValue={f.to ?? ""} className={control} />
        </Field>
        <Select
          name="technician"
          label="Technician"
          value={f.technician}
          any="Any technician"
          options={[{ value: "unassigned", label: "Unassigned" }, ...choices.technicians.map((t) => ({ value: String(t.id), label: t.name }))]}
        />
        <Select name="sla" label="Response promise" value={f.sla} any="Any" options={slaStates} />
        <Select name="sort" label="Sort" value={f.sort} any="" options={sorts} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button size="small" type="submit">
          Apply
        </Button>
        <a href={action} className="font-semibold text-brand-700 underline dark:text-sky-300">
          Clear filters
        </a>
      </div>
    </form>
  );
}
