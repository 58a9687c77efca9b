import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { contracts, serviceRequests } from "~/.server/db/schema.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";

/**
 * A contract's response promise on its customer's requests (issue 11 §5: "its own SLA, which overrides the
 * default on that customer's requests"). A request from a customer with an active contract (status active,
 * today in India within starts_on..ends_on) is linked to it (service_requests.contract_id) and its response is
 * due within the contract's response hours, counted round the clock.
 *
 * Which contract: one for the request's site when the request has a site (or one for the whole customer, with
 * no site); else any of the customer's active contracts. Several: the quickest promise.
 *
 * The contract's promise never makes a request's promise later than the default one: a Bronze customer's
 * emergency keeps the default 2 hours rather than Bronze's 4 (the catalogue promises contract customers the
 * standard response at least, and priority above it). So the due time is the earlier of the two.
 */

export interface ActiveContract {
  id: number;
  reference: string;
  plan: "bronze" | "silver" | "gold";
  siteId: number | null;
  responseHours: number;
  startsOn: string;
  endsOn: string;
}

function activeOn(today: string) {
  return and(eq(contracts.status, "active"), lte(contracts.startsOn, today), gte(contracts.endsOn, today));
}

/** The customer's active contract (for the site, when given), the quickest promise first; undefined when none. */
export async function activeContractFor(customerId: number, siteId?: number | null, now = new Date(), db: Database | Transaction = getDb()): Promise<ActiveContract | undefined> {
  const [row] = await db
    .select({
      id: contracts.id,
      reference: contracts.reference,
      plan: contracts.plan,
      siteId: contracts.siteId,
      responseHours: contracts.responseHours,
      startsOn: contracts.startsOn,
      endsOn: contracts.endsOn,
    })
    .from(contracts)
    .where(and(eq(contracts.customerId, customerId), activeOn(todayInIndia(now)), siteId ? or(isNull(contracts.siteId), eq(contracts.siteId, siteId)) : undefined))
    .orderBy(asc(contracts.responseHours), asc(contracts.id))
    .limit(1);
  return row;
}

/**
 * For requests just stored and linked to their customers (in the same transaction): links each to its
 * customer's active contract and brings its response due time forward to the contract's promise. Returns
 * the due time of each request it changed, for the escalation job to be booked on.
 */
export async function applyContractSla(tx: Transaction, requestIds: readonly number[], receivedAt: Date): Promise<Map<number, Date>> {
  const changed = new Map<number, Date>();
  if (requestIds.length === 0) return changed;
  const today = todayInIndia(receivedAt);
  const candidates = await tx
    .select({ requestId: serviceRequests.id, contractId: contracts.id, responseHours: contracts.responseHours, due: serviceRequests.responseDueAt })
    .from(serviceRequests)
    .innerJoin(contracts, eq(contracts.customerId, serviceRequests.customerId))
    .where(
      and(
        inArray(serviceRequests.id, [...requestIds]),
        activeOn(today),
        or(isNull(serviceRequests.siteId), isNull(contracts.siteId), sql`${contracts.siteId} = ${serviceRequests.siteId}`),
      ),
    )
    .orderBy(asc(serviceRequests.id), asc(contracts.responseHours), asc(contracts.id));
  const best = new Map<number, (typeof candidates)[number]>();
  for (const c of candidates) if (!best.has(c.requestId)) best.set(c.requestId, c);
  for (const c of best.values()) {
    const promised = new Date(receivedAt.getTime() + c.responseHours * 3_600_000);
    const due = c.due && c.due < promised ? c.due : promised;
    await tx.update(serviceRequests).set({ contractId: c.contractId, responseDueAt: due }).where(eq(serviceRequests.id, c.requestId));
    changed.set(c.requestId, due);
  }
  return changed;
}
