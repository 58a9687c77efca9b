import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { type FormFailure, parseForm, readForm, refuseFields, refuseForm } from "~/.server/forms/index.ts";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { clientAddress } from "~/.server/forms/index.ts";
import { openPortalTicket, ticketsOf } from "~/.server/helpdesk/customer.ts";
import { noStore } from "~/.server/http/cache.ts";
import { listRequestsOf } from "~/.server/requests/index.ts";
import { FieldError, FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { customerTicketSchema, TICKET_BODY_MAX, TICKET_SUBJECT_MAX } from "~/lib/forms/helpdesk.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import type { Route } from "./+types/help";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /customer/help: the customer's help-desk tickets, newest activity first, and a form to ask for help
 * (about one of their requests, or anything). "Get help" on a request's page posts here too. A new ticket
 * opens its page; a refused form comes back here with the message beside the field.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const [tickets, requests] = await Promise.all([ticketsOf(session.user), listRequestsOf(session.user)]);
  const about = Number(url.searchParams.get("request"));
  return data(
    {
      tickets,
      requests: requests.map((r) => ({ id: r.id, reference: r.reference, serviceName: r.serviceName })),
      about: requests.some((r) => r.id === about) ? String(about) : "",
      formKey: randomUUID(),
    },
    { headers: noStore() },
  );
}

export const handle = { title: "Help" };

export async function action({ request, context }: Route.ActionArgs) {
  const session = portalSessionOf(context, "customer");
  const form = await readForm(request);
  const parsed = parseForm(form, customerTicketSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await openPortalTicket(session.user, parsed.data, clientAddress(context));
  if (result.ok) return redirect(`/customer/help/${result.reference}?sent=1`, { status: 303, headers: noStore() });
  const field = result.reason === "refused" ? result.field : "form";
  const message = result.reason === "not-found" ? "That request is not one of yours." : result.message;
  if (result.reason === "limited") return refuseFields(form, { [field]: message }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  return refuseForm(form, message, field);
}

export default function CustomerHelp({ loaderData, actionData }: Route.ComponentProps) {
  const { tickets, requests, about, formKey } = loaderData;
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p>
        <a href="/customer/mobile" className="font-medium text-brand-700 underline dark:text-sky-300">
          ← My Requests
        </a>
      </p>
      <LiveStatus kinds={["ticket."]} what="Your questions" />
      <h1 className="mt-3 text-3xl font-bold">Help</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">Ask our office anything: about a request, a quote or an invoice, or a machine. We answer here and tell you by SMS.</p>

      <TitledSection headingId="tickets-heading" className="mt-8" headingClassName="text-xl font-semibold" title="Your questions">
        {tickets.length === 0 ? (
          <p className="mt-2">You have not asked us anything here yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {tickets.map((t) => (
              <li key={t.reference} className="p-4">
                <a href={`/customer/help/${t.reference}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
                  {t.subject}
                </a>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  <span className="font-mono">{t.reference}</span> · {t.statusLabel}
                  {t.lastFromOffice && t.statusLabel !== "Closed" ? " · new answer from our office" : ""} · last activity{" "}
                  <time dateTime={t.updatedAt}>{formatDateTime(t.updatedAt)}</time>
                  {t.requestReference ? ` · request ${t.requestReference}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <TitledSection headingId="ask-heading" className="mt-10 rounded-md border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-xl font-semibold" title="Ask for help">
        <form method="post" className="mt-4 space-y-4" aria-labelledby="ask-heading">
          <input type="hidden" name="idempotencyKey" value={failure?.values.idempotencyKey ?? formKey} />
          <FormError message={failure?.errors.form ?? failure?.errors.idempotencyKey} />
          {requests.length > 0 && (
            <div>
              <label htmlFor="requestId" className="block font-medium">
                About a request <span className="text-sm font-normal text-slate-600 dark:text-slate-400">(optional)</span>
              </label>
              <select
                id="requestId"
                name="requestId"
                defaultValue={failure?.values.requestId ?? about}
                aria-invalid={failure?.errors.requestId ? true : undefined}
                aria-describedby={failure?.errors.requestId ? "requestId-error" : undefined}
                className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base dark:border-slate-500 dark:bg-slate-900"
              >
                <option value="">Not about a request</option>
                {requests.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.reference}
                    {r.serviceName ? `: ${r.serviceName}` : ""}
                  </option>
                ))}
              </select>
              <FieldError id="requestId-error" message={failure?.errors.requestId} />
            </div>
          )}
          <TextField name="subject" label="Subject" required maxLength={TICKET_SUBJECT_MAX} defaultValue={failure?.values.subject} error={failure?.errors.subject} />
          <TextArea name="body" label="Your question" required rows={6} maxLength={TICKET_BODY_MAX} defaultValue={failure?.values.body} error={failure?.errors.body} />
          <button type="submit" className="inline-flex h-12 items-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
            Send to our office
          </button>
        </form>
      </TitledSection>
    </div>
  );
}
