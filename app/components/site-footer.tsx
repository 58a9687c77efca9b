import { ClockIcon, MailIcon, MapPinIcon, MessageCircleIcon, PhoneIcon } from "./icons.tsx";
import { formatIndianPhone, mailtoHref, telHref, WHATSAPP_GREETING, whatsappHref } from "~/lib/contact-links.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import {
  footerCompanyLinks,
  footerLegalLinks,
  footerServiceLinks,
  primaryNav,
  signInLinks,
  type SiteLink,
} from "~/lib/site-links.ts";
import { Prerendered } from "./prerendered.tsx";
import { VisitorFigures } from "./visitor-figures.tsx";
import { Wordmark } from "./wordmark.tsx";

function LinkColumn({ title, links }: { title: string; links: SiteLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      <ul className="mt-3 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <a
              href={link.to}
              className="inline-block py-1 text-sm text-slate-700 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-white"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const resourceLinks: SiteLink[] = primaryNav.filter((l) =>
  ["/services", "/future-services", "/products", "/power-electronics", "/technical-data", "/discussion"].includes(l.to),
);

export function SiteFooter({ site }: { site: SiteSettings }) {
  const { identity, business, claims } = site;
  const a = identity.address;
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      {/* The same for every page and visitor until the settings change: rendered once (ADR 072). */}
      <Prerendered
        as="div"
        id="site-footer-columns"
        className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-5"
        inputs={JSON.stringify([identity, business.openingHours, claims.foundedYear])}
      >
        {() => (
          <>
            <div className="col-span-2 lg:col-span-1">
              <Wordmark identity={identity} />
              <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
                Industrial electrical and automation service since {claims.foundedYear}: drive, PLC, HMI and CNC repair,
                control panels, breakdown support and maintenance contracts across India.
              </p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700 dark:text-slate-300">
                <li className="flex gap-2">
                  <PhoneIcon className="mt-0.5 size-4 shrink-0" />
                  <a href={telHref(identity.supportPhone)} className="hover:underline">
                    <span className="sr-only">Phone: </span>
                    {formatIndianPhone(identity.supportPhone)}
                  </a>
                </li>
                <li className="flex gap-2">
                  <MessageCircleIcon className="mt-0.5 size-4 shrink-0" />
                  <a href={whatsappHref(identity.whatsappNumber, WHATSAPP_GREETING)} className="hover:underline" rel="noopener">
                    WhatsApp {formatIndianPhone(identity.whatsappNumber)}
                  </a>
                </li>
                <li className="flex gap-2">
                  <MailIcon className="mt-0.5 size-4 shrink-0" />
                  <a href={mailtoHref(identity.supportEmail)} className="break-all hover:underline">
                    <span className="sr-only">E-mail: </span>
                    {identity.supportEmail}
                  </a>
                </li>
                <li className="flex gap-2">
                  <MapPinIcon className="mt-0.5 size-4 shrink-0" />
                  <address className="not-italic">
                    {a.streetAddress}, {a.city}, {a.state} {a.postalCode}
                  </address>
                </li>
                <li className="flex gap-2">
                  <ClockIcon className="mt-0.5 size-4 shrink-0" />
                  {business.openingHours}
                </li>
              </ul>
            </div>
            <LinkColumn title="Services" links={footerServiceLinks} />
            <LinkColumn title="Resources" links={resourceLinks} />
            <LinkColumn title="Company" links={footerCompanyLinks} />
            <LinkColumn title="Portals" links={signInLinks} />
          </>
        )}
      </Prerendered>
      <div className="border-t border-slate-200 dark:border-slate-800">
        {/* pb-20: at the page's end, room for the chat launcher and the call and WhatsApp buttons. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pt-6 pb-20 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between dark:text-slate-300">
          <p>
            © {new Date().getFullYear()} {identity.legalName}. {claims.isoCertification} certified. GSTIN {business.gstin}.
          </p>
          <VisitorFigures />
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {footerLegalLinks.map((link) => (
              <li key={link.to}>
                <a href={link.to} className="hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/sitemap.xml" className="hover:underline">
                Sitemap
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
