/**
 * Gives back the memory a burst of requests leaves behind, once the instance is idle (ADR 067).
 *
 * Why: under load V8's old space grows to several times what stays alive (a submission burst took it from
 * ~45 MB to ~235 MB before its first full collection). A regular full collection frees the objects but V8 keeps
 * the emptied pages in its page pool, still resident: the instance stayed at ~420 MB with 60 MB of live heap.
 * Only a memory-reducing collection hands them back to the system, and V8's own memory reducer, which would
 * run one, never started in this server (40 s idle after the bench: no change). Shrinking the heap's growth
 * instead (--heap-growing-percent, --max-old-space-size) collected more often under load and cost the request
 * form throughput, so this waits for a quiet moment: no request for IDLE_MS after one that came in, and the
 * process's resident size grown by GROWTH_BYTES since the last release (the pooled pages are counted in no V8
 * heap statistic, only there). One such collection costs ~50-100 ms of one core, once per burst, never during
 * one.
 *
 * Needs node's --expose-gc (SERVER_NODE_FLAGS, package.json's start, deploy/deccan@.service); without it,
 * nothing is done.
 */
import type http from "node:http";

const IDLE_MS = 5_000;
const GROWTH_BYTES = 48 * 1024 * 1024;

type GcFunction = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

export function releaseMemoryWhenIdle(server: http.Server): void {
  const gc = (globalThis as { gc?: GcFunction }).gc;
  if (typeof gc !== "function") return;
  let requestsSinceCheck = 0;
  let busySinceRelease = false;
  let residentAfterRelease = process.memoryUsage.rss();
  server.on("request", () => {
    requestsSinceCheck += 1;
  });
  setInterval(() => {
    if (requestsSinceCheck > 0) {
      requestsSinceCheck = 0;
      busySinceRelease = true;
      return;
    }
    if (!busySinceRelease) return;
    busySinceRelease = false;
    if (process.memoryUsage.rss() - residentAfterRelease < GROWTH_BYTES) return;
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    residentAfterRelease = process.memoryUsage.rss();
  }, IDLE_MS).unref();
}
