/** Pieces shared by the WhatsApp screens. */

export interface WindowView {
  open: boolean;
  lastInboundAt: string | null;
  closesAt: string | null;
}

/** "3 h 12 min" */
export function timeLeft(closesAt: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(closesAt) - Date.parse(now)) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** The 24-hour window's state, in words and colour (the words carry it; colour only helps). */
export function WindowBadge({ window, now }: { window: WindowView; now: string }) {
  if (window.open && window.closesAt) {
    return (
      <span className="inline-block rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">
        Window open: {timeLeft(window.closesAt, now)} left
      </span>
    );
  }
  return (
    <span className="inline-block rounded-full bg-slate-200 px-2 py-0.5 text-sm font-semibold text-slate-900 dark:bg-slate-800 dark:text-slate-100">
      {window.lastInboundAt ? "Window closed: templates only" : "No window: templates only"}
    </span>
  );
}
