import { useEffect } from "react";
import { data } from "react-router";
import { readForm, refuseForm } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";
import { technicianAgenda, type TechnicianAgenda } from "~/.server/schedule/agenda.ts";
import { answerFeedIntent, liveFeed } from "~/.server/schedule/calendar-feed.ts";
import { ownApprovedProfile } from "~/.server/technicians/jobs.ts";
import { CalendarFeedPanel, type FeedPanelOutcome } from "~/components/calendar-feed.tsx";
import { registerFieldWorker } from "~/components/technician/offline-queue.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { link } from "~/components/ui/styles.ts";
import { formatDateTime } from "~/lib/format.ts";
import type { VisitStage } from "~/lib/schedule/stages.ts";
import type { Route } from "./+types/agenda";

/**
 * /technician/agenda (issue 21 §2, ADR 066): the technician's visits this week and next, per day, with
 * their own leave and unavailable hours, and the calendar feed for their phone's calendar. The portal's service
 * worker keeps this page once opened (for the fortnight it shows), so it opens without a signal; the copy says
 * when it was drawn.
 */
const PATH = "/technician/agenda";

export async function loader({ context }: Route.LoaderArgs) {
  const { profile } = await ownApprovedProfile(context);
  if (!profile) return { agenda: undefined, feed: undefined };
  const [agenda, feed] = await Promise.all([technicianAgenda(profile.id), liveFeed({ scope: "technician", technicianId: profile.id })]);
  return { agenda, feed };
}

export const handle = { title: "My agenda" };

/** The calendar feed's two buttons: only the technician's own feed (the profile comes from the session). */
export async function action({ request, context }: Route.ActionArgs) {
  const { session, profile } = await ownApprovedProfile(context);
  const form = await readForm(request);
  if (!profile) return refuseForm(form, "A calendar link can be made once your application is approved.");
  const actor = { userId: session.user.id, label: `${profile.name} (technician)`, ipAddress: null };
  const outcome = await answerFeedIntent(form.get("intent"), actor, { scope: "technician", technicianId: profile.id });
  if (!outcome) return refuseForm(form, "This form could not be read. Reload the page and try again.");
  return data(outcome, { headers: noStore() });
}

export default function TechnicianAgendaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agenda, feed } = loaderData;
  const outcome = actionData && "intent" in actionData ? (actionData as FeedPanelOutcome) : undefined;
  const refusal = actionData && "errors" in actionData ? (actionData.errors as Record<string, string | undefined>).form : undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-700 uppercase dark:text-sky-300">Technician</p>
      <h1 className="mt-1 text-3xl font-bold">My agenda</h1>
      {!agenda ? (
        <p className="mt-4">{refusal ?? "Your agenda shows here once your application is approved."}</p>
      ) : (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Your visits this week and next, as of <time dateTime={agenda.drawnAt}>{formatDateTime(agenda.drawnAt)}</time>. This page stays readable on this
            phone without a signal.{" "}
            <a href="/technician/dashboard" data-reload className={link}>
              My jobs
            </a>{" "}
            ·{" "}
            <a href="/technician/time-off" className={link}>
              Mark leave
            </a>
          </p>
          <KeepOffline />
          {agenda.weeks.map((week, w) => (
            <Week key={week.first} week={week} index={w} />
          ))}
          <CalendarFeedPanel title="Your phone's calendar" live={feed} outcome={outcome} who="your visits and your leave" />
        </>
      )}
    </div>
  );
}

/** Tells the portal's service worker to keep this page (it also keeps it on each visit online). */
function KeepOffline() {
  useEffect(() => {
    void registerFieldWorker([PATH]);
  }, []);
  return null;
}

const STAGE_STYLE: Record<VisitStage, string> = {
  scheduled: "border-l-sky-700",
  on_the_way: "border-l-amber-600",
  on_site: "border-l-violet-700",
  waiting: "border-l-slate-500",
  work_done: "border-l-emerald-700",
};

function Week({ week, index }: { week: TechnicianAgenda["weeks"][number]; index: number }) {
  const count = week.days.reduce((n, d) => n + d.visits.length, 0);
  return (
    <TitledSection headingId={`week-${index}`} className="mt-8" headingClassName="text-xl font-semibold" title={`${week.title} (${count} ${count === 1 ? "visit" : "visits"})`}>
      <ol className="mt-3 space-y-3">
        {week.days.map((day) => (
          <li key={day.date} className={`rounded-md border p-3 ${day.today ? "border-brand-700 border-2" : "border-slate-200 dark:border-slate-800"}`}>
            <h3 id={`day-${day.date}`} className="font-semibold">
              {day.label}
              {day.today ? " (today)" : ""}
            </h3>
            {day.timeOff.map((o) => (
              <p key={o.id} className="mt-1 rounded bg-amber-100 px-2 py-1 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
                <strong>{o.label}</strong>: {o.window}
                {o.note ? ` (${o.note})` : ""}
              </p>
            ))}
            {day.visits.length === 0 ? (
              day.timeOff.length === 0 && <p className="mt-1 text-slate-600 dark:text-slate-400">No visits.</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {day.visits.map((v) => (
                  <li key={v.id} className={`rounded border border-l-4 border-slate-300 p-2 dark:border-slate-600 ${STAGE_STYLE[v.stage]}`}>
                    <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className="font-semibold">{v.window}</span>
                      <a href={`/technician/jobs/${v.id}`} data-reload className={`${link} font-mono`}>
                        {v.reference}
                      </a>
                    </p>
                    <p>
                      {v.service}: {v.customer}
                    </p>
                    <p className="text-sm text-slate-700 dark:text-slate-300">{v.site}</p>
                    <p className="text-sm">
                      {v.stageLabel} · {v.emergency ? <strong className="text-red-800 dark:text-red-300">{v.urgencyLabel}</strong> : v.urgencyLabel}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}
