import type { ColumnDef } from "@tanstack/react-table";
import { csvExportMiddleware, pageLinks, parseListQuery, tabLinks, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { creditBalances, gatewayEventsToCheck, recentRefunds } from "~/.server/payments/credit.ts";
import { exportPayments, listPayments, type PaymentListItem } from "~/.server/payments/list.ts";
import { InlineDate, InlineFilters } from "~/components/admin/filter-form.tsx";
import { ListScreen } from "~/components/admin/list-screen.tsx";
import { ButtonLink } from "~/components/admin/page-header.tsx";
import { SearchField } from "~/components/admin/search-field.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, paymentListSchema } from "~/lib/forms/admin/payments.ts";
import type { Route } from "./+types/route";

/**
 * /admin/payments: the payment register. Every payment received (UPI, bank transfer, cash, cheque, online
 * through the gateway), newest first, with tabs per method, a date range and a search (receipt number,
 * UTR or reference, customer), keyset pages and the filter as CSV. The list pattern: ~/.server/admin/list.ts.
 */
const PATH = "/admin/payments";

const CSV_COLUMNS: CsvColumn<PaymentListItem>[] = [
  { header: "Receipt", value: (r) => r.reference },
  { header: "Date received", value: (r) => r.receivedOn },
  { header: "Customer reference", value: (r) => r.customerReference },
  { header: "Customer", value: (r) => r.customerCompany ?? r.customerName },
  { header: "Method", value: (r) => r.methodLabel },
  { header: "UTR / reference", value: (r) => r.instrumentLabel },
  { header: "Amount (₹)", value: (r) => (r.amountPaise / 100).toFixed(2) },
  { header: "Allocated to", value: (r) => r.invoices },
  { header: "Advance not allocated (₹)", value: (r) => (r.unallocatedPaise / 100).toFixed(2) },
];

export const middleware: Route.MiddlewareFunction[] = [csvExportMiddleware("payments", paymentListSchema, CSV_COLUMNS, (filters) => exportPayments(filters))];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, paymentListSchema);
  const db = getDb();
  const [page, credits, gateway, refunds] = await Promise.all([listPayments(filters, cursor), creditBalances(db), gatewayEventsToCheck(db), recentRefunds(db, 10)]);
  const methods = [{ value: "all" as const, label: "All" }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))];
  const tabs = tabLinks(url, methods, { param: "method", current: filters.method ?? "all", default: "all" });
  return {
    filters,
    rows: page.rows,
    total: page.total,
    totalPaise: page.totalPaise,
    tabs,
    ...pageLinks(url, cursor, page.next),
    credits,
    gateway,
    refunds,
  };
}

export const handle = { title: "Payments" };

type Item = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ColumnDef<Item, unknown>[] = [
  {
    id: "receipt",
    header: "Receipt",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`${PATH}/${encodeURIComponent(r.reference)}`} className={`${link} font-mono whitespace-nowrap`}>
          {r.reference}
        </a>
        <span className={`block whitespace-nowrap ${muted}`}>{formatDate(r.receivedOn)}</span>
      </>
    ),
  },
  {
    id: "customer",
    header: "Customer",
    cell: ({ row: { original: r } }) => (
      <>
        <a href={`/admin/customers/${encodeURIComponent(r.customerReference)}`} className={link}>
          {r.customerCompany ?? r.customerName}
        </a>
        <span className={`block font-mono text-xs ${muted}`}>{r.customerReference}</span>
      </>
    ),
  },
  {
    id: "method",
    header: "Method",
    cell: ({ row: { original: r } }) => (
      <>
        {r.methodLabel}
        {r.instrumentLabel && <span className={`block font-mono text-xs break-all ${muted}`}>{r.instrumentLabel}</span>}
      </>
    ),
  },
  {
    id: "amount",
    header: "Amount",
    cell: ({ row: { original: r } }) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatPaise(r.amountPaise)}
        {r.unallocatedPaise > 0 && <span className={`block text-xs ${muted}`}>{formatPaise(r.unallocatedPaise)} advance</span>}
      </span>
    ),
  },
  { id: "invoices", header: "Allocated to", cell: ({ row: { original: r } }) => (r.invoices ? <span className="font-mono text-xs">{r.invoices}</span> : <span className={muted}>Advance</span>) },
];

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { filters, rows, total, totalPaise, tabs, nextHref, firstHref, csvHref } = loaderData;
  const filtered = Boolean(filters.q || filters.from || filters.to);
  return (
    <ListScreen
      title="Payments"
      description="Money received, with its receipts. Record a payment against a customer's invoices, see what is outstanding, reconcile a bank statement, and export for the accountant."
      primary={{ href: `${PATH}/new`, label: "Record a payment" }}
      actions={
        <>
          <ButtonLink href={`${PATH}/outstanding`}>Outstanding</ButtonLink>
          <ButtonLink href={`${PATH}/reconciliation`}>Reconcile a statement</ButtonLink>
          <ButtonLink href={`${PATH}/exports`}>Exports (GSTR-1)</ButtonLink>
        </>
      }
      csvHref={csvHref}
      tabs={{ label: "Payment method", tabs }}
      filters={
        <InlineFilters path={PATH} label="Payments" keep={{ method: filters.method }} filtered={filtered}>
          <SearchField id="payment-q" value={filters.q} hint="Receipt number, UTR or reference, customer." />
          <InlineDate id="payment-from" name="from" label="Received from" value={filters.from} />
          <InlineDate id="payment-to" name="to" label="to" value={filters.to} />
        </InlineFilters>
      }
      summary={
        <p className={`mb-3 text-sm ${muted}`}>
          {total === 1 ? "1 payment" : `${total.toLocaleString("en-IN")} payments`}, {formatPaise(totalPaise)} in all.
        </p>
      }
      table={{
        caption: "Payments, newest first",
        columns: COLUMNS,
        data: rows,
        rowKey: (r) => String(r.id),
        empty: filtered || filters.method ? "No payment matches these filters." : "No payments recorded yet.",
      }}
      pages={{ total, nextHref, firstHref }}
    >
      <MoneyHeld credits={loaderData.credits} refunds={loaderData.refunds} />
      <GatewayEvents gateway={loaderData.gateway} />
    </ListScreen>
  );
}

