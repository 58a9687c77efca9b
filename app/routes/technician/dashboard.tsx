import { useEffect } from "react";
import { Form, redirect } from "react-router";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { readForm, refuse, UNREADABLE_FORM, isUnreadable } from "~/.server/forms/index.ts";
import { setOwnAvailability, technicianDashboard } from "~/.server/technicians/index.ts";
import { FormError } from "~/components/form/fields.tsx";
import { SignOutForms } from "~/components/sign-out-forms.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { formatDate, formatDateTime } from "~/lib/format.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import { officeStatusLabel } from "~/lib/requests/status.ts";
import { useSite } from "~/lib/use-site.ts";
import { DetailList } from "~/components/detail-list.tsx";
import { registerFieldWorker } from "~/components/technician/offline-queue.ts";
import { indiaDate, mapsHref, visitWindow } from "~/components/technician/visit.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { fieldStageLabel } from "~/lib/requests/field-stages.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { link } from "~/components/ui/styles.ts";
import type { Route } from "./+types/dashboard";
import { noStore } from "~/.server/http/cache.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /technician/dashboard: the application's status; once approved, the technician's profile, the
 * "Available for jobs" switch and the jobs the office assigned to them, by visit date, each with the site
 * (a maps link), the customer's number to call, the visit window, urgency and status. Today's job pages
 * are kept on the phone by the portal's service worker, to be read without a signal.
 */

const PATH = "/technician/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "technician");
  const { profile, jobs } = await technicianDashboard(session.user);
  return {
    profile,
    jobs,
    // India's date, from the server: the page groups the jobs by it the same way on both sides.
    today: todayInIndia(),
  };
}

export const handle = { title: "Technician Dashboard" };

/** The "Available for jobs" switch. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = portalSessionOf(context, "technician");
  const form = await readForm(request);
  if (isUnreadable(form) || form.get("intent") !== "availability") return refuse({ errors: { form: UNREADABLE_FORM }, values: {} }, 400, noStore());
  const saved = await setOwnAvailability(session.user, form.get("availableNow") === "on");
  if (saved === undefined) {
    return refuse({ errors: { form: "Your availability can be set once your application is approved." }, values: {} }, 400, noStore());
  }
  return redirect(PATH, { status: 303, headers: noStore() });
}

type Profile = NonNullable<Route.ComponentProps["loaderData"]["profile"]>;
type Job = Route.ComponentProps["loaderData"]["jobs"][number];

export default function TechnicianDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, jobs } = loaderData;
  const failure = actionData as FormFailure | undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {/* Live (issue 12 §1): a job assigned, moved or taken away shows without a reload. */}
      <LiveStatus kinds={["request."]} what="My jobs" />
      <p className="text-sm font-semibold text-brand-700 uppercase dark:text-sky-300">Technician</p>
      <h1 className="mt-1 text-3xl font-bold">My Jobs</h1>
      {!profile ? (
        <p className="mt-6 rounded-md border border-slate-200 p-5 dark:border-slate-800">
          We could not find a technician application for this account.{" "}
          <a href="/technician/register" className={link}>
            Register as a technician
          </a>
          .
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            {profile.name}, signed in with {formatIndianPhone(profile.mobile)}.
          </p>
          <div className="mt-4">
            <FormError message={failure?.errors.form} />
          </div>
          <StatusPanel profile={profile} />
          {profile.status === "approved" && (
            <>
              <AvailabilitySwitch availableNow={profile.availableNow} />
              <JobList jobs={jobs} today={loaderData.today} />
              <ProfileDetails profile={profile} />
            </>
          )}
        </>
      )}
      <SignOutForms />
    </div>
  );
}

