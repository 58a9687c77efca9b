import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, csvInstant, pageLinks, parseListQuery, tabLinks, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportBenchJobs, listBenchJobs, type BenchListItem } from "~/.server/bench/list.ts";
import { InlineFilters } from "~/components/admin/filter-form.tsx";
import { whenColumn } from "~/components/admin/data-table.tsx";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { SearchField } from "~/components/admin/search-field.tsx";
import { stageLabel } from "~/lib/bench/stages.ts";
import { BENCH_STAGE_FILTERS, benchListSchema, type BenchListFilters, type BenchStageFilter } from "~/lib/forms/admin/bench.ts";
import type { Route } from "./+types/route";
import { link, muted } from "~/components/admin/styles.ts";

/**
 * /admin/bench: the workshop board. Every unit booked in for bench repair, newest first, by stage tab (the
 * units still in the workshop by default), searched by job card, serial number, customer or request; keyset
 * pages and the current filter as CSV (the list pattern, ~/.server/admin/list.ts). Units are booked in from
 * their service request's page.
 */
const PATH = "/admin/bench";

const CSV_COLUMNS: CsvColumn<BenchListItem>[] = [
  { header: "Job card", value: (r) => r.jobCard },
  { header: "Received", value: (r) => csvInstant(r.receivedAt) },
  { header: "Stage", value: (r) => r.stageLabel },
  { header: "Unit", value: (r) => r.unit },
  { header: "Kind", value: (r) => r.kind },
  { header: "Serial number", value: (r) => r.serialNumber },
  { header: "Customer", value: (r) => r.customer },
  { header: "Company", value: (r) => r.company },
  { header: "Mobile", value: (r) => r.mobile },
  { header: "Request", value: (r) => r.request },
  { header: "Estimate", value: (r) => r.estimate },
  { header: "Load test", value: (r) => r.testResult },
  { header: "Returned", value: (r) => csvInstant(r.returnedAt) },
  { header: "Warranty until", value: (r) => r.warrantyUntil },
  { header: "Warranty repeat of", value: (r) => r.warrantyRepeatOf },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("bench-jobs", benchListSchema, CSV_COLUMNS, (filters) => exportBenchJobs(filters))];

function tabLabel(s: BenchStageFilter): string {
  return s === "open" ? "In the workshop" : s === "all" ? "All" : stageLabel(s);
}

function emptyMessage(f: BenchListFilters): string {
  if (f.q) return "No job card matches this search.";
  if (f.stage === "open") return "No units in the workshop. Book one in from its service request's page.";
  if (f.stage === "all") return "No units booked in for bench repair yet. Book one in from its service request's page.";
  return `No units at "${tabLabel(f.stage)}".`;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, benchListSchema);
  const page = await listBenchJobs(filters, cursor);
  return {
    filters,
    rows: page.rows,
    total: page.total,
    tabs: tabLinks(
      url,
      BENCH_STAGE_FILTERS.map((s) => ({ value: s, label: tabLabel(s) })),
      { param: "stage", current: filters.stage, default: "open", counts: page.counts },
    ),
    ...pageLinks(url, cursor, page.next),
    empty: emptyMessage(filters),
  };
}

export const handle = { title: "Bench repair" };

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "jobCard",
    header: "Job card",
    cell: ({ row: { original: r } }) => (
      <a href={`${PATH}/${encodeURIComponent(r.jobCard)}`} className={`${link} font-mono whitespace-nowrap`}>
        {r.jobCard}
      </a>
    ),
  },
  whenColumn("received", "Received", (r) => r.receivedAt),
  {
    id: "unit",
    header: "Unit",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block font-medium">{r.unit}</span>
        {r.warrantyRepeatOf && <span className="block font-semibold text-amber-900 dark:text-amber-200">Warranty repeat of {r.warrantyRepeatOf}</span>}
      </>
    ),
  },
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block font-medium">{r.customer}</span>
        {r.company && <span className={`block ${muted}`}>{r.company}</span>}
      </>
    ),
  },
  { id: "stage", header: "Stage", cell: ({ row: { original: r } }) => <span className="whitespace-nowrap">{r.stageLabel}</span> },
  {
    id: "request",
    header: "Request",
    cell: ({ row: { original: r } }) => (
      <a href={`/admin/service-requests/${encodeURIComponent(r.request)}`} className={`${link} font-mono whitespace-nowrap`}>
        {r.request}
      </a>
    ),
  },
  { id: "warranty", header: "Warranty until", cell: ({ row: { original: r } }) => r.warrantyUntil ?? <span className={muted}>Not returned</span> },
];

export default function AdminBench({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Bench repair"
      description="Units in the workshop, newest first. Book a unit in from its service request's page; each gets a job card and a label."
      tabsLabel="Stage"
      filters={
        <InlineFilters path={PATH} label="Search job cards" keep={{ stage: filters.stage === "open" ? undefined : filters.stage }} filtered={Boolean(filters.q)}>
          <SearchField id="bench-q" label="Job card, serial number, customer or request" value={filters.q} />
        </InlineFilters>
      }
      caption="Bench jobs, newest first"
      columns={COLUMNS}
    />
  );
}
