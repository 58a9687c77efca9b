import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { contractBillings, contracts, contractUnits, contractVisits, customers, customerSites, equipmentUnits, invoices, serviceRequests } from "~/.server/db/schema.ts";
import { planLabel, type ContractPlan } from "~/lib/forms/admin/contracts.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { officeStatusLabel } from "~/lib/requests/status.ts";
import { leftToOffice, VISIT_LEAD_DAYS } from "./daily.ts";

/**
 * One contract as the office reads it (/admin/contracts/{reference}), view-ready: its customer and site, the
 * units it covers, its visits with the job each was made into, its billing dates with their invoices, and
 * the contracts it renews and was renewed as. Also the customer's sites and units, for the edit form.
 */

export type ContractState = "active" | "upcoming" | "expired" | "cancelled";

export const CONTRACT_STATE_LABELS: Record<ContractState, string> = {
  active: "Active",
  upcoming: "Not started yet",
  expired: "Expired",
  cancelled: "Cancelled",
};

export function contractState(c: { status: string; startsOn: string; endsOn: string }, today: string): ContractState {
  if (c.status === "cancelled") return "cancelled";
  if (c.endsOn < today) return "expired";
  if (c.startsOn > today) return "upcoming";
  return "active";
}

export interface UnitView {
  id: number;
  label: string;
  detail: string;
  siteId: number | null;
  site: string | null;
}

export function unitLabel(u: { kind: string | null; make: string; model: string | null }): string {
  return [u.kind, u.make, u.model].filter(Boolean).join(" ");
}

export function unitDetail(u: { rating: string | null; serialNumber: string | null; location: string | null }, site?: string | null): string {
  return [u.rating, u.serialNumber ? `serial ${u.serialNumber}` : null, site, u.location].filter(Boolean).join(" · ");
}

/** The customer as the new-contract form needs them: their sites and units. */
export async function customerForContract(reference: string) {
  const db = getDb();
  const [customer] = await db
    .select({ id: customers.id, reference: customers.reference, name: customers.name, company: customers.company, erasedAt: customers.erasedAt })
    .from(customers)
    .where(and(eq(customers.reference, reference), isNull(customers.deletedAt)));
  if (!customer) return undefined;
  const [sites, units] = await Promise.all([
    db.select({ id: customerSites.id, name: customerSites.name, city: customerSites.city }).from(customerSites).where(eq(customerSites.customerId, customer.id)).orderBy(asc(customerSites.id)),
    db.select().from(equipmentUnits).where(eq(equipmentUnits.customerId, customer.id)).orderBy(asc(equipmentUnits.id)),
  ]);
  const siteName = new Map(sites.map((s) => [s.id, s.name]));
  return {
    customer: { id: customer.id, reference: customer.reference, name: customer.name, company: customer.company, erased: customer.erasedAt !== null },
    sites: sites.map((s) => ({ id: s.id, label: s.city ? `${s.name}, ${s.city}` : s.name })),
    units: units.map(
      (u): UnitView => ({ id: u.id, label: unitLabel(u), detail: unitDetail(u, u.siteId ? siteName.get(u.siteId) : null), siteId: u.siteId, site: u.siteId ? (siteName.get(u.siteId) ?? null) : null }),
    ),
  };
}

export type CustomerForContract = NonNullable<Awaited<ReturnType<typeof customerForContract>>>;

