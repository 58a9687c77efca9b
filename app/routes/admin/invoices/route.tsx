import type { ColumnDef } from "@tanstack/react-table";
import { type CsvColumn, csvExportMiddleware, listScreen } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { exportInvoices, listInvoices, type InvoiceListItem } from "~/.server/invoices/list.ts";
import { ListPage } from "~/components/admin/list-screen.tsx";
import { ListSearch } from "~/components/admin/search-field.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { INVOICE_FILTERS, invoiceListSchema, invoiceStatusLabel, type InvoiceListFilters } from "~/lib/forms/admin/invoices.ts";
import type { Route } from "./+types/route";

/**
 * /admin/invoices: the GST tax invoices and credit notes, with tabs by state (unpaid, partly paid, paid,
 * cancelled, credit notes, all), a search by number or customer, keyset pages newest first and the current
 * filter as a CSV download (?format=csv). The list pattern: ~/.server/admin/list.ts. Invoices are issued
 * from an approved quote or a completed job (their pages link here) or for a customer (New invoice).
 */
const PATH = "/admin/invoices";

/** Rupees with two decimals, as a number a spreadsheet can add up. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

const CSV_COLUMNS: CsvColumn<InvoiceListItem>[] = [
  { header: "Number", value: (r) => r.number },
  { header: "Kind", value: (r) => (r.kind === "invoice" ? "Tax invoice" : "Credit note") },
  { header: "Date", value: (r) => r.issueDate },
  { header: "Due by", value: (r) => (r.kind === "invoice" ? r.dueDate : "") },
  { header: "Customer", value: (r) => r.customerReference },
  { header: "Name", value: (r) => r.customerCompany ?? r.customerName },
  { header: "GSTIN", value: (r) => r.gstin },
  { header: "Place of supply", value: (r) => r.placeOfSupply },
  { header: "Taxable (₹)", value: (r) => rupees(r.taxablePaise) },
  { header: "CGST (₹)", value: (r) => rupees(r.cgstPaise) },
  { header: "SGST (₹)", value: (r) => rupees(r.sgstPaise) },
  { header: "IGST (₹)", value: (r) => rupees(r.igstPaise) },
  { header: "Total (₹)", value: (r) => rupees(r.totalPaise) },
  { header: "Paid (₹)", value: (r) => rupees(r.paidPaise) },
  { header: "Credited (₹)", value: (r) => rupees(r.creditedPaise) },
  { header: "Due (₹)", value: (r) => rupees(r.duePaise) },
  { header: "Status", value: (r) => invoiceStatusLabel(r.kind, r.status) },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("invoices", invoiceListSchema, CSV_COLUMNS, (filters) => exportInvoices(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  return listScreen(url, invoiceListSchema, listInvoices, INVOICE_FILTERS, "all", emptyMessage);
}

export const handle = { title: "Invoices" };

function emptyMessage(f: InvoiceListFilters): string {
  if (f.q) return `No invoice or credit note matches "${f.q}". Search by number (INV/2026-27/0001) or the customer's name, company or reference.`;
  switch (f.show) {
    case "unpaid":
      return "No invoice is waiting for payment.";
    case "partly_paid":
      return "No invoice is partly paid.";
    case "paid":
      return "No invoice has been paid yet.";
    case "cancelled":
      return "No invoice has been cancelled by a credit note.";
    case "credit_notes":
      return "No credit notes.";
    default:
      return "No invoices yet. Issue one from an approved quote or a completed job.";
  }
}

const COLUMNS: ColumnDef<InvoiceListItem, unknown>[] = [
  {
    id: "number",
    header: "Number",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${r.id}`} className={`${link} font-mono whitespace-nowrap`}>
          {r.number}
        </a>
        {r.kind === "credit_note" && <span className={`block text-sm ${muted}`}>Credit note</span>}
      </>
    ),
  },
  { id: "date", header: "Date", cell: ({ row: { original: r } }) => <span className="whitespace-nowrap">{formatDate(r.issueDate)}</span> },
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        {r.customerCompany ?? r.customerName}
        <span className={`block text-sm ${muted}`}>
          {r.customerReference}
          {r.gstin ? ` · ${r.gstin}` : " · B2C"}
        </span>
      </>
    ),
  },
  { id: "total", header: "Total", cell: ({ row: { original: r } }) => <span className="whitespace-nowrap tabular-nums">{formatPaise(r.totalPaise)}</span> },
  {
    id: "due",
    header: "Due",
    cell: ({ row: { original: r } }) =>
      r.kind === "invoice" ? (
        <span className="whitespace-nowrap tabular-nums">
          {formatPaise(r.duePaise)}
          {r.duePaise > 0 && <span className={`block text-sm ${r.overdue ? "font-semibold text-red-800 dark:text-red-300" : muted}`}>{r.overdue ? "Overdue since " : "by "}{formatDate(r.dueDate)}</span>}
        </span>
      ) : (
        <span className={muted}>-</span>
      ),
  },
  { id: "status", header: "Status", cell: ({ row: { original: r } }) => invoiceStatusLabel(r.kind, r.status) },
];

export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <ListPage
      list={loaderData}
      title="Invoices"
      description="GST tax invoices and credit notes. An invoice is never edited once issued: correct it with a credit note."
      primary={{ href: `${PATH}/new`, label: "New invoice" }}
      tabsLabel="Which invoices"
      filters={<ListSearch path={PATH} label="Invoices" id="invoice-q" hint="Invoice or credit note number, or the customer's name, company or reference." q={filters.q} show={filters.show} defaultShow="all" />}
      caption="Invoices and credit notes, newest first"
      columns={COLUMNS}
    />
  );
}
