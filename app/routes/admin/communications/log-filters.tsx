import { control, muted } from "~/components/admin/styles.ts";
import { Button } from "~/components/ui/button.tsx";

/** The SMS and e-mail logs' filter form: a search and an India date range, keeping the tab. Plain GET. */
export function LogFilters({
  path,
  show,
  q,
  from,
  to,
  searchLabel,
  searchHint,
}: {
  path: string;
  show: string;
  q: string | undefined;
  from: string | undefined;
  to: string | undefined;
  searchLabel: string;
  searchHint: string;
}) {
  const filtered = Boolean(q || from || to);
  return (
    <form method="get" action={path} role="search" aria-label="Filter the log" className="mb-4 flex flex-wrap items-end gap-3">
      {show !== "all" && <input type="hidden" name="show" value={show} />}
      <div className="min-w-0 grow sm:max-w-xs">
        <label htmlFor="log-q" className="block text-sm font-medium">
          {searchLabel}
        </label>
        <input id="log-q" name="q" type="search" defaultValue={q ?? ""} maxLength={100} aria-describedby="log-q-hint" className={control} />
        <p id="log-q-hint" className={`mt-1 text-sm ${muted}`}>
          {searchHint}
        </p>
      </div>
      <div className="pb-7">
        <label htmlFor="log-from" className="block text-sm font-medium">
          From
        </label>
        <input id="log-from" name="from" type="date" defaultValue={from ?? ""} className={control} />
      </div>
      <div className="pb-7">
        <label htmlFor="log-to" className="block text-sm font-medium">
          To
        </label>
        <input id="log-to" name="to" type="date" defaultValue={to ?? ""} className={control} />
      </div>
      <div className="flex gap-3 pb-7">
        <Button type="submit">
          Filter
        </Button>
        {filtered && (
          <a href={show === "all" ? path : `${path}?show=${show}`} className="inline-flex h-11 items-center font-semibold text-brand-700 underline dark:text-sky-300">
            Clear
          </a>
        )}
      </div>
    </form>
  );
}
