import { FieldIdPrefix, RadioGroup, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatPaise } from "~/lib/format.ts";
import { PAYMENT_METHOD_LABELS, REFUND_METHODS } from "~/lib/forms/admin/payments.ts";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * The customer's credit on their back-office page (~/.server/payments/credit.ts): the balance, the forms
 * to apply it to an open invoice or pay it back with a refund voucher, and the vouchers already made. Plain
 * POST forms (they work without JavaScript); a refusal comes back beside its field with what was typed.
 */

export interface CreditFailure {
  errors: Record<string, string>;
  values: Record<string, string>;
  intent?: string;
}


export function CustomerCredit({
  creditPaise,
  openInvoices,
  refunds,
  refundKey,
  today,
  failure,
}: {
  creditPaise: number;
  openInvoices: Array<{ id: number; number: string; duePaise: number }>;
  refunds: Array<{ number: string; paidOn: string; amountPaise: number; method: string }>;
  refundKey: string;
  today: string;
  failure: CreditFailure | undefined;
}) {
  const apply = failure?.intent === "apply-credit" ? failure : undefined;
  const refund = failure?.intent === "refund-credit" ? failure : undefined;
  if (creditPaise === 0 && refunds.length === 0) return null;
  return (
    <TitledSection headingId="credit-heading" title="Customer credit" className="mt-8" headingClassName="text-xl font-semibold">
      <p className="mt-2">
        Held for the customer: <strong data-testid="customer-credit">{formatPaise(creditPaise)}</strong>
      </p>
      {creditPaise > 0 && openInvoices.length > 0 && (
        <details open={Boolean(apply)} className="mt-3">
          <summary className="cursor-pointer font-semibold">Apply the credit to an invoice</summary>
          <IntentForm intent="apply-credit" error={apply?.errors.form} className="mt-3 space-y-4">
            <input type="hidden" name="seenCredit" value={creditPaise} />
            <FieldIdPrefix.Provider value="apply-">
              <SelectField
                name="invoiceId"
                label="Invoice"
                defaultValue={apply?.values.invoiceId ?? String(openInvoices[0]!.id)}
                error={apply?.errors.invoiceId}
                placeholder="Choose the invoice"
                options={[{ group: "Open invoices", items: openInvoices.map((i) => ({ value: String(i.id), label: `${i.number}: ${formatPaise(i.duePaise)} due` })) }]}
              />
              <TextField
                name="amount"
                label="Amount to apply (₹)"
               
                defaultValue={apply?.values.amount ?? (Math.min(creditPaise, openInvoices[0]!.duePaise) / 100).toFixed(2)}
                error={apply?.errors.amount}
                hint="At most the credit, and at most what is due on the invoice."
              />
            </FieldIdPrefix.Provider>
            <Button type="submit">
              Apply credit
            </Button>
          </IntentForm>
        </details>
      )}
      {creditPaise > 0 && (
        <details open={Boolean(refund)} className="mt-3">
          <summary className="cursor-pointer font-semibold">Refund the credit</summary>
          <IntentForm intent="refund-credit" error={refund?.errors.form} className="mt-3 space-y-4">
            <input type="hidden" name="idempotencyKey" value={refund?.values.idempotencyKey ?? refundKey} />
            <FieldIdPrefix.Provider value="refund-">
              <TextField name="amount" label="Amount paid back (₹)" defaultValue={refund?.values.amount ?? (creditPaise / 100).toFixed(2)} error={refund?.errors.amount} />
              <RadioGroup
                name="method"
                label="Paid back by"
                defaultValue={refund?.values.method ?? "bank"}
                error={refund?.errors.method}
                options={REFUND_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
              />
              <TextField name="paidOn" label="Date paid" type="date" defaultValue={refund?.values.paidOn ?? today} error={refund?.errors.paidOn} />
              <TextField name="instrumentRef" label="UTR, transfer reference or cheque number" maxLength={40} defaultValue={refund?.values.instrumentRef} error={refund?.errors.instrumentRef} />
              <TextArea name="note" label="Note" rows={2} maxLength={500} defaultValue={refund?.values.note} error={refund?.errors.note} />
            </FieldIdPrefix.Provider>
            <Button type="submit">
              Record the refund voucher
            </Button>
          </IntentForm>
        </details>
      )}
      {refunds.length > 0 && (
        <ul aria-label="Refund vouchers" className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {refunds.map((r) => (
            <li key={r.number} className="flex flex-wrap justify-between gap-2 p-3">
              <span>
                Refund voucher <span className="font-mono">{r.number}</span> · {r.paidOn} · {PAYMENT_METHOD_LABELS[r.method as keyof typeof PAYMENT_METHOD_LABELS] ?? r.method}
              </span>
              <span className="tabular-nums">{formatPaise(r.amountPaise)}</span>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
