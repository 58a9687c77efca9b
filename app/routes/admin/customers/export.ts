import { auditNow } from "~/.server/audit/index.ts";
import { auditActor, staffOf } from "~/.server/auth/staff.ts";
import { customerDataCsv, customerDataExport } from "~/.server/customers/personal-data.ts";
import { customerIdByReference } from "~/.server/customers/record.ts";
import { noStore } from "~/.server/http/cache.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { CUSTOMER_REFERENCE_PATTERN } from "~/lib/forms/admin/customers.ts";
import type { Route } from "./+types/export";

/**
 * /admin/customers/{reference}/export?format=json|csv: everything held about the customer, as a download
 * (what the office sends a customer who asks for a copy of their data, DPDP Act). The office's copy carries
 * its own notes too. Every download is audited: it is personal data leaving the system.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const format = url.searchParams.get("format") === "csv" ? "csv" : "json";
  const found = CUSTOMER_REFERENCE_PATTERN.test(params.reference) ? await customerIdByReference(params.reference) : undefined;
  if (!found) return privateNotFound();
  const body =
    format === "csv"
      ? `\uFEFF${await customerDataCsv(found.id, { includeInternal: true })}`
      : JSON.stringify(await customerDataExport(found.id, { includeInternal: true }), null, 2);
  await auditNow(auditActor(staff), { action: "customer.export", entityType: "customer", entityId: found.id, entityLabel: found.reference, after: { format } });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      ...noStore(),
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="customer-${found.reference}-${date}.${format}"`,
    },
  });
}
