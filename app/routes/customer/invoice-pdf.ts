import { portalSessionOf } from "~/.server/auth/portal.ts";
import { customerIdOf } from "~/.server/customers/portal.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { invoicePdfResponse } from "~/.server/invoices/pdf.ts";
import { invoiceDocument } from "~/.server/invoices/view.ts";
import type { Route } from "./+types/invoice-pdf";

/** /customer/invoices/{id}/pdf: the PDF of one of the signed-in customer's own invoices; anyone else's is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : 0;
  const customerId = id ? await customerIdOf(session.user) : undefined;
  const doc = customerId ? await invoiceDocument(id, { customerId }) : undefined;
  return doc ? invoicePdfResponse(doc) : privateNotFound();
}
