import { staffOf } from "~/.server/auth/staff.ts";
import { listEmailTemplates } from "~/.server/notifications/email-templates.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { Route } from "./+types/templates";

/** /admin/emails/templates: the e-mails customers receive, each with its built-in text or the office's own. */
const PATH = "/admin/emails/templates";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const templates = await listEmailTemplates();
  return {
    templates,
  };
}

export const handle = { title: "E-mail templates" };

export default function AdminEmailTemplates({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={{ href: "/admin/emails", label: "E-mails" }}
        title="E-mail templates"
        description="The e-mails customers receive. Each has the site's built-in text until the office rewrites it; Reset brings the built-in text back."
      />
      <ul className="space-y-3">
        {loaderData.templates.map((t) => (
          <li key={t.name} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
            <a href={`${PATH}/${t.name}`} className={link}>
              {t.label}
            </a>
            <span className={`block text-sm ${muted}`}>
              {t.description} {t.customised && t.updatedAt ? `Office's text, version ${t.version}, changed ${formatDateTime(t.updatedAt)}.` : "Built-in text."}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
