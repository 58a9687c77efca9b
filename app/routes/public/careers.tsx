import { listEntries } from "~/.server/content/index.ts";
import { postEnquiry } from "~/.server/enquiries/index.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { formatIndianPhone, mailtoHref, telHref } from "~/lib/contact-links.ts";
import { EnquiryForm } from "~/components/form/enquiry-form.tsx";
import { FormSection } from "~/components/form/form-section.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/careers";

/** An application for no particular opening. */
const GENERAL_APPLICATION = "General application";

export async function loader({ url }: Route.LoaderArgs) {
  const [site, careers] = await Promise.all([getSiteSettings(), listEntries("career")]);
  const wanted = url.searchParams.get("opening") ?? "";
  return {
    chosen: careers.some((c) => c.title === wanted) ? wanted : "",
    openings: careers.map((c) => ({
      slug: c.slug,
      title: c.title,
      summary: c.summary,
      location: c.data.location,
      type: c.data.type,
      experience: c.data.experience,
      responsibilities: c.data.responsibilities,
      requirements: c.data.requirements,
    })),
    meta: seo(site, {
      type: "careers",
      title: "Careers",
      description: `Open positions at ${site.identity.legalName}: drive repair, PLC/SCADA, field service, panel wiring, service coordination and ITI apprenticeships in Hyderabad.`,
      path: "/careers",
      breadcrumbs: [{ name: "Careers", path: "/careers" }],
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postEnquiry(request, clientAddress(context), ["career"]));
}

export const headers = formPageHeaders;

export const meta = routeMeta;

const linkClass = "font-medium text-brand-700 underline dark:text-sky-300";

function applyHref(email: string, title: string): string {
  return `${mailtoHref(email)}?subject=${encodeURIComponent(title)}`;
}

export default function Careers({ loaderData, actionData }: Route.ComponentProps) {
  const { openings, chosen } = loaderData;
  const { identity } = useSite();
  const phone = formatIndianPhone(identity.supportPhone);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageHeading trail={[{ name: "Careers", path: "/careers" }]} className="mt-4 max-w-3xl" title="Careers" summary="Join the engineers and technicians who keep India's production lines running. We repair drives and controllers at component level, attend breakdowns around the clock and train every new colleague on real equipment.">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {openings.length === 1 ? "1 open position" : `${openings.length} open positions`}.{" "}
          <a href="#apply" className={linkClass}>
            Apply online
          </a>
        </p>
      </PageHeading>

      {openings.length === 0 ? (
        <p className="mt-8 text-slate-700 dark:text-slate-300">
          We have no open positions right now. You are welcome to send your CV to{" "}
          <a href={applyHref(identity.supportEmail, "General application")} className={linkClass}>
            {identity.supportEmail}
          </a>
          .
        </p>
      ) : (
        <ul className="mt-8 space-y-6">
          {openings.map((job) => (
            <li key={job.slug}>
              <section
                id={job.slug}
                aria-labelledby={`${job.slug}-heading`}
                className="scroll-mt-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
              >
                <h2 id={`${job.slug}-heading`} className="text-xl font-bold">
                  {job.title}
                </h2>
                <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <div>
                    <dt className="inline font-semibold">Location: </dt>
                    <dd className="inline">{job.location}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">Type: </dt>
                    <dd className="inline">{job.type}</dd>
                  </div>
                  <div>
                    <dt className="inline font-semibold">Experience: </dt>
                    <dd className="inline">{job.experience}</dd>
                  </div>
                </dl>
                <p className="mt-3 text-slate-700 dark:text-slate-300">{job.summary}</p>
                <details className="mt-3">
                  <summary className="cursor-pointer font-semibold text-brand-700 dark:text-sky-300">
                    Responsibilities and requirements
                  </summary>
                  <div className="mt-3 grid gap-6 md:grid-cols-2">
                    <div>
                      <h3 className="font-semibold">Responsibilities</h3>
                      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                        {job.responsibilities.map((r) => (
                          <li key={r}>{r}</li>
                        ))}
                      </ul>
                    </div>
                    <div>
                      <h3 className="font-semibold">Requirements</h3>
                      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                        {job.requirements.map((r) => (
                          <li key={r}>{r}</li>
                        ))}
                      </ul>
                    </div>
                  </div>
                </details>
                <p className="mt-4 flex flex-wrap items-center gap-4">
                  <a
                    href={`/careers?opening=${encodeURIComponent(job.title)}#apply`}
                    className="inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                  >
                    Apply now<span className="sr-only">: {job.title}</span>
                  </a>
                  <a href={applyHref(identity.supportEmail, job.title)} className={linkClass}>
                    or apply by e-mail<span className="sr-only">: {job.title}</span>
                  </a>
                </p>
              </section>
            </li>
          ))}
        </ul>
      )}

      <FormSection
        id="apply"
        title="Apply online"
        intro={
          <>
            Attach your CV and tell us where you are based. We reply to every application. You can also e-mail it to{" "}
            <a href={mailtoHref(identity.supportEmail)} className={linkClass}>
              {identity.supportEmail}
            </a>{" "}
            or call{" "}
            <a href={telHref(identity.supportPhone)} className={linkClass}>
              {phone}
            </a>
            .
          </>
        }
      >
        <EnquiryForm
          form="career"
          action="/careers#apply"
          failure={actionData}
          options={{ subject: [...openings.map((o) => o.title), GENERAL_APPLICATION] }}
          defaults={{ subject: chosen }}
        />
      </FormSection>
    </div>
  );
}
