import { inArray, sql } from "drizzle-orm";
import type { Transaction } from "~/.server/db/client.ts";
import { bulkInsert } from "~/.server/db/index.ts";
import { nextReferences } from "~/.server/db/references.ts";
import { customers, serviceRequests } from "~/.server/db/schema.ts";

/** Who a request names: a customer record is made from it when the mobile number is new. */
export interface CustomerSeed {
  mobile: string;
  name: string;
  company?: string | null;
  email?: string | null;
}

/**
 * Makes sure each mobile number has a customer record, in the caller's transaction: a new number gets one,
 * named as the request names it; a known one is left as the office keeps it. Two submissions racing on one
 * new number both end with the same record (ON CONFLICT on mobile); the loser's reference is a gap.
 * Returns the customer id of each mobile.
 */
export async function ensureCustomers(tx: Transaction, seeds: readonly CustomerSeed[]): Promise<Map<string, number>> {
  const byMobile = new Map<string, CustomerSeed>();
  for (const seed of seeds) if (!byMobile.has(seed.mobile)) byMobile.set(seed.mobile, seed);
  if (byMobile.size === 0) return new Map();
  const mobiles = [...byMobile.keys()];
  const known = await tx.select({ id: customers.id, mobile: customers.mobile }).from(customers).where(inArray(customers.mobile, mobiles));
  const ids = new Map(known.map((row) => [row.mobile!, row.id]));
  const fresh = mobiles.filter((m) => !ids.has(m));
  if (fresh.length) {
    const references = await nextReferences(tx, "CU", fresh.length);
    await bulkInsert(
      tx,
      customers,
      fresh.map((mobile, i) => {
        const seed = byMobile.get(mobile)!;
        return { reference: references[i]!, mobile, name: seed.name, company: seed.company ?? null, email: seed.email ?? null };
      }),
      { onConflictDoNothing: customers.mobile },
    );
    const made = await tx.select({ id: customers.id, mobile: customers.mobile }).from(customers).where(inArray(customers.mobile, fresh));
    for (const row of made) ids.set(row.mobile!, row.id);
  }
  return ids;
}

/** Links requests to their customers by mobile number, making the records that are missing. */
export async function linkRequestsToCustomers(tx: Transaction, requests: ReadonlyArray<{ id: number } & CustomerSeed>): Promise<void> {
  if (requests.length === 0) return;
  await ensureCustomers(tx, requests);
  await tx
    .update(serviceRequests)
    .set({ customerId: sql`(SELECT ${customers.id} FROM ${customers} WHERE ${customers.mobile} = ${serviceRequests.mobile})` })
    .where(inArray(serviceRequests.id, requests.map((r) => r.id)));
}
