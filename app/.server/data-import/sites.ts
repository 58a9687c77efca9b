import { sql } from "drizzle-orm";
import { z } from "zod";
import { customers } from "~/.server/db/schema.ts";
import { CUSTOMER_ENTITIES, CUSTOMER_RECORDS, crossCheck, customerMobile, refineSiteAndUnit, SITE_AND_UNIT_COLUMNS, siteAndUnitFields, upsertCustomers } from "./customers.ts";
import { chunks, type CheckedRow, type ImportKind, type RowProblem } from "./kind.ts";

/**
 * Sites and units of customers already on file (a plant list, an asset register): one row is a site, a unit,
 * or a unit at a site, of the customer with that mobile. Natural keys as in the customers kind: a site is the
 * customer's mobile and the site's name (any case), a unit is its serial within the customer. A mobile that
 * is no customer's is an error of its row (import the customer first); no customer is created or changed
 * here, except that one whose sites or units change has its version moved on, as an edit on its page would.
 */

const rowSchema = z
  .object({ mobile: customerMobile, ...siteAndUnitFields })
  .superRefine((r, ctx) => {
    refineSiteAndUnit(r, ctx);
    if (!r.siteName && !r.unitSerial && !r.unitMake) ctx.addIssue({ code: "custom", path: ["siteName"], message: "Give a site name, a unit (make and serial number), or both." });
  });

export type SiteRow = z.output<typeof rowSchema>;

const NOT_A_CUSTOMER = "No customer has this mobile number: import the customer first (Customers, with their sites and units), or correct the number.";

/** Each row's mobile must be a stored customer's. */
async function checkStored(db: Parameters<NonNullable<ImportKind["checkStored"]>>[0], rows: CheckedRow<SiteRow>[]): Promise<RowProblem[]> {
  const known = new Set<string>();
  for (const part of chunks([...new Set(rows.map((r) => r.row.mobile))], 50_000)) {
    const found = await db
      .select({ mobile: customers.mobile })
      .from(customers)
      .where(sql`${customers.mobile} in (select jsonb_array_elements_text(${JSON.stringify(part)}::jsonb))`);
    for (const c of found) known.add(c.mobile!);
  }
  return rows.filter((r) => !known.has(r.row.mobile)).map((r) => ({ line: r.line, field: "mobile", message: NOT_A_CUSTOMER }));
}

export const sitesKind: ImportKind<SiteRow> = {
  name: "sites-and-units",
  label: "Sites and units of customers on file",
  columns: [{ field: "mobile", label: "Customer mobile", required: true, aliases: ["Mobile", "Mobile number", "Phone", "Mobile no", "Contact number"] }, ...SITE_AND_UNIT_COLUMNS],
  row: rowSchema,
  crossCheck,
  checkStored,
  records: CUSTOMER_RECORDS,
  entities: CUSTOMER_ENTITIES,
  upsert: (tx, rows, now) => upsertCustomers(tx, rows, now, false),
};
