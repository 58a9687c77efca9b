import { inArray } from "drizzle-orm";
import { getDb, groupCommit } from "~/.server/db/index.ts";
import { requestContact } from "~/.server/db/column-groups.ts";
import { serviceRequests } from "~/.server/db/schema.ts";
import { registerJob, type JobPayload } from "~/.server/jobs/index.ts";
import { publishCreatedRows } from "~/.server/live/requests.ts";
import type { JobNow } from "~/.server/notifications/index.ts";
import { raiseStaffAlerts } from "~/.server/notifications/staff-alerts.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { newRequestAlert } from "./alerts.ts";
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

async function followUp(batches: number[][]): Promise<void[]> {
  const ids = [...new Set(batches.flat())];
  const site = await getSiteSettings();
  await getDb().transaction(async (tx) => {
    const rows = await tx
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
      .where(inArray(serviceRequests.id, ids))
      .orderBy(serviceRequests.id);
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
 * for them (up to a quarter of a second), and then the follow-ups of every batch committed meanwhile share one
 * transaction, instead of one transaction each that the next batch queues behind. At most ten batches' worth:
 * on PGlite a transaction holds the server's one thread, and a follow-up must not become one long transaction
 * that the next visitors' batch waits behind.
 */
const runFollowUp = groupCommit(followUp, { maxBatch: 10, background: { maxWaitMs: 250 } });

export async function followUpRequests(ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await runFollowUp([...ids]);
}

function idsOf(payload: JobPayload): number[] {
  const value = payload.requestIds;
  return Array.isArray(value) ? value.filter((id) => Number.isInteger(id)) : [];
}

registerJob(REQUESTS_RECEIVED_JOB, (payload) => followUpRequests(idsOf(payload)));
