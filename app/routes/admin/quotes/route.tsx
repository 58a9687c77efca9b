import type { ColumnDef } from "@tanstack/react-table";
import { type CsvColumn, csvExportMiddleware, listScreen } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportQuotes, listQuotes, type QuoteListItem } from "~/.server/quotes/list.ts";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { ListSearch } from "~/components/admin/search-field.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { QUOTE_FILTERS, QUOTE_STATUS_LABELS, quoteListSchema, type QuoteListFilters } from "~/lib/forms/admin/quotes.ts";
import type { Route } from "./+types/route";

/**
 * /admin/quotes: every quote by state (draft, sent, approved, changes asked, expired, declined, all) with
 * its value, searched by quote reference or customer, newest first in keyset pages, and the current filter
 * as a CSV download (?format=csv). A quote is made from a request (?request=SR-...), a bench unit
 * (?bench=JC-...) or a customer (?customer=CU-...) at /admin/quotes/new.
 */
const PATH = "/admin/quotes";

const CSV_COLUMNS: CsvColumn<QuoteListItem>[] = [
  { header: "Reference", value: (r) => r.reference },
  { header: "Version", value: (r) => r.version },
  { header: "Title", value: (r) => r.title },
  { header: "Customer", value: (r) => r.customerReference },
  { header: "Name", value: (r) => r.customerName },
  { header: "Company", value: (r) => r.company },
  { header: "State", value: (r) => QUOTE_STATUS_LABELS[r.state] },
  // Rupees with two decimals, as a number a spreadsheet can add up.
  { header: "Total (₹, with GST)", value: (r) => (r.totalPaise / 100).toFixed(2) },
  { header: "Valid until", value: (r) => r.validUntil },
  { header: "Created", value: (r) => r.createdAt },
  { header: "Sent", value: (r) => r.sentAt },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("quotes", quoteListSchema, CSV_COLUMNS, (filters) => exportQuotes(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return listScreen(url, quoteListSchema, listQuotes, QUOTE_FILTERS, "all", emptyMessage);
}

export const handle = { title: "Quotes" };

function emptyMessage(f: QuoteListFilters): string {
  if (f.q) return `No quote matches "${f.q}". Search by quote reference, or the customer's name, company or reference.`;
  if (f.show === "all") return "No quotes yet. Make one from a service request, a bench job or a customer's page.";
  return `No quote is ${QUOTE_STATUS_LABELS[f.show].toLowerCase()}.`;
}

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "quote",
    header: "Quote",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.reference}`} className={`${link} font-mono`}>
          {r.reference}
        </a>
        {r.version > 1 && <span className={muted}> v{r.version}</span>}
        <span className="block">{r.title}</span>
      </>
    ),
  },
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        {r.company ?? r.customerName}
        <span className={`block text-sm ${muted}`}>
          {r.company ? `${r.customerName} · ` : ""}
          <span className="font-mono">{r.customerReference}</span>
        </span>
      </>
    ),
  },
  { id: "total", header: "Value", cell: ({ row: { original: r } }) => <span className="whitespace-nowrap tabular-nums">{formatPaise(r.totalPaise)}</span> },
  { id: "state", header: "State", cell: ({ row: { original: r } }) => <span className={r.state === "expired" || r.state === "declined" ? muted : "font-semibold"}>{QUOTE_STATUS_LABELS[r.state]}</span> },
  { id: "valid", header: "Valid until", cell: ({ row: { original: r } }) => <span className="whitespace-nowrap">{formatDate(r.validUntil)}</span> },
];

export default function AdminQuotes({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Quotes"
      description="Quotes to customers with their value and state. Make one from a service request, a bench job or a customer."
      primary={{ href: `${PATH}/new`, label: "Make a quote" }}
      tabsLabel="Which quotes"
      filters={<ListSearch path={PATH} label="Quotes" id="quote-q" hint="Quote reference, or the customer's name, company or reference." q={filters.q} show={filters.show} defaultShow="all" />}
      caption="Quotes, newest first"
      columns={COLUMNS}
    />
  );
}
