/**
 * Group commit: writes that arrive while one is being committed wait, and then go to the database together,
 * in one transaction, instead of one transaction each.
 *
 * Why: under a burst (a plant's whole shift reporting the same outage, a bot-free rush after an SMS
 * campaign) every submission used to pay its own round trips, BEGIN and COMMIT; on the embedded database
 * those queue on one thread. Batched, fifty submissions cost about what one did. Nothing waits on a timer:
 * a write arriving when the database is idle goes after one turn of the event loop (well under a
 * millisecond), so a lone visitor sees no delay.
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
  options: { maxBatch?: number } = {},
): (item: T) => Promise<R> {
  const maxBatch = options.maxBatch ?? 100;
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
    try {
      while (queue.length > 0) {
        await pollOnce();
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        if (batch.length === 1) {
          await writeAlone(batch[0]!);
          continue;
        }
        let results: R[];
        try {
          results = await writeBatch(batch.map((w) => w.item));
        } catch {
          for (const w of batch) await writeAlone(w);
          continue;
        }
        if (results.length !== batch.length) {
          const error = new Error(`group commit: ${batch.length} items written, ${results.length} results`);
          for (const w of batch) w.reject(error);
          continue;
        }
        batch.forEach((w, i) => w.resolve(results[i]!));
      }
    } finally {
      writing = false;
    }
  }

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}

/**
 * Resolves after the event loop has polled for I/O at least once: the first setImmediate runs in this
 * turn's check phase, the second in the next turn's, after its poll phase.
 */
function pollOnce(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
