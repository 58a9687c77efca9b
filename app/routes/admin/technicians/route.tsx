import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, csvInstant, pageLinks, parseListQuery, tabLinks, type CsvColumn, type ListQuery } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportTechnicians, listTechnicians, serviceCatalogue, type TechnicianListItem } from "~/.server/technicians/office.ts";
import { When, whenColumn } from "~/components/admin/data-table.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { ButtonLink } from "~/components/admin/page-header.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { sortOf, TECHNICIAN_SORTS, TECHNICIAN_TABS, technicianListSchema, type TechnicianListFilters } from "~/lib/forms/admin/technicians.ts";
import { SKILLS } from "~/lib/forms/technician-registration.ts";
import { TechnicianFilterForm } from "./filter-form.tsx";
import type { Route } from "./+types/route";
import { link, muted } from "~/components/admin/styles.ts";

/**
 * /admin/technicians (permission "technicians"): the office's technicians. Tabs by application status
 * (active, applications waiting for review, rejected, all) with their counts; filters by base city, skill,
 * catalogue service and the "available now" switch; search by name, mobile or reference; keyset pages; the
 * current view as CSV (?format=csv). Each row opens the technician's page (/admin/technicians/{id}), where
 * applications are approved or rejected and the office edits skills, services and availability. The
 * stage requirements of field work are set on /admin/technicians/stages.
 */
const PATH = "/admin/technicians";

/** The filters of the address, less a service the catalogue does not have (ignored, like any bad value). */
async function readQuery(url: URL): Promise<{ query: ListQuery<TechnicianListFilters>; services: Array<{ slug: string; name: string }> }> {
  const query = parseListQuery(url, technicianListSchema);
  const services = await serviceCatalogue();
  const filters = { ...query.filters };
  if (filters.service && !services.some((s) => s.slug === filters.service)) delete filters.service;
  return { query: { ...query, filters }, services };
}

const CSV_COLUMNS: CsvColumn<TechnicianListItem>[] = [
  { header: "Reference", value: (r) => r.reference },
  { header: "Status", value: (r) => r.statusLabel },
  { header: "Name", value: (r) => r.name },
  { header: "Mobile", value: (r) => r.mobile },
  { header: "Base city", value: (r) => r.city },
  { header: "Skills", value: (r) => r.skills.join("; ") },
  { header: "Services", value: (r) => r.services.join("; ") },
  { header: "Availability", value: (r) => r.availability },
  { header: "Available now", value: (r) => (r.availableNow ? "yes" : "no") },
  { header: "Current jobs", value: (r) => r.currentJobs },
  { header: "Done this week", value: (r) => r.doneThisWeek },
  { header: "Done last week", value: (r) => r.doneLastWeek },
  { header: "Last job assigned", value: (r) => csvInstant(r.lastJobAt) },
  { header: "Applied", value: (r) => csvInstant(r.appliedAt) },
];

export const middleware: Route.MiddlewareFunction[] = [
  csvExportMiddleware("technicians", async (url) => (await readQuery(url)).query.filters, CSV_COLUMNS, (filters) => exportTechnicians(filters)),
];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { query, services } = await readQuery(url);
  const { filters, cursor } = query;
  const page = await listTechnicians(filters, cursor);
  return {
    filters: { ...filters, sort: sortOf(filters) },
    // A change of tab starts from that tab's own sort (newest first for applications, else by name).
    tabs: tabLinks(url, TECHNICIAN_TABS, { param: "status", current: filters.status, default: "approved", counts: page.counts, reset: ["sort"] }),
    services: services.map((s) => ({ value: s.slug, label: s.name })),
    rows: page.rows,
    total: page.total,
    ...pageLinks(url, cursor, page.next),
    clearHref: filters.status === "approved" ? PATH : `${PATH}?status=${filters.status}`,
    empty: emptyMessage(filters),
  };
}

export const handle = { title: "Technicians" };

