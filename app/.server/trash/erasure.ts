import { sql } from "drizzle-orm";
import type { Transaction } from "~/.server/db/index.ts";
import { snapshotFiles } from "./files.ts";
import type { Snapshot } from "./graph.ts";

/**
 * What the trash holds of a customer being erased (DPDP Act, ~/.server/customers/personal-data.ts): their own
 * entry (the contact details it keeps) and their requests waiting there (whole rows: names, numbers, photos).
 * An erasure really erases, so these go for good with it, and the files the requests named are returned for
 * the erasure to delete once it commits (ADR 046).
 */
export async function forgetInTrash(tx: Transaction, customerId: number, mobiles: ReadonlyArray<string | null>): Promise<string[]> {
  const numbers = mobiles.filter((m): m is string => Boolean(m));
  const removed = (await tx.execute(sql`
    delete from trash
     where (kind = 'customer' and record_id = ${customerId})
        or (kind = 'request' and (snapshot #>> '{tables,0,rows,0,customer_id}' = ${String(customerId)}
            or snapshot #>> '{tables,0,rows,0,mobile}' in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))))
    returning kind, snapshot`)) as unknown as { rows: Array<{ kind: string; snapshot: Snapshot }> };
  return removed.rows.filter((r) => r.kind === "request").flatMap((r) => snapshotFiles(r.snapshot));
}
