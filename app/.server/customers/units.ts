import { and, asc, eq, ne, sql } from "drizzle-orm";
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

/** The fields that say what a unit is, as shown on the customer's record and in their data export. */
export type UnitDescription = Pick<Unit, "kind" | "make" | "model" | "rating" | "serialNumber" | "location">;

export function unitDescription(u: Unit): UnitDescription {
  return { kind: u.kind, make: u.make, model: u.model, rating: u.rating, serialNumber: u.serialNumber, location: u.location };
}

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

/**
 * Thrown when a unit's serial number is, compared as serialKey does, one the customer already has: the same
 * serial typed in another case or with spaces is the same unit, never a second row (issue 17 §4).
 */
export class SameSerialError extends Error {
  readonly unit: Unit;
  constructor(unit: Unit) {
    super(`This customer already has this unit: ${[unit.make, unit.model].filter(Boolean).join(" ")}, serial ${unit.serialNumber}.`);
    this.unit = unit;
  }
}

/** A serial number as compared: no spaces, one case. "" when none was typed. */
export function serialKey(serial: string | null | undefined): string {
  return (serial ?? "").replace(/\s+/g, "").toUpperCase();
}

/** The SQL expression serialKey is in the database (index equipment_units_serial_key). */
export const serialKeySql = sql`upper(regexp_replace(${equipmentUnits.serialNumber}, '[[:space:]]', '', 'g'))`;

/**
 * The customer's unit with this serial number (compared by serialKey), after taking the serial's lock (two
 * forms adding it at once wait on each other), other than `exceptId`.
 */
export async function unitOfCustomerBySerial(tx: Transaction | Database, customerId: number, serial: string | null | undefined, exceptId?: number): Promise<Unit | undefined> {
  const key = serialKey(serial);
  if (!key) return undefined;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`unit-serial:${customerId}:${key}`}))`);
  const [row] = await tx
    .select()
    .from(equipmentUnits)
    .where(and(eq(equipmentUnits.customerId, customerId), sql`${serialKeySql} = ${key}`, exceptId === undefined ? undefined : ne(equipmentUnits.id, exceptId)))
    .orderBy(asc(equipmentUnits.id))
    .limit(1);
  return row;
}

/** Refuses (SameSerialError) a serial number another unit of the customer already has. */
export async function assertSerialFree(tx: Transaction | Database, customerId: number, serial: string | null | undefined, exceptId?: number): Promise<void> {
  const same = await unitOfCustomerBySerial(tx, customerId, serial, exceptId);
  if (same) throw new SameSerialError(same);
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
  await assertSerialFree(tx, input.customerId, input.serialNumber);
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

/** Units with this serial number, whatever its case and spaces (serialKey; index equipment_units_serial_key), newest first. */
export function unitsBySerial(db: Transaction | Database, serialNumber: string): Promise<Unit[]> {
  const key = serialKey(serialNumber);
  if (!key) return Promise.resolve([]);
  return db
    .select()
    .from(equipmentUnits)
    .where(sql`${serialKeySql} = ${key}`)
    .orderBy(sql`${equipmentUnits.id} desc`);
}
