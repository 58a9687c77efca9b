import { useEffect, useState } from "react";
import { muted } from "~/components/admin/styles.ts";
import { slaText, slaTarget, type SlaTarget } from "~/lib/helpdesk.ts";

/**
 * The help desk's shared pieces: the SLA badge (a countdown that keeps counting in the browser, from the
 * time the server drew it) and the sub-navigation between the queue and the canned replies.
 */

const TONE: Record<SlaTarget["state"], string> = {
  met: "text-green-800 dark:text-green-300",
  "met-late": "text-amber-800 dark:text-amber-300",
  stopped: muted,
  "on-time": "",
  "due-soon": "font-semibold text-amber-800 dark:text-amber-300",
  breached: "font-semibold text-red-800 dark:text-red-300",
};

/** Re-reads the target every 30 seconds while it is running, so a countdown moves without a reload. */
function useTicking(target: SlaTarget): SlaTarget {
  const [now, setNow] = useState<Date | null>(null);
  const running = target.minutesLeft !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [running]);
  return now && running ? slaTarget(target.dueAt, target.metAt, true, now) : target;
}

export function SlaBadge({ label, target }: { label: string; target: SlaTarget }) {
  const t = useTicking(target);
  return (
    <span className={`whitespace-nowrap ${TONE[t.state]}`}>
      <span className="sr-only">{label}: </span>
      {t.state === "breached" && <span aria-hidden="true">⚠ </span>}
      {slaText(t)}
    </span>
  );
}

export function HelpDeskNav({ current }: { current: "queue" | "canned" }) {
  const item = (href: string, text: string, here: boolean) => (
    <a
      href={href}
      aria-current={here ? "page" : undefined}
      className={`inline-flex h-10 items-center rounded-md border px-4 text-sm font-semibold ${
        here ? "border-brand-700 bg-brand-700 text-white" : "border-slate-400 hover:bg-slate-100 dark:hover:bg-slate-800"
      }`}
    >
      {text}
    </a>
  );
  return (
    <nav aria-label="Help desk" className="mb-5 flex flex-wrap gap-2">
      {item("/admin/help-desk", "Tickets", current === "queue")}
      {item("/admin/help-desk/canned", "Canned replies", current === "canned")}
    </nav>
  );
}
