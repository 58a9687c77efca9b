import { redirect } from "react-router";
import { staffOf } from "~/.server/auth/staff.ts";
import { readForm, refuse, UNREADABLE_FORM } from "~/.server/forms/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { countApplications, listApplications, reviewApplication, reviewSchema } from "~/.server/technicians/index.ts";
import { FieldIdPrefix, FormError, TextArea } from "~/components/form/fields.tsx";
import { formatIndianPhone, mailtoHref, telHref } from "~/lib/contact-links.ts";
import { formatDateTime } from "~/lib/format.ts";
import { fieldErrors, formValues } from "~/lib/forms/fields.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import {
  availabilityLabel,
  idProofLabel,
  REVIEWABLE_STATUSES,
  skillLabel,
  type ReviewableStatus,
} from "~/lib/forms/technician-registration.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/technicians";
import { noStore } from "~/.server/http/cache.ts";

/**
 * /admin/technicians: technician applications (pending first, newest first), each with everything the
 * applicant sent and their ID proof; the office approves or rejects each with a note, and the technician is
 * told by SMS.
 */

const PATH = "/admin/technicians";

const STATUS_LABELS: Record<ReviewableStatus, string> = { pending: "Pending review", approved: "Approved", rejected: "Rejected" };

function statusFilter(url: URL): ReviewableStatus | undefined {
  const value = url.searchParams.get("status");
  return REVIEWABLE_STATUSES.find((s) => s === value);
}

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const status = statusFilter(url);
  const [site, applications, counts] = await Promise.all([getSiteSettings(), listApplications(status), countApplications()]);
  const done = url.searchParams.get("done") ?? "";
  const decision = url.searchParams.get("decision");
  return {
    status,
    counts,
    result:
      /^TA-\d{4}-\d{4,}$/.test(done) && (decision === "approved" || decision === "rejected")
        ? { reference: done, decision, changed: url.searchParams.get("changed") === "1" }
        : undefined,
    applications: applications.map((a) => ({
      id: a.id,
      reference: a.reference,
      status: a.status as ReviewableStatus,
      name: a.name,
      mobile: a.mobile,
      email: a.email,
      city: a.city,
      skills: a.skills.map(skillLabel),
      yearsExperience: a.yearsExperience,
      currentEmployer: a.currentEmployer,
      availability: availabilityLabel(a.availability),
      availableNow: a.availableNow,
      idProofType: idProofLabel(a.idProofType),
      idProofName: a.idProofName,
      reviewNote: a.reviewNote,
      reviewedAt: a.reviewedAt?.toISOString() ?? null,
      appliedAt: (a.verifiedAt ?? a.createdAt).toISOString(),
    })),
    meta: seo(site, {
      type: "policy",
      title: "Technicians: Back Office",
      description: "Technician applications: review, approve or reject.",
      path: PATH,
      noindex: true,
    }),
  };
}

export const meta = routeMeta;

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  if (!form) return refuse({ errors: {}, values: {}, formError: UNREADABLE_FORM }, 400, noStore());
  const values = formValues(form, ["id", "decision", "note"]);
  const parsed = reviewSchema.safeParse(values);
  if (!parsed.success) return refuse({ errors: fieldErrors(parsed.error), values, form: values.id }, 400, noStore());
  const reviewed = await reviewApplication({ ...parsed.data, reviewerId: staff.userId });
  if (!reviewed.ok) {
    return refuse({ errors: {}, values, form: values.id, formError: "This application could not be found: reload the page." }, 404, noStore());
  }
  const query = new URLSearchParams();
  const status = statusFilter(url);
  if (status) query.set("status", status);
  query.set("done", reviewed.reference);
  query.set("decision", reviewed.status);
  query.set("changed", reviewed.changed ? "1" : "0");
  return redirect(`${PATH}?${query.toString()}`, { status: 303, headers: noStore() });
}

type Application = Route.ComponentProps["loaderData"]["applications"][number];

const linkClass = "font-semibold text-brand-700 underline dark:text-sky-300";

