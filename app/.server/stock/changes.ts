import { eq } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, refusedBy, Refusal, type ChangeResult } from "~/.server/admin/changes.ts";
import { getDb } from "~/.server/db/index.ts";
import { products } from "~/.server/db/schema.ts";
import { productLabel, STALE_PRODUCT_MESSAGE } from "~/lib/forms/admin/products.ts";
import { STALE_STOCK_MESSAGE } from "~/lib/forms/admin/stock.ts";
import { lockStock, moveStock, recheckReorder } from "./ledger.ts";

/**
 * The office's stock changes on a product's page: "Adjust stock" (the only way on hand is set by hand: a
 * count, with its reason, one ledger row and one audit entry) and the reorder level. The adjustment is made on
 * the on-hand figure the form showed: a movement meanwhile (a part used, an order received) refuses it.
 */

export function adjustStock(staff: StaffMember, productId: number, input: { seenOnHand: number; onHand: number; reason: string }, now = new Date()): Promise<ChangeResult> {
  return getDb()
    .transaction(async (tx): Promise<ChangeResult> => {
      const row = await lockStock(tx, productId);
      if (!row) return { ok: false, reason: "not-found" };
      if (row.onHand !== input.seenOnHand) throw new Refusal("onHand", STALE_STOCK_MESSAGE);
      const change = input.onHand - row.onHand;
      if (change === 0) throw new Refusal("onHand", `${row.onHand} ${row.unit} are already on hand: nothing to adjust.`);
      if (input.onHand < row.reserved) throw new Refusal("onHand", `${row.reserved} ${row.unit} are reserved for jobs: release them on the jobs first, or count at least ${row.reserved}.`);
      const counts = await moveStock(tx, { productId, kind: "adjusted", onHand: change, reason: input.reason, actorUserId: staff.userId }, now);
      await audit(tx, auditActor(staff), { action: "product.stock-adjust", entityType: "product", entityId: productId, entityLabel: productLabel(row), before: { onHand: row.onHand }, after: { onHand: counts.onHand, reason: input.reason } }, now);
      return { ok: true, message: `Stock adjusted: ${counts.onHand} ${row.unit} on hand, ${counts.available} available.` };
    })
    .catch((error: unknown) => {
      const refused = refusedBy(error);
      if (refused) return refused;
      throw error;
    });
}

type Product = typeof products.$inferSelect;

export function setReorderLevel(staff: StaffMember, productId: number, input: { version: number; reorderLevel: number }, now = new Date()): Promise<ChangeResult> {
  return changeRecord<Product, number, { row: Product }>(
    { table: products, entityType: "product", stale: STALE_PRODUCT_MESSAGE, stampsUpdatedAt: true, key: products.id, label: ({ row }) => productLabel(row) },
    productId,
    input.version,
    staff,
    now,
    async ({ row, tx, save, audit: log }) => {
      if (row.reorderLevel === input.reorderLevel) throw new Refusal("reorderLevel", `The reorder level is already ${row.reorderLevel}.`);
      await save({ reorderLevel: input.reorderLevel });
      await log("product.reorder-level", { reorderLevel: row.reorderLevel }, { reorderLevel: input.reorderLevel });
      await recheckReorder(tx, productId, now);
      return input.reorderLevel === 0 ? "Reorder level removed: this product's stock is no longer watched." : `Reorder level set: you are told when fewer than ${input.reorderLevel} ${row.unit} are available.`;
    },
  );
}

/** The product's stock figures for its page. */
export async function stockOf(productId: number) {
  const [row] = await getDb()
    .select({ onHand: products.onHand, reserved: products.reserved, reorderLevel: products.reorderLevel, belowReorderSince: products.belowReorderSince })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) return undefined;
  return { ...row, available: row.onHand - row.reserved, belowReorderSince: row.belowReorderSince?.toISOString() ?? null };
}
