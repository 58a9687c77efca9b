import type { ColumnDef } from "@tanstack/react-table";
import { csvResponse, listHref, parseListQuery, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportBenchJobs, listBenchJobs, type BenchListItem } from "~/.server/bench/list.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { DataTable } from "~/components/admin/data-table.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { stageLabel } from "~/lib/bench/stages.ts";
import { formatDateTime } from "~/lib/format.ts";
import { BENCH_STAGE_FILTERS, benchListSchema, type BenchListFilters, type BenchStageFilter } from "~/lib/forms/admin/bench.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/route";
import { link, muted } from "~/components/admin/styles.ts";
import { Button } from "~/components/ui/button.tsx";

/**
 * /admin/bench: the workshop board. Every unit booked in for bench repair, newest first, by stage tab (the
 * units still in the workshop by default), searched by job card, serial number, customer or request; keyset
 * pages and the current filter as CSV (the list pattern, ~/.server/admin/list.ts). Units are booked in from
 * their service request's page.
 */
const PATH = "/admin/bench";

function indiaIso(iso: string | null): string {
  if (!iso) return "";
  return `${new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 19)}+05:30`;
}

const CSV_COLUMNS: CsvColumn<BenchListItem>[] = [
  { header: "Job card", value: (r) => r.jobCard },
  { header: "Received", value: (r) => indiaIso(r.receivedAt) },
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
  { header: "Returned", value: (r) => indiaIso(r.returnedAt) },
  { header: "Warranty until", value: (r) => r.warrantyUntil },
  { header: "Warranty repeat of", value: (r) => r.warrantyRepeatOf },
];

export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }, next) => {
    if (url.searchParams.get("format") !== "csv") return next();
    staffOf(context);
    const { filters } = parseListQuery(url, benchListSchema);
    return csvResponse("bench-jobs", CSV_COLUMNS, await exportBenchJobs(filters));
  },
];

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
  const [page, site] = await Promise.all([listBenchJobs(filters, cursor), getSiteSettings()]);
  return {
    filters,
    rows: page.rows,
    total: page.total,
    tabs: BENCH_STAGE_FILTERS.map((s) => ({ href: listHref(url, { stage: s === "open" ? null : s }), label: tabLabel(s), current: s === filters.stage, count: page.counts[s] })),
    nextHref: page.next ? listHref(url, { after: page.next }) : null,
    firstHref: cursor ? listHref(url, {}) : null,
    csvHref: listHref(url, { format: "csv" }),
    empty: emptyMessage(filters),
    meta: seo(site, { type: "policy", title: "Bench repair: Back Office", description: "Units in the workshop, by stage.", path: PATH, noindex: true }),
  };
}

export const meta = routeMeta;

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
  {
    id: "received",
    header: "Received",
    cell: ({ row: { original: r } }) => (
      <time dateTime={r.receivedAt} className="whitespace-nowrap">
        {formatDateTime(r.receivedAt)}
      </time>
    ),
  },
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
  const { filters, rows, total, tabs, nextHref, firstHref, csvHref, empty } = loaderData;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Bench repair"
        description="Units in the workshop, newest first. Book a unit in from its service request's page; each gets a job card and a label."
        actions={
          <ButtonLink href={csvHref} download>
            Export CSV
          </ButtonLink>
        }
      />
      <FilterTabs label="Stage" tabs={tabs} />
      <form method="get" action={PATH} role="search" aria-label="Search job cards" className="mb-4 flex flex-wrap items-end gap-3">
        {filters.stage !== "open" && <input type="hidden" name="stage" value={filters.stage} />}
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor="bench-q" className="block font-medium">
            Job card, serial number, customer or request
          </label>
          <input
            id="bench-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        <Button type="submit">
          Search
        </Button>
      </form>
      <DataTable caption="Bench jobs, newest first" columns={COLUMNS} data={rows} rowKey={(r) => String(r.id)} empty={empty} />
      <Pagination total={total} shown={rows.length} next={nextHref} first={firstHref} />
    </div>
  );
}
