import { control, muted } from "./styles.ts";
import { Button } from "~/components/ui/button.tsx";

/** A list's search box: its label, the query kept in the address, and a line saying what it searches. */
export function SearchField({ id, value, hint, label = "Search" }: { id: string; value: string | undefined; hint: string; label?: string }) {
  return (
    <div className="min-w-0 grow sm:max-w-md">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} name="q" type="search" defaultValue={value ?? ""} maxLength={100} aria-describedby={`${id}-hint`} className={control} />
      <p id={`${id}-hint`} className={`mt-1 text-sm ${muted}`}>
        {hint}
      </p>
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
    <form method="get" action={path} role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      {show !== defaultShow && <input type="hidden" name="show" value={show} />}
      <SearchField id={id} value={q} hint={hint} />
      <div className="flex gap-3 pb-7">
        <Button type="submit">
          Search
        </Button>
        {q && (
          <a href={show === defaultShow ? path : `${path}?show=${show}`} className="inline-flex h-11 items-center font-semibold text-brand-700 underline dark:text-sky-300">
            Clear
          </a>
        )}
      </div>
    </form>
  );
}
