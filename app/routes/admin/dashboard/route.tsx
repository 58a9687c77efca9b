import type { ReactNode } from "react";
import { parseForm, readForm, redirectWithFlash } from "~/.server/forms/index.ts";
import { auditActor, requirePermission, staffOf } from "~/.server/auth/staff.ts";
import { deliveryProblems, retryDelivery, type DeliveryProblems } from "~/.server/notifications/problems.ts";
import { loadDashboard, type RequestItem } from "~/.server/dashboard/index.ts";
import { dashboardVisitors } from "~/.server/visitors/index.ts";
import { VisitorsPanel } from "~/components/admin/visitors-panel.tsx";
import { helpDeskCounts } from "~/.server/helpdesk/office.ts";
import { HelpDeskPanel } from "~/components/admin/help-desk-panel.tsx";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { retryDeliverySchema } from "~/lib/forms/admin/dashboard.ts";
import { STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import { formatDuration } from "~/lib/requests/sla.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import type { Route } from "./+types/route";
import { link } from "~/components/admin/styles.ts";

/**
 * /admin: what needs a person now. Each panel is there only for staff whose role does that work
 * (~/.server/dashboard); the figures are read afresh on every load, so a reload brings them up to date.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const site = await getSiteSettings();
  const [dashboard, deliveries] = await Promise.all([
    loadDashboard({ permissions: staff.permissions, operations: site.operations }),
    // Deliveries are the integrations' business (SMTP, the SMS provider): for staff who can change them.
    staff.permissions.includes("settings") ? deliveryProblems() : null,
  ]);
  const role = STAFF_ROLE_INFO[staff.role];
  return {
    dashboard,
    deliveries,
    visitors: await dashboardVisitors(staff.permissions), // issue 12 §2: the visitors panel
    helpDesk: staff.permissions.includes("communications") ? await helpDeskCounts(staff) : null, // issue 12 §5: the help-desk panel
    role: { label: role.label, description: role.description },
  };
}

/** "Retry now" on a failed delivery: back in the outbox's queue, due at once (audited). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  requirePermission(staff, "settings");
  const parsed = parseForm(await readForm(request), retryDeliverySchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await retryDelivery(auditActor(staff), parsed.data.id);
  return redirectWithFlash("/admin#panel-deliveries", result.ok ? { type: "success", message: `${result.label}: queued to be sent again now.` } : { type: "error", message: result.message });
}

export const handle = { title: "Dashboard" };

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard: d, role, deliveries } = loaderData;
  const panels = [d.waiting, d.promise, d.visits, d.unassigned, d.week, deliveries].some(Boolean);
  return (
    <div className="mx-auto max-w-7xl">
      {/* Live (issue 12 §1): the panels reload themselves when a request comes in or changes. */}
      <LiveStatus kinds={["request."]} what="The dashboard" />
      <PageHeader
        title="Dashboard"
        description={
          <>
            As of <time dateTime={d.asOfAt}>{d.asOf}</time> (India time). Reload the page for the latest.
          </>
        }
        actions={<ButtonLink href="/admin">Reload</ButtonLink>}
      />
      {!panels && (
        <p className="max-w-2xl rounded-md border border-slate-300 p-4 dark:border-slate-700">
          The dashboard shows the service requests waiting for a call and the day&rsquo;s visits, to staff who work them. Your role (
          {role.label}: {role.description.replace(/\.$/, "")}) has no panel here yet.
        </p>
      )}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {d.waiting && (
          <Panel id="waiting" title="Waiting for a first call" count={d.waiting.count} all={{ href: d.waiting.href, label: "requests waiting for a first call" }} shown={d.waiting.items.length}>
            <RequestList items={d.waiting.items} empty="No request is waiting for a first call." />
          </Panel>
        )}
        {d.promise && (
          <Panel id="promise" title="Response promise: overdue or due soon" count={d.promise.count} shown={d.promise.items.length}>
            <p className="mt-1 text-sm">
              <a href={d.promise.breachedHref} className={link}>
                Overdue: {d.promise.breached}
              </a>
              {" · "}
              <a href={d.promise.dueSoonHref} className={link}>
                Due within {formatDuration(d.promise.escalateBeforeMinutes)}: {d.promise.dueSoon}
              </a>
            </p>
            <RequestList
              items={d.promise.items}
              empty={`No request without a first call is overdue or due within ${formatDuration(d.promise.escalateBeforeMinutes)}.`}
              showStatus
            />
          </Panel>
        )}
        {d.visits && (
          <Panel id="visits" title="Today's visits" count={d.visits.count} shown={d.visits.groups.reduce((n, g) => n + g.visits.length, 0)}>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{d.visits.day}, by technician.</p>
            {d.visits.groups.length === 0 ? (
              <p className="mt-3">No visit is booked for today.</p>
            ) : (
              d.visits.groups.map((group) => (
                <div key={group.technician + group.href} className="mt-4">
                  <h3 className="font-semibold">
                    <a href={group.href} className="underline">
                      {group.technician}
                    </a>{" "}
                    ({group.visits.length})
                  </h3>
                  <ol className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
                    {group.visits.map((v) => (
                      <li key={v.reference} className="py-2">
                        <p className="flex flex-wrap items-baseline gap-x-2">
                          <time dateTime={v.startAt} className="font-semibold tabular-nums">
                            {v.window}
                          </time>
                          <a href={v.href} className={`font-mono ${link}`}>
                            {v.reference}
                          </a>
                          {v.emergency && <EmergencyMark />}
                          <span className="text-sm text-slate-700 dark:text-slate-300">{v.statusLabel}</span>
                        </p>
                        <p className="text-sm">
                          {v.customer}
                          {v.company && `, ${v.company}`}
                          {v.city && ` · ${v.city}`}
                        </p>
                      </li>
                    ))}
                  </ol>
                </div>
              ))
            )}
          </Panel>
        )}
        {d.unassigned && (
          <Panel
            id="unassigned"
            title="Open requests without a technician"
            count={d.unassigned.count}
            all={{ href: d.unassigned.href, label: "open requests without a technician" }}
            shown={d.unassigned.items.length}
          >
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Oldest first.</p>
            <RequestList items={d.unassigned.items} empty="Every open request has a technician." showStatus />
          </Panel>
        )}
        {d.week && (
          <Panel id="week" title="Received this week" count={d.week.received}>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Since {d.week.since}, 00:00, and what has become of them.</p>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
              <Figure label="Received" value={d.week.received} href={d.week.links.received} />
              <Figure label="First call on time" value={d.week.onTime} href={d.week.links.onTime} />
              <Figure label="First call late" value={d.week.late} href={d.week.links.late} alert={d.week.late > 0} />
              <Figure label="Still waiting for a first call" value={d.week.waiting} />
              <Figure label="Completed" value={d.week.completed} href={d.week.links.completed} />
              <Figure label="Cancelled" value={d.week.cancelled} href={d.week.links.cancelled} />
            </dl>
          </Panel>
        )}
        {deliveries && <DeliveriesPanel deliveries={deliveries} />}
        {loaderData.visitors && <VisitorsPanel data={loaderData.visitors} />}
        {loaderData.helpDesk && <HelpDeskPanel data={loaderData.helpDesk} />}
        {d.week && (
          <Panel id="open" title="Open requests by status" count={d.week.open.total} all={{ href: d.week.open.href, label: "open requests" }}>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
              {d.week.open.byStatus.map((s) => (
                <Figure key={s.status} label={s.label} value={s.count} href={s.href} />
              ))}
            </dl>
          </Panel>
        )}
      </div>
    </div>
  );
}

