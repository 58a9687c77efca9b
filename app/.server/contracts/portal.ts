import { asc, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { contracts, contractUnits, contractVisits, customerSites, equipmentUnits, serviceRequests } from "~/.server/db/schema.ts";
import { BILLING_PLANS, planLabel } from "~/lib/forms/admin/contracts.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { statusLabel } from "~/lib/requests/status.ts";
import { CONTRACT_STATE_LABELS, contractState, unitDetail, unitLabel, type ContractState } from "./record.ts";

/**
 * What the customer portal shows of a customer's maintenance contracts (/customer/contracts): each contract's
 * plan, period, response promise and price, the equipment it covers and its preventive visits with the job
 * each became. Only the given customer's: the caller finds the customer from the signed-in account.
 */

export interface CustomerContract {
  reference: string;
  plan: string;
  planLabel: string;
  site: string | null;
  startsOn: string;
  endsOn: string;
  state: ContractState;
  stateLabel: string;
  visitsPerYear: number;
  responseHours: number;
  pricePaise: number;
  gstRate: number;
  billingLabel: string;
  scope: string | null;
  units: Array<{ id: number; label: string; detail: string }>;
  visits: Array<{ seq: number; dueOn: string; request: { id: number; reference: string; statusLabel: string } | null }>;
}

/** The customer's contracts, current ones first (newest end first), cancelled ones last. */
export async function customerContracts(customerId: number, now = new Date()): Promise<CustomerContract[]> {
  const db = getDb();
  const rows = await db
    .select({ contract: contracts, siteName: customerSites.name, siteCity: customerSites.city })
    .from(contracts)
    .leftJoin(customerSites, eq(customerSites.id, contracts.siteId))
    .where(eq(contracts.customerId, customerId))
    .orderBy(desc(contracts.endsOn), desc(contracts.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.contract.id);
  const [units, visits] = await Promise.all([
    db
      .select({ contractId: contractUnits.contractId, unit: equipmentUnits, siteName: customerSites.name })
      .from(contractUnits)
      .innerJoin(equipmentUnits, eq(equipmentUnits.id, contractUnits.unitId))
      .leftJoin(customerSites, eq(customerSites.id, equipmentUnits.siteId))
      // The unit must still be this customer's (a unit moved to another record is not shown).
      .where(inArray(contractUnits.contractId, ids))
      .orderBy(asc(equipmentUnits.id)),
    db
      .select({ contractId: contractVisits.contractId, seq: contractVisits.seq, dueOn: contractVisits.dueOn, requestId: serviceRequests.id, reference: serviceRequests.reference, status: serviceRequests.status })
      .from(contractVisits)
      .leftJoin(serviceRequests, eq(serviceRequests.id, contractVisits.requestId))
      .where(inArray(contractVisits.contractId, ids))
      .orderBy(asc(contractVisits.seq)),
  ]);
  const today = todayInIndia(now);
  const list = rows.map(({ contract: c, siteName, siteCity }): CustomerContract => {
    const state = contractState(c, today);
    return {
      reference: c.reference,
      plan: c.plan,
      planLabel: planLabel(c.plan),
      site: siteName ? (siteCity ? `${siteName}, ${siteCity}` : siteName) : null,
      startsOn: c.startsOn,
      endsOn: c.endsOn,
      state,
      stateLabel: CONTRACT_STATE_LABELS[state],
      visitsPerYear: c.visitsPerYear,
      responseHours: c.responseHours,
      pricePaise: c.pricePaise,
      gstRate: c.gstRate,
      billingLabel: BILLING_PLANS.find((b) => b.value === c.billing)?.label ?? c.billing,
      scope: c.scope,
      units: units
        .filter((u) => u.contractId === c.id && u.unit.customerId === customerId)
        .map((u) => ({ id: u.unit.id, label: unitLabel(u.unit), detail: unitDetail(u.unit, u.siteName) })),
      visits: visits
        .filter((v) => v.contractId === c.id)
        .map((v) => ({
          seq: v.seq,
          dueOn: v.dueOn,
          request: v.requestId !== null && v.reference && v.status ? { id: v.requestId, reference: v.reference, statusLabel: statusLabel(v.status) } : null,
        })),
    };
  });
  // Cancelled contracts after the rest.
  return [...list.filter((c) => c.state !== "cancelled"), ...list.filter((c) => c.state === "cancelled")];
}
