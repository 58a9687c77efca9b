import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { clockMinutes, minutesClock } from "~/lib/schedule/week.ts";

/**
 * The schedule board's moves with JavaScript (issue 21 §1, ADR 063): drag a waiting job onto a
 * technician's row at a time (day view: an hour cell; week view: a day cell) to assign and book it, drag a visit
 * to move it, drag a visit's right edge to change its length. The keyboard does the same: "Pick up" turns every
 * cell into a button (arrow keys between them, Enter drops, Escape cancels), and the length handle is a slider
 * (arrows change it, Enter saves). Every drop posts the no-JS move form's own fields to its own action
 * (/admin/schedule/move/{reference}: dispatchVisit, version check, SMS, audit), so a refusal comes back the same
 * way: clashes are listed in a dialog before anything is saved, and "Save anyway" sends their fingerprint.
 * Native drag events and this module only (no library): a few KB, in the board's own route chunk.
 */

/** A job the board can move: a visit (with its window) or a waiting job (without). */
export interface Movable {
  reference: string;
  version: number;
  label: string;
  technicianId: number | null;
  /** The visit's window as the move form takes it; null for a job with no visit yet. */
  move: { date: string; from: string; to: string } | null;
}

/** Where a drop lands: a technician's row on a date, at an hour (day view) or the whole day (week view). */
export interface DropTarget {
  technicianId: number;
  technicianName: string;
  date: string;
  dateLabel: string;
  /** The hour cell's clock (day view); undefined: the day cell (week view). */
  from?: string;
  /** The cell's place in the grid, for the arrow keys: [technician row, day or hour column]. */
  cell: [number, number];
}

/** A new booking's length on the day view (a visit keeps its own). */
const NEW_VISIT_MINUTES = 120;
/** A length handle's step. */
const STEP = 30;
const MAX_MINUTES = 12 * 60;
/** Week view: the length handle's pixels per step (a day cell has no time axis). */
const WEEK_PX_PER_STEP = 16;

const lengthOf = (w: { from: string; to: string }) => (clockMinutes(w.to) - clockMinutes(w.from) + 1440) % 1440 || 1440;

const clockLabel = (clock: string) => {
  const m = clockMinutes(clock);
  const h = Math.floor(m / 60) % 12 || 12;
  return `${h}:${String(m % 60).padStart(2, "0")} ${m < 720 ? "am" : "pm"}`;
};

