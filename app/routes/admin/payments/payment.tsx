import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { allocateAdvance } from "~/.server/payments/record.ts";
import { openInvoiceChoices, paymentByReference } from "~/.server/payments/view.ts";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { AllocationAmount } from "~/components/admin/allocation-amount.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import { ALLOCATE_PREFIX, allocateAdvanceSchema, RECEIPT_PATTERN } from "~/lib/forms/admin/payments.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/payment";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/payments/{receipt number}: one payment: who paid, how (with its UTR, reference or cheque), the
 * invoices it settled and what is still due on each, its receipt (PDF), and for an advance, a form that
 * allocates it to the customer's open invoices.
 */

const pathOf = (reference: string) => `/admin/payments/${encodeURIComponent(reference)}`;

const STATUS_LABELS: Record<string, string> = { issued: "Unpaid", partly_paid: "Partly paid", paid: "Paid", cancelled: "Cancelled" };

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const payment = RECEIPT_PATTERN.test(params.reference) ? await paymentByReference(params.reference) : undefined;
  if (!payment) return throwNotFound(url);
  const open = payment.unallocatedPaise > 0 ? await openInvoiceChoices(payment.customer.id) : [];
  return {
    payment,
    open,
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Receipt ${data.payment.reference}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const payment = RECEIPT_PATTERN.test(params.reference) ? await paymentByReference(params.reference) : undefined;
  if (!payment) return throwNotFound(url);
  const form = await readForm(request);
  if (form.get("intent") !== "allocate") return refuseForm(form, OUT_OF_DATE);
  const parsed = parseForm(form, allocateAdvanceSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await allocateAdvance(staff, payment.id, parsed.data.allocations);
  if (!result.ok) return refuseForm(form, result.message, result.field);
  return redirectWithFlash(pathOf(payment.reference), { type: "success", message: result.message });
}

export default function AdminPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { payment: p, open } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const e = failure?.errors ?? {};
  const who = p.customer.company ?? p.customer.name;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: "/admin/payments", label: "Payments" }}
        title={`Receipt ${p.reference}`}
        description={`${formatPaise(p.amountPaise)} from ${who}, received ${formatDate(p.receivedOn)}.`}
        actions={<ButtonLink href={`${pathOf(p.reference)}/receipt`}>Receipt (PDF)</ButtonLink>}
      />
      <dl className="mb-8 grid gap-x-6 gap-y-3 rounded-md border border-slate-200 p-4 sm:grid-cols-2 dark:border-slate-800">
        <div>
          <dt className={`text-sm ${muted}`}>Customer</dt>
          <dd>
            <a href={`/admin/customers/${encodeURIComponent(p.customer.reference)}`} className={link}>
              {who}
            </a>{" "}
            <span className="font-mono text-sm">({p.customer.reference})</span>
          </dd>
        </div>
        <div>
          <dt className={`text-sm ${muted}`}>Paid by</dt>
          <dd>
            {p.methodLabel}
            {p.instrumentLabel && <span className="block font-mono text-sm break-all">{p.instrumentLabel}</span>}
          </dd>
        </div>
        <div>
          <dt className={`text-sm ${muted}`}>Amount</dt>
          <dd className="font-semibold tabular-nums">{formatPaise(p.amountPaise)}</dd>
        </div>
        <div>
          <dt className={`text-sm ${muted}`}>Advance not yet allocated</dt>
          <dd className="tabular-nums">{p.unallocatedPaise > 0 ? formatPaise(p.unallocatedPaise) : "None"}</dd>
        </div>
        <div>
          <dt className={`text-sm ${muted}`}>Recorded</dt>
          <dd>
            <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
            {p.recordedBy ? ` by ${p.recordedBy}` : ""}
          </dd>
        </div>
        {p.note && (
          <div className="sm:col-span-2">
            <dt className={`text-sm ${muted}`}>Note</dt>
            <dd className="break-words">{p.note}</dd>
          </div>
        )}
      </dl>

      <TitledSection headingId="allocations-heading" title="Allocated to" className="mb-8" headingClassName="mb-3 text-lg font-semibold">
        {p.allocations.length === 0 ? (
          <p className={muted}>Not allocated to an invoice yet: the whole payment is an advance.</p>
        ) : (
          <Table label="Invoices this payment pays" caption={false} columns={["Invoice", { label: "This payment", className: "px-3 py-2 text-right" }, { label: "Still due", className: "px-3 py-2 text-right" }, "Invoice now"]}>
            {p.allocations.map((a) => (
              <tr key={a.invoiceId} className="border-t border-slate-200 dark:border-slate-800">
                <td className="px-3 py-2">
                  <a href={`/admin/invoices/${a.invoiceId}`} className={`${link} font-mono`}>
                    {a.number}
                  </a>
                  <span className={`block text-xs ${muted}`}>
                    {formatDate(a.issueDate)}, total {formatPaise(a.invoiceTotalPaise)}
                  </span>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPaise(a.amountPaise)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPaise(a.invoiceDuePaise)}</td>
                <td className="px-3 py-2 font-semibold">{STATUS_LABELS[a.invoiceStatus] ?? a.invoiceStatus}</td>
              </tr>
            ))}
          </Table>
        )}
      </TitledSection>

      {p.unallocatedPaise > 0 && (
        <TitledSection headingId="allocate-heading" title="Allocate the advance" className="rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
          {open.length === 0 ? (
            <p className={`mt-2 ${muted}`}>The customer has no invoice with anything due. Come back once one is issued.</p>
          ) : (
            <IntentForm intent="allocate" error={e.form} className="mt-3 space-y-3">
              <p id="advance-hint" className={`text-sm ${muted}`}>
                {formatPaise(p.unallocatedPaise)} is left. Type how much goes to each invoice: not more than what is due on it.
              </p>
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {open.map((i) => {
                  const name = `${ALLOCATE_PREFIX}${i.id}`;
                  const error = e[name];
                  return (
                    <li key={i.id} className="flex flex-wrap items-end justify-between gap-3 py-3">
                      <div>
                        <span className="font-mono">{i.number}</span>
                        <span className={`block text-sm ${muted}`}>{formatPaise(i.duePaise)} due</span>
                      </div>
                      <AllocationAmount name={name} invoiceNumber={i.number} defaultValue={failure?.values[name] ?? ""} error={error} hintId="advance-hint" />
                    </li>
                  );
                })}
              </ul>
              <Button type="submit">
                Allocate
              </Button>
            </IntentForm>
          )}
        </TitledSection>
      )}
    </div>
  );
}
