import { intentAction, step } from "~/.server/admin/actions.ts";
import { randomUUID } from "node:crypto";
import { readForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { changeEnquiryStatus, investorEnquiry, replyToEnquiry } from "~/.server/investors/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { mailtoHref, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { enquiryStatusSchema, INVESTOR_STATUSES, replySchema } from "~/lib/forms/admin/investors.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/enquiry";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/investors/{reference}: one investor enquiry: what was sent, the replies so far (e-mailed through
 * the outbox and kept on the conversation thread), a reply form, and its status (new, replied, closed).
 * Each form carries what the page showed; a reply or change made meanwhile refuses it.
 */
const pathOf = (reference: string) => `/admin/investors/${reference}`;
const REFERENCE = /^[A-Z]{2,4}-\d{4}-\d{4,6}$/;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const record = REFERENCE.test(params.reference) ? await investorEnquiry(params.reference) : undefined;
  if (!record) return throwNotFound(url);
  const site = await getSiteSettings();
  return {
    record,
    replyKey: randomUUID(),
    business: site.identity.legalName,
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Investor enquiry ${data.record.reference}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  if (!REFERENCE.test(params.reference)) return throwNotFound(url);
  return intentAction(await readForm(request), { url, back: pathOf(params.reference) }, {
    reply: step(replySchema, (data) => replyToEnquiry(staff, params.reference, data)),
    status: step(enquiryStatusSchema, (data) => changeEnquiryStatus(staff, params.reference, data)),
  });
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export default function AdminInvestorEnquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { record: r, replyKey, business } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const replyFailure = failure?.intent === "reply" ? failure : undefined;
  const statusFailure = failure?.intent === "status" ? failure : undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader back={{ href: "/admin/investors", label: "Investors" }} title={`Investor enquiry ${r.reference}`} description={`${r.name}${r.company ? `, ${r.company}` : ""} · ${r.statusLabel}`} />

      <TitledSection headingId="enquiry-heading" title="What they sent" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <dl className="mt-3 space-y-2">
          <Field label="Received">
            <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
          </Field>
          <Field label="From">
            {r.name}
            {r.company ? `, ${r.company}` : ""}
          </Field>
          <Field label="E-mail">
            {r.email ? (
              <a href={mailtoHref(r.email)} className={link}>
                {r.email}
              </a>
            ) : (
              <span className={muted}>Not given</span>
            )}
          </Field>
          <Field label="Mobile">
            {r.mobile && r.mobileLabel ? (
              <a href={telHref(r.mobile)} className={link}>
                {r.mobileLabel}
              </a>
            ) : (
              <span className={muted}>Not given</span>
            )}
          </Field>
          {r.subject && <Field label="Subject">{r.subject}</Field>}
          {r.details.map(([label, value]) => (
            <Field key={label} label={label}>
              {value}
            </Field>
          ))}
          <Field label="Message">{r.message ? <span className="whitespace-pre-line">{r.message}</span> : <span className={muted}>No message</span>}</Field>
        </dl>
      </TitledSection>

      <TitledSection headingId="replies-heading" title="Replies" className="mb-8" headingClassName="text-lg font-semibold">
        {r.thread.length === 0 ? (
          <p className={`mt-1 ${muted}`}>No reply yet.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {r.thread.map((m) => (
              <li key={m.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                <p className={`text-sm ${muted}`}>
                  <time dateTime={m.at}>{formatDateTime(m.at)}</time>
                  {m.by ? ` · ${m.by}` : ""} · e-mail
                </p>
                {m.subject && <p className="mt-1 font-semibold break-words">{m.subject}</p>}
                <p className="mt-1 break-words whitespace-pre-line">{m.body}</p>
              </li>
            ))}
          </ol>
        )}
        {r.email ? (
          <form method="post" className="mt-4 space-y-4" aria-labelledby="reply-heading">
            <h3 id="reply-heading" className="font-semibold">
              Reply by e-mail to {r.email}
            </h3>
            <input type="hidden" name="intent" value="reply" />
            <input type="hidden" name="seen" value={r.seen} />
            <input type="hidden" name="idempotencyKey" value={replyFailure?.values.idempotencyKey ?? replyKey} />
            <FormError message={replyFailure?.errors.form ?? replyFailure?.errors.seen ?? replyFailure?.errors.idempotencyKey} />
            <TextField name="subject" label="Subject" required maxLength={150} defaultValue={replyFailure?.values.subject ?? `Your investor enquiry ${r.reference} to ${business}`} error={replyFailure?.errors.subject} />
            <TextArea name="body" label="Reply" required rows={8} maxLength={10_000} defaultValue={replyFailure?.values.body ?? `Dear ${r.name},\n\n`} error={replyFailure?.errors.body} />
            <Button type="submit">
              Send the reply
            </Button>
          </form>
        ) : (
          <p className="mt-3">
            No e-mail address was given{r.mobile && r.mobileLabel ? (
              <>
                : call{" "}
                <a href={telHref(r.mobile)} className={link}>
                  {r.mobileLabel}
                </a>
              </>
            ) : null}
            .
          </p>
        )}
      </TitledSection>

      <TitledSection headingId="status-heading" title={<>Status: {r.statusLabel}</>} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <FormError message={statusFailure?.errors.form ?? statusFailure?.errors.status ?? statusFailure?.errors.seen} />
        <div className="mt-3 flex flex-wrap gap-2">
          {INVESTOR_STATUSES.filter((s) => s.value !== r.status).map((s) => (
            <form key={s.value} method="post">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="seen" value={r.seen} />
              <input type="hidden" name="status" value={s.value} />
              <button type="submit" className="inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 text-sm font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
                Mark {s.label.toLowerCase()}
              </button>
            </form>
          ))}
        </div>
      </TitledSection>
    </div>
  );
}
