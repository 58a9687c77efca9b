import { and, eq, ne, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, changesOrRefuse, Refusal, type ChangeResult, type ChangeStep, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { jobParts, products } from "~/.server/db/schema.ts";
import { productLabel, STALE_PRODUCT_MESSAGE, type EditProductInput, type NewProductInput, type ProductStateIntent } from "~/lib/forms/admin/products.ts";
import { bumpContentVersion } from "~/.server/content/version.ts";

/**
 * The office's changes to products and parts (/admin/products). Each is one transaction with its audit
 * entry. An edit or a state change is made on the version the staff member saw: a change made meanwhile
 * (or the same form sent twice) is refused. Products are never deleted: parts on old jobs and lines on old
 * documents name them, so a product no longer sold is withdrawn (kept, no longer offered).
 *
 * Make + model + name is the natural key (unique index products_make_model, case-insensitive): adding the
 * same item twice, or the same form twice, is refused with a link to the one already there.
 */

type Product = typeof products.$inferSelect;

export type ProductExisting = { id: number; label: string };

export type AddProductResult = { ok: true; id: number } | { ok: false; field: string; message: string; existing?: ProductExisting };

export type ProductResult = ChangeResult<object, { existing: ProductExisting }>;

const orNull = (v: string | undefined) => v ?? null;

function values(input: NewProductInput) {
  return {
    name: input.name,
    make: orNull(input.make),
    model: orNull(input.model),
    category: orNull(input.category),
    hsnSac: input.hsnSac,
    gstRate: input.gstRate,
    unit: input.unit,
    pricePaise: input.price,
    description: orNull(input.description),
    published: input.published,
  };
}

function sameKey(v: { name: string; make: string | null; model: string | null }) {
  return and(
    sql`lower(coalesce(${products.make}, '')) = lower(${v.make ?? ""})`,
    sql`lower(coalesce(${products.model}, '')) = lower(${v.model ?? ""})`,
    sql`lower(${products.name}) = lower(${v.name})`,
  );
}

async function duplicateOf(db: Transaction | Database, v: { name: string; make: string | null; model: string | null }, except?: number): Promise<ProductExisting | undefined> {
  const [row] = await db
    .select({ id: products.id, name: products.name, make: products.make, model: products.model })
    .from(products)
    .where(and(sameKey(v), except ? ne(products.id, except) : undefined));
  return row ? { id: row.id, label: productLabel(row) } : undefined;
}

const duplicateMessage = (e: ProductExisting) => `${e.label} is already in the list: open it to change it.`;

export async function addProduct(staff: StaffMember, input: NewProductInput, now = new Date()): Promise<AddProductResult> {
  const v = values(input);
  try {
    const result = await getDb().transaction(async (tx) => {
      const existing = await duplicateOf(tx, v);
      if (existing) return { ok: false as const, field: "name", message: duplicateMessage(existing), existing };
      const [made] = await tx
        .insert(products)
        .values({ ...v, createdAt: now, updatedAt: now })
        .returning({ id: products.id });
      await audit(tx, auditActor(staff), { action: "product.add", entityType: "product", entityId: made!.id, entityLabel: productLabel(v), before: null, after: v }, now);
      return { ok: true as const, id: made!.id };
    });
    // The public /products page lists products: its cached copy is stale now.
    if (result.ok) bumpContentVersion();
    return result;
  } catch (error) {
    // Two people adding the same item at once: the second is shown the first's.
    if (!isUniqueViolation(error)) throw error;
    const existing = await duplicateOf(getDb(), v);
    if (!existing) throw error;
    return { ok: false, field: "name", message: duplicateMessage(existing), existing };
  }
}

const PRODUCT: RecordKind<Product, number> = {
  table: products, entityType: "product", stale: STALE_PRODUCT_MESSAGE, stampsUpdatedAt: true,
  key: products.id,
  label: ({ row }) => productLabel(row),
  refuse: (error) => (isUniqueViolation(error) ? { field: "name", message: "Another product already has this make, model and name." } : undefined),
};

async function change(id: number, version: number, staff: StaffMember, step: (s: ChangeStep<Product, { row: Product }>) => Promise<string>, now: Date): Promise<ProductResult> {
  const result = await changeRecord<Product, number, { row: Product }, object, { existing: ProductExisting }>(PRODUCT, id, version, staff, now, step);
  // The public /products page lists products: its cached copy is stale now.
  if (result.ok) bumpContentVersion();
  return result;
}

export function editProduct(staff: StaffMember, id: number, input: EditProductInput, now = new Date()): Promise<ProductResult> {
  return change(id, input.version, staff, async ({ row, tx, save, audit }) => {
    const after = values(input);
    const diff = changesOrRefuse(row, after);
    const existing = await duplicateOf(tx, after, row.id);
    if (existing) throw new Refusal("name", duplicateMessage(existing), { existing });
    await save(after);
    await audit("product.update", diff.before, diff.after);
    return "Product saved.";
  }, now);
}

const STATE_CHANGES: Record<ProductStateIntent, { set: Partial<Product>; message: string; already: string }> = {
  publish: { set: { published: true }, message: "Published: it is listed on the products page.", already: "This product is already published." },
  unpublish: { set: { published: false }, message: "No longer listed on the products page.", already: "This product is already off the products page." },
  withdraw: { set: { active: false }, message: "Withdrawn: no longer offered; parts and documents that name it keep it.", already: "This product is already withdrawn." },
  restore: { set: { active: true }, message: "Restored: offered again.", already: "This product is not withdrawn." },
};

/** Publish / unpublish on /products, withdraw / restore (never a delete). */
export function changeProductState(staff: StaffMember, id: number, input: { intent: ProductStateIntent; version: number }, now = new Date()): Promise<ProductResult> {
  const c = STATE_CHANGES[input.intent];
  return change(id, input.version, staff, async ({ row, save, audit }) => {
    const diff = changesOrRefuse(row, c.set, c.already);
    await save(c.set);
    await audit(`product.${input.intent}`, diff.before, diff.after);
    return c.message;
  }, now);
}

/** One product as its edit page shows it, with how many parts recorded on jobs name it. */
export async function productRecord(id: number): Promise<(Product & { partsOnJobs: number }) | undefined> {
  const [row] = await getDb()
    .select({ product: products, partsOnJobs: sql<number>`(select count(*)::int from ${jobParts} where ${jobParts.productId} = ${products.id})` })
    .from(products)
    .where(eq(products.id, id));
  return row ? { ...row.product, partsOnJobs: Number(row.partsOnJobs) } : undefined;
}