/** The contract with this reference, or undefined. */
export async function contractRecord(reference: string, now = new Date()) {
  const db = getDb();
  const [row] = await db
    .select({ contract: contracts, customer: { reference: customers.reference, name: customers.name, company: customers.company, mobile: customers.mobile }, siteName: customerSites.name, siteCity: customerSites.city })
    .from(contracts)
    .innerJoin(customers, eq(customers.id, contracts.customerId))
    .leftJoin(customerSites, eq(customerSites.id, contracts.siteId))
    .where(eq(contracts.reference, reference));
  if (!row) return undefined;
  const c = row.contract;
  const today = todayInIndia(now);
  const [unitIds, visits, billings, renewedFrom, renewedAs, options] = await Promise.all([
    db.select({ unitId: contractUnits.unitId }).from(contractUnits).where(eq(contractUnits.contractId, c.id)),
    db
      .select({ id: contractVisits.id, seq: contractVisits.seq, dueOn: contractVisits.dueOn, request: { reference: serviceRequests.reference, status: serviceRequests.status } })
      .from(contractVisits)
      .leftJoin(serviceRequests, eq(serviceRequests.id, contractVisits.requestId))
      .where(eq(contractVisits.contractId, c.id))
      .orderBy(asc(contractVisits.seq)),
    db
      .select({ id: contractBillings.id, seq: contractBillings.seq, dueOn: contractBillings.dueOn, amountPaise: contractBillings.amountPaise, invoice: { id: invoices.id, number: invoices.number, status: invoices.status, totalPaise: invoices.totalPaise } })
      .from(contractBillings)
      .leftJoin(invoices, eq(invoices.id, contractBillings.invoiceId))
      .where(eq(contractBillings.contractId, c.id))
      .orderBy(asc(contractBillings.seq)),
    c.renewedFromId ? db.select({ reference: contracts.reference }).from(contracts).where(eq(contracts.id, c.renewedFromId)) : Promise.resolve([]),
    db.select({ reference: contracts.reference, status: contracts.status }).from(contracts).where(eq(contracts.renewedFromId, c.id)).orderBy(asc(contracts.id)),
    customerForContract(row.customer.reference),
  ]);
  const covered = new Set(unitIds.map((u) => u.unitId));
  const state = contractState(c, today);
  const horizon = new Date(`${today}T00:00:00Z`);
  horizon.setUTCDate(horizon.getUTCDate() + VISIT_LEAD_DAYS);
  const visitHorizon = horizon.toISOString().slice(0, 10);
  return {
    contract: {
      id: c.id,
      reference: c.reference,
      plan: c.plan as ContractPlan,
      planLabel: planLabel(c.plan),
      siteId: c.siteId,
      site: row.siteName ? (row.siteCity ? `${row.siteName}, ${row.siteCity}` : row.siteName) : null,
      startsOn: c.startsOn,
      endsOn: c.endsOn,
      visitsPerYear: c.visitsPerYear,
      responseHours: c.responseHours,
      pricePaise: c.pricePaise,
      gstRate: c.gstRate,
      sacCode: c.sacCode,
      billing: c.billing,
      status: c.status,
      state,
      stateLabel: CONTRACT_STATE_LABELS[state],
      scope: c.scope,
      renewalRemindedAt: c.renewalRemindedAt?.toISOString() ?? null,
      version: c.version,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    },
    customer: row.customer,
    units: (options?.units ?? []).filter((u) => covered.has(u.id)),
    visits: visits.map((v) => ({
      id: v.id,
      seq: v.seq,
      dueOn: v.dueOn,
      request: v.request?.reference ? { reference: v.request.reference, status: v.request.status, statusLabel: officeStatusLabel(v.request.status) } : null,
      /** Dated before the contract was entered: the daily run leaves it to the office (a button makes it). */
      past: !v.request?.reference && leftToOffice(v.dueOn, c.createdAt),
      /** Made into a job at the next daily run. */
      soon: !v.request?.reference && !leftToOffice(v.dueOn, c.createdAt) && v.dueOn <= visitHorizon,
    })),
    billings: billings.map((b) => ({
      id: b.id,
      seq: b.seq,
      dueOn: b.dueOn,
      amountPaise: b.amountPaise,
      invoice: b.invoice?.number ? { id: b.invoice.id, number: b.invoice.number, status: b.invoice.status, totalPaise: b.invoice.totalPaise } : null,
      due: !b.invoice?.number && b.dueOn <= today,
    })),
    renewedFrom: renewedFrom[0]?.reference ?? null,
    renewedAs: renewedAs.map((r) => r.reference),
    sites: options?.sites ?? [],
    allUnits: options?.units ?? [],
    coveredUnitIds: [...covered],
  };
}

export type ContractRecord = NonNullable<Awaited<ReturnType<typeof contractRecord>>>;
