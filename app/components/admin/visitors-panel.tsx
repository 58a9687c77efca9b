import { LiveStatus } from "~/components/live/live-status.tsx";
import { link } from "~/components/admin/styles.ts";
import type { LiveVisitors } from "~/lib/visitors.ts";

/**
 * The dashboard's visitor panel (issue 12 §2): the public site's visitors online now, per page. It keeps itself
 * up to date: the server publishes "visitors.changed" to staff with the activity permission when the number
 * online changes (at most every few seconds), and the page's data is read again.
 */
export function VisitorsPanel({ data }: { data: LiveVisitors }) {
  return (
    <section aria-labelledby="panel-visitors" className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <LiveStatus kinds={["visitors."]} what="The visitor count" />
      <h2 id="panel-visitors" className="text-lg font-bold">
        Visitors on the site now <span className="tabular-nums">({data.online})</span>
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Browser sessions seen in the last {data.windowMinutes} minutes, by the page they are on.</p>
      {data.pages.length === 0 ? (
        <p className="mt-3">Nobody is on the public site just now.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {data.pages.map((p) => (
            <li key={p.pagePath} className="flex items-baseline justify-between gap-3 py-1.5">
              <span className="min-w-0 font-mono text-sm break-all">{p.pagePath}</span>
              <span className="tabular-nums">{p.sessions}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <a href="/admin/analytics" className={link}>
          Open analytics
        </a>
      </p>
    </section>
  );
}
