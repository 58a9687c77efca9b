import { randomUUID } from "node:crypto";
import { parseForm, readForm, redirectWithFlash, refuseFields, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { invoiceDraft, invoicePickerProducts, issueFromSource, type InvoiceDraft } from "~/.server/invoices/sources.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { FieldError, FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { LineItemsFields } from "~/components/money/line-items-fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { fillFromProducts, isBlankLine, parseLineRows, rawFromLine, readLineRows, type RawLine } from "~/lib/money/line-rows.ts";
import { formatPaise } from "~/lib/format.ts";
import { invoiceSourceFrom, issueInvoiceSchema, type InvoiceSource } from "~/lib/forms/admin/invoices.ts";
import { invoiceTotals, type LineInput } from "~/lib/money/gst.ts";
import type { Route } from "./+types/new";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/invoices/new?quote=QT-... | ?request=SR-... | ?customer=CU-...: issuing a GST tax invoice. From an
 * approved quote, its approved lines as they are; from a completed job, the lines prefilled from the parts used
 * on it (priced from the products list) and a service line, which the office reviews and prices; for a
 * customer, lines typed in. The customer's GSTIN is checked (check digit included) before it is used: a wrong
 * one blocks issuing, with a link to correct it. The form's one-time key makes a double submit one invoice;
 * a second invoice for the same job needs a tick. Without a source, the page asks for one.
 */
const PATH = "/admin/invoices/new";

/** ?from=QT-... (the chooser's one box) is read like ?quote=, ?request= or ?customer=. */
function sourceOf(url: URL): InvoiceSource | undefined {
  const from = url.searchParams.get("from")?.trim().toUpperCase() ?? "";
  const params = new URLSearchParams(url.search);
  if (from.startsWith("QT-")) params.set("quote", from);
  else if (from.startsWith("SR-")) params.set("request", from);
  else if (from.startsWith("CU-")) params.set("customer", from);
  return invoiceSourceFrom(params);
}

function describe(d: InvoiceDraft): string {
  const who = d.customer.company ? `${d.customer.company} (${d.customer.name})` : d.customer.name;
  const from = d.source.kind === "quote" ? `quote ${d.quoteReference} v${d.quoteVersion ?? "?"}, as approved` : d.source.kind === "request" ? `the completed job ${d.requestReference}` : `customer ${d.customer.reference}`;
  return `To ${who}, ${d.customer.reference}: from ${from}.`;
}

/** The draft's lines as the quote approved them, priced for the preview. */
function quotePreview(d: InvoiceDraft) {
  if (d.linesEditable || !d.placeOfSupply || d.lines.length === 0) return null;
  try {
    const t = invoiceTotals(d.lines as LineInput[], { code: d.placeOfSupply.code }, { roundToRupee: true });
    return { lines: d.lines.map((l, i) => ({ description: l.description, hsnSac: l.hsnSac, totalPaise: t.lines[i]!.totalPaise })), taxablePaise: t.taxablePaise, taxPaise: t.taxPaise, payablePaise: t.payablePaise };
  } catch {
    return null;
  }
}

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const source = sourceOf(url);
  const site = await getSiteSettings();
  const typed = url.searchParams.get("from")?.slice(0, 40) ?? "";
  if (!source) {
    return { chooser: { typed, problem: typed ? `"${typed}" is not a quote (QT-...), request (SR-...) or customer (CU-...) reference.` : null }, page: null };
  }
  const db = getDb();
  const [found, products] = await Promise.all([invoiceDraft(db, source), invoicePickerProducts(db)]);
  if (!found.ok && found.reason === "not-found") return throwNotFound(url);
  if (!found.ok) return { chooser: { typed: source.reference, problem: found.message }, page: null };
  const d = found.draft;
  return {
    chooser: null,
    page: {
      description: describe(d),
      draft: d,
      products,
      rows: d.linesEditable ? d.lines.map(rawFromLine) : [],
      preview: quotePreview(d),
      values: { poNumber: d.poNumber ?? "", notes: "", idempotencyKey: randomUUID() },
      dueDays: site.operations.invoiceDueDays,
    },
  };
}

export const handle = { title: "Issue an invoice" };

/** The form again: what was typed, the line rows as typed, and how many blank rows to add below them. */
interface Failure extends FormFailure {
  rows: RawLine[];
  extraRows: number;
}

