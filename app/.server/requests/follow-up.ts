import { inArray } from "drizzle-orm";
import { getDb, groupCommit, type Transaction } from "~/.server/db/index.ts";
import { requestContact } from "~/.server/db/column-groups.ts";
import { serviceRequests } from "~/.server/db/schema.ts";
import { registerJob, type JobPayload } from "~/.server/jobs/index.ts";
import { publishCreatedRows } from "~/.server/live/requests.ts";
import type { JobNow } from "~/.server/notifications/index.ts";
import { raiseStaffAlerts } from "~/.server/notifications/staff-alerts.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { newRequestAlert, type NewRequestAlert } from "./alerts.ts";
import { scheduleEscalations } from "./escalation.ts";

/**
 * What a new request sets off besides its own row and the messages to the business and the customer: the
 * staff's alerts (one per person), its response-promise jobs and the office's live events (ADR 011, issue 17
 * §8). None of it is part of what the visitor waits for, so it runs right after the group commit, as a job
 * (one per batch) written by the batch's transaction in the same INSERT as its messages: it exists exactly
 * when the requests do, and a crash before it ran leaves it to the outbox's worker (at most a minute late).
 *
 * Idempotent, as every job must be: alerts and jobs carry dedupe keys, so a run repeated after a crash adds
 * nothing but the live events again (a page told twice reloads twice).
 */
export const REQUESTS_RECEIVED_JOB = "requests-received";

/** The job for a batch of new requests (by id), for queueMessages. */
export function requestsReceivedJob(ids: readonly number[]): JobNow | undefined {
  if (ids.length === 0) return undefined;
  // A request belongs to one batch: its first id names the batch's job.
  return { name: REQUESTS_RECEIVED_JOB, payload: { requestIds: [...ids] }, dedupeKey: `job:${REQUESTS_RECEIVED_JOB}:${Math.min(...ids)}` };
}

/** What the follow-up needs of a new request: its alert, its promise jobs and its live events. */
export interface NewRequestRow extends NewRequestAlert {
  id: number;
  status: string;
  customerId: number | null;
  technicianId: number | null;
  responseDueAt: Date | null;
}

/**
 * The rows of the requests this process has just written, by id, until their follow-up has run: the batch
 * writer hands them over (rememberNewRequests) so that the follow-up need not read back what it was given
 * (ADR 071, 2026-12-07). A follow-up run by the worker after a crash, or by another process, finds none here
 * and reads them from the database. Bounded: a follow-up that never runs here (its hold taken over) leaves
 * its rows behind, and the oldest are dropped past the cap (they would only be read again).
 */
const handedOver = new Map<number, NewRequestRow>();
const HANDED_OVER_MAX = 10_000;

/** The batch writer: the rows of requests it wrote, for their follow-up. Call in the batch's transaction. */
export function rememberNewRequests(rows: readonly NewRequestRow[]): void {
  for (const row of rows) handedOver.set(row.id, row);
  for (const id of handedOver.keys()) {
    if (handedOver.size <= HANDED_OVER_MAX) break;
    handedOver.delete(id);
  }
}

/** The batch writer, when its transaction did not commit: those rows are no requests. */
export function forgetNewRequests(ids: readonly number[]): void {
  for (const id of ids) handedOver.delete(id);
}

async function readRequests(tx: Transaction, ids: readonly number[]): Promise<NewRequestRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: serviceRequests.id,
      reference: serviceRequests.reference,
      status: serviceRequests.status,
      customerId: serviceRequests.customerId,
      technicianId: serviceRequests.assignedTechnicianId,
      urgency: serviceRequests.urgency,
      ...requestContact,
      city: serviceRequests.city,
      serviceName: serviceRequests.serviceName,
      faultDescription: serviceRequests.faultDescription,
      responseDueAt: serviceRequests.responseDueAt,
    })
    .from(serviceRequests)
    .where(inArray(serviceRequests.id, [...ids]));
}

async function followUp(batches: number[][]): Promise<void[]> {
  const ids = [...new Set(batches.flat())].sort((a, b) => a - b);
  const site = await getSiteSettings();
  // Taken out before the transaction: a failed run is retried by the worker, which reads them instead.
  const known = ids.flatMap((id) => {
    const row = handedOver.get(id);
    handedOver.delete(id);
    return row ? [row] : [];
  });
  const found = new Set(known.map((row) => row.id));
  const missing = ids.filter((id) => !found.has(id));
  await getDb().transaction(async (tx) => {
    const rows = [...known, ...(await readRequests(tx, missing))].sort((a, b) => a.id - b.id);
    // The staff's alerts (the bell, and SMS or e-mail by each person's choice): an emergency is its own kind.
    await raiseStaffAlerts(
      tx,
      rows.map((row) => newRequestAlert(row, site.identity)),
    );
    // The owner's warning if no call is logged in time: jobs stored with the request (they survive restarts).
    await scheduleEscalations(
      tx,
      rows.flatMap((row) => (row.responseDueAt ? [{ id: row.id, responseDueAt: row.responseDueAt }] : [])),
      site.operations.escalateBeforeMinutes,
    );
    // Live (issue 12 §1): the office's dashboard and request list show them without a reload.
    await publishCreatedRows(tx, rows);
  });
  return batches.map(() => undefined);
}

/**
 * Group-committed in the background (ADR 071): while the visitors' batches are being written it waits
 * for them (up to a quarter of a second), and then the follow-ups of every batch committed meanwhile are
 * written two batches to a transaction, each taking its turn after a visitors' batch: on PGlite a
 * transaction holds the server's one thread, and ten batches' follow-ups at once (~30 ms) were a stall every
 * visitor arriving meanwhile waited out.
 */
const runFollowUp = groupCommit(followUp, { maxBatch: 2, background: { maxWaitMs: 250 } });

export async function followUpRequests(ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await runFollowUp([...ids]);
}

function idsOf(payload: JobPayload): number[] {
  const value = payload.requestIds;
  return Array.isArray(value) ? value.filter((id) => Number.isInteger(id)) : [];
}

registerJob(REQUESTS_RECEIVED_JOB, (payload) => followUpRequests(idsOf(payload)));
