import { verifyLinkToken } from "~/.server/links/signed.ts";
import { invoiceDocument, type InvoiceDocument } from "./view.ts";

export type SignedInvoice = { ok: true; doc: InvoiceDocument; expiresAt: Date } | { ok: false; problem: "tampered" | "expired" | "not-found" };

/**
 * The invoice a signed link (/d/invoice/{token}) opens: the token binds the kind "invoice" and the id, so it
 * cannot open a credit note, a quote or another invoice. A tampered or expired token says which; a
 * well-signed token for an id with no invoice is "not-found" (a 404, like any page that does not exist).
 */
export async function signedInvoice(token: string | undefined, now = new Date()): Promise<SignedInvoice> {
  const check = verifyLinkToken("invoice", token ?? "", now);
  if (!check.ok) return { ok: false, problem: check.problem };
  const doc = await invoiceDocument(check.id);
  if (!doc || doc.row.kind !== "invoice") return { ok: false, problem: "not-found" };
  return { ok: true, doc, expiresAt: check.expiresAt };
}
