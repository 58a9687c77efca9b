import { staffOf } from "~/.server/auth/staff.ts";
import { currentSupplier } from "~/.server/documents/supplier.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { pdfResponse, receiptFileName, renderReceiptPdf } from "~/.server/payments/receipt-pdf.ts";
import { paymentByReference } from "~/.server/payments/view.ts";
import { RECEIPT_PATTERN } from "~/lib/forms/admin/payments.ts";
import type { Route } from "./+types/receipt-pdf";

/** /admin/payments/{receipt number}/receipt: the receipt's PDF, as the customer gets it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  staffOf(context);
  const payment = RECEIPT_PATTERN.test(params.reference) ? await paymentByReference(params.reference) : undefined;
  if (!payment) return privateNotFound();
  return pdfResponse(await renderReceiptPdf(payment, await currentSupplier()), receiptFileName(payment.reference));
}
