import { staffOf } from "~/.server/auth/staff.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { invoicePdfResponse } from "~/.server/invoices/pdf.ts";
import { invoiceDocument } from "~/.server/invoices/view.ts";
import type { Route } from "./+types/pdf";

/** /admin/invoices/{id}/pdf: the invoice's or credit note's PDF (QR code for what is due now); an invoice in two copies, original for the recipient and duplicate for the supplier. */
export async function loader({ params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : 0;
  const doc = id ? await invoiceDocument(id) : undefined;
  return doc ? invoicePdfResponse(doc, ["original", "duplicate"]) : privateNotFound();
}
