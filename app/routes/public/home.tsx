import { Suspense } from "react";
import { redirect } from "react-router";
import { readSession } from "~/.server/auth/index.ts";
import { takeStoredReturn } from "~/.server/auth/oidc.ts";
import { listEntries, listServices, renderMarkdown, withSupportEmail } from "~/.server/content/index.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { postQuickRequest } from "~/.server/requests/forms.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { ContactActions } from "~/components/contact-actions.tsx";
import { DeferredSection } from "~/components/deferred-section.tsx";
import { Prerendered } from "~/components/prerendered.tsx";
import { FaqList } from "~/components/faq-list.tsx";
import { lazyWhenVisible } from "~/components/hydrate-when-visible.tsx";
import { BrandStrip } from "~/components/home/brand-strip.tsx";
import { ServiceCatalogue } from "~/components/home/service-catalogue.tsx";
import {
  BadgeCheckIcon,
  ClockIcon,
  CpuIcon,
  FactoryIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  ShieldCheckIcon,
  StarIcon,
  WrenchIcon,
} from "~/components/icons.tsx";
import { WhatsAppIcon } from "~/components/whatsapp-icon.tsx";
import { WHATSAPP_GREETING, formatIndianPhone, mailtoHref, telHref, whatsappHref } from "~/lib/contact-links.ts";
import { ROLES } from "~/lib/auth/roles.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import { SERVICE_CATEGORIES, type SiteSettings } from "~/lib/settings-schema.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/home";

/** How many FAQs the home page shows; the rest are on /faq. */
const HOME_FAQ_COUNT = 6;

export async function loader({ request, url }: Route.LoaderArgs) {
  // Spec section 2: back from the identity provider (code or state in the address) and signed in: on to
  // the stored return address, which is then forgotten. A server redirect replaces the history entry.
  if (url.searchParams.has("code") || url.searchParams.has("state")) {
    const session = await readSession(request);
    if (session) {
      const { path, clearCookie } = await takeStoredReturn(request, url);
      throw redirect(path ?? ROLES[session.role].landingPath, { headers: { "Set-Cookie": clearCookie, "Cache-Control": "private, no-store" } });
    }
  }
  const [site, services, futureServices, faqs, pages] = await Promise.all([
    getSiteSettings(),
    listServices(),
    listEntries("future-service"),
    listEntries("faq"),
    listEntries("page"),
  ]);
  const about = pages.find((p) => p.slug === "about");
  const certifications = pages.find((p) => p.slug === "certifications");
  const catalogue = services.map((s) => ({ name: s.name, slug: s.slug, category: s.category, summary: s.summary }));
  const categories = SERVICE_CATEGORIES.map((name) => ({
    name,
    slug: name.toLowerCase(),
    count: catalogue.filter((s) => s.category === name).length,
  })).filter((c) => c.count > 0);
  // Without JavaScript the catalogue search arrives as ?service= and a category chip as ?category=; the server
  // filters the same way the page does. A search looks through every category.
  const query = url.searchParams.get("service")?.slice(0, 100) ?? "";
  const wanted = url.searchParams.get("category")?.toLowerCase();
  const category = (query.trim() === "" && categories.find((c) => c.slug === wanted)?.slug) || "";
  return {
    catalogue,
    categories,
    query,
    category,
    futureServices: futureServices.map((f) => ({ slug: f.slug, title: f.title })),
    industries: about?.data.industries ?? [],
    certification: { standard: certifications?.data.standard ?? site.claims.isoCertification, summary: certifications?.summary ?? "" },
    faqs: faqs.slice(0, HOME_FAQ_COUNT).map((f) => ({
      question: f.title,
      answerHtml: renderMarkdown(withSupportEmail(f.body, site)),
    })),
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

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postQuickRequest(request, clientAddress(context)));
}

export const headers = formPageHeaders;

export const meta = routeMeta;

// The quotation form is the last section: its code loads when the visitor scrolls near it.
const QuickRequestForm = lazyWhenVisible("quote", () => import("~/components/form/quick-request-form.tsx").then((m) => m.QuickRequestForm));

function claimsFor(site: SiteSettings) {
  const { claims, promises } = site;
  return [
    { value: `${claims.yearsExperience}+`, label: "years in industrial service" },
    { value: `${claims.industriesServed}+`, label: "industries served" },
    { value: `${promises.responseHoursMin}-${promises.responseHoursMax} h`, label: "response to a breakdown" },
    { value: `${promises.repairHoursMin}-${promises.repairHoursMax} h`, label: "typical repair turnaround" },
    { value: `${claims.servicesOffered}+`, label: "services" },
    { value: `${promises.warrantyMonths} months`, label: "warranty on repairs" },
  ];
}

