import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { refusedBy, Refusal, type ChangeResult } from "~/.server/admin/changes.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { jobParts, partsRequests, products, purchaseOrderLines, purchaseOrders, serviceRequests } from "~/.server/db/schema.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { productByLabel } from "~/.server/products/catalogue.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";
import { STALE_PARTS_REQUEST_MESSAGE, type PartsRequestInput } from "~/lib/forms/admin/stock.ts";
import { partQuantity } from "~/lib/forms/technician-job.ts";
import { lockStock, moveStock } from "./ledger.ts";

/**
 * Parts requests (issue 19 §5): what a job waits for. Raised by the technician from the job's page ("Parts
 * needed") or by the office on the request's page; stock on the shelf is reserved for it there; what is not
 * on the shelf goes on a purchase order (~/.server/purchasing). A request is ready when its part is reserved
 * (or, typed as free text, received) in full; when every request of a job is ready, the office is told once
 * that the job can be scheduled again ("parts.ready").
 */

type Executor = Database | Transaction;
type PartsRequest = typeof partsRequests.$inferSelect;

export type PartsResult = ChangeResult;

function catchRefusal(error: unknown): PartsResult {
  const refused = refusedBy(error);
  if (refused) return refused;
  throw error;
}

/** Units still to find: for a product, neither reserved nor used; for free text, not yet received. */
export function outstanding(pr: Pick<PartsRequest, "productId" | "quantity" | "reservedQuantity" | "usedQuantity" | "receivedQuantity">): number {
  return Math.max(0, pr.quantity - (pr.productId ? pr.reservedQuantity + pr.usedQuantity : pr.receivedQuantity));
}

export interface NewPartsRequest {
  job: { id: number; reference: string };
  input: PartsRequestInput;
  source: "technician" | "office";
  actor: AuditActor;
}

/** Inserts the request (a key already stored: answers the stored one) and tells purchasing. Caller's transaction. */
export async function insertPartsRequest(tx: Transaction, r: NewPartsRequest, now = new Date()): Promise<{ id: number; replay: boolean }> {
  const { job, input } = r;
  if (input.idempotencyKey) {
    const [seen] = await tx.select({ id: partsRequests.id }).from(partsRequests).where(eq(partsRequests.idempotencyKey, input.idempotencyKey));
    if (seen) return { id: seen.id, replay: true };
  }
  const product = (input.product && (await productByLabel(tx, input.product))) || (await productByLabel(tx, input.description));
  const [made] = await tx
    .insert(partsRequests)
    .values({
      requestId: job.id,
      productId: product?.id ?? null,
      description: input.description,
      quantity: input.quantity,
      unit: product?.unit ?? input.unit,
      note: input.note ?? null,
      source: r.source,
      raisedBy: r.actor.userId,
      idempotencyKey: input.idempotencyKey ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: partsRequests.id });
  if (!made) {
    const [seen] = await tx.select({ id: partsRequests.id }).from(partsRequests).where(eq(partsRequests.idempotencyKey, input.idempotencyKey!));
    return { id: seen!.id, replay: true };
  }
  await audit(
    tx,
    r.actor,
    { action: "job.parts-request", entityType: "request", entityId: job.id, entityLabel: job.reference, after: { partsRequest: made.id, productId: product?.id ?? null, description: input.description, quantity: input.quantity, source: r.source } },
    now,
  );
  await raiseStaffAlert(tx, {
    kind: "parts.requested",
    title: `Parts needed for ${job.reference}: ${partQuantity(input.quantity, product?.unit ?? input.unit)} ${input.description}`,
    body: r.source === "technician" ? `Asked by ${r.actor.label} from the job.` : `Raised by ${r.actor.label}.`,
    link: "/admin/vendors/parts-requests",
    dedupeKey: `parts-request:${made.id}`,
    permission: "money",
  });
  return { id: made.id, replay: false };
}

/** The office raises a parts request on the request's page. */
export async function raisePartsRequest(staff: StaffMember, reference: string, input: PartsRequestInput, now = new Date()): Promise<PartsResult> {
  try {
    return await getDb().transaction(async (tx): Promise<PartsResult> => {
      const [job] = await tx.select({ id: serviceRequests.id, reference: serviceRequests.reference, status: serviceRequests.status }).from(serviceRequests).where(eq(serviceRequests.reference, reference));
      if (!job) return { ok: false, reason: "not-found" };
      if (job.status === "cancelled" || job.status === "completed") throw new Refusal("description", "This request is closed: no parts can be requested for it.");
      const made = await insertPartsRequest(tx, { job, input, source: "office", actor: auditActor(staff) }, now);
      return { ok: true, message: made.replay ? "This parts request was already saved." : "Parts request raised: purchasing sees it in the parts requests." };
    });
  } catch (error) {
    return catchRefusal(error);
  }
}