type Data = Route.ComponentProps["loaderData"];
const cell = "p-2 text-left align-top";

/** Customer credit (what the business holds for customers) and the latest refund vouchers. */
function MoneyHeld({ credits, refunds }: Pick<Data, "credits" | "refunds">) {
  const total = credits.reduce((sum, c) => sum + c.creditPaise, 0);
  return (
    <TitledSection headingId="credits-heading" title="Customer credit" className="mt-10" headingClassName="text-xl font-semibold">
      <p className={`mt-1 text-sm ${muted}`}>Money received that no invoice holds: apply it to an invoice or refund it from the customer&apos;s page.</p>
      {credits.length === 0 ? (
        <p className="mt-2">No customer holds credit.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Customers holding credit, largest first</caption>
            <thead>
              <tr className="border-b border-slate-300 dark:border-slate-700">
                <th scope="col" className={cell}>
                  Customer
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Credit
                </th>
              </tr>
            </thead>
            <tbody>
              {credits.map((c) => (
                <tr key={c.customerId} className="border-b border-slate-200 dark:border-slate-800">
                  <td className={cell}>
                    <a href={`/admin/customers/${encodeURIComponent(c.reference)}`} className={link}>
                      {c.reference}
                    </a>{" "}
                    {c.company ?? c.name}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{formatPaise(c.creditPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className={cell}>
                  In all
                </th>
                <td className={`${cell} text-right font-semibold tabular-nums`}>{formatPaise(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {refunds.length > 0 && (
        <>
          <h3 className="mt-6 text-lg font-semibold">Latest refund vouchers</h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {refunds.map((r) => (
              <li key={r.number} className="flex flex-wrap justify-between gap-2 p-3 text-sm">
                <span>
                  <span className="font-mono">{r.number}</span> · {formatDate(r.paidOn)} ·{" "}
                  <a href={`/admin/customers/${encodeURIComponent(r.customerReference)}`} className={link}>
                    {r.customerReference}
                  </a>{" "}
                  {r.customerCompany ?? r.customerName} · {PAYMENT_METHOD_LABELS[r.method]}
                </span>
                <span className="tabular-nums">{formatPaise(r.amountPaise)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </TitledSection>
  );
}

/** Gateway calls refused, or recorded other than as asked: each with what was done about it. */
function GatewayEvents({ gateway }: Pick<Data, "gateway">) {
  return (
    <section id="gateway-events" aria-labelledby="gateway-heading" className="mt-10">
      <h2 id="gateway-heading" className="text-xl font-semibold">
        Gateway events to check
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>
        Payment gateway calls that were refused or did not match an invoice. Money the gateway captured is always recorded; what did not fit an invoice is held as the customer&apos;s credit.
      </p>
      {gateway.rows.length === 0 ? (
        <p className="mt-2">None.</p>
      ) : (
        <>
          <p className="mt-2 text-sm">{gateway.total === 1 ? "1 event" : `${gateway.total} events`}{gateway.total > gateway.rows.length ? `, the latest ${gateway.rows.length} shown` : ""}.</p>
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {gateway.rows.map((g) => (
              <li key={g.id} className="p-3 text-sm">
                <p className="flex flex-wrap gap-x-2">
                  <span className="font-semibold">{g.outcome === "held" ? "Recorded, not as asked" : "Refused"}</span>
                  <span>· {formatDateTime(g.receivedAt)}</span>
                  {g.event && <span className="font-mono">· {g.event}</span>}
                  {g.invoiceNumber && <span className="font-mono">· {g.invoiceNumber}</span>}
                  {g.paymentReference && (
                    <a href={`${PATH}/${encodeURIComponent(g.paymentReference)}`} className={link}>
                      {g.paymentReference}
                    </a>
                  )}
                </p>
                <p className="mt-1">{g.reason}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