function Panel({
  id,
  title,
  count,
  all,
  shown,
  children,
}: {
  id: string;
  title: string;
  count: number;
  all?: { href: string; label: string };
  /** How many of count the panel lists: a "See all" line when it is fewer. */
  shown?: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`panel-${id}`} className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id={`panel-${id}`} className="text-lg font-bold">
        {title} <span className="tabular-nums">({count})</span>
      </h2>
      {children}
      {all && (
        <p className="mt-3 text-sm">
          <a href={all.href} className={link}>
            {shown !== undefined && shown < count ? `See all ${count} ${all.label}` : `Open the list of ${all.label}`}
          </a>
        </p>
      )}
      {!all && shown !== undefined && shown < count && <p className="mt-3 text-sm">The first {shown} of {count} are shown.</p>}
    </section>
  );
}

/** SMS, e-mails and scheduled jobs that failed for good, or are being retried after failing. */
function DeliveriesPanel({ deliveries }: { deliveries: DeliveryProblems }) {
  const { failed, retrying, items } = deliveries;
  return (
    <Panel id="deliveries" title="Messages and scheduled work in trouble" count={failed + retrying} shown={items.length}>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Failed for good: {failed} · being retried: {retrying}. Each is tried up to {deliveries.maxAttempts} times, waiting longer after each failure.
      </p>
      {items.length === 0 ? (
        <p className="mt-3">Every SMS, e-mail and scheduled job went through.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {items.map((item) => (
            <li key={item.id} className="py-3">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className={`font-semibold ${item.state === "failed" ? "text-red-800 dark:text-red-300" : ""}`}>
                  {item.state === "failed" ? "Failed" : "Retrying"}
                </span>
                <span>
                  {item.channel}: {item.what}
                </span>
              </p>
              <p className="text-sm break-words">To {item.recipient}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {item.attempts} {item.attempts === 1 ? "attempt" : "attempts"}; {item.state === "failed" ? "given up" : "next try"} {item.when}
              </p>
              <p className="text-sm break-words">Last error: {item.lastError}</p>
              {item.state === "failed" && (
                <div className="mt-2">
                  <ConfirmButton intent="retry-delivery" fields={{ id: item.id }}>
                    Retry now
                  </ConfirmButton>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

function EmergencyMark() {
  return (
    <span className="rounded border border-red-700 px-1.5 text-xs font-bold tracking-wide text-red-800 uppercase dark:border-red-400 dark:text-red-300">
      Emergency
    </span>
  );
}

function RequestList({ items, empty, showStatus = false }: { items: RequestItem[]; empty: string; showStatus?: boolean }) {
  if (items.length === 0) return <p className="mt-3">{empty}</p>;
  return (
    <ol className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
      {items.map((r) => (
        <li key={r.reference} className="py-3">
          <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <a href={r.href} className={`font-mono ${link}`}>
              {r.reference}
            </a>
            {r.emergency ? <EmergencyMark /> : <span className="text-sm text-slate-700 dark:text-slate-300">{r.urgencyLabel}</span>}
            {showStatus && <span className="text-sm text-slate-700 dark:text-slate-300">· {r.statusLabel}</span>}
          </p>
          <p>
            {r.customer}
            {r.company && `, ${r.company}`}
            {r.city && <span className="text-slate-700 dark:text-slate-300"> · {r.city}</span>}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {r.service} · received <time dateTime={r.receivedAt}>{r.received}</time>
          </p>
          <p className={`text-sm ${r.clock.overdue ? "font-semibold text-red-800 dark:text-red-300" : r.clock.state === "due_soon" ? "font-semibold" : ""}`}>
            {r.clock.label}
            {r.clock.due && <span className="font-normal"> (due {r.clock.due})</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}

function Figure({ label, value, href, alert = false }: { label: string; value: number; href?: string; alert?: boolean }) {
  return (
    <div className="contents">
      <dt>{label}</dt>
      <dd className={`text-right font-semibold tabular-nums ${alert ? "text-red-800 dark:text-red-300" : ""}`}>
        {href ? (
          <a href={href} className={link} aria-label={`${label}: ${value}, open the list`}>
            {value}
          </a>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}
