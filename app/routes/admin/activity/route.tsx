import type { ColumnDef } from "@tanstack/react-table";
import { csvStream, listHref } from "~/.server/admin/list.ts";
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
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { DataTable } from "~/components/admin/data-table.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/route";
import { control } from "~/components/admin/styles.ts";
import { Button } from "~/components/ui/button.tsx";

/**
 * /admin/activity (permission "activity"): the audit log. Who did what to which record, when and from
 * where, newest first; filtered by person, record, action and dates in the address; exported as CSV.
 */
const PATH = "/admin/activity";

/** ?format=csv answers with the file itself (a loader's Response would be read as page data). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }, next) => {
    const query = parseActivityQuery(url);
    if (!query.csv) return next();
    staffOf(context);
    return csvStream("activity", ACTIVITY_CSV_COLUMNS, allActivity(query.filters));
  },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const query = parseActivityQuery(url);
  const [site, page, total, options] = await Promise.all([
    getSiteSettings(),
    listActivity(query.filters, query.cursor),
    countActivity(query.filters),
    activityOptions(),
  ]);
  const f = query.filters;
  const filtered = Object.values(f).some((v) => v !== undefined);
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
    next: page.next ? listHref(url, { after: page.next }) : null,
    first: query.cursor ? listHref(url, { after: null }) : null,
    csv: listHref(url, { after: null, format: "csv" }),
    meta: seo(site, { type: "policy", title: "Activity: Back Office", description: "The audit log of staff actions.", path: PATH, noindex: true }),
  };
}

export const meta = routeMeta;

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

function Select({ name, label, value, options, anyLabel }: { name: string; label: string; value: string; options: Array<{ value: string; label: string }>; anyLabel: string }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value} className={control}>
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Input({ name, label, value, type = "text", hint }: { name: string; label: string; value: string; type?: "text" | "date"; hint?: string }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`filter-${name}`}
        name={name}
        type={type}
        defaultValue={value}
        maxLength={type === "text" ? 100 : undefined}
        aria-describedby={hint ? `filter-${name}-hint` : undefined}
        className={control}
      />
      {hint && (
        <p id={`filter-${name}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { filters, filtered, options, entries, total, totalCapped, next, first, csv } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Activity"
        description="Every change made in the back office, and every staff sign-in and sign-out: who, what, when (India time) and from which address. Newest first."
        actions={
          <ButtonLink href={csv} download>
            Export CSV
          </ButtonLink>
        }
      />
      <form method="get" aria-label="Filter the activity" className="mb-5 rounded-md border border-slate-200 p-4 dark:border-slate-800">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Select name="person" label="Person" value={filters.person} options={options.people} anyLabel="Anyone" />
          <Select name="action" label="Action" value={filters.action} options={options.actions} anyLabel="Any action" />
          <Select name="type" label="Kind of record" value={filters.type} options={options.types} anyLabel="Any kind" />
          <Input name="record" label="Record" value={filters.record} hint="A reference or a name, e.g. SR-2611-0004." />
          <Input name="from" label="From (India date)" type="date" value={filters.from} />
          <Input name="to" label="To (India date)" type="date" value={filters.to} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Button size="small" type="submit">
            Show
          </Button>
          {filtered && (
            <a href={PATH} className="text-sm font-semibold text-brand-700 underline dark:text-sky-300">
              Clear the filters
            </a>
          )}
        </div>
      </form>
      <DataTable
        caption="Activity, newest first"
        columns={columns}
        data={entries}
        rowKey={(e) => String(e.id)}
        empty={filtered ? "Nothing matches these filters." : "Nothing has been recorded yet."}
      />
      <Pagination total={total} capped={totalCapped} shown={entries.length} next={next} first={first} />
    </div>
  );
}
