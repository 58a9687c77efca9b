import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, pageLinks } from "~/.server/admin/list.ts";
import {
  ACTIVITY_CSV_COLUMNS,
  activityOptions,
  allActivity,
  countActivity,
  listActivity,
  parseActivityQuery,
  type ActivityEntry,
} from "~/.server/audit/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { FilterInput, FilterPanel, FilterSelect } from "~/components/admin/filter-form.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { Route } from "./+types/route";

/**
 * /admin/activity (permission "activity"): the audit log. Who did what to which record, when and from
 * where, newest first; filtered by person, record, action and dates in the address; exported as CSV.
 */
const PATH = "/admin/activity";

export const middleware: Route.MiddlewareFunction[] = [
  csvExportMiddleware("activity", (url) => parseActivityQuery(url).filters, ACTIVITY_CSV_COLUMNS, (filters) => allActivity(filters)),
];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const query = parseActivityQuery(url);
  const [page, total, options] = await Promise.all([
    listActivity(query.filters, query.cursor),
    countActivity(query.filters),
    activityOptions(),
  ]);
  const f = query.filters;
  const filtered = Object.values(f).some((v) => v !== undefined);
  const links = pageLinks(url, query.cursor, page.next);
  return {
    filters: {
      person: f.person === undefined ? "" : String(f.person),
      type: f.type ?? "",
      record: f.record ?? "",
      action: f.action ?? "",
      from: f.from ?? "",
      to: f.to ?? "",
    },
    filtered,
    options,
    entries: page.entries,
    total: total.count,
    totalCapped: total.capped,
    next: links.nextHref,
    first: links.firstHref,
    csv: links.csvHref,
  };
}

export const handle = { title: "Activity" };

// When, who and from which address share a column: at 390 px the table then fits the screen, sentence included.
const columns: ColumnDef<ActivityEntry, unknown>[] = [
  {
    id: "when",
    header: "When, who, from",
    cell: ({ row }) => (
      <>
        <time dateTime={row.original.at} className="block whitespace-nowrap">
          {formatDateTime(row.original.at)}
        </time>
        <span className="block font-medium">{row.original.who}</span>
        <span className="block font-mono text-xs text-slate-700 dark:text-slate-300">
          <span className="sr-only">from </span>
          {row.original.ipAddress ?? "unknown address"}
        </span>
      </>
    ),
  },
  { id: "what", header: "What", cell: ({ row }) => <What entry={row.original} /> },
];

function What({ entry }: { entry: ActivityEntry }) {
  const { lead, record, href, tail } = entry.what;
  return (
    <div>
      <p>
        {lead}
        {record && (
          <>
            {" "}
            {href ? (
              <a href={href} className="font-semibold text-brand-700 underline dark:text-sky-300">
                {record}
              </a>
            ) : (
              <strong className="font-semibold">{record}</strong>
            )}
          </>
        )}
        {tail}
      </p>
      {entry.changes.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer text-sm text-slate-700 dark:text-slate-300">
            {entry.changes.length === 1 ? "1 field changed" : `${entry.changes.length} fields changed`}
          </summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            {entry.changes.map((c) => (
              <div key={c.field} className="contents">
                <dt className="font-medium text-slate-600 dark:text-slate-400">{c.field}</dt>
                <dd className="break-words">
                  <span className="text-slate-700 line-through dark:text-slate-300">{c.before}</span>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only"> changed to </span>
                  <span>{c.after}</span>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { filters, filtered, options, entries, total, totalCapped, next, first, csv } = loaderData;
  return (
    <ListScreen
      width="max-w-6xl"
      title="Activity"
      description="Every change made in the back office, and every staff sign-in and sign-out: who, what, when (India time) and from which address. Newest first."
      csvHref={csv}
      filters={
        <FilterPanel action={PATH} label="Filter the activity" columns={3} submit="Show" clear={filtered ? { href: PATH, label: "Clear the filters" } : null}>
          <FilterSelect name="person" label="Person" value={filters.person} options={options.people} any="Anyone" />
          <FilterSelect name="action" label="Action" value={filters.action} options={options.actions} any="Any action" />
          <FilterSelect name="type" label="Kind of record" value={filters.type} options={options.types} any="Any kind" />
          <FilterInput name="record" label="Record" value={filters.record} hint="A reference or a name, e.g. SR-2611-0004." />
          <FilterInput name="from" label="From (India date)" type="date" value={filters.from} />
          <FilterInput name="to" label="To (India date)" type="date" value={filters.to} />
        </FilterPanel>
      }
      table={{
        caption: "Activity, newest first",
        columns,
        data: entries,
        rowKey: (e) => String(e.id),
        empty: filtered ? "Nothing matches these filters." : "Nothing has been recorded yet.",
      }}
      pages={{ total, capped: totalCapped, nextHref: next, firstHref: first }}
    />
  );
}
