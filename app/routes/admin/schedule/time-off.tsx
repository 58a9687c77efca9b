import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { addTimeOff, removeTimeOff, upcomingTimeOff } from "~/.server/schedule/time-off.ts";
import { technicianChoices } from "~/.server/schedule/board.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { TimeOffForm, TimeOffList } from "~/components/time-off.tsx";
import { removeTimeOffSchema, timeOffSchema } from "~/lib/forms/admin/schedule.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import type { Route } from "./+types/time-off";

/**
 * /admin/schedule/time-off: the office marks a technician's leave or unavailable hours for them (issue 21 §2),
 * and removes them. The board and a move's clash check read the same table.
 */
const PATH = "/admin/schedule/time-off";

export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const [entries, technicians] = await Promise.all([upcomingTimeOff(undefined), technicianChoices()]);
  return { entries, technicians, today: todayInIndia() };
}

export const handle = { title: "Leave and unavailable hours" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  if (form.get("intent") === "remove") {
    const parsed = parseForm(form, removeTimeOffSchema);
    if (parsed.refusal) return parsed.refusal;
    const done = await removeTimeOff(auditActor(staff), parsed.data.id);
    return done.ok ? redirectWithFlash(PATH, { type: "success", message: done.message }) : refuseForm(form, done.message, done.field);
  }
  const parsed = parseForm(form, timeOffSchema);
  if (parsed.refusal) return parsed.refusal;
  if (!parsed.data.technicianId) return refuseForm(form, "Choose a technician.", "technicianId");
  const done = await addTimeOff(auditActor(staff), parsed.data.technicianId, parsed.data);
  return done.ok ? redirectWithFlash(PATH, { type: "success", message: done.message }) : refuseForm(form, done.message, done.field);
}

export default function TimeOffScreen({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="max-w-3xl">
      <PageHeader title="Leave and unavailable hours" back={{ href: "/admin/schedule", label: "Schedule" }} description="India time. The schedule shows these hours, and a move onto them is flagged." />
      <TimeOffForm failure={failure} technicians={loaderData.technicians} today={loaderData.today} />
      <TimeOffList entries={loaderData.entries} failure={failure} showTechnician />
    </div>
  );
}
