import { data, redirect } from "react-router";
import { parseForm, readForm } from "~/.server/forms/index.ts";
import { feedbackPage, submitRating } from "~/.server/feedback/rating.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { verifyLinkToken } from "~/.server/links/signed.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { CallUs } from "~/components/call-us.tsx";
import { FormError, RadioGroup, TextArea } from "~/components/form/fields.tsx";
import { StarIcon } from "~/components/icons.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { COMMENT_MAX, LOW_RATING_MAX, RATING_WORDS, RATINGS, ratingSchema } from "~/lib/forms/feedback.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/feedback";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /d/feedback/{token}: the customer rates a completed job from the link in the SMS sent when it was
 * completed (~/.server/feedback/request.ts), without signing in. 1-5 as radio buttons, a comment, and a
 * consent checkbox for showing it on /reviews under their name and city. One rating per job: a second
 * visit shows what they gave. A tampered link says so (403), an expired one too (410); a well-signed link
 * to a rating that does not exist is the 404 page. Personal: never cached, never indexed.
 */

const PROBLEM_STATUS = { tampered: 403, expired: 410 } as const;

export async function loader({ params, url }: Route.LoaderArgs) {
  const [site, result] = await Promise.all([getSiteSettings(), feedbackPage(params.token)]);
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  const meta = seo(site, {
    type: "policy",
    title: "Rate your job",
    description: "Tell us how the job went: rate it from 1 to 5 and add a comment.",
    path: url.pathname,
    noindex: true,
  });
  if (!result.ok) return data({ problem: result.reason, page: null, sent: false, meta }, { status: PROBLEM_STATUS[result.reason], headers: noStore() });
  return data({ problem: null, page: result.page, sent: url.searchParams.get("sent") === "1", meta }, { headers: noStore() });
}

export function headers() {
  return noStore();
}

export const meta = routeMeta;

export async function action({ request, params, url }: Route.ActionArgs) {
  const check = verifyLinkToken("feedback", params.token);
  if (!check.ok) {
    // The page itself explains the problem: show it again, with its status.
    return redirect(url.pathname, { status: 303, headers: noStore() });
  }
  const form = await readForm(request);
  const parsed = parseForm(form, ratingSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await submitRating(params.token, parsed.data);
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  // Saved, or rated before (the form sent twice, an old tab): the page shows the rating that stands.
  return redirect(result.ok ? `${url.pathname}?sent=1` : url.pathname, { status: 303, headers: noStore() });
}

function Stars({ value }: { value: number }) {
  return (
    <span className="flex" role="img" aria-label={`${value} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} className={`size-7 ${i < value ? "fill-amber-400 text-amber-500" : "text-slate-400"}`} />
      ))}
    </span>
  );
}

export default function RateJob({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, page, sent } = loaderData;
  if (problem || !page) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">{problem === "expired" ? "This rating link has expired" : "This rating link does not work"}</h1>
        <p className="mt-4 text-lg">
          {problem === "expired"
            ? "Links to rate a job are good for 30 days after the job is completed."
            : "The link is not complete or has been changed. Open it again from the SMS we sent you, exactly as it is."}
        </p>
        <CallUs text="You can still tell us how the job went: call us on" />
      </div>
    );
  }
  const failure = actionData && "errors" in actionData ? actionData : undefined;
  const job = [page.serviceName, page.technicianName ? `engineer ${page.technicianName}` : null].filter(Boolean).join(", ");
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      {page.given ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">{sent ? "Thank you for your rating" : "You have rated this job"}</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Job {page.reference}
            {job ? ` (${job})` : ""}, rated <time dateTime={page.given.ratedAt}>{formatDateTime(page.given.ratedAt)}</time>.
          </p>
          <TitledSection headingId="given-heading" className="mt-6 rounded-lg border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-lg font-semibold" title={<>Your rating: {page.given.rating} of 5 ({RATING_WORDS[page.given.rating]})</>}>
            <div className="mt-2">
              <Stars value={page.given.rating} />
            </div>
            {page.given.comment ? <p className="mt-3 whitespace-pre-line">{page.given.comment}</p> : <p className="mt-3 text-slate-700 dark:text-slate-300">No comment.</p>}
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              {page.given.publishConsent
                ? `You agreed that we may show it on our website as “${page.given.displayName ?? page.displayName}”.`
                : "You did not agree to have it shown on our website: it stays with us."}
            </p>
          </TitledSection>
          {page.given.rating <= LOW_RATING_MAX ? (
            <CallUs text="We are sorry the job did not go well. The owner has been told and will call you. If you would rather call us, we are on" />
          ) : (
            <CallUs text="A job is rated once. If the fault comes back, call us with the job's reference on" />
          )}
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">How did we do?</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Job {page.reference}
            {job ? ` (${job})` : ""}
            {page.completedAt ? (
              <>
                , completed <time dateTime={page.completedAt}>{formatDateTime(page.completedAt)}</time>
              </>
            ) : null}
            . It takes a minute; each job is rated once.
          </p>
          <form method="post" className="mt-6 space-y-6" aria-label="Rate the job" noValidate>
            <FormError message={failure?.errors.form} />
            <RadioGroup name="rating" label="Your rating, from 1 (very poor) to 5 (excellent)" required options={RATINGS} defaultValue={failure?.values.rating} error={failure?.errors.rating} />
            <TextArea
              name="comment"
              label="Your comment"
              rows={5}
              maxLength={COMMENT_MAX}
              defaultValue={failure?.values.comment}
              error={failure?.errors.comment}
              hint="What went well, what did not. The owner reads every comment."
            />
            <label className="flex items-start gap-3">
              <input type="checkbox" name="publish" value="yes" defaultChecked={failure?.values.publish === "yes"} className="mt-1 size-5 shrink-0" />
              <span>
                You may show my rating and comment on your website as “{page.displayName}”. <span className="text-slate-700 dark:text-slate-300">(Optional: without it, they stay with us.)</span>
              </span>
            </label>
            <button type="submit" className="inline-flex h-12 items-center rounded-md bg-accent-600 px-6 font-semibold text-white hover:bg-orange-800">
              Send my rating
            </button>
          </form>
        </>
      )}
    </div>
  );
}
