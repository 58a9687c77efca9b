import { intentAction, step } from "~/.server/admin/actions.ts";
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { readForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { addTicketNote, replyToTicket, ticketRecord, updateTicket } from "~/.server/helpdesk/office.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { MessageThread } from "~/components/event-timeline.tsx";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { Field, FormError, TextArea } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { REPLY_THEN, TICKET_BODY_MAX, ticketNoteSchema, ticketReplySchema, ticketUpdateSchema } from "~/lib/forms/helpdesk.ts";
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_STATUSES, TICKET_STATUS_LABELS } from "~/lib/helpdesk.ts";
import { SlaBadge } from "./parts.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/ticket";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/help-desk/{reference}: one ticket. The thread (internal notes marked, on a yellow ground), a reply
 * to the customer (a canned reply can pre-fill it: pick one and press "Use"; it works without JavaScript),
 * an internal note, and status, priority and assignee on the version drawn (a change made meanwhile refuses
 * the stale one). The SLA's two targets, with a countdown. Live: the customer's reply, or a colleague's
 * change, reloads the page's data without losing what is being typed.
 */
const REFERENCE = /^TK-\d{4}-\d{4,6}$/;
const pathOf = (reference: string) => `/admin/help-desk/${reference}`;

async function referenceParam(value: string | undefined, url: URL): Promise<string> {
  if (!value || !REFERENCE.test(value)) return throwNotFound(url);
  return value;
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const reference = await referenceParam(params.reference, url);
  const record = await ticketRecord(reference);
  if (!record) return throwNotFound(url);
  const cannedId = Number(url.searchParams.get("canned"));
  const canned = record.canned.find((c) => c.id === cannedId);
  return data(
    {
      record,
      prefill: canned ? { id: canned.id, body: canned.body } : null,
      // One key per form drawn: the same form sent twice adds one message.
      keys: { reply: randomUUID(), note: randomUUID() },
    },
    { headers: noStore() },
  );
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Ticket ${data.record.reference}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const reference = await referenceParam(params.reference, url);
  return intentAction(await readForm(request), { url, back: pathOf(reference) }, {
    reply: step(ticketReplySchema, (data) => replyToTicket(staff, reference, data)),
    note: step(ticketNoteSchema, (data) => addTicketNote(staff, reference, data)),
    update: step(ticketUpdateSchema, (data) => updateTicket(staff, reference, data)),
  });
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function authorLabel(m: { author: string; authorName: string | null; internal: boolean }): string {
  if (m.author === "customer") return "Customer";
  if (m.author === "bot") return "Chat assistant";
  if (m.author === "system") return "System";
  return `${m.authorName ?? "Office"}${m.internal ? " (internal note)" : ""}`;
}

const secondaryButton = "inline-flex h-11 items-center rounded-md border border-slate-400 px-4 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800";

export default function AdminTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { record: r, prefill, keys } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const replyFailure = failure?.intent === "reply" ? failure : undefined;
  const noteFailure = failure?.intent === "note" ? failure : undefined;
  const updateFailure = failure && failure.intent !== "reply" && failure.intent !== "note" ? failure : undefined;
  const closed = r.status === "closed";
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader back={{ href: "/admin/help-desk", label: "Help desk" }} title={`Ticket ${r.reference}`} description={r.subject} />
      {/* Live: the customer's reply or a colleague's change; held while a form here is being filled in. */}
      <LiveStatus kinds={["ticket."]} reference={r.reference} what="This ticket" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <TitledSection headingId="thread-heading" title="Conversation" headingClassName="text-lg font-semibold">
            {r.messages.length === 0 ? (
              <p className={`mt-2 ${muted}`}>No messages yet.</p>
            ) : (
              <MessageThread
                reader="office"
                messages={r.messages.map((m) => ({ id: m.id, author: authorLabel(m), body: m.body, createdAt: m.createdAt, tone: m.internal ? "internal" : m.author === "staff" ? "other" : "plain" }))}
              />
            )}
          </TitledSection>

          <TitledSection headingId="reply-heading" title="Reply to the customer" className="mt-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
            {closed ? (
              <p className="mt-2">This ticket is closed. Set its status to Open to reply.</p>
            ) : (
              <>
                {r.canned.length > 0 && (
                  <form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Use a canned reply">
                    <div className="min-w-0 grow sm:max-w-sm">
                      <label htmlFor="canned" className="block text-sm font-medium">
                        Canned reply
                      </label>
                      <select id="canned" name="canned" defaultValue={prefill ? String(prefill.id) : ""} className={control}>
                        <option value="">Choose a canned reply</option>
                        {r.canned.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.title}
                          </option>
                        ))}
                      </select>
                    </div>
                    <button type="submit" className={secondaryButton}>
                      Use this reply
                    </button>
                  </form>
                )}
                <IntentForm intent="reply" className="mt-4 space-y-4" aria-labelledby="reply-heading">
                  <input type="hidden" name="idempotencyKey" value={keys.reply} />
                  <FormError message={replyFailure?.errors.form ?? replyFailure?.errors.idempotencyKey} />
                  <TextArea
                    key={prefill?.id ?? "blank"}
                    name="body"
                    label="Your reply"
                    required
                    rows={6}
                    maxLength={TICKET_BODY_MAX}
                    defaultValue={replyFailure?.values.body ?? prefill?.body}
                    error={replyFailure?.errors.body}
                    hint={
                      r.contactMobile || r.contactEmail
                        ? `The customer gets ${[r.contactMobile ? "an SMS with the link to the thread" : null, r.contactEmail ? "an e-mail with the reply" : null].filter(Boolean).join(" and ")}.`
                        : "No mobile or e-mail on this ticket: the reply is on the thread only."
                    }
                  />
                  <div>
                    <label htmlFor="reply-then" className="block font-medium">
                      Then
                    </label>
                    <select id="reply-then" name="then" defaultValue={replyFailure?.values.then ?? "pending"} className={control}>
                      {REPLY_THEN.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Button type="submit">
                    Send the reply
                  </Button>
                </IntentForm>
              </>
            )}
          </TitledSection>

          <TitledSection headingId="note-heading" title="Internal note" className="mt-6 rounded-md border border-amber-300 p-4 dark:border-amber-700" headingClassName="text-lg font-semibold">
            <IntentForm intent="note" className="mt-3 space-y-4" aria-labelledby="note-heading">
              <input type="hidden" name="idempotencyKey" value={keys.note} />
              <FormError message={noteFailure?.errors.form ?? noteFailure?.errors.idempotencyKey} />
              {/* FieldIdPrefix is not needed: the reply's textarea is "body", this one "note-body". */}
              <Field id="note-body" label="Note for the office" hint="Never shown to the customer." error={noteFailure?.errors.body}>
                {(aria) => <textarea {...aria} name="body" rows={3} maxLength={TICKET_BODY_MAX} required defaultValue={noteFailure?.values.body} className={control} />}
              </Field>
              <button type="submit" className={secondaryButton}>
                Add the note
              </button>
            </IntentForm>
          </TitledSection>
        </div>

        <aside className="space-y-6" aria-label="Ticket details">
          <TitledSection headingId="sla-heading" title="Targets" className="rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
            <dl className="mt-2 space-y-2">
              <Detail label="First reply">
                <SlaBadge label="First reply" target={r.firstResponse} />
                <span className={`block text-sm ${muted}`}>
                  due <time dateTime={r.firstResponse.dueAt}>{formatDateTime(r.firstResponse.dueAt)}</time>
                </span>
              </Detail>
              <Detail label="Resolution">
                <SlaBadge label="Resolution" target={r.resolution} />
                <span className={`block text-sm ${muted}`}>
                  due <time dateTime={r.resolution.dueAt}>{formatDateTime(r.resolution.dueAt)}</time>
                </span>
              </Detail>
            </dl>
          </TitledSection>

          <TitledSection headingId="update-heading" title="Status and assignee" className="rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
            <IntentForm intent="update" version={r.version} error={updateFailure?.errors.form ?? updateFailure?.errors.version} className="mt-3 space-y-4" aria-labelledby="update-heading">
              <Field id="status" label="Status">
                {(aria) => (
                  <select {...aria} name="status" defaultValue={updateFailure?.values.status ?? r.status} className={control}>
                    {TICKET_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {TICKET_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="priority" label="Priority" hint="A new priority sets the targets again from when the ticket was opened.">
                {(aria) => (
                  <select {...aria} name="priority" defaultValue={updateFailure?.values.priority ?? r.priority} className={control}>
                    {TICKET_PRIORITIES.map((p) => (
                      <option key={p} value={p}>
                        {TICKET_PRIORITY_LABELS[p]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id="assignee" label="Assignee" error={updateFailure?.errors.assignee}>
                {(aria) => (
                  <select {...aria} name="assignee" defaultValue={updateFailure?.values.assignee ?? (r.assigneeId ? String(r.assigneeId) : "")} className={control}>
                    <option value="">Unassigned</option>
                    {r.staff.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Button type="submit">
                Save
              </Button>
            </IntentForm>
          </TitledSection>

          <TitledSection headingId="details-heading" title="Details" className="rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
            <dl className="mt-2 space-y-2">
              <Detail label="Status">{r.statusLabel}</Detail>
              <Detail label="From">{r.sourceLabel}</Detail>
              <Detail label="Opened">
                <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              </Detail>
              <Detail label="Contact">
                {r.contactName ?? <span className={muted}>No name given</span>}
                {r.contactMobile && (
                  <span className="block">
                    <a href={telHref(r.contactMobile)} className={link}>
                      {formatIndianPhone(r.contactMobile)}
                    </a>
                  </span>
                )}
                {r.contactEmail && <span className="block break-all">{r.contactEmail}</span>}
              </Detail>
              {r.customerReference && (
                <Detail label="Customer">
                  <a href={`/admin/customers/${r.customerReference}`} className={link}>
                    {r.customerName ?? r.customerReference}
                  </a>
                </Detail>
              )}
              {r.requestReference && (
                <Detail label="Service request">
                  <a href={`/admin/service-requests/${r.requestReference}`} className={`${link} font-mono`}>
                    {r.requestReference}
                  </a>
                </Detail>
              )}
            </dl>
          </TitledSection>
        </aside>
      </div>
    </div>
  );
}
