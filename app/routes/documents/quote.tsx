import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { clientAddress, parseForm, readForm, refuseFields, type FormFailure } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { confirmLinkAnswer, startLinkAnswer } from "~/.server/quotes/respond.ts";
import { checkQuoteToken, maskedMobile } from "~/.server/quotes/shared.ts";
import { customerAnswers, CUSTOMER_STATE_LABELS, signedQuote } from "~/.server/quotes/view.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { CallUs } from "~/components/call-us.tsx";
import { RadioGroup, TextArea, TextField } from "~/components/form/fields.tsx";
import { TaxDocument } from "~/components/money/tax-document.tsx";
import { formatDate, formatDateTime } from "~/lib/format.ts";
import { linkConfirmSchema, linkResponseSchema, QUOTE_DECISION_DONE, QUOTE_DECISION_OPTIONS, QUOTE_DECISIONS, type QuoteDecision } from "~/lib/forms/quote-response.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/quote";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /d/quote/{token}: the quote a customer was sent (SMS, e-mail or WhatsApp), without signing in: the document
 * at the version they have, its PDF, and their answer (approve, ask for changes, decline), confirmed with a
 * one-time code sent to the mobile on record. A tampered link says so (403), an expired one too (410); a
 * well-signed link to a quote that does not exist (or was never sent) is the 404 page. Never cached or indexed.
 */

const PROBLEM_STATUS = { tampered: 403, expired: 410 } as const;

export async function loader({ params, url }: Route.LoaderArgs) {
  const [site, found] = await Promise.all([getSiteSettings(), signedQuote(params.token)]);
  if (!found.ok && found.problem === "not-found") return throwNotFound(url);
  const meta = seo(site, { type: "policy", title: "Your quotation", description: "Read the quotation, download the PDF, and approve it or ask for changes.", path: url.pathname, noindex: true });
  if (!found.ok) {
    const problem = found.problem === "expired" ? "expired" : "tampered";
    return data({ problem, page: null, meta }, { status: PROBLEM_STATUS[problem], headers: noStore() });
  }
  const { quote: q, version, view } = found;
  const answered = url.searchParams.get("answered");
  return data(
    {
      problem: null,
      meta,
      page: {
        view,
        version: version.number,
        state: q.state,
        stateLabel: CUSTOMER_STATE_LABELS[q.state],
        answerable: (q.state === "sent" || q.state === "changes_requested") && version.number === q.quote.currentVersion,
        validUntil: q.quote.validUntil,
        name: q.customer.name,
        sentTo: q.customer.mobile ? maskedMobile(q.customer.mobile) : null,
        answers: customerAnswers(q),
        answered: (QUOTE_DECISIONS as readonly string[]).includes(answered ?? "") ? (answered as QuoteDecision) : null,
        key: randomUUID(),
        pdfHref: `${url.pathname.replace(/\/+$/, "")}/pdf`,
      },
    },
    { headers: noStore() },
  );
}

export function headers() {
  return noStore();
}

export const meta = routeMeta;

type CodeStep = FormFailure & { step: "code"; challenge: string; sentTo: string };
type StartFailure = FormFailure & { step: "start" };

// The answer's fields go back as hidden fields of the code step, so only they are put back; the code never is.
const ANSWER_FIELDS = ["decision", "comment", "name", "version", "idempotencyKey", "challenge", "code"] as const;
const ANSWER_ECHO = { fields: ANSWER_FIELDS, omit: ["code"] } as const;

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const check = checkQuoteToken(params.token);
  // The page itself explains a tampered or expired link.
  if (!check.ok) return redirect(url.pathname, { status: 303, headers: noStore() });
  const form = await readForm(request);
  const address = clientAddress(context);
  const atStart = (errors: Record<string, string>) => refuseFields(form, errors, { ...ANSWER_ECHO, extra: { step: "start" } as const });
  const atCode = (errors: Record<string, string>, challenge: string, sentTo = "", status: 200 | 400 = 400) =>
    refuseFields(form, errors, { ...ANSWER_ECHO, extra: { step: "code", challenge, sentTo } as const, status });
  if (form.get("intent") === "confirm") {
    const parsed = parseForm(form, linkConfirmSchema, { ...ANSWER_ECHO, hiddenFields: [] });
    if (parsed.failure) {
      const { errors, values } = parsed.failure;
      if (!errors.code) return atStart({ form: errors.challenge ?? Object.values(errors)[0] ?? "Please start again." });
      return atCode(errors, values.challenge ?? "");
    }
    const result = await confirmLinkAnswer(check.id, parsed.data, { address, userAgent: request.headers.get("user-agent") });
    if (result.ok) return redirect(`${url.pathname}?answered=${result.decision}`, { status: 303, headers: noStore() });
    if (result.field === "code") return atCode({ code: result.message }, parsed.data.challenge);
    return atStart({ form: result.message });
  }
  // Step 1 (and "Send a new code"): the answer checked, then a code to the mobile on record.
  const parsed = parseForm(form, linkResponseSchema, { ...ANSWER_ECHO, hiddenFields: ["version", "idempotencyKey"], extra: { step: "start" } as const });
  if (parsed.refusal) return parsed.refusal;
  const started = await startLinkAnswer(check.id, parsed.data, address);
  if (!started.ok) return atStart({ [started.field]: started.message });
  // Not a refusal: the form's next step, the code.
  return atCode({}, started.challenge, started.sentTo, 200);
}

