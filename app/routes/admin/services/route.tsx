import type { ColumnDef } from "@tanstack/react-table";
import { type CsvColumn, csvExportMiddleware, listScreen } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportServiceCatalogue, listServiceCatalogue, type ServiceListItem } from "~/.server/service-catalogue/list.ts";
import { InlineFilters } from "~/components/admin/filter-form.tsx";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { SearchField } from "~/components/admin/search-field.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { formatPaise } from "~/lib/format.ts";
import { SERVICE_FILTERS, serviceListSchema, type ServiceListFilters } from "~/lib/forms/admin/services.ts";
import { SERVICE_CATEGORIES } from "~/lib/settings-schema.ts";
import type { Route } from "./+types/route";

/**
 * /admin/services (and /admin/service-management, the spec's second name for it): the service catalogue in
 * the home page's order, searched by name or address, with tabs for shown and hidden, a category filter,
 * keyset pages and the CSV export. What is saved here is what the site shows (~/.server/service-catalogue).
 */
const PATH = "/admin/services";

const band = (r: ServiceListItem) => (r.band ? `${formatPaise(r.band.minPaise, { wholeRupeesBare: true })} to ${formatPaise(r.band.maxPaise, { wholeRupeesBare: true })}` : "");

const CSV_COLUMNS: CsvColumn<ServiceListItem>[] = [
  { header: "Place on the home page", value: (r) => r.place },
  { header: "Name", value: (r) => r.name },
  { header: "Address", value: (r) => r.path },
  { header: "Category", value: (r) => r.category },
  { header: "SAC", value: (r) => r.sac },
  // Rupees, as numbers a spreadsheet can compare.
  { header: "Band from (₹)", value: (r) => (r.band ? (r.band.minPaise / 100).toFixed(2) : "") },
  { header: "Band to (₹)", value: (r) => (r.band ? (r.band.maxPaise / 100).toFixed(2) : "") },
  { header: "Shown", value: (r) => (r.shown ? "Yes" : "No") },
  { header: "Cities", value: (r) => (r.cities ? r.cities : "All") },
  { header: "Questions", value: (r) => r.faqs },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("services", serviceListSchema, CSV_COLUMNS, (filters) => exportServiceCatalogue(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return listScreen(url, serviceListSchema, listServiceCatalogue, SERVICE_FILTERS, "all", emptyMessage);
}

export const handle = { title: "Services" };

function emptyMessage(f: ServiceListFilters): string {
  if (f.q) return `No service matches "${f.q}". Search by name or address.`;
  if (f.show === "hidden") return "No service is hidden: the site shows every one.";
  if (f.show === "shown") return "No service is shown on the site.";
  return f.category ? `No ${f.category} service yet.` : "No services yet: add the first one.";
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  { id: "place", header: "Place", cell: ({ row: { original: r } }) => <span className="tabular-nums">{r.place}</span> },
  {
    id: "service",
    header: "Service",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.id}`} className={link}>
          {r.name}
        </a>
        <span className={`block font-mono text-sm ${muted}`}>{r.path}</span>
      </>
    ),
  },
  { id: "category", header: "Category", cell: ({ row: { original: r } }) => r.category },
  { id: "sac", header: "SAC", cell: ({ row: { original: r } }) => (r.sac ? <span className="font-mono">{r.sac}</span> : <span className={muted}>None</span>) },
  { id: "band", header: "Indicative band", cell: ({ row: { original: r } }) => (r.band ? <span className="whitespace-nowrap tabular-nums">{band(r)}</span> : <span className={muted}>The category&apos;s</span>) },
  { id: "cities", header: "Cities", cell: ({ row: { original: r } }) => (r.cities ? r.cities : <span className={muted}>All</span>) },
  { id: "state", header: "On the site", cell: ({ row: { original: r } }) => (r.shown ? "Shown" : <span className="font-semibold">Hidden</span>) },
];

export default function AdminServices({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Services"
      description="The service catalogue, in the home page's order: what each service page says, its SAC code, its indicative price band and the cities it is offered in."
      primary={{ href: `${PATH}/new`, label: "Add a service" }}
      tabsLabel="Which services"
      filters={
        <InlineFilters path={PATH} label="Services" keep={{ show: filters.show === "all" ? undefined : filters.show }} filtered={Boolean(filters.q || filters.category)}>
          <SearchField id="service-q" value={filters.q} hint="Name or address." />
          <div className="min-w-0 grow sm:max-w-xs">
            <label htmlFor="service-category" className="block text-sm font-medium">
              Category
            </label>
            <select id="service-category" name="category" defaultValue={filters.category ?? ""} className={control}>
              <option value="">Every category</option>
              {SERVICE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        </InlineFilters>
      }
      caption="Services, in the home page's order"
      columns={COLUMNS}
    />
  );
}
