import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { saveStageRequirements, stageRequirementsPage } from "~/.server/technicians/stage-requirements.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { requirementValue, STAGE_REQUIREMENTS, stageRequirementsSchema } from "~/lib/forms/admin/technicians.ts";
import { FIELD_STAGES } from "~/lib/requests/field-stages.ts";
import type { Route } from "./+types/stages";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/technicians/stages (permission "technicians"): what each field stage requires before a technician
 * may set it on a job (the customer's sign-off, a note or a photo, a photo, the parts used). One form for
 * every stage; saved in one transaction with its audit entry, refused when someone changed them meanwhile.
 * The technician's job page reads them.
 */
const PATH = "/admin/technicians/stages";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return stageRequirementsPage();
}

export const handle = { title: "Stage requirements: Technicians" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, stageRequirementsSchema);
  if (parsed.refusal) return parsed.refusal;
  const outcome = await saveStageRequirements(auditActor(staff), parsed.data);
  if (!outcome.ok) return refuseForm(form, outcome.message);
  return redirectWithFlash(PATH, {
    type: "success",
    message: outcome.changed ? "The stage requirements are saved. Technicians' job pages ask for them from now on." : "Nothing to save: the requirements already read that way.",
  });
}

export default function AdminStageRequirements({ loaderData, actionData }: Route.ComponentProps) {
  const { requirements, shown, updatedAt, updatedBy } = loaderData;
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={{ href: "/admin/technicians", label: "Technicians" }}
        title="Stage requirements"
        description="What a technician must record on a job before they can set each stage from their phone. A stage with nothing ticked can be set at any time."
      />
      <IntentForm intent="stages" aria-label="Stage requirements" className="space-y-4">
        <input type="hidden" name="shown" value={shown} />
        <FormError message={failure?.errors.form ?? failure?.errors.shown ?? failure?.errors.require} />
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELD_STAGES.map((stage) => (
            <fieldset key={stage.value} className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
              <legend className="px-1 font-semibold">{stage.label}</legend>
              <div className="mt-1 grid gap-1">
                {STAGE_REQUIREMENTS.map((r) => (
                  <label key={r.value} className="flex items-start gap-2 rounded-md p-1.5 hover:bg-slate-50 dark:hover:bg-slate-900">
                    <input
                      type="checkbox"
                      name="require"
                      value={requirementValue(stage.value, r.value)}
                      defaultChecked={requirements[stage.value][r.value]}
                      className="mt-1 size-4 shrink-0"
                    />
                    <span>{r.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          "A note or a photo" is met by either; "A photo" needs a photo from the technician on that job. Sign-off is the customer's, drawn or confirmed by a code on the
          technician's phone.
          {updatedAt && (
            <>
              {" "}
              Last changed <time dateTime={updatedAt}>{formatDateTime(updatedAt)}</time>
              {updatedBy ? ` by ${updatedBy}` : ""}.
            </>
          )}
        </p>
        <Button type="submit">
          Save requirements
        </Button>
      </IntentForm>
    </div>
  );
}
