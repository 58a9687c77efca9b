import { data } from "react-router";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { readForm, refuseForm } from "~/.server/forms/index.ts";
import { technicianChoices } from "~/.server/schedule/board.ts";
import { answerFeedIntent, liveFeed, liveTechnicianFeeds } from "~/.server/schedule/calendar-feed.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { CalendarFeedPanel, type FeedPanelOutcome } from "~/components/calendar-feed.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { Route } from "./+types/calendar";

/**
 * /admin/schedule/calendar (permission "dispatch", issue 21 §2, ADR 066): the signed-in staff member's
 * own calendar feed of the whole board (every technician's visits), and which technicians have a live feed of
 * their own, each made or turned off on the technician's record page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const [own, technicians, live] = await Promise.all([liveFeed({ scope: "board", ownerUserId: staff.userId }), technicianChoices(), liveTechnicianFeeds()]);
  return { own, technicians: technicians.map((t) => ({ id: Number(t.value), name: t.label, since: live.get(Number(t.value)) ?? null })) };
}

export const handle = { title: "Calendar feeds: Schedule" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const outcome = await answerFeedIntent(form.get("intent"), auditActor(staff), { scope: "board", ownerUserId: staff.userId });
  return outcome ? data(outcome) : refuseForm(form, "This form could not be read. Reload the page and try again.");
}

export default function ScheduleCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData && "message" in actionData ? (actionData as FeedPanelOutcome) : undefined;
  const refusal = actionData && "errors" in actionData ? (actionData.errors as Record<string, string | undefined>).form : undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader back={{ href: "/admin/schedule", label: "Schedule" }} title="Calendar feeds" description="Follow the schedule in a phone or desktop calendar." />
      {refusal && (
        <p role="alert" className="font-medium text-red-800 dark:text-red-300">
          {refusal}
        </p>
      )}
      <CalendarFeedPanel title="The whole board, for you" live={loaderData.own} outcome={outcome} who="every technician's visits (your link alone; it stops if you lose the dispatch permission)" className="mt-2" />
      <TitledSection headingId="technician-feeds-heading" className="mt-8" headingClassName="text-xl font-semibold" title="Technicians' own feeds">
        <p className={`mt-1 text-sm ${muted}`}>A technician makes theirs on their agenda; you can make or turn off one for them on their page.</p>
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {loaderData.technicians.map((t) => (
            <li key={t.id} className="flex flex-wrap justify-between gap-2 p-3">
              <a href={`/admin/technicians/${t.id}#calendar-feed-heading`} className={link}>
                {t.name}
              </a>
              <span className={t.since ? "" : muted}>{t.since ? `Live since ${formatDateTime(t.since)}` : "No link"}</span>
            </li>
          ))}
        </ul>
      </TitledSection>
    </div>
  );
}
