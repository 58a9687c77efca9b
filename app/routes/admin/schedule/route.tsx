import { staffOf } from "~/.server/auth/staff.ts";
import { scheduleBoard, type ScheduleBoard } from "~/.server/schedule/board.ts";
import { STAGE_LABELS, type VisitStage } from "~/lib/schedule/stages.ts";
import { FilterInput, FilterPanel, FilterSelect } from "~/components/admin/filter-form.tsx";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { formatIndianPhone, telHref } from "~/lib/contact-links.ts";
import { boardQuerySchema, type BoardQuery } from "~/lib/forms/admin/schedule.ts";
import { URGENCIES } from "~/lib/forms/urgency.ts";
import { BoardMoves, DropButton, LengthHandle, useBoardMoves, weekPxPerMinute, type DropTarget, type Movable } from "./board-moves.tsx";
import type { Route } from "./+types/route";

/**
 * /admin/schedule (permission "dispatch", issue 21): the dispatch board. The week (a column per day) or the day
 * (an hour grid; a list per technician on a phone), one row per approved technician, each visit coloured by its
 * stage with the emergencies outlined; the waiting queue beside it. Everything is in the address (view, date,
 * filters) and drawn on the server; each job's "Move" opens its form (/admin/schedule/move/{reference}), which
 * works without JavaScript. With it, jobs are dragged (or picked up from the keyboard) onto the board, posting
 * to that same form's action (./board-moves.tsx, ADR 063). The page reloads its data when a request
 * changes (live events, ADR 020), so another dispatcher's move shows in place.
 */
const PATH = "/admin/schedule";

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const query = boardQuerySchema().parse(Object.fromEntries(url.searchParams));
  return { query, board: await scheduleBoard(query) };
}

export const handle = { title: "Schedule" };

/** The board's address with some of its query changed (undefined: left out). */
function hrefWith(q: BoardQuery, change: Partial<Record<keyof BoardQuery, string | undefined>>): string {
  const params = new URLSearchParams();
  const merged: Record<string, string | number | undefined> = { ...q, ...change };
  for (const [k, v] of Object.entries(merged)) if (v !== undefined && v !== "") params.set(k, String(v));
  return `${PATH}?${params.toString()}`;
}

/** Stage colours: each with dark text on a light fill (contrast AA) and a left bar of the stage's hue. */
const STAGE_STYLE: Record<VisitStage, string> = {
  scheduled: "border-l-sky-700 bg-sky-50 dark:bg-sky-950",
  on_the_way: "border-l-amber-600 bg-amber-50 dark:bg-amber-950",
  on_site: "border-l-violet-700 bg-violet-50 dark:bg-violet-950",
  waiting: "border-l-slate-500 bg-slate-100 dark:bg-slate-800",
  work_done: "border-l-emerald-700 bg-emerald-50 dark:bg-emerald-950",
};

/** A link in a row of actions: at least 24 px tall, so a finger finds it (WCAG 2.2 target size). */
const actionLink = `${link} inline-flex min-h-6 items-center`;

type Visit = ScheduleBoard["technicians"][number]["days"][number]["visits"][number];
type Off = ScheduleBoard["technicians"][number]["days"][number]["timeOff"][number];
type Job = ScheduleBoard["queue"]["items"][number];

const movableVisit = (v: Visit): Movable => ({ reference: v.reference, version: v.version, label: `${v.reference} (${v.customer})`, technicianId: v.technicianId, move: v.move });
const movableJob = (j: Job): Movable => ({ reference: j.reference, version: j.version, label: `${j.reference} (${j.customer})`, technicianId: j.technicianId, move: null });

/** "Pick up" for the keyboard (with JavaScript only: without, the "Move" link's form does it). */
function PickUp({ m, cell }: { m: Movable; cell?: [number, number] }) {
  const moves = useBoardMoves();
  if (!moves?.enabled) return null;
  return (
    <button type="button" data-pick={m.reference} className={actionLink} onClick={() => moves.pick(m, cell)}>
      Pick up {m.reference}
    </button>
  );
}

