import { refreshThreads } from "~/.server/communications/thread-summary.ts";
import { and, eq, sql } from "drizzle-orm";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, changesOrRefuse, Refusal, type ChangeResult, type ChangeStep, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation, nextReference } from "~/.server/db/references.ts";
import { benchJobs, customerDataRequests, customers, customerSites, equipmentUnits } from "~/.server/db/schema.ts";
import {
  DATA_REQUEST_KINDS,
  ERASED_CUSTOMER_MESSAGE,
  STALE_CUSTOMER_MESSAGE,
  type CloseDataRequestInput,
  type DataRequestInput,
  type DetailsInput,
  type EditSiteInput,
  type EditUnitInput,
  type EraseInput,
  type NewCustomerInput,
  type SiteInput,
  type UnitFormInput,
} from "~/lib/forms/admin/customers.ts";
import { eraseCustomer } from "./personal-data.ts";
import { addUnit, assertSerialFree, SameSerialError, SiteNotOfCustomerError } from "./units.ts";

/**
 * The office's changes to a customer (/admin/customers/{reference}). Each is one transaction: the customer
 * row is updated on the version the staff member saw (a change made meanwhile refuses this one, and so does
 * the same form sent twice), the sites or units changed, and one audit entry written. A site's or unit's
 * change bumps the customer's version too: the record is edited as one.
 */

export type CustomerResult = ChangeResult;

type Customer = typeof customers.$inferSelect;

type Step = ChangeStep<Customer, { row: Customer }>;

const CUSTOMER: RecordKind<Customer, string> = {
  table: customers, entityType: "customer", stale: STALE_CUSTOMER_MESSAGE, stampsUpdatedAt: true,
  key: customers.reference,
  label: ({ row }) => row.reference,
  refuse: (error) =>
    error instanceof SiteNotOfCustomerError
      ? { field: "siteId", message: "Choose one of this customer's sites." }
      : error instanceof SameSerialError
        ? { field: "serialNumber", message: error.message }
        : undefined,
};

/** A change to the customer's record; refused once their personal data is erased, unless `allowErased`. */
function change(reference: string, version: number, staff: StaffMember, now: Date, step: (s: Step) => Promise<string>, options: { allowErased?: boolean } = {}): Promise<CustomerResult> {
  return changeRecord(CUSTOMER, reference, version, staff, now, async (s) => {
    if (s.row.erasedAt && !options.allowErased) throw new Refusal("form", ERASED_CUSTOMER_MESSAGE);
    return step(s);
  });
}

const orNull = (v: string | undefined) => v ?? null;

// ── Details ──────────────────────────────────────────────────────────────────────────────────────

export function editDetails(staff: StaffMember, reference: string, input: DetailsInput, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const after = {
      name: input.name,
      company: orNull(input.company),
      email: orNull(input.email),
      gstin: orNull(input.gstin),
      billingAddress: orNull(input.billingAddress),
      billingCity: orNull(input.billingCity),
      billingPincode: orNull(input.billingPincode),
      notes: orNull(input.notes),
    };
    const diff = changesOrRefuse(row, after);
    await save(after);
    // The stored thread list (ADR 033): the name and company it is searched by, and the messages an e-mail
    // address joins to the thread (the old address's and the new one's).
    await refreshThreads(tx, { customerIds: [row.id], addresses: [row.email, after.email] });
    await audit("customer.details", diff.before, diff.after);
    return "Details saved.";
  });
}

// ── Sites ────────────────────────────────────────────────────────────────────────────────────────

function siteValues(input: SiteInput | EditSiteInput) {
  return { name: input.name, address: orNull(input.address), city: orNull(input.city), pincode: orNull(input.pincode), stateCode: orNull(input.stateCode) };
}

async function siteOf(tx: Transaction, customerId: number, siteId: number) {
  const [site] = await tx.select().from(customerSites).where(and(eq(customerSites.id, siteId), eq(customerSites.customerId, customerId)));
  if (!site) throw new Refusal("form", "This site is no longer on the record: reload the page.");
  return site;
}

export function addSite(staff: StaffMember, reference: string, input: SiteInput, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const values = siteValues(input);
    const [site] = await tx
      .insert(customerSites)
      .values({ customerId: row.id, ...values, createdAt: now })
      .returning({ id: customerSites.id });
    await save();
    await audit("customer.site-add", null, { siteId: site!.id, ...values });
    return `Site ${values.name} added.`;
  });
}

export function editSite(staff: StaffMember, reference: string, input: EditSiteInput, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const site = await siteOf(tx, row.id, input.siteId);
    const values = siteValues(input);
    const diff = changesOrRefuse(site, values);
    await tx.update(customerSites).set(values).where(eq(customerSites.id, site.id));
    await save();
    await audit("customer.site-edit", { siteId: site.id, ...diff.before }, { siteId: site.id, ...diff.after });
    return `Site ${values.name} saved.`;
  });
}

