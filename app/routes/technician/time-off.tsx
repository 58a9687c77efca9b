import { redirect } from "react-router";
import { parseForm, readForm, refuseForm } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { addTimeOff, removeTimeOff, upcomingTimeOff } from "~/.server/schedule/time-off.ts";
import { ownApprovedProfile } from "~/.server/technicians/jobs.ts";
import { TimeOffForm, TimeOffList } from "~/components/time-off.tsx";
import { link } from "~/components/ui/styles.ts";
import { removeTimeOffSchema, timeOffSchema } from "~/lib/forms/admin/schedule.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import type { Route } from "./+types/time-off";

/**
 * /technician/time-off: a technician marks their own leave and unavailable hours (issue 21 §2), read by the
 * office's schedule board and its clash check. Only their own: the profile comes from the session, never the form.
 */
const PATH = "/technician/time-off";

export async function loader({ context }: Route.LoaderArgs) {
  const { profile } = await ownApprovedProfile(context);
  return { approved: Boolean(profile), entries: profile ? await upcomingTimeOff(profile.id) : [], today: todayInIndia() };
}

export const handle = { title: "My leave and unavailable hours" };

export async function action({ request, context }: Route.ActionArgs) {
  const { session, profile } = await ownApprovedProfile(context);
  const form = await readForm(request);
  if (!profile) return refuseForm(form, "Leave can be marked once your application is approved.");
  const actor = { userId: session.user.id, label: `${profile.name} (technician)`, ipAddress: null };
  if (form.get("intent") === "remove") {
    const parsed = parseForm(form, removeTimeOffSchema);
    if (parsed.refusal) return parsed.refusal;
    const done = await removeTimeOff(actor, parsed.data.id, profile.id);
    return done.ok ? redirect(PATH, { status: 303, headers: noStore() }) : refuseForm(form, done.message, done.field);
  }
  const parsed = parseForm(form, timeOffSchema.transform(({ technicianId: _ignored, ...rest }) => rest));
  if (parsed.refusal) return parsed.refusal;
  const done = await addTimeOff(actor, profile.id, parsed.data);
  return done.ok ? redirect(PATH, { status: 303, headers: noStore() }) : refuseForm(form, done.message, done.field);
}

export default function TechnicianTimeOff({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-700 uppercase dark:text-sky-300">Technician</p>
      <h1 className="mt-1 mb-4 text-3xl font-bold">My leave and unavailable hours</h1>
      <p className="mb-4">
        The office sees these on the schedule and does not book you then.{" "}
        <a className={link} href="/technician/dashboard">
          Back to my jobs
        </a>
      </p>
      {loaderData.approved ? (
        <>
          <TimeOffForm failure={failure} today={loaderData.today} />
          <TimeOffList entries={loaderData.entries} failure={failure} showTechnician={false} />
        </>
      ) : (
        <p>Leave can be marked once your application is approved.</p>
      )}
    </div>
  );
}
