import { and, count, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { markMessageLogStale } from "./message-log-stale.ts";
import { outbox } from "~/.server/db/schema.ts";
import { formatDateTime } from "~/lib/format.ts";
import { MAX_ATTEMPTS } from "./index.ts";

/**
 * The outbox's trouble, for the back office: SMS, e-mails and scheduled jobs that failed for good (after
 * MAX_ATTEMPTS tries with backoff) and those still being retried. Nobody reads the server's log; an owner's
 * warning that never went out, or a customer who never got their reference, must show where staff look.
 * A failed item can be sent again from there ("Retry now"), which is audited.
 */
export interface DeliveryProblem {
  id: number;
  /** "SMS", "E-mail", "Scheduled job". */
  channel: string;
  /** Who it is for (a job: its name). */
  recipient: string;
  /** The message's subject or template, or the job's name. */
  what: string;
  attempts: number;
  lastError: string;
  state: "failed" | "retrying";
  /** Failed: when it was given up; retrying: when the next try is due. India time. */
  when: string;
}

export interface DeliveryProblems {
  /** How often an item is tried before it is given up (the outbox's MAX_ATTEMPTS). */
  maxAttempts: number;
  failed: number;
  retrying: number;
  items: DeliveryProblem[];
}

const CHANNEL_LABEL = { sms: "SMS", email: "E-mail", job: "Scheduled job" } as const;
const LIMIT = 10;

/**
 * Failed items, newest first, then those being retried; with the counts of each. Each state is read on its
 * own from outbox_due (status, next_attempt_at): its count from the index alone, its newest rows by a backward
 * scan that stops at the limit. One statement for both states (status = 'failed' or pending with attempts)
 * fetched every failed row from the heap twice, for the counts and for the sort: 7,317 rows over 5,865 pages
 * at seed:volume, the dashboard's slowest statements (issue 17 §8).
 */
export async function deliveryProblems(limit = LIMIT): Promise<DeliveryProblems> {
  const db = getDb();
  const failed = eq(outbox.status, "failed");
  const retrying = and(eq(outbox.status, "pending"), gt(outbox.attempts, 0))!;
  const newest = (state: SQL) =>
    db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        recipient: outbox.recipient,
        subject: outbox.subject,
        template: outbox.template,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        status: outbox.status,
        nextAttemptAt: outbox.nextAttemptAt,
      })
      .from(outbox)
      .where(state)
      .orderBy(desc(outbox.nextAttemptAt), desc(outbox.id))
      .limit(limit);
  const countOf = async (state: SQL) => (await db.select({ n: count() }).from(outbox).where(state))[0]?.n ?? 0;
  const [failedCount, retryingCount, failedRows, retryingRows] = await Promise.all([countOf(failed), countOf(retrying), newest(failed), newest(retrying)]);
  // The failed first, then those being retried, each newest first.
  const rows = [...failedRows, ...retryingRows].slice(0, limit);
  return {
    maxAttempts: MAX_ATTEMPTS,
    failed: failedCount,
    retrying: retryingCount,
    items: rows.map((row) => ({
      id: row.id,
      channel: CHANNEL_LABEL[row.channel],
      recipient: row.channel === "job" ? "the server" : row.recipient,
      what: row.subject ?? row.template,
      attempts: row.attempts,
      lastError: row.lastError ?? "No error was recorded.",
      state: row.status === "failed" ? "failed" : "retrying",
      when: formatDateTime(row.nextAttemptAt),
    })),
  };
}

export type RetryResult = { ok: true; label: string } | { ok: false; message: string };

/**
 * Sends a failed item again: back to pending, due now, with a fresh round of attempts. Only a failed item
 * (one being retried already has its next try booked; one sent is done), so a double click retries once.
 */
export async function retryDelivery(actor: AuditActor, id: number): Promise<RetryResult> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(outbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
      .returning({ channel: outbox.channel, recipient: outbox.recipient, template: outbox.template, lastError: outbox.lastError });
    if (!row) return { ok: false as const, message: "That item is no longer failed: it was sent or retried meanwhile." };
    // An old message back to pending: the SMS or e-mail log counts its day again (ADR 035).
    await markMessageLogStale(tx, [id]);
    const label = `${CHANNEL_LABEL[row.channel]} ${row.channel === "job" ? row.template : `to ${row.recipient}`}`;
    await audit(tx, actor, {
      action: "outbox.retry",
      entityType: "outbox",
      entityId: id,
      entityLabel: label,
      before: { status: "failed", lastError: row.lastError },
      after: { status: "pending" },
    });
    return { ok: true as const, label };
  });
}

export { MAX_ATTEMPTS };
