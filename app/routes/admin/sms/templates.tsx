import { type FormFailure, parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { addSmsTemplate, listSmsTemplates } from "~/.server/notifications/sms-registry.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { formatDateTime } from "~/lib/format.ts";
import { addSmsTemplateSchema, SMS_CATEGORIES } from "~/lib/forms/admin/communications.ts";
import { SmsTemplateFields } from "./template-fields.tsx";
import type { Route } from "./+types/templates";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/sms/templates: the DLT template registry. Each template with its DLT template id, sender id and
 * registered text; the site's own templates are listed by the names the code sends them under, and the
 * office adds its own (for replies from a thread). An SMS goes out only from an active template here.
 */
const PATH = "/admin/sms/templates";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const templates = await listSmsTemplates();
  return {
    templates,
  };
}

export const handle = { title: "DLT templates: SMS" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, addSmsTemplateSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await addSmsTemplate(staff, parsed.data);
  if (!result.ok) return "field" in result ? refuseForm(form, result.message, result.field, { intent: "add" }) : refuseForm(form, "Not found.", "form", { intent: "add" });
  return redirectWithFlash(`${PATH}/${result.id}`, { type: "success", message: result.message });
}

const categoryLabel = (c: string) => SMS_CATEGORIES.find((x) => x.value === c)?.label ?? c;

export default function AdminSmsTemplates({ loaderData, actionData }: Route.ComponentProps) {
  const { templates } = loaderData;
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        back={{ href: "/admin/sms", label: "SMS" }}
        title="DLT templates"
        description="India's DLT rules: every SMS text is registered with its template id under a registered sender id. An SMS goes out only from an active template here, exactly in its registered words."
      />
      <ul className="space-y-3">
        {templates.map((t) => (
          <li key={t.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <a href={`${PATH}/${t.id}`} className={link}>
                {t.name}
              </a>
              {!t.active && <strong className="text-red-800 dark:text-red-300">Deactivated</strong>}
              <span className={`font-mono text-sm ${muted}`}>{t.dltTemplateId}</span>
              <span className={`text-sm ${muted}`}>
                {t.senderId} · {categoryLabel(t.category)} · {t.builtIn ? "sent by the site" : "added by the office"} · v{t.version}, {formatDateTime(t.updatedAt)}
              </span>
            </p>
            <p className="mt-1 break-words">{t.text}</p>
          </li>
        ))}
      </ul>

      <TitledSection headingId="add-heading" title="Add a template" className="mt-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>Register the text on the DLT portal first, then enter what it gave you: the 19-digit template id, the sender id, and the text exactly as registered.</p>
        <form method="post" className="mt-3 space-y-4" aria-labelledby="add-heading">
          <SmsTemplateFields failure={failure} withName />
        </form>
      </TitledSection>
    </div>
  );
}
