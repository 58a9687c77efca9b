import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { audit, changedFields } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, Refusal, refusedBy, type ChangeResult, type ChangeStep, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation, nextReference } from "~/.server/db/references.ts";
import { contractBillings, contracts, contractUnits, contractVisits, customers, customerSites, equipmentUnits } from "~/.server/db/schema.ts";
import {
  addDays,
  defaultEndsOn,
  periodMonths,
  planLabel,
  STALE_CONTRACT_MESSAGE,
  type CancelContractInput,
  type EditContractInput,
  type NewContractInput,
} from "~/lib/forms/admin/contracts.ts";
import { scheduleContractsRunNow } from "./daily.ts";
import { billingDates, visitDates } from "./schedule.ts";

/**
 * The office's changes to annual maintenance contracts (/admin/contracts): make one (with its visits and
 * billing dates), edit it, cancel it, renew it. Each is one transaction with its audit entry; an edit, a
 * cancellation and a renewal are made on the version the staff member saw (a change made meanwhile refuses
 * it). Making one is idempotent on the form's key; renewing one is idempotent on the old contract (a second
 * "Renew" finds the first renewal).
 */

type Contract = typeof contracts.$inferSelect;

export type CreateContractResult = { ok: true; reference: string; created: boolean } | { ok: false; field: string; message: string };

export type ContractResult = ChangeResult<{ reference?: string }>;

/** What a contract stores from its form. */
function values(input: NewContractInput | EditContractInput) {
  return {
    plan: input.plan,
    siteId: input.siteId ?? null,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    visitsPerYear: input.visitsPerYear,
    responseHours: input.responseHours,
    pricePaise: input.price,
    gstRate: input.gstRate,
    sacCode: input.sacCode,
    billing: input.billing,
    scope: input.scope ?? null,
  };
}

type ContractValues = ReturnType<typeof values>;

/** The site and units must be the customer's; a unit at another site than the contract's is refused. */
async function checkCoverage(tx: Transaction, customerId: number, siteId: number | null, unitIds: readonly number[]): Promise<void> {
  if (siteId !== null) {
    const [site] = await tx.select({ id: customerSites.id }).from(customerSites).where(and(eq(customerSites.id, siteId), eq(customerSites.customerId, customerId)));
    if (!site) throw new Refusal("siteId", "Pick one of this customer's sites.");
  }
  if (unitIds.length === 0) return;
  const units = await tx
    .select({ id: equipmentUnits.id, siteId: equipmentUnits.siteId })
    .from(equipmentUnits)
    .where(and(inArray(equipmentUnits.id, [...unitIds]), eq(equipmentUnits.customerId, customerId)));
  if (units.length !== unitIds.length) throw new Refusal("unitIds", "Pick the units from this customer's equipment.");
  if (siteId !== null && units.some((u) => u.siteId !== null && u.siteId !== siteId)) {
    throw new Refusal("unitIds", "A unit picked is at another site than the contract's: pick the contract's site's units, or no site.");
  }
}

/** The contract's visits and billing dates, made from its period, visits and billing plan. */
async function writeCalendar(tx: Transaction, contractId: number, v: Pick<ContractValues, "startsOn" | "endsOn" | "visitsPerYear" | "billing" | "pricePaise">, now: Date) {
  const visits = visitDates(v.startsOn, v.endsOn, v.visitsPerYear);
  await tx.insert(contractVisits).values(visits.map((dueOn, i) => ({ contractId, seq: i + 1, dueOn, createdAt: now })));
  await tx.insert(contractBillings).values(billingDates(v.startsOn, v.endsOn, v.billing, v.pricePaise).map((b) => ({ contractId, ...b })));
  return visits.length;
}

async function insertContract(
  tx: Transaction,
  staff: StaffMember,
  customer: { id: number; reference: string },
  v: ContractValues,
  unitIds: readonly number[],
  extra: { idempotencyKey: string | null; renewedFromId: number | null },
  now: Date,
): Promise<{ id: number; reference: string }> {
  await checkCoverage(tx, customer.id, v.siteId, unitIds);
  const reference = await nextReference(tx, "AMC", now);
  const [made] = await tx
    .insert(contracts)
    .values({ reference, customerId: customer.id, ...v, ...extra, createdBy: staff.userId, createdAt: now, updatedAt: now })
    .returning({ id: contracts.id });
  const id = made!.id;
  if (unitIds.length) await tx.insert(contractUnits).values(unitIds.map((unitId) => ({ contractId: id, unitId })));
  const visits = await writeCalendar(tx, id, v, now);
  await audit(
    tx,
    auditActor(staff),
    {
      action: extra.renewedFromId ? "contract.renew" : "contract.add",
      entityType: "contract",
      entityId: id,
      entityLabel: reference,
      before: null,
      after: { customer: customer.reference, ...v, units: [...unitIds], visits, renewedFromId: extra.renewedFromId },
    },
    now,
  );
  // A visit due within the week (or a billing due today) is acted on now, not at tomorrow's daily run.
  await scheduleContractsRunNow(tx, id, now);
  return { id, reference };
}

