import { LiveStatus } from "~/components/live/live-status.tsx";
import { link } from "~/components/admin/styles.ts";

/**
 * The dashboard's help-desk panel (issue 12 §5), for staff who work tickets: how many wait on the office or
 * a customer, how many are past a target, how many nobody has taken. Each figure opens the queue filtered
 * to it. It keeps itself up to date with the tickets' live events.
 */
export function HelpDeskPanel({ data }: { data: { active: number; breached: number; unassigned: number; mine: number } }) {
  const row = (label: string, value: number, href: string, alert = false) => (
    <>
      <dt>
        <a href={href} className={link}>
          {label}
        </a>
      </dt>
      <dd className={`text-right tabular-nums ${alert && value > 0 ? "font-bold text-red-800 dark:text-red-300" : ""}`}>{value}</dd>
    </>
  );
  return (
    <section aria-labelledby="panel-help-desk" className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <LiveStatus kinds={["ticket."]} what="The help desk figures" />
      <h2 id="panel-help-desk" className="text-lg font-bold">
        Help desk <span className="tabular-nums">({data.active})</span>
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Customers&rsquo; tickets still open or waiting on them.</p>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
        {row("Past a target", data.breached, "/admin/help-desk?sla=breached", true)}
        {row("Not assigned to anyone", data.unassigned, "/admin/help-desk?assignee=unassigned")}
        {row("Assigned to me", data.mine, "/admin/help-desk?assignee=mine")}
      </dl>
    </section>
  );
}
