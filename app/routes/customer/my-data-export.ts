import { stringify } from "csv-stringify/sync";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { customerDataCsv, customerDataExport } from "~/.server/customers/personal-data.ts";
import { EXPORT_FORMATS, logExport, type ExportFormat } from "~/.server/customers/portal.ts";
import { noStore } from "~/.server/http/cache.ts";
import type { Route } from "./+types/my-data-export";

/**
 * /customer/my-data/export?format=json|csv: the signed-in customer's copy of their personal data (DPDP Act
 * section 11), as an attachment, served at once and logged as a done export request. The copy is the
 * office's export without what the office wrote for itself (customerDataExport's default).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const asked = url.searchParams.get("format") ?? "json";
  if (!(EXPORT_FORMATS as readonly string[]).includes(asked)) {
    return new Response("Unknown format: ask for format=json or format=csv.", { status: 400, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8" } });
  }
  const format = asked as ExportFormat;
  const customerId = await logExport(session.user, format);
  if (customerId === undefined) {
    // An account without a mobile number has no customer record: its copy is the account itself.
    const account = { name: session.user.name, email: session.user.email };
    const exportedAt = new Date().toISOString();
    const body =
      format === "csv"
        ? stringify([["Section", "Record", "Field", "Value"], ...Object.entries(account).map(([field, value]) => ["Account", "", field, safeCell(value)]), ["Export", "", "exportedAt", exportedAt]])
        : JSON.stringify({ exportedAt, account }, null, 2);
    return download(format, body, "my-data");
  }
  const body = format === "csv" ? await customerDataCsv(customerId) : JSON.stringify(await customerDataExport(customerId), null, 2);
  return download(format, body, "my-data");
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe, as in every CSV we write. */
function safeCell(value: string | null): string {
  return value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? "");
}

function download(format: ExportFormat, body: string, name: string): Response {
  const date = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  return new Response(format === "csv" ? `\uFEFF${body}` : body, {
    headers: {
      ...noStore(),
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${date}.${format}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
