import { formatDateTime } from "~/lib/format.ts";

/** The pieces of the request page that only show things: the status badge, the clocks and the history. */

const BADGE: Record<string, string> = {
  new: "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  completed: "border-green-700 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
  cancelled: "border-slate-400 bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold ${BADGE[status] ?? "border-brand-700 bg-brand-50 text-brand-800 dark:bg-slate-800 dark:text-sky-200"}`}>
      {label}
    </span>
  );
}

const TONE = {
  good: "border-green-700 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-100",
  warning: "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100",
  bad: "border-red-700 bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-100",
  neutral: "border-slate-300 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
} as const;

export function ClockCard({ title, clock }: { title: string; clock: { text: string; label: string; tone: keyof typeof TONE } }) {
  return (
    <div className={`rounded-md border p-3 ${TONE[clock.tone]}`}>
      <p className="text-sm font-semibold tracking-wide uppercase">
        {title}: {clock.label}
      </p>
      <p className="mt-1 text-lg font-semibold">{clock.text}</p>
    </div>
  );
}

export interface HistoryEvent {
  id: number;
  kind: string;
  kindLabel: string;
  status: string;
  statusLabel: string;
  note: string | null;
  internal: boolean;
  by: string | null;
  createdAt: string;
}

/** Everything that happened to the request, oldest first: what the office sees (the customer's history leaves out calls and internal notes). */
export function RequestHistory({ createdAt, events }: { createdAt: string; events: HistoryEvent[] }) {
  return (
    <section aria-labelledby="history-heading" className="mt-8">
      <h2 id="history-heading" className="text-xl font-semibold">
        History
      </h2>
      <ol className="mt-3 space-y-4 border-l-2 border-brand-200 pl-5 dark:border-slate-700">
        <li>
          <p className="font-medium">Received</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
          </p>
        </li>
        {events.map((e) => (
          <li key={e.id}>
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span>{e.kind === "status" || e.kind === "schedule" || e.kind === "duplicate" ? `${e.kindLabel}: ${e.statusLabel}` : e.kindLabel}</span>
              {e.kind === "note" &&
                (e.internal ? (
                  <span className="rounded border border-amber-600 bg-amber-50 px-1.5 text-xs font-semibold text-amber-950 uppercase dark:bg-amber-950 dark:text-amber-100">
                    Internal
                  </span>
                ) : (
                  <span className="rounded border border-slate-400 px-1.5 text-xs font-semibold text-slate-700 uppercase dark:text-slate-300">Customer can read</span>
                ))}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
              {e.by && <> · by {e.by}</>}
            </p>
            {e.note && <p className="mt-1 break-words whitespace-pre-line">{e.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
