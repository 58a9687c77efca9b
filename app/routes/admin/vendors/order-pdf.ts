import { staffOf } from "~/.server/auth/staff.ts";
import { renderTaxDocumentPdf } from "~/.server/documents/tax-document-pdf.ts";
import { readSignature } from "~/.server/documents/signature.ts";
import { noStore } from "~/.server/http/cache.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { purchaseOrderDocument } from "~/.server/purchasing/orders.ts";
import { PURCHASE_ORDER_NUMBER } from "~/lib/forms/admin/stock.ts";
import type { Route } from "./+types/order-pdf";

/** /admin/vendors/orders/{number}/pdf: the purchase order as an A4 PDF, drawn by the money documents' kit. */
export async function loader({ params, context }: Route.LoaderArgs) {
  staffOf(context);
  const view = PURCHASE_ORDER_NUMBER.test(params.number) ? await purchaseOrderDocument(params.number) : undefined;
  if (!view) return privateNotFound();
  const pdf = await renderTaxDocumentPdf(view, { signature: await readSignature() });
  return new Response(new Uint8Array(pdf), {
    headers: { ...noStore(), "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${view.number}.pdf"`, "Content-Length": String(pdf.length), "X-Content-Type-Options": "nosniff" },
  });
}
