import { intentAction, step } from "~/.server/admin/actions.ts";
import { data, redirect } from "react-router";
import { readForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { noStore } from "~/.server/http/cache.ts";
import { normaliseMobile } from "~/.server/communications/index.ts";
import { connectionStatus, conversation, conversations, saveTemplate, templates } from "~/.server/whatsapp/office.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { Field, FieldIdPrefix, FormError, TextArea, TextField, useFieldId } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { can } from "~/lib/auth/permissions.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES, templateSchema } from "~/lib/forms/admin/whatsapp.ts";
import { useLiveRevalidate } from "~/lib/live/use-live.ts";
import { WindowBadge } from "./parts.tsx";
import type { Route } from "./+types/route";

/**
 * /admin/whatsapp: the WhatsApp Business conversations (the latest message per number, with the 24-hour
 * window's state and time left), each opening its conversation (/admin/whatsapp/{number}) to reply; the
 * registry of templates Meta approved (the only messages allowed outside the window); and the connection's
 * state. Live: a new message revalidates the page.
 */
const PATH = "/admin/whatsapp";

export async function loader({ context, url }: Route.LoaderArgs) {
  const staff = staffOf(context);
  // "Write to a customer": the number typed (any usual form) opens its conversation.
  const start = url.searchParams.get("start");
  let startError: string | null = null;
  if (start !== null) {
    const mobile = normaliseMobile(start);
    if (mobile && (await conversation(mobile.slice(1)))) return redirect(`${PATH}/${mobile.slice(1)}`, { headers: noStore() });
    startError = mobile ? "No customer has this number, and it has not written to us." : "Enter a customer's ten-digit Indian mobile number.";
  }
  const [list, registry, connection] = await Promise.all([conversations(), templates(), connectionStatus()]);
  return data(
    {
      conversations: list,
      templates: registry.map((t) => ({ id: t.id, name: t.name, language: t.language, category: t.category, body: t.body, status: t.status, updatedAt: t.updatedAt.toISOString() })),
      connection,
      canEditSettings: can(staff.role, "settings"),
      start: start ?? "",
      startError,
      now: new Date().toISOString(),
    },
    { headers: noStore() },
  );
}

export const handle = { title: "WhatsApp" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  return intentAction(await readForm(request), { url, back: `${PATH}#templates-heading` }, {
    "save-template": step(templateSchema, (data) => saveTemplate(staff, data)),
  });
}

type Template = Route.ComponentProps["loaderData"]["templates"][number];

