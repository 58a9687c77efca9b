import { ShieldCheckIcon } from "~/components/icons.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { ContactActions } from "~/components/contact-actions.tsx";
import { WHATSAPP_GREETING } from "~/lib/contact-links.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { useSite } from "~/lib/use-site.ts";

export async function loader() {
  const site = await getSiteSettings();
  return {
    meta: seo(site, {
      type: "home",
      title: "Industrial Drive, PLC & Panel Repair in Hyderabad",
      description:
        `VFD, servo and DC drive repair, PLC/SCADA/HMI programming, control panels and 24/7 breakdown support ` +
        `across India. ${site.claims.isoCertification} certified, ${site.promises.responseHoursMin}-` +
        `${site.promises.responseHoursMax} hour response, ${site.promises.warrantyMonths}-month repair warranty.`,
      path: "/",
    }),
  };
}

export const meta = routeMeta;

function claimsFor(site: SiteSettings) {
  const { claims, promises } = site;
  return [
    { value: `${claims.yearsExperience}+`, label: "years in industrial service" },
    { value: `${claims.happyClients}+`, label: "industries served" },
    { value: `${promises.responseHoursMin}-${promises.responseHoursMax} h`, label: "response to a breakdown" },
    { value: `${promises.repairHoursMin}-${promises.repairHoursMax} h`, label: "typical repair turnaround" },
    { value: `${claims.ratingValue} / ${claims.ratingBest}`, label: `from ${claims.ratingCount.toLocaleString("en-IN")} ratings` },
    { value: `${promises.warrantyMonths} months`, label: "warranty on repairs" },
  ];
}

export default function Home() {
  const site = useSite();
  const { identity, claims, promises } = site;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-100 dark:bg-slate-800 dark:text-sky-200 dark:ring-slate-700">
            <ShieldCheckIcon className="size-4" />
            {claims.isoCertification} certified · Open 24/7 for emergencies
          </p>
          <h1 className="mt-5 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            Industrial drive, PLC and control panel repair, on site across India
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            VFD, servo and DC drives, PLC, SCADA and HMI systems, CNC controls and panels, from our Hyderabad
            workshop since {claims.foundedYear}. A breakdown gets a response within {promises.responseHoursMin}-
            {promises.responseHoursMax} hours (under {promises.averageResponseHours} hours on average), and repairs
            carry a {promises.warrantyMonths}-month warranty.
          </p>
          <div className="mt-8">
            <ContactActions
              identity={identity}
              requestHref="/request"
              requestLabel="Request Service Now"
              whatsappText={WHATSAPP_GREETING}
            />
          </div>
          <a href="#why-us" className="mt-6 inline-block text-sm font-medium text-brand-700 underline dark:text-sky-300">
            Why plants call us first
          </a>
        </div>
      </section>

      <section aria-labelledby="why-us" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="why-us" className="text-2xl font-bold tracking-tight">
          Why plants call us first
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {claimsFor(site).map((c) => (
            <div key={c.label} className="flex flex-col rounded-lg border border-slate-200 p-4 dark:border-slate-800">
              <dt className="text-sm text-slate-700 dark:text-slate-300">{c.label}</dt>
              <dd className="order-first text-2xl font-bold text-brand-700 dark:text-sky-300">{c.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}
