import { listServices } from "~/.server/content/index.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { formatRupeeRange } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { SERVICE_CATEGORIES } from "~/lib/settings-schema.ts";
import type { Route } from "./+types/services";

const CATEGORY_INTRO: Record<(typeof SERVICE_CATEGORIES)[number], string> = {
  Automation: "Drives, PLCs, HMIs, SCADA, CNC controls, maintenance contracts, training and automation engineers.",
  Electrical: "Motors, HT/LT and control panels, power factor, energy audits, safety audits, solar and lighting.",
  Mechanical: "Alignment, vibration analysis, gearbox and pump overhauls, and additive manufacturing.",
  Utility: "Transformers, DG sets, industrial UPS systems and compressed air.",
  Emergency: "Round-the-clock breakdown response for a stopped line.",
};

export async function loader() {
  const [site, services] = await Promise.all([getSiteSettings(), listServices()]);
  const categories = SERVICE_CATEGORIES.map((category) => ({
    category,
    intro: CATEGORY_INTRO[category],
    charges: site.charges.find((c) => c.category === category),
    services: services
      .filter((s) => s.category === category)
      .map((s) => ({ name: s.name, summary: s.summary, path: s.canonicalPath })),
  })).filter((c) => c.services.length > 0);
  return {
    categories,
    count: services.length,
    meta: seo(site, {
      type: "services",
      title: "Industrial Repair & Automation Services",
      description: `${services.length} services: VFD, servo and DC drive repair, PLC/SCADA/HMI, control panels, motors, energy audits, AMC, training and manpower, across India.`,
      path: "/services",
      breadcrumbs: [{ name: "Services", path: "/services" }],
    }),
  };
}

export const meta = routeMeta;

export default function Services({ loaderData }: Route.ComponentProps) {
  const { categories, count } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs trail={[{ name: "Services", path: "/services" }]} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Industrial repair and automation services</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        {count} services from our Hyderabad workshop and field teams. Charges shown are indicative ranges; every job is
        quoted after inspection, and nothing is repaired without your approval.
      </p>
      <nav aria-label="Service categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {categories.map((c) => (
            <li key={c.category}>
              <a
                href={`#${c.category.toLowerCase()}`}
                className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                {c.category} ({c.services.length})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {categories.map((c) => (
        <section key={c.category} id={c.category.toLowerCase()} aria-labelledby={`${c.category}-heading`} className="mt-12 scroll-mt-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`${c.category}-heading`} className="text-2xl font-bold">
              {c.category}
            </h2>
            {c.charges && (
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Indicative charges: {formatRupeeRange(c.charges.minRupees, c.charges.maxRupees)}
              </p>
            )}
          </div>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{c.intro}</p>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {c.services.map((s) => (
              <li key={s.path} className="flex flex-col rounded-lg border border-slate-200 p-5 dark:border-slate-800">
                <h3 className="text-lg font-semibold">
                  <a href={s.path} className="hover:underline">
                    {s.name}
                  </a>
                </h3>
                <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">{s.summary}</p>
                <a
                  href={s.path}
                  aria-label={`Learn more about ${s.name}`}
                  className="mt-4 text-sm font-semibold text-brand-700 underline dark:text-sky-300"
                >
                  Learn more
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