function TemplateFields({ t, failure }: { t?: Template; failure?: FormFailure }) {
  const v = (name: keyof Template & string, fallback = "") => failure?.values[name] ?? (t ? String(t[name]) : fallback);
  return (
    <>
      <input type="hidden" name="intent" value="save-template" />
      {t && <input type="hidden" name="id" value={t.id} />}
      <FormError message={failure?.errors.form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="name" label="Name (as approved by Meta)" required defaultValue={v("name")} error={failure?.errors.name} maxLength={100} />
        <TextField name="language" label="Language code" required defaultValue={v("language", "en")} error={failure?.errors.language} maxLength={10} hint="en, hi, te, en_US..." />
      </div>
      <TextArea name="body" label="Approved text" required rows={3} maxLength={1024} defaultValue={v("body")} error={failure?.errors.body} hint="Exactly as approved, with {{1}}, {{2}} where its values go (at most three)." />
      <div className="grid gap-4 sm:grid-cols-2">
        <Choice name="category" label="Category" value={v("category", "utility")} options={TEMPLATE_CATEGORIES} error={failure?.errors.category} />
        <Choice name="status" label="Status at Meta" value={v("status", "approved")} options={TEMPLATE_STATUSES} error={failure?.errors.status} />
      </div>
    </>
  );
}

function Choice({ name, label, value, options, error }: { name: string; label: string; value: string; options: readonly string[]; error?: string | undefined }) {
  return (
    <Field id={useFieldId(name)} label={label} error={error}>
      {(aria) => (
        <select {...aria} name={name} defaultValue={value} className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base dark:border-slate-600 dark:bg-slate-900">
          {options.map((o) => (
            <option key={o} value={o}>
              {o[0]!.toUpperCase() + o.slice(1)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export default function AdminWhatsApp({ loaderData, actionData }: Route.ComponentProps) {
  const { conversations: list, templates: registry, connection, canEditSettings, now, start, startError } = loaderData;
  useLiveRevalidate(["conversation.message"]);
  const failure = actionData as FormFailure | undefined;
  const failedId = failure?.values.id;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="WhatsApp" description="Conversations on WhatsApp Business. Free text within 24 hours of the customer's last message; approved templates after that." />

      <TitledSection headingId="connection-heading" title="Connection" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <dl className="mt-2 grid gap-1 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold">Sending</dt>
          <dd>
            {connection.ready ? (
              <>
                Through the Cloud API ({connection.apiBase}), number id {connection.phoneNumberId}
              </>
            ) : (
              <span className="font-semibold text-amber-800 dark:text-amber-300">Not configured: messages are logged and kept on the thread, not sent</span>
            )}
          </dd>
          <dt className="font-semibold">Inbound webhook</dt>
          <dd>
            {connection.webhookSigned ? "Signed with the app secret" : <span className="font-semibold text-amber-800 dark:text-amber-300">No app secret: inbound messages are refused</span>}
            {connection.verifyTokenSet ? ", verify token set" : ", no verify token"}. Address: <code>/api/whatsapp/webhook</code>
          </dd>
          <dt className="font-semibold">Last webhook</dt>
          <dd>
            {connection.lastWebhook ? (
              <>
                <time dateTime={connection.lastWebhook.at}>{formatDateTime(connection.lastWebhook.at)}</time>: {connection.lastWebhook.outcome}
                {connection.lastWebhook.reason ? ` (${connection.lastWebhook.reason})` : ""}
              </>
            ) : (
              <span className={muted}>None received yet</span>
            )}
          </dd>
        </dl>
        {canEditSettings && (
          <p className="mt-2">
            <a href="/admin/settings?group=integrations" className={link}>
              Change the WhatsApp settings
            </a>
          </p>
        )}
      </TitledSection>

      <TitledSection headingId="conversations-heading" title="Conversations" className="mb-8" headingClassName="mb-3 text-lg font-semibold">
        <FieldIdPrefix value="start-">
          <form method="get" className="mb-4 flex flex-wrap items-end gap-3">
            <div className="min-w-0 grow sm:max-w-xs">
              <TextField
                name="start"
                label="Write to a customer"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                defaultValue={start}
                error={startError ?? undefined}
                hint="Their mobile number: an approved template until they write back."
              />
            </div>
            <button type="submit" className="inline-flex h-11 items-center rounded-md border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50 dark:text-sky-300 dark:hover:bg-slate-800">
              Open the conversation
            </button>
          </form>
        </FieldIdPrefix>
        {list.length === 0 ? (
          <p className="rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">No WhatsApp messages yet. Customers' messages appear here as they arrive.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {list.map((c) => (
              <li key={c.mobile} className="flex flex-wrap items-start justify-between gap-2 p-3">
                <div className="min-w-0">
                  <a href={`${PATH}/${c.key}`} className={link}>
                    {c.customerName ?? formatIndianPhone(c.mobile)}
                  </a>
                  {c.customerName && <span className={`ml-2 ${muted}`}>{formatIndianPhone(c.mobile)}</span>}
                  <p className="mt-1 break-words">
                    <span className={muted}>{c.lastDirection === "in" ? "They wrote: " : "We wrote: "}</span>
                    {c.lastBody}
                  </p>
                </div>
                <div className="text-right text-sm">
                  <WindowBadge window={c.window} now={now} />
                  <time dateTime={c.lastAt} className={`block ${muted}`}>
                    {formatDateTime(c.lastAt)}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <TitledSection headingId="templates-heading" title="Approved templates" className="mb-8" headingClassName="mb-3 text-lg font-semibold">
        <p className="mb-3">Register each template exactly as Meta approved it. Only approved ones can be sent; a marketing template must offer STOP and take the opt-out link as its last value.</p>
        {registry.length === 0 ? (
          <p className="mb-4 rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">No templates yet: add the first below.</p>
        ) : (
          <ul className="mb-4 space-y-3">
            {registry.map((t) => (
              <li key={t.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                <p className="font-semibold">
                  {t.name} <span className={muted}>({t.language}, {t.category})</span> · <span className={t.status === "approved" ? "text-green-800 dark:text-green-300" : "text-amber-800 dark:text-amber-300"}>{t.status}</span>
                </p>
                <p className="mt-1 whitespace-pre-line break-words">{t.body}</p>
                <details className="mt-2" open={failedId === String(t.id)}>
                  <summary className="cursor-pointer font-semibold text-brand-700 underline dark:text-sky-300">Edit {t.name}</summary>
                  <FieldIdPrefix value={`t${t.id}-`}>
                    <form method="post" className="mt-3 space-y-4">
                      <TemplateFields t={t} failure={failedId === String(t.id) ? failure : undefined} />
                      <Button type="submit">
                        Save {t.name}
                      </Button>
                    </form>
                  </FieldIdPrefix>
                </details>
              </li>
            ))}
          </ul>
        )}
        <div className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <h3 id="add-template-heading" className="font-semibold">
            Add a template
          </h3>
          <FieldIdPrefix value="new-">
            <form method="post" className="mt-3 space-y-4" aria-labelledby="add-template-heading">
              <TemplateFields failure={failure?.intent === "save-template" && !failedId ? failure : undefined} />
              <Button type="submit">
                Add the template
              </Button>
            </form>
          </FieldIdPrefix>
        </div>
      </TitledSection>
    </div>
  );
}