async function byKey(key: string): Promise<string | undefined> {
  const [row] = await getDb().select({ reference: contracts.reference }).from(contracts).where(eq(contracts.idempotencyKey, key));
  return row?.reference;
}

/** A new contract for the customer with this reference. The same form sent twice makes one contract. */
export async function createContract(staff: StaffMember, customerReference: string, input: NewContractInput, now = new Date()): Promise<CreateContractResult> {
  const key = input.idempotencyKey ?? null;
  if (key) {
    const existing = await byKey(key);
    if (existing) return { ok: true, reference: existing, created: false };
  }
  try {
    return await getDb().transaction(async (tx): Promise<CreateContractResult> => {
      const [customer] = await tx.select({ id: customers.id, reference: customers.reference, erasedAt: customers.erasedAt }).from(customers).where(and(eq(customers.reference, customerReference), isNull(customers.deletedAt)));
      if (!customer) throw new Refusal("customer", `No customer has the reference ${customerReference}.`);
      if (customer.erasedAt) throw new Refusal("customer", "This customer's personal data was erased: no new contract can be made for them.");
      const made = await insertContract(tx, staff, customer, values(input), input.unitIds, { idempotencyKey: key, renewedFromId: null }, now);
      return { ok: true, reference: made.reference, created: true };
    });
  } catch (error) {
    const refused = refusedBy(error);
    if (refused) return { ok: false, field: refused.field, message: refused.message };
    // The same form sent twice at the same moment: the second finds the first's contract.
    if (key && isUniqueViolation(error)) {
      const existing = await byKey(key);
      if (existing) return { ok: true, reference: existing, created: false };
    }
    throw error;
  }
}

/** Locked `for update`: a renewal and an edit of one contract queue rather than interleave. */
const CONTRACT: RecordKind<Contract, string> = {
  table: contracts, entityType: "contract", stale: STALE_CONTRACT_MESSAGE, stampsUpdatedAt: true,
  key: contracts.reference,
  lock: true,
  label: ({ row }) => row.reference,
};

function change(staff: StaffMember, reference: string, version: number, now: Date, step: (s: ChangeStep<Contract, { row: Contract }>) => Promise<string | { message: string; reference?: string }>): Promise<ContractResult> {
  return changeRecord(CONTRACT, reference, version, staff, now, step);
}

const CALENDAR_FIELDS = ["startsOn", "endsOn", "visitsPerYear", "billing", "pricePaise"] as const;

/**
 * Edits a contract. Its plan, site, units, response time, GST rate, SAC code and scope may change at any
 * time. Its period, visits, price and billing plan make its calendar: they may change only while no visit
 * has been made into a job and no billing invoiced (the calendar is then made again); after that, a contract
 * on other terms is a new contract (cancel this one, or renew it).
 */
