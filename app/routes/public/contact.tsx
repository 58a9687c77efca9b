import { postEnquiry } from "~/.server/enquiries/index.ts";
import { clientAddress, respond } from "~/.server/forms/index.ts";
import { formPageHeaders } from "~/.server/http/cache.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { PageHeading } from "~/components/page-heading.tsx";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "~/components/icons.tsx";
import { WhatsAppIcon } from "~/components/whatsapp-icon.tsx";
import { WHATSAPP_GREETING, formatIndianPhone, mailtoHref, telHref, whatsappHref } from "~/lib/contact-links.ts";
import { EnquiryForm } from "~/components/form/enquiry-form.tsx";
import { FormSection } from "~/components/form/form-section.tsx";
import { routeMeta } from "~/lib/route-meta.ts";
import { useSite } from "~/lib/use-site.ts";
import type { Route } from "./+types/contact";
import { TitledSection } from "~/components/titled-section.tsx";

export async function loader() {
  const site = await getSiteSettings();
  const { identity, business, promises } = site;
  return {
    meta: seo(site, {
      type: "contact",
      title: "Contact Us",
      description:
        `Call, WhatsApp or e-mail ${identity.legalName}, ${identity.address.locality}, ${identity.address.city}. ` +
        `${business.openingHours}; response within ${promises.responseHoursMin}-${promises.responseHoursMax} hours.`,
      path: "/contact",
      breadcrumbs: [{ name: "Contact", path: "/contact" }],
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return respond(await postEnquiry(request, clientAddress(context), ["contact", "callback"]));
}

export const headers = formPageHeaders;

export const meta = routeMeta;

const linkClass = "font-medium text-brand-700 underline dark:text-sky-300";
const cardClass = "rounded-lg border border-slate-200 p-5 dark:border-slate-800";

export default function Contact({ actionData }: Route.ComponentProps) {
  const { identity, business, promises } = useSite();
  const a = identity.address;
  const phone = formatIndianPhone(identity.supportPhone);
  const whatsapp = formatIndianPhone(identity.whatsappNumber);
  const street = a.streetAddress.includes(a.locality) ? a.streetAddress : `${a.streetAddress}, ${a.locality}`;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageHeading trail={[{ name: "Contact", path: "/contact" }]} className="mt-4 max-w-3xl" title="Contact us" summary="A machine down? Call us now: the line is answered around the clock. For everything else, message us on WhatsApp, e-mail us or raise a service request." contact={{ requestHref: "/request", whatsappText: WHATSAPP_GREETING }} />

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <TitledSection headingId="reach-heading" className={cardClass} headingClassName="text-xl font-bold" title="Phone, WhatsApp and e-mail">
          <ul className="mt-3 space-y-3">
            <li className="flex items-start gap-2">
              <PhoneIcon className="mt-1 size-5 shrink-0 text-brand-700 dark:text-sky-300" />
              <span>
                <span className="font-semibold">Phone: </span>
                <a href={telHref(identity.supportPhone)} className={linkClass}>
                  {phone}
                </a>
              </span>
            </li>
            <li className="flex items-start gap-2">
              <WhatsAppIcon className="mt-1 size-5 shrink-0 text-green-700 dark:text-green-400" />
              <span>
                <span className="font-semibold">WhatsApp: </span>
                <a href={whatsappHref(identity.whatsappNumber, WHATSAPP_GREETING)} rel="noopener" className={linkClass}>
                  {whatsapp}
                </a>
              </span>
            </li>
            <li className="flex items-start gap-2">
              <MailIcon className="mt-1 size-5 shrink-0 text-brand-700 dark:text-sky-300" />
              <span>
                <span className="font-semibold">E-mail: </span>
                <a href={mailtoHref(identity.supportEmail)} className={`${linkClass} break-all`}>
                  {identity.supportEmail}
                </a>
              </span>
            </li>
          </ul>
        </TitledSection>

        <TitledSection headingId="hours-heading" className={cardClass} headingClassName="text-xl font-bold" title="Hours and response">
          <p className="mt-3 flex items-start gap-2">
            <ClockIcon className="mt-1 size-5 shrink-0 text-brand-700 dark:text-sky-300" />
            <span className="font-semibold">{business.openingHours}</span>
          </p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
            <li>
              An engineer responds within {promises.responseHoursMin}-{promises.responseHoursMax} hours of your call,
              usually in under {promises.averageResponseHours} hours.
            </li>
            <li>
              Most workshop repairs are completed within {promises.repairHoursMin}-{promises.repairHoursMax} hours.
            </li>
            <li>Every repair carries a {promises.warrantyMonths}-month warranty.</li>
          </ul>
        </TitledSection>

        <TitledSection headingId="address-heading" className={cardClass} headingClassName="text-xl font-bold" title="Workshop and office">
          <div className="mt-3 flex items-start gap-2">
            <MapPinIcon className="mt-1 size-5 shrink-0 text-brand-700 dark:text-sky-300" />
            <address className="not-italic">
              <span className="font-semibold">{identity.legalName}</span>
              <br />
              {street}
              <br />
              {a.city}, {a.state} {a.postalCode}
              <br />
              {a.country}
            </address>
          </div>
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            <span className="font-semibold">GSTIN: </span>
            <span className="font-mono">{business.gstin}</span>
          </p>
        </TitledSection>

        <TitledSection headingId="directions-heading" className={cardClass} headingClassName="text-xl font-bold" title="How to reach the workshop">
          <p className="mt-3 text-slate-700 dark:text-slate-300">
            {a.locality} is in the industrial area of {a.city}. Our workshop is at {street}, {a.city}, {a.state}{" "}
            {a.postalCode}.
          </p>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            Please{" "}
            <a href={telHref(identity.supportPhone)} className={linkClass}>
              call us
            </a>{" "}
            before you bring a unit in, so that an engineer is ready to receive it.
          </p>
        </TitledSection>
      </div>

      <TitledSection id="contact-form-note" headingId="contact-form-note-heading" className="mt-10 rounded-lg border border-orange-200 bg-orange-50 p-6 dark:border-orange-900 dark:bg-slate-900" headingClassName="text-xl font-bold" title="Need a repair or an engineer?">
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Use the{" "}
          <a href="/request" className={linkClass}>
            service request form
          </a>{" "}
          to tell us about the equipment and the fault; we call you back to confirm. For a breakdown, call{" "}
          <a href={telHref(identity.supportPhone)} className={linkClass}>
            {phone}
          </a>{" "}
          or message us on{" "}
          <a href={whatsappHref(identity.whatsappNumber, WHATSAPP_GREETING)} rel="noopener" className={linkClass}>
            WhatsApp
          </a>
          . For other questions, see the{" "}
          <a href="/faq" className={linkClass}>
            FAQ
          </a>{" "}
          or e-mail{" "}
          <a href={mailtoHref(identity.supportEmail)} className={`${linkClass} break-all`}>
            {identity.supportEmail}
          </a>
          .
        </p>
      </TitledSection>

      <div className="grid gap-x-6 lg:grid-cols-2">
        <FormSection id="message" title="Send us a message" intro="We reply within one working day; sooner for anything urgent.">
          <EnquiryForm form="contact" action="/contact#message" failure={actionData} />
        </FormSection>
        <FormSection id="callback" title="Ask us to call you back" intro="Leave your number and a good time to call.">
          <EnquiryForm form="callback" action="/contact#callback" failure={actionData} />
        </FormSection>
      </div>
    </div>
  );
}
