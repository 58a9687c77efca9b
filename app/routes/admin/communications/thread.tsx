import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { type FormFailure, parseForm, readForm, redirectWithFlash, refuseFields, refuseForm } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { addNote, logCall, replyByEmail, replyBySms, replyByWhatsApp, type ReplyResult } from "~/.server/communications/replies.ts";
import { prepareReply, replyChoices, threadRequests } from "~/.server/communications/reply-templates.ts";
import { mobileKey, resolveThread, threadEntries, THREAD_PAGE, type ThreadRef } from "~/.server/communications/thread.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { windowFor } from "~/.server/whatsapp/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { FieldIdPrefix, FormError, RadioGroup, TextArea, TextField } from "~/components/form/fields.tsx";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { isThreadIntent, logCallSchema, noteSchema, replyEmailSchema, replySmsSchema, replyWhatsAppSchema } from "~/lib/forms/admin/communications.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/thread";
import { CHANNEL_LABELS, StatusBadge } from "./parts.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/communications/{customer}: one customer's thread across every channel, newest last, in pages of
 * 50 (?older= shows earlier ones), and the replies: an SMS from a registered DLT template meant for a customer
 * (choose it and the request it is about, then send what the server filled in: two plain forms, no JavaScript
 * needed; refused while it is not true of the request), an e-mail through the outbox, a call logged,
 * an internal note, and WhatsApp free text while the customer's 24-hour window is open (an approved template
 * outside it goes from the WhatsApp screen).
 * Live: a new message on any thread reloads the page's data (forms keep what is typed).
 */
const PATH = "/admin/communications";

async function thread(key: string | undefined, url: URL): Promise<ThreadRef> {
  const found = key ? await resolveThread(key) : null;
  if (!found) return throwNotFound(url);
  if ("redirect" in found) throw redirect(found.redirect, { headers: noStore() });
  return found;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  staffOf(context);
  const t = await thread(params.customerReference, url);
  const olderParam = Number(url.searchParams.get("older") ?? "0");
  const skip = Number.isInteger(olderParam) && olderParam > 0 && olderParam < 1_000_000 ? olderParam : 0;
  const [page, templates, requests, whatsappState] = await Promise.all([
    threadEntries(t, skip),
    replyChoices(),
    threadRequests(t),
    t.mobile ? windowFor(getDb(), t.mobile) : Promise.resolve({ open: false, lastInboundAt: null, closesAt: null }),
  ]);
  const chosen = templates.find((x) => x.name === url.searchParams.get("template")) ?? null;
  const chosenRequest = requests.find((r) => r.reference === url.searchParams.get("request")) ?? requests[0] ?? null;
  // What the chosen template would say about the chosen request, the office's own variables shown as [name];
  // or why it cannot be sent (not true of the request yet).
  let preview: { text: string } | { refusal: string } | null = null;
  if (chosen && t.mobile) {
    const prepared = await prepareReply(t, { template: chosen.name, request: chosenRequest?.reference ?? null, typed: Object.fromEntries(chosen.typed.map((v) => [v, `[${v}]`.slice(0, 30)])) });
    preview = prepared.ok ? { text: prepared.body } : { refusal: prepared.errors.template ?? prepared.errors.request ?? Object.values(prepared.errors)[0] ?? "This template cannot be sent." };
  }
  const title = t.company ? `${t.company} (${t.name})` : t.name;
  return {
    thread: t,
    title,
    entries: page.entries,
    olderHref: page.older ? `${PATH}/${t.key}?older=${skip + THREAD_PAGE}` : null,
    newerHref: skip > 0 ? `${PATH}/${t.key}${skip - THREAD_PAGE > 0 ? `?older=${skip - THREAD_PAGE}` : ""}` : null,
    templates: templates.map((x) => ({ name: x.name, label: x.label, typed: x.typed, needsRequest: x.needsRequest })),
    requests: requests.map((r) => ({ reference: r.reference, label: `${r.reference} · ${r.statusLabel}${r.serviceName ? ` · ${r.serviceName}` : ""}` })),
    chosen: chosen ? { name: chosen.name, label: chosen.label, typed: chosen.typed, needsRequest: chosen.needsRequest } : null,
    chosenRequest: chosenRequest?.reference ?? null,
    preview,
    whatsappHref: t.mobile ? `/admin/whatsapp/${mobileKey(t.mobile)}` : null,
    whatsappWindow: whatsappState,
    keys: { sms: randomUUID(), email: randomUUID(), whatsapp: randomUUID(), call: randomUUID(), note: randomUUID() },
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `${data.title}: Communications` };

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const t = await thread(params.customerReference, url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isThreadIntent(intent)) return refuseForm(form, OUT_OF_DATE);
  let result: ReplyResult;
  if (intent === "reply-sms") {
    const parsed = parseForm(form, replySmsSchema);
    if (parsed.refusal) return parsed.refusal;
    const values: Record<string, string> = {};
    for (const [key, value] of form) if (key.startsWith("var-") && typeof value === "string") values[key.slice(4)] = value.slice(0, 200);
    result = await replyBySms(staff, t, { template: parsed.data.template, request: parsed.data.request, values, idempotencyKey: parsed.data.idempotencyKey });
  } else if (intent === "reply-email") {
    const parsed = parseForm(form, replyEmailSchema);
    if (parsed.refusal) return parsed.refusal;
    result = await replyByEmail(staff, t, parsed.data);
  } else if (intent === "reply-whatsapp") {
    const parsed = parseForm(form, replyWhatsAppSchema);
    if (parsed.refusal) return parsed.refusal;
    result = await replyByWhatsApp(staff, t, parsed.data);
  } else if (intent === "log-call") {
    const parsed = parseForm(form, logCallSchema);
    if (parsed.refusal) return parsed.refusal;
    result = await logCall(staff, t, parsed.data);
  } else {
    const parsed = parseForm(form, noteSchema);
    if (parsed.refusal) return parsed.refusal;
    result = await addNote(staff, t, parsed.data);
  }
  // Every message beside its field, with what was typed kept.
  if (!result.ok) return refuseFields(form, result.errors);
  return redirectWithFlash(`${PATH}/${t.key}`, { type: "success", message: result.message });
}