export function editContract(staff: StaffMember, reference: string, input: EditContractInput, now = new Date()): Promise<ContractResult> {
  return change(staff, reference, input.version, now, async ({ row, tx, save, audit }) => {
    if (row.status === "cancelled") throw new Refusal("form", "This contract is cancelled: it can no longer be changed.");
    const after = values(input);
    await checkCoverage(tx, row.customerId, after.siteId, input.unitIds);
    const diff = changedFields(row, after);
    const unitsBefore = (await tx.select({ unitId: contractUnits.unitId }).from(contractUnits).where(eq(contractUnits.contractId, row.id))).map((u) => u.unitId).sort((a, b) => a - b);
    const unitsAfter = [...input.unitIds].sort((a, b) => a - b);
    const unitsChanged = JSON.stringify(unitsBefore) !== JSON.stringify(unitsAfter);
    if (Object.keys(diff.after).length === 0 && !unitsChanged) throw new Refusal("form", "Nothing was changed.");

    const calendarChanged = CALENDAR_FIELDS.some((f) => f in diff.after);
    if (calendarChanged) {
      const [acted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(contractVisits)
        .where(and(eq(contractVisits.contractId, row.id), isNotNull(contractVisits.requestId)));
      const [billed] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(contractBillings)
        .where(and(eq(contractBillings.contractId, row.id), isNotNull(contractBillings.invoiceId)));
      if (Number(acted?.n ?? 0) > 0 || Number(billed?.n ?? 0) > 0) {
        const field = CALENDAR_FIELDS.find((f) => f in diff.after)!;
        throw new Refusal(
          field === "pricePaise" ? "price" : field,
          "A visit of this contract has been made into a job or a billing invoiced: its period, visits, price and billing can no longer change. Cancel it and make a new contract, or change them at renewal.",
        );
      }
      await tx.delete(contractVisits).where(eq(contractVisits.contractId, row.id));
      await tx.delete(contractBillings).where(eq(contractBillings.contractId, row.id));
      await writeCalendar(tx, row.id, after, now);
    }
    // A later end date is a new expiry: its renewal reminder is due again.
    const reminder = "endsOn" in diff.after ? { renewalRemindedAt: null } : {};
    await save({ ...after, ...reminder });
    if (unitsChanged) {
      await tx.delete(contractUnits).where(eq(contractUnits.contractId, row.id));
      if (unitsAfter.length) await tx.insert(contractUnits).values(unitsAfter.map((unitId) => ({ contractId: row.id, unitId })));
    }
    await audit("contract.update", { ...diff.before, ...(unitsChanged ? { units: unitsBefore } : {}) }, { ...diff.after, ...(unitsChanged ? { units: unitsAfter } : {}) });
    if (calendarChanged) await scheduleContractsRunNow(tx, row.id, now);
    return { message: calendarChanged ? "Contract saved: its visits and billing dates were made again." : "Contract saved." };
  });
}

/** Cancels a contract: no further visit is made into a job and no further billing is invoiced. */
export function cancelContract(staff: StaffMember, reference: string, input: CancelContractInput, now = new Date()): Promise<ContractResult> {
  return change(staff, reference, input.version, now, async ({ row, save, audit }) => {
    if (row.status === "cancelled") throw new Refusal("form", "This contract is already cancelled.");
    await save({ status: "cancelled" });
    await audit("contract.cancel", { status: row.status }, { status: "cancelled", reason: input.reason });
    return { message: "Contract cancelled: no further visits are made and nothing further is invoiced." };
  });
}

/**
 * Renews a contract: a new one on the same terms (plan, site, units, visits, response, price, billing), for a
 * period as long, starting the day after it ends, linked to it (renewed_from_id). Once only: the new
 * contract's idempotency key names the old one, so a second "Renew" (or two at once) finds the first.
 */
export async function renewContract(staff: StaffMember, reference: string, input: { version: number }, now = new Date()): Promise<ContractResult> {
  const key = (id: number) => `renewal:${id}`;
  try {
    return await change(staff, reference, input.version, now, async ({ row, tx, save }) => {
      if (row.status === "cancelled") throw new Refusal("form", "This contract is cancelled: make a new contract instead.");
      const [already] = await tx.select({ reference: contracts.reference }).from(contracts).where(eq(contracts.idempotencyKey, key(row.id)));
      if (already) throw new Refusal("form", `This contract was already renewed as ${already.reference}.`);
      const [customer] = await tx.select({ id: customers.id, reference: customers.reference, erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, row.customerId));
      if (!customer || customer.erasedAt) throw new Refusal("form", "This customer's personal data was erased: the contract cannot be renewed.");
      const startsOn = addDays(row.endsOn, 1);
      const endsOn = defaultEndsOn(startsOn, periodMonths(row.startsOn, row.endsOn));
      const unitIds = (await tx.select({ unitId: contractUnits.unitId }).from(contractUnits).where(eq(contractUnits.contractId, row.id))).map((u) => u.unitId);
      const v: ContractValues = {
        plan: row.plan,
        siteId: row.siteId,
        startsOn,
        endsOn,
        visitsPerYear: row.visitsPerYear,
        responseHours: row.responseHours,
        pricePaise: row.pricePaise,
        gstRate: row.gstRate as ContractValues["gstRate"],
        sacCode: row.sacCode,
        billing: row.billing,
        scope: row.scope,
      };
      const made = await insertContract(tx, staff, customer, v, unitIds, { idempotencyKey: key(row.id), renewedFromId: row.id }, now);
      // The old contract's version moves too: a form drawn before the renewal is refused.
      await save();
      return { message: `Renewed as ${made.reference} (AMC ${planLabel(row.plan)}), from ${startsOn} to ${endsOn}.`, reference: made.reference };
    });
  } catch (error) {
    // Two "Renew" at once: the loser's insert meets the winner's key.
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, reason: "refused", field: "form", message: "This contract was already renewed." };
  }
}