// inline-block with padding: a link alone in its paragraph is a touch target of at least 24 px (WCAG 2.5.8).
const linkClass = "inline-block py-1 font-semibold text-brand-700 underline dark:text-sky-300";

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { identity, claims, promises, business } = site;
  const { catalogue, categories, query, category, futureServices, industries, certification, faqs } = loaderData;
  const a = identity.address;
  const features = [
    {
      icon: CpuIcon,
      title: "Component-level repair",
      text: "Drives, PLCs and HMIs are repaired to the failed component on our Hyderabad bench, not swapped, and tested under load before they leave.",
    },
    {
      icon: ClockIcon,
      title: "Breakdown response around the clock",
      text: `${business.openingHours}. An engineer responds within ${promises.responseHoursMin}-${promises.responseHoursMax} hours, in under ${promises.averageResponseHours} hours on average.`,
    },
    {
      icon: WrenchIcon,
      title: "Every make, old and new",
      text: "ABB, Siemens, Allen-Bradley, Schneider, Delta, Yaskawa, Mitsubishi, Omron, Fanuc and more, including obsolete series kept running when spares are scarce.",
    },
    {
      icon: ShieldCheckIcon,
      title: `${promises.warrantyMonths}-month warranty`,
      text: `Repairs carry a ${promises.warrantyMonths}-month warranty, and you approve a written quotation before any work starts.`,
    },
  ];
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
        </div>
      </section>

      <BrandStrip />

      <section id="services" aria-labelledby="services-heading" className="mx-auto max-w-7xl scroll-mt-4 px-4 py-12">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="services-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Our services
          </h2>
          <a href="/services" className={linkClass}>
            All {catalogue.length} services by category
          </a>
        </div>
        <ServiceCatalogue
          services={catalogue}
          categories={categories}
          initialQuery={query}
          initialCategory={category}
          phone={identity.supportPhone}
        />
      </section>

      {/*
        From Future Services to Contact: content and settings only, the same for every visitor until either
        changes, so rendered once (ADR 072). display: contents keeps the sections the page's own children.
      */}
      <Prerendered
        as="div"
        id="home-sections"
        className="contents"
        inputs={JSON.stringify([site, futureServices, industries, certification, faqs])}
      >
        {() => (
          <>
            <DeferredSection id="future-heading" size={[33, 22, 22]} heading="Future Services" className="bg-brand-800 text-white dark:bg-slate-900">
              <p className="mt-3 max-w-3xl text-brand-100 dark:text-slate-300">
                What we are building on top of our repair and automation work, with what is offered today and what is still
                in pilot:
              </p>
              <ul className="mt-5 flex flex-wrap gap-2">
                {futureServices.map((f) => (
                  <li key={f.slug}>
                    <a
                      href={`/future-services#${f.slug}`}
                      className="inline-block rounded-full bg-white/10 px-4 py-2 font-medium text-white ring-1 ring-white/30 hover:bg-white/20"
                    >
                      {f.title}
                    </a>
                  </li>
                ))}
              </ul>
              <a href="/future-services" className="mt-6 inline-block font-semibold text-white underline">
                Explore Future Services
              </a>
            </DeferredSection>

            <DeferredSection id="why-us" size={[85, 53, 36]} heading="Why plants call us first">
              <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
                {claimsFor(site).map((c) => (
                  <div key={c.label} className="flex flex-col rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                    <dt className="text-sm text-slate-700 dark:text-slate-300">{c.label}</dt>
                    <dd className="order-first text-2xl font-bold text-brand-700 dark:text-sky-300">{c.value}</dd>
                  </div>
                ))}
              </dl>
              <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
                {features.map((f) => (
                  <li key={f.title}>
                    <f.icon className="size-8 text-accent-600 dark:text-accent-400" />
                    <h3 className="mt-3 text-lg font-semibold">{f.title}</h3>
                    <p className="mt-1 text-slate-700 dark:text-slate-300">{f.text}</p>
                  </li>
                ))}
              </ul>
            </DeferredSection>

            <DeferredSection id="clients-heading" size={[56, 42, 33]} heading="Industries we work for" className="bg-slate-50 dark:bg-slate-900">
              <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">
                Trusted by {claims.happyClients}+ clients: plants that run continuous or high-utilisation lines, where an hour
                of downtime matters.
              </p>
              <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                {industries.map((industry) => (
                  <li
                    key={industry}
                    className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 font-medium dark:border-slate-700 dark:bg-slate-950"
                  >
                    <FactoryIcon className="size-6 shrink-0 text-brand-700 dark:text-sky-300" />
                    {industry}
                  </li>
                ))}
              </ul>
              <p className="mt-6">
                <a href="/projects" className={linkClass}>
                  See our projects and case studies
                </a>
              </p>
            </DeferredSection>

            <DeferredSection id="reviews-heading" size={[18, 16, 16]} heading="What our customers say">
              <div className="mt-5 flex flex-wrap items-center gap-4">
                <p className="text-5xl font-extrabold text-slate-900 dark:text-white">{claims.ratingValue}</p>
                <div>
                  <p className="flex" role="img" aria-label={`Rated ${claims.ratingValue} out of ${claims.ratingBest}`}>
                    {Array.from({ length: claims.ratingBest }, (_, i) => (
                      <StarIcon
                        key={i}
                        className={`size-6 ${i < Math.round(claims.ratingValue) ? "fill-amber-400 text-amber-500" : "text-slate-400"}`}
                      />
                    ))}
                  </p>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">
                    out of {claims.ratingBest}, from {claims.ratingCount.toLocaleString("en-IN")} ratings
                  </p>
                </div>
              </div>
              <p className="mt-5">
                <a href="/reviews" className={linkClass}>
                  Read customer reviews, or write one
                </a>
              </p>
            </DeferredSection>

            <DeferredSection id="certifications-heading" size={[26, 19, 18]} heading="Certifications" className="bg-slate-50 dark:bg-slate-900">
              <div className="mt-5 flex items-start gap-4">
                <BadgeCheckIcon className="size-12 shrink-0 text-brand-700 dark:text-sky-300" />
                <div>
                  <p className="text-xl font-bold">{certification.standard} certified</p>
                  <p className="mt-1 max-w-3xl text-slate-700 dark:text-slate-300">{certification.summary}</p>
                  <a href="/certifications" className={`${linkClass} mt-3`}>
                    About our certification
                  </a>
                </div>
              </div>
            </DeferredSection>

            <DeferredSection id="faq-heading" size={[48, 37, 34]} heading="Frequently asked questions">
              <div className="max-w-3xl">
                <FaqList items={faqs} />
                <p className="mt-4">
                  <a href="/faq" className={linkClass}>
                    All questions and answers
                  </a>
                </p>
              </div>
            </DeferredSection>

            <DeferredSection id="contact-heading" size={[31, 28, 17]} heading="Contact us" className="bg-slate-50 dark:bg-slate-900">
              <div className="mt-5 grid gap-6 md:grid-cols-3">
                <p className="flex items-start gap-2">
                  <MapPinIcon className="mt-1 size-5 shrink-0 text-brand-700 dark:text-sky-300" />
                  <span>
                    <span className="font-semibold">{identity.legalName}</span>
                    <br />
                    {a.streetAddress.includes(a.locality) ? a.streetAddress : `${a.streetAddress}, ${a.locality}`}
                    <br />
                    {a.city}, {a.state} {a.postalCode}
                  </span>
                </p>
                <ul className="space-y-2">
                  <li className="flex items-center gap-2">
                    <PhoneIcon className="size-5 shrink-0 text-brand-700 dark:text-sky-300" />
                    <a href={telHref(identity.supportPhone)} className={linkClass}>
                      {formatIndianPhone(identity.supportPhone)}
                    </a>
                  </li>
                  <li className="flex items-center gap-2">
                    <WhatsAppIcon className="size-5 shrink-0 text-green-700 dark:text-green-400" />
                    <a href={whatsappHref(identity.whatsappNumber, WHATSAPP_GREETING)} rel="noopener" className={linkClass}>
                      WhatsApp {formatIndianPhone(identity.whatsappNumber)}
                    </a>
                  </li>
                  <li className="flex items-center gap-2">
                    <MailIcon className="size-5 shrink-0 text-brand-700 dark:text-sky-300" />
                    <a href={mailtoHref(identity.supportEmail)} className={`${linkClass} break-all`}>
                      {identity.supportEmail}
                    </a>
                  </li>
                </ul>
                <p className="flex items-start gap-2">
                  <ClockIcon className="mt-1 size-5 shrink-0 text-brand-700 dark:text-sky-300" />
                  <span>
                    <span className="font-semibold">{business.openingHours}</span>
                    <br />
                    <a href="/contact" className={linkClass}>
                      Directions and all the ways to reach us
                    </a>
                  </span>
                </p>
              </div>
            </DeferredSection>

          </>
        )}
      </Prerendered>

      <DeferredSection id="quote-heading" size={[75, 54, 42]} heading="Need a quotation?" className="bg-accent-600 text-white dark:bg-orange-950">
        <div className="mt-4 grid gap-8 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <p className="text-lg">
              Tell us the equipment and the fault. We reply with an inspection plan and an indicative charge, and
              nothing is repaired without your written approval.
            </p>
            <p className="mt-4">
              For a breakdown, photos or a detailed job,{" "}
              <a href="/request" className="font-semibold underline">
                use the full service request form
              </a>{" "}
              or call{" "}
              <a href={telHref(identity.supportPhone)} className="font-semibold underline">
                {formatIndianPhone(identity.supportPhone)}
              </a>
              .
            </p>
          </div>
          <div id="quote" className="scroll-mt-4 rounded-lg bg-white p-5 text-slate-900 lg:col-span-3 dark:bg-slate-950 dark:text-slate-100">
            <Suspense fallback={null}>
              <QuickRequestForm action="/?index#quote" failure={actionData} />
            </Suspense>
          </div>
        </div>
      </DeferredSection>
    </>
  );
}