function Entry({ e }: { e: Route.ComponentProps["loaderData"]["entries"][number] }) {
  const incoming = e.direction === "in";
  const note = e.channel === "note";
  return (
    <li
      className={`rounded-md border p-3 ${
        note
          ? "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950"
          : incoming
            ? "border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900"
            : "border-brand-200 bg-brand-50 sm:ml-8 dark:border-slate-700 dark:bg-slate-800"
      } ${incoming ? "sm:mr-8" : ""}`}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <strong>
          {CHANNEL_LABELS[e.channel] ?? e.channel}
          {note ? " (internal)" : e.channel === "call" ? (incoming ? " from the customer" : " to the customer") : incoming ? " from the customer" : " to the customer"}
        </strong>
        <time dateTime={e.at} className={muted}>
          {formatDateTime(e.at)}
        </time>
        {e.staff && <span className={muted}>by {e.staff}</span>}
        {e.minutes !== null && <span className={muted}>{e.minutes} min</span>}
        {(e.channel === "sms" || e.channel === "email" || e.channel === "whatsapp") && <StatusBadge status={e.status} />}
        {e.template && e.channel === "sms" && <span className={muted}>template {e.template}</span>}
      </p>
      {e.subject && <p className="mt-1 font-semibold break-words">{e.subject}</p>}
      {e.body && <p className="mt-1 break-words whitespace-pre-line">{e.body}</p>}
      {e.href && (
        <p className="mt-1 text-sm">
          {e.channel === "form" && e.status ? <span className="font-mono">{e.status}</span> : null}{" "}
          <a href={e.href} className={link}>
            {e.channel === "form" ? "Open the inbox" : `Open ${e.hrefLabel ?? "the request"}`}
          </a>
        </p>
      )}
    </li>
  );
}

const panel = "rounded-md border border-slate-200 p-4 dark:border-slate-800";

