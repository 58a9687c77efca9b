import { currentSupplier } from "~/.server/documents/supplier.ts";
import { noStore } from "~/.server/http/cache.ts";
import { verifyLinkToken } from "~/.server/links/signed.ts";
import { pdfResponse, receiptFileName, renderReceiptPdf } from "~/.server/payments/receipt-pdf.ts";
import { paymentById } from "~/.server/payments/view.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import type { Route } from "./+types/receipt-pdf";

/**
 * /d/receipt/{token} (the receipt SMS's link) and /d/receipt/{token}/pdf: a payment's receipt as a PDF, for
 * a customer without a session. The token (~/.server/links/signed.ts) binds the payment's id and expires; a
 * tampered or expired link, or one for a payment that no longer exists, gets a short page that says so in
 * plain words and how to reach us (never a 500, never another customer's receipt).
 */

const PROBLEMS = {
  tampered: { status: 403, title: "This receipt link does not work", text: "The link is not complete or has been changed. Please open it again from the SMS, exactly as it was sent." },
  expired: { status: 410, title: "This receipt link has expired", text: "Receipt links work for about a year. Ask us for a copy of the receipt." },
  "not-found": { status: 404, title: "Receipt not found", text: "We could not find this receipt. Ask us for a copy." },
} as const;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

async function problemPage(problem: keyof typeof PROBLEMS): Promise<Response> {
  const p = PROBLEMS[problem];
  const site = await getSiteSettings();
  const phone = site.identity.supportPhone;
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(p.title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #111827">
<main>
<h1 style="font-size: 1.5rem">${escapeHtml(p.title)}</h1>
<p>${escapeHtml(p.text)}</p>
<p>Call ${escapeHtml(site.identity.legalName)} on <a href="tel:${escapeHtml(phone)}" style="color: #1d4ed8">${escapeHtml(formatIndianPhone(phone))}</a>.</p>
</main>
</body>
</html>`;
  return new Response(html, { status: p.status, headers: { ...noStore(), "Content-Type": "text/html; charset=utf-8", "X-Robots-Tag": "noindex, nofollow" } });
}

export async function loader({ params }: Route.LoaderArgs) {
  const check = verifyLinkToken("receipt", params.token);
  if (!check.ok) return problemPage(check.problem);
  const payment = await paymentById(check.id);
  if (!payment) return problemPage("not-found");
  const pdf = await renderReceiptPdf(payment, await currentSupplier());
  const response = pdfResponse(pdf, receiptFileName(payment.reference));
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
}
