import { InlineFilters } from "./filter-form.tsx";
import { control, muted } from "./styles.ts";

/** A list's search box: its label, the query kept in the address, and a line saying what it searches. */
export function SearchField({ id, value, hint, label = "Search" }: { id: string; value: string | undefined; hint?: string; label?: string }) {
  return (
    <div className="min-w-0 grow sm:max-w-md">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} name="q" type="search" defaultValue={value ?? ""} maxLength={100} aria-describedby={hint ? `${id}-hint` : undefined} className={control} />
      {hint && (
        <p id={`${id}-hint`} className={`mt-1 text-sm ${muted}`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * A list's search form on its own: the box, Search, and Clear once something is searched. It keeps the tab
 * (`show`) the list is on, unless that is the default one, so searching never changes which rows are shown.
 */
export function ListSearch({
  path,
  label,
  id,
  hint,
  q,
  show,
  defaultShow,
}: {
  path: string;
  label: string;
  id: string;
  hint: string;
  q: string | undefined;
  show: string;
  defaultShow: string;
}) {
  return (
    <InlineFilters path={path} label={label} keep={{ show: show === defaultShow ? undefined : show }} filtered={Boolean(q)}>
      <SearchField id={id} value={q} hint={hint} />
    </InlineFilters>
  );
}
