import { sql } from "drizzle-orm";
import { z } from "zod";
import { bumpContentVersion } from "~/.server/content/version.ts";
import { afterCommit, bulkInsert, bulkUpdate, type Transaction } from "~/.server/db/index.ts";
import { products, stockMovements } from "~/.server/db/schema.ts";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";
import { lineItemSchema } from "~/lib/money/gst.ts";
import { chunks, ImportConflictError, oneRowPerKey, same, tally, type CheckedRow, type Effect, type ImportKind } from "./kind.ts";

/**
 * Products and parts, keyed by their part number (the products table's model column, compared without case or
 * surrounding spaces). The price, HSN/SAC code, GST rate and unit go through the invoice line's own fields
 * (~/lib/money/gst.ts), as on the product form, so an imported product can never hold a value a quote would
 * refuse.
 *
 * Opening stock (issue 19 §7, ADR 045's ledger): a product the import creates starts with it on hand, and the
 * ledger gets the movement that put it there ("adjusted", "Opening stock from import"), so the ledger's sum is the
 * count as for every other change. A product already on file keeps its stock: its count is the ledger's, changed
 * on /admin/products, and the same file imported again adds nothing (the column counts as "left as it was").
 * Undo removes the created products with their opening movements.
 */

const line = lineItemSchema.in.shape;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const rowSchema = z.object({
  partNumber: requiredText("Give the part number: it is how the product is found again.", 80),
  name: requiredText("Name the product, e.g. AC drive 7.5 kW.", 160),
  make: optionalText(80),
  category: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.toLowerCase() : undefined))
    .pipe(z.string().max(80).regex(SLUG, "Give the category's slug as on the products page, e.g. ac-drives.").optional()),
  hsnSac: line.hsnSac,
  gstRate: line.gstRate,
  unit: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v : "nos"))
    .pipe(line.unit),
  price: line.rate,
  description: optionalText(1000),
  openingStock: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      if (!/^\d{1,7}$/.test(v)) {
        ctx.addIssue({ code: "custom", message: "Give the stock as a whole number of units, e.g. 12 (0 or blank for none)." });
        return z.NEVER;
      }
      return Number(v);
    }),
});

export type ProductRow = z.output<typeof rowSchema>;

const partKey = (part: string) => part.trim().toLowerCase();

const crossCheck = oneRowPerKey<ProductRow>(
  (row) => partKey(row.partNumber),
  () => "partNumber",
  (first) => `Line ${first} has the same part number: one row per product.`,
);

const FIELDS = ["name", "make", "category", "hsnSac", "gstRate", "unit", "pricePaise", "description"] as const;

function wanted(row: ProductRow): Partial<Record<(typeof FIELDS)[number], string | number>> {
  const out: Partial<Record<(typeof FIELDS)[number], string | number>> = { name: row.name, hsnSac: row.hsnSac, gstRate: row.gstRate, unit: row.unit, pricePaise: row.price };
  if (row.make) out.make = row.make;
  if (row.category) out.category = row.category;
  if (row.description) out.description = row.description;
  return out;
}

