import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { parseForm, readForm, redirectWithFlash, refuseFields, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { emailTemplate, previewEmail, resetEmailTemplate, saveEmailTemplate, type EmailTemplateResult } from "~/.server/notifications/email-templates.ts";
import { renderMarkdown } from "~/.server/content/markdown.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { muted } from "~/components/admin/styles.ts";
import { FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { Prose } from "~/components/prose.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { emailTemplateSchema, resetEmailTemplateSchema } from "~/lib/forms/admin/communications.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/template";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/emails/templates/{name}: one customer e-mail's subject and Markdown body with {{variables}},
 * edited with a preview rendered on the server ("Preview" is a submit button: it works without
 * JavaScript and saves nothing), saved on the version drawn (a stale edit is refused) and audited, and
 * reset to the built-in text.
 */
const pathOf = (name: string) => `/admin/emails/templates/${name}`;

async function load(name: string | undefined, url: URL) {
  const t = name && /^[a-z][a-z0-9-]{1,60}$/.test(name) ? await emailTemplate(name) : null;
  if (!t) return throwNotFound(url);
  return t;
}

function rendered(t: Awaited<ReturnType<typeof load>>, subject: string, body: string) {
  const p = previewEmail(t, subject, body);
  return { ...p, html: renderMarkdown(p.body) };
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  staffOf(context);
  const t = await load(params.name, url);
  return {
    template: t,
    preview: rendered(t, t.subject, t.body),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `${data.template.label}: E-mail templates` };

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const t = await load(params.name, url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "preview" || intent === "save") {
    const parsed = parseForm(form, emailTemplateSchema);
    if (parsed.refusal) return parsed.refusal;
    if (intent === "preview") {
      // Not a refusal: the form again, on the version it was drawn on (so a save after the preview is still
      // refused if the template changed meanwhile), with the e-mail as it would be sent.
      return refuseFields(form, {}, { fields: ["subject", "body", "version"], extra: { preview: rendered(t, parsed.data.subject, parsed.data.body) }, status: 200 });
    }
    return outcome(await saveEmailTemplate(staff, t.name, parsed.data), form, url, t.name);
  }
  if (intent === "reset") {
    const parsed = parseForm(form, resetEmailTemplateSchema);
    if (parsed.refusal) return parsed.refusal;
    return outcome(await resetEmailTemplate(staff, t.name, parsed.data.version), form, url, t.name);
  }
  return refuseForm(form, OUT_OF_DATE);
}

function outcome(result: EmailTemplateResult, form: FormData, url: URL, name: string) {
  if (!result.ok && "reason" in result) return throwNotFound(url);
  if (!result.ok) return refuseForm(form, result.message, result.field);
  return redirectWithFlash(pathOf(name), { type: "success", message: result.message });
}

export default function AdminEmailTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { template: t } = loaderData;
  const failure = actionData as (FormFailure & { preview?: typeof loaderData.preview }) | undefined;
  const editing = failure && failure.intent !== "reset" ? failure : undefined;
  const resetFailure = failure?.intent === "reset" ? failure : undefined;
  const preview = failure?.preview ?? loaderData.preview;
  const e = editing?.errors ?? {};
  const variables = ["content", "subject", ...t.variables].map((v) => `{{${v}}}`).join(", ");
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={{ href: "/admin/emails/templates", label: "E-mail templates" }}
        title={t.label}
        description={
          <>
            {t.description}{" "}
            {t.customised && t.updatedAt ? `The office's text, version ${t.version}, changed ${formatDateTime(t.updatedAt)}.` : "The built-in text."}
          </>
        }
      />
      <TitledSection headingId="edit-heading" title="Text" className="mb-6 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>
          Markdown, with these values: {variables}. {"{{content}}"} is the e-mail the site composes (the built-in body is exactly that), {"{{subject}}"} its subject: write around them, or
          replace them.
        </p>
        <form method="post" className="mt-3 space-y-4" aria-labelledby="edit-heading">
          <input type="hidden" name="version" value={editing?.values.version ?? t.version} />
          <FormError message={e.form ?? e.version} />
          <TextField name="subject" label="Subject" required maxLength={200} defaultValue={editing?.values.subject ?? t.subject} error={e.subject} />
          <TextArea name="body" label="Body" required rows={10} maxLength={20000} defaultValue={editing?.values.body ?? t.body} error={e.body} />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" type="submit" name="intent" value="preview">
              Preview
            </Button>
            <Button type="submit" name="intent" value="save">
              Save
            </Button>
          </div>
        </form>
      </TitledSection>

      <TitledSection headingId="preview-heading" title="Preview" className="mb-6 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>With {preview.basis}. The e-mail goes out as plain text; this is how its Markdown reads.</p>
        <p className="mt-3">
          <span className="font-semibold">Subject:</span> <span data-testid="preview-subject">{preview.subject}</span>
        </p>
        <div className="mt-3 break-words" data-testid="preview-body">
          <Prose html={preview.html} />
        </div>
      </TitledSection>

      {t.customised && (
        <TitledSection headingId="reset-heading" title="Reset" className="rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
          <p className={`mt-1 text-sm ${muted}`}>Back to the site&apos;s built-in text: the next e-mails go out as the site composes them.</p>
          <FormError message={resetFailure?.errors.form} />
          <div className="mt-3">
            <ConfirmButton intent="reset" fields={{ version: t.version }} tone="danger" confirm="Go back to the built-in text? The office's text is kept in the activity log.">
              Reset to the built-in text
            </ConfirmButton>
          </div>
        </TitledSection>
      )}
    </div>
  );
}