async function lockPartsRequest(tx: Transaction, id: number) {
  const [row] = await tx
    .select({ pr: partsRequests, reference: serviceRequests.reference })
    .from(partsRequests)
    .innerJoin(serviceRequests, eq(serviceRequests.id, partsRequests.requestId))
    .where(eq(partsRequests.id, id))
    .for("update", { of: partsRequests });
  return row;
}

/**
 * Marks the request ready once nothing is outstanding, and when every open request of its job is ready,
 * tells the office (once per request made ready) that the job can be scheduled again.
 */
export async function settleReady(tx: Transaction, id: number, now = new Date()): Promise<boolean> {
  const row = await lockPartsRequest(tx, id);
  if (!row || row.pr.readyAt || row.pr.cancelledAt || outstanding(row.pr) > 0) return false;
  await tx.update(partsRequests).set({ readyAt: now, updatedAt: now }).where(eq(partsRequests.id, id));
  const [waiting] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(partsRequests)
    .where(and(eq(partsRequests.requestId, row.pr.requestId), isNull(partsRequests.readyAt), isNull(partsRequests.cancelledAt)));
  if (Number(waiting?.n ?? 0) > 0) return false;
  await raiseStaffAlert(tx, {
    kind: "parts.ready",
    title: `Parts in for ${row.reference}: the job can be scheduled again`,
    body: `${partQuantity(row.pr.quantity, row.pr.unit)} ${row.pr.description} ${row.pr.productId ? "reserved from stock" : "received"}.`,
    link: `/admin/service-requests/${encodeURIComponent(row.reference)}`,
    dedupeKey: `parts-ready:${row.pr.requestId}:${id}`,
    permission: "dispatch",
  });
  return true;
}

/** Reserves what is available on the shelf (up to what is outstanding) for the request's job. */
export async function reserveForPartsRequest(staff: StaffMember, id: number, version: number, now = new Date()): Promise<PartsResult> {
  try {
    return await getDb().transaction(async (tx): Promise<PartsResult> => {
      const row = await lockPartsRequest(tx, id);
      if (!row) return { ok: false, reason: "not-found" };
      const { pr } = row;
      if (pr.version !== version) throw new Refusal("form", STALE_PARTS_REQUEST_MESSAGE);
      if (pr.cancelledAt) throw new Refusal("form", "This parts request was cancelled.");
      if (!pr.productId) throw new Refusal("form", "This part is typed as free text, not one of our products: it cannot be reserved from stock. Order it.");
      const need = outstanding(pr);
      if (need === 0) throw new Refusal("form", "This part is already reserved in full.");
      const stock = await lockStock(tx, pr.productId);
      const available = stock ? stock.onHand - stock.reserved : 0;
      const n = Math.min(need, available);
      if (n <= 0) throw new Refusal("form", "None available on the shelf: order it on a purchase order.");
      await moveStock(tx, { productId: pr.productId, kind: "reserved", reserved: n, reason: `Reserved for ${row.reference}`, actorUserId: staff.userId, requestId: pr.requestId, partsRequestId: pr.id }, now);
      await tx.update(partsRequests).set({ reservedQuantity: pr.reservedQuantity + n, version: pr.version + 1, updatedAt: now }).where(eq(partsRequests.id, pr.id));
      await audit(tx, auditActor(staff), { action: "job.parts-reserve", entityType: "request", entityId: pr.requestId, entityLabel: row.reference, before: { reserved: pr.reservedQuantity }, after: { partsRequest: pr.id, reserved: pr.reservedQuantity + n } }, now);
      const ready = await settleReady(tx, pr.id, now);
      return { ok: true, message: `${partQuantity(n, pr.unit)} reserved for ${row.reference}.${ready ? " Every part is in: the job can be scheduled again." : n < need ? ` ${need - n} still to order.` : ""}` };
    });
  } catch (error) {
    return catchRefusal(error);
  }
}

