import { findEntry, findServiceByPath, listEntries, renderMarkdown } from "~/.server/content/index.ts";
import { throwIfMoved } from "~/.server/content/revisions.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { Prose } from "~/components/prose.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/service-area";
import { TitledSection } from "~/components/titled-section.tsx";

/** The service-area hub: Hyderabad, where the workshop is; its page lists every other place. */
const HUB = "hyderabad";
const BELT = "Hyderabad industrial belt";
const REGION_ORDER = ["Telangana", "Andhra Pradesh", "Major industrial hub"] as const;

/** "Service area > Pune"; the hub's own page is the "Service area" crumb itself. */
function placeTrail(slug: string, name: string) {
  const hub = { name: "Service area", path: `/service-area/${HUB}` };
  return slug === HUB ? [hub] : [hub, { name, path: `/service-area/${slug}` }];
}

export async function loader({ url, params }: Route.LoaderArgs) {
  const place = await findEntry("place", params.city);
  if (!place) {
    await throwIfMoved("place", params.city, (slug) => `/service-area/${slug}`, url);
    return throwNotFound(url);
  }

  const [site, cityServices, places] = await Promise.all([
    getSiteSettings(),
    listEntries("city-service"),
    params.city === HUB ? listEntries("place") : Promise.resolve([]),
  ]);
  const services = (
    await Promise.all(
      cityServices.map(async (cs) => {
        const service = await findServiceByPath(cs.data.servicePath);
        return service ? { name: `${service.name} in ${place.title}`, path: `/${place.slug}/${cs.slug}` } : undefined;
      }),
    )
  ).filter((s) => s !== undefined);

  const link = (p: (typeof places)[number]) => ({ name: p.title, state: p.data.state, path: `/service-area/${p.slug}` });
  const belt = places.filter((p) => p.data.region === BELT && p.slug !== HUB).map(link);
  const regions = REGION_ORDER.map((region) => ({
    region,
    places: places.filter((p) => p.data.region === region).map(link),
  })).filter((r) => r.places.length > 0);

  const path = `/service-area/${place.slug}`;
  const trail = placeTrail(place.slug, place.title);
  return {
    place: {
      slug: place.slug,
      name: place.title,
      state: place.data.state,
      region: place.data.region,
      industrialAreas: place.data.industrialAreas,
      industries: place.data.industries,
      response: place.data.response,
      travel: place.data.travel,
      path,
    },
    trail,
    introHtml: renderMarkdown(place.body),
    services,
    belt,
    regions,
    meta: seo(site, {
      type: "services",
      title: `Industrial Repair & Automation Service in ${place.title}, ${place.data.state}`,
      description: `Drive, PLC, motor and panel repair for plants in ${place.title}, ${place.data.state}. ${place.data.response}`,
      path,
      breadcrumbs: trail,
    }),
  };
}

export const meta = routeMeta;

function ListSection({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function PlaceLinks({ places }: { places: Array<{ name: string; state: string; path: string }> }) {
  return (
    <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      {places.map((p) => (
        <li key={p.path}>
          <a href={p.path} className="font-medium text-brand-700 underline dark:text-sky-300">
            {p.name}
          </a>
          <span className="text-sm text-slate-700 dark:text-slate-300">, {p.state}</span>
        </li>
      ))}
    </ul>
  );
}

export default function ServiceAreaPage({ loaderData }: Route.ComponentProps) {
  const { place, trail, introHtml, services, belt, regions } = loaderData;
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading trail={trail} className="mt-4 max-w-3xl" eyebrow={<>Service area · {place.region}</>} title={<>Industrial repair and automation service in {place.name}, {place.state}</>} contact={{ requestHref: "/request", whatsappText: `Hello, I need an engineer for my plant in ${place.name}. Please contact me.` }} />

      <div className="mt-10 grid gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Prose html={introHtml} />
          <TitledSection headingId="response-heading" className="mt-10" headingClassName="text-2xl font-bold" title={<>How we respond in {place.name}</>}>
            <p className="mt-3 text-slate-700 dark:text-slate-300">{place.response}</p>
            <h3 className="mt-6 text-lg font-semibold">Getting there</h3>
            <p className="mt-2 text-slate-700 dark:text-slate-300">{place.travel}</p>
          </TitledSection>
        </div>
        <aside className="space-y-5" aria-label={`${place.name} at a glance`}>
          <ListSection id="areas-heading" title="Industrial areas we cover" items={place.industrialAreas} />
          <ListSection id="industries-heading" title="Industries we serve" items={place.industries} />
        </aside>
      </div>

      {services.length > 0 && (
        <TitledSection headingId="services-heading" className="mt-12" headingClassName="text-2xl font-bold" title={<>Services in {place.name}</>}>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {services.map((s) => (
              <li key={s.path} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <a href={s.path} className="font-medium text-brand-700 underline dark:text-sky-300">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </TitledSection>
      )}

      {belt.length > 0 && (
        <TitledSection headingId="belt-heading" className="mt-12" headingClassName="text-2xl font-bold" title="Hyderabad industrial belts">
          <p className="mt-1 text-slate-700 dark:text-slate-300">Estates within 2-4 hours of our Balanagar workshop.</p>
          <PlaceLinks places={belt} />
        </TitledSection>
      )}

      {regions.length > 0 && (
        <TitledSection headingId="regions-heading" className="mt-12" headingClassName="text-2xl font-bold" title="Other places we serve">
          {regions.map((r) => (
            <section
              key={r.region}
              aria-labelledby={`region-${r.region.toLowerCase().replace(/\W+/g, "-")}`}
              className="mt-6"
            >
              <h3 id={`region-${r.region.toLowerCase().replace(/\W+/g, "-")}`} className="text-lg font-semibold">
                {r.region === "Major industrial hub" ? "Major industrial hubs" : r.region}
              </h3>
              <PlaceLinks places={r.places} />
            </section>
          ))}
        </TitledSection>
      )}
    </article>
  );
}