/** Removes a site; its units stay on the record, without a site, and its requests keep their address. */
export function removeSite(staff: StaffMember, reference: string, input: { version: number; siteId: number }, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const site = await siteOf(tx, row.id, input.siteId);
    const units = await tx.update(equipmentUnits).set({ siteId: null }).where(eq(equipmentUnits.siteId, site.id)).returning({ id: equipmentUnits.id });
    await tx.delete(customerSites).where(eq(customerSites.id, site.id));
    await save();
    await audit("customer.site-remove", { siteId: site.id, name: site.name, address: site.address, city: site.city, pincode: site.pincode }, null);
    return `Site ${site.name} removed.${units.length ? ` Its ${units.length === 1 ? "unit stays" : `${units.length} units stay`} on the record without a site.` : ""}`;
  });
}

// ── Units ────────────────────────────────────────────────────────────────────────────────────────

function unitLabel(u: { make: string; model?: string | null; serialNumber?: string | null }) {
  return `${[u.make, u.model].filter(Boolean).join(" ")}${u.serialNumber ? ` (serial ${u.serialNumber})` : ""}`;
}

function unitValues(input: UnitFormInput | EditUnitInput) {
  return {
    siteId: input.siteId ?? null,
    kind: orNull(input.kind),
    make: input.make,
    model: orNull(input.model),
    rating: orNull(input.rating),
    serialNumber: orNull(input.serialNumber),
    location: orNull(input.location),
  };
}

async function unitOf(tx: Transaction, customerId: number, unitId: number) {
  const [unit] = await tx.select().from(equipmentUnits).where(and(eq(equipmentUnits.id, unitId), eq(equipmentUnits.customerId, customerId)));
  if (!unit) throw new Refusal("form", "This unit is no longer on the record: reload the page.");
  return unit;
}

export function addUnitToCustomer(staff: StaffMember, reference: string, input: UnitFormInput, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const values = unitValues(input);
    const unit = await addUnit(tx, { customerId: row.id, ...values });
    await save();
    await audit("customer.unit-add", null, { unitId: unit.id, ...values });
    return `Unit ${unitLabel(values)} added.`;
  });
}

export function editUnit(staff: StaffMember, reference: string, input: EditUnitInput, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const unit = await unitOf(tx, row.id, input.unitId);
    const values = unitValues(input);
    if (values.siteId !== null && values.siteId !== unit.siteId) {
      const [site] = await tx.select({ id: customerSites.id }).from(customerSites).where(and(eq(customerSites.id, values.siteId), eq(customerSites.customerId, row.id)));
      if (!site) throw new Refusal("siteId", "Choose one of this customer's sites.");
    }
    const diff = changesOrRefuse(unit, values);
    if ("serialNumber" in diff.after) await assertSerialFree(tx, row.id, values.serialNumber, unit.id);
    await tx.update(equipmentUnits).set(values).where(eq(equipmentUnits.id, unit.id));
    await save();
    await audit("customer.unit-edit", { unitId: unit.id, ...diff.before }, { unitId: unit.id, ...diff.after });
    return `Unit ${unitLabel(values)} saved.`;
  });
}

/** Removes a unit recorded by mistake; one with bench jobs is the repairs' history and stays. */
export function removeUnit(staff: StaffMember, reference: string, input: { version: number; unitId: number }, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const unit = await unitOf(tx, row.id, input.unitId);
    const [job] = await tx.select({ jobCard: benchJobs.jobCard }).from(benchJobs).where(eq(benchJobs.unitId, unit.id)).limit(1);
    if (job) throw new Refusal("form", `This unit has been repaired on the bench (job card ${job.jobCard}): it stays on the record as the repair's history.`);
    await tx.delete(equipmentUnits).where(eq(equipmentUnits.id, unit.id));
    await save();
    await audit("customer.unit-remove", { unitId: unit.id, siteId: unit.siteId, kind: unit.kind, make: unit.make, model: unit.model, rating: unit.rating, serialNumber: unit.serialNumber, location: unit.location }, null);
    return `Unit ${unitLabel(unit)} removed.`;
  });
}

// ── Data requests (DPDP Act) ─────────────────────────────────────────────────────────────────────

const kindLabel = (kind: string) => DATA_REQUEST_KINDS.find((k) => k.value === kind)?.label.toLowerCase() ?? kind;

/** Logs what the customer asked for (by phone, by letter) about their personal data. */
export function recordDataRequest(staff: StaffMember, reference: string, input: DataRequestInput, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const [made] = await tx
      .insert(customerDataRequests)
      .values({ customerId: row.id, kind: input.kind, detail: orNull(input.detail), createdAt: now })
      .returning({ id: customerDataRequests.id });
    await save();
    // The request's text may hold personal details: the log says what kind it was, not what it said.
    await audit("customer.data-request", null, { dataRequestId: made!.id, kind: input.kind });
    return `Request for ${kindLabel(input.kind)} recorded.`;
  });
}

