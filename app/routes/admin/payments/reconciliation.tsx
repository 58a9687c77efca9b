import { intentAction, step } from "~/.server/admin/actions.ts";
import { readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { ignoreLine, importStatement, importSummary, matchLineByHand, MAX_STATEMENT_BYTES, reconciliationPage } from "~/.server/payments/reconciliation.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { FileField } from "~/components/form/fields.tsx";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import { ignoreLineSchema, matchLineSchema } from "~/lib/forms/admin/payments.ts";
import type { Route } from "./+types/reconciliation";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/payments/reconciliation: a bank or UPI statement imported as CSV (one multipart form). Lines whose
 * narration carries an invoice number (the UPI tr) and whose amount is exactly that invoice's amount due
 * become payments at once; the rest wait here for a person to match by invoice number, or ignore. The
 * same file twice is one import. The format is explained on the page, with a sample.
 */
const PATH = "/admin/payments/reconciliation";

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const importParam = url.searchParams.get("import");
  const importId = importParam && /^[1-9]\d{0,9}$/.test(importParam) ? Number(importParam) : undefined;
  const [page, summary] = await Promise.all([reconciliationPage(), importId ? importSummary(importId) : Promise.resolve(undefined)]);
  return {
    ...page,
    summary: summary ?? null,
  };
}