/** The fields besides the line rows: only these are validated by the schema and put back. */
const INVOICE_FIELDS = ["poNumber", "notes", "another", "seenInvoices", "idempotencyKey"] as const;

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const source = sourceOf(url);
  if (!source) return throwNotFound(url);
  const db = getDb();
  const [found, products] = await Promise.all([invoiceDraft(db, source), invoicePickerProducts(db)]);
  if (!found.ok && found.reason === "not-found") return throwNotFound(url);
  const form = await readForm(request);
  const editable = found.ok ? found.draft.linesEditable : true;
  const posted = editable ? readLineRows(form) : [];
  const typedRows = fillFromProducts(posted, products);
  const blanks = posted.filter(isBlankLine).length;
  const again = (errors: Record<string, string>, rows: RawLine[], extraRows = 0, status: 200 | 400 = 400) =>
    refuseFields(form, errors, { fields: INVOICE_FIELDS, extra: { rows, extraRows }, status });
  if (!found.ok) return again({ form: found.message }, typedRows);
  // "Add lines" is not a refusal: the form again with three more blank rows.
  if (form.get("intent") === "add-lines") return again({}, typedRows.filter((r) => !isBlankLine(r)), blanks + 3, 200);

  const lines = editable ? parseLineRows(typedRows, products) : null;
  const rows = lines?.rows ?? typedRows;
  const parsed = parseForm(form, issueInvoiceSchema, {
    fields: INVOICE_FIELDS,
    extraErrors: lines ? { ...lines.errors, ...(lines.rows.length === 0 && !lines.errors.form ? { form: "Enter at least one line." } : {}) } : {},
    extra: { rows, extraRows: 0 },
  });
  if (parsed.refusal) return parsed.refusal;

  const result = await issueFromSource(staff, source, { lines: lines?.lines, poNumber: parsed.data.poNumber, notes: parsed.data.notes, another: parsed.data.another, seenInvoices: parsed.data.seenInvoices, idempotencyKey: parsed.data.idempotencyKey });
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return again({ [result.field === "lines" || result.field === "customer" ? "form" : result.field]: result.message }, rows);
  return redirectWithFlash(`/admin/invoices/${result.id}`, {
    type: "success",
    message: result.created ? `Invoice ${result.number} issued and sent to the customer.` : `Invoice ${result.number} had already been issued: here it is.`,
  });
}

function Chooser({ typed, problem }: { typed: string; problem: string | null }) {
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader back={{ href: "/admin/invoices", label: "Invoices" }} title="Issue an invoice" description="An invoice is issued from an approved quote, a completed job, or for a customer." />
      <form method="get" action={PATH} className="space-y-4">
        <FormError message={problem ?? undefined} />
        <div>
          <label htmlFor="invoice-from" className="block font-medium">
            Quote, request or customer reference
          </label>
          <input id="invoice-from" name="from" type="text" required maxLength={40} defaultValue={typed} aria-describedby="invoice-from-hint" className={control} />
          <p id="invoice-from-hint" className={`mt-1 text-sm ${muted}`}>
            e.g. QT-2611-0004, SR-2611-0042 or CU-2611-0007. A completed request&apos;s page has an Issue invoice link too.
          </p>
        </div>
        <Button type="submit">
          Start the invoice
        </Button>
      </form>
    </div>
  );
}

