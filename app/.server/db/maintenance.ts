import { sql } from "drizzle-orm";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { getDatabaseHandle } from "./index.ts";

/**
 * The embedded database's nightly upkeep. PGlite has no autovacuum: without it, the planner's statistics
 * stay those of an empty database (lists and the dashboard then read whole tables where an index would do),
 * and index-only scans never skip the table. One job a night at 03:00 India time runs VACUUM ANALYZE, then
 * books the next night's. PostgreSQL does this itself (autovacuum): the job only books the next night.
 *
 * PGlite runs on the server's main thread, so VACUUM pauses answers while it runs (about a second per
 * 100,000 requests): hence the quietest hour of the night.
 */
export const MAINTENANCE_JOB = "database-maintenance";

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const HOUR_IST = 3;

/** The next 03:00 India time strictly after `now`. */
export function nextMaintenanceAt(now: Date): Date {
  const istMidnight = Math.floor((now.getTime() + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
  const today = istMidnight + HOUR_IST * 3_600_000;
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** Books the night's run (once per night: the dedupe key names the date). Called at start-up and by the job. */
export async function scheduleMaintenance(now = new Date()): Promise<Date> {
  const runAt = nextMaintenanceAt(now);
  const night = new Date(runAt.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
  await scheduleJobs(getDatabaseHandle().db, [{ name: MAINTENANCE_JOB, payload: { at: runAt.toISOString() }, runAt, dedupeKey: `job:${MAINTENANCE_JOB}:${night}` }]);
  return runAt;
}

/**
 * The job itself: the upkeep on PGlite, then the next night's booking, counted from the night it was booked
 * for (a run that starts a moment early, by another server's clock, still books the night after).
 * Idempotent: a rerun books the same night, which is there already.
 */
export async function runMaintenance(bookedFor: Date, now = new Date()): Promise<void> {
  const handle = getDatabaseHandle();
  if (handle.engine === "pglite") await handle.db.execute(sql`VACUUM ANALYZE`);
  await scheduleMaintenance(new Date(Math.max(now.getTime(), bookedFor.getTime())));
}

registerJob(MAINTENANCE_JOB, (payload) => runMaintenance(typeof payload.at === "string" ? new Date(payload.at) : new Date()));
