import type { ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "./data-table.tsx";
import { FilterTabs, type FilterTab } from "./filter-tabs.tsx";
import { ButtonLink, PageHeader } from "./page-header.tsx";
import { Pagination } from "./pagination.tsx";

/**
 * A back-office list screen as the list pattern draws it (~/.server/admin/list.ts): the header with its
 * actions and "Export CSV", the tabs with their counts, the filters, the table, and the keyset pages. The
 * loader's `tabLinks`/`pageLinks` (or `listLinks`) give the links; the screen gives its words and columns.
 */
export interface ListScreenProps<T> {
  title: ReactNode;
  description: ReactNode;
  /** The screen's main action ("Add a product"), first in the header. */
  primary?: { href: string; label: string };
  /** The header's other links, before "Export CSV". */
  actions?: ReactNode;
  /** The CSV of the current filter (`pageLinks(...).csvHref`); no export button without it. */
  csvHref?: string;
  /** The live-update notice (LiveStatus), above the header. */
  live?: ReactNode;
  /** What comes between the header and the tabs (a section's own navigation, a live notice). */
  afterHeader?: ReactNode;
  tabs?: { label: string; tabs: FilterTab[] };
  filters?: ReactNode;
  /** A line between the filters and the table (a total of the filter). */
  summary?: ReactNode;
  table: DataTableProps<T>;
  pages: { total: number; capped?: boolean; nextHref: string | null; firstHref: string | null };
  width?: "max-w-6xl" | "max-w-7xl";
  /** What the screen shows below its list. */
  children?: ReactNode;
}

export function ListScreen<T>({
  title,
  description,
  primary,
  actions,
  csvHref,
  live,
  afterHeader,
  tabs,
  filters,
  summary,
  table,
  pages,
  width = "max-w-7xl",
  children,
}: ListScreenProps<T>) {
  const headerActions =
    primary || actions || csvHref ? (
      <>
        {primary && (
          <ButtonLink href={primary.href} primary>
            {primary.label}
          </ButtonLink>
        )}
        {actions}
        {csvHref && (
          <ButtonLink href={csvHref} download>
            Export CSV
          </ButtonLink>
        )}
      </>
    ) : undefined;
  return (
    <div className={`mx-auto ${width}`}>
      {live}
      <PageHeader title={title} description={description} actions={headerActions} />
      {afterHeader}
      {tabs && <FilterTabs label={tabs.label} tabs={tabs.tabs} />}
      {filters}
      {summary}
      <DataTable {...table} />
      <Pagination total={pages.total} capped={pages.capped} shown={table.data.length} next={pages.nextHref} first={pages.firstHref} />
      {children}
    </div>
  );
}

/** What a list loader returns from `listScreen(...)` (~/.server/admin/list.ts). */
export interface ListData<T> {
  rows: T[];
  total: number;
  tabs: FilterTab[];
  nextHref: string | null;
  firstHref: string | null;
  csvHref: string;
  empty: string;
}

/**
 * The list screen of a loader that is `listScreen(...)`: its data fills the tabs, the table, the pages and the
 * export link; the screen gives the tabs' label, the table's caption and its columns (rows keyed by id).
 */
export function ListPage<T extends { id: number | string }>({
  list,
  tabsLabel,
  caption,
  columns,
  ...screen
}: Omit<ListScreenProps<T>, "table" | "pages" | "tabs" | "csvHref"> & { list: ListData<T>; tabsLabel: string; caption: string; columns: ColumnDef<T, unknown>[] }) {
  const { rows, total, tabs, nextHref, firstHref, csvHref, empty } = list;
  return (
    <ListScreen
      {...screen}
      csvHref={csvHref}
      tabs={{ label: tabsLabel, tabs }}
      table={{ caption, columns, data: rows, rowKey: (r) => String(r.id), empty }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
