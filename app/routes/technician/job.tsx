import { requireRole } from "~/.server/auth/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { findOwnJob } from "~/.server/technicians/index.ts";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { formatDate, formatDateTime } from "~/lib/format.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import { statusLabel } from "~/lib/requests/status.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import { DetailList } from "~/components/detail-list.tsx";
import type { Route } from "./+types/job";
import { noStore } from "~/.server/http/cache.ts";

/**
 * /technician/jobs/{id}: one job assigned to the signed-in technician: the customer, the site, the
 * equipment and the fault. A job assigned to someone else (or a made-up id) is the 404 page.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const session = await requireRole(request, url, "technician");
  const job = await findOwnJob(session.user, params.id);
  if (!job) return throwNotFound(url);
  const site = await getSiteSettings();
  return {
    job,
    meta: seo(site, {
      type: "booking",
      title: `Job ${job.reference}`,
      description: `Customer, site, equipment and fault of service job ${job.reference}.`,
      path: `/technician/jobs/${job.id}`,
      noindex: true,
    }),
  };
}

export function headers() {
  return noStore();
}

export const meta = routeMeta;

const linkClass = "font-semibold text-brand-700 underline dark:text-sky-300";

export default function TechnicianJob({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  const { identity } = useSite();
  const equipment = [job.equipmentBrand, job.equipmentModel, job.equipmentRating].filter(Boolean).join(", ");
  const site = [job.siteAddress, job.city].filter(Boolean).join(", ");
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <p>
        <a href="/technician/dashboard" className={linkClass}>
          ← My Jobs
        </a>
      </p>
      <h1 className="mt-3 text-3xl font-bold">
        Job <span className="font-mono">{job.reference}</span>
      </h1>
      <p className="mt-2 text-lg">
        {job.serviceName ?? "Service to be confirmed"}: <strong>{urgencyLabel(job.urgency)}</strong>
      </p>

      <section aria-labelledby="customer-heading" className="mt-6 rounded-md border border-brand-200 bg-brand-50 p-5 dark:border-slate-700 dark:bg-slate-900">
        <h2 id="customer-heading" className="text-lg font-semibold">
          Customer
        </h2>
        <p className="mt-2 text-lg">
          {job.contactName}
          {job.company ? `, ${job.company}` : ""}
        </p>
        <p className="mt-2">
          <a
            href={telHref(job.mobile)}
            className="inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            Call {formatIndianPhone(job.mobile)}
          </a>
        </p>
        {site && (
          <p className="mt-3">
            <span className="font-medium">Site: </span>
            <span className="whitespace-pre-line">{site}</span>
          </p>
        )}
      </section>

      <section aria-labelledby="details-heading" className="mt-8">
        <h2 id="details-heading" className="text-xl font-semibold">
          Details
        </h2>
        <DetailList
          rows={[
            ["Service", job.serviceName],
            ["Urgency", urgencyLabel(job.urgency)],
            ["Preferred date", job.preferredDate ? formatDate(job.preferredDate) : null],
            ["Equipment", equipment || null],
            ["Fault", job.faultDescription],
            ["Fault code", job.faultCode],
            ["Status", statusLabel(job.status)],
            ["Assigned", job.assignedAt ? formatDateTime(job.assignedAt) : null],
            ["Received", formatDateTime(job.createdAt)],
          ]}
        />
      </section>
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
        Something unclear, or you cannot make it? Call the office on{" "}
        <a href={telHref(identity.supportPhone)} className="underline">
          {formatIndianPhone(identity.supportPhone)}
        </a>{" "}
        and quote {job.reference}.
      </p>
    </div>
  );
}
