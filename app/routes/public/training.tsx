import { listEntries } from "~/.server/content/index.ts";
import { postEnquiry } from "~/.server/enquiries/index.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { ContactActions } from "~/components/contact-actions.tsx";
import { whatsappHref } from "~/lib/contact-links.ts";
import { EnquiryForm } from "~/components/form/enquiry-form.tsx";
import { FormSection } from "~/components/form/form-section.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/training";

export async function loader() {
  const [site, courses] = await Promise.all([getSiteSettings(), listEntries("course")]);
  return {
    courses: courses.map((c) => ({
      slug: c.slug,
      title: c.title,
      durationDays: c.data.durationDays,
      mode: c.data.mode,
      audience: c.data.audience,
      prerequisites: c.data.prerequisites,
      syllabus: c.data.syllabus,
      outcomes: c.data.outcomes,
    })),
    meta: seo(site, {
      type: "services",
      title: "Industrial Automation Training",
      description:
        "Practical courses for maintenance teams: VFDs, Siemens and Allen-Bradley PLCs, HMI/SCADA, electrical safety and motor maintenance, in Hyderabad or at your plant.",
      path: "/training",
      breadcrumbs: [{ name: "Training", path: "/training" }],
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postEnquiry(request, clientAddress(context), ["training"]));
}

export const headers = formPageHeaders;

export const meta = routeMeta;

function days(n: number): string {
  return n === 1 ? "1 day" : `${n} days`;
}

export default function Training({ loaderData, actionData }: Route.ComponentProps) {
  const { courses } = loaderData;
  const { identity } = useSite();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Training", path: "/training" }]} />
      <header className="mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Industrial automation training</h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-300">
          Practical courses taught by the engineers who repair this equipment every day, in our classroom with training
          kits or at your plant on your own machines. Call or WhatsApp us to ask about dates, batch sizes and fees.
        </p>
        <div className="mt-6">
          <ContactActions
            identity={identity}
            requestHref="/contact"
            whatsappText="Hello, I would like to know about your training courses."
          />
        </div>
      </header>

      <nav aria-label="Courses" className="mt-8">
        <ul className="flex flex-wrap gap-2">
          {courses.map((c) => (
            <li key={c.slug}>
              <a
                href={`#${c.slug}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {courses.map((c) => (
        <section
          key={c.slug}
          id={c.slug}
          aria-labelledby={`${c.slug}-heading`}
          className="mt-10 scroll-mt-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
        >
          <h2 id={`${c.slug}-heading`} className="text-2xl font-bold">
            {c.title}
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="inline font-semibold">Duration: </dt>
              <dd className="inline">{days(c.durationDays)}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Mode: </dt>
              <dd className="inline">{c.mode}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="inline font-semibold">Who it is for: </dt>
              <dd className="inline">{c.audience}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="inline font-semibold">Prerequisites: </dt>
              <dd className="inline">{c.prerequisites}</dd>
            </div>
          </dl>
          <div className="mt-5 grid gap-6 md:grid-cols-3">
            <div className="md:col-span-2">
              <h3 className="font-semibold">Syllabus</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {c.syllabus.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3 className="font-semibold">What you will be able to do</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
                {c.outcomes.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </div>
          </div>
          <p className="mt-5">
            <a
              href={whatsappHref(identity.whatsappNumber, `Hello, I would like to know about the "${c.title}" course.`)}
              rel="noopener"
              className="font-medium text-brand-700 underline dark:text-sky-300"
            >
              Ask about this course on WhatsApp<span className="sr-only">: {c.title}</span>
            </a>
          </p>
        </section>
      ))}
      <FormSection id="enrol" title="Enrol for training" intro="Tell us the course and how many will attend; we confirm the dates and the fee.">
        <EnquiryForm form="training" action="/training#enrol" failure={actionData} options={{ subject: courses.map((c) => c.title) }} />
      </FormSection>
    </div>
  );
}
