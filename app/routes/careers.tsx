import { listEntries } from "~/.server/content/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { formatIndianPhone, mailtoHref, telHref, whatsappHref } from "~/lib/contact-links.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/careers";

export async function loader() {
  const [site, careers] = await Promise.all([getSiteSettings(), listEntries("career")]);
  return {
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

export const meta = routeMeta;

const linkClass = "font-medium text-brand-700 underline dark:text-sky-300";

function applyHref(email: string, title: string): string {
  return `${mailtoHref(email)}?subject=${encodeURIComponent(title)}`;
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { openings } = loaderData;
  const { identity } = useSite();
  const phone = formatIndianPhone(identity.supportPhone);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Careers", path: "/careers" }]} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Careers</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Join the engineers and technicians who keep India&apos;s production lines running. We repair drives and
          controllers at component level, attend breakdowns around the clock and train every new colleague on real
          equipment.
        </p>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {openings.length === 1 ? "1 open position" : `${openings.length} open positions`}.{" "}
          <a href="#how-to-apply" className={linkClass}>
            How to apply
          </a>
        </p>
      </header>

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
                <p className="mt-4">
                  <a
                    href={applyHref(identity.supportEmail, job.title)}
                    className="inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                  >
                    Apply by e-mail<span className="sr-only">: {job.title}</span>
                  </a>
                </p>
              </section>
            </li>
          ))}
        </ul>
      )}

      <section
        id="how-to-apply"
        aria-labelledby="how-to-apply-heading"
        className="mt-12 scroll-mt-4 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900"
      >
        <h2 id="how-to-apply-heading" className="text-xl font-bold">
          How to apply
        </h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          E-mail your CV to{" "}
          <a href={mailtoHref(identity.supportEmail)} className={linkClass}>
            {identity.supportEmail}
          </a>{" "}
          with the job title as the subject (the &ldquo;Apply by e-mail&rdquo; button under each opening fills it in for
          you). Tell us where you are based and when you could join.
        </p>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          You can also call us on{" "}
          <a href={telHref(identity.supportPhone)} className={linkClass}>
            {phone}
          </a>{" "}
          or send a message on{" "}
          <a
            href={whatsappHref(identity.whatsappNumber, "Hello, I would like to apply for a job with you.")}
            rel="noopener"
            className={linkClass}
          >
            WhatsApp
          </a>
          .
        </p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          An online application form will be added together with our service request forms. Until then, e-mail and
          phone are the way to apply. How we handle your CV is explained in our{" "}
          <a href="/privacy" className={linkClass}>
            privacy notice
          </a>
          .
        </p>
      </section>
    </div>
  );
}
