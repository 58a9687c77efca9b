import { sql } from "drizzle-orm";
import { customType } from "drizzle-orm/pg-core";

/**
 * PostgreSQL's 64-bit transaction id (xid8; PGlite has it too), as text: it can pass 2^53. Read and
 * compared in SQL only.
 */
const xid8 = customType<{ data: string }>({
  dataType() {
    return "xid8";
  },
});

/**
 * The id of the transaction that wrote the row, set by the database (pg_current_xact_id()), never by the
 * app. The communications thread list catches up by it (ADR 036): a row is new to the list exactly when its
 * transaction was not yet visible to the list's previous catch-up, whatever its id, date or commit order.
 * Null for the rows written before the column existed (a rebuild saw all of them).
 */
export function writtenBy() {
  return xid8("written_by").default(sql`pg_current_xact_id()`);
}