/** Cancels a request that is no longer needed: what was reserved for it goes back to available. */
export async function cancelPartsRequest(staff: StaffMember, id: number, version: number, now = new Date()): Promise<PartsResult> {
  try {
    return await getDb().transaction(async (tx): Promise<PartsResult> => {
      const row = await lockPartsRequest(tx, id);
      if (!row) return { ok: false, reason: "not-found" };
      const { pr } = row;
      if (pr.version !== version) throw new Refusal("form", STALE_PARTS_REQUEST_MESSAGE);
      if (pr.cancelledAt) throw new Refusal("form", "This parts request is already cancelled.");
      if (pr.productId && pr.reservedQuantity > 0) {
        await moveStock(tx, { productId: pr.productId, kind: "released", reserved: -pr.reservedQuantity, reason: `Parts request for ${row.reference} cancelled`, actorUserId: staff.userId, requestId: pr.requestId, partsRequestId: pr.id }, now);
      }
      await tx.update(partsRequests).set({ cancelledAt: now, reservedQuantity: 0, version: pr.version + 1, updatedAt: now }).where(eq(partsRequests.id, pr.id));
      await audit(tx, auditActor(staff), { action: "job.parts-cancel", entityType: "request", entityId: pr.requestId, entityLabel: row.reference, before: { reserved: pr.reservedQuantity }, after: { partsRequest: pr.id, cancelled: true } }, now);
      return { ok: true, message: pr.reservedQuantity > 0 ? `Parts request cancelled; ${partQuantity(pr.reservedQuantity, pr.unit)} released to stock.` : "Parts request cancelled." };
    });
  } catch (error) {
    return catchRefusal(error);
  }
}

/**
 * A part the technician used on the job, of one of our products: taken first from what is reserved for this
 * job, then from what is available. What the shelf cannot give was bought on site (not from our stock).
 * Returns how many came off the shelf. In the caller's transaction, after the job_parts row is written.
 */
export async function takeForJob(tx: Transaction, p: { requestId: number; reference: string; productId: number; quantity: number; jobPartId: number; actorUserId: number | null }, now = new Date()): Promise<number> {
  let left = p.quantity;
  const reservations = await tx
    .select()
    .from(partsRequests)
    .where(and(eq(partsRequests.requestId, p.requestId), eq(partsRequests.productId, p.productId), isNull(partsRequests.cancelledAt), sql`${partsRequests.reservedQuantity} > 0`))
    .orderBy(asc(partsRequests.id))
    .for("update");
  let taken = 0;
  for (const pr of reservations) {
    if (left === 0) break;
    const n = Math.min(left, pr.reservedQuantity);
    await moveStock(tx, { productId: p.productId, kind: "used", onHand: -n, reserved: -n, reason: `Used on ${p.reference} (reserved for it)`, actorUserId: p.actorUserId, requestId: p.requestId, partsRequestId: pr.id, jobPartId: p.jobPartId }, now);
    await tx.update(partsRequests).set({ reservedQuantity: pr.reservedQuantity - n, usedQuantity: pr.usedQuantity + n, updatedAt: now }).where(eq(partsRequests.id, pr.id));
    left -= n;
    taken += n;
  }
  if (left > 0) {
    const stock = await lockStock(tx, p.productId);
    const n = Math.min(left, stock ? stock.onHand - stock.reserved : 0);
    if (n > 0) {
      await moveStock(tx, { productId: p.productId, kind: "used", onHand: -n, reason: `Used on ${p.reference}`, actorUserId: p.actorUserId, requestId: p.requestId, jobPartId: p.jobPartId }, now);
      taken += n;
    }
  }
  if (taken > 0) await tx.update(jobParts).set({ stockQuantity: taken }).where(eq(jobParts.id, p.jobPartId));
  return taken;
}

/** A part taken from stock for the job and brought back unused: back on the shelf. */
export async function returnPart(staff: StaffMember, reference: string, input: { part: number; quantity: number }, now = new Date()): Promise<PartsResult> {
  try {
    return await getDb().transaction(async (tx): Promise<PartsResult> => {
      const [row] = await tx
        .select({ part: jobParts, requestId: serviceRequests.id })
        .from(jobParts)
        .innerJoin(serviceRequests, eq(serviceRequests.id, jobParts.requestId))
        .where(and(eq(jobParts.id, input.part), eq(serviceRequests.reference, reference)))
        .for("update", { of: jobParts });
      if (!row) return { ok: false, reason: "not-found" };
      const { part } = row;
      const left = part.stockQuantity - part.returnedQuantity;
      if (!part.productId || left <= 0) throw new Refusal("quantity", "None of this part came from our stock: nothing to return.");
      if (input.quantity > left) throw new Refusal("quantity", `Only ${partQuantity(left, part.unit)} of this part came from our stock and are not yet returned.`);
      await moveStock(tx, { productId: part.productId, kind: "returned", onHand: input.quantity, reason: `Returned unused from ${reference}`, actorUserId: staff.userId, requestId: row.requestId, jobPartId: part.id }, now);
      await tx.update(jobParts).set({ returnedQuantity: part.returnedQuantity + input.quantity }).where(eq(jobParts.id, part.id));
      await audit(tx, auditActor(staff), { action: "job.part-return", entityType: "request", entityId: row.requestId, entityLabel: reference, before: { returned: part.returnedQuantity }, after: { part: part.id, returned: part.returnedQuantity + input.quantity } }, now);
      return { ok: true, message: `${partQuantity(input.quantity, part.unit)} of ${part.description} back in stock.` };
    });
  } catch (error) {
    return catchRefusal(error);
  }
}

