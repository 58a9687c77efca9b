import type { ReactNode } from "react";
import type { BusinessFigures, Compared, ResponseRow } from "~/.server/analytics/index.ts";
import { ChartSection, ChartTable, ColumnChart, Figure, Figures, RowChart } from "~/components/admin/charts.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { FieldError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { changePercent, type Period, type PeriodQuery } from "~/lib/analytics.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { urgencyLabel, type Urgency } from "~/lib/forms/urgency.ts";
import { formatDuration } from "~/lib/requests/sla.ts";

/**
 * The business part of /admin/analytics: the period form and a section per subject, each with its headline
 * figures (this period and the one before), its chart, the chart's table and its CSV.
 */

const n = (v: number) => v.toLocaleString("en-IN");
const pct = (part: number, of: number) => (of > 0 ? `${((part / of) * 100).toFixed(1)}%` : "–");
const hours = (seconds: number | null) => (seconds === null ? "–" : formatDuration(seconds / 60));
const days = (v: number | null) => (v === null ? "–" : `${v.toLocaleString("en-IN")} ${v === 1 ? "day" : "days"}`);
const money = (paise: number) => formatPaise(paise);

/** "1,234 (+12%)": the previous period's figure and the change from it. */
function was(c: Compared, format: (v: number) => string = n): string {
  const change = changePercent(c.current, c.previous);
  return change === null ? format(c.previous) : `${format(c.previous)} (${change > 0 ? "+" : ""}${change}% now)`;
}

/** The address's period as a query (from=...&to=...), for the CSV links; empty for the default period. */
export function periodQuery(asked: PeriodQuery["asked"], errors: PeriodQuery["errors"]): string {
  if (errors.from || errors.to) return "";
  const q = new URLSearchParams();
  if (asked.from) q.set("from", asked.from);
  if (asked.to) q.set("to", asked.to);
  return q.toString();
}

function csv(path: string, query: string, chart: string): string {
  return `${path}?${query ? `${query}&` : ""}chart=${chart}&format=csv`;
}