const submitClass = "inline-flex h-12 items-center rounded-md bg-accent-600 px-6 font-semibold text-white hover:bg-orange-800";
const secondaryClass = "inline-flex h-11 items-center rounded-md border border-slate-400 px-4 font-medium hover:bg-slate-100 dark:hover:bg-slate-800";

type Page = NonNullable<Route.ComponentProps["loaderData"]["page"]>;

function Hidden({ values }: { values: Record<string, string | undefined> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value ?? ""} />
      ))}
    </>
  );
}

function AnswerForm({ page, failure }: { page: Page; failure: StartFailure | undefined }) {
  const v = failure?.values ?? {};
  const e = failure?.errors ?? {};
  return (
    <IntentForm intent="start" version={page.version} error={e.form} className="mt-4 space-y-5" aria-labelledby="answer-heading">
      <input type="hidden" name="idempotencyKey" value={v.idempotencyKey ?? page.key} />
      <RadioGroup name="decision" label="Your answer" required options={QUOTE_DECISION_OPTIONS} defaultValue={v.decision} error={e.decision} />
      <TextArea name="comment" label="Comment" rows={3} maxLength={1000} defaultValue={v.comment} error={e.comment} hint="Needed when you ask for changes: what should we change?" />
      <TextField name="name" label="Your name" required maxLength={120} autoComplete="name" defaultValue={v.name ?? page.name} error={e.name} />
      <p>{page.sentTo ? `We will send a 6-digit code to the mobile number we have for you (${page.sentTo}) to confirm your answer.` : "We have no mobile number on record to confirm your answer: please call us."}</p>
      <button type="submit" className={submitClass}>
        Send me the code
      </button>
    </IntentForm>
  );
}

function CodeForm({ step }: { step: CodeStep }) {
  const { code: _c, challenge: _ch, ...answer } = step.values;
  return (
    <div className="mt-4 space-y-5">
      <p role="status">
        {step.sentTo ? `We have sent a 6-digit code to ${step.sentTo}.` : "Enter the 6-digit code we sent to your mobile."} It works for 5 minutes.
      </p>
      <IntentForm intent="confirm" className="space-y-5" aria-label="Confirm your answer">
        <Hidden values={{ ...answer, challenge: step.challenge }} />
        <TextField name="code" label="6-digit code" required inputMode="numeric" autoComplete="one-time-code" maxLength={7} error={step.errors.code} />
        <button type="submit" className={submitClass}>
          Confirm my answer
        </button>
      </IntentForm>
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <IntentForm intent="start" aria-label="Send a new code">
          <Hidden values={answer} />
          <button type="submit" className={secondaryClass}>
            Send a new code
          </button>
        </IntentForm>
        <a href="?" className={`${secondaryClass} no-underline`}>
          Change my answer
        </a>
      </div>
    </div>
  );
}

const DECISION_PAST = { approve: "Approved", changes: "Asked for changes", decline: "Declined" } as const;

export default function QuoteDocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, page } = loaderData;
  if (problem || !page) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">{problem === "expired" ? "This quotation link has expired" : "This quotation link does not work"}</h1>
        <p className="mt-4 text-lg">
          {problem === "expired"
            ? "Links to a quotation work for 60 days after the quotation's validity ends."
            : "The link is not complete or has been changed. Open it again from the SMS, e-mail or WhatsApp message we sent you, exactly as it is."}
        </p>
        <CallUs text="For a copy of your quotation, call us on" />
      </div>
    );
  }
  const step = actionData as CodeStep | StartFailure | undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {page.answered && (
        <p role="status" className="mb-6 rounded-md border border-green-700 bg-green-50 p-4 font-medium text-green-900 dark:bg-slate-900 dark:text-green-300">
          {QUOTE_DECISION_DONE[page.answered]}
        </p>
      )}
      <TaxDocument view={page.view} pdfHref={page.pdfHref} headingLevel={1}>
        <p className="mt-1">
          <strong>{page.stateLabel}</strong>
          {page.answerable && ` · valid until ${formatDate(page.validUntil)}`}
        </p>
      </TaxDocument>

      <TitledSection headingId="answer-heading" className="mt-8 max-w-2xl rounded-lg border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-xl font-semibold" title={page.answerable ? "Your answer" : "Answers"}>
        {page.answers.length > 0 && (
          <ul className="mt-2 space-y-2">
            {page.answers.map((a, i) => (
              <li key={i}>
                {DECISION_PAST[a.decision]} v{a.version} on <time dateTime={a.at}>{formatDateTime(a.at)}</time>
                {a.name ? ` by ${a.name}` : ""}.{a.comment && <span className="block">“{a.comment}”</span>}
              </li>
            ))}
          </ul>
        )}
        {page.answerable ? (
          step?.step === "code" ? <CodeForm step={step} /> : <AnswerForm page={page} failure={step?.step === "start" ? step : undefined} />
        ) : (
          <CallUs text={page.state === "expired" ? "This quotation has expired. For a new one, call us on" : "Questions about it? Call us on"} />
        )}
      </TitledSection>
    </div>
  );
}
