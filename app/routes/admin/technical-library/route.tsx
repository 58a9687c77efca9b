import type { ColumnDef } from "@tanstack/react-table";
import { pageLinks, parseListQuery, tabLinks } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listFaultTables } from "~/.server/technical-library/fault-tables.ts";
import { InlineFilters } from "~/components/admin/filter-form.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { SearchField } from "~/components/admin/search-field.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FAULT_TABLE_FILTERS, faultTableListSchema } from "~/lib/forms/admin/technical-library.ts";
import type { Route } from "./+types/route";

/**
 * /admin/technical-library: the fault-code tables per brand and series, searched by brand, series or a code as
 * a keypad shows it, with tabs for the tables on /technical-data and those kept for staff and technicians.
 */
const PATH = "/admin/technical-library";

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, faultTableListSchema);
  const page = await listFaultTables(filters, cursor);
  return {
    filters,
    rows: page.rows,
    total: page.total,
    tabs: tabLinks(url, FAULT_TABLE_FILTERS, { current: filters.show, default: "all", counts: page.counts }),
    ...pageLinks(url, cursor, page.next),
    empty: filters.q ? `No table has "${filters.q}" in its brand, series or codes.` : filters.show === "private" ? "Every table is on /technical-data." : "No fault-code tables yet: add the first one.",
  };
}

export const handle = { title: "Technical library" };

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "table",
    header: "Brand and series",
    cell: ({ row: { original: r } }) => (
      <a href={`${PATH}/${r.id}`} className={link}>
        {r.brand} {r.series}
      </a>
    ),
  },
  { id: "codes", header: "Codes", cell: ({ row: { original: r } }) => <span className="tabular-nums">{r.codes}</span> },
  { id: "public", header: "Who reads it", cell: ({ row: { original: r } }) => (r.public ? "Everyone (/technical-data)" : <span className={muted}>Staff and technicians</span>) },
];

export default function TechnicalLibrary({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, tabs, nextHref, firstHref, empty } = loaderData;
  return (
    <ListScreen
      title="Technical library"
      description={
        <>
          Fault-code tables per brand and series: /technical-data, the chat assistant and the site search read the public ones; technicians read them all.{" "}
          <a href={`${PATH}/documents`} className={link}>
            Manuals and datasheets
          </a>
        </>
      }
      primary={{ href: `${PATH}/new`, label: "Add a table" }}
      tabs={{ label: "Which tables", tabs }}
      filters={
        <InlineFilters path={PATH} label="Tables" keep={{ show: filters.show === "all" ? undefined : filters.show }} filtered={Boolean(filters.q)}>
          <SearchField id="library-q" value={filters.q} hint="Brand, series, or a code as the keypad shows it, e.g. F0001." />
        </InlineFilters>
      }
      table={{ caption: "Fault-code tables", columns: COLUMNS, data: rows, rowKey: (r) => String(r.id), empty }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
