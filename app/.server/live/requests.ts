import { inArray } from "drizzle-orm";
import type { Transaction } from "~/.server/db/index.ts";
import { serviceRequests } from "~/.server/db/schema.ts";
import { publishLive, publishLiveMany, type LiveEventInput } from "./publish.ts";

/**
 * The live events of service requests, published in the transaction that makes the change (delivered after
 * its commit). The office hears every request ("staff:requests"); the customer and the assigned technician
 * hear their own. The data is only the reference and the status: each page reloads its own data, through
 * its own access checks, when told.
 */
async function rowsOf(tx: Transaction, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: serviceRequests.id, reference: serviceRequests.reference, status: serviceRequests.status, customerId: serviceRequests.customerId, technicianId: serviceRequests.assignedTechnicianId })
    .from(serviceRequests)
    .where(inArray(serviceRequests.id, [...ids]));
}

/**
 * New requests (the public forms, the office, a contract's visit): the dashboard and the list update. Set-based:
 * one read of the requests and one publish of all their events, however many requests the batch holds.
 */
export async function publishRequestsCreated(tx: Transaction, ids: readonly number[]): Promise<void> {
  await publishCreatedRows(tx, await rowsOf(tx, ids));
}

/** The same, for requests the caller has just read (the new requests' follow-up job reads them anyway). */
export async function publishCreatedRows(
  tx: Transaction,
  rows: ReadonlyArray<{ reference: string; status: string; customerId: number | null; technicianId: number | null }>,
): Promise<void> {
  const events: LiveEventInput[] = [];
  for (const row of rows) {
    const data = { reference: row.reference, status: row.status };
    events.push({ audience: "staff:requests", kind: "request.created", data });
    if (row.customerId !== null) events.push({ audience: `customer:${row.customerId}`, kind: "request.created", data });
    if (row.technicianId !== null) events.push({ audience: `technician:${row.technicianId}`, kind: "request.created", data });
  }
  await publishLiveMany(tx, events);
}

/**
 * A request changed (status, assignment, notes, schedule, a stage from the field): call after the change,
 * in its transaction. `previousTechnicianId`: the technician it was taken from, whose dashboard drops it.
 */
export async function publishRequestUpdated(tx: Transaction, id: number, options: { previousTechnicianId?: number | null } = {}): Promise<void> {
  const [row] = await rowsOf(tx, [id]);
  if (!row) return;
  const data = { reference: row.reference, status: row.status };
  await publishLive(tx, { audience: "staff:requests", kind: "request.updated", data });
  if (row.customerId !== null) await publishLive(tx, { audience: `customer:${row.customerId}`, kind: "request.updated", data });
  const technicians = new Set([row.technicianId, options.previousTechnicianId ?? null]);
  for (const technicianId of technicians) {
    if (technicianId !== null) await publishLive(tx, { audience: `technician:${technicianId}`, kind: "request.updated", data });
  }
}
