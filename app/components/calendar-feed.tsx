import { FormError } from "~/components/form/fields.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { link } from "~/components/ui/styles.ts";
import { formatDateTime } from "~/lib/format.ts";

/**
 * The calendar feed panel (issue 21 §2, ADR 066), on the technician's agenda, the technician's record page
 * and the board's feed page: whether a link is live, the link itself just after it was made (only then: the
 * server keeps its hash), and two plain forms (they work without JavaScript): a new link, and turning it off.
 */
export interface FeedPanelOutcome {
  intent: string;
  message: string;
  link?: { https: string; webcal: string };
  error?: string;
}

const button = "inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 font-semibold hover:bg-slate-100 dark:hover:bg-slate-800";

export function CalendarFeedPanel({
  title,
  live,
  outcome,
  who,
  headingId = "calendar-feed-heading",
  className = "mt-8",
}: {
  title: string;
  live: { since: string } | undefined;
  outcome: FeedPanelOutcome | undefined;
  /** Whose visits the feed holds, as the sentence reads: "your visits", "Ravi's visits". */
  who: string;
  headingId?: string;
  className?: string;
}) {
  const fresh = outcome?.link;
  return (
    <TitledSection headingId={headingId} className={className} headingClassName="text-xl font-semibold" title={title}>
      <p className="mt-2">
        A private link that a phone&apos;s calendar (Google Calendar, Apple Calendar, Outlook) subscribes to: it shows {who} and follows every change within
        about an hour. Anyone with the link can read it, so keep it to yourself; make a new link if it was shared by mistake.
      </p>
      <FormError message={outcome?.error} />
      {outcome && !outcome.error && (
        <p role="status" className="mt-3 font-medium">
          {outcome.message}
        </p>
      )}
      {fresh && (
        <div className="mt-3 rounded-md border border-emerald-600 bg-emerald-50 p-4 dark:bg-emerald-950">
          <p>
            <a href={fresh.webcal} className={link}>
              Subscribe in your phone&apos;s calendar
            </a>
          </p>
          <p className="mt-2 text-sm">This link is shown only now. If your calendar asks for an address, copy this one:</p>
          <p className="mt-1 font-mono text-sm break-all" data-testid="calendar-feed-link">
            {fresh.https}
          </p>
        </div>
      )}
      {!fresh && (
        <p className="mt-3">
          {live ? (
            <>
              A link is active, made <time dateTime={live.since}>{formatDateTime(live.since)}</time>. It cannot be shown again: make a new one to subscribe
              another phone (the old link then stops working).
            </>
          ) : (
            "No link is active."
          )}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <form method="post">
          <input type="hidden" name="intent" value="calendar-feed-new" />
          <button type="submit" className={button}>
            {live || fresh ? "Make a new link" : "Get a calendar link"}
          </button>
        </form>
        {(live || fresh) && (
          <form method="post">
            <input type="hidden" name="intent" value="calendar-feed-revoke" />
            <button type="submit" className={button}>
              Turn off the link
            </button>
          </form>
        )}
      </div>
    </TitledSection>
  );
}
