import type { PortalMoney } from "~/.server/customers/portal-money.ts";
import { link } from "~/components/ui/styles.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";

/**
 * The customer portal's money sections (issue 11 §7): quotes to answer, invoices with what is due (each opens
 * its page with the UPI QR code and the PDF), payments with their receipts, contracts and the warranty of
 * each repaired unit. A section with nothing in it is left out; on a request's page only that request's
 * quotes, invoices and units are passed in.
 */
const QUOTE_STATUS: Record<string, string> = {
  sent: "Waiting for your answer",
  approved: "Approved",
  changes_requested: "Changes asked for",
  expired: "Expired",
  declined: "Declined",
};

const INVOICE_STATUS: Record<string, string> = { issued: "Unpaid", partly_paid: "Part paid", paid: "Paid", cancelled: "Cancelled" };
const METHOD: Record<string, string> = { upi: "UPI", bank: "Bank transfer", cash: "Cash", cheque: "Cheque", gateway: "Online payment" };
const PLAN: Record<string, string> = { bronze: "AMC Bronze", silver: "AMC Silver", gold: "AMC Gold" };

const box = "rounded-md border border-slate-200 p-4 dark:border-slate-800";
const badge = "rounded-full px-3 py-0.5 text-sm font-medium";
const linkClass = `font-mono ${link}`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function CustomerMoney({ money, showContracts = true }: { money: PortalMoney; showContracts?: boolean }) {
  const { quotes, invoices, payments, contracts, warranties } = money;
  return (
    <>
      {money.creditPaise > 0 && (
        <Section id="credit-heading" title="Your credit with us">
          <p className="mt-2">
            We hold <strong>{formatPaise(money.creditPaise)}</strong> for you (paid beyond what your invoices ask, or returned by a credit note). Our office applies it to your next invoice, or pays it back to you
            on request.
          </p>
        </Section>
      )}
      {quotes.length > 0 && (
        <Section id="quotes-heading" title="Quotes">
          <ul className="mt-3 space-y-3">
            {quotes.map((q) => (
              <li key={q.reference} className={`${box} ${q.awaitingAnswer ? "border-accent-600 dark:border-orange-400" : ""}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <a href={q.href} className={linkClass}>
                    {q.reference}
                  </a>
                  <span className={`${badge} ${q.awaitingAnswer ? "bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-100" : "bg-slate-100 dark:bg-slate-800"}`}>
                    {QUOTE_STATUS[q.status] ?? q.status}
                  </span>
                </div>
                <p className="mt-1">{q.title}</p>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {formatPaise(q.totalPaise)} including GST · valid until {formatDate(q.validUntil)}
                </p>
                {q.awaitingAnswer && (
                  <p className="mt-2">
                    <a href={q.href} className="inline-flex h-11 items-center rounded-md bg-accent-600 px-5 font-semibold text-white hover:bg-orange-800">
                      Review and approve
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}

      {invoices.length > 0 && (
        <Section id="invoices-heading" title="Invoices">
          {money.outstandingPaise > 0 && (
            <p className="mt-2 font-semibold">
              Due now: {formatPaise(money.outstandingPaise)}. Open an invoice to pay by UPI (scan its QR code) or to download its PDF.
            </p>
          )}
          <ul className="mt-3 space-y-3">
            {invoices.map((i) => (
              <li key={i.number} className={box}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <a href={i.href} className={linkClass}>
                    {i.kind === "credit_note" ? `Credit note ${i.number}` : i.number}
                  </a>
                  <span className={`${badge} ${i.overdue ? "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100" : i.status === "paid" ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100" : "bg-slate-100 dark:bg-slate-800"}`}>
                    {i.kind === "credit_note" ? "Credit note" : i.overdue ? "Overdue" : (INVOICE_STATUS[i.status] ?? i.status)}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {formatDate(i.issueDate)} · {formatPaise(i.totalPaise)}
                  {i.duePaise > 0 && ` · ${formatPaise(i.duePaise)} due by ${formatDate(i.dueDate)}`}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {payments.length > 0 && (
        <Section id="payments-heading" title="Payments and receipts">
          <ul className="mt-3 space-y-2">
            {payments.map((p) => (
              <li key={p.reference} className={`${box} flex flex-wrap items-baseline justify-between gap-2`}>
                <span>
                  {formatDate(p.receivedOn)} · {formatPaise(p.amountPaise)} by {METHOD[p.method] ?? p.method}
                </span>
                <a href={p.href} className={linkClass}>
                  Receipt {p.reference} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {showContracts && contracts.length > 0 && (
        <Section id="contracts-heading" title="Maintenance contracts">
          <ul className="mt-3 space-y-2">
            {contracts.map((c) => (
              <li key={c.reference} className={`${box} flex flex-wrap items-baseline justify-between gap-2`}>
                <span>
                  <span className="font-mono font-semibold">{c.reference}</span> · {PLAN[c.plan] ?? c.plan} · {formatDate(c.startsOn)} to {formatDate(c.endsOn)}
                </span>
                <span className={`${badge} ${c.active ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100" : "bg-slate-100 dark:bg-slate-800"}`}>{c.active ? "Active" : "Not active"}</span>
              </li>
            ))}
          </ul>
          <p className="mt-3">
            <a href="/customer/contracts" className="font-semibold text-brand-700 underline dark:text-sky-300">
              Visits and what each contract covers
            </a>
          </p>
        </Section>
      )}

      {warranties.length > 0 && (
        <Section id="warranty-heading" title="Warranty of repaired units">
          <ul className="mt-3 space-y-2">
            {warranties.map((w) => (
              <li key={w.jobCard} className={box}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-semibold">
                    {w.unit}
                    {w.serialNumber && <span className="font-normal"> (serial {w.serialNumber})</span>}
                  </span>
                  <span className={`${badge} ${w.underWarranty ? "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100" : "bg-slate-100 dark:bg-slate-800"}`}>
                    {w.underWarranty ? "Under warranty" : "Warranty ended"}
                  </span>
                </div>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  Job card <span className="font-mono">{w.jobCard}</span>
                  {w.returnedOn && ` · returned ${formatDate(w.returnedOn)}`}
                  {w.warrantyUntil && ` · warranty until ${formatDate(w.warrantyUntil)}`}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
