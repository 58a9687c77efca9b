import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { randomUUID } from "node:crypto";
import { readForm, redirectWithFlash, refuseFields } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { issueCreditNote, remainingByLine } from "~/.server/invoices/credit-notes.ts";
import { resendInvoice } from "~/.server/invoices/resend.ts";
import { invoiceRecord } from "~/.server/invoices/view.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FieldError, FormError, TextArea } from "~/components/form/fields.tsx";
import { TaxDocument } from "~/components/money/tax-document.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { creditFieldName, creditNoteSchema, invoiceStatusLabel } from "~/lib/forms/admin/invoices.ts";
import type { StoredLine } from "~/lib/money/document.ts";
import type { Route } from "./+types/invoice";
import type { PageHandle } from "~/lib/page-title.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/invoices/{id}: one tax invoice or credit note as issued (the same drawing as the customer's page and
 * the PDF), what is still due, the payments allocated to it, its credit notes, and the office's actions:
 * download the PDF, send it to the customer again, and make a credit note (in full, or an amount per line up
 * to what is left un-credited, for a stated reason). Nothing here edits the invoice itself.
 */

const pathOf = (id: number) => `/admin/invoices/${id}`;

const METHOD_LABELS: Record<string, string> = { upi: "UPI", bank: "Bank transfer", cash: "Cash", cheque: "Cheque", gateway: "Payment gateway" };

/** Paise -> rupees as typed back ("1234.50"). */
const rupeesText = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = await idParam(params.id, url);
  const record = await invoiceRecord(id);
  if (!record) return throwNotFound(url);
  const { row } = record;
  const creditable = row.kind === "invoice" && row.status !== "cancelled";
  const remaining = creditable ? await remainingByLine(getDb(), row) : [];
  const lines = row.lines as StoredLine[];
  return {
    id,
    kind: row.kind,
    number: row.number,
    status: row.status,
    statusLabel: invoiceStatusLabel(row.kind, row.status),
    view: record.view,
    qrSvg: record.qrSvg,
    totalPaise: row.totalPaise,
    paidPaise: row.paidPaise,
    creditedPaise: row.creditedPaise,
    duePaise: record.duePaise,
    customerReference: record.customerReference,
    requestReference: record.requestReference,
    quoteReference: record.quoteReference,
    creditOf: record.creditOf,
    allocations: record.allocations,
    creditNotes: record.creditNotes,
    creditLines: creditable ? lines.map((l, i) => ({ index: i, description: l.description, taxablePaise: l.taxablePaise, remainingPaise: remaining[i] ?? 0 })) : [],
    creditKey: randomUUID(),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.number };

interface Failure {
  intent: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/** A credit amount as typed ("1,234.50", "₹ 500") -> paise; blank -> undefined; anything else -> null. */
function creditPaise(raw: string): number | null | undefined {
  const plain = raw.trim().replace(/[₹,\s]/g, "");
  if (plain === "") return undefined;
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(plain)) return null;
  const [whole = "0", fraction = ""] = plain.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const id = await idParam(params.id, url);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value.slice(0, 2000);
  const refuse = (errors: Record<string, string>) => refuseFields(form, errors);

  if (intent === "resend") {
    const result = await resendInvoice(staff, id);
    if (!result.ok && result.reason === "not-found") return throwNotFound(url);
    if (!result.ok) return refuse({ form: result.message });
    return redirectWithFlash(pathOf(id), { type: "success", message: result.message });
  }
  if (intent !== "credit") return refuse({ form: OUT_OF_DATE });

  const parsed = creditNoteSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  if (errors.idempotencyKey || errors.intent) errors.form ??= errors.idempotencyKey ?? errors.intent!;
  const amounts: Record<number, number> = {};
  if (values.scope === "lines") {
    for (const [key, value] of Object.entries(values)) {
      const m = /^credit-(\d{1,3})$/.exec(key);
      if (!m) continue;
      const paise = creditPaise(value);
      if (paise === null) errors[key] = "Enter the amount in rupees, e.g. 1234.50 (at most two decimals).";
      else if (paise !== undefined && paise > 0) amounts[Number(m[1])] = paise;
    }
    if (Object.keys(amounts).length === 0 && !Object.keys(errors).some((k) => k.startsWith("credit-"))) errors[creditFieldName(0)] = "Enter the amount to credit on at least one line.";
  }
  if (!parsed.success || Object.keys(errors).length) return refuse(errors);