function StatusPanel({ profile }: { profile: Profile }) {
  const { promises, identity } = useSite();
  const phone = formatIndianPhone(identity.supportPhone);
  const label = { pending: "Under review", approved: "Approved", rejected: "Not approved", unverified: "Not verified" }[profile.status];
  return (
    <TitledSection headingId="status-heading" className="mt-6 rounded-md border border-brand-200 bg-brand-50 p-5 dark:border-slate-700 dark:bg-slate-900" headingClassName="text-lg font-semibold" title={<>Application <span className="font-mono">{profile.reference}</span>: {label}</>}>
      {profile.status === "pending" && (
        <>
          <p className="mt-2">
            Thank you for registering. Our office reviews applications within{" "}
            <strong>
              {promises.responseHoursMin}-{promises.responseHoursMax} hours
            </strong>{" "}
            (under {promises.averageResponseHours} hours on average).
          </p>
          <h3 className="mt-4 font-semibold">What happens next</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>We check your details and your ID proof, and may call you about your experience.</li>
            <li>We tell you the decision by SMS on {formatIndianPhone(profile.mobile)}.</li>
            <li>Once you are approved, this page shows the jobs we assign to you, and you can say when you are free.</li>
          </ol>
          <p className="mt-3">
            Questions? Call{" "}
            <a href={telHref(identity.supportPhone)} className={link}>
              {phone}
            </a>{" "}
            and quote {profile.reference}.
          </p>
        </>
      )}
      {profile.status === "rejected" && (
        <>
          <p className="mt-2">We are sorry: your application was not approved this time.</p>
          {profile.reviewNote && (
            <div className="mt-3">
              <h3 className="font-semibold">Note from our office</h3>
              <blockquote className="mt-1 border-l-4 border-slate-400 pl-4 whitespace-pre-line">{profile.reviewNote}</blockquote>
            </div>
          )}
          <p className="mt-3">
            You may{" "}
            <a href="/technician/register" className={link}>
              apply again
            </a>{" "}
            with updated details, or call{" "}
            <a href={telHref(identity.supportPhone)} className={link}>
              {phone}
            </a>
            .
          </p>
        </>
      )}
      {profile.status === "approved" && (
        <>
          <p className="mt-2">
            You are one of our registered technicians. The office assigns jobs to you by phone or SMS, and they appear
            below.
          </p>
          <p className="mt-2">
            Fault codes, manuals and datasheets:{" "}
            <a href="/technician/library" data-reload className={link}>
              the library
            </a>
            , readable without a signal for the documents you pin.
          </p>
          <p className="mt-2">
            Away or busy?{" "}
            <a href="/technician/time-off" className={link}>
              Mark your leave or unavailable hours
            </a>
            , so the office does not book you then.
          </p>
          {profile.reviewNote && (
            <div className="mt-3">
              <h3 className="font-semibold">Note from our office</h3>
              <blockquote className="mt-1 border-l-4 border-slate-400 pl-4 whitespace-pre-line">{profile.reviewNote}</blockquote>
            </div>
          )}
        </>
      )}
    </TitledSection>
  );
}

/** A toggle button (aria-pressed) in a plain form: it posts the opposite of the current value. */
function AvailabilitySwitch({ availableNow }: { availableNow: boolean }) {
  return (
    <TitledSection headingId="availability-heading" className="mt-8" headingClassName="text-xl font-semibold" title="Availability">
      <Form method="post" className="mt-3 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="availability" />
        <input type="hidden" name="availableNow" value={availableNow ? "off" : "on"} />
        <button
          type="submit"
          aria-pressed={availableNow}
          className="inline-flex h-12 items-center gap-3 rounded-full border border-slate-400 py-1 pr-5 pl-1 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span
            aria-hidden="true"
            className={`flex h-10 w-18 items-center rounded-full p-1 transition-colors ${availableNow ? "justify-end bg-green-700" : "justify-start bg-slate-500"}`}
          >
            <span className="size-8 rounded-full bg-white" />
          </span>
          Available for jobs
        </button>
        <p role="status" className="font-medium">
          {availableNow ? "On: the office may assign you new jobs." : "Off: the office will not assign you new jobs."}
        </p>
      </Form>
    </TitledSection>
  );
}

/**
 * The assigned jobs by visit date: today's (and any earlier visit not yet done) first, then upcoming
 * visits, then jobs without a booked visit; finished and cancelled jobs in a closed "Recent" list.
 */
function groupJobs(jobs: Job[], today: string) {
  const done = (j: Job) => j.status === "completed" || j.status === "cancelled";
  const open = jobs.filter((j) => !done(j));
  const byVisit = (a: Job, b: Job) => (a.visitStart ?? "").localeCompare(b.visitStart ?? "");
  return {
    today: open.filter((j) => j.visitStart && indiaDate(j.visitStart) <= today).sort(byVisit),
    upcoming: open.filter((j) => j.visitStart && indiaDate(j.visitStart) > today).sort(byVisit),
    unscheduled: open.filter((j) => !j.visitStart),
    recent: jobs
      .filter(done)
      .sort((a, b) => (b.completedAt ?? b.assignedAt ?? "").localeCompare(a.completedAt ?? a.assignedAt ?? ""))
      .slice(0, 20),
  };
}