export default function AdminThread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread: t, title, entries, olderHref, newerHref, templates, requests, chosen, chosenRequest, preview, whatsappHref, whatsappWindow, keys } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const failed = (intent: string) => (failure?.intent === intent ? failure : undefined);
  const sms = failed("reply-sms");
  const email = failed("reply-email");
  const call = failed("log-call");
  const whatsapp = failed("reply-whatsapp");
  const note = failed("note");
  const smsTemplate = chosen ?? (sms?.values.template ? (templates.find((x) => x.name === sms.values.template) ?? null) : null);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={{ href: PATH, label: "Communications" }}
        title={title}
        description={
          <>
            {t.reference ? (
              <a href={`/admin/customers/${t.reference}`} className={`${link} font-mono`}>
                {t.reference}
              </a>
            ) : (
              "Not a customer yet"
            )}
            {t.mobile && (
              <>
                {" · "}
                <a href={telHref(t.mobile)} className={link}>
                  {formatIndianPhone(t.mobile)}
                </a>
              </>
            )}
            {t.email && <> · {t.email}</>}
          </>
        }
      />
      <LiveStatus kinds={["conversation.message"]} what="The thread" />

      <TitledSection headingId="thread-heading" title={<>Thread <span className={`text-sm font-normal ${muted}`}>(newest last)</span></>} className="mb-8" headingClassName="mb-3 text-lg font-semibold">
        {olderHref && (
          <p className="mb-3">
            <a href={olderHref} className={link}>
              Earlier messages
            </a>
          </p>
        )}
        {entries.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">Nothing yet: no form, message or call with this customer.</p>
        ) : (
          <ol className="space-y-3">
            {entries.map((e) => (
              <Entry key={e.key} e={e} />
            ))}
          </ol>
        )}
        {newerHref && (
          <p className="mt-3">
            <a href={newerHref} className={link}>
              Later messages
            </a>
          </p>
        )}
      </TitledSection>

      <div className="grid gap-6">
        <section id="reply-sms" aria-labelledby="sms-heading" className={panel}>
          <h2 id="sms-heading" className="text-lg font-semibold">
            Reply by SMS
          </h2>
          {!t.mobile ? (
            <p className="mt-1">No mobile number on record.</p>
          ) : templates.length === 0 ? (
            <p className="mt-1">
              No active customer template in the{" "}
              <a href="/admin/sms/templates" className={link}>
                DLT registry
              </a>
              : an SMS goes out only from a registered template.
            </p>
          ) : (
            <>
              <p className={`mt-1 text-sm ${muted}`}>
                India&apos;s DLT rules: an SMS is only the text of a registered template. Choose the message and the service request it is about: the site fills in the
                rest from the request, and sends only what is true of it.{" "}
                <a href="/admin/sms/templates" className={link}>
                  The registry
                </a>
              </p>
              <form method="get" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Choose an SMS">
                <div className="min-w-0 grow">
                  <label htmlFor="sms-template-choice" className="block font-medium">
                    Message
                  </label>
                  <select id="sms-template-choice" name="template" defaultValue={smsTemplate?.name ?? ""} className={control}>
                    <option value="">Choose a message</option>
                    {templates.map((x) => (
                      <option key={x.name} value={x.name}>
                        {x.label}
                      </option>
                    ))}
                  </select>
                </div>
                {requests.length > 0 && (
                  <div className="min-w-0 grow">
                    <label htmlFor="sms-request-choice" className="block font-medium">
                      About the service request
                    </label>
                    <select id="sms-request-choice" name="request" defaultValue={sms?.values.request ?? chosenRequest ?? ""} className={control}>
                      {requests.map((r) => (
                        <option key={r.reference} value={r.reference}>
                          {r.label}
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                <Button variant="secondary" type="submit">
                  Choose
                </Button>
              </form>
              {smsTemplate && preview && "refusal" in preview && !sms && (
                <p className="mt-4 rounded-md border border-amber-600 bg-amber-50 p-3 break-words dark:bg-slate-900">
                  <span className="font-semibold">Cannot be sent yet:</span> {preview.refusal}
                </p>
              )}
              {smsTemplate && ((preview && "text" in preview) || sms) && (
                <FieldIdPrefix value="sms-">
                  <IntentForm intent="reply-sms" className="mt-4 space-y-4" aria-labelledby="sms-heading">
                    <input type="hidden" name="template" value={smsTemplate.name} />
                    {(sms?.values.request ?? chosenRequest) && <input type="hidden" name="request" value={sms?.values.request ?? chosenRequest ?? ""} />}
                    <input type="hidden" name="idempotencyKey" value={sms?.values.idempotencyKey ?? keys.sms} />
                    <FormError message={sms?.errors.form ?? sms?.errors.template ?? sms?.errors.request ?? sms?.errors.idempotencyKey} />
                    {preview && "text" in preview && (
                      <p className="rounded-md bg-slate-50 p-3 text-sm break-words dark:bg-slate-900">
                        <span className="font-semibold">{smsTemplate.label}:</span> {preview.text}
                      </p>
                    )}
                    {smsTemplate.typed.map((v) => (
                      <TextField key={v} name={`var-${v}`} label={v} required maxLength={30} defaultValue={sms?.values[`var-${v}`]} error={sms?.errors[`var-${v}`]} />
                    ))}
                    <Button type="submit">
                      Send the SMS
                    </Button>
                  </IntentForm>
                </FieldIdPrefix>
              )}
            </>
          )}
        </section>

        <section aria-labelledby="email-heading" className={panel}>
          <h2 id="email-heading" className="text-lg font-semibold">
            Reply by e-mail
          </h2>
          {!t.email ? (
            <p className="mt-1">No e-mail address on record{t.reference ? ": add one on the customer's page" : ""}.</p>
          ) : (
            <FieldIdPrefix value="email-">
              <IntentForm intent="reply-email" className="mt-3 space-y-4" aria-labelledby="email-heading">
                <input type="hidden" name="idempotencyKey" value={email?.values.idempotencyKey ?? keys.email} />
                <FormError message={email?.errors.form ?? email?.errors.idempotencyKey} />
                <TextField name="subject" label="Subject" required maxLength={200} defaultValue={email?.values.subject} error={email?.errors.subject} />
                <TextArea name="body" label="Message" required rows={6} maxLength={10000} defaultValue={email?.values.body} error={email?.errors.body} hint={`Sent to ${t.email} through the outbox.`} />
                <Button type="submit">
                  Send the e-mail
                </Button>
              </IntentForm>
            </FieldIdPrefix>
          )}
        </section>

        {whatsappHref && (
          <section aria-labelledby="whatsapp-heading" className={panel}>
            <h2 id="whatsapp-heading" className="text-lg font-semibold">
              Reply on WhatsApp
            </h2>
            {whatsappWindow.open && whatsappWindow.closesAt ? (
              <FieldIdPrefix value="whatsapp-">
                <IntentForm intent="reply-whatsapp" className="mt-3 space-y-4" aria-labelledby="whatsapp-heading">
                  <input type="hidden" name="idempotencyKey" value={whatsapp?.values.idempotencyKey ?? keys.whatsapp} />
                  <FormError message={whatsapp?.errors.form ?? whatsapp?.errors.idempotencyKey} />
                  <TextArea
                    name="text"
                    label="Message"
                    required
                    rows={4}
                    maxLength={4096}
                    defaultValue={whatsapp?.values.text}
                    error={whatsapp?.errors.text}
                    hint={`Free text is allowed until ${formatDateTime(whatsappWindow.closesAt)}, 24 hours after the customer's last WhatsApp message.`}
                  />
                  <Button type="submit">
                    Send on WhatsApp
                  </Button>
                </IntentForm>
              </FieldIdPrefix>
            ) : (
              <p className="mt-1">
                {whatsapp?.errors.text ? <span className="font-medium text-red-700 dark:text-red-400">{whatsapp.errors.text} </span> : null}
                Free text is allowed only within 24 hours of the customer&apos;s last WhatsApp message; outside it, an approved template:{" "}
                <a href={whatsappHref} className={link}>
                  send one from this number&apos;s WhatsApp conversation
                </a>
                .
              </p>
            )}
          </section>
        )}

        <section aria-labelledby="call-heading" className={panel}>
          <h2 id="call-heading" className="text-lg font-semibold">
            Log a call
          </h2>
          <FieldIdPrefix value="call-">
            <IntentForm intent="log-call" className="mt-3 space-y-4" aria-labelledby="call-heading">
              <input type="hidden" name="idempotencyKey" value={call?.values.idempotencyKey ?? keys.call} />
              <FormError message={call?.errors.form ?? call?.errors.idempotencyKey} />
              <RadioGroup
                name="direction"
                label="Who called"
                required
                defaultValue={call?.values.direction ?? "out"}
                error={call?.errors.direction}
                options={[
                  { value: "out", label: "We called the customer" },
                  { value: "in", label: "The customer called us" },
                ]}
              />
              <TextField name="minutes" label="Length in minutes" required inputMode="numeric" maxLength={3} defaultValue={call?.values.minutes} error={call?.errors.minutes} />
              <TextArea name="note" label="What was said" required rows={3} maxLength={2000} defaultValue={call?.values.note} error={call?.errors.note} />
              <Button type="submit">
                Log the call
              </Button>
            </IntentForm>
          </FieldIdPrefix>
        </section>

        <section aria-labelledby="note-heading" className={panel}>
          <h2 id="note-heading" className="text-lg font-semibold">
            Internal note
          </h2>
          <FieldIdPrefix value="note-">
            <IntentForm intent="note" className="mt-3 space-y-4" aria-labelledby="note-heading">
              <input type="hidden" name="idempotencyKey" value={note?.values.idempotencyKey ?? keys.note} />
              <FormError message={note?.errors.form ?? note?.errors.idempotencyKey} />
              <TextArea name="note" label="Note" required rows={3} maxLength={2000} defaultValue={note?.values.note} error={note?.errors.note} hint="Only the office sees it." />
              <Button type="submit">
                Add the note
              </Button>
            </IntentForm>
          </FieldIdPrefix>
        </section>
      </div>
    </div>
  );
}
