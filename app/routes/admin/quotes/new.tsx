import { randomUUID } from "node:crypto";
import { readForm, redirectWithFlash } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { createQuote } from "~/.server/quotes/changes.ts";
import { checkQuotePost, drawQuoteForm, formState, readQuotePost, startRows, type QuoteFormState } from "~/.server/quotes/form.ts";
import { adminQuotePath } from "~/.server/quotes/shared.ts";
import { loadSource, pickerProducts, referenceBand, type SourceInfo } from "~/.server/quotes/source.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { lookupFaultCode } from "~/.server/technical-library/lookup.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, muted } from "~/components/admin/styles.ts";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { newQuoteSchema, sourceFrom, type QuoteSource } from "~/lib/forms/admin/quotes.ts";
import { QuoteFields, type QuoteFormContext } from "./fields.tsx";
import type { Route } from "./+types/new";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/quotes/new?request=SR-... | ?bench=JC-... | ?customer=CU-...: a new quote (v1, a draft) for the
 * request's customer and site, a bench unit's diagnosis (a repair line at the workshop's estimate) or a
 * customer. Without a source it asks for one. "Add lines" draws the form again with more rows; "Save the
 * draft" makes the quote once, however often it is sent (the form's key).
 */
const PATH = "/admin/quotes/new";

/** ?from=SR-... (the chooser's one box) is read like ?request=, ?bench= or ?customer=. */
function sourceOf(url: URL): QuoteSource | undefined {
  const from = url.searchParams.get("from")?.trim().toUpperCase() ?? "";
  const byPrefix = from.startsWith("SR-") ? { request: from } : from.startsWith("JC-") ? { bench: from } : from.startsWith("CU-") ? { customer: from } : {};
  return sourceFrom(url.searchParams) ?? sourceFrom(byPrefix);
}

async function contextFor(info: SourceInfo) {
  const [site, products] = await Promise.all([getSiteSettings(), pickerProducts(getDb())]);
  const band = await referenceBand(info.serviceSlug, site);
  const context: QuoteFormContext = {
    customer: { reference: info.customer.reference, name: info.customer.name, company: info.customer.company, gstin: info.customer.gstin },
    sites: info.sites.map((s) => ({ id: s.id, name: s.name, stateCode: s.stateCode })),
    products,
    band,
  };
  return { site, context };
}

function describe(info: SourceInfo): string {
  const who = info.customer.company ? `${info.customer.company} (${info.customer.name})` : info.customer.name;
  const from = info.source.kind === "request" ? `request ${info.source.reference}` : info.source.kind === "bench" ? `bench job ${info.source.reference}` : `customer ${info.source.reference}`;
  return `For ${who}, ${info.customer.reference}: from ${from}.`;
}

export async function loader({ url, context: rc }: Route.LoaderArgs) {
  staffOf(rc);
  const source = sourceOf(url);
  const site = await getSiteSettings();
  const typed = url.searchParams.get("from")?.slice(0, 40) ?? "";
  if (!source) return { chooser: { typed, problem: typed ? `"${typed}" is not a request (SR-...), job card (JC-...) or customer (CU-...) reference.` : null }, page: null };
  const loaded = await loadSource(getDb(), source);
  if (!loaded.ok && loaded.reason === "not-found") return throwNotFound(url);
  if (!loaded.ok) return { chooser: { typed: source.reference, problem: loaded.message }, page: null };
  const { info } = loaded;
  const { context } = await contextFor(info);
  // The request's fault code, looked up in the technical library (every table: this is the office).
  const fault = info.faultCode ? { code: info.faultCode, hits: await lookupFaultCode(info.faultCode, "staff") } : null;
  const state = formState(
    {
      values: { title: info.title, terms: site.operations.quoteTerms, notes: "", site: info.siteId ? String(info.siteId) : "", stateCode: "", idempotencyKey: randomUUID() },
      rows: startRows(info.lines),
    },
    info.customer,
    info.sites,
    site.business.stateCode,
  );
  return { chooser: null, page: { description: describe(info), context, state, source, fault } };
}

export const handle = { title: "Make a quote" };

export async function action({ request, url, context: rc }: Route.ActionArgs) {
  const staff = staffOf(rc);
  const source = sourceOf(url);
  if (!source) return throwNotFound(url);
  const loaded = await loadSource(getDb(), source);
  if (!loaded.ok) return throwNotFound(url);
  const { info } = loaded;
  const { site, context } = await contextFor(info);
  const form = await readForm(request);
  const post = readQuotePost(form, context.products);
  const draw = (errors: Record<string, string>, extraRows: number, rows = post.rows, status: 200 | 400 = 400) =>
    drawQuoteForm(form, { values: post.values, rows, errors, extraRows }, info.customer, info.sites, site.business.stateCode, status);
  if (form.get("intent") === "add-lines") return draw({}, post.blanks + 3, post.rows, 200);
  const checked = checkQuotePost(post, newQuoteSchema, {}, context.products);
  if (!checked.ok) return draw(checked.errors, post.blanks, checked.rows);
  const result = await createQuote(staff, source, checked.data, checked.lines);
  if (!result.ok) return result.reason === "not-found" ? throwNotFound(url) : draw({ [result.field]: result.message }, post.blanks);
  return redirectWithFlash(adminQuotePath(result.reference), { type: "success", message: result.message });
}

export default function AdminNewQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { chooser, page } = loaderData;
  if (!page) {
    return (
      <div className="mx-auto max-w-2xl">
        <PageHeader back={{ href: "/admin/quotes", label: "Quotes" }} title="Make a quote" description="A quote is made for a service request, a unit on the bench, or a customer." />
        <form method="get" action={PATH} className="space-y-4">
          <FormError message={chooser?.problem ?? undefined} />
          <div>
            <label htmlFor="quote-from" className="block font-medium">
              Request, job card or customer reference
            </label>
            <input id="quote-from" name="from" type="text" required maxLength={40} defaultValue={chooser?.typed} aria-describedby="quote-from-hint" className={control} />
            <p id="quote-from-hint" className={`mt-1 text-sm ${muted}`}>
              e.g. SR-2611-0042, JC-2611-0012 or CU-2611-0007. A request&apos;s or job&apos;s page has a Make a quote link too.
            </p>
          </div>
          <Button type="submit">
            Start the quote
          </Button>
        </form>
      </div>
    );
  }
  const state: QuoteFormState = (actionData as QuoteFormState | undefined) ?? page.state;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader back={{ href: "/admin/quotes", label: "Quotes" }} title="Make a quote" description={page.description} />
      {page.fault && <FaultLookup fault={page.fault} />}
      <form method="post" className="space-y-6">
        <input type="hidden" name="idempotencyKey" value={state.values.idempotencyKey ?? ""} />
        <QuoteFields state={state} context={page.context} />
        <Button type="submit" name="intent" value="create">
          Save the draft
        </Button>
      </form>
    </div>
  );
}

type Fault = NonNullable<NonNullable<Route.ComponentProps["loaderData"]["page"]>["fault"]>;

/** The request's fault code as the technical library reads it: what it means and its usual causes, per table. */
function FaultLookup({ fault }: { fault: Fault }) {
  return (
    <TitledSection headingId="fault-heading" title={<>Fault code {fault.code}</>} className="mb-6 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="font-semibold">
      {fault.hits.length === 0 ? (
        <p className={`mt-1 text-sm ${muted}`}>Not in the technical library&apos;s fault-code tables: check the code with the customer, or add it to the brand&apos;s table.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {fault.hits.map((h) => (
            <li key={`${h.brand} ${h.series}`}>
              <span className="font-semibold">
                {h.brand} {h.series}: {h.name}
              </span>
              {h.causes && <span className={`block ${muted}`}>Causes: {h.causes}</span>}
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
