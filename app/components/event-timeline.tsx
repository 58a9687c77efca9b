import type { Key, ReactNode } from "react";
import { formatDateTime } from "~/lib/format.ts";

/**
 * What happened to a record, oldest first, drawn one way everywhere: the office's request and bench
 * histories, the customer's status history and bench progress (EventTimeline), and a help-desk ticket's
 * messages as the office or the customer reads them (MessageThread). The differences between those pages
 * are props, so a change to how a history reads is made once.
 */

export interface TimelineEvent {
  id: Key;
  title: ReactNode;
  createdAt: string;
  /** Who did it: shown after the time ("· by Asha"). */
  by?: string | null;
  note?: string | null;
  /**
   * Who may read it, for the office's histories: "internal" or "customer" adds that badge beside the title,
   * null lays the title out the same way without a badge (an event that is not a note). Left out: a plain title.
   */
  audience?: "internal" | "customer" | null;
}

const LIST_GAP = { normal: "mt-3 space-y-4", tight: "mt-3 space-y-3", "tight-spaced": "mt-4 space-y-3" } as const;

function AudienceBadge({ audience }: { audience: "internal" | "customer" }) {
  return audience === "internal" ? (
    <span className="rounded border border-amber-600 bg-amber-50 px-1.5 text-xs font-semibold text-amber-950 uppercase dark:bg-amber-950 dark:text-amber-100">Internal</span>
  ) : (
    <span className="rounded border border-slate-400 px-1.5 text-xs font-semibold text-slate-700 uppercase dark:text-slate-300">Customer can read</span>
  );
}

export function EventTimeline({
  events,
  heading,
  label,
  gap = "normal",
  keepLineBreaks = true,
}: {
  events: TimelineEvent[];
  /** A section with this heading around the list; without one, only the list (name it with label). */
  heading?: { id: string; text: string };
  label?: string;
  gap?: keyof typeof LIST_GAP;
  /** A note keeps its line breaks and wraps long words (the customer's status history shows notes as one paragraph). */
  keepLineBreaks?: boolean;
}) {
  const list = (
    <ol aria-label={label} className={`${LIST_GAP[gap]} border-l-2 border-brand-200 pl-5 dark:border-slate-700`}>
      {events.map((e) => (
        <li key={e.id}>
          {e.audience === undefined ? (
            <p className="font-medium">{e.title}</p>
          ) : (
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span>{e.title}</span>
              {e.audience && <AudienceBadge audience={e.audience} />}
            </p>
          )}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            {e.by && <> · by {e.by}</>}
          </p>
          {e.note && <p className={keepLineBreaks ? "mt-1 break-words whitespace-pre-line" : "mt-1"}>{e.note}</p>}
        </li>
      ))}
    </ol>
  );
  if (!heading) return list;
  return (
    <section aria-labelledby={heading.id} className="mt-8">
      <h2 id={heading.id} className="text-xl font-semibold">
        {heading.text}
      </h2>
      {list}
    </section>
  );
}

export interface ThreadMessage {
  id: Key;
  author: ReactNode;
  body: string;
  createdAt: string;
  /** The card's colour: the reader's own side plain, the other side tinted, an internal note amber. */
  tone: "plain" | "other" | "internal";
}

const TONE = {
  plain: "border-slate-200 dark:border-slate-800",
  other: "border-brand-200 bg-brand-50 dark:border-slate-700 dark:bg-slate-900",
  internal: "border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950",
} as const;

/** The messages of a help-desk ticket; the office's page is the denser one (smaller cards, muted times). */
export function MessageThread({ messages, reader }: { messages: ThreadMessage[]; reader: "office" | "customer" }) {
  const office = reader === "office";
  return (
    <ol className="mt-3 space-y-3">
      {messages.map((m) => (
        <li key={m.id} className={`rounded-md border ${office ? "p-3" : "p-4"} ${TONE[m.tone]}`}>
          <p className="text-sm">
            <strong>{m.author}</strong>
            <span className={office ? "text-slate-600 dark:text-slate-400" : "text-slate-700 dark:text-slate-300"}>
              {" · "}
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </span>
          </p>
          <p className="mt-1 break-words whitespace-pre-line">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}
