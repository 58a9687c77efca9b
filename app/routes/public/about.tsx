import { findEntry, renderMarkdown } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { ContactActions } from "~/components/contact-actions.tsx";
import { Prose } from "~/components/prose.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/about";
import { TitledSection } from "~/components/titled-section.tsx";

export async function loader({ url }: Route.LoaderArgs) {
  const [site, entry] = await Promise.all([getSiteSettings(), findEntry("page", "about")]);
  if (!entry) return throwNotFound(url);
  return {
    page: { title: entry.title, summary: entry.summary },
    bodyHtml: renderMarkdown(entry.body),
    values: entry.data.values ?? [],
    industries: entry.data.industries ?? [],
    meta: seo(site, {
      type: "about",
      title: entry.title,
      description: entry.summary,
      path: "/about",
      breadcrumbs: [{ name: entry.title, path: "/about" }],
    }),
  };
}

export const meta = routeMeta;

export default function About({ loaderData }: Route.ComponentProps) {
  const { page, bodyHtml, values, industries } = loaderData;
  const { identity, claims } = useSite();
  const facts = [
    { value: String(claims.foundedYear), label: "Founded in Hyderabad" },
    { value: `${claims.yearsExperience}+`, label: "Years of experience" },
    { value: `${claims.happyClients.toLocaleString("en-IN")}+`, label: "Clients served" },
    { value: claims.isoCertification, label: "Certified quality management" },
    {
      value: `${claims.ratingValue} out of ${claims.ratingBest}`,
      label: `Rating from ${claims.ratingCount.toLocaleString("en-IN")} ratings`,
    },
  ];
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={[{ name: page.title, path: "/about" }]} className="mt-4 max-w-3xl" title={page.title} summary={page.summary} />

      <section aria-label="The company in figures" className="mt-8">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {facts.map((f) => (
            <div key={f.label} className="flex flex-col-reverse rounded-lg border border-slate-200 p-4 dark:border-slate-800">
              <dt className="mt-1 text-sm text-slate-700 dark:text-slate-300">{f.label}</dt>
              <dd className="text-2xl font-bold text-accent-600 dark:text-accent-400">{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <Prose html={bodyHtml} className="lg:col-span-2" />
        <aside className="space-y-8">
          {values.length > 0 && (
            <TitledSection headingId="values-heading" className="rounded-lg border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-xl font-bold" title="Our values">
              <ul className="mt-3 space-y-4">
                {values.map((v) => (
                  <li key={v.title}>
                    <h3 className="font-semibold">{v.title}</h3>
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{v.description}</p>
                  </li>
                ))}
              </ul>
            </TitledSection>
          )}
          {industries.length > 0 && (
            <TitledSection headingId="industries-heading" className="rounded-lg border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-xl font-bold" title="Industries we serve">
              <ul className="mt-3 flex flex-wrap gap-2">
                {industries.map((name) => (
                  <li
                    key={name}
                    className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 dark:border-slate-600 dark:text-slate-300"
                  >
                    {name}
                  </li>
                ))}
              </ul>
            </TitledSection>
          )}
        </aside>
      </div>

      <TitledSection headingId="work-with-us-heading" className="mt-12 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900" headingClassName="text-xl font-bold" title="Work with us">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Read about our{" "}
          <a href="/certifications" className="font-medium text-brand-700 underline dark:text-sky-300">
            {claims.isoCertification} certification
          </a>
          , our{" "}
          <a href="/training" className="font-medium text-brand-700 underline dark:text-sky-300">
            training courses
          </a>{" "}
          and{" "}
          <a href="/careers" className="font-medium text-brand-700 underline dark:text-sky-300">
            open positions
          </a>
          , or get in touch about a job.
        </p>
        <div className="mt-4">
          <ContactActions
            identity={identity}
            requestHref="/request"
            whatsappText="Hello, I would like to know more about your services. Please contact me."
          />
        </div>
      </TitledSection>
    </article>
  );
}
