import type { ColumnDef } from "@tanstack/react-table";
import { type CsvColumn, csvExportMiddleware, listScreen } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportVendors, listVendors, type VendorListItem } from "~/.server/vendors/list.ts";
import { InlineFilters } from "~/components/admin/filter-form.tsx";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { ButtonLink } from "~/components/admin/page-header.tsx";
import { SearchField } from "~/components/admin/search-field.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { VENDOR_FILTERS, vendorListSchema, type VendorListFilters } from "~/lib/forms/admin/vendors.ts";
import type { Route } from "./+types/route";

/**
 * /admin/vendors: the suppliers we buy parts from, searched by name, GSTIN or city, with tabs for active and
 * archived vendors, keyset pages in name order, and the current filter as a CSV download (?format=csv). The
 * list pattern: ~/.server/admin/list.ts.
 */
const PATH = "/admin/vendors";

const CSV_COLUMNS: CsvColumn<VendorListItem>[] = [
  { header: "Id", value: (r) => r.id },
  { header: "Name", value: (r) => r.name },
  { header: "GSTIN", value: (r) => r.gstin },
  { header: "State code", value: (r) => r.stateCode },
  { header: "State", value: (r) => r.state },
  { header: "City", value: (r) => r.city },
  { header: "Contact", value: (r) => r.contact },
  { header: "Phone", value: (r) => r.phone },
  { header: "E-mail", value: (r) => r.email },
  { header: "Payment terms (days)", value: (r) => r.paymentTermsDays },
  { header: "Parts supplied", value: (r) => r.parts },
  { header: "Archived", value: (r) => (r.archived ? "Yes" : "") },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("vendors", vendorListSchema, CSV_COLUMNS, (filters) => exportVendors(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return listScreen(url, vendorListSchema, listVendors, VENDOR_FILTERS, "active", emptyMessage);
}

export const handle = { title: "Vendors" };

function emptyMessage(f: VendorListFilters): string {
  if (f.q) return `No vendor matches "${f.q}". Search by name, GSTIN or city.`;
  return f.show === "archived" ? "No vendor has been archived." : "No vendors yet: add the first one.";
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "vendor",
    header: "Vendor",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.id}`} className={link}>
          {r.name}
        </a>
        {r.gstin ? <span className="block font-mono text-sm">{r.gstin}</span> : <span className={`block text-sm ${muted}`}>Unregistered</span>}
      </>
    ),
  },
  { id: "place", header: "City · state", cell: ({ row: { original: r } }) => [r.city, r.state].filter(Boolean).join(" · ") || <span className={muted}>Not given</span> },
  {
    id: "contact",
    header: "Contact",
    cell: ({ row: { original: r } }) =>
      r.contact ? (
        <>
          {r.contact}
          {r.phone && (
            <a href={`tel:${r.phone}`} className={`block ${link}`}>
              {r.phone}
            </a>
          )}
        </>
      ) : (
        <span className={muted}>None</span>
      ),
  },
  { id: "terms", header: "Pays in", cell: ({ row: { original: r } }) => (r.paymentTermsDays === 0 ? "On delivery" : `${r.paymentTermsDays} days`) },
  { id: "parts", header: "Parts", cell: ({ row: { original: r } }) => <span className="tabular-nums">{r.parts}</span> },
];

export default function AdminVendors({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Vendors"
      description="The suppliers we buy parts from: their GSTIN, who to call, the parts they supply at what price, and their bills."
      primary={{ href: `${PATH}/new`, label: "Add a vendor" }}
      actions={
        <>
          <ButtonLink href={`${PATH}/orders`}>Purchase orders</ButtonLink>
          <ButtonLink href={`${PATH}/parts-requests`}>Parts requests</ButtonLink>
        </>
      }
      tabsLabel="Which vendors"
      filters={
        <InlineFilters path={PATH} label="Vendors" keep={{ show: filters.show === "active" ? undefined : filters.show }} filtered={Boolean(filters.q)}>
          <SearchField id="vendor-q" value={filters.q} hint="Name, GSTIN or city." />
        </InlineFilters>
      }
      caption="Vendors, by name"
      columns={COLUMNS}
    />
  );
}
