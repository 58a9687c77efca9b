import { findEntry, findServiceByPath, renderMarkdown } from "~/.server/content/index.ts";
import { throwIfMoved } from "~/.server/content/revisions.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { Prose } from "~/components/prose.tsx";
import { formatRupeeRange } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/city-service";
import { TitledSection } from "~/components/titled-section.tsx";

/** The service-area hub page, the "Service area" crumb. */
const HUB = "hyderabad";

/** A meta description of at most about 160 characters, cut at a word. */
function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/** One catalogue service as delivered in one place, at /{city}/{service}, e.g. /pune/vfd-repair. */
export async function loader({ url, params }: Route.LoaderArgs) {
  const [place, cityService] = await Promise.all([
    findEntry("place", params.citySlug),
    findEntry("city-service", params.serviceSlug),
  ]);
  if (!place && cityService) await throwIfMoved("place", params.citySlug, (slug) => `/${slug}/${params.serviceSlug}`, url);
  if (!place || !cityService) return throwNotFound(url);
  const service = await findServiceByPath(cityService.data.servicePath);
  if (!service) return throwNotFound(url);

  const site = await getSiteSettings();
  const charges = site.charges.find((c) => c.category === service.category);
  const angle = cityService.data.angles[place.data.region];
  const title = `${service.name} in ${place.title}`;
  const path = `/${place.slug}/${cityService.slug}`;
  const placePath = `/service-area/${place.slug}`;
  const hubCrumb = { name: "Service area", path: `/service-area/${HUB}` };
  const trail = [
    hubCrumb,
    ...(place.slug === HUB ? [] : [{ name: place.title, path: placePath }]),
    { name: title, path },
  ];
  const firstParagraph = place.body.split(/\n\s*\n/)[0] ?? "";

  return {
    title,
    trail,
    place: {
      name: place.title,
      state: place.data.state,
      region: place.data.region,
      industrialAreas: place.data.industrialAreas,
      response: place.data.response,
      travel: place.data.travel,
      path: placePath,
    },
    service: {
      name: service.name,
      slug: service.slug,
      summary: service.summary,
      category: service.category,
      turnaround: service.turnaround,
      path: service.canonicalPath,
    },
    introHtml: renderMarkdown(firstParagraph),
    angle,
    charges: charges ? formatRupeeRange(charges.minRupees, charges.maxRupees) : undefined,
    meta: seo(site, {
      type: "services",
      title,
      description: clip(`${service.name} for plants in ${place.title}, ${place.data.state}. ${angle ?? service.summary}`),
      path,
      breadcrumbs: trail,
    }),
  };
}

export const meta = routeMeta;

export default function CityServicePage({ loaderData }: Route.ComponentProps) {
  const { title, trail, place, service, introHtml, angle, charges } = loaderData;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={trail} className="mt-4 max-w-3xl" eyebrow={<>{service.category} · {place.name}, {place.state}</>} title={title} summary={service.summary} contact={{ requestHref: `/request?service=${encodeURIComponent(service.slug)}`, whatsappText: `Hello, I need ${service.name} in ${place.name}. Please contact me.` }}>
        <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">Turnaround: </dt>
            <dd className="inline">{service.turnaround}</dd>
          </div>
          {charges && (
            <div>
              <dt className="inline font-semibold">Indicative charges: </dt>
              <dd className="inline">{charges} (quoted after inspection)</dd>
            </div>
          )}
        </dl>
      </PageHeading>

      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          {angle && (
            <TitledSection headingId="delivery-heading" headingClassName="text-2xl font-bold" title={<>How we deliver {service.name} in {place.name}</>}>
              <p className="mt-3 text-slate-700 dark:text-slate-300">{angle}</p>
              <p className="mt-3 text-slate-700 dark:text-slate-300">{place.response}</p>
            </TitledSection>
          )}
          <TitledSection headingId="place-heading" headingClassName="text-2xl font-bold" title={<>Industry in {place.name}</>}>
            <Prose html={introHtml} className="mt-3" />
            <p className="mt-4">
              <a href={place.path} className="font-medium text-brand-700 underline dark:text-sky-300">
                Our service in {place.name}: industries, response and travel
              </a>
            </p>
          </TitledSection>
          <TitledSection headingId="service-heading" headingClassName="text-2xl font-bold" title={<>About {service.name}</>}>
            <p className="mt-3 text-slate-700 dark:text-slate-300">
              The makes and series we repair, the faults we handle, what you get and answers to common questions are on
              the service&apos;s own page.
            </p>
            <p className="mt-4">
              <a href={service.path} className="font-medium text-brand-700 underline dark:text-sky-300">
                Full details of {service.name}: makes, faults and FAQs
              </a>
            </p>
          </TitledSection>
        </div>
        <aside className="space-y-5" aria-label={`${place.name} at a glance`}>
          <TitledSection headingId="areas-heading" className="rounded-lg border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-lg font-semibold" title="Industrial areas we cover">
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {place.industrialAreas.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </TitledSection>
          <TitledSection headingId="travel-heading" className="rounded-lg border border-slate-200 p-5 dark:border-slate-800" headingClassName="text-lg font-semibold" title="Getting there">
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{place.travel}</p>
          </TitledSection>
        </aside>
      </div>
    </article>
  );
}
