import { listEntries, renderMarkdown } from "~/.server/content/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { ContactActions } from "~/components/contact-actions.tsx";
import { MailIcon } from "~/components/icons.tsx";
import { Prose } from "~/components/prose.tsx";
import { mailtoHref } from "~/lib/contact-links.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/future-services";
import { TitledSection } from "~/components/titled-section.tsx";

export async function loader() {
  const [site, topics] = await Promise.all([getSiteSettings(), listEntries("future-service")]);
  return {
    topics: topics.map((t) => ({
      slug: t.slug,
      title: t.title,
      summary: t.summary,
      status: t.data.status,
      bodyHtml: renderMarkdown(t.body),
    })),
    meta: seo(site, {
      type: "services",
      title: "Future Services: Predictive Maintenance, Cobots, IIoT and Industry 4.0",
      description:
        "Predictive maintenance, collaborative robots, cloud MES and IIoT, energy optimisation and Industry 4.0: what we offer today and what is in pilot.",
      path: "/future-services",
      breadcrumbs: [{ name: "Future Services", path: "/future-services" }],
    }),
  };
}

export const meta = routeMeta;

export default function FutureServices({ loaderData }: Route.ComponentProps) {
  const { topics } = loaderData;
  const { identity } = useSite();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={[{ name: "Future Services", path: "/future-services" }]} className="mt-4 max-w-3xl" title="Future Services" summary="The areas we are building on top of our repair and automation work. Each one says plainly what we offer today and what is still in pilot." />
      <nav aria-label="Future Services topics" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {topics.map((t) => (
            <li key={t.slug}>
              <a
                href={`#${t.slug}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {t.title}
              </a>
            </li>
          ))}
          <li>
            <a
              href="#contact"
              className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Talk to us
            </a>
          </li>
        </ul>
      </nav>

      {topics.map((t) => (
        <section key={t.slug} id={t.slug} aria-labelledby={`${t.slug}-heading`} className="mt-12 max-w-3xl scroll-mt-4">
          <h2 id={`${t.slug}-heading`} className="text-2xl font-bold">
            {t.title}
          </h2>
          <p className="mt-2 text-lg text-slate-700 dark:text-slate-300">{t.summary}</p>
          <Prose html={t.bodyHtml} className="mt-4" />
          <p className="mt-4 rounded-md border-l-4 border-accent-600 bg-slate-50 p-4 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
            <strong className="text-slate-900 dark:text-white">Status: </strong>
            {t.status}
          </p>
        </section>
      ))}

      <TitledSection id="contact" headingId="contact-heading" className="mt-16 max-w-3xl scroll-mt-4 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900" headingClassName="text-2xl font-bold" title="Talk to us about a project">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Tell us about the machines and the problem; an engineer will call back to discuss a survey or a pilot.
        </p>
        <div className="mt-4">
          <ContactActions
            identity={identity}
            requestHref="/request"
            whatsappText="Hello, I would like to discuss a Future Services project. Please contact me."
          />
        </div>
        <p className="mt-4 flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <MailIcon className="size-5 shrink-0" />
          <span>
            E-mail:{" "}
            <a href={mailtoHref(identity.supportEmail)} className="break-all font-medium text-brand-700 underline dark:text-sky-300">
              {identity.supportEmail}
            </a>
          </span>
        </p>
      </TitledSection>
    </div>
  );
}
