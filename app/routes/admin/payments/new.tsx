import { randomUUID } from "node:crypto";
import { type FormFailure, parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { recordPayment } from "~/.server/payments/record.ts";
import { customerForPayment, openInvoiceChoices } from "~/.server/payments/view.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { AllocationAmount } from "~/components/admin/allocation-amount.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError, RadioGroup, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { ALLOCATE_PREFIX, CUSTOMER_PATTERN, PAYMENT_METHOD_LABELS, RECORDED_METHODS, recordPaymentSchema } from "~/lib/forms/admin/payments.ts";
import { paiseToRupeesInput } from "~/lib/forms/admin/products.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import type { Route } from "./+types/new";

/**
 * /admin/payments/new?customer=CU-...&invoice=<id>: recording a payment. First the customer (from their
 * page's "Record a payment", an invoice's, or typed here), then how they paid (UPI with its UTR, a bank
 * transfer with its reference, cash, a cheque with its number and bank), how much and when, and which of
 * their open invoices it pays: left blank, the oldest first; typed, exactly that. Whatever is left is kept
 * as an advance only when asked. One plain form with its idempotency key: sent twice, one payment.
 */
const PATH = "/admin/payments/new";

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const reference = url.searchParams.get("customer")?.trim().toUpperCase() ?? "";
  const customer = CUSTOMER_PATTERN.test(reference) ? await customerForPayment(reference) : undefined;
  if (!customer) return { customer: null, asked: reference, invoices: [], prefill: {} as Record<string, string>, idempotencyKey: randomUUID(), today: todayInIndia() };
  const invoices = await openInvoiceChoices(customer.id);
  // ?invoice=<id> (or its number): that invoice's amount due, allocated to it.
  const wanted = url.searchParams.get("invoice")?.trim();
  const chosen = wanted ? invoices.find((i) => String(i.id) === wanted || i.number === wanted) : undefined;
  const prefill: Record<string, string> = chosen ? { amount: paiseToRupeesInput(chosen.duePaise), [`${ALLOCATE_PREFIX}${chosen.id}`]: paiseToRupeesInput(chosen.duePaise) } : {};
  return { customer, asked: reference, invoices, prefill, idempotencyKey: randomUUID(), today: todayInIndia() };
}

export const handle = { title: "Record a payment" };

