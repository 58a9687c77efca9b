import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { customerSites, equipmentUnits } from "~/.server/db/schema.ts";

/** What a unit of equipment is described by: the office's form and bench intake both send this. */
export interface UnitInput {
  customerId: number;
  /** The site it sits at; absent when the customer brought it to the workshop without saying where from. */
  siteId?: number | null;
  kind?: string | null;
  make: string;
  model?: string | null;
  rating?: string | null;
  serialNumber?: string | null;
  location?: string | null;
}

export type Unit = typeof equipmentUnits.$inferSelect;

/** Thrown when a unit names a site of another customer: a form that was tampered with, or a stale one. */
export class SiteNotOfCustomerError extends Error {
  readonly siteId: number;
  constructor(siteId: number) {
    super(`Site ${siteId} is not one of this customer's sites.`);
    this.siteId = siteId;
  }
}

/** Empty strings become null, so that "no serial number" is one value in the table and in searches. */
function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Checks that siteId (if any) belongs to customerId; throws SiteNotOfCustomerError otherwise. */
export async function assertSiteOfCustomer(tx: Transaction | Database, customerId: number, siteId: number | null | undefined): Promise<void> {
  if (siteId == null) return;
  const [site] = await tx
    .select({ id: customerSites.id })
    .from(customerSites)
    .where(and(eq(customerSites.id, siteId), eq(customerSites.customerId, customerId)));
  if (!site) throw new SiteNotOfCustomerError(siteId);
}

/**
 * Adds a unit of equipment to a customer, in the caller's transaction. It does not audit: the caller's action
 * (the office's customer page, bench intake) writes its own entry in the same transaction, naming what it did.
 */
export async function addUnit(tx: Transaction | Database, input: UnitInput): Promise<Unit> {
  await assertSiteOfCustomer(tx, input.customerId, input.siteId);
  const [unit] = await tx
    .insert(equipmentUnits)
    .values({
      customerId: input.customerId,
      siteId: input.siteId ?? null,
      kind: clean(input.kind),
      make: input.make.trim(),
      model: clean(input.model),
      rating: clean(input.rating),
      serialNumber: clean(input.serialNumber),
      location: clean(input.location),
    })
    .returning();
  return unit!;
}

/** A customer's units, oldest first (the order they were recorded in). */
export function unitsOfCustomer(db: Transaction | Database, customerId: number): Promise<Unit[]> {
  return db.select().from(equipmentUnits).where(eq(equipmentUnits.customerId, customerId)).orderBy(asc(equipmentUnits.id));
}

/** Units with this serial number, whatever its case (index equipment_units_serial), newest first. */
export function unitsBySerial(db: Transaction | Database, serialNumber: string): Promise<Unit[]> {
  const serial = serialNumber.trim();
  if (!serial) return Promise.resolve([]);
  return db
    .select()
    .from(equipmentUnits)
    .where(sql`lower(${equipmentUnits.serialNumber}) = lower(${serial})`)
    .orderBy(sql`${equipmentUnits.id} desc`);
}
