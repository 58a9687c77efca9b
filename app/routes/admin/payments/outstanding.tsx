import { csvReportMiddleware, type CsvColumn } from "~/.server/admin/list.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { outstandingReport, type OutstandingCustomer } from "~/.server/payments/outstanding.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { AGEING_BUCKETS } from "~/lib/forms/admin/payments.ts";
import type { Route } from "./+types/outstanding";

/**
 * /admin/payments/outstanding: what each customer owes, aged by days past each invoice's due date
 * (~/.server/payments/outstanding.ts), with the totals, their overdue invoices, and the same as CSV
 * (?format=csv). The most overdue first: the customers to call first.
 */
const PATH = "/admin/payments/outstanding";

const rupees = (paise: number) => (paise / 100).toFixed(2);

const CSV_COLUMNS: CsvColumn<OutstandingCustomer>[] = [
  { header: "Customer reference", value: (c) => c.reference },
  { header: "Customer", value: (c) => c.company ?? c.name },
  ...AGEING_BUCKETS.map((b) => ({ header: `${b.label} past due (₹)`.replace("Not yet due past due", "Not yet due"), value: (c: OutstandingCustomer) => rupees(c.buckets[b.key]) })),
  { header: "Total due (₹)", value: (c) => rupees(c.totalPaise) },
  { header: "Advance held (₹)", value: (c) => rupees(c.advancePaise) },
  { header: "Invoices", value: (c) => c.invoices.map((i) => i.number).join(", ") },
];

export const middleware: Route.MiddlewareFunction[] = [csvReportMiddleware("outstanding", CSV_COLUMNS, async () => (await outstandingReport()).customers)];

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const [report, site] = await Promise.all([outstandingReport(), getSiteSettings()]);
  return {
    report,
    reminders: { every: site.operations.reminderEveryDays, max: site.operations.maxReminders },
  };
}

export const handle = { title: "Outstanding" };

const cell = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

export default function Outstanding({ loaderData }: Route.ComponentProps) {
  const { report, reminders } = loaderData;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        back={{ href: "/admin/payments", label: "Payments" }}
        title="Outstanding"
        description={`What each customer owes on ${formatDate(report.asOf)}, by how many days past its due date each invoice is.`}
        actions={
          <ButtonLink href={`${PATH}?format=csv`} download>
            Export CSV
          </ButtonLink>
        }
      />
      <p className={`mb-4 text-sm ${muted}`}>
        Ageing counts days past each invoice's due date (not its invoice date): an invoice due today is 0 days past due. Amounts due are the invoice total less payments and credit notes.
        Advances held are payments not yet allocated, shown beside and not taken off.{" "}
        {reminders.every > 0 && reminders.max > 0
          ? `Reminder SMS go ${reminders.every} days after the due date, then every ${reminders.every} days, at most ${reminders.max} per invoice (the settings' operations).`
          : "Reminder SMS are off in the settings' operations."}
      </p>
      {report.customers.length === 0 ? (
        <p className="my-6 rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">Nothing is outstanding: every invoice is paid.</p>
      ) : (
        <Table
          label="Outstanding by customer"
          caption="Outstanding by customer, in ageing buckets of days past the due date"
          columns={[
            "Customer",
            ...AGEING_BUCKETS.map((b) => ({ label: b.label, className: "px-3 py-2 text-right whitespace-nowrap" })),
            { label: "Total due", className: "px-3 py-2 text-right" },
            { label: "Advance held", className: "px-3 py-2 text-right" },
            "Invoices",
          ]}
          foot={
            <tfoot className="border-t-2 border-slate-300 font-semibold dark:border-slate-700">
              <tr>
                <th scope="row" className="px-3 py-2 text-left">
                  Total ({report.customers.length === 1 ? "1 customer" : `${report.customers.length} customers`})
                </th>
                {AGEING_BUCKETS.map((b) => (
                  <td key={b.key} className={cell}>
                    {formatPaise(report.totals[b.key])}
                  </td>
                ))}
                <td className={cell}>{formatPaise(report.totals.totalPaise)}</td>
                <td className={cell}>{formatPaise(report.totals.advancePaise)}</td>
                <td />
              </tr>
            </tfoot>
          }
        >
          {report.customers.map((c) => (
            <tr key={c.id} className="border-t border-slate-200 align-top dark:border-slate-800">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <a href={`/admin/customers/${encodeURIComponent(c.reference)}`} className={link}>
                  {c.company ?? c.name}
                </a>
                <span className={`block font-mono text-xs ${muted}`}>{c.reference}</span>
              </th>
              {AGEING_BUCKETS.map((b) => (
                <td key={b.key} className={cell}>
                  {c.buckets[b.key] ? formatPaise(c.buckets[b.key]) : <span className={muted}>-</span>}
                </td>
              ))}
              <td className={`${cell} font-semibold`}>{formatPaise(c.totalPaise)}</td>
              <td className={cell}>{c.advancePaise ? formatPaise(c.advancePaise) : <span className={muted}>-</span>}</td>
              <td className="min-w-56 px-3 py-2">
                <details>
                  <summary className="cursor-pointer py-1 text-sm">
                    {c.invoices.length === 1 ? "1 invoice" : `${c.invoices.length} invoices`}
                  </summary>
                  <ul className="mt-1 space-y-2 text-sm">
                    {c.invoices.map((i) => (
                      <li key={i.id}>
                        <a href={`/admin/invoices/${i.id}`} className={`${link} font-mono`}>
                          {i.number}
                        </a>{" "}
                        {formatPaise(i.duePaise)} due {formatDate(i.dueDate)}
                        {i.daysPastDue >= 0 ? `, ${i.daysPastDue} days past` : ""}
                        {i.remindersSent > 0 ? `, ${i.remindersSent} reminder${i.remindersSent === 1 ? "" : "s"} sent` : ""}
                      </li>
                    ))}
                  </ul>
                </details>
                <a href={`/admin/payments/new?customer=${encodeURIComponent(c.reference)}`} className={`${link} mt-2 inline-block py-1 text-sm`}>
                  Record a payment
                </a>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </div>
  );
}
