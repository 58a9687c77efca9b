import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { asc, eq } from "drizzle-orm";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { customerSites } from "~/.server/db/schema.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { editDraft, quoteWhatsappHref, reviseQuote, sendQuote } from "~/.server/quotes/changes.ts";
import { checkQuotePost, drawQuoteForm, formState, readQuotePost, startRows, type QuoteFormState } from "~/.server/quotes/form.ts";
import { adminQuotePath, entered, quotePath, quoteToken } from "~/.server/quotes/shared.ts";
import { pickerProducts, referenceBand } from "~/.server/quotes/source.ts";
import { loadQuoteByReference, placeBasisText, quoteDocument, type LoadedQuote } from "~/.server/quotes/view.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FieldIdPrefix, FormError, TextArea } from "~/components/form/fields.tsx";
import { TaxDocument } from "~/components/money/tax-document.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import { editQuoteSchema, isQuoteIntent, QUOTE_REFERENCE_PATTERN, QUOTE_STATUS_LABELS, REVISABLE_STATES, reviseQuoteSchema, sendQuoteSchema } from "~/lib/forms/admin/quotes.ts";
import { bandText, QuoteFields, type QuoteFormContext } from "./fields.tsx";
import type { Route } from "./+types/quote";
import type { PageHandle } from "~/lib/page-title.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/quotes/{reference}: one quote. Its versions (a switcher; ?v=2 opens an earlier one, still readable
 * as sent), the document as the customer sees it, the place of supply and its basis, the reference band, the
 * customer's answers (who, when, from where, how), and the steps its state allows: a draft is edited in place
 * and sent (SMS and e-mail with the signed link; then a WhatsApp button for the office to press); a sent quote
 * is revised into a new draft version. Every step is a plain form with the quote's version.
 */

const DECISION_LABELS = { approve: "Approved", changes: "Asked for changes", decline: "Declined" } as const;
const VIA_LABELS = { portal: "in the customer portal", link: "through the quote's link, confirmed by a code to their mobile", office: "recorded by the office" } as const;

async function sitesOf(customerId: number) {
  return getDb().select({ id: customerSites.id, name: customerSites.name, stateCode: customerSites.stateCode }).from(customerSites).where(eq(customerSites.customerId, customerId)).orderBy(asc(customerSites.name), asc(customerSites.id));
}

async function editContext(q: LoadedQuote, serviceBand: QuoteFormContext["band"]) {
  const [products, sites] = await Promise.all([pickerProducts(getDb()), sitesOf(q.customer.id)]);
  const context: QuoteFormContext = { customer: q.customer, sites, products, band: serviceBand };
  return context;
}

function draftState(q: LoadedQuote, sites: QuoteFormContext["sites"], supplierState: string): QuoteFormState {
  const v = q.versions.find((x) => x.number === q.quote.currentVersion)!;
  const recipientState = (v.recipient as { stateCode?: string | null }).stateCode ?? "";
  return formState(
    {
      values: { title: q.quote.title, terms: v.terms, notes: v.notes ?? "", site: q.quote.siteId ? String(q.quote.siteId) : "", stateCode: v.placeOfSupplyBasis === "recipient-address" ? recipientState : "" },
      rows: startRows(entered(v.lines)),
    },
    q.customer,
    sites,
    supplierState,
  );
}

export async function loader({ url, params, context: rc }: Route.LoaderArgs) {
  staffOf(rc);
  if (!QUOTE_REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  const [q, settings] = await Promise.all([loadQuoteByReference(params.reference), getSiteSettings()]);
  if (!q) return throwNotFound(url);
  const asked = Number(url.searchParams.get("v"));
  const number = Number.isInteger(asked) && asked >= 1 && asked <= q.quote.currentVersion ? asked : q.quote.currentVersion;
  const version = q.versions.find((v) => v.number === number);
  if (!version) return throwNotFound(url);
  const band = await referenceBand(q.serviceSlug, settings);
  const editing = q.quote.status === "draft" && number === q.quote.currentVersion;
  const edit = editing ? await editContext(q, band) : null;
  const sentOnce = q.quote.sentAt !== null;
  const token = sentOnce ? quoteToken(q.quote.id, q.quote.validUntil) : null;
  const answerable = q.state === "sent" || q.state === "changes_requested";
  const whatsapp = token && answerable && q.customer.mobile ? quoteWhatsappHref(q.customer.mobile, { reference: q.quote.reference, totalPaise: q.quote.totalPaise, validUntil: q.quote.validUntil, token }, settings) : null;
  return {
    quote: {
      reference: q.quote.reference,
      title: q.quote.title,
      state: q.state,
      stateLabel: QUOTE_STATUS_LABELS[q.state],
      version: q.quote.version,
      currentVersion: q.quote.currentVersion,
      totalPaise: q.quote.totalPaise,
      validUntil: q.quote.validUntil,
      sentAt: q.quote.sentAt?.toISOString() ?? null,
      revisable: REVISABLE_STATES.includes(q.state),
    },
    customer: q.customer,
    requestReference: q.requestReference,
    jobCard: q.jobCard,
    siteName: q.siteName,
    number,
    versions: q.versions.map((v) => ({ number: v.number, createdAt: v.createdAt.toISOString(), totalPaise: v.totalPaise, revisionReason: v.revisionReason })),
    basis: placeBasisText(q, version),
    band: bandText(version.taxablePaise, band),
    view: quoteDocument(q, version, settings),
    responses: q.responses.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), idempotencyKey: undefined })),
    customerLink: token ? `${settings.identity.siteUrl}${quotePath(token)}` : null,
    whatsapp,
    edit: edit ? { context: edit, state: draftState(q, edit.sites, settings.business.stateCode) } : null,
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `${data.quote.reference}: Quotes` };