/** Closes a data request as done or declined, with the answer the customer reads. Allowed after erasure too. */
export function closeDataRequest(staff: StaffMember, reference: string, input: CloseDataRequestInput, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row, save, audit }) => {
    const [request] = await tx
      .select()
      .from(customerDataRequests)
      .where(and(eq(customerDataRequests.id, input.dataRequestId), eq(customerDataRequests.customerId, row.id)));
    if (!request) throw new Refusal("form", "This data request is no longer on the record: reload the page.");
    if (request.status !== "open") throw new Refusal("form", "This data request is already closed.");
    if (request.kind === "erasure" && input.status === "done" && !row.erasedAt) {
      throw new Refusal("status", "Erase the customer below to carry out this request: it is then closed as done.");
    }
    await tx
      .update(customerDataRequests)
      .set({ status: input.status, resolution: input.resolution, resolvedAt: now, resolvedBy: staff.userId })
      .where(eq(customerDataRequests.id, request.id));
    await save();
    await audit("customer.data-request-close", { dataRequestId: request.id, status: "open" }, { dataRequestId: request.id, kind: request.kind, status: input.status, resolution: input.resolution });
    return `Request for ${kindLabel(request.kind)} marked ${input.status}.`;
  }, { allowErased: true });
}

/**
 * Erases the customer's personal data (~/.server/customers/personal-data.ts eraseCustomer) on the version the
 * staff member saw, once they have typed the reference. An erasure the customer asked for is on the record
 * as a data request: one is logged now if none is open, and all are closed as done by the erasure.
 */
export function eraseFromRecord(staff: StaffMember, reference: string, input: EraseInput, now = new Date()): Promise<CustomerResult> {
  return change(reference, input.version, staff, now, async ({ tx, row }) => {
    if (input.confirm !== row.reference) throw new Refusal("confirm", `Type ${row.reference} exactly to confirm.`);
    const [open] = await tx
      .select({ id: customerDataRequests.id })
      .from(customerDataRequests)
      .where(and(eq(customerDataRequests.customerId, row.id), eq(customerDataRequests.kind, "erasure"), eq(customerDataRequests.status, "open")));
    if (!open) await tx.insert(customerDataRequests).values({ customerId: row.id, kind: "erasure", createdAt: now });
    const result = await eraseCustomer(tx, row.id, auditActor(staff), { reason: input.reason, now });
    if (!result.ok) throw new Refusal("form", ERASED_CUSTOMER_MESSAGE);
    return `Personal data erased: ${result.requests} request${result.requests === 1 ? "" : "s"} kept without personal details${result.photos ? `, ${result.photos} photo${result.photos === 1 ? "" : "s"} deleted` : ""}.`;
  });
}

// ── A customer added by hand ─────────────────────────────────────────────────────────────────────

export type NewCustomerResult =
  | { ok: true; reference: string }
  | { ok: false; field: string; message: string; existing?: { reference: string; name: string } };

/**
 * A customer the office adds before any request (a phone call, a walk-in with a unit), with an optional
 * first site. The mobile number is the natural key: a second customer with it is refused with a link to the
 * first, which also makes the same form sent twice harmless.
 */
export async function createCustomer(staff: StaffMember, input: NewCustomerInput, now = new Date()): Promise<NewCustomerResult> {
  const existing = async () => {
    const [row] = await getDb().select({ reference: customers.reference, name: customers.name }).from(customers).where(eq(customers.mobile, input.mobile));
    return row;
  };
  const before = await existing();
  if (before) return { ok: false, field: "mobile", message: `${before.name} (${before.reference}) already has this mobile number.`, existing: before };
  try {
    return await getDb().transaction(async (tx) => {
      const reference = await nextReference(tx, "CU", now);
      const values = { name: input.name, company: orNull(input.company), email: orNull(input.email), gstin: orNull(input.gstin) };
      const [made] = await tx
        .insert(customers)
        .values({ reference, mobile: input.mobile, ...values, createdAt: now, updatedAt: now })
        .returning({ id: customers.id });
      // Someone who already signed in to the portal with this number gets their account linked.
      await tx.execute(sql`
        update ${customers} c set user_id = u.id from users u
        where c.id = ${made!.id} and u.mobile = c.mobile and 'customer' = any(u.roles)
          and not exists (select 1 from ${customers} other where other.user_id = u.id)`);
      let site: Record<string, unknown> | null = null;
      if (input.siteName) {
        const firstSite = { name: input.siteName, address: orNull(input.siteAddress), city: orNull(input.siteCity), pincode: orNull(input.sitePincode), stateCode: orNull(input.siteStateCode) };
        site = firstSite;
        await tx.insert(customerSites).values({ customerId: made!.id, ...firstSite, createdAt: now });
      }
      await audit(tx, auditActor(staff), { action: "customer.add", entityType: "customer", entityId: made!.id, entityLabel: reference, before: null, after: { mobile: input.mobile, ...values, site } }, now);
      return { ok: true as const, reference };
    });
  } catch (error) {
    // Two people adding the same number at once: the second finds the first's record.
    if (!isUniqueViolation(error)) throw error;
    const row = await existing();
    if (!row) throw error;
    return { ok: false, field: "mobile", message: `${row.name} (${row.reference}) already has this mobile number.`, existing: row };
  }
}
