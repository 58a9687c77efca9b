import { bulkInsert, type Database, type Transaction } from "~/.server/db/index.ts";
import { outbox } from "~/.server/db/schema.ts";

/**
 * Scheduled work, one way for all of it (ADR 015). A job is a row of the outbox (channel "job"), written in
 * the same transaction as the change that asks for it and due at a time (next_attempt_at). The outbox's
 * worker claims due rows with FOR UPDATE SKIP LOCKED and renews its claim while the handler runs (ADR 055),
 * so each job runs once across restarts and across several server instances, however long it takes; a job that throws is retried with the outbox's back-off, and after the last
 * attempt it is marked failed, where the back office shows it. The unique dedupe key makes scheduling
 * idempotent: asking twice for the same job keeps the first.
 *
 * Handlers must be idempotent too (a process may die after the work and before the row is marked done):
 * check the state first, and queue messages with dedupe keys.
 */
/** A job's payload, stored as JSON: a list of ids is for a job that covers several records (a batch). */
export type JobPayload = Record<string, string | number | boolean | null | number[]>;
/**
 * What a handler is told besides its payload. The claim on a job is renewed while its handler runs (ADR 055),
 * so a long job is not run again by another instance meanwhile; `signal` is aborted if the claim is
 * nevertheless lost (this process could not reach the database for longer than the hold, and another took
 * the job over): a long handler should stop there, as its outcome will not be recorded. `key` is the job's
 * own key, the same on every attempt: what a handler hands an outside service as its idempotency key.
 */
export interface JobContext {
  signal: AbortSignal;
  key: string;
}
export type JobHandler = (payload: JobPayload, context: JobContext) => Promise<void>;

export interface ScheduledJob {
  name: string;
  payload: JobPayload;
  runAt: Date;
  /** Unique per piece of work, e.g. `job:response-escalation:42`. */
  dedupeKey: string;
}

const handlers = new Map<string, JobHandler>();

/** Registers the handler of a job name (each job module does this once, when start-up imports it). */
export function registerJob(name: string, handler: JobHandler): void {
  handlers.set(name, handler);
}

/** Runs one job: the outbox worker calls this for a due row of channel "job". Throws to be retried. */
export async function runJob(name: string, payload: unknown, context: JobContext): Promise<void> {
  const handler = handlers.get(name);
  if (!handler) throw new Error(`No handler for job "${name}" (was its module imported at start-up?)`);
  await handler((payload ?? {}) as JobPayload, context);
}

/** Schedules jobs in the caller's transaction: nothing runs unless it commits. */
export async function scheduleJobs(tx: Database | Transaction, jobs: ScheduledJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await bulkInsert(
    tx,
    outbox,
    jobs.map((job) => ({
      channel: "job" as const,
      recipient: job.name,
      subject: null,
      body: "",
      template: job.name,
      variables: job.payload,
      status: "pending" as const,
      attempts: 0,
      nextAttemptAt: job.runAt,
      dedupeKey: job.dedupeKey,
    })),
    { onConflictDoNothing: outbox.dedupeKey },
  );
}