export async function action({ request, url, params, context: rc }: Route.ActionArgs) {
  const staff = staffOf(rc);
  if (!QUOTE_REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isQuoteIntent(intent)) return refuseForm(form, OUT_OF_DATE);
  const back = adminQuotePath(params.reference);
  if (intent === "send" || intent === "revise") {
    const parsed = intent === "send" ? parseForm(form, sendQuoteSchema) : parseForm(form, reviseQuoteSchema);
    if (parsed.refusal) return parsed.refusal;
    const result = parsed.data.intent === "send" ? await sendQuote(staff, params.reference, parsed.data) : await reviseQuote(staff, params.reference, parsed.data);
    if (!result.ok) return result.reason === "not-found" ? throwNotFound(url) : refuseForm(form, result.message, result.field === "form" ? "form" : result.field);
    return redirectWithFlash(back, { type: "success", message: result.message });
  }
  // The draft's edit form: "Add lines" draws it again; "Save" saves it in place.
  const [q, settings] = await Promise.all([loadQuoteByReference(params.reference), getSiteSettings()]);
  if (!q) return throwNotFound(url);
  const edit = await editContext(q, await referenceBand(q.serviceSlug, settings));
  const post = readQuotePost(form, edit.products);
  const version = String(form.get("version") ?? "");
  const draw = (errors: Record<string, string>, extraRows: number, rows = post.rows, status: 200 | 400 = 400) =>
    drawQuoteForm(form, { values: post.values, rows, errors, extraRows }, q.customer, edit.sites, settings.business.stateCode, status);
  if (intent === "add-lines") return draw({}, post.blanks + 3, post.rows, 200);
  const checked = checkQuotePost(post, editQuoteSchema, { version }, edit.products);
  if (!checked.ok) return draw(checked.errors, post.blanks, checked.rows);
  const result = await editDraft(staff, params.reference, checked.data, checked.lines);
  if (!result.ok) return result.reason === "not-found" ? throwNotFound(url) : draw({ [result.field]: result.message }, post.blanks);
  return redirectWithFlash(back, { type: "success", message: result.message });
}