const lengthLabel = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} hour${h === 1 ? "" : "s"}` : "", m ? `${m} minutes` : ""].filter(Boolean).join(" ");
};

interface Failure {
  errors?: Record<string, string>;
  clashes?: string[];
  fingerprint?: string;
}

interface Sent {
  reference: string;
  fields: Record<string, string>;
  said: string;
  /** The fetcher's data when sent: a saved move redirects and leaves the last refusal there, so it is not this one's. */
  before: Failure | undefined;
}

interface BoardMovesValue {
  /** False until hydrated: the board is then the plain server-drawn page with its move links. */
  enabled: boolean;
  picked: Movable | null;
  /** Picks a job up from the keyboard; `origin`: its cell, focused first. */
  pick(m: Movable, origin?: [number, number]): void;
  cancel(): void;
  drop(target: DropTarget): void;
  resize(m: Movable, minutes: number): void;
  dragSource(m: Movable): { draggable: boolean; onDragStart(e: DragEvent): void; onDragEnd(): void };
  dropTarget(target: DropTarget): { onDragOver(e: DragEvent): void; onDrop(e: DragEvent): void };
  /** A length handle being dragged (true) or let go: a drag of its card must not start meanwhile. */
  setResizing(on: boolean): void;
  announce(text: string): void;
}

const BoardMovesContext = createContext<BoardMovesValue | null>(null);

export function useBoardMoves(): BoardMovesValue | null {
  return useContext(BoardMovesContext);
}

export function BoardMoves({ open, close, children }: { open: string; close: string; children: ReactNode }) {
  const enabled = useHydrated();
  const [picked, setPicked] = useState<Movable | null>(null);
  const origin = useRef<[number, number] | undefined>(undefined);
  const [dragging, setDragging] = useState<Movable | null>(null);
  const [said, setSaid] = useState("");
  const [sent, setSent] = useState<Sent | null>(null);
  const resizing = useRef(false);
  const fetcher = useFetcher<Failure>();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const back = `${location.pathname}${location.search}`;

  const announce = useCallback((text: string) => setSaid(text), []);

  // Picked up: the focus goes to its own cell (or the first); put down: back to its "Pick up" button.
  const lastPicked = useRef<string | null>(null);
  useEffect(() => {
    if (picked) {
      lastPicked.current = picked.reference;
      const cell = origin.current ? document.querySelector<HTMLButtonElement>(`[data-drop-cell="${origin.current.join(",")}"]`) : null;
      (cell ?? document.querySelector<HTMLButtonElement>("[data-drop-cell]"))?.focus();
    } else if (lastPicked.current) {
      document.querySelector<HTMLButtonElement>(`[data-pick="${lastPicked.current}"]`)?.focus();
      lastPicked.current = null;
    }
  }, [picked]);

  const send = useCallback(
    (m: Movable, technicianId: number, window: { date: string; from: string; to: string }, where: string) => {
      const fields = { intent: "move", version: String(m.version), technicianId: String(technicianId), ...window, acknowledged: "", back };
      const text = `${m.reference} to ${where}, ${clockLabel(window.from)} to ${clockLabel(window.to)}`;
      setSent({ reference: m.reference, fields, said: text, before: fetcher.data });
      setPicked(null);
      setSaid(`Moving ${text}…`);
      void fetcher.submit(fields, { method: "post", action: `/admin/schedule/move/${encodeURIComponent(m.reference)}` });
    },
    [back, fetcher],
  );

  const drop = useCallback(
    (target: DropTarget) => {
      const m = picked ?? dragging;
      if (!m) return;
      setDragging(null);
      let window: { date: string; from: string; to: string };
      if (target.from) {
        const length = m.move ? lengthOf(m.move) : NEW_VISIT_MINUTES;
        window = { date: target.date, from: target.from, to: minutesClock(clockMinutes(target.from) + length) };
      } else {
        // A day cell: a visit keeps its window; a new booking takes the working hours.
        window = { date: target.date, from: m.move?.from ?? open, to: m.move?.to ?? close };
      }
      send(m, target.technicianId, window, `${target.technicianName}, ${target.dateLabel}`);
    },
    [picked, dragging, open, close, send],
  );

  const resize = useCallback(
    (m: Movable, minutes: number) => {
      if (!m.move || m.technicianId === null) return;
      send(m, m.technicianId, { ...m.move, to: minutesClock(clockMinutes(m.move.from) + minutes) }, `the same technician, ${lengthLabel(minutes)}`);
    },
    [send],
  );

  // The answer: a redirect back to the board (the move saved, said by the flash) or the form's refusal.
  const failure = fetcher.state === "idle" && sent && fetcher.data !== sent.before && fetcher.data?.errors ? fetcher.data : undefined;
  useEffect(() => {
    const box = dialog.current;
    if (!sent || !failure || !box || box.open) return;
    box.showModal();
    box.querySelector("button")?.focus(); // "Save anyway" (or "Close"): Enter answers it

  }, [failure, sent]);
  const saved = fetcher.state === "idle" && sent !== null && !failure;

  const clashes = failure?.clashes ?? [];
  const message = failure ? (failure.errors?.form ?? Object.values(failure.errors ?? {})[0] ?? "The move was not saved.") : "";
  const closeDialog = () => {
    dialog.current?.close();
    setSent(null);
  };
  const saveAnyway = () => {
    if (!sent || !failure?.fingerprint) return;
    dialog.current?.close();
    setSent({ ...sent, before: fetcher.data });
    setSaid(`Saving ${sent.said} anyway…`);
    void fetcher.submit({ ...sent.fields, acknowledged: failure.fingerprint }, { method: "post", action: `/admin/schedule/move/${encodeURIComponent(sent.reference)}` });
  };

  const value = useMemo<BoardMovesValue>(
    () => ({
      enabled,
      picked,
      pick: (m, cell) => {
        origin.current = cell;
        setSent(null);
        setPicked(m);
        setSaid(`Picked up ${m.label}. Arrow keys choose a technician and a time, Enter drops it there, Escape cancels.`);
      },
      cancel: () => {
        setPicked(null);
        setSaid("Move cancelled.");
      },
      drop,
      resize,
      dragSource: (m) => ({
        draggable: enabled,
        onDragStart: (e) => {
          if (resizing.current) return e.preventDefault();
          e.dataTransfer.setData("text/plain", m.reference);
          e.dataTransfer.effectAllowed = "move";
          setDragging(m);
          setSent(null);
          setSaid(`Dragging ${m.label}.`);
        },
        onDragEnd: () => setDragging(null),
      }),
      dropTarget: (target) => ({
        onDragOver: (e) => {
          if (!dragging) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = "move";
        },
        onDrop: (e) => {
          if (!dragging) return;
          e.preventDefault();
          drop(target);
        },
      }),
      setResizing: (on) => {
        resizing.current = on;
      },
      announce,
    }),
    [enabled, picked, dragging, drop, resize, announce],
  );

  return (
    <BoardMovesContext.Provider value={value}>
      <div className="group" data-dragging={dragging ? "" : undefined} data-moving={fetcher.state !== "idle" ? "" : undefined}>
        {children}
      </div>
      <div aria-live="polite" className="sr-only" data-testid="board-announcer">
        {saved ? `Moved ${sent.said}.` : said}
      </div>
      <dialog ref={dialog} aria-labelledby="move-dialog-heading" className="m-auto max-w-lg rounded-md border-2 border-amber-600 bg-white p-4 text-slate-900 backdrop:bg-slate-900/50 dark:bg-slate-900 dark:text-slate-100" onCancel={() => setSent(null)}>
        <h2 id="move-dialog-heading" className="font-semibold">
          {clashes.length > 0 ? "Clashes of this move" : "Not moved"}
        </h2>
        {sent && <p className="text-sm">{sent.said}</p>}
        {clashes.length > 0 ? (
          <>
            <ul className="mt-2 ml-5 list-disc">
              {clashes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <p className="mt-1 text-sm">Nothing is saved yet. Saving anyway keeps these warnings in the activity log.</p>
          </>
        ) : (
          <p className="mt-2">{message}</p>
        )}
        <p className="mt-3 flex flex-wrap gap-2">
          {clashes.length > 0 && failure?.fingerprint !== undefined && <Button type="button" onClick={saveAnyway}>Save anyway</Button>}
          <Button type="button" variant="secondary" onClick={closeDialog}>
            {clashes.length > 0 ? "Cancel" : "Close"}
          </Button>
        </p>
      </dialog>
    </BoardMovesContext.Provider>
  );
}

/** A drop cell's button while a job is picked up: the arrow keys go from cell to cell, Enter drops. */
export function DropButton({ target, className = "" }: { target: DropTarget; className?: string }) {
  const moves = useBoardMoves();
  if (!moves?.picked) return null;
  const { picked } = moves;
  const at = target.from ? `${target.dateLabel} at ${clockLabel(target.from)}` : target.dateLabel;
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (e.key === "Escape") {
      e.preventDefault();
      moves.cancel();
      return;
    }
    if (!step) return;
    e.preventDefault();
    const [r, c] = [target.cell[0] + step[0]!, target.cell[1] + step[1]!];
    document.querySelector<HTMLButtonElement>(`[data-drop-cell="${r},${c}"]`)?.focus();
  };
  return (
    <button
      type="button"
      data-drop-cell={target.cell.join(",")}
      className={`min-h-6 w-full rounded border-2 border-dashed border-brand-700 text-xs focus:bg-brand-50 focus:outline-2 dark:focus:bg-slate-800 ${className}`}
      onClick={() => moves.drop(target)}
      onKeyDown={onKeyDown}
    >
      <span className="sr-only">
        Drop {picked.reference} on {target.technicianName}, {at}
      </span>
      <span aria-hidden="true">Drop</span>
    </button>
  );
}

/**
 * A visit's length handle on its card's right edge: dragged with a pointer, or a slider from the keyboard
 * (arrows by half an hour, Enter saves, Escape puts it back). Saved as a move with the same start. Keyed by the
 * visit's window where it is drawn, so that a saved (or live) change starts it afresh.
 */
export function LengthHandle({ m, pxPerMinute }: { m: Movable; pxPerMinute: () => number }) {
  const moves = useBoardMoves();
  const saved = m.move ? lengthOf(m.move) : 0;
  const [length, setLength] = useState(saved);
  const drag = useRef<{ x: number; from: number } | null>(null);
  if (!moves?.enabled || !m.move) return null;
  const clamp = (n: number) => Math.min(MAX_MINUTES, Math.max(STEP, Math.round(n / STEP) * STEP));
  const ends = clockLabel(minutesClock(clockMinutes(m.move.from) + length));
  const save = (n: number) => {
    if (n !== saved) moves.resize(m, n);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const change = { ArrowRight: STEP, ArrowUp: STEP, ArrowLeft: -STEP, ArrowDown: -STEP }[e.key];
    if (change) {
      e.preventDefault();
      setLength((n) => clamp(n + change));
    } else if (e.key === "Enter") {
      e.preventDefault();
      save(length);
    } else if (e.key === "Escape") {
      setLength(saved);
    }
  };
  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    moves.setResizing(true);
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, from: length };
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current) setLength(clamp(drag.current.from + (e.clientX - drag.current.x) / pxPerMinute()));
  };
  const onPointerUp = () => {
    moves.setResizing(false);
    if (!drag.current) return;
    drag.current = null;
    save(length);
  };
  return (
    <button
      type="button"
      role="slider"
      aria-label={`Length of ${m.reference}`}
      aria-valuemin={STEP}
      aria-valuemax={MAX_MINUTES}
      aria-valuenow={length}
      aria-valuetext={`${lengthLabel(length)}, ends ${ends}${length === saved ? "" : ": Enter saves"}`}
      title={`Ends ${ends}: drag or use the arrow keys, Enter saves`}
      className="absolute inset-y-0 right-0 flex w-6 cursor-ew-resize touch-none items-center justify-center rounded-r bg-slate-900/10 text-xs hover:bg-slate-900/20 focus:outline-2 dark:bg-white/10"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onBlur={() => !drag.current && setLength(saved)}
    >
      <span aria-hidden="true">{length === saved ? "⋮" : `${length / 60}h`}</span>
    </button>
  );
}

/** Weekly grid's minutes per pixel: a day cell has no time axis, so a fixed scale. */
export const weekPxPerMinute = () => WEEK_PX_PER_STEP / STEP;
