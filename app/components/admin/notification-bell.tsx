import { useState } from "react";
import { useLiveEvents } from "~/lib/live/use-live.ts";

/**
 * The bell in the back office's header: my unread alerts, linking to /admin/notifications. The count comes
 * with every page (the admin layout's loader, with my newest alert's id); with JavaScript, each alert
 * published to me live ("notification" on "user:<my id>") that is newer than that adds one at once, without
 * a reload (a later page or revalidation counts it itself). Without JavaScript it is a plain link with the
 * count as it was when the page was drawn.
 */
export function NotificationBell({ unread, newestId, cap }: { unread: number; newestId: number; cap: number }) {
  const [arrived, setArrived] = useState<readonly number[]>([]);
  useLiveEvents((event) => {
    if (event.kind !== "notification") return;
    // One event may carry several new alerts (a batch of requests): their ids, else the one id.
    const given = Array.isArray(event.data.ids) ? event.data.ids : [event.data.id];
    const fresh = given.map(Number).filter((id) => Number.isInteger(id) && id > newestId);
    if (fresh.length > 0) setArrived((ids) => [...new Set([...ids.filter((x) => x > newestId), ...fresh])]);
  });
  const count = unread + arrived.filter((id) => id > newestId).length;
  const shown = count > cap ? `${cap}+` : String(count);
  const label = count === 0 ? "Notifications, none unread" : `Notifications, ${shown} unread`;
  return (
    <a
      href="/admin/notifications"
      aria-label={label}
      title={label}
      data-unread={count}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 hover:bg-slate-700"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 && (
        <span aria-hidden="true" className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-bold text-white tabular-nums">
          {shown}
        </span>
      )}
    </a>
  );
}
