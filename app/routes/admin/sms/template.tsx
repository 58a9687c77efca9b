import { recordAction, step } from "~/.server/admin/actions.ts";
import type { FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { editSmsTemplate, setSmsTemplateActive, smsTemplate } from "~/.server/notifications/sms-registry.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { muted } from "~/components/admin/styles.ts";
import { FormError } from "~/components/form/fields.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { editSmsTemplateSchema, smsTemplateActiveSchema } from "~/lib/forms/admin/communications.ts";
import { SmsTemplateFields } from "./template-fields.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/template";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/sms/templates/{id}: one DLT template: its id, sender id, text and variables, edited on the version
 * drawn (a stale edit is refused) and audited; deactivated (no SMS goes out from it) and activated again.
 */
const pathOf = (id: number) => `/admin/sms/templates/${id}`;

export async function loader({ params, url, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = await idParam(params.id, url);
  const template = await smsTemplate(id);
  if (!template) return throwNotFound(url);
  return {
    template,
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `${data.template.name}: DLT templates` };

export async function action(args: Route.ActionArgs) {
  return recordAction(args, pathOf, (staff, id) => {
    const active = (activate: boolean) => step(smsTemplateActiveSchema, (data) => setSmsTemplateActive(staff, id, data.version, activate));
    return {
      save: step(editSmsTemplateSchema, (data) => editSmsTemplate(staff, id, data)),
      deactivate: active(false),
      activate: active(true),
    };
  });
}

export default function AdminSmsTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { template: t } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const saveFailure = failure?.intent === "save" ? failure : undefined;
  const toggleFailure = failure && failure.intent !== "save" ? failure : undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: "/admin/sms/templates", label: "DLT templates" }}
        title={t.name}
        description={
          <>
            {t.active ? "Active" : "Deactivated: no SMS goes out from it"} · version {t.version}, changed {formatDateTime(t.updatedAt)}
            {t.builtIn ? " · sent by the site" : " · added by the office"}
          </>
        }
      />
      {t.differsFromCode && (
        <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950">
          The registered text differs from the site&apos;s own wording: these SMS go out in the registered words.
        </p>
      )}
      <TitledSection headingId="edit-heading" title="Registration" className="mb-6 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <IntentForm intent="save" version={t.version} className="mt-3 space-y-4" aria-labelledby="edit-heading">
          <SmsTemplateFields failure={saveFailure} initial={t} lockedVariables={t.builtIn} submit="Save" />
        </IntentForm>
      </TitledSection>
      <TitledSection headingId="active-heading" title={t.active ? "Deactivate" : "Activate"} className="rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>
          {t.active
            ? "A deactivated template sends nothing: messages queued from it fail at once (shown in the SMS log)."
            : "Activate it once it is registered and approved on the DLT portal again."}
        </p>
        <FormError message={toggleFailure?.errors.form} />
        <div className="mt-3">
          {t.active ? (
            <ConfirmButton intent="deactivate" fields={{ version: t.version }} tone="danger" confirm={`Deactivate ${t.name}? No SMS will go out from it.`}>
              Deactivate the template
            </ConfirmButton>
          ) : (
            <ConfirmButton intent="activate" fields={{ version: t.version }}>
              Activate the template
            </ConfirmButton>
          )}
        </div>
      </TitledSection>
    </div>
  );
}