const panel = "rounded-md border border-slate-200 p-4 dark:border-slate-800";

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { quote: q, customer, number, versions, view, responses, edit } = loaderData;
  const failure = actionData as (FormFailure & Partial<QuoteFormState>) | undefined;
  // The draft's edit form comes back with its rows; any other form's refusal is shown beside its step.
  const editFailure = failure?.rows ? (failure as QuoteFormState) : undefined;
  const editState = editFailure ?? edit?.state;
  const stepError = failure && !editFailure ? (failure.errors.form ?? failure.errors.reason ?? failure.errors.version ?? failure.errors.intent) : undefined;
  const base = `/admin/quotes/${encodeURIComponent(q.reference)}`;
  const current = number === q.currentVersion;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        back={{ href: "/admin/quotes", label: "Quotes" }}
        title={
          <>
            Quote <span className="font-mono">{q.reference}</span>
          </>
        }
        description={
          <span className="flex flex-wrap gap-x-2">
            <span>{q.title}</span>
            <span>
              · <strong>{q.stateLabel}</strong> · v{q.currentVersion} · {formatPaise(q.totalPaise)}
            </span>
          </span>
        }
        actions={
          <>
            <ButtonLink href={`${base}/pdf?v=${number}`}>PDF (v{number})</ButtonLink>
            {loaderData.whatsapp && (
              <a href={loaderData.whatsapp} target="_blank" rel="noopener noreferrer" className="inline-flex h-10 items-center rounded-md bg-green-800 px-4 text-sm font-semibold text-white hover:bg-green-900">
                Send on WhatsApp
              </a>
            )}
          </>
        }
      />

      <div className="grid gap-4 lg:grid-cols-2">
        <TitledSection headingId="about-heading" title={<>For {customer.company ?? customer.name}</>} className={panel} headingClassName="text-lg font-semibold">
          <ul className="mt-2 space-y-1">
            <li>
              Customer{" "}
              <a href={`/admin/customers/${customer.reference}`} className={link}>
                {customer.reference}
              </a>
              {customer.company ? `, ${customer.name}` : ""}
              {customer.mobile ? `, ${formatIndianPhone(customer.mobile)}` : ""}
            </li>
            {loaderData.requestReference && (
              <li>
                Request{" "}
                <a href={`/admin/service-requests/${loaderData.requestReference}`} className={link}>
                  {loaderData.requestReference}
                </a>
              </li>
            )}
            {loaderData.jobCard && (
              <li>
                Bench job{" "}
                <a href={`/admin/bench/${loaderData.jobCard}`} className={link}>
                  {loaderData.jobCard}
                </a>
              </li>
            )}
            {loaderData.siteName && <li>Site: {loaderData.siteName}</li>}
            <li>
              Place of supply: {view.placeOfSupply.name} ({view.placeOfSupply.code}), {loaderData.basis}; {view.totals.supply === "intra-state" ? "CGST + SGST" : "IGST"}.
            </li>
            {loaderData.band && <li className={muted}>{loaderData.band}</li>}
            <li>
              Valid until {formatDate(q.validUntil)}
              {q.sentAt ? `; sent ${formatDateTime(q.sentAt)}` : "; not sent yet"}.
            </li>
            {loaderData.customerLink && (
              <li>
                The customer&apos;s page:{" "}
                <a href={loaderData.customerLink} className={`${link} break-all`}>
                  {loaderData.customerLink}
                </a>
              </li>
            )}
          </ul>
        </TitledSection>

        <TitledSection headingId="steps-heading" title="Next step" className={panel} headingClassName="text-lg font-semibold">
          <div className="mt-2 space-y-3">
            <FormError message={stepError} />
            {q.state === "draft" && (
              <IntentForm intent="send" version={q.version}>
                <p className="mb-2">
                  Send v{q.currentVersion} to the customer: an SMS{customer.email ? " and an e-mail" : ""} with the signed link to view, download and answer it.
                </p>
                <Button type="submit">
                  Send v{q.currentVersion}
                </Button>
              </IntentForm>
            )}
            {q.revisable && (
              <IntentForm intent="revise" version={q.version} className="space-y-3">
                <FieldIdPrefix.Provider value="revise-">
                  <TextArea name="reason" label="Why revise it" required rows={2} maxLength={500} defaultValue={failure?.intent === "revise" ? failure.values?.reason : undefined} error={failure?.intent === "revise" ? failure.errors?.reason : undefined} hint={`Makes v${q.currentVersion + 1} as a draft; v${q.currentVersion} stays as sent.`} />
                </FieldIdPrefix.Provider>
                <Button type="submit">
                  Revise: make v{q.currentVersion + 1}
                </Button>
              </IntentForm>
            )}
            {q.state === "approved" && <p>Approved: an invoice is made from the approved version.</p>}
          </div>
        </TitledSection>
      </div>

      {versions.length > 1 && (
        <nav aria-label="Versions" className="mt-6 flex flex-wrap items-center gap-2">
          <span className="font-medium">Versions:</span>
          {versions.map((v) => (
            <a
              key={v.number}
              href={v.number === q.currentVersion ? base : `${base}?v=${v.number}`}
              aria-current={v.number === number ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm font-medium ${v.number === number ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"}`}
            >
              v{v.number} · {formatPaise(v.totalPaise)}
            </a>
          ))}
        </nav>
      )}
      {versions.find((v) => v.number === number)?.revisionReason && <p className={`mt-2 ${muted}`}>Why v{number} was made: {versions.find((v) => v.number === number)?.revisionReason}</p>}

      {responses.length > 0 && (
        <TitledSection headingId="answers-heading" title={<>The customer&apos;s answers</>} className={`mt-6 ${panel}`} headingClassName="text-lg font-semibold">
          <ul className="mt-2 space-y-3">
            {responses.map((r) => (
              <li key={r.id}>
                <strong>{DECISION_LABELS[r.decision]}</strong> v{r.versionNumber} on {formatDateTime(r.createdAt)} by {r.respondentName ?? "the customer"}
                {r.respondentMobile ? ` (${formatIndianPhone(r.respondentMobile)})` : ""}, {VIA_LABELS[r.via]}.
                {r.comment && <span className="block">“{r.comment}”</span>}
                <span className={`block text-sm ${muted}`}>
                  From {r.ipAddress ?? "an unknown address"}
                  {r.userAgent ? ` · ${r.userAgent}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}

      {edit && editState && current && (
        <TitledSection headingId="edit-heading" title={<>Edit draft v{q.currentVersion}</>} className="mt-8" headingClassName="mb-3 text-xl font-semibold">
          <form method="post" className="space-y-6">
            <input type="hidden" name="version" value={q.version} />
            <QuoteFields state={editState} context={edit.context} />
            <Button type="submit" name="intent" value="save">
              Save the draft
            </Button>
          </form>
        </TitledSection>
      )}

      <div className="mt-8">
        <TaxDocument view={view} pdfHref={`${base}/pdf?v=${number}`} />
      </div>
    </div>
  );
}
