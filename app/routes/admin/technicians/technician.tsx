import type { ColumnDef } from "@tanstack/react-table";
import { parseForm, readForm, redirectWithFlash, refuseFields, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { auditActor, requirePermission, staffOf } from "~/.server/auth/staff.ts";
import { answerFeedIntent, FEED_INTENTS, liveFeed } from "~/.server/schedule/calendar-feed.ts";
import { CalendarFeedPanel, type FeedPanelOutcome } from "~/components/calendar-feed.tsx";
import { can } from "~/lib/auth/permissions.ts";
import { data } from "react-router";
import { throwNotFound } from "~/.server/http/errors.ts";
import { reviewApplication, reviewSchema } from "~/.server/technicians/index.ts";
import { technicianPage, updateTechnician, type TechnicianJob } from "~/.server/technicians/office.ts";
import { DataTable } from "~/components/admin/data-table.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FieldIdPrefix, FormError, TextArea } from "~/components/form/fields.tsx";
import { formatIndianPhone, mailtoHref, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { updateTechnicianSchema } from "~/lib/forms/admin/technicians.ts";
import { EDIT_LISTS, EditTechnicianForm } from "./edit-form.tsx";
import { WeeklyChart, weekOf } from "./weekly-chart.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/technician";
import { link, muted } from "~/components/admin/styles.ts";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/technicians/{id} (permission "technicians"): one technician. Their application as sent (with
 * the ID proof), the review (approve or reject with a note: ~/.server/technicians/review.ts), what the
 * office manages (skills, services, base city, availability, available now: version-safe and audited),
 * their current and past jobs, jobs done per India-time week over the last 8 weeks, and average times.
 */
const LIST = "/admin/technicians";
const pathOf = (id: number) => `${LIST}/${id}`;

function idOf(param: string): number | undefined {
  return /^\d{1,9}$/.test(param) ? Number(param) : undefined;
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const id = idOf(params.id);
  const page = id === undefined ? undefined : await technicianPage(id);
  if (!page) return throwNotFound(url);
  // The calendar feed panel is the dispatchers' (the schedule's permission), for an approved technician.
  const feed = page.status === "approved" && can(staff.role, "dispatch") ? { live: await liveFeed({ scope: "technician", technicianId: page.id }) } : undefined;
  return {
    page,
    feed,
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `${data.page.name} (${data.page.reference}): Technicians` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const id = idOf(params.id);
  if (id === undefined) return throwNotFound(url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === FEED_INTENTS.issue || intent === FEED_INTENTS.revoke) {
    requirePermission(staff, "dispatch");
    const outcome = await answerFeedIntent(intent, auditActor(staff), { scope: "technician", technicianId: id });
    return data(outcome!);
  }
  if (intent === "update") {
    // A refused edit keeps every ticked box.
    const refuseEdit = (errors: Record<string, string>) => refuseFields(form, errors, { lists: EDIT_LISTS });
    const parsed = parseForm(form, updateTechnicianSchema, { lists: EDIT_LISTS });
    if (parsed.refusal) return parsed.refusal;
    if (parsed.data.id !== id) return refuseEdit({ form: "This form belongs to another technician: reload the page." });
    const outcome = await updateTechnician(auditActor(staff), parsed.data);
    if (!outcome.ok) return outcome.reason === "not-found" ? throwNotFound(url) : refuseEdit({ [outcome.field]: outcome.message });
    return redirectWithFlash(pathOf(id), {
      type: "success",
      message: outcome.changed ? `${outcome.name}'s profile is saved.` : `Nothing to save: ${outcome.name}'s profile already reads that way.`,
    });
  }
  if (intent === "review") {
    const parsed = parseForm(form, reviewSchema);
    if (parsed.refusal) return parsed.refusal;
    if (parsed.data.id !== id) return refuseForm(form, "This form belongs to another application: reload the page.");
    const reviewed = await reviewApplication({ ...parsed.data, reviewerId: staff.userId, actor: auditActor(staff) });
    if (!reviewed.ok) return throwNotFound(url);
    return redirectWithFlash(pathOf(id), {
      type: "success",
      message: reviewed.changed
        ? `${reviewed.reference} is ${reviewed.status}. The technician has been told by SMS.`
        : `${reviewed.reference} was already ${reviewed.status}: nothing changed, and no SMS was sent.`,
    });
  }
  return refuseForm(form, "This form could not be read. Reload the page and try again.");
}

function when(iso: string | null) {
  return iso ? (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso)}
    </time>
  ) : (
    <span className={muted}>Not set</span>
  );
}

function jobColumns(kind: "current" | "past"): ColumnDef<TechnicianJob, unknown>[] {
  return [
    {
      id: "reference",
      header: "Request",
      cell: ({ row: { original: j } }) => (
        <a href={`/admin/service-requests/${encodeURIComponent(j.reference)}`} className={`${link} font-mono whitespace-nowrap`}>
          {j.reference}
        </a>
      ),
    },
    { id: "customer", header: "Customer", cell: ({ row: { original: j } }) => j.customer },
    { id: "service", header: "Service", cell: ({ row: { original: j } }) => j.service ?? <span className={muted}>Not given</span> },
    { id: "city", header: "City", cell: ({ row: { original: j } }) => j.city ?? <span className={muted}>Not given</span> },
    { id: "status", header: "Status", cell: ({ row: { original: j } }) => <span className="whitespace-nowrap">{j.statusLabel}</span> },
    kind === "current"
      ? { id: "visit", header: "Visit", cell: ({ row: { original: j } }) => when(j.visitStart) }
      : { id: "completed", header: "Completed", cell: ({ row: { original: j } }) => (j.completedAt ? when(j.completedAt) : <span className={muted}>Not completed</span>) },
    { id: "assigned", header: "Assigned", cell: ({ row: { original: j } }) => when(j.assignedAt) },
  ];
}

const STATUS_CLASS: Record<string, string> = {
  pending: "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  approved: "border-emerald-600 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  rejected: "border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export default function AdminTechnician({ loaderData, actionData }: Route.ComponentProps) {
  const { page: t } = loaderData;
  const feedOutcome = actionData && "message" in actionData ? (actionData as FeedPanelOutcome) : undefined;
  const failure = actionData && !feedOutcome ? (actionData as FormFailure) : undefined;
  const editFailure = failure?.intent === "update" ? failure : undefined;
  const reviewFailure = failure && failure.intent !== "update" ? failure : undefined;
  const profile: Array<[string, React.ReactNode]> = [
    [
      "Mobile",
      <a href={telHref(t.mobile)} className={link}>
        {formatIndianPhone(t.mobile)}
      </a>,
    ],
    [
      "E-mail",
      t.email ? (
        <a href={mailtoHref(t.email)} className={link}>
          {t.email}
        </a>
      ) : (
        "not given"
      ),
    ],
    ["Base city", t.city],
    ["Skills", t.skills.join(", ")],
    ["Services", t.services.length > 0 ? t.services.join(", ") : "None set yet"],
    ["Experience", `${t.yearsExperience} ${t.yearsExperience === 1 ? "year" : "years"}`],
    ["Current employer", t.currentEmployer ?? "not given"],
    ["Availability", `${t.availabilityLabel}${t.status === "approved" ? (t.availableNow ? " (available now)" : " (not available now)") : ""}`],
    [
      "ID proof",
      <a href={`${LIST}/${t.id}/id-proof`} className={link}>
        {t.idProofType}: {t.idProofName}
      </a>,
    ],
    ["Applied", when(t.appliedAt)],
  ];
  if (t.reviewedAt) profile.push(["Reviewed", when(t.reviewedAt)]);
  if (t.reviewNote) profile.push(["Note to the technician", t.reviewNote]);
  const canApprove = t.status !== "approved";
  const canReject = t.status !== "rejected";
  const button = "h-11 rounded-md px-4 font-semibold";
  const averages: Array<[string, string, { text: string | null; jobs: number }]> = [
    ["First update from the field", "from the assignment to their first update on the job", t.averages.firstUpdate],
    ["Assignment to completion", "from the assignment to the job marked completed", t.averages.assignedToDone],
    ["Resolution", "from receipt to completion, less time waiting on the customer or parts", t.averages.resolution],
  ];
  const review = (
    <section aria-labelledby="review-heading" className={`rounded-md border border-slate-200 p-4 dark:border-slate-800 ${t.status === "pending" ? "" : "mt-8"}`}>
      <h2 id="review-heading" className="text-xl font-semibold">
        {t.status === "pending" ? "Review the application" : "Application decision"}
      </h2>
      <p className={`mt-1 text-sm ${muted}`}>
        {t.status === "pending"
          ? "Check the application and the ID proof below, then approve or reject it. The technician is told by SMS and reads your note on their dashboard."
          : `This application is ${t.status}. You may change the decision; the technician is told by SMS.`}
      </p>
      <IntentForm intent="review" aria-label={`Review ${t.reference}`} className="mt-3 space-y-3">
        <input type="hidden" name="id" value={t.id} />
        <FormError message={reviewFailure?.errors.form ?? reviewFailure?.errors.id} />
        <FieldIdPrefix.Provider value="review-">
          <TextArea
            name="note"
            label="Note to the technician"
            rows={2}
            maxLength={1000}
            defaultValue={reviewFailure?.values.note}
            error={reviewFailure?.errors.note ?? reviewFailure?.errors.decision}
            hint={canReject ? "Needed to reject: say why. The technician reads it on their dashboard." : "Shown on the technician's dashboard."}
          />
        </FieldIdPrefix.Provider>
        <div className="flex flex-wrap gap-3">
          {canApprove && (
            <button type="submit" name="decision" value="approve" className={`${button} bg-green-700 text-white hover:bg-green-800`}>
              Approve<span className="sr-only"> {t.reference}</span>
            </button>
          )}
          {canReject && (
            <button
              type="submit"
              name="decision"
              value="reject"
              className={`${button} border border-red-700 text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-slate-800`}
            >
              Reject<span className="sr-only"> {t.reference}</span>
            </button>
          )}
        </div>
      </IntentForm>
    </section>
  );
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        back={{ href: LIST, label: "Technicians" }}
        title={t.name}
        description={
          <span className="mt-1 flex flex-wrap items-center gap-2">
            <span className="font-mono">{t.reference}</span>
            <span className={`rounded border px-2 py-0.5 text-sm font-medium ${STATUS_CLASS[t.status] ?? ""}`}>{t.statusLabel}</span>
          </span>
        }
      />

      {t.status === "pending" && review}

      <div className="mt-2 gap-8 lg:grid lg:grid-cols-2">
        <TitledSection headingId="profile-heading" title="Application and profile" className="mt-8 min-w-0" headingClassName="text-xl font-semibold">
          <dl className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {profile.map(([label, value]) => (
              <div key={label} className="grid gap-1 p-3 sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
                <dd className="break-words whitespace-pre-line">{value}</dd>
              </div>
            ))}
          </dl>
        </TitledSection>

        <TitledSection headingId="edit-heading" title="What the office manages" className="mt-8 min-w-0" headingClassName="text-xl font-semibold">
          <EditTechnicianForm
            id={t.id}
            shown={t.shown}
            current={{ skills: t.skillIds, services: t.serviceSlugs, city: t.city, availability: t.availability, availableNow: t.availableNow }}
            catalogue={t.catalogue}
            failure={editFailure}
          />
        </TitledSection>
      </div>

      <TitledSection headingId="work-heading" title="Work" className="mt-8" headingClassName="text-xl font-semibold">
        <dl className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {(
            [
              ["Current jobs", String(t.currentJobs.length), "open requests assigned to them"],
              ["Done this week", String(t.doneThisWeek), "completed since Monday, India time"],
              ["Done last week", String(t.doneLastWeek), "Monday to Sunday, India time"],
            ] as const
          ).map(([label, value, hint]) => (
            <div key={label} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{value}</dd>
              <dd className={`text-sm ${muted}`}>{hint}</dd>
            </div>
          ))}
        </dl>

        <h3 className="mt-6 text-lg font-semibold">Jobs done per week, last 8 weeks</h3>
        <p className={`text-sm ${muted}`}>
          Requests assigned to them and completed, in India-time weeks from Monday; the last bar is this week (from {weekOf(t.weeks.at(-1)!.weekStart)}).
        </p>
        <WeeklyChart weeks={t.weeks} id="weekly" />

        <h3 className="mt-6 text-lg font-semibold">Average times</h3>
        <dl className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {averages.map(([label, what, a]) => (
            <div key={label} className="grid gap-1 p-3 sm:grid-cols-[14rem_1fr]">
              <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
              <dd>
                {a.text ? (
                  <>
                    <strong>{a.text}</strong> {what}, over {a.jobs} {a.jobs === 1 ? "job" : "jobs"}
                  </>
                ) : (
                  <span className={muted}>No jobs to measure yet ({what}).</span>
                )}
              </dd>
            </div>
          ))}
        </dl>

        <h3 className="mt-6 mb-2 text-lg font-semibold">Current jobs</h3>
        <DataTable
          caption={`Current jobs of ${t.name}`}
          columns={jobColumns("current")}
          data={t.currentJobs}
          rowKey={(j) => j.reference}
          empty="No open requests are assigned to them."
        />

        <h3 className="mt-6 mb-2 text-lg font-semibold">Past jobs</h3>
        <DataTable
          caption={`Past jobs of ${t.name}, latest first`}
          columns={jobColumns("past")}
          data={t.pastJobs}
          rowKey={(j) => j.reference}
          empty="No completed or cancelled requests yet."
        />
        {t.pastJobs.length === t.jobLimit && (
          <p className={`mt-2 text-sm ${muted}`}>
            The latest {t.jobLimit} are shown.{" "}
            <a href={`/admin/service-requests?status=all&technician=${t.id}`} className={link}>
              All their requests
            </a>
          </p>
        )}
      </TitledSection>
      {loaderData.feed && (
        <CalendarFeedPanel title="Calendar feed" live={loaderData.feed.live} outcome={feedOutcome} who={`${t.name}'s visits and leave`} />
      )}
      {t.status !== "pending" && review}
    </div>
  );
}
