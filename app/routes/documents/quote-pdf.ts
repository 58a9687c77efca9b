import { noStore } from "~/.server/http/cache.ts";
import { signedQuote, quotePdfResponse } from "~/.server/quotes/view.ts";
import type { Route } from "./+types/quote-pdf";

/**
 * /d/quote/{token}/pdf: the quote's PDF at the version the customer has (the shared tax-document renderer).
 * A tampered (403), expired (410) or unknown (404) link answers in plain words; the page at /d/quote/{token}
 * explains more.
 */
const PROBLEM = {
  tampered: { status: 403, text: "This quotation link does not work: it is not complete or has been changed." },
  expired: { status: 410, text: "This quotation link has expired." },
  "not-found": { status: 404, text: "Not found" },
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await signedQuote(params.token);
  if (!found.ok) {
    const p = PROBLEM[found.problem];
    return new Response(p.text, { status: p.status, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex, nofollow" } });
  }
  return quotePdfResponse(found.view);
}
