import { and, asc, eq, ne, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, changesOrRefuse, Refusal, type ChangeResult, type ChangeStep, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { products, vendorBills, vendorParts, vendors } from "~/.server/db/schema.ts";
import { productLabel } from "~/lib/forms/admin/products.ts";
import { STALE_VENDOR_MESSAGE, type AddPartInput, type EditPartInput, type EditVendorInput, type VendorInput, type VendorStateIntent } from "~/lib/forms/admin/vendors.ts";

/**
 * The office's changes to vendors (/admin/vendors): the vendor's details and contacts, the parts they supply
 * at their price, archive / restore. Each is one transaction with its audit entry on the vendor, made on the
 * version the staff member saw (the parts too: a part added, changed or removed moves the vendor's version
 * on), so a change made meanwhile, or the same form sent twice, is refused rather than lost.
 *
 * The GSTIN is the natural key (unique index vendors_gstin): adding the same vendor twice, or the same form
 * twice, is refused with a link to the one already there. A vendor is never deleted: its bills name it.
 */

export type Vendor = typeof vendors.$inferSelect;

export type VendorExisting = { id: number; label: string };

export type AddVendorResult = { ok: true; id: number } | { ok: false; field: string; message: string; existing?: VendorExisting };

export type VendorResult = ChangeResult<object, { existing: VendorExisting }>;

async function sameGstin(db: Transaction | Database, gstin: string | null, except?: number): Promise<VendorExisting | undefined> {
  if (!gstin) return undefined;
  const [row] = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.gstin, gstin), except ? ne(vendors.id, except) : undefined));
  return row ? { id: row.id, label: row.name } : undefined;
}

export const duplicateGstinMessage = (e: VendorExisting) => `This GSTIN is already ${e.label}'s: open it to change it.`;

export async function addVendor(staff: StaffMember, input: VendorInput, now = new Date()): Promise<AddVendorResult> {
  try {
    return await getDb().transaction(async (tx) => {
      const existing = await sameGstin(tx, input.gstin);
      if (existing) return { ok: false as const, field: "gstin", message: duplicateGstinMessage(existing), existing };
      const [made] = await tx
        .insert(vendors)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning({ id: vendors.id });
      await audit(tx, auditActor(staff), { action: "vendor.add", entityType: "vendor", entityId: made!.id, entityLabel: input.name, before: null, after: input }, now);
      return { ok: true as const, id: made!.id };
    });
  } catch (error) {
    // Two people adding the same vendor at once: the second is shown the first's.
    if (!isUniqueViolation(error)) throw error;
    const existing = await sameGstin(getDb(), input.gstin);
    if (!existing) throw error;
    return { ok: false, field: "gstin", message: duplicateGstinMessage(existing), existing };
  }
}

/** The unique index that refused a write: vendors_gstin, vendor_parts_vendor_product, vendor_bills_vendor_number. */
export function violatedIndex(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const e = error as { constraint?: string; cause?: { constraint?: string; constraint_name?: string } };
  return e.constraint ?? e.cause?.constraint ?? e.cause?.constraint_name;
}

const VENDOR: RecordKind<Vendor, number> = {
  table: vendors, entityType: "vendor", stale: STALE_VENDOR_MESSAGE, stampsUpdatedAt: true,
  key: vendors.id,
  label: ({ row }) => row.name,
  refuse: (error) => {
    const index = violatedIndex(error);
    if (index === "vendor_parts_vendor_product") return { field: "productId", message: "They already supply this product: change its row below." };
    if (index === "vendors_gstin") return { field: "gstin", message: "Another vendor already has this GSTIN." };
    return isUniqueViolation(error) ? { field: "form", message: "This was saved meanwhile: reload the page." } : undefined;
  },
};

type Step = (s: ChangeStep<Vendor, { row: Vendor }>) => Promise<string>;

function change(id: number, version: number, staff: StaffMember, step: Step, now: Date): Promise<VendorResult> {
  return changeRecord<Vendor, number, { row: Vendor }, object, { existing: VendorExisting }>(VENDOR, id, version, staff, now, step);
}

export function editVendor(staff: StaffMember, id: number, input: EditVendorInput, now = new Date()): Promise<VendorResult> {
  const { version, ...after } = input;
  return change(id, version, staff, async ({ row, tx, save, audit }) => {
    const diff = changesOrRefuse(row, after);
    const existing = await sameGstin(tx, after.gstin, row.id);
    if (existing) throw new Refusal("gstin", duplicateGstinMessage(existing), { existing });
    await save(after);
    await audit("vendor.update", diff.before, diff.after);
    return "Vendor saved.";
  }, now);
}

const STATE_CHANGES: Record<VendorStateIntent, { archived: boolean; message: string; already: string }> = {
  archive: { archived: true, message: "Archived: no longer offered for new purchases; its bills stay.", already: "This vendor is already archived." },
  restore: { archived: false, message: "Restored: bought from again.", already: "This vendor is not archived." },
};

export function changeVendorState(staff: StaffMember, id: number, input: { intent: VendorStateIntent; version: number }, now = new Date()): Promise<VendorResult> {
  const c = STATE_CHANGES[input.intent];
  return change(id, input.version, staff, async ({ row, save, audit }) => {
    if (Boolean(row.archivedAt) === c.archived) throw new Refusal("form", c.already);
    await save({ archivedAt: c.archived ? now : null });
    await audit(`vendor.${input.intent}`, { archived: !c.archived }, { archived: c.archived });
    return c.message;
  }, now);
}

// ── The parts they supply ───────────────────────────────────────────────────────────────────────

type PartFigures = { partNumber: string | null; pricePaise: number; leadTimeDays: number | null };

