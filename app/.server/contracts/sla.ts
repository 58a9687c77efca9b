import { and, asc, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { contracts } from "~/.server/db/schema.ts";
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

/** The contract whose promise applies to a new request of a customer, and how it moves the request's due time. */
export interface ContractPromise {
  contractId: number;
  responseHours: number;
}

/**
 * For new requests without a site (the public forms), in the transaction that stores them: each customer's
 * active contract with the quickest promise, in one statement for the whole batch. The request is then
 * stored already linked to it, with its due time from contractDueAt: no UPDATE of rows just inserted.
 */
export async function contractPromises(tx: Transaction, customerIds: readonly number[], receivedAt: Date): Promise<Map<number, ContractPromise>> {
  const best = new Map<number, ContractPromise>();
  if (customerIds.length === 0) return best;
  const candidates = await tx
    .select({ customerId: contracts.customerId, contractId: contracts.id, responseHours: contracts.responseHours })
    .from(contracts)
    .where(and(inArray(contracts.customerId, [...new Set(customerIds)]), activeOn(todayInIndia(receivedAt))))
    .orderBy(asc(contracts.customerId), asc(contracts.responseHours), asc(contracts.id));
  for (const c of candidates) if (!best.has(c.customerId)) best.set(c.customerId, { contractId: c.contractId, responseHours: c.responseHours });
  return best;
}

/** The due time under a contract: its promise, never later than the default one (see the top of this file). */
export function contractDueAt(defaultDue: Date | null, contract: ContractPromise, receivedAt: Date): Date {
  const promised = new Date(receivedAt.getTime() + contract.responseHours * 3_600_000);
  return defaultDue && defaultDue < promised ? defaultDue : promised;
}