/** A visit: its card (a disclosure with the request's essentials), dragged to move it, its length handle on the right. */
function VisitCard({ v, back, cell, pxPerMinute }: { v: Visit; back: string; cell: [number, number]; pxPerMinute: () => number }) {
  const moves = useBoardMoves();
  const m = movableVisit(v);
  const resizable = v.stage !== "work_done";
  return (
    <div className="relative" data-visit={v.reference} {...moves?.dragSource(m)}>
    <details className={`rounded border border-l-4 border-slate-300 p-1.5 text-sm dark:border-slate-600 ${resizable && moves?.enabled ? "pr-7" : ""} ${STAGE_STYLE[v.stage]} ${v.emergency ? "ring-2 ring-red-700" : ""}`}>
      <summary className="cursor-pointer">
        <span className="font-semibold">{v.window}</span> {v.emergency && <strong className="text-red-800 dark:text-red-300">Emergency</strong>}
        <span className="block">
          {v.reference} · {v.customer}
        </span>
        <span className="block">
          {v.stageLabel}
          {v.city ? ` · ${v.city}` : ""}
        </span>
        {v.flags.map((f) => (
          <strong key={f} className="block text-red-800 dark:text-red-300">
            ⚠ {f}
          </strong>
        ))}
      </summary>
      <dl className="mt-1 space-y-0.5">
        <div>
          <dt className="sr-only">Service</dt>
          <dd>{v.service}</dd>
        </div>
        <div>
          <dt className="sr-only">Site</dt>
          <dd>{[v.site, v.city].filter(Boolean).join(", ") || "Site not given"}</dd>
        </div>
        <div>
          <dt className="sr-only">Urgency</dt>
          <dd>
            {v.urgencyLabel}
            {v.amc ? " · AMC visit" : ""}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Customer's phone</dt>
          <dd>
            {v.contactName}:{" "}
            <a className={link} href={telHref(v.phone)}>
              {formatIndianPhone(v.phone)}
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        <a className={actionLink} href={`/admin/service-requests/${v.reference}`}>
          Open {v.reference}
        </a>
        <a className={actionLink} href={`${PATH}/move/${v.reference}?back=${encodeURIComponent(back)}`}>
          Move {v.reference}
        </a>
        <PickUp m={m} cell={cell} />
      </p>
    </details>
    {resizable && <LengthHandle key={`${v.move.date} ${v.move.from} ${v.move.to}`} m={m} pxPerMinute={pxPerMinute} />}
    </div>
  );
}

function TimeOffNote({ o }: { o: Off }) {
  return (
    <p className="rounded border border-dashed border-slate-500 bg-[repeating-linear-gradient(45deg,transparent,transparent_6px,rgb(148_163_184/0.25)_6px,rgb(148_163_184/0.25)_12px)] p-1.5 text-sm">
      {o.kind === "leave" ? "On leave" : "Unavailable"} {o.window}
      {o.note ? `: ${o.note}` : ""}
    </p>
  );
}

