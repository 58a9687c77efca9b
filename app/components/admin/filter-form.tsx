import type { ReactNode } from "react";
import { control, muted } from "./styles.ts";
import { Button } from "~/components/ui/button.tsx";

/**
 * A list's filters: plain GET forms (they work without JavaScript), every control labelled, whose fields
 * become the address (the list pattern, ~/.server/admin/list.ts). The tab in use (`keep`) rides along as
 * hidden fields, so filtering never changes which tab is shown.
 *
 *   <FilterPanel>: a panel of filters in a grid (one column on a phone), "Apply" and "Clear filters".
 *   <InlineFilters>: one row (a search, a date range, a select), "Search" and "Clear" once something is set.
 */
export interface Option {
  value: string;
  label: string;
}

/** The parameters to keep: those with a value (the default tab's is left out, so it is undefined). */
export type Keep = Readonly<Record<string, string | undefined>>;

function Hidden({ keep }: { keep: Keep | undefined }) {
  return Object.entries(keep ?? {}).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />));
}

/** The list's address with only the kept parameters: where "Clear" goes. */
export function keepHref(path: string, keep: Keep | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(keep ?? {})) if (value !== undefined) params.set(name, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function FilterField({ id, label, hint, children, wide }: { id: string; label: string; hint?: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={`mt-1 text-sm ${muted}`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A select filter; `any` is the first choice, meaning no filter (none when the filter always has a value). */
export function FilterSelect({ name, label, value, any, options }: { name: string; label: string; value: string | undefined; any?: string; options: Option[] }) {
  const id = `filter-${name}`;
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ""} className={control}>
        {any && <option value="">{any}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** A text, search or date filter. */
export function FilterInput({
  name,
  label,
  value,
  type = "text",
  hint,
  wide,
  maxLength = type === "date" ? undefined : 100,
}: {
  name: string;
  label: string;
  value: string | undefined;
  type?: "text" | "search" | "date";
  hint?: string;
  wide?: boolean;
  maxLength?: number;
}) {
  const id = `filter-${name}`;
  return (
    <FilterField id={id} label={label} hint={hint} wide={wide}>
      <input id={id} name={name} type={type} defaultValue={value ?? ""} maxLength={maxLength} aria-describedby={hint ? `${id}-hint` : undefined} className={control} />
    </FilterField>
  );
}

export function FilterPanel({
  action,
  label,
  keep,
  columns = 4,
  submit = "Apply",
  clear,
  children,
}: {
  action: string;
  label: string;
  keep?: Keep;
  columns?: 3 | 4;
  submit?: string;
  /** "Clear filters" (or the label given) to this address; none when null. */
  clear: { href: string; label?: string } | null;
  children: ReactNode;
}) {
  return (
    <form method="get" action={action} role="search" aria-label={label} className="mb-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <Hidden keep={keep} />
      <div className={`grid grid-cols-1 gap-4 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4"}`}>{children}</div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <Button size="small" type="submit">
          {submit}
        </Button>
        {clear && (
          <a href={clear.href} className="font-semibold text-brand-700 underline dark:text-sky-300">
            {clear.label ?? "Clear filters"}
          </a>
        )}
      </div>
    </form>
  );
}

export function InlineFilters({
  path,
  label,
  keep,
  filtered,
  submit = "Search",
  children,
}: {
  path: string;
  label: string;
  keep?: Keep;
  /** Something is set: "Clear" goes back to the kept tab. */
  filtered: boolean;
  submit?: string;
  children: ReactNode;
}) {
  return (
    <form method="get" action={path} role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      <Hidden keep={keep} />
      {children}
      <div className="flex gap-3 pb-7">
        <Button type="submit">{submit}</Button>
        {filtered && (
          <a href={keepHref(path, keep)} className="inline-flex h-11 items-center font-semibold text-brand-700 underline dark:text-sky-300">
            Clear
          </a>
        )}
      </div>
    </form>
  );
}

/** A date in an inline filter row ("Received from", "to"). */
export function InlineDate({ id, name, label, value }: { id: string; name: string; label: string; value: string | undefined }) {
  return (
    <div className="pb-7">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value ?? ""} className={control} />
    </div>
  );
}
