import type { PortalMoney } from "~/.server/customers/portal-money.ts";
import { ButtonLink } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";

/**
 * The money of a request or a customer on its back-office page (issue 11): its quotes and invoices, and on a
 * customer's page their payments, contracts and what they owe, each opening its record; with the actions that
 * start a new document from here (the forms arrive prefilled with the request, bench job or customer).
 */
const QUOTE_STATUS: Record<string, string> = {
  draft: "Draft",
  sent: "Sent",
  approved: "Approved",
  changes_requested: "Changes asked",
  expired: "Expired",
  declined: "Declined",
};
const INVOICE_STATUS: Record<string, string> = { issued: "Unpaid", partly_paid: "Part paid", paid: "Paid", cancelled: "Cancelled" };
const METHOD: Record<string, string> = { upi: "UPI", bank: "Bank", cash: "Cash", cheque: "Cheque", gateway: "Online" };

export interface MoneyAction {
  href: string;
  label: string;
  primary?: boolean;
}

export function MoneyPanel({ money, actions, heading = "Money" }: { money: PortalMoney; actions: MoneyAction[]; heading?: string }) {
  const { quotes, invoices, payments, contracts } = money;
  const empty = quotes.length + invoices.length + payments.length + contracts.length === 0;
  return (
    <section aria-labelledby="money-heading" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="money-heading" className="text-xl font-semibold">
          {heading}
        </h2>
        {actions.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {actions.map((a) => (
              <ButtonLink key={a.href} href={a.href} primary={a.primary ?? false}>
                {a.label}
              </ButtonLink>
            ))}
          </div>
        )}
      </div>
      {empty && <p className={`mt-2 ${muted}`}>No quotes, invoices or payments yet.</p>}
      {money.outstandingPaise > 0 && <p className="mt-2 font-semibold">Outstanding: {formatPaise(money.outstandingPaise)}</p>}
      {money.creditPaise > 0 && <p className="mt-2 font-semibold">Customer credit: {formatPaise(money.creditPaise)} (held for the customer: apply it to an invoice or refund it below)</p>}
      {!empty && (
      <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {quotes.map((q) => (
          <li key={q.reference} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
            <span className="min-w-0">
              Quote{" "}
              <a href={q.href} className={`${link} font-mono`}>
                {q.reference}
              </a>{" "}
              {q.title}
            </span>
            <span className="text-sm">
              {formatPaise(q.totalPaise)} · {QUOTE_STATUS[q.status] ?? q.status}
            </span>
          </li>
        ))}
        {invoices.map((i) => (
          <li key={i.number} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
            <span>
              {i.kind === "credit_note" ? "Credit note" : "Invoice"}{" "}
              <a href={i.href} className={`${link} font-mono`}>
                {i.number}
              </a>{" "}
              <span className={muted}>{formatDate(i.issueDate)}</span>
            </span>
            <span className={`text-sm ${i.overdue ? "font-semibold text-red-800 dark:text-red-300" : ""}`}>
              {formatPaise(i.totalPaise)}
              {i.kind === "invoice" && ` · ${i.duePaise > 0 ? `${formatPaise(i.duePaise)} due${i.overdue ? " (overdue)" : ""}` : (INVOICE_STATUS[i.status] ?? i.status)}`}
            </span>
          </li>
        ))}
        {payments.map((p) => (
          <li key={p.reference} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
            <span>
              Payment{" "}
              <a href={p.href} className={`${link} font-mono`}>
                {p.reference}
              </a>{" "}
              <span className={muted}>{formatDate(p.receivedOn)}</span>
            </span>
            <span className="text-sm">
              {formatPaise(p.amountPaise)} · {METHOD[p.method] ?? p.method}
            </span>
          </li>
        ))}
        {contracts.map((c) => (
          <li key={c.reference} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
            <span>
              Contract{" "}
              <a href={c.href} className={`${link} font-mono`}>
                {c.reference}
              </a>{" "}
              <span className="capitalize">{c.plan}</span>
            </span>
            <span className="text-sm">
              {formatDate(c.startsOn)} to {formatDate(c.endsOn)} · {c.active ? "Active" : "Not active"}
            </span>
          </li>
        ))}
      </ul>
      )}
    </section>
  );
}