export const handle = { title: "Reconciliation" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  return intentAction(await readForm(request), { url, back: PATH }, {
    import: async (form) => {
      const file = form.get("statement");
      if (!(file instanceof File) || file.size === 0) return refuseForm(form, "Choose the statement's CSV file.", "statement");
      if (file.size > MAX_STATEMENT_BYTES) return refuseForm(form, "The file is larger than 2 MB: import the statement a month at a time.", "statement");
      const result = await importStatement(staff, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
      if (!result.ok) return refuseForm(form, result.message, "statement");
      const message = result.repeated
        ? `This file was imported before: nothing was added. ${result.matched} of its ${result.lineCount} lines are matched.`
        : `Imported ${result.lineCount === 1 ? "1 line" : `${result.lineCount} lines`}: ${result.matched} matched to invoices and recorded, ${result.lineCount - result.matched} left to match.`;
      return redirectWithFlash(`${PATH}?import=${result.importId}`, { type: result.repeated ? "info" : "success", message });
    },
    match: step(matchLineSchema, (data) => matchLineByHand(staff, data.line, data.invoice)),
    ignore: step(ignoreLineSchema, (data) => ignoreLine(staff, data.line)),
  });
}

const SAMPLE = `Date,Narration,Reference,Debit,Credit,Balance
24/11/2026,UPI/412345678901/INV/2026-27/0007/Sri Balaji Plastics,412345678901,,"12,980.00","1,45,210.50"
25/11/2026,NEFT-HDFCN52026112512345-LAKSHMI ENGG WORKS,HDFCN52026112512345,,"59,000.00","2,04,210.50"
25/11/2026,ATM WDL,,"5,000.00",,"1,99,210.50"`;

const STATUS_LABELS = { matched: "Matched", unmatched: "To match", ignored: "Ignored" } as const;
const button = "inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold";

export default function Reconciliation({ loaderData, actionData }: Route.ComponentProps) {
  const { imports, lines, unmatchedTotal, summary } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const e = failure?.errors ?? {};
  const failedLine = failure?.values.line;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader back={{ href: "/admin/payments", label: "Payments" }} title="Reconcile a statement" description="Import the bank's or UPI app's statement: payments that name an invoice and pay exactly what is due are recorded; the rest wait below for you." />

      <TitledSection headingId="import-heading" title="Import a statement" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="mb-3 text-lg font-semibold">
        <IntentForm intent="import" error={failure?.values.intent === "import" ? e.form : undefined} encType="multipart/form-data" className="space-y-4">
          <FileField name="statement" label="Statement (CSV)" required accept=".csv,text/csv" error={e.statement} hint="At most 2 MB. The same file imported again adds nothing." />
          <button type="submit" className={`${button} h-11 bg-brand-700 px-5 text-white hover:bg-brand-800`}>
            Import and match
          </button>
        </IntentForm>
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">The format</summary>
          <div className="mt-2 space-y-2 text-sm">
            <p>A CSV file as the bank exports it. Its header row (lines above it, like the account's details, are skipped) names the columns; these names are recognised:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <strong>Date</strong>: Date, Txn Date, Transaction Date, Value Date or Posting Date. Day first: 24/11/2026, 24-11-2026, 24-Nov-2026 or 2026-11-24.
              </li>
              <li>
                <strong>Narration</strong>: Description, Narration, Particulars, Remarks or Details. It carries the invoice number when the customer paid with the invoice's UPI QR code.
              </li>
              <li>
                <strong>Reference</strong>: Reference, Ref No, Chq/Ref No, UTR, Transaction ID or RRN. A 12-digit UTR is recorded as UPI, anything else as a bank transfer.
              </li>
              <li>
                <strong>Credit</strong>: Credit, Credit Amount, Deposit or Deposits (e.g. 12,980.00). Or a single Amount column with a Dr/Cr column. Only money received is read; debits and balance lines are skipped.
              </li>
            </ul>
            <p>
              A line is matched when its narration has an invoice's number (INV/2026-27/0007; the bank may drop the slashes) <em>and</em> its amount is exactly what is due on that invoice.
            </p>
            <p>A sample:</p>
            <pre className="overflow-x-auto rounded-md bg-slate-100 p-3 text-xs dark:bg-slate-900" tabIndex={0}>
              {SAMPLE}
            </pre>
          </div>
        </details>
      </TitledSection>

      {summary && (
        <TitledSection headingId="summary-heading" title={summary.fileName} className="mb-8" headingClassName="mb-1 text-lg font-semibold">
          <p className={`mb-3 text-sm ${muted}`}>
            Imported <time dateTime={summary.createdAt}>{formatDateTime(summary.createdAt)}</time>: {summary.matchedCount} of {summary.lineCount} credit lines matched.
          </p>
          <Table label="The imported lines" caption={false} columns={["Line", "Date", "Narration", { label: "Amount", className: "px-3 py-2 text-right" }, "Result"]}>
            {summary.lines.map((l) => (
              <tr key={l.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                <td className="px-3 py-2">{l.lineNo}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(l.valueDate)}</td>
                <td className="px-3 py-2 break-all">{l.description || <span className={muted}>None</span>}</td>
                <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">{formatPaise(l.amountPaise)}</td>
                <td className="px-3 py-2">
                  {STATUS_LABELS[l.status]}
                  {l.invoice && <span className="block font-mono text-xs">{l.invoice}</span>}
                </td>
              </tr>
            ))}
          </Table>
        </TitledSection>
      )}

      <TitledSection headingId="waiting-heading" title={<>Lines to match ({unmatchedTotal})</>} className="mb-8" headingClassName="mb-1 text-lg font-semibold">
        <p className={`mb-3 text-sm ${muted}`}>Type the invoice a line pays: the whole line is recorded against it (not more than is due). Ignore a line that is not a customer's payment.</p>
        {lines.length === 0 ? (
          <p className="my-6 rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">Every imported line is matched or ignored.</p>
        ) : (
          <ul className="space-y-3">
            {lines.map((l) => {
              const mine = failedLine === String(l.id);
              const fieldId = `invoice-${l.id}`;
              const error = mine ? (e.invoice ?? e.form ?? e.line) : undefined;
              return (
                <li key={l.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span className="font-semibold tabular-nums">{formatPaise(l.amountPaise)}</span>
                    <span className={`text-sm ${muted}`}>
                      {formatDate(l.valueDate)} · {l.fileName}, line {l.lineNo}
                    </span>
                  </p>
                  <p className="text-sm break-all">{l.description || "No narration"}</p>
                  {l.instrumentRef && <p className={`font-mono text-xs break-all ${muted}`}>Reference {l.instrumentRef}</p>}
                  {l.suggestions.length > 0 && (
                    <p className="mt-1 text-sm">
                      Invoices with exactly this amount due: {l.suggestions.map((s) => `${s.number} (${s.customer})`).join(", ")}
                    </p>
                  )}
                  <div className="mt-2 flex flex-wrap items-end gap-3">
                    <IntentForm intent="match" className="flex flex-wrap items-end gap-3">
                      <input type="hidden" name="line" value={l.id} />
                      <div>
                        <label htmlFor={fieldId} className="block text-sm font-medium">
                          Invoice number
                        </label>
                        <input
                          id={fieldId}
                          name="invoice"
                          type="text"
                          autoComplete="off"
                          maxLength={40}
                          defaultValue={mine ? (failure?.values.invoice ?? "") : (l.suggestions.length === 1 ? l.suggestions[0]!.number : "")}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${fieldId}-error` : undefined}
                          className={control}
                        />
                      </div>
                      <button type="submit" className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
                        Match
                      </button>
                    </IntentForm>
                    <IntentForm intent="ignore">
                      <input type="hidden" name="line" value={l.id} />
                      <button type="submit" className={`${button} border border-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800`}>
                        Ignore
                      </button>
                    </IntentForm>
                  </div>
                  {error && (
                    <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </TitledSection>

      {imports.length > 0 && (
        <TitledSection headingId="imports-heading" title="Recent imports" headingClassName="mb-2 text-lg font-semibold">
          <ul className="space-y-1 text-sm">
            {imports.map((i) => (
              <li key={i.id}>
                <a href={`${PATH}?import=${i.id}`} className={link}>
                  {i.fileName}
                </a>{" "}
                <span className={muted}>
                  <time dateTime={i.createdAt}>{formatDateTime(i.createdAt)}</time>
                  {i.by ? ` by ${i.by}` : ""}: {i.matchedCount} of {i.lineCount} matched
                </span>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}
    </div>
  );
}