function JobList({ jobs, today }: { jobs: Job[]; today: string }) {
  const groups = groupJobs(jobs, today);
  useEffect(() => {
    // Today's job pages and the week agenda are kept on the phone (service worker), to be read where there is no signal.
    void registerFieldWorker([PATH, "/technician/agenda", ...groups.today.map((j) => `/technician/jobs/${j.id}`)]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load
  }, []);
  return (
    <TitledSection headingId="jobs-heading" className="mt-8" headingClassName="text-xl font-semibold" title="Assigned jobs">
      {jobs.length === 0 ? (
        <p className="mt-3 rounded-md border border-slate-200 p-5 dark:border-slate-800">
          No jobs are assigned to you yet. When the office assigns you one, it appears here, and we call or SMS you with
          the details.
        </p>
      ) : (
        <>
          <JobGroup id="today" title="Today" jobs={groups.today} today={today} empty="No visits booked for today." />
          <JobGroup id="upcoming" title="Upcoming" jobs={groups.upcoming} today={today} empty="No upcoming visits booked." />
          {groups.unscheduled.length > 0 && <JobGroup id="unscheduled" title="Visit not booked yet" jobs={groups.unscheduled} today={today} />}
          {groups.recent.length > 0 && (
            <details className="mt-6 rounded-md border border-slate-200 p-4 dark:border-slate-800">
              <summary className="cursor-pointer text-lg font-semibold">Recent ({groups.recent.length})</summary>
              <JobItems jobs={groups.recent} today={today} />
            </details>
          )}
        </>
      )}
    </TitledSection>
  );
}

function JobGroup({ id, title, jobs, today, empty }: { id: string; title: string; jobs: Job[]; today: string; empty?: string }) {
  return (
    <section aria-labelledby={`jobs-${id}`} className="mt-5">
      <h3 id={`jobs-${id}`} className="text-lg font-semibold">
        {title} ({jobs.length})
      </h3>
      {jobs.length === 0 ? <p className="mt-2 text-slate-700 dark:text-slate-300">{empty}</p> : <JobItems jobs={jobs} today={today} />}
    </section>
  );
}

function JobItems({ jobs, today }: { jobs: Job[]; today: string }) {
  return (
    <ul className="mt-3 space-y-3">
      {jobs.map((job) => {
        const map = mapsHref(job.siteAddress, job.city);
        const overdue = job.visitStart && indiaDate(job.visitStart) < today && job.status !== "completed" && job.status !== "cancelled";
        return (
          <li key={job.id} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <a href={`/technician/jobs/${job.id}`} data-reload className="font-mono text-lg font-semibold text-brand-700 underline dark:text-sky-300">
                {job.reference}
              </a>
              <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-medium dark:bg-slate-800">{officeStatusLabel(job.status)}</span>
            </div>
            <p className="mt-1 font-medium">
              {job.serviceName ?? "Service to be confirmed"}: {job.contactName}
              {job.company ? `, ${job.company}` : ""}
            </p>
            <dl className="mt-2 grid gap-y-1 text-sm text-slate-700 sm:grid-cols-2 sm:gap-x-6 dark:text-slate-300">
              <div>
                <dt className="inline">Visit: </dt>
                <dd className="inline font-medium">
                  {job.visitStart ? visitWindow(job.visitStart, job.visitEnd) : job.preferredDate ? `not booked (prefers ${formatDate(job.preferredDate)})` : "not booked"}
                  {overdue ? " (overdue)" : ""}
                </dd>
              </div>
              <div>
                <dt className="inline">Urgency: </dt>
                <dd className="inline font-medium">{urgencyLabel(job.urgency)}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="inline">Site: </dt>
                <dd className="inline">{[job.siteAddress, job.city].filter(Boolean).join(", ") || "not given"}</dd>
              </div>
              {job.fieldStage && (
                <div>
                  <dt className="inline">Stage: </dt>
                  <dd className="inline">{fieldStageLabel(job.fieldStage)}</dd>
                </div>
              )}
              <div>
                <dt className="inline">Assigned: </dt>
                <dd className="inline">{formatDateTime(job.assignedAt ?? job.createdAt)}</dd>
              </div>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <a href={telHref(job.mobile)} className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
                Call {formatIndianPhone(job.mobile)}
              </a>
              {map && (
                <a href={map} rel="noopener" className="inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
                  Map<span className="sr-only"> of the site of {job.reference}</span>
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function ProfileDetails({ profile }: { profile: Profile }) {
  const rows: Array<[string, string | null]> = [
    ["Reference", profile.reference],
    ["Name", profile.name],
    ["Mobile", formatIndianPhone(profile.mobile)],
    ["E-mail", profile.email],
    ["City", profile.city],
    ["Skills", profile.skills.join(", ")],
    ["Experience", `${profile.yearsExperience} ${profile.yearsExperience === 1 ? "year" : "years"}`],
    ["Current employer", profile.currentEmployer],
    ["Availability", profile.availability],
    ["ID proof", profile.idProofType],
  ];
  return (
    <TitledSection headingId="profile-heading" className="mt-8" headingClassName="text-xl font-semibold" title="My profile">
      <DetailList rows={rows} />
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">To change these details, call our office.</p>
    </TitledSection>
  );
}