  const result = await issueCreditNote(staff, id, { reason: parsed.data.reason, scope: parsed.data.scope, amounts, idempotencyKey: parsed.data.idempotencyKey });
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return refuse({ [result.field]: result.message });
  return redirectWithFlash(pathOf(id), {
    type: "success",
    message: result.created
      ? `Credit note ${result.number} issued${result.cancelled ? ": the invoice is cancelled in full" : ""}.${result.heldAsCreditPaise ? ` ${formatPaise(result.heldAsCreditPaise)} already paid on it is now held as the customer's credit.` : ""}`
      : `Credit note ${result.number} had already been issued.`,
  });
}

type Data = Route.ComponentProps["loaderData"];

function CreditNoteForm({ page, failure }: { page: Data; failure: Failure | undefined }) {
  const e = failure?.errors ?? {};
  const v = failure?.values ?? {};
  const scope = v.scope ?? "full";
  return (
    <TitledSection headingId="credit-heading" title="Make a credit note" className="mt-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-xl font-semibold">
      <p className={`mt-1 ${muted}`}>To correct this invoice: a returned part, a wrong rate, a job not done. It has its own number (CN/...) and lowers what the customer owes.</p>
      <IntentForm intent="credit" error={e.form} className="mt-4 space-y-5">
        <input type="hidden" name="idempotencyKey" value={v.idempotencyKey ?? page.creditKey} />
        <TextArea name="reason" label="Reason" required rows={2} maxLength={500} defaultValue={v.reason} error={e.reason} hint="Printed on the credit note." />
        <fieldset aria-describedby={e.scope ? "scope-error" : undefined}>
          <legend className="font-medium">What to credit</legend>
          <label className="mt-2 flex items-center gap-2">
            <input type="radio" name="scope" value="full" defaultChecked={scope === "full"} className="h-5 w-5" />
            The whole invoice (everything not credited yet): it is cancelled
          </label>
          <label className="mt-2 flex items-center gap-2">
            <input type="radio" name="scope" value="lines" defaultChecked={scope === "lines"} className="h-5 w-5" />
            Part of some lines: the amounts below, before GST
          </label>
          <FieldError id="scope-error" message={e.scope} />
        </fieldset>
        <div className="space-y-3">
          {page.creditLines.map((l) => {
            const name = creditFieldName(l.index);
            const error = e[name];
            return (
              <div key={l.index}>
                <label htmlFor={name} className="block font-medium">
                  Line {l.index + 1}: {l.description}
                </label>
                <input
                  id={name}
                  name={name}
                  type="text"
                  inputMode="decimal"
                  maxLength={20}
                  autoComplete="off"
                  disabled={l.remainingPaise === 0}
                  defaultValue={v[name] ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${name}-hint${error ? ` ${name}-error` : ""}`}
                  className={`mt-1 block w-full max-w-xs rounded-md border bg-white px-3 py-2 text-base text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${error ? "border-red-700 dark:border-red-400" : "border-slate-400 dark:border-slate-500"}`}
                />
                <p id={`${name}-hint`} className={`mt-1 text-sm ${muted}`}>
                  {l.remainingPaise === 0 ? "Credited in full already." : `Up to ₹${rupeesText(l.remainingPaise)} (taxable value ${formatPaise(l.taxablePaise)}).`}
                </p>
                <FieldError id={`${name}-error`} message={error} />
              </div>
            );
          })}
        </div>
        <Button type="submit">
          Issue the credit note
        </Button>
      </IntentForm>
    </TitledSection>
  );
}

export default function AdminInvoice({ loaderData: page, actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  const isInvoice = page.kind === "invoice";
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        back={{ href: "/admin/invoices", label: "Invoices" }}
        title={
          <>
            {isInvoice ? "Invoice" : "Credit note"} <span className="font-mono">{page.number}</span>
          </>
        }
        description={
          isInvoice
            ? `${page.statusLabel}. Total ${formatPaise(page.totalPaise)}, paid ${formatPaise(page.paidPaise)}, credited ${formatPaise(page.creditedPaise)}: ${formatPaise(page.duePaise)} due.`
            : `Credit note for ${formatPaise(page.totalPaise)}${page.creditOf ? ` against invoice ${page.creditOf.number}` : ""}.`
        }
        actions={
          <>
            {isInvoice && page.duePaise > 0 && (
              <ButtonLink href={`/admin/payments/new?customer=${encodeURIComponent(page.customerReference)}&invoice=${page.id}`} primary>
                Record a payment
              </ButtonLink>
            )}
            <ButtonLink href={`${pathOf(page.id)}/pdf`}>Download the PDF</ButtonLink>
            {isInvoice && (
              <ConfirmButton intent="resend" confirm="Send the invoice to the customer again by SMS (and e-mail)?">
                Send to the customer again
              </ConfirmButton>
            )}
          </>
        }
      />
      {failure?.intent === "resend" && <FormError message={failure.errors.form} />}

      <dl className="mb-6 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        <dt className={muted}>Customer</dt>
        <dd>
          <a href={`/admin/customers/${encodeURIComponent(page.customerReference)}`} className={link}>
            {page.customerReference}
          </a>
        </dd>
        {page.requestReference && (
          <>
            <dt className={muted}>Service request</dt>
            <dd>
              <a href={`/admin/service-requests/${encodeURIComponent(page.requestReference)}`} className={link}>
                {page.requestReference}
              </a>
            </dd>
          </>
        )}
        {page.quoteReference && (
          <>
            <dt className={muted}>Quote</dt>
            <dd>
              <a href={`/admin/quotes/${encodeURIComponent(page.quoteReference)}`} className={link}>
                {page.quoteReference}
              </a>
            </dd>
          </>
        )}
        {page.creditOf && (
          <>
            <dt className={muted}>Credits invoice</dt>
            <dd>
              <a href={pathOf(page.creditOf.id)} className={`${link} font-mono`}>
                {page.creditOf.number}
              </a>{" "}
              of {formatDate(page.creditOf.issueDate)}
            </dd>
          </>
        )}
      </dl>

      {isInvoice && (
        <div className="mb-6 grid gap-6 md:grid-cols-2">
          <TitledSection headingId="payments-heading" title="Payments" headingClassName="text-lg font-semibold">
            {page.allocations.length === 0 ? (
              <p className={`mt-1 ${muted}`}>No payment recorded against this invoice yet.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {page.allocations.map((a) => (
                  <li key={a.paymentReference} className="flex flex-wrap justify-between gap-2 p-3">
                    <span>
                      <a href={`/admin/payments/${encodeURIComponent(a.paymentReference)}`} className={link}>
                        {a.paymentReference}
                      </a>{" "}
                      {formatDate(a.receivedOn)} · {METHOD_LABELS[a.method] ?? a.method}
                      {a.instrumentRef ? ` ${a.instrumentRef}` : ""}
                    </span>
                    <span className="tabular-nums">{formatPaise(a.amountPaise)}</span>
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>
          <TitledSection headingId="credit-notes-heading" title="Credit notes" headingClassName="text-lg font-semibold">
            {page.creditNotes.length === 0 ? (
              <p className={`mt-1 ${muted}`}>None.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {page.creditNotes.map((c) => (
                  <li key={c.id} className="p-3">
                    <span className="flex flex-wrap justify-between gap-2">
                      <a href={pathOf(c.id)} className={`${link} font-mono`}>
                        {c.number}
                      </a>
                      <span className="tabular-nums">{formatPaise(c.totalPaise)}</span>
                    </span>
                    <span className={`block text-sm ${muted}`}>
                      {formatDate(c.issueDate)}
                      {c.reason ? `: ${c.reason}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </TitledSection>
        </div>
      )}

      <TaxDocument view={page.view} qrSvg={page.qrSvg} />

      {page.creditLines.length > 0 && <CreditNoteForm page={page} failure={failure?.intent === "credit" ? failure : undefined} />}
    </div>
  );
}