function emptyMessage(f: TechnicianListFilters): string {
  if (f.city || f.skill || f.service || f.available || f.q) return "No technician matches these filters.";
  if (f.status === "pending") return "No applications are waiting for review.";
  if (f.status === "approved") return "No approved technicians yet: approve an application first.";
  if (f.status === "rejected") return "No rejected applications.";
  return "No technician has applied yet.";
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

function columnsFor(tab: TechnicianListFilters["status"]): ColumnDef<Item, unknown>[] {
  const columns: ColumnDef<Item, unknown>[] = [
    {
      id: "name",
      header: "Name",
      cell: ({ row: { original: r } }) => (
        <>
          <a href={`${PATH}/${r.id}`} className={`${link} whitespace-nowrap`}>
            {r.name}
          </a>
          <span className={`block font-mono text-xs whitespace-nowrap ${muted}`}>{r.reference}</span>
        </>
      ),
    },
    {
      id: "mobile",
      header: "Mobile",
      cell: ({ row: { original: r } }) => (
        <a href={telHref(r.mobile)} className={`${link} whitespace-nowrap`}>
          {formatIndianPhone(r.mobile)}
        </a>
      ),
    },
    { id: "city", header: "Base city", cell: ({ row: { original: r } }) => r.city },
    { id: "skills", header: "Skills", cell: ({ row: { original: r } }) => <span className="block min-w-40">{r.skills.join(", ")}</span> },
    {
      id: "services",
      header: "Services",
      cell: ({ row: { original: r } }) =>
        r.services.length > 0 ? <span className="block min-w-40">{r.services.join(", ")}</span> : <span className={muted}>None set</span>,
    },
    {
      id: "availability",
      header: "Availability",
      cell: ({ row: { original: r } }) => (
        <>
          <span className="block whitespace-nowrap">{r.availability}</span>
          {r.status === "approved" && (
            <span className={`block whitespace-nowrap ${r.availableNow ? "font-medium text-emerald-800 dark:text-emerald-300" : muted}`}>
              {r.availableNow ? "Available now" : "Not available now"}
            </span>
          )}
        </>
      ),
    },
  ];
  if (tab === "all") columns.push({ id: "status", header: "Status", cell: ({ row: { original: r } }) => r.statusLabel });
  if (tab === "pending" || tab === "all" || tab === "rejected") {
    columns.push(whenColumn("applied", "Applied", (r) => r.appliedAt));
  }
  if (tab !== "pending" && tab !== "rejected") {
    columns.push(
      { id: "current", header: "Current jobs", cell: ({ row: { original: r } }) => <span className="tabular-nums">{r.currentJobs}</span> },
      { id: "thisWeek", header: "Done this week", cell: ({ row: { original: r } }) => <span className="tabular-nums">{r.doneThisWeek}</span> },
      { id: "lastWeek", header: "Done last week", cell: ({ row: { original: r } }) => <span className="tabular-nums">{r.doneLastWeek}</span> },
      { id: "lastJob", header: "Last job", cell: ({ row: { original: r } }) => (r.lastJobAt ? <When at={r.lastJobAt} /> : <span className={muted}>None yet</span>) },
    );
  }
  return columns;
}

export default function AdminTechnicians({ loaderData }: Route.ComponentProps) {
  const { filters, tabs, services, rows, total, nextHref, firstHref, csvHref, clearHref, empty } = loaderData;
  const tab = TECHNICIAN_TABS.find((t) => t.value === filters.status);
  return (
    <ListScreen
      title="Technicians"
      description="Approved technicians with their skills, services, availability and jobs, and the applications waiting for review. Open a technician to review an application or change what they are trusted with. Jobs done count completed requests in India-time weeks from Monday; the last job is the latest one assigned to them."
      actions={<ButtonLink href={`${PATH}/stages`}>Stage requirements</ButtonLink>}
      csvHref={csvHref}
      tabs={{ label: "Technicians by status", tabs }}
      filters={
        <TechnicianFilterForm
          action={PATH}
          clearHref={clearHref}
          filters={filters}
          skills={SKILLS.map((s) => ({ value: s.id, label: s.label }))}
          services={services}
          sorts={TECHNICIAN_SORTS.map((s) => ({ value: s.value, label: s.label }))}
        />
      }
      table={{
        caption: `${tab?.label ?? "Technicians"}, ${TECHNICIAN_SORTS.find((s) => s.value === filters.sort)?.label.toLowerCase() ?? ""}`,
        columns: columnsFor(filters.status),
        data: rows,
        rowKey: (r) => String(r.id),
        empty,
      }}
      pages={{ total, nextHref, firstHref }}
    />
  );
}
