import { listLinks, parseListQuery } from "~/.server/admin/list.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { awaitingModeration, listFormReviews, moderateReview } from "~/.server/feedback/moderation.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { FilterTabs } from "~/components/admin/filter-tabs.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Pagination } from "~/components/admin/pagination.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError } from "~/components/form/fields.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { moderateReviewSchema, REVIEW_FILTERS, reviewListSchema } from "~/lib/forms/admin/feedback.ts";
import { RATING_WORDS } from "~/lib/forms/feedback.ts";
import { FeedbackNav } from "./parts.tsx";
import type { Route } from "./+types/reviews";

/**
 * /admin/feedback/reviews: reviews written on the public /reviews form. They wait ("new") until the office
 * publishes them (they show on /reviews at once) or decides not to; a published one can be taken down.
 * The sender's mobile number is shown here so the office can match the review to a job; it is never public.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const { filters, cursor } = parseListQuery(url, reviewListSchema);
  const [page, awaiting] = await Promise.all([listFormReviews(filters.show, cursor), awaitingModeration()]);
  return {
    show: filters.show,
    rows: page.rows,
    total: page.total,
    ...listLinks(url, filters, cursor, page, REVIEW_FILTERS, "new"),
    awaiting,
  };
}

export const handle = { title: "Reviews from the site" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, moderateReviewSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await moderateReview(staff, parsed.data);
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return refuseForm(form, result.message);
  return redirectWithFlash(`${url.pathname}${url.search}`, { type: "success", message: result.message });
}

export default function AdminFeedbackReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { show, rows, total, tabs, nextHref, firstHref, awaiting } = loaderData;
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Reviews from the site" description="Reviews written on the public reviews page: publish the genuine ones, critical ones too." />
      <FeedbackNav current="reviews" awaiting={awaiting} />
      <FilterTabs label="Which reviews" tabs={tabs} />
      <FormError message={failure?.errors.form ?? failure?.errors.id ?? failure?.errors.status ?? failure?.errors.intent} />
      {rows.length === 0 ? (
        <p className="my-6 rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
          {show === "new" ? "No review waits for a decision." : show === "published" ? "No review from the site is published." : "No review has been turned down."}
        </p>
      ) : (
        <ul className="space-y-4">
          {rows.map((r) => (
            <li key={r.id}>
              <article aria-labelledby={`review-${r.id}`} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
                <h2 id={`review-${r.id}`} className="font-semibold">
                  {r.reference}: {r.rating} of 5 ({RATING_WORDS[r.rating] ?? "no rating"}) from {r.name}
                </h2>
                <p className={`text-sm ${muted}`}>
                  {[r.company, r.city, r.service].filter(Boolean).join(" · ")} · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
                  {r.mobile && (
                    <>
                      {" "}
                      ·{" "}
                      <a href={telHref(r.mobile)} className={link}>
                        {formatIndianPhone(r.mobile)}
                      </a>
                    </>
                  )}
                </p>
                <p className="mt-2 whitespace-pre-line">{r.text}</p>
                <div className="mt-3 flex flex-wrap gap-3">
                  {r.status !== "published" && (
                    <ConfirmButton intent="publish" fields={{ id: r.id, status: r.status }}>
                      Publish on the reviews page
                    </ConfirmButton>
                  )}
                  {r.status !== "rejected" && (
                    <ConfirmButton intent="reject" fields={{ id: r.id, status: r.status }} tone="danger">
                      {r.status === "published" ? "Take off the reviews page" : "Do not publish"}
                    </ConfirmButton>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pagination total={total} shown={rows.length} next={nextHref} first={firstHref} />
    </div>
  );
}
