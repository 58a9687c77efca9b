import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, csvInstant, listHref, pageLinks, parseListQuery, tabLinks, type CsvColumn, type ListQuery } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listServices } from "~/.server/content/index.ts";
import { exportServiceRequests, listServiceRequests, technicianChoices, type RequestListItem } from "~/.server/requests/list.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { whenColumn } from "~/components/admin/data-table.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { REQUEST_SORTS, requestListSchema, SLA_FILTERS, STATUS_FILTERS, type RequestListFilters, type StatusFilter } from "~/lib/forms/admin/request-list.ts";
import { URGENCIES } from "~/lib/forms/urgency.ts";
import { officeStatusLabel } from "~/lib/requests/status.ts";
import { FilterForm } from "./filter-form.tsx";
import { LiveStatus } from "~/components/live/live-status.tsx";
import type { Route } from "./+types/route";
import { link, muted } from "~/components/admin/styles.ts";

/**
 * /admin/service-requests: every service request, filtered, searched and sorted from the address (the list
 * pattern, ~/.server/admin/list.ts), in keyset pages, with the count per status tab, each request's response
 * clock, and the current filter as a CSV download (?format=csv).
 */
const PATH = "/admin/service-requests";

interface Choices {
  services: Array<{ slug: string; name: string }>;
  technicians: Array<{ id: number; name: string }>;
}

/** The filters of the address, less a service or technician the list does not offer (ignored, like any bad value). */
async function readQuery(url: URL): Promise<{ query: ListQuery<RequestListFilters>; choices: Choices }> {
  const query = parseListQuery(url, requestListSchema);
  const [services, technicians] = await Promise.all([listServices(), technicianChoices()]);
  const filters = { ...query.filters };
  if (filters.service && !services.some((s) => s.slug === filters.service)) delete filters.service;
  if (typeof filters.technician === "number" && !technicians.some((t) => t.id === filters.technician)) delete filters.technician;
  return { query: { ...query, filters }, choices: { services: services.map((s) => ({ slug: s.slug, name: s.name })), technicians } };
}

const CSV_COLUMNS: CsvColumn<RequestListItem>[] = [
  { header: "Reference", value: (r) => r.reference },
  { header: "Received", value: (r) => csvInstant(r.receivedAt) },
  { header: "Contact name", value: (r) => r.contactName },
  { header: "Mobile", value: (r) => r.mobile },
  { header: "E-mail", value: (r) => r.email },
  { header: "Company", value: (r) => r.company },
  { header: "City", value: (r) => r.city },
  { header: "Service", value: (r) => r.service },
  { header: "Urgency", value: (r) => r.urgencyLabel },
  { header: "Status", value: (r) => r.statusLabel },
  { header: "Technician", value: (r) => r.technician },
  { header: "Response due", value: (r) => csvInstant(r.responseDueAt) },
  { header: "First contact", value: (r) => csvInstant(r.firstContactAt) },
  { header: "Response", value: (r) => r.clock.text },
  { header: "PO number", value: (r) => r.poNumber },
];

export const middleware: Route.MiddlewareFunction[] = [
  csvExportMiddleware(
    "service-requests",
    async (url) => (await readQuery(url)).query.filters,
    CSV_COLUMNS,
    async (filters) => exportServiceRequests(filters, { escalateBeforeMinutes: (await getSiteSettings()).operations.escalateBeforeMinutes }),
  ),
];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const [{ query, choices }, site] = await Promise.all([readQuery(url), getSiteSettings()]);
  const { filters, cursor } = query;
  const page = await listServiceRequests(filters, cursor, { escalateBeforeMinutes: site.operations.escalateBeforeMinutes });
  const tabs = tabLinks(
    url,
    STATUS_FILTERS.map((s: StatusFilter) => ({ value: s, label: s === "open" ? "Open" : s === "all" ? "All" : officeStatusLabel(s) })),
    { param: "status", current: filters.status, default: "open", counts: page.counts, capped: page.capped },
  );
  return {
    filters: { ...filters, technician: filters.technician === undefined ? undefined : String(filters.technician) },
    choices,
    rows: page.rows,
    total: page.total,
    totalCapped: page.capped.includes(filters.status),
    tabs,
    sortLinks: {
      received: {
        href: listHref(url, { sort: filters.sort === "newest" ? "oldest" : null }),
        direction: filters.sort === "newest" ? ("descending" as const) : filters.sort === "oldest" ? ("ascending" as const) : undefined,
      },
      clock: { href: listHref(url, { sort: "due" }), direction: filters.sort === "due" ? ("ascending" as const) : undefined },
    },
    ...pageLinks(url, cursor, page.next),
    empty: emptyMessage(filters),
  };
}

