import type { ColumnDef } from "@tanstack/react-table";
import { type CsvColumn, csvExportMiddleware, listScreen } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportContracts, listContracts, type ContractListItem } from "~/.server/contracts/list.ts";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { ListSearch } from "~/components/admin/search-field.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { BILLING_PLANS, CONTRACT_FILTERS, contractListSchema, type ContractListFilters } from "~/lib/forms/admin/contracts.ts";
import type { Route } from "./+types/route";

/**
 * /admin/contracts: the annual maintenance contracts, in tabs (active, expiring within 30 days, expired,
 * cancelled) with their counts, searched by the contract's or the customer's reference or the customer's
 * name, in keyset pages, and the current tab as a CSV download (?format=csv). A contract is made from a
 * customer (/admin/contracts/new?customer=CU-...).
 */
const PATH = "/admin/contracts";

const billingLabel = (b: string) => BILLING_PLANS.find((p) => p.value === b)?.label ?? b;

const CSV_COLUMNS: CsvColumn<ContractListItem>[] = [
  { header: "Reference", value: (r) => r.reference },
  { header: "Customer", value: (r) => r.customer },
  { header: "Customer reference", value: (r) => r.customerReference },
  { header: "Site", value: (r) => r.site },
  { header: "Plan", value: (r) => r.planLabel },
  { header: "Starts", value: (r) => r.startsOn },
  { header: "Ends", value: (r) => r.endsOn },
  { header: "Visits a year", value: (r) => r.visitsPerYear },
  { header: "Response (hours)", value: (r) => r.responseHours },
  // Rupees with two decimals, as a number a spreadsheet can add up.
  { header: "Price (₹, before GST)", value: (r) => (r.pricePaise / 100).toFixed(2) },
  { header: "Billing", value: (r) => billingLabel(r.billing) },
  { header: "Status", value: (r) => r.status },
  { header: "Next visit", value: (r) => r.nextVisit },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("contracts", contractListSchema, CSV_COLUMNS, (filters) => exportContracts(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return listScreen(url, contractListSchema, listContracts, CONTRACT_FILTERS, "active", emptyMessage);
}

export const handle = { title: "Contracts (AMC)" };

function emptyMessage(f: ContractListFilters): string {
  if (f.q) return `No contract matches "${f.q}". Search by the contract's or the customer's reference, or the customer's name or company.`;
  switch (f.show) {
    case "expiring":
      return "No contract ends in the next 30 days.";
    case "expired":
      return "No contract has expired.";
    case "cancelled":
      return "No contract has been cancelled.";
    default:
      return "No active contracts. Make one from a customer's page, or with New contract.";
  }
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "contract",
    header: "Contract",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.reference}`} className={`${link} font-mono`}>
          {r.reference}
        </a>
        <span className="block">AMC {r.planLabel}</span>
      </>
    ),
  },
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        <span className="block">{r.customer}</span>
        <span className={`block ${muted}`}>{r.site ?? "All sites"}</span>
      </>
    ),
  },
  {
    id: "period",
    header: "Period",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap">
        {formatDate(r.startsOn)} to
        <br />
        {formatDate(r.endsOn)}
      </span>
    ),
  },
  {
    id: "terms",
    header: "Visits · response",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap">
        {r.visitsPerYear} a year · {r.responseHours} h
      </span>
    ),
  },
  { id: "next", header: "Next visit", cell: ({ row: { original: r } }) => (r.nextVisit ? <span className="whitespace-nowrap">{formatDate(r.nextVisit)}</span> : <span className={muted}>None left</span>) },
  {
    id: "price",
    header: "Price before GST",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatPaise(r.pricePaise)} <span className={muted}>· {billingLabel(r.billing).toLowerCase()}</span>
      </span>
    ),
  },
];

export default function AdminContracts({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Contracts (AMC)"
      description="Annual maintenance contracts: the preventive visits made into jobs on schedule, renewals and billing dates."
      primary={{ href: `${PATH}/new`, label: "New contract" }}
      tabsLabel="Which contracts"
      filters={<ListSearch path={PATH} label="Contracts" id="contract-q" hint="A contract's or customer's reference, or the customer's name or company." q={filters.q} show={filters.show} defaultShow="active" />}
      caption="Contracts"
      columns={COLUMNS}
    />
  );
}