const partValues = (input: { partNumber?: string; price: number; leadTimeDays?: number }): PartFigures => ({
  partNumber: input.partNumber ?? null,
  pricePaise: input.price,
  leadTimeDays: input.leadTimeDays ?? null,
});

export function addVendorPart(staff: StaffMember, vendorId: number, input: AddPartInput, now = new Date()): Promise<VendorResult> {
  return change(vendorId, input.version, staff, async ({ row, tx, save, audit }) => {
    const [product] = await tx.select({ id: products.id, name: products.name, make: products.make, model: products.model }).from(products).where(eq(products.id, input.productId));
    if (!product) throw new Refusal("productId", "Choose the product they supply from the list.");
    const [already] = await tx.select({ id: vendorParts.id }).from(vendorParts).where(and(eq(vendorParts.vendorId, row.id), eq(vendorParts.productId, product.id)));
    if (already) throw new Refusal("productId", `They already supply ${productLabel(product)}: change its row below.`);
    const values = partValues(input);
    await tx.insert(vendorParts).values({ vendorId: row.id, productId: product.id, ...values, createdAt: now, updatedAt: now });
    await save();
    await audit("vendor.part-add", null, { product: productLabel(product), ...values });
    return `${productLabel(product)} added to what they supply.`;
  }, now);
}

async function partOf(tx: Transaction, vendorId: number, partId: number) {
  const [part] = await tx
    .select({ part: vendorParts, product: { name: products.name, make: products.make, model: products.model } })
    .from(vendorParts)
    .innerJoin(products, eq(products.id, vendorParts.productId))
    .where(and(eq(vendorParts.id, partId), eq(vendorParts.vendorId, vendorId)));
  if (!part) throw new Refusal("form", "This part is no longer on their list: reload the page.");
  return part;
}

export function editVendorPart(staff: StaffMember, vendorId: number, input: EditPartInput, now = new Date()): Promise<VendorResult> {
  return change(vendorId, input.version, staff, async ({ row, tx, save, audit }) => {
    const { part, product } = await partOf(tx, row.id, input.partId);
    const after = partValues(input);
    const diff = changesOrRefuse(part, after);
    await tx.update(vendorParts).set({ ...after, updatedAt: now }).where(eq(vendorParts.id, part.id));
    await save();
    await audit("vendor.part-edit", { product: productLabel(product), ...diff.before }, { product: productLabel(product), ...diff.after });
    return `${productLabel(product)}: saved.`;
  }, now);
}

export function removeVendorPart(staff: StaffMember, vendorId: number, input: { partId: number; version: number }, now = new Date()): Promise<VendorResult> {
  return change(vendorId, input.version, staff, async ({ row, tx, save, audit }) => {
    const { part, product } = await partOf(tx, row.id, input.partId);
    await tx.delete(vendorParts).where(eq(vendorParts.id, part.id));
    await save();
    await audit("vendor.part-remove", { product: productLabel(product), partNumber: part.partNumber, pricePaise: part.pricePaise, leadTimeDays: part.leadTimeDays }, null);
    return `${productLabel(product)} removed from what they supply.`;
  }, now);
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

export type VendorPartRow = { id: number; productId: number; product: string; partNumber: string | null; pricePaise: number; leadTimeDays: number | null };
export type VendorBillRow = {
  id: number;
  billNumber: string;
  billDate: string;
  gstRate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  purchaseOrderId: number | null;
  notes: string | null;
};

/** One vendor as its page shows it: the row, the parts they supply (by product), and their bills (newest first). */
export async function vendorRecord(id: number): Promise<{ vendor: Vendor; parts: VendorPartRow[]; bills: VendorBillRow[] } | undefined> {
  const db = getDb();
  const [vendor] = await db.select().from(vendors).where(eq(vendors.id, id));
  if (!vendor) return undefined;
  const [parts, bills] = await Promise.all([
    db
      .select({ id: vendorParts.id, productId: vendorParts.productId, name: products.name, make: products.make, model: products.model, partNumber: vendorParts.partNumber, pricePaise: vendorParts.pricePaise, leadTimeDays: vendorParts.leadTimeDays })
      .from(vendorParts)
      .innerJoin(products, eq(products.id, vendorParts.productId))
      .where(eq(vendorParts.vendorId, id))
      .orderBy(sql`lower(${products.name})`, asc(vendorParts.id)),
    db
      .select({
        id: vendorBills.id,
        billNumber: vendorBills.billNumber,
        billDate: vendorBills.billDate,
        gstRate: vendorBills.gstRate,
        taxablePaise: vendorBills.taxablePaise,
        cgstPaise: vendorBills.cgstPaise,
        sgstPaise: vendorBills.sgstPaise,
        igstPaise: vendorBills.igstPaise,
        totalPaise: vendorBills.totalPaise,
        purchaseOrderId: vendorBills.purchaseOrderId,
        notes: vendorBills.notes,
      })
      .from(vendorBills)
      .where(eq(vendorBills.vendorId, id))
      .orderBy(sql`${vendorBills.billDate} desc`, sql`${vendorBills.id} desc`)
      .limit(200),
  ]);
  return {
    vendor,
    parts: parts.map(({ name, make, model, ...p }) => ({ ...p, product: productLabel({ name, make, model }) })),
    bills,
  };
}

/** The products a part row can name: every product still offered, by name (the add-a-part picker). */
export async function productChoices(): Promise<Array<{ id: number; label: string }>> {
  const rows = await getDb().select({ id: products.id, name: products.name, make: products.make, model: products.model }).from(products).where(eq(products.active, true)).orderBy(sql`lower(${products.name})`, asc(products.id)).limit(2000);
  return rows.map((r) => ({ id: r.id, label: productLabel(r) }));
}
