import { formatDateTime } from "~/lib/format.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * The portal's marketing consent (issue 12 §4, /customer/my-data): offers by SMS, e-mail and WhatsApp only
 * with this consent, separate from the consent given with a request. Given and withdrawn in one click (a
 * plain form, no JavaScript needed), posted to /customer/my-data/marketing.
 */
export interface MarketingToggleProps {
  consent: { given: boolean; at: string | null; optedOutAt: string | null; recordVersion: number } | null;
}

export function MarketingConsentToggle({ consent }: MarketingToggleProps) {
  if (!consent) return null;
  return (
    <TitledSection id="marketing" headingId="marketing-heading" className="mt-10 scroll-mt-4" headingClassName="text-xl font-semibold" title="Offers and news">
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {consent.given && consent.at ? (
          <>
            You agreed on <time dateTime={consent.at}>{formatDateTime(consent.at)}</time> to receive our offers by SMS, e-mail and WhatsApp. Every offer
            also tells you how to stop them (reply STOP, or its link).
          </>
        ) : consent.optedOutAt ? (
          <>
            You stopped our offers on <time dateTime={consent.optedOutAt}>{formatDateTime(consent.optedOutAt)}</time>. We send you none.
          </>
        ) : (
          "You have not agreed to receive offers, so we send you none."
        )}{" "}
        Messages about your own requests, quotes and invoices are not affected.
      </p>
      <form method="post" action="/customer/my-data/marketing" className="mt-3">
        <input type="hidden" name="version" value={consent.recordVersion} />
        <input type="hidden" name="consent" value={consent.given ? "withdrawn" : "given"} />
        <button type="submit" className="inline-flex h-11 items-center rounded-md border border-slate-400 px-4 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800">
          {consent.given ? "Stop offers" : "Yes, send me offers"}
        </button>
      </form>
    </TitledSection>
  );
}