async function upsert(tx: Transaction, rows: CheckedRow<ProductRow>[], now: Date, staff: { userId: number | null }) {
  const effects: Effect[] = [];
  const counts: Record<string, number> = {};
  const keys = rows.map((r) => partKey(r.row.partNumber));
  const existing = new Map<string, typeof products.$inferSelect>();
  for (const part of chunks(keys)) {
    const found = await tx
      .select()
      .from(products)
      .where(sql`lower(trim(${products.model})) in (select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))`)
      .for("update");
    for (const p of found) {
      const key = partKey(p.model!);
      if (existing.has(key)) throw new ImportConflictError(`Part number ${p.model} is on more than one product already: give them different part numbers on /admin/products first.`);
      existing.set(key, p);
    }
  }
  const fresh: Array<typeof products.$inferInsert> = [];
  const updates: Array<{ id: number } & Record<string, unknown>> = [];
  for (const { row } of rows) {
    const stored = existing.get(partKey(row.partNumber));
    const w = wanted(row);
    if (!stored) {
      // Off the public /products page until someone checks it there: a file is not a reviewed catalogue entry.
      fresh.push({ model: row.partNumber.trim(), name: row.name, make: row.make ?? null, category: row.category ?? null, hsnSac: row.hsnSac, gstRate: row.gstRate, unit: row.unit, pricePaise: row.price, description: row.description ?? null, onHand: row.openingStock ?? 0, published: false, version: 1, createdAt: now, updatedAt: now });
      continue;
    }
    // On file: its stock is the ledger's, never the file's (a second import of the same file adds nothing).
    if (row.openingStock) tally(counts, "stock-movement", "unchanged");
    const before: Record<string, unknown> = {};
    const next: { id: number } & Record<string, unknown> = { id: stored.id };
    for (const f of FIELDS) {
      next[f] = stored[f];
      if (w[f] !== undefined && !same(stored[f], w[f])) {
        before[f] = stored[f];
        next[f] = w[f];
      }
    }
    if (Object.keys(before).length === 0) {
      tally(counts, "product", "unchanged");
      continue;
    }
    tally(counts, "product", "updated");
    updates.push(next);
    effects.push({ entity: "product", entityId: stored.id, effect: "updated", before, versionAfter: stored.version + 1 });
  }
  const opening: Array<typeof stockMovements.$inferInsert> = [];
  for (const part of chunks(fresh)) {
    for (const made of await bulkInsert(tx, products, part, { returning: { id: products.id, onHand: products.onHand } })) {
      effects.push({ entity: "product", entityId: made.id, effect: "created", before: null, versionAfter: 1 });
      if (made.onHand > 0) {
        opening.push({ productId: made.id, kind: "adjusted", onHandChange: made.onHand, reservedChange: 0, onHandAfter: made.onHand, reservedAfter: 0, reason: "Opening stock from import", actorUserId: staff.userId, createdAt: now });
      }
    }
  }
  tally(counts, "product", "created", fresh.length);
  // The ledger's first row for each: set-based, as the products themselves (no reorder level yet: no alert to raise).
  for (const part of chunks(opening)) {
    for (const made of await bulkInsert(tx, stockMovements, part, { returning: { id: stockMovements.id } })) effects.push({ entity: "stock-movement", entityId: made.id, effect: "created", before: null, versionAfter: null });
  }
  tally(counts, "stock-movement", "created", opening.length);
  for (const part of chunks(updates)) await bulkUpdate(tx, products, part, { computed: { version: sql`${products}.version + 1`, updatedAt: sql`${now.toISOString()}::timestamptz` } });
  // The public /products page is cached: it is drawn again once the change is committed.
  if (fresh.length || updates.length) afterCommit(bumpContentVersion);
  return { effects, counts };
}

export const productsKind: ImportKind<ProductRow> = {
  name: "products",
  label: "Products and parts",
  columns: [
    { field: "partNumber", label: "Part number", required: true, aliases: ["Model", "Part no", "Model number", "Part"] },
    { field: "name", label: "Name", required: true, aliases: ["Product", "Product name", "Description of goods"] },
    { field: "make", label: "Make", aliases: ["Brand", "Manufacturer"] },
    { field: "category", label: "Category" },
    { field: "hsnSac", label: "HSN/SAC", required: true, aliases: ["HSN", "SAC", "HSN code", "HSN SAC code"] },
    { field: "gstRate", label: "GST rate", required: true, aliases: ["GST", "GST %", "Tax rate"] },
    { field: "unit", label: "Unit", aliases: ["UOM", "Unit of measure"] },
    { field: "price", label: "Price", required: true, aliases: ["Rate", "Price (₹)", "Unit price", "Price before tax"] },
    { field: "description", label: "Description", aliases: ["Details"] },
    { field: "openingStock", label: "Opening stock", aliases: ["Stock", "On hand", "Quantity", "Qty", "Opening quantity"] },
  ],
  row: rowSchema,
  crossCheck,
  records: { product: "Products", "stock-movement": "Opening stock" },
  // Children first: undo removes the opening movements before the products they belong to.
  entities: [
    { entity: "stock-movement", table: stockMovements, noun: "stock movement", labelColumn: "reason", versioned: false },
    { entity: "product", table: products, noun: "product", labelColumn: "name", versioned: true },
  ],
  upsert,
  // The public /products page is drawn again once an undo has put the products back.
  afterUndo: bumpContentVersion,
};
