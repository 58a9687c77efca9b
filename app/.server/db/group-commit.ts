/**
 * Group commit: writes that arrive while one is being committed wait, and then go to the database together,
 * in one transaction, instead of one transaction each.
 *
 * Why: under a burst (a plant's whole shift reporting the same outage, a bot-free rush after an SMS
 * campaign) every submission used to pay its own round trips, BEGIN and COMMIT; on the embedded database
 * those queue on one thread. Batched, fifty submissions cost about what one did. Nothing a visitor waits for
 * waits on a timer: a write arriving when the database is idle goes after one turn of the event loop (well
 * under a millisecond), so a lone visitor sees no delay. (Background work, which nobody waits for, waits for
 * the visitors' writes: see GroupCommitOptions.)
 *
 * That turn matters on PGlite: its queries run on this thread and resolve as microtasks, so while a batch is
 * written no new request is even read. Yielding to the event loop before each batch lets the requests that
 * came in meanwhile be read and join it; without it every batch would hold one write.
 *
 * Each caller's promise settles only after its own batch has committed (or failed), so "commit first,
 * answer second" holds for every one of them. When a batch fails, its items are written again one by
 * one, so that one bad item (a constraint it breaks) fails only its own caller.
 */
export function groupCommit<T, R>(
  writeBatch: (items: T[]) => Promise<R[]>,
  options: GroupCommitOptions = {},
): (item: T) => Promise<R> {
  const maxBatch = options.maxBatch ?? 100;
  const background = options.background;
  interface Waiting {
    item: T;
    resolve: (value: R) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let writing = false;

  async function writeAlone(w: Waiting): Promise<void> {
    try {
      const [result] = await writeBatch([w.item]);
      w.resolve(result as R);
    } catch (error) {
      w.reject(error);
    }
  }

  async function drain(): Promise<void> {
    writing = true;
    // Background work goes in rounds: everything queued when its wait ended, written in slices of maxBatch.
    let round = 0;
    try {
      while (queue.length > 0) {
        await pollOnce();
        if (!background) {
          await writeNext();
          continue;
        }
        if (round === 0) {
          await foregroundAllows(background.maxWaitMs, QUIET_MS, false);
          round = queue.length;
        }
        const release = await backgroundSlot();
        try {
          await foregroundAllows(background.maxWaitMs, TURN_QUIET_MS, true);
          round -= await writeNext();
        } finally {
          release();
        }
        round = Math.max(round, 0);
      }
    } finally {
      writing = false;
    }
  }

  /** Writes the next batch (at most maxBatch items) and settles its callers; returns how many it took. */
  async function writeNext(): Promise<number> {
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    try {
      if (batch.length === 1) {
        await writeAlone(batch[0]!);
        return 1;
      }
      let results: R[];
      try {
        results = await writeBatch(batch.map((w) => w.item));
      } catch {
        for (const w of batch) await writeAlone(w);
        return batch.length;
      }
      if (results.length !== batch.length) {
        const error = new Error(`group commit: ${batch.length} items written, ${results.length} results`);
        for (const w of batch) w.reject(error);
        return batch.length;
      }
      batch.forEach((w, i) => w.resolve(results[i]!));
      return batch.length;
    } finally {
      if (background) lastWriter = "background";
      else foregroundBatchDone();
    }
  }

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (writing) return;
      if (!background) foreground += 1;
      void drain().finally(() => {
        if (!background) foregroundDone();
      });
    });
}

export interface GroupCommitOptions {
  /** At most this many items per transaction (100). */
  maxBatch?: number;
  /**
   * Work nobody waits for (what a commit sets off: its messages marked sent, a new request's follow-up): its
   * batches wait while a foreground group commit (any without this option: the writes visitors wait for)
   * has work queued or in flight (or had, less than QUIET_MS ago), up to maxWaitMs, and then take everything
   * that arrived meanwhile. Under a burst this work then costs one round per maxWaitMs instead of one
   * transaction per visitors' batch, and stays off the visitors' way in between; with nothing in the
   * foreground it goes at once (ADR 071).
   *
   * A round is written in slices of maxBatch items that take turns with the foreground: while visitors'
   * batches are being written, each slice waits for one of them to finish (up to maxWaitMs), and only one
   * background slice, of any group commit, runs at a time. On PGlite a transaction holds the server's one
   * thread: a round written whole (the marks of a thousand messages, then ten batches' follow-ups, ~60 ms)
   * was a stall that every visitor arriving meanwhile waited out; a slice is a few milliseconds (ADR 071).
   */
  background?: { maxWaitMs: number };
}

/** Foreground group commits draining now, and when the last one finished. */
let foreground = 0;
let foregroundEndedAt = Number.NEGATIVE_INFINITY;
/**
 * How long the foreground must have been idle for background work to go. Under a closed loop of visitors the
 * requests' queue empties for a moment after every batch (its visitors are being answered, their next posts
 * not read yet): a gap that short is not idle.
 */
const QUIET_MS = 10;

function foregroundDone(): void {
  foreground -= 1;
  foregroundEndedAt = performance.now();
}

/**
 * How long the foreground must have been idle for a background slice to follow another one without a foreground
 * batch between them. Longer than QUIET_MS: in a closed loop the next visitors' posts are still being read and
 * checked (on the same thread) some 20 ms after their batch's queue emptied.
 */
const TURN_QUIET_MS = 50;

/** Who wrote last: a background slice waits for a foreground batch after another background slice. */
let lastWriter: "foreground" | "background" = "foreground";
/** Background slices waiting for the next foreground batch to finish. */
let turnWaiters: Array<() => void> = [];

function foregroundBatchDone(): void {
  lastWriter = "foreground";
  const waiting = turnWaiters;
  turnWaiters = [];
  for (const resolve of waiting) resolve();
}

/** One background slice at a time, across every group commit: resolves with its release. */
let backgroundTail: Promise<void> = Promise.resolve();
async function backgroundSlot(): Promise<() => void> {
  let release!: () => void;
  const previous = backgroundTail;
  backgroundTail = new Promise<void>((resolve) => {
    release = resolve;
  });
  await previous;
  return release;
}

/**
 * Resolves once no foreground group commit has drained for quietMs, or after maxWaitMs; with `turn`, also as
 * soon as the last batch written is a foreground one (checked again whenever one is written).
 * A round's wait: foregroundAllows(maxWaitMs, QUIET_MS, false); a slice's turn: (maxWaitMs, TURN_QUIET_MS, true).
 */
async function foregroundAllows(maxWaitMs: number, quietMs: number, turn: boolean): Promise<void> {
  const deadline = performance.now() + maxWaitMs;
  for (;;) {
    const now = performance.now();
    const quietFor = foreground === 0 ? now - foregroundEndedAt : 0;
    if ((turn && lastWriter === "foreground") || quietFor >= quietMs || now >= deadline) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(deadline - now, quietMs - quietFor));
      function done(): void {
        clearTimeout(timer);
        if (turn) turnWaiters = turnWaiters.filter((waiter) => waiter !== done);
        resolve();
      }
      if (turn) turnWaiters.push(done);
    });
  }
}

/**
 * Resolves after the event loop has polled for I/O at least once: the first setImmediate runs in this
 * turn's check phase, the second in the next turn's, after its poll phase.
 */
function pollOnce(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
