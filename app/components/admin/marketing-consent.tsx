import { formatDateTime } from "~/lib/format.ts";
import { muted } from "./styles.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * The customer page's marketing consent (issue 12 §4): separate from the consent given with a request.
 * The office records it on the customer's word, or its withdrawal; the form posts to
 * /admin/customers/{reference}/marketing-consent (~/routes/admin/customers/marketing-consent.ts).
 */
export interface MarketingConsentProps {
  reference: string;
  consent: { given: boolean; at: string | null; version: string | null; source: string | null; optedOutAt: string | null; recordVersion: number } | null;
}

const SOURCES: Record<string, string> = { portal: "in the portal", office: "by the office, on the customer's word", form: "on a form", link: "" };

export function MarketingConsent({ reference, consent }: MarketingConsentProps) {
  if (!consent) return null;
  return (
    <TitledSection headingId="marketing-consent-heading" title="Marketing consent" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
      <p className="mt-1">
        {consent.given && consent.at ? (
          <>
            Given on <time dateTime={consent.at}>{formatDateTime(consent.at)}</time> {SOURCES[consent.source ?? ""] ?? ""}
            {consent.version ? ` (privacy notice version ${consent.version})` : ""}.
          </>
        ) : consent.optedOutAt ? (
          <>
            Opted out on <time dateTime={consent.optedOutAt}>{formatDateTime(consent.optedOutAt)}</time>: no campaign reaches them.
          </>
        ) : (
          "Not given: no campaign reaches them."
        )}
      </p>
      <p className={`mt-1 text-sm ${muted}`}>Separate from the consent given with a request: service messages continue either way.</p>
      <form method="post" action={`/admin/customers/${encodeURIComponent(reference)}/marketing-consent`} className="mt-3">
        <input type="hidden" name="version" value={consent.recordVersion} />
        <input type="hidden" name="consent" value={consent.given ? "withdrawn" : "given"} />
        <button
          type="submit"
          className={`inline-flex min-h-10 items-center rounded-md px-4 text-sm font-semibold ${consent.given ? "border border-red-700 text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950" : "bg-brand-700 text-white hover:bg-brand-800"}`}
        >
          {consent.given ? "Record the withdrawal (stop marketing)" : "Record consent given by the customer"}
        </button>
      </form>
    </TitledSection>
  );
}