export type PartsRequestState = "waiting" | "ordered" | "ready" | "cancelled";

export const PARTS_STATE_LABELS: Record<PartsRequestState, string> = {
  waiting: "To order or reserve",
  ordered: "On order",
  ready: "Ready",
  cancelled: "Cancelled",
};

export interface PartsRequestView {
  id: number;
  version: number;
  requestId: number;
  reference: string;
  productId: number | null;
  productLabel: string | null;
  description: string;
  quantity: number;
  unit: string;
  quantityText: string;
  reserved: number;
  used: number;
  received: number;
  outstanding: number;
  available: number | null;
  source: "technician" | "office";
  note: string | null;
  state: PartsRequestState;
  stateLabel: string;
  order: { number: string; status: string } | null;
  createdAt: string;
}

async function partsRequestViews(db: Executor, where: ReturnType<typeof and>, limit = 200): Promise<PartsRequestView[]> {
  const rows = await db
    .select({ pr: partsRequests, reference: serviceRequests.reference, product: products, orderNumber: purchaseOrders.number, orderStatus: purchaseOrders.status })
    .from(partsRequests)
    .innerJoin(serviceRequests, eq(serviceRequests.id, partsRequests.requestId))
    .leftJoin(products, eq(products.id, partsRequests.productId))
    .leftJoin(purchaseOrderLines, eq(purchaseOrderLines.partsRequestId, partsRequests.id))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
    .where(where)
    .orderBy(desc(partsRequests.createdAt), desc(partsRequests.id))
    .limit(limit);
  return rows.map(({ pr, reference, product, orderNumber, orderStatus }) => {
    const state: PartsRequestState = pr.cancelledAt ? "cancelled" : pr.readyAt ? "ready" : orderNumber && orderStatus !== "cancelled" ? "ordered" : "waiting";
    return {
      id: pr.id,
      version: pr.version,
      requestId: pr.requestId,
      reference,
      productId: pr.productId,
      productLabel: product ? productLabel(product) : null,
      description: pr.description,
      quantity: pr.quantity,
      unit: pr.unit,
      quantityText: partQuantity(pr.quantity, pr.unit),
      reserved: pr.reservedQuantity,
      used: pr.usedQuantity,
      received: pr.receivedQuantity,
      outstanding: outstanding(pr),
      available: product ? product.onHand - product.reserved : null,
      source: pr.source,
      note: pr.note,
      state,
      stateLabel: PARTS_STATE_LABELS[state],
      order: orderNumber ? { number: orderNumber, status: orderStatus ?? "ordered" } : null,
      createdAt: pr.createdAt.toISOString(),
    };
  });
}

/** A job's parts requests, newest first (the request page, the technician's job). */
export function partsRequestsForJob(requestId: number, db: Executor = getDb()): Promise<PartsRequestView[]> {
  return partsRequestViews(db, and(eq(partsRequests.requestId, requestId)));
}

/** Open requests (not ready, not cancelled): the office's "Parts requests" list and the new order's choices. */
export function openPartsRequests(onlyUnordered = false, db: Executor = getDb()): Promise<PartsRequestView[]> {
  return partsRequestViews(db, and(isNull(partsRequests.readyAt), isNull(partsRequests.cancelledAt), onlyUnordered ? sql`not exists (select 1 from ${purchaseOrderLines} where ${purchaseOrderLines.partsRequestId} = ${partsRequests.id})` : undefined));
}

export function partsRequestsByIds(ids: number[], db: Executor = getDb()): Promise<PartsRequestView[]> {
  return ids.length ? partsRequestViews(db, and(inArray(partsRequests.id, ids))) : Promise.resolve([]);
}

/** The job's parts and how many of each came off our shelf (the return form). */
export async function jobPartsStock(requestId: number) {
  const rows = await getDb()
    .select({ id: jobParts.id, description: jobParts.description, quantity: jobParts.quantity, unit: jobParts.unit, productId: jobParts.productId, stock: jobParts.stockQuantity, returned: jobParts.returnedQuantity })
    .from(jobParts)
    .where(eq(jobParts.requestId, requestId))
    .orderBy(asc(jobParts.id));
  return rows.map((r) => ({ ...r, quantityText: partQuantity(r.quantity, r.unit), returnable: Math.max(0, r.stock - r.returned) }));
}

/** Whether every parts request of the job is ready (and there is at least one). */
export function partsReady(views: PartsRequestView[]): boolean {
  const live = views.filter((v) => v.state !== "cancelled");
  return live.length > 0 && live.every((v) => v.state === "ready");
}
