import { InlineDate, InlineFilters } from "~/components/admin/filter-form.tsx";
import { SearchField } from "~/components/admin/search-field.tsx";

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
  return (
    <InlineFilters path={path} label="Filter the log" keep={{ show: show === "all" ? undefined : show }} filtered={Boolean(q || from || to)} submit="Filter">
      <SearchField id="log-q" label={searchLabel} value={q} hint={searchHint} />
      <InlineDate id="log-from" name="from" label="From" value={from} />
      <InlineDate id="log-to" name="to" label="To" value={to} />
    </InlineFilters>
  );
}
