import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { customerIdOf } from "~/.server/customers/portal.ts";
import { clientAddress, parseForm, readForm, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { answerQuote } from "~/.server/quotes/respond.ts";
import { quotePath, quoteToken } from "~/.server/quotes/shared.ts";
import { customerAnswers, customerVersionNumber, CUSTOMER_STATE_LABELS, loadQuoteByReference, quoteDocument } from "~/.server/quotes/view.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { FormError, RadioGroup, TextArea } from "~/components/form/fields.tsx";
import { TaxDocument } from "~/components/money/tax-document.tsx";
import { formatDate, formatDateTime } from "~/lib/format.ts";
import { QUOTE_REFERENCE_PATTERN } from "~/lib/forms/admin/quotes.ts";
import { portalResponseSchema, QUOTE_DECISION_DONE, QUOTE_DECISION_OPTIONS, QUOTE_DECISIONS, type QuoteDecision } from "~/lib/forms/quote-response.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/quote";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /customer/quotes/{reference}: one of the signed-in customer's quotes, at the version they were sent, with
 * its PDF and their answer (approve, ask for changes, decline). Signed in, no code is needed: the portal's
 * sign-in was one. Another customer's quote, a draft never sent, or a made-up reference is the 404 page.
 */

async function ownQuote(context: Route.LoaderArgs["context"], reference: string, url: URL) {
  const session = portalSessionOf(context, "customer");
  if (!QUOTE_REFERENCE_PATTERN.test(reference)) return throwNotFound(url);
  const [q, customerId] = await Promise.all([loadQuoteByReference(reference), customerIdOf(session.user)]);
  if (!q || customerId === undefined || q.quote.customerId !== customerId) return throwNotFound(url);
  const number = customerVersionNumber(q.quote);
  const version = number ? q.versions.find((v) => v.number === number) : undefined;
  if (!version) return throwNotFound(url);
  return { session, q, version };
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { q, version } = await ownQuote(context, params.reference, url);
  const settings = await getSiteSettings();
  const answered = url.searchParams.get("answered");
  return {
    reference: q.quote.reference,
    view: quoteDocument(q, version, settings, { forCustomer: true }),
    version: version.number,
    state: q.state,
    stateLabel: CUSTOMER_STATE_LABELS[q.state],
    validUntil: q.quote.validUntil,
    answerable: (q.state === "sent" || q.state === "changes_requested") && version.number === q.quote.currentVersion,
    answers: customerAnswers(q),
    answered: (QUOTE_DECISIONS as readonly string[]).includes(answered ?? "") ? (answered as QuoteDecision) : null,
    pdfHref: `${quotePath(quoteToken(q.quote.id, q.quote.validUntil))}/pdf`,
    key: randomUUID(),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Quote ${data.reference}` };


export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { session, q } = await ownQuote(context, params.reference, url);
  const form = await readForm(request);
  // The version and the key are hidden: a message about either is for the whole form.
  const parsed = parseForm(form, portalResponseSchema, { fields: ["decision", "comment", "version", "idempotencyKey"], hiddenFields: ["version", "idempotencyKey"] });
  if (parsed.refusal) return parsed.refusal;
  const result = await answerQuote({
    quoteId: q.quote.id,
    version: parsed.data.version,
    decision: parsed.data.decision,
    comment: parsed.data.comment,
    respondent: { name: session.user.name ?? q.customer.name, mobile: session.user.mobile, userId: session.user.id },
    via: "portal",
    ipAddress: clientAddress(context),
    userAgent: request.headers.get("user-agent"),
    idempotencyKey: parsed.data.idempotencyKey,
  });
  if (!result.ok) return refuseForm(form, result.message, result.field);
  return redirect(`${url.pathname}?answered=${result.decision}`, { status: 303, headers: noStore() });
}

const DECISION_PAST = { approve: "Approved", changes: "Asked for changes", decline: "Declined" } as const;
const linkClass = "font-medium text-brand-700 underline dark:text-sky-300";

export default function CustomerQuote({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const failure = actionData as FormFailure | undefined;
  const v = failure?.values ?? {};
  const e = failure?.errors ?? {};
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p>
        <a href="/customer/mobile" className={linkClass}>
          ← My Requests
        </a>
      </p>
      {d.answered && (
        <p role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 p-4 font-medium text-green-900 dark:bg-slate-900 dark:text-green-300">
          {QUOTE_DECISION_DONE[d.answered]}
        </p>
      )}
      <div className="mt-4">
        <TaxDocument view={d.view} pdfHref={d.pdfHref} headingLevel={1}>
          <p className="mt-1">
            <strong>{d.stateLabel}</strong>
            {d.answerable && ` · valid until ${formatDate(d.validUntil)}`}
          </p>
        </TaxDocument>
      </div>
      <TitledSection headingId="answer-heading" className="mt-8 max-w-2xl rounded-lg border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-xl font-semibold" title={d.answerable ? "Your answer" : "Answers"}>
        {d.answers.length > 0 && (
          <ul className="mt-2 space-y-2">
            {d.answers.map((a, i) => (
              <li key={i}>
                {DECISION_PAST[a.decision]} v{a.version} on <time dateTime={a.at}>{formatDateTime(a.at)}</time>
                {a.name ? ` by ${a.name}` : ""}.{a.comment && <span className="block">“{a.comment}”</span>}
              </li>
            ))}
          </ul>
        )}
        {d.answerable ? (
          <form method="post" className="mt-4 space-y-5" aria-labelledby="answer-heading">
            <FormError message={e.form} />
            <input type="hidden" name="version" value={d.version} />
            <input type="hidden" name="idempotencyKey" value={v.idempotencyKey ?? d.key} />
            <RadioGroup name="decision" label="Your answer" required options={QUOTE_DECISION_OPTIONS} defaultValue={v.decision} error={e.decision} />
            <TextArea name="comment" label="Comment" rows={3} maxLength={1000} defaultValue={v.comment} error={e.comment} hint="Needed when you ask for changes: what should we change?" />
            <button type="submit" className="inline-flex h-12 items-center rounded-md bg-accent-600 px-6 font-semibold text-white hover:bg-orange-800">
              Send my answer
            </button>
          </form>
        ) : (
          d.answers.length === 0 && <p className="mt-2">This quotation can no longer be answered here. Please call us about it.</p>
        )}
      </TitledSection>
    </div>
  );
}
