import { intentAction, step } from "~/.server/admin/actions.ts";
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { readForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { approvedTemplates, conversation, replyOnWhatsApp } from "~/.server/whatsapp/office.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { FieldError, FieldIdPrefix, FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { replyTemplateSchema, replyTextSchema } from "~/lib/forms/admin/whatsapp.ts";
import { useLiveRevalidate } from "~/lib/live/use-live.ts";
import { WindowBadge } from "./parts.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/conversation";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/whatsapp/{number}: one number's WhatsApp conversation, oldest first, and the reply: free text while
 * the 24-hour window is open, an approved template (its values typed in) otherwise. Both are plain forms
 * that work without JavaScript; the server checks the window again when the reply is sent. Live: a new
 * message (theirs, or a colleague's reply) revalidates the page.
 */
const PATH = "/admin/whatsapp";
const MOBILE_KEY = /^\d{6,15}$/;

async function load(key: string | undefined, url: URL) {
  if (!key || !MOBILE_KEY.test(key)) return throwNotFound(url);
  const view = await conversation(key);
  if (!view) return throwNotFound(url);
  return view;
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  staffOf(context);
  const [view, templates] = await Promise.all([load(params.mobile, url), approvedTemplates()]);
  return data(
    {
      view,
      templates: templates.map((t) => ({ value: `${t.name}|${t.language}`, name: t.name, language: t.language, body: t.body, params: t.params })),
      formKey: randomUUID(),
      now: new Date().toISOString(),
    },
    { headers: noStore() },
  );
}

/** Who the conversation is with: the customer's name, or the number when no customer has it. */
function correspondent(view: { customer: { name: string } | null; mobile: string }): string {
  return view.customer?.name ?? formatIndianPhone(view.mobile);
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `WhatsApp with ${correspondent(data.view)}` };

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const view = await load(params.mobile, url);
  return intentAction(await readForm(request), { url, back: `${PATH}/${view.key}` }, {
    "reply-text": step(replyTextSchema, (data) => replyOnWhatsApp(staff, view, { text: data.text, idempotencyKey: data.idempotencyKey })),
    "reply-template": step(replyTemplateSchema, (data) => {
      const [name, language] = data.template.split("|") as [string, string];
      const params = [data.param1, data.param2, data.param3].filter((p): p is string => p !== undefined && p !== "");
      return replyOnWhatsApp(staff, view, { template: { name, language, params }, idempotencyKey: data.idempotencyKey });
    }),
  });
}

const STATUS_WORDS: Record<string, string> = { queued: "Queued", logged: "Logged (not configured)", sent: "Sent", delivered: "Delivered", read: "Read", failed: "Failed", received: "Received" };

export default function WhatsAppConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { view, templates, formKey, now } = loaderData;
  useLiveRevalidate(["conversation.message"]);
  const failure = actionData as FormFailure | undefined;
  const title = correspondent(view);
  const textFailure = failure?.intent === "reply-text" ? failure : undefined;
  const templateFailure = failure?.intent === "reply-template" ? failure : undefined;
  const maxParams = Math.max(0, ...templates.map((t) => t.params));
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: PATH, label: "WhatsApp" }}
        title={`WhatsApp: ${title}`}
        description={
          <>
            {formatIndianPhone(view.mobile)}
            {view.customer && (
              <>
                {" · "}
                <a href={`/admin/customers/${view.customer.reference}`} className={link}>
                  Customer {view.customer.reference}
                </a>
              </>
            )}
          </>
        }
      />
      <p className="mb-4">
        <WindowBadge window={view.window} now={now} />
      </p>

      <TitledSection headingId="messages-heading" title="Messages" className="mb-8" headingClassName="sr-only">
        {view.messages.length === 0 && <p className={muted}>No WhatsApp messages with this number yet.</p>}
        <ol className="space-y-3">
          {view.messages.map((m) => (
            <li key={m.id} className={`max-w-[85%] rounded-lg p-3 ${m.direction === "in" ? "bg-slate-100 dark:bg-slate-800" : "ml-auto bg-green-50 dark:bg-green-950"}`}>
              <p className="text-sm font-semibold">
                {m.direction === "in" ? (m.name ?? "Customer") : (m.by ?? "Us")}
                {m.template && <span className={`font-normal ${muted}`}> · template {m.template}</span>}
              </p>
              <p className="mt-1 whitespace-pre-line break-words">{m.body}</p>
              <p className={`mt-1 text-sm ${muted}`}>
                <time dateTime={m.at}>{formatDateTime(m.at)}</time>
                {m.direction === "out" && ` · ${STATUS_WORDS[m.status] ?? m.status}`}
              </p>
            </li>
          ))}
        </ol>
      </TitledSection>

      <TitledSection headingId="reply-heading" title="Reply" className="rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        {view.window.open ? (
          <FieldIdPrefix value="text-">
            <IntentForm intent="reply-text" className="mt-3 space-y-4" aria-labelledby="reply-heading">
              <input type="hidden" name="idempotencyKey" value={formKey} />
              <FormError message={textFailure?.errors.form ?? textFailure?.errors.idempotencyKey} />
              <TextArea name="text" label="Message" required rows={4} maxLength={4096} defaultValue={textFailure?.values.text} error={textFailure?.errors.text} />
              <Button type="submit">
                Send on WhatsApp
              </Button>
            </IntentForm>
          </FieldIdPrefix>
        ) : (
          <p className="mt-1">The 24-hour window is closed: WhatsApp allows only an approved template until the customer writes again.</p>
        )}
        {templates.length === 0 ? (
          <p className={`mt-4 ${muted}`}>
            No approved template is registered.{" "}
            <a href={`${PATH}#templates-heading`} className={link}>
              Add one
            </a>
            .
          </p>
        ) : (
          <details className="mt-4" open={!view.window.open || templateFailure !== undefined}>
            <summary className="cursor-pointer font-semibold">Send an approved template</summary>
            <FieldIdPrefix value="template-">
              <IntentForm intent="reply-template" className="mt-3 space-y-4">
                <input type="hidden" name="idempotencyKey" value={formKey} />
                <FormError message={templateFailure?.errors.form ?? templateFailure?.errors.idempotencyKey} />
                <fieldset aria-describedby={templateFailure?.errors.template ? "template-error" : undefined}>
                  <legend className="font-medium">Template</legend>
                  <div className="mt-2 space-y-2">
                    {templates.map((t, i) => (
                      <label key={t.value} className="flex items-start gap-2 rounded-md border border-slate-300 p-3 dark:border-slate-600">
                        <input type="radio" name="template" value={t.value} defaultChecked={templateFailure ? templateFailure.values.template === t.value : i === 0} className="mt-1 size-4" />
                        <span>
                          <span className="block font-semibold">
                            {t.name} ({t.language}), {t.params} value{t.params === 1 ? "" : "s"}
                          </span>
                          <span className="block break-words">{t.body}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                  <FieldError id="template-error" message={templateFailure?.errors.template} />
                </fieldset>
                {Array.from({ length: maxParams }, (_, i) => (
                  <TextField key={i} name={`param${i + 1}`} label={`Value {{${i + 1}}}`} defaultValue={templateFailure?.values[`param${i + 1}`]} maxLength={1000} hint={i === 0 ? "Fill the template's values in order; leave the rest empty." : undefined} />
                ))}
                <Button type="submit">
                  Send the template
                </Button>
              </IntentForm>
            </FieldIdPrefix>
          </details>
        )}
      </TitledSection>
    </div>
  );
}