function WeekView({ board, back }: { board: ScheduleBoard; back: string }) {
  const moves = useBoardMoves();
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="The week, by technician">
      <table className="w-full min-w-[60rem] table-fixed border-collapse text-left">
        <caption className="sr-only">Visits of the week, one row per technician and a column per day</caption>
        <thead>
          <tr>
            <th scope="col" className="w-40 border-b border-slate-300 p-2 dark:border-slate-600">
              Technician
            </th>
            {board.days.map((d) => (
              <th key={d.date} scope="col" className={`border-b border-slate-300 p-2 dark:border-slate-600 ${d.today ? "bg-brand-50 dark:bg-slate-800" : ""}`}>
                <a className={link} href={hrefWith({ view: "day", date: d.date } as BoardQuery, {})} aria-label={`${d.label}${d.today ? " (today)" : ""}: day view`}>
                  {d.label}
                </a>
                {d.today && <span className="block text-xs font-normal">Today</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {board.technicians.map((t, row) => (
            <tr key={t.id} className="align-top">
              <th scope="row" className="border-b border-slate-200 p-2 text-sm dark:border-slate-700">
                {t.name}
                <span className={`block font-normal ${muted}`}>
                  {t.city}
                  {t.availableNow ? "" : " · not available now"}
                </span>
              </th>
              {t.days.map((d, column) => {
                const target: DropTarget = { technicianId: t.id, technicianName: t.name, date: d.date, dateLabel: board.days[column]!.label, cell: [row, column] };
                return (
                  <td key={d.date} className="space-y-1 border-b border-slate-200 p-1 group-data-[dragging]:hover:bg-brand-50 dark:border-slate-700 dark:group-data-[dragging]:hover:bg-slate-800" {...moves?.dropTarget(target)}>
                    {d.timeOff.map((o) => (
                      <TimeOffNote key={o.id} o={o} />
                    ))}
                    {d.visits.map((v) => (
                      <VisitCard key={v.reference} v={v} back={back} cell={[row, column]} pxPerMinute={weekPxPerMinute} />
                    ))}
                    {d.visits.length === 0 && d.timeOff.length === 0 && <span className="sr-only">Free</span>}
                    <DropButton target={target} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The day: per technician, their visits as a list (on a phone) that becomes an hour grid from the small
 * breakpoint up: each item placed by its start and length within the working hours.
 */
function DayView({ board, back }: { board: ScheduleBoard; back: string }) {
  const moves = useBoardMoves();
  const day = board.days[0]!;
  const hourWidth = `${(6000 / board.grid.span).toFixed(3)}%`;
  return (
    <div>
      <div aria-hidden="true" className="relative ml-44 hidden h-6 text-xs sm:block">
        {board.hours.map((h) => (
          <span key={h.clock} className="absolute -translate-x-1/2" style={{ left: `${h.left}%` }}>
            {h.clock}
          </span>
        ))}
      </div>
      <ul className="space-y-2">
        {board.technicians.map((t, row) => {
          const visits = t.days[0]!;
          // The hour grid's width in pixels per minute, read when a length handle is dragged.
          const pxPerMinute = () => (document.querySelector(`[data-day-grid="${t.id}"]`)?.getBoundingClientRect().width ?? 600) / board.grid.span;
          return (
            <li key={t.id} className="border-b border-slate-200 pb-2 sm:flex sm:gap-4 dark:border-slate-700">
              <h3 className="font-semibold sm:w-40 sm:shrink-0">
                {t.name}
                <span className={`block text-sm font-normal ${muted}`}>{t.city}</span>
              </h3>
              <div data-day-grid={t.id} className="sm:relative sm:min-h-24 sm:flex-1 sm:bg-[linear-gradient(to_right,rgb(148_163_184/0.3)_1px,transparent_1px)] sm:bg-[size:calc(100%/var(--hours))_100%]" style={{ "--hours": board.hours.length } as React.CSSProperties}>
                {moves?.enabled && (
                  // The hour cells under the visits: where a drag (or a picked-up job) lands.
                  <div className="absolute inset-0 hidden sm:block">
                    {board.hours.map((h, column) => {
                      const target: DropTarget = { technicianId: t.id, technicianName: t.name, date: day.date, dateLabel: day.label, from: h.clock, cell: [row, column] };
                      return (
                        <div key={h.clock} data-hour-cell={`${t.id} ${h.clock}`} className="absolute inset-y-0 flex items-end p-0.5 group-data-[dragging]:hover:bg-brand-50 dark:group-data-[dragging]:hover:bg-slate-800" style={{ left: `${h.left}%`, width: hourWidth }} {...moves.dropTarget(target)}>
                          <DropButton target={target} className="relative z-30 bg-white/90 dark:bg-slate-900/90" />
                        </div>
                      );
                    })}
                  </div>
                )}
                {visits.visits.length === 0 && visits.timeOff.length === 0 ? (
                  <p className={`text-sm ${muted}`}>No visits.</p>
                ) : (
                  <ol className="space-y-1 sm:space-y-0">
                    {visits.timeOff.map((o) => (
                      <li key={`off-${o.id}`} className="sm:pointer-events-none sm:absolute sm:inset-y-0 sm:left-[var(--left)] sm:w-[var(--width)]" style={{ "--left": `${o.left}%`, "--width": `${o.width}%` } as React.CSSProperties}>
                        <TimeOffNote o={o} />
                      </li>
                    ))}
                    {visits.visits.map((v) => (
                      <li key={v.reference} className="group-data-[dragging]:pointer-events-none sm:absolute sm:top-0 sm:left-[var(--left)] sm:z-10 sm:w-[var(--width)] sm:min-w-32 sm:focus-within:z-20 sm:hover:z-20" style={{ "--left": `${v.left}%`, "--width": `${v.width}%` } as React.CSSProperties}>
                        <VisitCard v={v} back={back} cell={[row, Math.max(0, board.hours.findIndex((h) => h.clock.slice(0, 2) === v.move.from.slice(0, 2)))]} pxPerMinute={pxPerMinute} />
                      </li>
                    ))}
                  </ol>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Queue({ board, back }: { board: ScheduleBoard; back: string }) {
  const moves = useBoardMoves();
  const { items, total } = board.queue;
  return (
    <section aria-labelledby="queue-heading" className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <h2 id="queue-heading" className="text-lg font-semibold">
        Waiting ({total})
      </h2>
      <p className={`text-sm ${muted}`}>No technician yet, or no visit booked. Newest emergencies first.</p>
      {items.length === 0 ? (
        <p className="mt-2">Nothing is waiting.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {items.map((j) => (
            <li key={j.reference} data-job={j.reference} className={`rounded border p-2 text-sm ${moves?.enabled ? "cursor-grab" : ""} ${j.emergency ? "border-red-700 border-l-4" : "border-slate-300 dark:border-slate-600"}`} {...moves?.dragSource(movableJob(j))}>
              <p className="font-semibold">
                {j.reference} · {j.customer}
              </p>
              <p>
                {j.emergency ? <strong className="text-red-800 dark:text-red-300">{j.urgencyLabel}</strong> : j.urgencyLabel}
                {j.amc ? " · AMC visit" : ""} · {j.service}
                {j.city ? ` · ${j.city}` : ""}
              </p>
              <p>
                Needs: {j.waitingFor} ·{" "}
                <span className={j.clock.tone === "bad" ? "font-semibold text-red-800 dark:text-red-300" : j.clock.tone === "warning" ? "font-semibold text-amber-800 dark:text-amber-300" : ""}>
                  {j.clock.text}
                </span>
              </p>
              <p>
                <a className={link} href={telHref(j.phone)}>
                  {formatIndianPhone(j.phone)}
                </a>
              </p>
              <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
                <a className={actionLink} href={`/admin/service-requests/${j.reference}`}>
                  Open {j.reference}
                </a>
                <a className={actionLink} href={`${PATH}/move/${j.reference}?back=${encodeURIComponent(back)}`}>
                  Book {j.reference}
                </a>
                <PickUp m={movableJob(j)} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {total > items.length && (
        <p className="mt-2 text-sm">
          {total - items.length} more:{" "}
          <a className={link} href="/admin/service-requests">
            see the service requests
          </a>
          .
        </p>
      )}
    </section>
  );
}

export default function ScheduleScreen({ loaderData }: Route.ComponentProps) {
  const { query: q, board } = loaderData;
  const back = hrefWith(q, {});
  const filtered = Boolean(q.city || q.skill || q.technician || q.urgency || q.amc);
  return (
    <div>
      <LiveStatus kinds={["request."]} what="The schedule" />
      <PageHeader
        title="Schedule"
        description={`Working hours ${board.workingHours.open} - ${board.workingHours.close}, India time.`}
        actions={
          <>
            <ButtonLink href={`${PATH}/time-off`}>Leave and unavailable hours</ButtonLink>
            <ButtonLink href={`${PATH}/calendar`}>Calendar feeds</ButtonLink>
          </>
        }
      />
      <nav aria-label="Dates and views" className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <a className={link} href={hrefWith(q, { date: board.previous })}>
          ← Previous {q.view}
        </a>
        <a className={link} href={hrefWith(q, { date: board.today })}>
          Today
        </a>
        <a className={link} href={hrefWith(q, { date: board.next })}>
          Next {q.view} →
        </a>
        <span aria-hidden="true">|</span>
        {q.view === "week" ? (
          <a className={link} href={hrefWith(q, { view: "day" })}>
            Day view
          </a>
        ) : (
          <a className={link} href={hrefWith(q, { view: "week" })}>
            Week view
          </a>
        )}
      </nav>
      <FilterPanel action={PATH} label="Filter the schedule" keep={{ view: q.view, date: q.date }} clear={filtered ? { href: hrefWith({ view: q.view, date: q.date } as BoardQuery, {}) } : null}>
        <FilterSelect name="city" label="City" value={q.city} any="All cities" options={board.options.cities.map((c) => ({ value: c, label: c }))} />
        <FilterSelect name="skill" label="Skill" value={q.skill} any="All skills" options={board.options.skills} />
        <FilterSelect name="technician" label="Technician" value={q.technician ? String(q.technician) : undefined} any="All technicians" options={board.options.technicians} />
        <FilterSelect name="urgency" label="Urgency" value={q.urgency} any="All urgencies" options={URGENCIES.map((u) => ({ value: u.value, label: u.label }))} />
        <FilterSelect name="amc" label="Contract" value={q.amc} any="All visits" options={[{ value: "yes", label: "AMC visits only" }]} />
        <FilterInput name="date" label="Date" type="date" value={q.date} />
      </FilterPanel>
      <p className="mb-3 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <span className="sr-only">Stage colours:</span>
        {(Object.keys(STAGE_LABELS) as VisitStage[]).map((s) => (
          <span key={s} className={`rounded border border-l-4 border-slate-300 px-1.5 dark:border-slate-600 ${STAGE_STYLE[s]}`}>
            {STAGE_LABELS[s]}
          </span>
        ))}
        <span className="rounded px-1.5 ring-2 ring-red-700">Emergency</span>
      </p>
      <BoardMoves open={board.workingHours.open} close={board.workingHours.close}>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="board-heading" className="min-w-0">
          <h2 id="board-heading" className="mb-2 text-lg font-semibold">
            {q.view === "week" ? `Week of ${board.days[0]!.label}` : board.days[0]!.label}
            {board.technicians.length === 0 ? "" : ` · ${board.technicians.length} technicians`}
          </h2>
          {board.technicians.length === 0 ? (
            <p>No approved technician matches these filters.</p>
          ) : q.view === "week" ? (
            <WeekView board={board} back={back} />
          ) : (
            <DayView board={board} back={back} />
          )}
        </section>
        <Queue board={board} back={back} />
      </div>
      </BoardMoves>
    </div>
  );
}
