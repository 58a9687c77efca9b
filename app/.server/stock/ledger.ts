import { and, desc, eq, sql } from "drizzle-orm";
import { Refusal } from "~/.server/admin/changes.ts";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { products, stockMovements, users, type STOCK_MOVEMENT_KINDS } from "~/.server/db/schema.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";

/**
 * The stock ledger (issue 19 §5, ADR 045). Every change to a product's stock is `moveStock`: inside the
 * caller's transaction it locks the product's row (FOR UPDATE), so two movements of one product queue rather
 * than both read the same count; refuses a movement that would leave on hand or reserved below zero, or more
 * reserved than on hand; writes the new counts and one stock_movements row with who, when, why and the job.
 * The products_stock check constraint backs the rule up.
 *
 * Reorder alert: when available (on hand - reserved) falls below the reorder level, the movement that crosses
 * it stamps below_reorder_since and raises one staff alert ("stock.low"); further movements below the level
 * raise nothing; rising back to the level clears the stamp, so the next fall is a new crossing.
 */

export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export interface Movement {
  productId: number;
  kind: StockMovementKind;
  /** Signed change to on hand. */
  onHand?: number;
  /** Signed change to reserved. */
  reserved?: number;
  reason: string;
  actorUserId: number | null;
  requestId?: number | null;
  partsRequestId?: number | null;
  purchaseOrderId?: number | null;
  jobPartId?: number | null;
}

export interface StockCounts {
  onHand: number;
  reserved: number;
  available: number;
  reorderLevel: number;
}

type Executor = Database | Transaction;

/** The product's stock, its row locked until the transaction ends. */
export async function lockStock(tx: Executor, productId: number) {
  const [row] = await tx
    .select({ id: products.id, name: products.name, make: products.make, model: products.model, unit: products.unit, onHand: products.onHand, reserved: products.reserved, reorderLevel: products.reorderLevel, belowReorderSince: products.belowReorderSince })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  return row;
}

export async function moveStock(tx: Executor, m: Movement, now = new Date()): Promise<StockCounts> {
  const row = await lockStock(tx, m.productId);
  if (!row) throw new Refusal("form", "This product is no longer in the list.");
  const onHand = row.onHand + (m.onHand ?? 0);
  const reserved = row.reserved + (m.reserved ?? 0);
  const label = productLabel(row);
  if (onHand < 0) throw new Refusal("quantity", `Only ${row.onHand} ${row.unit} of ${label} on hand: stock cannot go below zero.`);
  if (reserved < 0) throw new Refusal("quantity", `Only ${row.reserved} ${row.unit} of ${label} are reserved.`);
  if (reserved > onHand) throw new Refusal("quantity", `Only ${Math.max(0, row.onHand - row.reserved)} ${row.unit} of ${label} available (on hand, not reserved).`);
  const available = onHand - reserved;
  const below = row.reorderLevel > 0 && available < row.reorderLevel;
  const crossing = below && !row.belowReorderSince;
  await tx
    .update(products)
    .set({ onHand, reserved, belowReorderSince: below ? (row.belowReorderSince ?? now) : null })
    .where(eq(products.id, row.id));
  await tx.insert(stockMovements).values({
    productId: row.id,
    kind: m.kind,
    onHandChange: m.onHand ?? 0,
    reservedChange: m.reserved ?? 0,
    onHandAfter: onHand,
    reservedAfter: reserved,
    requestId: m.requestId ?? null,
    partsRequestId: m.partsRequestId ?? null,
    purchaseOrderId: m.purchaseOrderId ?? null,
    jobPartId: m.jobPartId ?? null,
    reason: m.reason,
    actorUserId: m.actorUserId,
    createdAt: now,
  });
  if (crossing) await raiseLowStock(tx, { id: row.id, label, unit: row.unit, available, reorderLevel: row.reorderLevel }, now);
  return { onHand, reserved, available, reorderLevel: row.reorderLevel };
}

async function raiseLowStock(tx: Executor, p: { id: number; label: string; unit: string; available: number; reorderLevel: number }, now: Date) {
  await raiseStaffAlert(tx, {
    kind: "stock.low",
    title: `Reorder ${p.label}: ${p.available} ${p.unit} available`,
    body: `Available stock fell below the reorder level of ${p.reorderLevel} ${p.unit}.`,
    link: `/admin/products/${p.id}`,
    dedupeKey: `stock:${p.id}:below:${now.getTime()}`,
    permission: "money",
  });
}

/**
 * After the reorder level itself changes: a level now above what is available is a crossing (one alert); a
 * level at or below it clears the stamp. Called in the transaction that saves the level.
 */
export async function recheckReorder(tx: Executor, productId: number, now = new Date()): Promise<void> {
  const row = await lockStock(tx, productId);
  if (!row) return;
  const available = row.onHand - row.reserved;
  const below = row.reorderLevel > 0 && available < row.reorderLevel;
  if (below && !row.belowReorderSince) {
    await tx.update(products).set({ belowReorderSince: now }).where(eq(products.id, productId));
    await raiseLowStock(tx, { id: row.id, label: productLabel(row), unit: row.unit, available, reorderLevel: row.reorderLevel }, now);
  } else if (!below && row.belowReorderSince) {
    await tx.update(products).set({ belowReorderSince: null }).where(eq(products.id, productId));
  }
}

export interface MovementView {
  id: number;
  kind: StockMovementKind;
  onHandChange: number;
  reservedChange: number;
  onHandAfter: number;
  reservedAfter: number;
  reason: string;
  by: string | null;
  requestReference: string | null;
  createdAt: string;
}

/** The product's latest movements, newest first. */
export async function recentMovements(db: Executor, productId: number, limit = 20): Promise<MovementView[]> {
  const rows = await db
    .select({
      m: stockMovements,
      by: users.name,
      reference: sql<string | null>`(select reference from service_requests where id = ${stockMovements.requestId})`,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorUserId))
    .where(and(eq(stockMovements.productId, productId)))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
  return rows.map(({ m, by, reference }) => ({
    id: m.id,
    kind: m.kind,
    onHandChange: m.onHandChange,
    reservedChange: m.reservedChange,
    onHandAfter: m.onHandAfter,
    reservedAfter: m.reservedAfter,
    reason: m.reason,
    by,
    requestReference: reference,
    createdAt: m.createdAt.toISOString(),
  }));
}
