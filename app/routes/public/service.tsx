import { Suspense } from "react";
import { redirect } from "react-router";
import { articlesAbout, findServiceByPath, listEntries, renderMarkdown } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { lazyWhenVisible } from "~/components/hydrate-when-visible.tsx";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { postQuickRequest } from "~/.server/requests/forms.ts";
import { FaqList } from "~/components/faq-list.tsx";
import { Prose } from "~/components/prose.tsx";
import { formatRupeeRange } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/service";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * One service, at /services/{slug} (fixed pages, the search index's and footer's slugs) or /service/{slug}
 * (every catalogue name, spec slug rule). A service has one canonical address; the others redirect to it.
 */
// Loaded, as on the home page, when the form nears the screen (the server renders it in full): the module is
// then imported one way only, dynamically, and gets a chunk of its own in both builds.
const QuickRequestForm = lazyWhenVisible("quote", () => import("~/components/form/quick-request-form.tsx").then((m) => m.QuickRequestForm));

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postQuickRequest(request, clientAddress(context)));
}

export async function loader({ url }: Route.LoaderArgs) {
  const { pathname } = url;
  const service = await findServiceByPath(pathname);
  if (!service) return throwNotFound(url);
  if (service.canonicalPath !== pathname) throw redirect(service.canonicalPath, 301);

  const [site, related, places] = await Promise.all([getSiteSettings(), articlesAbout(service), service.cities.length ? listEntries("place") : []]);
  // The service's own indicative band (/admin/services), else its category's (the settings).
  const category = site.charges.find((c) => c.category === service.category);
  const band = service.band ? { min: service.band.minPaise / 100, max: service.band.maxPaise / 100 } : category ? { min: category.minRupees, max: category.maxRupees } : undefined;
  const offeredIn = places.filter((p) => service.cities.includes(p.slug)).map((p) => ({ name: p.title, path: `/service-area/${p.slug}` }));
  return {
    service: {
      name: service.name,
      slug: service.slug,
      summary: service.summary,
      category: service.category,
      brands: service.brands,
      faults: service.faults,
      deliverables: service.deliverables,
      turnaround: service.turnaround,
      faqs: service.faqs.map((f) => ({ question: f.question, answerHtml: renderMarkdown(f.answer) })),
      path: service.canonicalPath,
    },
    bodyHtml: renderMarkdown(service.body),
    charges: band ? formatRupeeRange(band.min, band.max) : undefined,
    offeredIn,
    related: related.map((a) => ({ title: a.title, path: a.path })),
    meta: seo(site, {
      type: "services",
      title: service.name,
      description: service.summary,
      path: service.canonicalPath,
      breadcrumbs: [
        { name: "Services", path: "/services" },
        { name: service.name, path: service.canonicalPath },
      ],
    }),
  };
}

export const headers = formPageHeaders;

export const meta = routeMeta;

function ListSection({ title, items }: { title: string; items: string[] }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { service, bodyHtml, charges, offeredIn, related } = loaderData;
  const { promises } = useSite();
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={[
          { name: "Services", path: "/services" },
          { name: service.name, path: service.path },
        ]} className="mt-4 max-w-3xl" eyebrow={service.category} title={service.name} summary={service.summary} contact={{ requestHref: `/request?service=${encodeURIComponent(service.slug)}`, whatsappText: `Hello, I need ${service.name}. Please contact me.` }}>
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">Turnaround: </dt>
            <dd className="inline">{service.turnaround}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Response: </dt>
            <dd className="inline">
              {promises.responseHoursMin}-{promises.responseHoursMax} hours, 24/7
            </dd>
          </div>
          {charges && (
            <div>
              <dt className="inline font-semibold">Indicative charges: </dt>
              <dd className="inline">{charges} (quoted after inspection)</dd>
            </div>
          )}
          {offeredIn.length > 0 && (
            <div>
              <dt className="inline font-semibold">Offered in: </dt>
              <dd className="inline">
                {offeredIn.map((p, i) => (
                  <span key={p.path}>
                    {i > 0 && ", "}
                    <a href={p.path} className="text-brand-700 underline dark:text-sky-300">
                      {p.name}
                    </a>
                  </span>
                ))}
              </dd>
            </div>
          )}
          <div>
            <dt className="inline font-semibold">Warranty on repairs: </dt>
            <dd className="inline">{promises.warrantyMonths} months</dd>
          </div>
        </dl>
      </PageHeading>

      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <Prose html={bodyHtml} className="lg:col-span-2" />
        <aside className="space-y-5">
          <ListSection title="Makes and series" items={service.brands} />
          <ListSection title="Faults we handle" items={service.faults} />
          <ListSection title="What you get" items={service.deliverables} />
        </aside>
      </div>

      {service.faqs.length > 0 && (
        <TitledSection headingId="faq-heading" className="mt-12 max-w-3xl" headingClassName="text-2xl font-bold" title={<>Questions about {service.name}</>}>
          <FaqList items={service.faqs} />
        </TitledSection>
      )}

      <TitledSection id="quote" headingId="quote-heading" className="mt-12 max-w-3xl scroll-mt-4 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900" headingClassName="text-2xl font-bold" title="Ask for a quotation">
        <p className="mt-2 mb-5 text-slate-700 dark:text-slate-300">
          Five fields, and an engineer calls you back within {promises.responseHoursMin}-{promises.responseHoursMax} hours.
        </p>
        <Suspense fallback={null}>
          <QuickRequestForm action={`${service.path}#quote`} service={service.slug} failure={actionData} />
        </Suspense>
      </TitledSection>

      {related.length > 0 && (
        <TitledSection headingId="related-heading" className="mt-12" headingClassName="text-2xl font-bold" title="Guides from our engineers">
          <ul className="mt-4 space-y-2">
            {related.map((a) => (
              <li key={a.path}>
                <a href={a.path} className="font-medium text-brand-700 underline dark:text-sky-300">
                  {a.title}
                </a>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}
    </article>
  );
}
