import { and, eq } from "drizzle-orm";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { customerIdOf } from "~/.server/customers/portal.ts";
import { getDb } from "~/.server/db/index.ts";
import { payments } from "~/.server/db/schema.ts";
import { currentSupplier } from "~/.server/documents/supplier.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { pdfResponse, receiptFileName, renderReceiptPdf } from "~/.server/payments/receipt-pdf.ts";
import { paymentById } from "~/.server/payments/view.ts";
import { RECEIPT_PATTERN } from "~/lib/forms/admin/payments.ts";
import type { Route } from "./+types/receipt-pdf";

/**
 * /customer/receipts/{receipt number}/pdf: the signed-in customer's receipt as a PDF. Another customer's
 * receipt, or a number that does not exist, answers the same 404: the portal never says whose it is.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  if (!RECEIPT_PATTERN.test(params.reference)) return privateNotFound();
  const customerId = await customerIdOf(session.user);
  if (customerId === undefined) return privateNotFound();
  const [own] = await getDb()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.reference, params.reference), eq(payments.customerId, customerId)));
  const payment = own ? await paymentById(own.id) : undefined;
  if (!payment) return privateNotFound();
  return pdfResponse(await renderReceiptPdf(payment, await currentSupplier()), receiptFileName(payment.reference));
}
