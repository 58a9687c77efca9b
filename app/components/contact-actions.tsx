import { formatIndianPhone, telHref, whatsappHref } from "~/lib/contact-links.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { PhoneIcon } from "./icons.tsx";
import { WhatsAppIcon } from "./whatsapp-icon.tsx";

/**
 * The ways to reach the business: the request form (with the service preselected; left out where the
 * visitor has just sent one), a call and a prefilled WhatsApp message.
 */
export function ContactActions({
  identity,
  requestHref,
  requestLabel = "Request Service",
  whatsappText,
  whatsappLabel = "WhatsApp",
  className = "flex flex-wrap gap-3",
}: {
  identity: SiteSettings["identity"];
  requestHref?: string;
  requestLabel?: string;
  whatsappText: string;
  whatsappLabel?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      {requestHref && (
        <a
          href={requestHref}
          className="inline-flex h-12 items-center rounded-md bg-accent-600 px-5 font-semibold text-white hover:bg-orange-800"
        >
          {requestLabel}
        </a>
      )}
      <a
        href={telHref(identity.supportPhone)}
        className="inline-flex h-12 items-center gap-2 rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        <PhoneIcon className="size-5" />
        Call {formatIndianPhone(identity.supportPhone)}
      </a>
      <a
        href={whatsappHref(identity.whatsappNumber, whatsappText)}
        rel="noopener"
        className="inline-flex h-12 items-center gap-2 rounded-md border border-slate-300 bg-white px-5 font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800"
      >
        <WhatsAppIcon className="size-5 text-green-700 dark:text-green-400" />
        {whatsappLabel}
      </a>
    </div>
  );
}
