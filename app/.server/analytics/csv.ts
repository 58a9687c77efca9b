import type { MiddlewareFunction } from "react-router";
import { csvExportMiddleware, type CsvColumn, type CsvRows } from "~/.server/admin/list.ts";
import { parsePeriod, type Period } from "~/lib/analytics.ts";
import { urgencyLabel, type Urgency } from "~/lib/forms/urgency.ts";
import {
  benchFigures,
  funnelFigures,
  moneyFigures,
  renewalFigures,
  requestFigures,
  responseFigures,
  teamFigures,
  type CategoryCount,
  type FunnelStage,
  type RenewalDue,
  type ResponseRow,
  type TechnicianFigures,
} from "./index.ts";

/**
 * Each chart's figures as a CSV (/admin/analytics?chart=<name>&from=...&to=...&format=csv): the same rows as
 * the chart's table, for the period in the address. The list kit writes the file (formula cells neutralised);
 * the admin layout has already checked the screen's permission.
 */

const rupees = (paise: number) => (paise / 100).toFixed(2);
const share = (part: number, of: number) => (of > 0 ? ((part / of) * 100).toFixed(1) : "");
const minutes = (seconds: number | null) => (seconds === null ? "" : Math.round(seconds / 60));

export const FUNNEL_LABELS: Record<FunnelStage["stage"], string> = {
  requests: "Requests received",
  quoted: "Quote sent",
  invoiced: "Invoiced",
  paid: "Paid in full",
};

const categoryColumns = (what: string): CsvColumn<CategoryCount>[] => [
  { header: what, value: (r) => r.label },
  { header: "Requests, this period", value: (r) => r.current },
  { header: "Requests, previous period", value: (r) => r.previous },
];

type ResponseCsvRow = ResponseRow & { period: string };

interface Chart<T> {
  columns: CsvColumn<T>[];
  rows: (p: Period) => CsvRows<T>;
}

function chart<T>(columns: CsvColumn<T>[], rows: (p: Period) => CsvRows<T>): Chart<T> {
  return { columns, rows };
}

const CHARTS = {
  "requests-per-day": chart<{ bucket: string; value: number }>(
    [
      { header: "Day or month (India time)", value: (r) => r.bucket },
      { header: "Requests", value: (r) => r.value },
    ],
    async (p) => (await requestFigures(p)).perBucket,
  ),
  "requests-by-service": chart(categoryColumns("Service"), async (p) => (await requestFigures(p)).byService),
  "requests-by-urgency": chart(categoryColumns("Urgency"), async (p) => (await requestFigures(p)).byUrgency.map((u) => ({ ...u, label: urgencyLabel(u.urgency as Urgency) }))),
  "requests-by-city": chart(categoryColumns("City"), async (p) => (await requestFigures(p)).byCity),
  response: chart<ResponseCsvRow>(
    [
      { header: "Period", value: (r) => r.period },
      { header: "Urgency", value: (r) => (r.urgency ? urgencyLabel(r.urgency as Urgency) : "All") },
      { header: "Received", value: (r) => r.received },
      { header: "Responded", value: (r) => r.responded },
      { header: "Median response (minutes)", value: (r) => minutes(r.medianSeconds) },
      { header: "90th percentile (minutes)", value: (r) => minutes(r.p90Seconds) },
      { header: "Within 2 h", value: (r) => r.within2h },
      { header: "Within 2 h (%)", value: (r) => share(r.within2h, r.received) },
      { header: "Within 4 h", value: (r) => r.within4h },
      { header: "Within 4 h (%)", value: (r) => share(r.within4h, r.received) },
      { header: "Promise kept", value: (r) => r.kept },
      { header: "Promise kept (%)", value: (r) => share(r.kept, r.promised) },
    ],
    async (p) => {
      const f = await responseFigures(p);
      return [...f.current.map((r) => ({ ...r, period: `${p.from} to ${p.to}` })), ...f.previous.map((r) => ({ ...r, period: `${p.previous.from} to ${p.previous.to}` }))];
    },
  ),
  funnel: chart<FunnelStage>(
    [
      { header: "Stage", value: (r) => FUNNEL_LABELS[r.stage] },
      { header: "Requests, this period", value: (r) => r.current },
      { header: "Requests, previous period", value: (r) => r.previous },
    ],
    funnelFigures,
  ),
  money: chart<{ bucket: string; invoicedPaise: number; collectedPaise: number }>(
    [
      { header: "Day or month (India time)", value: (r) => r.bucket },
      { header: "Invoiced less credit notes (₹)", value: (r) => rupees(r.invoicedPaise) },
      { header: "Collected (₹)", value: (r) => rupees(r.collectedPaise) },
    ],
    async (p) => (await moneyFigures(p)).perBucket,
  ),
  technicians: chart<TechnicianFigures>(
    [
      { header: "Technician", value: (r) => r.reference },
      { header: "Name", value: (r) => r.name },
      { header: "City", value: (r) => r.city },
      { header: "Jobs completed", value: (r) => r.jobs },
      { header: "Hours on jobs", value: (r) => (r.minutes / 60).toFixed(1) },
      { header: "Utilisation (%)", value: (r) => r.utilisation ?? "" },
      { header: "Average rating (of 5)", value: (r) => r.rating ?? "" },
      { header: "Ratings", value: (r) => r.ratings },
    ],
    async (p) => (await teamFigures(p)).technicians,
  ),
  bench: chart<{ what: string; current: number | null; previous: number | null }>(
    [
      { header: "Figure", value: (r) => r.what },
      { header: "This period", value: (r) => r.current ?? "" },
      { header: "Previous period", value: (r) => r.previous ?? "" },
    ],
    async (p) => {
      const b = await benchFigures(p);
      return [
        { what: "Units returned", ...b.returned },
        { what: "Median turnaround (days)", ...b.medianDays },
        { what: "90th percentile turnaround (days)", ...b.p90Days },
      ];
    },
  ),
  renewals: chart<RenewalDue>(
    [
      { header: "Contract", value: (r) => r.reference },
      { header: "Customer", value: (r) => r.customer },
      { header: "Plan", value: (r) => r.plan },
      { header: "Ends on", value: (r) => r.endsOn },
      { header: "Price before GST (₹)", value: (r) => rupees(r.pricePaise) },
      { header: "Reminder sent", value: (r) => (r.reminded ? "yes" : "no") },
    ],
    async (p) => (await renewalFigures(p)).upcoming,
  ),
};

export type ChartName = keyof typeof CHARTS;
export const CHART_NAMES = Object.keys(CHARTS) as ChartName[];

/** The CSV of the chart named in ?chart=; other requests go on (the visitors' CSV has no chart). */
export function chartCsvMiddleware(): MiddlewareFunction<Response> {
  const each = new Map(
    Object.entries(CHARTS).map(([name, c]) => [
      name,
      csvExportMiddleware(name, (url: URL) => parsePeriod(url).period, c.columns as CsvColumn<unknown>[], (period: Period) => c.rows(period) as CsvRows<unknown>),
    ]),
  );
  return (args, next) => {
    const mw = each.get(new URL(args.request.url).searchParams.get("chart") ?? "");
    return mw ? mw(args, next) : next();
  };
}
