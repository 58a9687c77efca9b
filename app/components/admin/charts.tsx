import type { ReactNode } from "react";
import { muted } from "./styles.ts";

/**
 * The back office's charts, drawn on the server as SVG (no chart library, no script): columns over time and
 * labelled bars per category. A chart is a picture only (aria-hidden); every chart comes with its figures as
 * a table (ChartTable), which is what a screen reader reads and what the CSV holds.
 */

/** The series' tones: the period first, a second series (or the previous period) lighter. */
const TONES = ["fill-brand-700 dark:fill-sky-400", "fill-slate-400 dark:fill-slate-500"] as const;

export interface Series {
  label: string;
  values: number[];
}

/** Columns over time: one or two series side by side per bar, scaled to the largest value. */
export function ColumnChart({ series }: { series: Series[] }) {
  const count = Math.max(0, ...series.map((s) => s.values.length));
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const group = series.length * 12;
  const gap = 4;
  const h = 120;
  const width = Math.max(1, count * (group + gap));
  return (
    <div>
      <svg viewBox={`0 0 ${width} ${h + 16}`} className="h-40 w-full" aria-hidden="true" preserveAspectRatio="none">
        {series.map((s, k) =>
          s.values.map((v, i) => {
            const bar = Math.round((v / max) * h);
            return <rect key={`${k}-${i}`} x={i * (group + gap) + k * 12} y={h - bar} width={12} height={Math.max(bar, v ? 1 : 0)} className={TONES[k % 2]} />;
          }),
        )}
        <line x1="0" y1={h + 0.5} x2={width} y2={h + 0.5} className="stroke-slate-400" strokeWidth="1" />
      </svg>
      {series.length > 1 && <Legend labels={series.map((s) => s.label)} />}
    </div>
  );
}

function Legend({ labels }: { labels: string[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-4 text-sm" aria-hidden="true">
      {labels.map((label, k) => (
        <li key={label} className="flex items-center gap-1.5">
          <svg viewBox="0 0 10 10" className="h-3 w-3">
            <rect width="10" height="10" className={TONES[k % 2]} />
          </svg>
          {label}
        </li>
      ))}
    </ul>
  );
}

export interface CategoryBar {
  label: string;
  value: number;
  /** The same figure in the previous period, drawn as a thin bar below. */
  previous?: number;
}

/** Labelled bars per category, largest scale shared with the previous period's figures. */
export function RowChart({ rows, format = (v) => v.toLocaleString("en-IN"), previousLabel }: { rows: CategoryBar[]; format?: (v: number) => string; previousLabel?: string }) {
  const max = Math.max(1, ...rows.flatMap((r) => [r.value, r.previous ?? 0]));
  const withPrevious = rows.some((r) => r.previous !== undefined);
  return (
    <div aria-hidden="true">
      <ul className="space-y-1.5 text-sm [&>li]:grid [&>li]:grid-cols-[minmax(0,10rem)_1fr_auto] [&>li]:items-center [&>li]:gap-2 sm:[&>li]:grid-cols-[minmax(0,14rem)_1fr_auto]">
        {rows.map((r) => (
          <li key={r.label}>
            <span className="truncate">{r.label}</span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-4 w-full">
              <rect y="0" height={withPrevious ? 6 : 10} width={(r.value / max) * 100} className={TONES[0]} />
              {r.previous !== undefined && <rect y="7" height="3" width={(r.previous / max) * 100} className={TONES[1]} />}
            </svg>
            <span className="tabular-nums">{format(r.value)}</span>
          </li>
        ))}
      </ul>
      {withPrevious && <Legend labels={["This period", previousLabel ?? "Previous period"]} />}
    </div>
  );
}

export interface TableColumn {
  header: string;
  numeric?: boolean;
}

/**
 * The cells' look set once on the table (descendant variants) rather than on each cell: a month's rows and a
 * team's make hundreds of cells, and the page is sent as HTML.
 */
const table =
  "w-full text-sm [&_th]:border-b [&_th]:px-3 [&_thead_th]:border-slate-300 [&_thead_th]:py-2 [&_thead_th]:font-semibold [&_tbody_th]:py-1.5 [&_tbody_th]:font-normal [&_tbody_th]:border-slate-200 [&_td]:border-b [&_td]:border-slate-200 [&_td]:px-3 [&_td]:py-1.5 [&_th]:text-left dark:[&_thead_th]:border-slate-700 dark:[&_tbody_th]:border-slate-800 dark:[&_td]:border-slate-800";
const numeric = "text-right tabular-nums";

/** A chart's figures as a table, under a disclosure ("… as a table"), scrolling sideways on a phone. */
export function ChartTable({ caption, columns, rows, open = false }: { caption: string; columns: TableColumn[]; rows: Array<{ key: string; cells: ReactNode[] }>; open?: boolean }) {
  return (
    <details className="mt-2" open={open}>
      <summary className="cursor-pointer font-medium">{caption} as a table</summary>
      {rows.length === 0 ? (
        <p className="mt-2">Nothing in this period.</p>
      ) : (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
          <table className={table}>
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={c.numeric ? "text-right!" : undefined}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  {r.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className={columns[i]?.numeric ? numeric : undefined}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}

/** A chart with its heading, what it counts, its CSV and its table. */
export function ChartSection({
  id,
  title,
  description,
  csvHref,
  csvLabel = "CSV",
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  csvHref?: string;
  csvLabel?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 min-w-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-lg font-bold">
          {title}
        </h3>
        {csvHref && (
          <a href={csvHref} download className="text-sm font-semibold text-brand-700 underline dark:text-sky-300">
            {csvLabel}
            <span className="sr-only"> of {title.toLowerCase()}</span>
          </a>
        )}
      </div>
      {description && <p className={`mt-1 text-sm ${muted}`}>{description}</p>}
      {children}
    </section>
  );
}

/** Headline figures: a grid of cards, one figure each, with the previous period's beside it when given. */
export function Figures({ children }: { children: ReactNode }) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </dl>
  );
}

export function Figure({ label, value, previous, note, testId }: { label: string; value: ReactNode; previous?: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums sm:text-3xl" data-testid={testId}>
        {value}
      </dd>
      {previous !== undefined && <dd className={`mt-1 text-sm ${muted}`}>Previous period: {previous}</dd>}
      {note && <dd className={`mt-1 text-sm ${muted}`}>{note}</dd>}
    </div>
  );
}