export default function AdminNewInvoice({ loaderData, actionData }: Route.ComponentProps) {
  const { chooser, page } = loaderData;
  if (!page) return <Chooser typed={chooser?.typed ?? ""} problem={chooser?.problem ?? null} />;
  const failure = actionData as Failure | undefined;
  const d = page.draft;
  const e = failure?.errors ?? {};
  const v: Record<string, string> = failure?.values ?? page.values;
  const rows = failure?.rows ?? page.rows;
  const blocked = d.blocked ?? d.gstinProblem;
  const pos = d.placeOfSupply;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader back={{ href: "/admin/invoices", label: "Invoices" }} title="Issue an invoice" description={page.description} />

      <TitledSection headingId="recipient-heading" title="Recipient and place of supply" className="mb-6 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
          <dt className={muted}>Customer</dt>
          <dd>
            <a href={`/admin/customers/${encodeURIComponent(d.customer.reference)}`} className={link}>
              {d.customer.company ?? d.customer.name}
            </a>{" "}
            ({d.customer.reference})
          </dd>
          <dt className={muted}>GSTIN</dt>
          <dd>{d.gstinProblem ? <span className="font-semibold text-red-800 dark:text-red-300">Not valid: see below</span> : d.customer.gstin ? <span className="font-mono">{d.customer.gstin}</span> : "None: a B2C invoice"}</dd>
          <dt className={muted}>Site</dt>
          <dd>{d.site ? [d.site.name, d.site.city].filter(Boolean).join(", ") : "None on record"}</dd>
          <dt className={muted}>Place of supply</dt>
          <dd>
            {pos ? `${pos.name} (${pos.code}): ${pos.code === "36" ? "CGST + SGST" : "IGST"}` : "Decided when issued"}
            {pos && <span className={`block text-sm ${muted}`}>{pos.basis === "recipient-gstin" ? "From the GSTIN." : pos.basis === "recipient-address" ? "From the site's state." : "No GSTIN or site state on record: the supplier's state."}</span>}
          </dd>
          <dt className={muted}>Due by</dt>
          <dd>{page.dueDays === 0 ? "On receipt" : `${page.dueDays} days after the invoice date`}</dd>
        </dl>
      </TitledSection>

      {blocked && (
        <div role="alert" className="mb-6 rounded-md border border-red-700 bg-red-50 p-4 text-red-900 dark:bg-slate-900 dark:text-red-300">
          <p className="font-semibold">This invoice cannot be issued yet.</p>
          <p className="mt-1">{blocked}</p>
          {d.gstinProblem && (
            <p className="mt-2">
              <a href={`/admin/customers/${encodeURIComponent(d.customer.reference)}`} className={link}>
                Open the customer&apos;s page to correct the GSTIN
              </a>
            </p>
          )}
        </div>
      )}
      {d.existing.length > 0 && (
        <div className="mb-6 rounded-md border border-amber-600 bg-amber-50 p-4 dark:bg-slate-900">
          <p>
            Already invoiced:{" "}
            {d.existing.map((x, i) => (
              <span key={x.id}>
                {i > 0 && ", "}
                <a href={`/admin/invoices/${x.id}`} className={`${link} font-mono`}>
                  {x.number}
                </a>
              </span>
            ))}
            .
          </p>
        </div>
      )}
      {d.approvedQuote && (
        <p className="mb-6 rounded-md border border-slate-300 p-4 dark:border-slate-700">
          Quote {d.approvedQuote} for this job is approved and not invoiced yet.{" "}
          <a href={`${PATH}?quote=${encodeURIComponent(d.approvedQuote)}`} className={link}>
            Invoice the approved quote instead
          </a>
          .
        </p>
      )}

      <form method="post" className="space-y-6">
        <FormError message={e.form} />
        <input type="hidden" name="idempotencyKey" value={v.idempotencyKey ?? ""} />
        {d.linesEditable ? (
          <LineItemsFields rows={rows} products={page.products} errors={e} placeOfSupplyCode={pos?.code} legend="Lines" extraRows={failure?.extraRows ?? (rows.length ? 1 : 3)} />
        ) : (
          page.preview && (
            <TitledSection headingId="lines-heading" title="Lines, as approved" headingClassName="text-lg font-semibold">
              <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
                {page.preview.lines.map((l, i) => (
                  <li key={i} className="flex flex-wrap justify-between gap-2 p-3">
                    <span>
                      {l.description} <span className={`font-mono text-sm ${muted}`}>{l.hsnSac}</span>
                    </span>
                    <span className="tabular-nums">{formatPaise(l.totalPaise)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-right">
                Taxable {formatPaise(page.preview.taxablePaise)} + GST {formatPaise(page.preview.taxPaise)} = <strong>{formatPaise(page.preview.payablePaise)}</strong>
              </p>
            </TitledSection>
          )
        )}
        <TextField name="poNumber" label="Customer's purchase order number" maxLength={60} defaultValue={v.poNumber} error={e.poNumber} hint="Printed on the invoice, as rule 46 asks where the customer gave one." />
        <TextArea name="notes" label="Note to the customer" rows={3} maxLength={1000} defaultValue={v.notes} error={e.notes} hint="Printed on the invoice." />
        {d.source.kind === "request" && d.existing.length > 0 && (
          <div>
            <input type="hidden" name="seenInvoices" value={d.existing.length} />
            <label className="flex items-center gap-2 font-medium">
              <input type="checkbox" name="another" value="yes" defaultChecked={v.another === "yes"} aria-describedby={e.another ? "another-error" : undefined} className="h-5 w-5" />
              Issue another invoice for this job
            </label>
            <FieldError id="another-error" message={e.another} />
          </div>
        )}
        <p className={muted}>Once issued, the invoice cannot be edited (a mistake is corrected with a credit note). The customer gets an SMS with a link to it{d.customer.email ? " and an e-mail" : ""}.</p>
        <Button className="disabled:opacity-60" type="submit" name="intent" value="issue" disabled={Boolean(blocked)}>
          Issue the invoice
        </Button>
      </form>
    </div>
  );
}