export const handle = { title: "Service requests" };

function emptyMessage(f: RequestListFilters): string {
  const narrowed = f.urgency || f.service || f.city || f.from || f.to || f.technician !== undefined || f.sla || f.q;
  if (narrowed) return "No service request matches these filters.";
  if (f.status === "open") return "No open service requests: every request is completed or cancelled.";
  if (f.status === "all") return "No service requests yet.";
  return `No service requests with the status "${officeStatusLabel(f.status)}".`;
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const CLOCK_CLASS: Record<Item["clock"]["state"], string> = {
  breached: "font-semibold text-red-800 dark:text-red-300",
  due_soon: "font-semibold text-amber-900 dark:text-amber-200",
  on_track: "",
  met: "text-emerald-800 dark:text-emerald-300",
  missed: "text-slate-700 dark:text-slate-300",
  closed: muted,
};

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "reference",
    header: "Reference",
    cell: ({ row: { original: r } }) => (
      <a href={`${PATH}/${encodeURIComponent(r.reference)}`} className={`${link} font-mono whitespace-nowrap`}>
        {r.reference}
      </a>
    ),
  },
  whenColumn("received", "Received", (r) => r.receivedAt),
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block font-medium">{r.contactName}</span>
        {r.company && <span className={`block ${muted}`}>{r.company}</span>}
      </>
    ),
  },
  { id: "service", header: "Service", cell: ({ row: { original: r } }) => r.service ?? <span className={muted}>Not given</span> },
  { id: "city", header: "City", cell: ({ row: { original: r } }) => r.city ?? <span className={muted}>Not given</span> },
  {
    id: "urgency",
    header: "Urgency",
    cell: ({ row: { original: r } }) => <span className={r.urgency === "emergency" ? "font-semibold text-red-800 dark:text-red-300" : undefined}>{r.urgencyLabel}</span>,
  },
  { id: "status", header: "Status", cell: ({ row: { original: r } }) => <span className="whitespace-nowrap">{r.statusLabel}</span> },
  { id: "technician", header: "Technician", cell: ({ row: { original: r } }) => r.technician ?? <span className={muted}>Unassigned</span> },
  {
    id: "clock",
    header: "Response",
    cell: ({ row: { original: r } }) => <span className={`whitespace-nowrap ${CLOCK_CLASS[r.clock.state]}`}>{r.clock.text}</span>,
  },
];

export default function AdminServiceRequests({ loaderData }: Route.ComponentProps) {
  const { filters, choices, rows, total, totalCapped, tabs, sortLinks, nextHref, firstHref, csvHref, empty } = loaderData;
  return (
    <ListScreen
      // Live (issue 12 §1): the list reloads itself (same filters) when a request comes in or changes.
      live={<LiveStatus kinds={["request."]} what="The list" />}
      title="Service requests"
      description="Every request received, with its response clock. Filter, search and sort; the address keeps the view, so it can be bookmarked or shared."
      csvHref={csvHref}
      tabs={{ label: "Request status", tabs }}
      filters={
        <FilterForm
          action={PATH}
          filters={filters}
          choices={choices}
          urgencies={URGENCIES.map((u) => ({ value: u.value, label: u.label }))}
          slaStates={SLA_FILTERS.map((s) => ({ value: s.value, label: s.label }))}
          sorts={REQUEST_SORTS.map((s) => ({ value: s.value, label: s.label }))}
        />
      }
      table={{
        caption: `Service requests, ${REQUEST_SORTS.find((s) => s.value === filters.sort)?.label.toLowerCase() ?? ""}`,
        columns: COLUMNS,
        data: rows,
        rowKey: (r) => String(r.id),
        sort: sortLinks,
        empty,
      }}
      pages={{ total, capped: totalCapped, nextHref, firstHref }}
    />
  );
}
