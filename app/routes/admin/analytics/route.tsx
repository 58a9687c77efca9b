import { csvExportMiddleware, type CsvColumn } from "~/.server/admin/list.ts";
import { chartCsvMiddleware } from "~/.server/analytics/csv.ts";
import { businessFigures } from "~/.server/analytics/index.ts";
import { requirePermission, staffOf } from "~/.server/auth/staff.ts";
import { onlineByPage, readVisitorFigures, topPages, visitorsPerDay, type DayCount } from "~/.server/visitors/index.ts";
import { ChartSection, ChartTable, ColumnChart } from "~/components/admin/charts.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { parsePeriod, startOfDayInIndia, type Period } from "~/lib/analytics.ts";
import { formatDate } from "~/lib/format.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { ONLINE_WINDOW_MINUTES } from "~/lib/visitors.ts";
import { BusinessSections, PeriodForm, periodQuery } from "./business.tsx";
import type { Route } from "./+types/route";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/analytics (permission "activity"): the business in figures for a period (issue 19 §6: requests,
 * response against the promise, the funnel, money, technicians, the bench, AMC renewals; each compared with
 * the period before), then the public site's visitors (issue 12 §2). The period is in the address
 * (?from=...&to=..., India days); every chart is drawn on the server with its figures as a table, and
 * exports as CSV (?chart=<name>&format=csv; the visitors' per-day figures are ?format=csv alone). A visitor
 * is one browser tab's visit (spec §7); nothing about the person is kept. Read-only.
 */
const PATH = "/admin/analytics";
const DAYS = 30;

const DAY_COLUMNS: CsvColumn<DayCount>[] = [
  { header: "Day (India time)", value: (d) => d.day },
  { header: "Visitors", value: (d) => d.visitors },
];

/** An instant within the period's last day: visitorsPerDay counts back from it. */
const lastDayOf = (p: Period) => new Date(startOfDayInIndia(p.to).getTime() + 12 * 3_600_000);

export const middleware: Route.MiddlewareFunction[] = [
  chartCsvMiddleware(),
  csvExportMiddleware("visitors-per-day", (url) => parsePeriod(url).period, DAY_COLUMNS, (period, staff) => {
    requirePermission(staff, "activity");
    return visitorsPerDay(period.days, lastDayOf(period));
  }),
];

export async function loader({ context, request }: Route.LoaderArgs) {
  requirePermission(staffOf(context), "activity");
  const now = new Date();
  const { period, asked, errors } = parsePeriod(new URL(request.url), now);
  // Today's visitors are the last bar when the period ends today (the default); else counted on their own.
  const endsToday = period.to === todayInIndia(now);
  const [business, figures, online, days, today, top] = await Promise.all([
    businessFigures(period, now),
    readVisitorFigures(now),
    onlineByPage(now, 50),
    visitorsPerDay(period.days, endsToday ? now : lastDayOf(period)),
    endsToday ? undefined : visitorsPerDay(1, now).then(([d]) => d),
    topPages(DAYS, now, 20),
  ]);
  return {
    period,
    asked,
    errors,
    business,
    figures,
    online,
    days,
    today: (endsToday ? days.at(-1) : today)?.visitors ?? 0,
    top,
  };
}

export const handle = { title: "Analytics" };

const n = (v: number) => v.toLocaleString("en-IN");
const th = "border-b border-slate-300 px-3 py-2 text-left font-semibold dark:border-slate-700";
const td = "border-b border-slate-200 px-3 py-1.5 dark:border-slate-800";

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
  const { period, asked, errors, business, figures, online, days, today, top } = loaderData;
  const figure = "rounded-lg border border-slate-200 p-4 dark:border-slate-800";
  const query = periodQuery(asked, errors);
  return (
    <div className="mx-auto max-w-6xl">
      <LiveStatus kinds={["visitors."]} what="The visitor figures" />
      <PageHeader
        title="Analytics"
        description="The business and the public site in figures, for a period of India days, each compared with the period of the same length just before."
      />
      <PeriodForm path={PATH} period={period} asked={asked} errors={errors} />
      <BusinessSections path={PATH} query={query} period={period} business={business} />

      <TitledSection headingId="visitors-heading" title="Visitors" className="mt-12" headingClassName="text-2xl font-bold">
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Visitors to the public site: a visitor is one browser session (a tab), counted without cookies or addresses. Days are India time.
        </p>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
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
          <h3 id="online-heading" className="text-lg font-bold">
            Online now, by page
          </h3>
          <PageTable caption="Visitors online now, by page" rows={online} empty="Nobody is on the public site just now." unit="Online" />
        </section>

        <ChartSection
          id="days"
          title="Visitors per day"
          csvHref={`${PATH}?${query}${query ? "&" : ""}format=csv`}
          csvLabel="Export CSV"
          description={
            <>
              From {formatDate(days[0]!.day)} to {formatDate(days.at(-1)!.day)}; the busiest day had {n(Math.max(...days.map((d) => d.visitors)))}.
            </>
          }
        >
          <ColumnChart series={[{ label: "Visitors", values: days.map((d) => d.visitors) }]} />
          <ChartTable
            caption="Visitors per day"
            columns={[{ header: "Day" }, { header: "Visitors", numeric: true }]}
            rows={[...days].reverse().map((d) => ({ key: d.day, cells: [<time key="d" dateTime={d.day}>{formatDate(d.day)}</time>, n(d.visitors)] }))}
          />
        </ChartSection>

        <section aria-labelledby="top-heading" className="mt-8">
          <h3 id="top-heading" className="text-lg font-bold">
            Top pages, last {DAYS} days
          </h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Visitors by the page they were last on.</p>
          <PageTable caption={`Top pages, last ${DAYS} days`} rows={top} empty="No visitor in the last 30 days." unit="Visitors" />
        </section>
      </TitledSection>
    </div>
  );
}
