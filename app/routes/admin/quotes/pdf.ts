import { staffOf } from "~/.server/auth/staff.ts";
import { privateNotFound } from "~/.server/http/errors.ts";
import { loadQuoteByReference, quoteDocument, quotePdfResponse } from "~/.server/quotes/view.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { QUOTE_REFERENCE_PATTERN } from "~/lib/forms/admin/quotes.ts";
import type { Route } from "./+types/pdf";

/**
 * /admin/quotes/{reference}/pdf?v=2: one version of the quote as the customer's PDF (the shared tax-document
 * renderer), the current one without ?v. Drafts too, so the office can check one before sending it.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  if (!QUOTE_REFERENCE_PATTERN.test(params.reference)) return privateNotFound();
  const [q, settings] = await Promise.all([loadQuoteByReference(params.reference), getSiteSettings()]);
  if (!q) return privateNotFound();
  const asked = Number(url.searchParams.get("v") ?? q.quote.currentVersion);
  const version = q.versions.find((v) => v.number === asked) ?? q.versions.find((v) => v.number === q.quote.currentVersion);
  if (!version) return privateNotFound();
  return quotePdfResponse(quoteDocument(q, version, settings));
}
