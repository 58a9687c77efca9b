import { noStore } from "~/.server/http/cache.ts";
import { invoicePdfResponse } from "~/.server/invoices/pdf.ts";
import { signedInvoice } from "~/.server/invoices/signed.ts";
import type { Route } from "./+types/invoice-pdf";

/**
 * /d/invoice/{token}/pdf: the invoice's PDF from the signed link in the customer's SMS or e-mail, with the UPI
 * QR code for what is due now. A tampered (403), expired (410) or unknown (404) link answers in plain words;
 * the page at /d/invoice/{token} explains more.
 */
const PROBLEM = {
  tampered: { status: 403, text: "This invoice link does not work: it is not complete or has been changed." },
  expired: { status: 410, text: "This invoice link has expired." },
  "not-found": { status: 404, text: "Not found" },
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await signedInvoice(params.token);
  if (!found.ok) {
    const p = PROBLEM[found.problem];
    return new Response(p.text, { status: p.status, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex, nofollow" } });
  }
  return invoicePdfResponse(found.doc);
}
