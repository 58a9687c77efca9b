import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, csvInstant, listLinks, parseListQuery, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportCustomers, listCustomers, type CustomerListItem } from "~/.server/customers/list.ts";
import { When } from "~/components/admin/data-table.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { CUSTOMER_FILTERS, customerListSchema, type CustomerListFilters } from "~/lib/forms/admin/customers.ts";
import type { Route } from "./+types/route";
import { link, muted } from "~/components/admin/styles.ts";
import { ListSearch } from "~/components/admin/search-field.tsx";

/**
 * /admin/customers: one row per customer, searched by mobile, name, company, GSTIN or reference, with tabs
 * for those with open requests, those not signed in to the portal yet and those erased; keyset pages newest
 * first, and the current filter as a CSV download (?format=csv). The list pattern: ~/.server/admin/list.ts.
 */
const PATH = "/admin/customers";

const CSV_COLUMNS: CsvColumn<CustomerListItem>[] = [
  { header: "Reference", value: (r) => r.reference },
  { header: "Name", value: (r) => r.name },
  { header: "Company", value: (r) => r.company },
  { header: "Mobile", value: (r) => r.mobile },
  { header: "E-mail", value: (r) => r.email },
  { header: "GSTIN", value: (r) => r.gstin },
  { header: "Sites", value: (r) => r.sites },
  { header: "Units", value: (r) => r.units },
  { header: "Requests", value: (r) => r.requests },
  { header: "Open requests", value: (r) => r.openRequests },
  { header: "Last request", value: (r) => csvInstant(r.lastRequestAt) },
  { header: "Portal account", value: (r) => (r.hasAccount ? "Yes" : "No") },
  { header: "Added", value: (r) => csvInstant(r.createdAt) },
  { header: "Erased", value: (r) => (r.erased ? "Yes" : "") },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("customers", customerListSchema, CSV_COLUMNS, (filters) => exportCustomers(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, customerListSchema);
  const page = await listCustomers(filters, cursor);
  return {
    filters,
    rows: page.rows,
    total: page.total,
    totalCapped: page.capped.includes(filters.show),
    ...listLinks(url, filters, cursor, page, CUSTOMER_FILTERS, "active"),
    empty: emptyMessage(filters),
  };
}

export const handle = { title: "Customers" };

function emptyMessage(f: CustomerListFilters): string {
  if (f.q) return `No customer matches "${f.q}". Search by mobile number, name, company, GSTIN or reference.`;
  switch (f.show) {
    case "open":
      return "No customer has an open request.";
    case "no-account":
      return "Every customer has signed in to the portal.";
    case "erased":
      return "No customer has been erased.";
    default:
      return "No customers yet: they are added with their first request, or by hand.";
  }
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${encodeURIComponent(r.reference)}`} className={link}>
          {r.name}
        </a>
        <span className={`block font-mono text-xs ${muted}`}>{r.reference}</span>
        {r.company && <span className="block">{r.company}</span>}
      </>
    ),
  },
  {
    id: "contact",
    header: "Contact",
    cell: ({ row: { original: r } }) =>
      r.erased ? (
        <span className={muted}>Erased</span>
      ) : (
        <>
          <span className="block whitespace-nowrap">{r.mobile ? formatIndianPhone(r.mobile) : "No mobile"}</span>
          {r.email && <span className={`block break-all ${muted}`}>{r.email}</span>}
        </>
      ),
  },
  { id: "gstin", header: "GSTIN", cell: ({ row: { original: r } }) => (r.gstin ? <span className="font-mono">{r.gstin}</span> : <span className={muted}>None</span>) },
  {
    id: "equipment",
    header: "Sites · units",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap tabular-nums">
        {r.sites} · {r.units}
      </span>
    ),
  },
  {
    id: "requests",
    header: "Requests",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap">
        {r.requests}
        {r.openRequests > 0 && <span className="font-semibold"> ({r.openRequests} open)</span>}
      </span>
    ),
  },
  { id: "last", header: "Last request", cell: ({ row: { original: r } }) => (r.lastRequestAt ? <When at={r.lastRequestAt} /> : <span className={muted}>None</span>) },
  { id: "account", header: "Portal", cell: ({ row: { original: r } }) => (r.hasAccount ? "Signed in" : <span className={muted}>Not yet</span>) },
];

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, totalCapped, tabs, nextHref, firstHref, csvHref, empty } = loaderData;
  return (
    <ListScreen
      title="Customers"
      description="One record per customer: their sites, equipment, requests and personal-data requests."
      primary={{ href: `${PATH}/new`, label: "Add a customer" }}
      csvHref={csvHref}
      tabs={{ label: "Which customers", tabs }}
      filters={<ListSearch path={PATH} label="Customers" id="customer-q" hint="Mobile number, name, company, GSTIN or reference (CU-…)." q={filters.q} show={filters.show} defaultShow="active" />}
      table={{ caption: "Customers, newest first", columns: COLUMNS, data: rows, rowKey: (r) => String(r.id), empty }}
      pages={{ total, capped: totalCapped, nextHref, firstHref }}
    />
  );
}
