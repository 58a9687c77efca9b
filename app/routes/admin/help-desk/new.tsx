import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { parseForm, readForm, redirectWithFlash, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { openOfficeTicket } from "~/.server/helpdesk/office.ts";
import { noStore } from "~/.server/http/cache.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, muted } from "~/components/admin/styles.ts";
import { FormError, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { officeTicketSchema, TICKET_BODY_MAX, TICKET_SUBJECT_MAX } from "~/lib/forms/helpdesk.ts";
import { TICKET_PRIORITIES, TICKET_PRIORITY_LABELS, TICKET_SLA_HOURS } from "~/lib/helpdesk.ts";
import type { Route } from "./+types/new";

/**
 * /admin/help-desk/new: the office opens a ticket itself (a phone call, a visit), assigned to them, with the
 * customer found by the mobile. The acknowledgement with the link to the thread goes only when ticked.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return data({ formKey: randomUUID() }, { headers: noStore() });
}

export const handle = { title: "New ticket" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const parsed = parseForm(await readForm(request), officeTicketSchema);
  if (parsed.refusal) return parsed.refusal;
  const { reference } = await openOfficeTicket(staff, parsed.data);
  return redirectWithFlash(`/admin/help-desk/${reference}`, { type: "success", message: `Ticket ${reference} opened.` });
}

export default function NewTicket({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  const v = failure?.values;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader back={{ href: "/admin/help-desk", label: "Help desk" }} title="New ticket" description="For a customer who phoned or came in: the ticket is yours until you assign it." />
      <form method="post" className="space-y-5" aria-label="New ticket">
        <input type="hidden" name="idempotencyKey" value={v?.idempotencyKey ?? loaderData.formKey} />
        <FormError message={failure?.errors.form ?? failure?.errors.idempotencyKey} />
        <TextField name="subject" label="Subject" required maxLength={TICKET_SUBJECT_MAX} defaultValue={v?.subject} error={failure?.errors.subject} />
        <TextArea name="body" label="What the customer said" required rows={5} maxLength={TICKET_BODY_MAX} defaultValue={v?.body} error={failure?.errors.body} />
        <TextField name="contactName" label="Contact name" maxLength={120} defaultValue={v?.contactName} error={failure?.errors.contactName} />
        <TextField name="mobile" label="Mobile number" type="tel" inputMode="tel" autoComplete="off" required maxLength={20} defaultValue={v?.mobile} error={failure?.errors.mobile} hint="A customer with this number is linked to the ticket." />
        <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" maxLength={200} defaultValue={v?.email} error={failure?.errors.email} />
        <div>
          <label htmlFor="priority" className="block font-medium">
            Priority
          </label>
          <select id="priority" name="priority" defaultValue={v?.priority ?? "normal"} aria-describedby="priority-hint" className={control}>
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {TICKET_PRIORITY_LABELS[p]} (first reply within {TICKET_SLA_HOURS[p].firstResponse} h)
              </option>
            ))}
          </select>
          <p id="priority-hint" className={`mt-1 text-sm ${muted}`}>
            Sets the targets: the first reply and the resolution.
          </p>
        </div>
        <label className="flex items-start gap-3">
          <input type="checkbox" name="notify" value="yes" defaultChecked={v ? v.notify === "yes" : true} className="mt-1 size-5 shrink-0" />
          <span>Text the customer the ticket&rsquo;s reference and the link to follow it</span>
        </label>
        <Button type="submit">
          Open the ticket
        </Button>
      </form>
    </div>
  );
}
