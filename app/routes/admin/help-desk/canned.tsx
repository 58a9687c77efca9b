import { intentAction, step } from "~/.server/admin/actions.ts";
import { readForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { addCannedReply, deleteCannedReply, editCannedReply, listCannedReplies } from "~/.server/helpdesk/canned.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { muted } from "~/components/admin/styles.ts";
import { FieldIdPrefix, FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { cannedAddSchema, cannedDeleteSchema, cannedEditSchema, TICKET_BODY_MAX } from "~/lib/forms/helpdesk.ts";
import { HelpDeskNav } from "./parts.tsx";
import type { Route } from "./+types/canned";
import { TitledSection } from "~/components/titled-section.tsx";
import { keptField } from "~/components/admin/kept-field.ts";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/help-desk/canned: the canned replies a ticket's reply form offers. Add, edit (on the version drawn:
 * a change made meanwhile refuses the stale edit) and delete; each audited.
 */
const PATH = "/admin/help-desk/canned";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const replies = await listCannedReplies();
  return {
    replies,
  };
}

export const handle = { title: "Canned replies" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  return intentAction(await readForm(request), { url, back: PATH }, {
    add: step(cannedAddSchema, (data) => addCannedReply(staff, data)),
    edit: step(cannedEditSchema, (data) => editCannedReply(staff, data)),
    delete: step(cannedDeleteSchema, (data) => deleteCannedReply(staff, data)),
  });
}


export default function CannedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const { replies } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const addFailure = failure?.intent === "add" ? failure : undefined;
  const failedId = failure && failure.intent !== "add" ? failure.values.id : undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader back={{ href: "/admin/help-desk", label: "Help desk" }} title="Canned replies" description="Ready answers for tickets: pick one on a ticket, edit it there, send." />
      <HelpDeskNav current="canned" />

      <TitledSection headingId="add-heading" title="Add a canned reply" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <FieldIdPrefix.Provider value="add-">
          <IntentForm intent="add" error={addFailure?.errors.form} className="mt-3 space-y-4" aria-labelledby="add-heading">
            <TextField {...keptField(addFailure, "title")} label="Title" required maxLength={80} hint="What the office picks it by, e.g. “Need model and fault code”." />
            <TextArea {...keptField(addFailure, "body")} label="Text" required rows={4} maxLength={TICKET_BODY_MAX} />
            <Button size="small" type="submit">
              Add
            </Button>
          </IntentForm>
        </FieldIdPrefix.Provider>
      </TitledSection>

      <TitledSection headingId="list-heading" title={<>{replies.length === 1 ? "1 canned reply" : `${replies.length} canned replies`}</>} headingClassName="text-lg font-semibold">
        {replies.length === 0 ? (
          <p className="mt-3 rounded-md border border-dashed border-slate-300 p-4 text-center dark:border-slate-700">No canned replies yet. Add the answers the office gives most often.</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {replies.map((c) => {
              const mine = failedId === String(c.id) ? failure : undefined;
              return (
                <li key={c.id} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
                  <FieldIdPrefix.Provider value={`canned-${c.id}-`}>
                    <IntentForm intent="edit" className="space-y-3" aria-label={`Edit “${c.title}”`}>
                      <input type="hidden" name="id" value={c.id} />
                      <input type="hidden" name="seen" value={c.updatedAt} />
                      <FormError message={mine?.errors.form} />
                      <TextField name="title" label="Title" required maxLength={80} defaultValue={mine?.values.title ?? c.title} error={mine?.errors.title} />
                      <TextArea name="body" label="Text" required rows={3} maxLength={TICKET_BODY_MAX} defaultValue={mine?.values.body ?? c.body} error={mine?.errors.body} />
                      <div className="flex flex-wrap items-center gap-3">
                        <Button size="small" type="submit">
                          Save
                        </Button>
                        <span className={`text-sm ${muted}`}>
                          Last changed <time dateTime={c.updatedAt}>{formatDateTime(c.updatedAt)}</time>
                          {c.updatedByName ? ` by ${c.updatedByName}` : ""}
                        </span>
                      </div>
                    </IntentForm>
                  </FieldIdPrefix.Provider>
                  <div className="mt-3">
                    <ConfirmButton intent="delete" fields={{ id: c.id, seen: c.updatedAt }} tone="danger" confirm={`Delete the canned reply “${c.title}”?`}>
                      Delete “{c.title}”
                    </ConfirmButton>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </TitledSection>
    </div>
  );
}
