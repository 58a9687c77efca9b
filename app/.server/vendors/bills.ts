import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { changeRecord, Refusal, type ChangeResult } from "~/.server/admin/changes.ts";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { vendorBills, vendors } from "~/.server/db/schema.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { STALE_VENDOR_MESSAGE, type BillInput } from "~/lib/forms/admin/vendors.ts";
import { taxLines, type GstRate } from "~/lib/money/gst.ts";
import { GST_STATES } from "~/lib/settings-schema.ts";
import { violatedIndex, type Vendor } from "./changes.ts";

/**
 * A vendor's bill (purchase invoice), recorded from the vendor's page: the purchases and the input tax the
 * accountant's exports carry (~/.server/payments/exports.ts, ~/.server/accounting/tally.ts).
 *
 * The office types the taxable value and the GST rate as printed; the tax is worked out as an invoice line's
 * is (~/lib/money/gst.ts: integer paise, rounded half up): CGST + SGST (half each) when the vendor's state is
 * the business's (settings > Business), IGST otherwise. A vendor without a GSTIN is unregistered and charges
 * no GST, so its bills carry none. The bill number is unique per vendor, in any case (vendor_bills_vendor_number):
 * the same bill typed twice, or the form sent twice, is refused, never entered twice.
 */

export type BillFigures = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };

/** The bill's tax, split by the vendor's state against the business's. */
export function billFigures(taxablePaise: number, gstRate: GstRate, vendorStateCode: string, businessStateCode: string): BillFigures {
  const [line] = taxLines([{ description: "Bill", hsnSac: "", quantityMilli: 1000, unit: "nos", ratePaise: taxablePaise, discountPaise: 0, gstRate }], businessStateCode, vendorStateCode);
  return { taxablePaise, cgstPaise: line!.cgstPaise, sgstPaise: line!.sgstPaise, igstPaise: line!.igstPaise, totalPaise: line!.totalPaise };
}

export const duplicateBillMessage = (billNumber: string) => `Bill ${billNumber} of this vendor is already recorded: see their bills below.`;

export type BillResult = ChangeResult<{ billId: number }>;

/** Records the bill on the vendor, with its "vendor.bill-add" entry; a bill number already recorded is refused. */
export async function recordVendorBill(staff: StaffMember, vendorId: number, input: BillInput, now = new Date()): Promise<BillResult> {
  // Read outside the transaction (the settings cache refuses to be read inside one on PGlite).
  const business = (await getSiteSettings()).business.stateCode;
  return changeRecord<Vendor, number, { row: Vendor }, { billId: number }>(
    {
      table: vendors, entityType: "vendor", stale: STALE_VENDOR_MESSAGE, stampsUpdatedAt: true, key: vendors.id,
      label: ({ row }) => row.name,
      refuse: (error) => (violatedIndex(error) === "vendor_bills_vendor_number" ? { field: "billNumber", message: duplicateBillMessage(input.billNumber) } : undefined),
    },
    vendorId,
    null,
    staff,
    now,
    async ({ row, tx, audit }) => {
      const [same] = await tx.select({ id: vendorBills.id }).from(vendorBills).where(and(eq(vendorBills.vendorId, row.id), sql`lower(${vendorBills.billNumber}) = lower(${input.billNumber})`));
      if (same) throw new Refusal("billNumber", duplicateBillMessage(input.billNumber));
      const registered = Boolean(row.gstin);
      if (!registered && input.gstRate !== 0) throw new Refusal("gstRate", "This vendor has no GSTIN, so its bill carries no GST: enter 0, or add their GSTIN first.");
      const supplier = row.stateCode && GST_STATES[row.stateCode] ? row.stateCode : business;
      const figures = billFigures(input.taxable, registered ? input.gstRate : 0, supplier, business);
      const [bill] = await tx
        .insert(vendorBills)
        .values({ vendorId: row.id, billNumber: input.billNumber, billDate: input.billDate, gstRate: input.gstRate, ...figures, supplierStateCode: row.stateCode, notes: input.notes ?? null, createdBy: staff.userId, createdAt: now, updatedAt: now })
        .returning({ id: vendorBills.id });
      await audit("vendor.bill-add", null, { billNumber: input.billNumber, billDate: input.billDate, gstRate: input.gstRate, ...figures });
      return { message: `Bill ${input.billNumber} recorded.`, billId: bill!.id };
    },
  );
}

/** Removes a bill typed wrongly (to be recorded again), with its "vendor.bill-remove" entry keeping its figures. */
export function removeVendorBill(staff: StaffMember, vendorId: number, billId: number, now = new Date()): Promise<ChangeResult> {
  return changeRecord<Vendor, number, { row: Vendor }>(
    { table: vendors, entityType: "vendor", stale: STALE_VENDOR_MESSAGE, stampsUpdatedAt: true, key: vendors.id, label: ({ row }) => row.name },
    vendorId,
    null,
    staff,
    now,
    async ({ row, tx, audit }) => {
      const [gone] = await tx.delete(vendorBills).where(and(eq(vendorBills.id, billId), eq(vendorBills.vendorId, row.id))).returning();
      if (!gone) throw new Refusal("form", "This bill is no longer recorded: reload the page.");
      const { billNumber, billDate, gstRate, taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise } = gone;
      await audit("vendor.bill-remove", { billNumber, billDate, gstRate, taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise }, null);
      return `Bill ${billNumber} removed.`;
    },
  );
}

/** A bill as the accountant's exports read it: the vendor's name, GSTIN and state with it. */
export type PurchaseBill = BillFigures & {
  id: number;
  billNumber: string;
  billDate: string;
  gstRate: number;
  vendorId: number;
  vendorName: string;
  vendorGstin: string | null;
  supplierStateCode: string | null;
};

/** The period's vendor bills, by the bill's date. */
export async function purchaseBills(period: { from: string; to: string }): Promise<PurchaseBill[]> {
  return getDb()
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
      supplierStateCode: vendorBills.supplierStateCode,
      vendorId: vendors.id,
      vendorName: vendors.name,
      vendorGstin: vendors.gstin,
    })
    .from(vendorBills)
    .innerJoin(vendors, eq(vendors.id, vendorBills.vendorId))
    .where(and(gte(vendorBills.billDate, period.from), lte(vendorBills.billDate, period.to)))
    .orderBy(asc(vendorBills.billDate), asc(vendorBills.id));
}
