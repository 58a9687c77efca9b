/**
 * Jobs done per India-time week as a small bar chart drawn on the server (an SVG: no chart library, no
 * JavaScript). Its title reads every week's figure, so a screen reader gets the numbers, not the picture.
 */
const weekLabel = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });

export function weekOf(isoDate: string): string {
  return weekLabel.format(new Date(`${isoDate}T00:00:00+05:30`));
}

const WIDTH = 320;
const HEIGHT = 150;
const TOP = 18;
const BOTTOM = 22;

export function WeeklyChart({ weeks, id }: { weeks: Array<{ weekStart: string; count: number }>; id: string }) {
  const max = Math.max(1, ...weeks.map((w) => w.count));
  const slot = WIDTH / weeks.length;
  const bar = Math.min(26, slot * 0.6);
  const plot = HEIGHT - TOP - BOTTOM;
  const summary = weeks.map((w) => `week of ${weekOf(w.weekStart)}: ${w.count}`).join("; ");
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title`}
      className="mt-3 block h-auto w-full max-w-xl text-slate-800 dark:text-slate-200"
    >
      <title id={`${id}-title`}>{`Jobs done per week, oldest first: ${summary}.`}</title>
      <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="currentColor" strokeWidth="1" />
      {weeks.map((w, i) => {
        const h = Math.round((w.count / max) * plot);
        const x = i * slot + (slot - bar) / 2;
        const y = HEIGHT - BOTTOM - h;
        const current = i === weeks.length - 1;
        return (
          <g key={w.weekStart}>
            <rect x={x} y={y} width={bar} height={h} rx="2" className={current ? "fill-accent-600" : "fill-brand-700 dark:fill-sky-400"} />
            <text x={x + bar / 2} y={y - 4} textAnchor="middle" fontSize="11" fill="currentColor">
              {w.count}
            </text>
            <text x={x + bar / 2} y={HEIGHT - 6} textAnchor="middle" fontSize="9" fill="currentColor">
              {weekOf(w.weekStart)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
