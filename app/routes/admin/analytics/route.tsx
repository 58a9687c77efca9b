import { csvReportMiddleware, type CsvColumn } from "~/.server/admin/list.ts";
import { requirePermission, staffOf } from "~/.server/auth/staff.ts";
import { onlineByPage, readVisitorFigures, topPages, visitorsPerDay, type DayCount } from "~/.server/visitors/index.ts";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { formatDate } from "~/lib/format.ts";
import { ONLINE_WINDOW_MINUTES } from "~/lib/visitors.ts";
import type { Route } from "./+types/route";

/**
 * /admin/analytics (permission "activity"): the public site's visitors (issue 12 §2). Online now per page,
 * today's visitors, visitors per day for 30 days (a chart drawn on the server, and the same figures as a
 * table), and the pages visitors were last on. The per-day figures export as CSV. A session is one browser
 * tab's visit (spec §7); nothing about the person is kept.
 */
const PATH = "/admin/analytics";
const DAYS = 30;

const DAY_COLUMNS: CsvColumn<DayCount>[] = [
  { header: "Day (India time)", value: (d) => d.day },
  { header: "Visitors", value: (d) => d.visitors },
];

export const middleware: Route.MiddlewareFunction[] = [
  csvReportMiddleware("visitors-per-day", DAY_COLUMNS, (staff) => {
    requirePermission(staff, "activity");
    return visitorsPerDay(DAYS);
  }),
];

export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(staffOf(context), "activity");
  const now = new Date();
  const [figures, online, days, top] = await Promise.all([
    readVisitorFigures(now),
    onlineByPage(now, 50),
    visitorsPerDay(DAYS, now),
    topPages(DAYS, now, 20),
  ]);
  return {
    figures,
    online,
    days,
    today: days.at(-1)?.visitors ?? 0,
    top,
  };
}

export const handle = { title: "Analytics" };

const n = (v: number) => v.toLocaleString("en-IN");
const th = "border-b border-slate-300 px-3 py-2 text-left font-semibold dark:border-slate-700";
const td = "border-b border-slate-200 px-3 py-1.5 dark:border-slate-800";

/** Bars for the 30 days, drawn on the server; the table below holds the same figures for everyone. */
function DaysChart({ days }: { days: DayCount[] }) {
  const max = Math.max(1, ...days.map((d) => d.visitors));
  const w = 12;
  const gap = 4;
  const h = 120;
  const width = days.length * (w + gap);
  return (
    <svg viewBox={`0 0 ${width} ${h + 16}`} className="h-40 w-full text-brand-700 dark:text-sky-400" aria-hidden="true" preserveAspectRatio="none">
      {days.map((d, i) => {
        const bar = Math.round((d.visitors / max) * h);
        return <rect key={d.day} x={i * (w + gap)} y={h - bar} width={w} height={Math.max(bar, d.visitors ? 1 : 0)} className="fill-current" />;
      })}
      <line x1="0" y1={h + 0.5} x2={width} y2={h + 0.5} className="stroke-slate-400" strokeWidth="1" />
    </svg>
  );
}

function PageTable({ caption, rows, empty, unit }: { caption: string; rows: Array<{ pagePath: string; sessions: number }>; empty: string; unit: string }) {
  if (rows.length === 0) return <p className="mt-2">{empty}</p>;
  return (
    <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              Page
            </th>
            <th scope="col" className={`${th} text-right`}>
              {unit}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.pagePath}>
              <td className={`${td} font-mono break-all`}>
                <a href={r.pagePath} className="underline">
                  {r.pagePath}
                </a>
              </td>
              <td className={`${td} text-right tabular-nums`}>{n(r.sessions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { figures, online, days, today, top } = loaderData;
  const figure = "rounded-lg border border-slate-200 p-4 dark:border-slate-800";
  return (
    <div className="mx-auto max-w-6xl">
      <LiveStatus kinds={["visitors."]} what="The visitor figures" />
      <PageHeader
        title="Analytics"
        description="Visitors to the public site: a visitor is one browser session (a tab), counted without cookies or addresses. Days are India time."
        actions={
          <ButtonLink href={`${PATH}?format=csv`} download>
            Export CSV
          </ButtonLink>
        }
      />
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className={figure}>
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Online now (last {ONLINE_WINDOW_MINUTES} minutes)</dt>
          <dd className="mt-1 text-3xl font-bold tabular-nums" data-testid="online-now">
            {n(figures.online)}
          </dd>
        </div>
        <div className={figure}>
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Visitors today</dt>
          <dd className="mt-1 text-3xl font-bold tabular-nums">{n(today)}</dd>
        </div>
        <div className={figure}>
          <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">Visitors in all</dt>
          <dd className="mt-1 text-3xl font-bold tabular-nums">{n(figures.total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        The public site shows “Today: {n(figures.today)}+ visitors”: the specification&rsquo;s figure, ten times those online now and at least 100.
      </p>

      <section aria-labelledby="online-heading" className="mt-8">
        <h2 id="online-heading" className="text-xl font-bold">
          Online now, by page
        </h2>
        <PageTable caption="Visitors online now, by page" rows={online} empty="Nobody is on the public site just now." unit="Online" />
      </section>

      <section aria-labelledby="days-heading" className="mt-8">
        <h2 id="days-heading" className="text-xl font-bold">
          Visitors per day, last {days.length} days
        </h2>
        <figure className="mt-2">
          <DaysChart days={days} />
          <figcaption className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            From {formatDate(days[0]!.day)} to {formatDate(days.at(-1)!.day)}; the busiest day had {n(Math.max(...days.map((d) => d.visitors)))}. The table
            below has every day.
          </figcaption>
        </figure>
        <details className="mt-2">
          <summary className="cursor-pointer font-medium">Visitors per day as a table</summary>
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Visitors per day">
            <table className="w-full max-w-md text-sm">
              <caption className="sr-only">Visitors per day</caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    Day
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    Visitors
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...days].reverse().map((d) => (
                  <tr key={d.day}>
                    <td className={td}>
                      <time dateTime={d.day}>{formatDate(d.day)}</time>
                    </td>
                    <td className={`${td} text-right tabular-nums`}>{n(d.visitors)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      <section aria-labelledby="top-heading" className="mt-8">
        <h2 id="top-heading" className="text-xl font-bold">
          Top pages, last {DAYS} days
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Visitors by the page they were last on.</p>
        <PageTable caption={`Top pages, last ${DAYS} days`} rows={top} empty="No visitor in the last 30 days." unit="Visitors" />
      </section>
    </div>
  );
}
