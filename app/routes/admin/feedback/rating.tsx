import { eachIntent, recordAction, step } from "~/.server/admin/actions.ts";
import type { FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { changePublication, closeFollowUp, feedbackRecord } from "~/.server/feedback/office.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError, TextArea } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { closeFollowUpSchema, PUBLISH_INTENTS, publishSchema } from "~/lib/forms/admin/feedback.ts";
import { RATING_WORDS } from "~/lib/forms/feedback.ts";
import { ratingText } from "./parts.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/rating";
import { TitledSection } from "~/components/titled-section.tsx";
import { keptField } from "~/components/admin/kept-field.ts";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/feedback/{id}: one rating: the job, what the customer gave, their consent; a low rating's
 * follow-up, closed with a note on what was done; publishing to /reviews (refused without the customer's
 * recorded consent) and hiding again. Every change is on the version drawn and audited
 * (~/.server/feedback/office.ts).
 */
const pathOf = (id: number) => `/admin/feedback/${id}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = await idParam(params.id, url);
  const record = await feedbackRecord(id);
  if (!record) return throwNotFound(url);
  return {
    record,
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Rating of ${data.record.reference}` };

export async function action(args: Route.ActionArgs) {
  return recordAction(args, pathOf, (staff, id) => ({
    "close-follow-up": step(closeFollowUpSchema, (data) => closeFollowUp(staff, id, data)),
    ...eachIntent(PUBLISH_INTENTS, step(publishSchema, (data) => changePublication(staff, id, data))),
  }));
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="font-semibold">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function AdminFeedbackRating({ loaderData, actionData }: Route.ComponentProps) {
  const { record: r } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const followFailure = failure?.intent === "close-follow-up" ? failure : undefined;
  const publishFailure = failure && failure.intent !== "close-follow-up" ? failure : undefined;
  const low = r.rating !== null && r.rating <= 2;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: "/admin/feedback", label: "Feedback" }}
        title={`Rating of ${r.reference}`}
        description={`${r.contactName}${r.company ? `, ${r.company}` : ""}: ${ratingText(r.rating, RATING_WORDS)}`}
      />

      <TitledSection headingId="rating-heading" title="What the customer gave" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <dl className="mt-3 space-y-2">
          <Field label="Rating">
            <span className={low ? "font-semibold text-red-800 dark:text-red-300" : undefined}>{ratingText(r.rating, RATING_WORDS)}</span>
            {r.ratedAt && (
              <span className={muted}>
                {" "}
                on <time dateTime={r.ratedAt}>{formatDateTime(r.ratedAt)}</time>
              </span>
            )}
          </Field>
          <Field label="Comment">{r.comment ? <span className="whitespace-pre-line">{r.comment}</span> : <span className={muted}>{r.rating === null ? "Not rated yet" : "No comment"}</span>}</Field>
          <Field label="Consent to publish">
            {r.publishConsent && r.consentAt ? (
              <>
                Given on <time dateTime={r.consentAt}>{formatDateTime(r.consentAt)}</time>, to be shown as “{r.displayName}”
              </>
            ) : r.rating === null ? (
              <span className={muted}>Not rated yet</span>
            ) : (
              "Not given: this rating stays with us"
            )}
          </Field>
          <Field label="Job">
            <a href={`/admin/service-requests/${r.reference}`} className={link}>
              {r.reference}
            </a>
            {r.serviceName ? `, ${r.serviceName}` : ""}
            {r.completedAt && (
              <>
                , completed <time dateTime={r.completedAt}>{formatDateTime(r.completedAt)}</time>
              </>
            )}
          </Field>
          <Field label="Technician">{r.technicianName ?? <span className={muted}>None recorded</span>}</Field>
          <Field label="Customer">
            {r.contactName}
            {r.city ? `, ${r.city}` : ""} ·{" "}
            <a href={telHref(r.mobile)} className={link}>
              {formatIndianPhone(r.mobile)}
            </a>
          </Field>
          <Field label="Asked for">
            <time dateTime={r.requestedAt}>{formatDateTime(r.requestedAt)}</time> (SMS with the rating link)
          </Field>
        </dl>
      </TitledSection>

      {r.followUp !== "none" && (
        <TitledSection headingId="follow-up-heading" title={r.followUp === "open" ? "Follow-up open" : "Follow-up closed"} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
          {r.followUp === "open" ? (
            <>
              <p className="mt-1">A rating of 1 or 2: the owner was alerted. Call the customer, then close the follow-up with what was done.</p>
              <IntentForm intent="close-follow-up" version={r.version} error={followFailure?.errors.form} className="mt-3 space-y-4" aria-labelledby="follow-up-heading">
                <TextArea
                  {...keptField(followFailure, "note")}
                  label="What was done"
                  required
                  rows={3}
                  maxLength={2000}
                  hint="Who called the customer, what was found, what was agreed (a revisit, a credit)."
                />
                <Button type="submit">
                  Close the follow-up
                </Button>
              </IntentForm>
            </>
          ) : (
            <p className="mt-1">
              Closed by {r.closedByName ?? "a staff member"}
              {r.followUpClosedAt && (
                <>
                  {" "}
                  on <time dateTime={r.followUpClosedAt}>{formatDateTime(r.followUpClosedAt)}</time>
                </>
              )}
              : <span className="whitespace-pre-line">{r.followUpNote}</span>
            </p>
          )}
        </TitledSection>
      )}

      {r.rating !== null && (
        <TitledSection headingId="publish-heading" title={r.publishStatus === "published" ? "Published on the reviews page" : r.publishStatus === "hidden" ? "Hidden from the reviews page" : "Not published"} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
          {r.publishStatus === "published" && r.publishedAt && (
            <p className={`mt-1 text-sm ${muted}`}>
              Published by {r.publishedByName ?? "a staff member"} on <time dateTime={r.publishedAt}>{formatDateTime(r.publishedAt)}</time>.{" "}
              <a href="/reviews" className={link}>
                See the reviews page
              </a>
            </p>
          )}
          {!r.publishConsent && <p className="mt-1">The customer did not agree to have it shown: it cannot be published.</p>}
          <FormError message={publishFailure?.errors.form} />
          <div className="mt-3 flex flex-wrap gap-3">
            {r.publishStatus === "published" ? (
              <ConfirmButton intent="hide" fields={{ version: r.version }} tone="danger" confirm="Take this rating off the reviews page?">
                Hide from the reviews page
              </ConfirmButton>
            ) : r.publishConsent ? (
              <ConfirmButton intent="publish" fields={{ version: r.version }}>
                {r.publishStatus === "hidden" ? "Publish again" : "Publish on the reviews page"}
              </ConfirmButton>
            ) : null}
          </div>
        </TitledSection>
      )}
    </div>
  );
}
