import type { ReactNode } from "react";
import { control } from "~/components/admin/styles.ts";
import { Button } from "~/components/ui/button.tsx";

/**
 * The technicians list's filters: a plain GET form (it works without JavaScript), every control labelled,
 * one column on a phone. The tab in use rides along as a hidden field; "Clear filters" keeps the tab.
 */
export interface Option {
  value: string;
  label: string;
}

export interface TechnicianFilterValues {
  status: string;
  city?: string;
  skill?: string;
  service?: string;
  available?: string;
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

function Select({ name, label, value, any, options }: { name: string; label: string; value: string | undefined; any?: string; options: Option[] }) {
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

export function TechnicianFilterForm({
  action,
  clearHref,
  filters: f,
  skills,
  services,
  sorts,
}: {
  action: string;
  clearHref: string;
  filters: TechnicianFilterValues;
  skills: Option[];
  services: Option[];
  sorts: Option[];
}) {
  return (
    <form method="get" action={action} role="search" aria-label="Filter technicians" className="mb-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      {f.status !== "approved" && <input type="hidden" name="status" value={f.status} />}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="filter-q" label="Search" hint="Name, mobile number or reference (TA-...)" wide>
          <input id="filter-q" name="q" type="search" defaultValue={f.q ?? ""} maxLength={100} aria-describedby="filter-q-hint" className={control} />
        </Field>
        <Field id="filter-city" label="Base city" hint="The start of the name">
          <input id="filter-city" name="city" type="text" defaultValue={f.city ?? ""} maxLength={80} aria-describedby="filter-city-hint" className={control} />
        </Field>
        <Select
          name="available"
          label="Available now"
          value={f.available}
          any="Either"
          options={[
            { value: "yes", label: "Available now" },
            { value: "no", label: "Not available now" },
          ]}
        />
        <Select name="skill" label="Skill" value={f.skill} any="Any skill" options={skills} />
        <Select name="service" label="Service" value={f.service} any="Any service" options={services} />
        <Select name="sort" label="Sort" value={f.sort} options={sorts} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button size="small" type="submit">
          Apply
        </Button>
        <a href={clearHref} className="font-semibold text-brand-700 underline dark:text-sky-300">
          Clear filters
        </a>
      </div>
    </form>
  );
}
