import { control, muted } from "./styles.ts";

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
