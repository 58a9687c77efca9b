import { EventTimeline } from "~/components/event-timeline.tsx";

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
    <EventTimeline
      heading={{ id: "history-heading", text: "History" }}
      events={[
        { id: "received", title: "Received", createdAt },
        ...events.map((e) => ({
          id: e.id,
          title: e.kind === "status" || e.kind === "schedule" || e.kind === "duplicate" ? `${e.kindLabel}: ${e.statusLabel}` : e.kindLabel,
          createdAt: e.createdAt,
          by: e.by,
          note: e.note,
          audience: e.kind === "note" ? (e.internal ? ("internal" as const) : ("customer" as const)) : null,
        })),
      ]}
    />
  );
}
