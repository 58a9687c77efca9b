import type { ColumnDef } from "@tanstack/react-table";
import { csvResponse, listHref, parseListQuery, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { creditBalances, gatewayEventsToCheck, recentRefunds } from "~/.server/payments/credit.ts";
import { exportPayments, listPayments, type PaymentListItem } from "~/.server/payments/list.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { DataTable } from "~/components/admin/data-table.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { SearchField } from "~/components/admin/search-field.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { Button } from "~/components/ui/button.tsx";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, paymentListSchema } from "~/lib/forms/admin/payments.ts";
import { routeMeta } from "~/lib/route-meta.ts";
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

/** ?format=csv answers with the file itself. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ url, context }, next) => {
    if (url.searchParams.get("format") !== "csv") return next();
    staffOf(context);
    const { filters } = parseListQuery(url, paymentListSchema);
    return csvResponse("payments", CSV_COLUMNS, await exportPayments(filters));
  },
];

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, paymentListSchema);
  const db = getDb();
  const [page, site, credits, gateway, refunds] = await Promise.all([listPayments(filters, cursor), getSiteSettings(), creditBalances(db), gatewayEventsToCheck(db), recentRefunds(db, 10)]);
  const tabs = [{ value: undefined, label: "All" }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))].map((t) => ({
    href: listHref(url, { method: t.value ?? null }),
    label: t.label,
    current: filters.method === t.value,
  }));
  return {
    filters,
    rows: page.rows,
    total: page.total,
    totalPaise: page.totalPaise,
    tabs,
    nextHref: page.next ? listHref(url, { after: page.next }) : null,
    firstHref: cursor ? listHref(url, {}) : null,
    csvHref: listHref(url, { format: "csv" }),
    credits,
    gateway,
    refunds,
    meta: seo(site, { type: "policy", title: "Payments: Back Office", description: "The payment register: money received and its receipts.", path: PATH, noindex: true }),
  };
}

export const meta = routeMeta;

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
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Payments"
        description="Money received, with its receipts. Record a payment against a customer's invoices, see what is outstanding, reconcile a bank statement, and export for the accountant."
        actions={
          <>
            <ButtonLink href={`${PATH}/new`} primary>
              Record a payment
            </ButtonLink>
            <ButtonLink href={`${PATH}/outstanding`}>Outstanding</ButtonLink>
            <ButtonLink href={`${PATH}/reconciliation`}>Reconcile a statement</ButtonLink>
            <ButtonLink href={`${PATH}/exports`}>Exports (GSTR-1)</ButtonLink>
            <ButtonLink href={csvHref} download>
              Export CSV
            </ButtonLink>
          </>
        }
      />
      <FilterTabs label="Payment method" tabs={tabs} />
      <form method="get" action={PATH} role="search" aria-label="Payments" className="mb-4 flex flex-wrap items-end gap-3">
        {filters.method && <input type="hidden" name="method" value={filters.method} />}
        <SearchField id="payment-q" value={filters.q} hint="Receipt number, UTR or reference, customer." />
        <div className="pb-7">
          <label htmlFor="payment-from" className="block text-sm font-medium">
            Received from
          </label>
          <input id="payment-from" name="from" type="date" defaultValue={filters.from ?? ""} className={control} />
        </div>
        <div className="pb-7">
          <label htmlFor="payment-to" className="block text-sm font-medium">
            to
          </label>
          <input id="payment-to" name="to" type="date" defaultValue={filters.to ?? ""} className={control} />
        </div>
        <div className="flex gap-3 pb-7">
          <Button type="submit">
            Search
          </Button>
          {filtered && (
            <a href={filters.method ? `${PATH}?method=${filters.method}` : PATH} className="inline-flex h-11 items-center font-semibold text-brand-700 underline dark:text-sky-300">
              Clear
            </a>
          )}
        </div>
      </form>
      <p className={`mb-3 text-sm ${muted}`}>
        {total === 1 ? "1 payment" : `${total.toLocaleString("en-IN")} payments`}, {formatPaise(totalPaise)} in all.
      </p>
      <DataTable caption="Payments, newest first" columns={COLUMNS} data={rows} rowKey={(r) => String(r.id)} empty={filtered || filters.method ? "No payment matches these filters." : "No payments recorded yet."} />
      <Pagination total={total} shown={rows.length} next={nextHref} first={firstHref} />
      <MoneyHeld credits={loaderData.credits} refunds={loaderData.refunds} />
      <GatewayEvents gateway={loaderData.gateway} />
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];
const cell = "p-2 text-left align-top";

/** Customer credit (what the business holds for customers) and the latest refund vouchers. */
function MoneyHeld({ credits, refunds }: Pick<Data, "credits" | "refunds">) {
  const total = credits.reduce((sum, c) => sum + c.creditPaise, 0);
  return (
    <section aria-labelledby="credits-heading" className="mt-10">
      <h2 id="credits-heading" className="text-xl font-semibold">
        Customer credit
      </h2>
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
    </section>
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
