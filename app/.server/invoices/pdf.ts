import { renderTaxDocumentPdf, type DocumentCopy } from "~/.server/documents/tax-document-pdf.ts";
import { readSignature } from "~/.server/documents/signature.ts";
import { noStore } from "~/.server/http/cache.ts";
import type { InvoiceDocument } from "./view.ts";

/**
 * An invoice's or credit note's PDF as a download: made on request from the stored document (a few ms, the
 * QR code cached), never stored, and never cached by a browser or proxy: the amount due on its QR code moves
 * with every payment. The customer's links get the original; the office's the original and the duplicate.
 */
export async function invoicePdfResponse(doc: Pick<InvoiceDocument, "view">, copies?: DocumentCopy[]): Promise<Response> {
  const pdf = await renderTaxDocumentPdf(doc.view, { copies, signature: await readSignature() });
  const name = `${doc.view.number.replace(/[^A-Za-z0-9-]+/g, "-")}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...noStore(),
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Content-Length": String(pdf.length),
      "X-Content-Type-Options": "nosniff",
      // Signed links are private to the customer: never in a search index.
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