export default function AdminTechnicians({ loaderData, actionData }: Route.ComponentProps) {
  const { status, counts, applications, result } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const total = counts.pending + counts.approved + counts.rejected;
  const tab = (value: ReviewableStatus | undefined, label: string, n: number) => (
    <a
      href={value ? `${PATH}?status=${value}` : PATH}
      aria-current={value === status ? "page" : undefined}
      className={`rounded-full border px-3 py-1 text-sm font-medium ${
        value === status ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      }`}
    >
      {label} ({n})
    </a>
  );
  const groups = (status ? [status] : REVIEWABLE_STATUSES).map((s) => ({ status: s, items: applications.filter((a) => a.status === s) }));
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-bold">Technicians</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Applications whose mobile number is verified, pending first and newest first. Approve or reject each one; the
          technician is told by SMS and reads your note on their dashboard.
        </p>
        {result && (
          <p role="status" className="mt-5 rounded-md border border-green-700 bg-green-50 p-4 font-medium text-green-900 dark:bg-slate-900 dark:text-green-300">
            {result.changed
              ? `${result.reference} is ${result.decision}. The technician has been told by SMS.`
              : `${result.reference} was already ${result.decision}: nothing changed, and no SMS was sent.`}
          </p>
        )}
        <nav aria-label="Show applications" className="mt-5 flex flex-wrap gap-2">
          {tab(undefined, "All", total)}
          {REVIEWABLE_STATUSES.map((s) => tab(s, STATUS_LABELS[s], counts[s]))}
        </nav>
        {groups.map((group) => (
          <section key={group.status} aria-labelledby={`${group.status}-heading`} className="mt-8">
            <h2 id={`${group.status}-heading`} className="text-2xl font-semibold">
              {STATUS_LABELS[group.status]} ({group.items.length})
            </h2>
            {group.items.length === 0 ? (
              <p className="mt-3 text-slate-700 dark:text-slate-300">
                {group.status === "pending" ? "No applications are waiting for review." : "None."}
              </p>
            ) : (
              <ul className="mt-3 space-y-4" aria-label={STATUS_LABELS[group.status]}>
                {group.items.map((a) => (
                  <li key={a.id}>
                    <ApplicationCard application={a} failure={failure?.form === String(a.id) ? failure : undefined} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}

function ApplicationCard({ application: a, failure }: { application: Application; failure: FormFailure | undefined }) {
  const headingId = `application-${a.id}`;
  const rows: Array<[string, React.ReactNode]> = [
    ["Mobile", <a href={telHref(a.mobile)} className={linkClass}>{formatIndianPhone(a.mobile)}</a>],
    ["E-mail", a.email ? <a href={mailtoHref(a.email)} className={linkClass}>{a.email}</a> : "not given"],
    ["City", a.city],
    ["Skills", a.skills.join(", ")],
    ["Experience", `${a.yearsExperience} ${a.yearsExperience === 1 ? "year" : "years"}`],
    ["Current employer", a.currentEmployer ?? "not given"],
    ["Availability", `${a.availability}${a.status === "approved" ? (a.availableNow ? " (available now)" : " (not available now)") : ""}`],
    [
      "ID proof",
      <a href={`${PATH}/${a.id}/id-proof`} className={linkClass}>
        {a.idProofType}: {a.idProofName}
      </a>,
    ],
    ["Applied", formatDateTime(a.appliedAt)],
  ];
  if (a.reviewedAt) rows.push(["Reviewed", formatDateTime(a.reviewedAt)]);
  if (a.reviewNote) rows.push(["Note", a.reviewNote]);
  const canApprove = a.status !== "approved";
  const canReject = a.status !== "rejected";
  const button = "h-11 rounded-md px-4 font-semibold";
  return (
    <article id={headingId} aria-labelledby={`${headingId}-heading`} className="scroll-mt-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <h3 id={`${headingId}-heading`} className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold">
        <span className="font-mono">{a.reference}</span>
        <span>{a.name}</span>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-medium dark:bg-slate-800">{STATUS_LABELS[a.status]}</span>
      </h3>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="break-words whitespace-pre-line">{value}</dd>
          </div>
        ))}
      </dl>
      <form method="post" aria-label={`Review ${a.reference}`} className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <FormError message={failure?.formError} />
        <input type="hidden" name="id" value={a.id} />
        <FieldIdPrefix.Provider value={`application-${a.id}-`}>
          <TextArea
            name="note"
            label="Note to the technician"
            rows={2}
            maxLength={1000}
            defaultValue={failure?.values.note}
            error={failure?.errors.note ?? failure?.errors.decision}
            hint={canReject ? "Needed to reject: say why. The technician reads it on their dashboard." : "Shown on the technician's dashboard."}
          />
        </FieldIdPrefix.Provider>
        <div className="flex flex-wrap gap-3">
          {canApprove && (
            <button type="submit" name="decision" value="approve" className={`${button} bg-green-700 text-white hover:bg-green-800`}>
              Approve<span className="sr-only"> {a.reference}</span>
            </button>
          )}
          {canReject && (
            <button type="submit" name="decision" value="reject" className={`${button} border border-red-700 text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-slate-800`}>
              Reject<span className="sr-only"> {a.reference}</span>
            </button>
          )}
        </div>
      </form>
    </article>
  );
}