type Failure = FormFailure & { existing?: { reference: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, recordPaymentSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await recordPayment(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field, { existing: result.existing });
  return redirectWithFlash(`/admin/payments/${encodeURIComponent(result.reference)}`, { type: "success", message: result.message });
}

const METHOD_HINTS: Record<(typeof RECORDED_METHODS)[number], string> = {
  upi: "With its 12-digit UTR",
  bank: "NEFT, RTGS or IMPS, with its reference",
  cash: "Counted at the office",
  cheque: "With its number and bank",
};

export default function RecordPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, invoices, prefill, today, asked } = loaderData;
  const failure = actionData as Failure | undefined;
  const v: Record<string, string | undefined> = failure?.values ?? prefill;
  const e = failure?.errors ?? {};
  if (!customer) {
    return (
      <div className="mx-auto max-w-2xl">
        <PageHeader back={{ href: "/admin/payments", label: "Payments" }} title="Record a payment" description="Whose payment is it? Open the customer, or type their reference." />
        <form method="get" action={PATH} className="space-y-4">
          <TextField
            name="customer"
            label="Customer reference"
            required
            defaultValue={asked}
            maxLength={20}
            autoComplete="off"
            error={asked ? "No customer has this reference." : undefined}
            hint={
              <>
                Like CU-2611-0007. Find it on the{" "}
                <a href="/admin/customers" className={link}>
                  customers
                </a>{" "}
                list, or use "Record a payment" on the customer's or the invoice's page.
              </>
            }
          />
          <Button type="submit">
            Continue
          </Button>
        </form>
      </div>
    );
  }
  const dueTotal = invoices.reduce((sum, i) => sum + i.duePaise, 0);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: "/admin/payments", label: "Payments" }}
        title="Record a payment"
        description={
          <>
            From{" "}
            <a href={`/admin/customers/${encodeURIComponent(customer.reference)}`} className={link}>
              {customer.company ?? customer.name}
            </a>{" "}
            <span className="font-mono">({customer.reference})</span>. {invoices.length ? `${formatPaise(dueTotal)} is due on ${invoices.length === 1 ? "1 invoice" : `${invoices.length} invoices`}.` : "Nothing is due from them."}
          </>
        }
      />
      <form method="post" className="space-y-6">
        <input type="hidden" name="idempotencyKey" value={v.idempotencyKey ?? loaderData.idempotencyKey} />
        <input type="hidden" name="customer" value={customer.reference} />
        <FormError message={e.form ?? e.customer ?? e.idempotencyKey} />
        {failure?.existing && (
          <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 dark:bg-slate-900">
            Already recorded:{" "}
            <a href={`/admin/payments/${encodeURIComponent(failure.existing.reference)}`} className={link}>
              open receipt {failure.existing.reference}
            </a>
            .
          </p>
        )}
        <RadioGroup
          name="method"
          label="How they paid"
          required
          defaultValue={v.method ?? "upi"}
          error={e.method}
          options={RECORDED_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m], hint: METHOD_HINTS[m] }))}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="amount" label="Amount received (₹)" required maxLength={20} autoComplete="off" defaultValue={v.amount} error={e.amount} hint="In rupees, e.g. 12500 or 12,500.50" />
          <TextField name="receivedOn" type="date" label="Received on" required defaultValue={v.receivedOn ?? today} error={e.receivedOn} hint="The day the money reached us." />
        </div>
        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 font-semibold">The payment's reference</legend>
          <TextField name="utr" label="UPI UTR (UPI only)" inputMode="numeric" maxLength={20} autoComplete="off" defaultValue={v.utr} error={e.utr} hint="12 digits: in the customer's payment app, or on our bank statement." />
          <TextField name="bankReference" label="Transfer reference (bank transfer only)" maxLength={40} autoComplete="off" defaultValue={v.bankReference} error={e.bankReference} hint="The UTR of the NEFT, RTGS or IMPS transfer." />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="chequeNumber" label="Cheque number (cheque only)" inputMode="numeric" maxLength={10} autoComplete="off" defaultValue={v.chequeNumber} error={e.chequeNumber} hint="6 digits." />
            <TextField name="chequeBank" label="Drawn on (cheque only)" maxLength={80} autoComplete="off" defaultValue={v.chequeBank} error={e.chequeBank} hint="The customer's bank, e.g. HDFC Bank." />
          </div>
        </fieldset>
        <fieldset className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 font-semibold">Which invoices it pays</legend>
          {invoices.length === 0 ? (
            <p className={muted}>This customer has no invoice with anything due: the payment can only be kept as an advance.</p>
          ) : (
            <>
              <p id="allocate-hint" className={`mb-3 text-sm ${muted}`}>
                Leave every amount blank to pay the oldest invoices first. Or type how much goes to each: not more than what is due on it.
              </p>
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {invoices.map((i) => {
                  const name = `${ALLOCATE_PREFIX}${i.id}`;
                  const error = e[name];
                  return (
                    <li key={i.id} className="flex flex-wrap items-end justify-between gap-3 py-3">
                      <div className="min-w-0">
                        <a href={`/admin/invoices/${i.id}`} className={`${link} font-mono`}>
                          {i.number}
                        </a>
                        <span className={`block text-sm ${muted}`}>
                          {formatDate(i.issueDate)} · due {formatDate(i.dueDate)} · total {formatPaise(i.totalPaise)}
                        </span>
                        <span className="block text-sm font-medium">{formatPaise(i.duePaise)} due</span>
                      </div>
                      <AllocationAmount name={name} invoiceNumber={i.number} defaultValue={v[name] ?? ""} error={error} hintId="allocate-hint" />
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          <div className="mt-3 flex items-start gap-2">
            <input id="advance" name="advance" type="checkbox" value="yes" defaultChecked={v.advance === "yes"} className="mt-1 size-4" />
            <label htmlFor="advance">
              <span className="block font-medium">Keep the rest as an advance</span>
              <span className={`block text-sm ${muted}`}>For money received before an invoice, or more than is due. It can be allocated later from the payment's page.</span>
            </label>
          </div>
        </fieldset>
        <TextArea name="note" label="Note" rows={2} maxLength={500} defaultValue={v.note} error={e.note} />
        <Button type="submit">
          Record the payment
        </Button>
      </form>
    </div>
  );
}
