import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/client.ts";
import { bulkInsert } from "~/.server/db/index.ts";
import { nextReferences } from "~/.server/db/references.ts";
import { customers, serviceRequests, users } from "~/.server/db/schema.ts";

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
  return (await ensureCustomerRecords(tx, seeds)).ids;
}

/**
 * ensureCustomers, also telling which records this call made: those cannot have anything of their own yet
 * (no contract, no site), so the request form's batch does not look for their contracts.
 */
export async function ensureCustomerRecords(
  tx: Transaction,
  seeds: readonly CustomerSeed[],
): Promise<{ ids: Map<string, number>; made: Set<number> }> {
  const made = new Set<number>();
  const byMobile = new Map<string, CustomerSeed>();
  for (const seed of seeds) if (!byMobile.has(seed.mobile)) byMobile.set(seed.mobile, seed);
  if (byMobile.size === 0) return { ids: new Map(), made };
  const mobiles = [...byMobile.keys()];
  const known = await tx.select({ id: customers.id, mobile: customers.mobile }).from(customers).where(inArray(customers.mobile, mobiles));
  const ids = new Map(known.map((row) => [row.mobile!, row.id]));
  const fresh = mobiles.filter((m) => !ids.has(m));
  if (fresh.length) {
    const references = await nextReferences(tx, "CU", fresh.length);
    const inserted = await bulkInsert(
      tx,
      customers,
      fresh.map((mobile, i) => {
        const seed = byMobile.get(mobile)!;
        return { reference: references[i]!, mobile, name: seed.name, company: seed.company ?? null, email: seed.email ?? null };
      }),
      {
        // Someone who signed in before sending their first request already has an account: the record is
        // made linked to it (as linkCustomerAccount would link it), in the same statement.
        computed: {
          userId: sql`(select u.id from ${users} u where u.mobile = source.mobile and 'customer' = any(u.roles)
            and not exists (select 1 from ${customers} other where other.user_id = u.id) limit 1)`,
        },
        onConflictDoNothing: customers.mobile,
        returning: { id: customers.id, mobile: customers.mobile },
      },
    );
    for (const row of inserted) {
      ids.set(row.mobile!, row.id);
      made.add(row.id);
    }
    // A number another transaction made meanwhile (the conflict skipped ours): read, only when it happened.
    const raced = fresh.filter((m) => !ids.has(m));
    if (raced.length) {
      const theirs = await tx.select({ id: customers.id, mobile: customers.mobile }).from(customers).where(inArray(customers.mobile, raced));
      for (const row of theirs) ids.set(row.mobile!, row.id);
    }
  }
  return { ids, made };
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

/**
 * Links the portal account to the customer with its mobile number: called when a customer signs in, and
 * for records made after the account (a first request sent by someone already signed in). An erased
 * customer has no mobile left, so it is never linked again; an account already linked elsewhere is left.
 */
export async function linkCustomerAccount(tx: Transaction | Database, userId: number, mobile: string): Promise<void> {
  await tx
    .update(customers)
    .set({ userId })
    .where(
      and(
        eq(customers.mobile, mobile),
        isNull(customers.userId),
        isNull(customers.erasedAt),
        sql`not exists (select 1 from ${customers} other where other.user_id = ${userId})`,
      ),
    );
}