/** The period: two dates in a GET form (it works without JavaScript), each refusal beside its field. */
export function PeriodForm({ path, period, asked, errors }: { path: string; period: Period; asked: PeriodQuery["asked"]; errors: PeriodQuery["errors"] }) {
  const field = (name: "from" | "to", label: string) => (
    <div>
      <label htmlFor={`period-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`period-${name}`}
        name={name}
        type="date"
        defaultValue={errors[name] ? asked[name] : asked[name] || period[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `period-${name}-error` : undefined}
        className={`${control} ${errors[name] ? "border-red-700" : ""}`}
      />
      <FieldError id={`period-${name}-error`} message={errors[name]} />
    </div>
  );
  return (
    <form method="get" action={path} role="search" aria-label="Period" className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-end gap-4">
        {field("from", "First day")}
        {field("to", "Last day")}
        <Button type="submit" size="small">
          Show
        </Button>
        <a href={path} className={`${link} pb-2`}>
          Last 30 days
        </a>
      </div>
      <p className={`mt-2 text-sm ${muted}`} aria-live="polite">
        Showing {formatDate(period.from)} to {formatDate(period.to)} ({n(period.days)} {period.days === 1 ? "day" : "days"}, India time), compared with{" "}
        {formatDate(period.previous.from)} to {formatDate(period.previous.to)}.{errors.from || errors.to ? " The dates asked for could not be used: the last 30 days are shown." : ""}
      </p>
    </form>
  );
}

function Subject({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

// One formatter, made once: toLocaleDateString with options builds one per call (ADR 070).
const monthYear = new Intl.DateTimeFormat("en-IN", { month: "long", year: "numeric", timeZone: "Asia/Kolkata" });
const bucketLabel = (bucket: string) => (bucket.length === 7 ? monthYear.format(new Date(`${bucket}-01T00:00:00+05:30`)) : formatDate(bucket));

const FUNNEL: Record<string, string> = { requests: "Requests received", quoted: "Quote sent", invoiced: "Invoiced", paid: "Paid in full" };

function responseCells(r: ResponseRow): ReactNode[] {
  return [
    r.urgency ? urgencyLabel(r.urgency as Urgency) : "All",
    n(r.received),
    n(r.responded),
    hours(r.medianSeconds),
    hours(r.p90Seconds),
    pct(r.within2h, r.received),
    pct(r.within4h, r.received),
    pct(r.kept, r.promised),
  ];
}

export function BusinessSections({ path, query, period, business }: { path: string; query: string; period: Period; business: BusinessFigures }) {
  const { requests, response, funnel, money: m, team, bench, renewals } = business;
  const per = period.unit === "day" ? "day" : "month";
  const all = response.current[0]!;
  const allBefore = response.previous[0]!;
  const share = (part: (r: ResponseRow) => number, of: (r: ResponseRow) => number) => ({
    value: pct(part(all), of(all)),
    previous: pct(part(allBefore), of(allBefore)),
  });
  const within2 = share((r) => r.within2h, (r) => r.received);
  const within4 = share((r) => r.within4h, (r) => r.received);
  const kept = share((r) => r.kept, (r) => r.promised);
  const categoryTable = (caption: string, what: string, rows: Array<{ label: string; current: number; previous: number }>) => (
    <ChartTable
      caption={caption}
      columns={[{ header: what }, { header: "This period", numeric: true }, { header: "Previous period", numeric: true }]}
      rows={rows.map((r) => ({ key: r.label, cells: [r.label, n(r.current), n(r.previous)] }))}
    />
  );
  return (
    <>
      <Subject id="requests" title="Requests">
        <Figures>
          <Figure label="Requests received" value={n(requests.total.current)} previous={was(requests.total)} testId="requests-received" />
        </Figures>
        <ChartSection id="requests-per" title={`Requests per ${per}`} csvHref={csv(path, query, "requests-per-day")} description="By the day each request was received (India time).">
          <ColumnChart series={[{ label: "Requests", values: requests.perBucket.map((b) => b.value) }]} />
          <ChartTable
            caption={`Requests per ${per}`}
            columns={[{ header: period.unit === "day" ? "Day" : "Month" }, { header: "Requests", numeric: true }]}
            rows={requests.perBucket.map((b) => ({ key: b.bucket, cells: [bucketLabel(b.bucket), n(b.value)] }))}
          />
        </ChartSection>
        <ChartSection id="requests-service" title="Requests by service" csvHref={csv(path, query, "requests-by-service")} description="The service named on the request; the thin bar is the previous period.">
          <RowChart rows={requests.byService.slice(0, 12).map((r) => ({ label: r.label, value: r.current, previous: r.previous }))} />
          {requests.byService.length > 12 && <p className={`mt-1 text-sm ${muted}`}>The twelve with most requests; the table has all {n(requests.byService.length)}.</p>}
          {categoryTable("Requests by service", "Service", requests.byService)}
        </ChartSection>
        <ChartSection id="requests-urgency" title="Requests by urgency" csvHref={csv(path, query, "requests-by-urgency")}>
          <RowChart rows={requests.byUrgency.map((r) => ({ label: urgencyLabel(r.urgency as Urgency), value: r.current, previous: r.previous }))} />
          {categoryTable(
            "Requests by urgency",
            "Urgency",
            requests.byUrgency.map((r) => ({ ...r, label: urgencyLabel(r.urgency as Urgency) })),
          )}
        </ChartSection>
        <ChartSection id="requests-city" title="Requests by city" csvHref={csv(path, query, "requests-by-city")} description="The city typed on the request.">
          <RowChart rows={requests.byCity.slice(0, 12).map((r) => ({ label: r.label, value: r.current, previous: r.previous }))} />
          {categoryTable("Requests by city", "City", requests.byCity)}
        </ChartSection>
      </Subject>

      <Subject id="response" title="Response against the promise">
        <p className={`mt-1 text-sm ${muted}`}>
          From receipt to the first logged call or note, which is what stops the promise&rsquo;s clock. A request still waiting counts as not answered within 2 or 4 hours;
          requests closed as duplicates are left out. The promise is the urgency&rsquo;s (or the customer&rsquo;s contract&rsquo;s) response time.
        </p>
        <Figures>
          <Figure label="Median response" value={hours(all.medianSeconds)} previous={hours(allBefore.medianSeconds)} testId="response-median" />
          <Figure label="90th percentile" value={hours(all.p90Seconds)} previous={hours(allBefore.p90Seconds)} />
          <Figure label="Answered within 2 hours" value={within2.value} previous={within2.previous} />
          <Figure label="Answered within 4 hours" value={within4.value} previous={within4.previous} />
          <Figure label="Promise kept" value={kept.value} previous={kept.previous} note={`${n(all.kept)} of ${n(all.promised)} requests with a promise`} />
        </Figures>
        <ChartSection id="response-urgency" title="Response by urgency" csvHref={csv(path, query, "response")} description="The share answered within 4 hours; the thin bar is the previous period.">
          <RowChart
            rows={response.current.slice(1).map((r, i) => {
              const before = response.previous[i + 1]!;
              return { label: urgencyLabel(r.urgency as Urgency), value: r.received ? (r.within4h / r.received) * 100 : 0, previous: before.received ? (before.within4h / before.received) * 100 : 0 };
            })}
            format={(v) => `${v.toFixed(1)}%`}
          />
          <ChartTable
            caption="Response by urgency, this period"
            columns={[
              { header: "Urgency" },
              { header: "Received", numeric: true },
              { header: "Answered", numeric: true },
              { header: "Median", numeric: true },
              { header: "90th percentile", numeric: true },
              { header: "Within 2 h", numeric: true },
              { header: "Within 4 h", numeric: true },
              { header: "Promise kept", numeric: true },
            ]}
            rows={response.current.map((r) => ({ key: r.urgency ?? "all", cells: responseCells(r) }))}
          />
        </ChartSection>
      </Subject>

      <Subject id="funnel" title="From request to payment">
        <ChartSection
          id="funnel-chart"
          title="Funnel"
          csvHref={csv(path, query, "funnel")}
          description="The period's requests, and how many have since had a quote sent, an invoice issued (for the request or its quote, not cancelled) and every invoice paid. A job invoiced without a quote counts as invoiced, not quoted."
        >
          <RowChart rows={funnel.map((s) => ({ label: FUNNEL[s.stage]!, value: s.current, previous: s.previous }))} />
          <ChartTable
            caption="Funnel"
            columns={[{ header: "Stage" }, { header: "This period", numeric: true }, { header: "Of requests", numeric: true }, { header: "Previous period", numeric: true }]}
            rows={funnel.map((s) => ({ key: s.stage, cells: [FUNNEL[s.stage], n(s.current), pct(s.current, funnel[0]!.current), n(s.previous)] }))}
            open
          />
        </ChartSection>
      </Subject>

      <Subject id="money" title="Revenue and collections">
        <Figures>
          <Figure label="Revenue (taxable value)" value={money(m.revenuePaise.current)} previous={was(m.revenuePaise, money)} note="Invoices issued less credit notes, before GST." testId="revenue" />
          <Figure label="Invoiced with GST" value={money(m.invoicedPaise.current)} previous={was(m.invoicedPaise, money)} testId="invoiced" />
          <Figure label="Collected" value={money(m.collectedPaise.current)} previous={was(m.collectedPaise, money)} note="Payments received in the period." testId="collected" />
          <Figure
            label="Outstanding today"
            value={money(m.outstandingPaise)}
            note={
              <>
                {n(m.openInvoices)} open {m.openInvoices === 1 ? "invoice" : "invoices"}, {money(m.overduePaise)} past due.{" "}
                <a href="/admin/payments/outstanding" className={link}>
                  Who owes what
                </a>
              </>
            }
            testId="outstanding"
          />
        </Figures>
        <ChartSection id="money-per" title={`Invoiced and collected per ${per}`} csvHref={csv(path, query, "money")}>
          <ColumnChart
            series={[
              { label: "Invoiced (with GST, less credit notes)", values: m.perBucket.map((b) => b.invoicedPaise) },
              { label: "Collected", values: m.perBucket.map((b) => b.collectedPaise) },
            ]}
          />
          <ChartTable
            caption={`Invoiced and collected per ${per}`}
            columns={[{ header: period.unit === "day" ? "Day" : "Month" }, { header: "Invoiced", numeric: true }, { header: "Collected", numeric: true }]}
            rows={m.perBucket.map((b) => ({ key: b.bucket, cells: [bucketLabel(b.bucket), money(b.invoicedPaise), money(b.collectedPaise)] }))}
          />
        </ChartSection>
      </Subject>

      <Subject id="team" title="Technicians">
        <p className={`mt-1 text-sm ${muted}`}>
          Utilisation: the time on the jobs completed in the period (the labour the technician entered, else their time on site) over the period&rsquo;s working hours (
          {n(Math.round(team.workingMinutes / 60))} hours, from the working days and hours in the settings). Ratings: those the customers gave in the period.
        </p>
        <Figures>
          <Figure label="Jobs completed" value={n(team.jobs.current)} previous={was(team.jobs)} />
          <Figure label="Average utilisation" value={team.utilisation.current === null ? "–" : `${team.utilisation.current}%`} previous={team.utilisation.previous === null ? "–" : `${team.utilisation.previous}%`} />
          <Figure
            label="Average rating"
            value={team.rating.current === null ? "–" : `${team.rating.current} of 5`}
            previous={team.rating.previous === null ? "–" : `${team.rating.previous} of 5`}
            note={`${n(team.ratings.current)} ratings`}
          />
        </Figures>
        <ChartSection id="team-chart" title="Utilisation by technician" csvHref={csv(path, query, "technicians")}>
          {team.technicians.length === 0 ? (
            <p className="mt-2">No approved technician yet.</p>
          ) : (
            <>
              <RowChart rows={team.technicians.slice(0, 15).map((t) => ({ label: t.name, value: t.utilisation ?? 0 }))} format={(v) => `${v}%`} />
              <ChartTable
                caption="Technicians"
                columns={[
                  { header: "Technician" },
                  { header: "City" },
                  { header: "Jobs completed", numeric: true },
                  { header: "Hours on jobs", numeric: true },
                  { header: "Utilisation", numeric: true },
                  { header: "Rating", numeric: true },
                ]}
                rows={team.technicians.map((t) => ({
                  key: String(t.id),
                  cells: [
                    <a key="t" href={`/admin/technicians/${t.id}`} className={link}>
                      {t.name}
                    </a>,
                    t.city,
                    n(t.jobs),
                    (t.minutes / 60).toFixed(1),
                    t.utilisation === null ? "–" : `${t.utilisation}%`,
                    t.rating === null ? "–" : `${t.rating} (${n(t.ratings)})`,
                  ],
                }))}
              />
            </>
          )}
        </ChartSection>
      </Subject>

      <Subject id="bench" title="Bench repairs">
        <Figures>
          <Figure label="Units returned" value={n(bench.returned.current)} previous={was(bench.returned)} />
          <Figure label="Median turnaround" value={days(bench.medianDays.current)} previous={days(bench.medianDays.previous)} note="From booking in to return." />
          <Figure label="90th percentile" value={days(bench.p90Days.current)} previous={days(bench.p90Days.previous)} />
          <Figure label="On the bench today" value={n(bench.onBenchNow)} />
        </Figures>
        <p className="mt-2 text-sm">
          <a href={csv(path, query, "bench")} download className={link}>
            CSV of bench turnaround
          </a>
        </p>
      </Subject>

      <Subject id="renewals" title="AMC renewals">
        <Figures>
          <Figure label="Contracts ending in the period" value={n(renewals.due.current)} previous={was(renewals.due)} note={`${money(renewals.duePaise.current)} a period, before GST`} />
          <Figure label="Renewed" value={`${n(renewals.renewed.current)} (${pct(renewals.renewed.current, renewals.due.current)})`} previous={`${n(renewals.renewed.previous)} (${pct(renewals.renewed.previous, renewals.due.previous)})`} />
        </Figures>
        <ChartSection id="renewals-due" title="Renewals due in the next 90 days" csvHref={csv(path, query, "renewals")} description="Active contracts ending from today, with no renewal made yet.">
          <ChartTable
            caption="Renewals due in the next 90 days"
            columns={[{ header: "Contract" }, { header: "Customer" }, { header: "Plan" }, { header: "Ends on" }, { header: "Price before GST", numeric: true }, { header: "Reminder" }]}
            rows={renewals.upcoming.map((r) => ({
              key: String(r.id),
              cells: [
                <a key="c" href={`/admin/contracts/${encodeURIComponent(r.reference)}`} className={link}>
                  {r.reference}
                </a>,
                r.customer,
                r.plan.charAt(0).toUpperCase() + r.plan.slice(1),
                formatDate(r.endsOn),
                money(r.pricePaise),
                r.reminded ? "Sent" : "Not yet",
              ],
            }))}
            open
          />
        </ChartSection>
      </Subject>
    </>
  );
}
