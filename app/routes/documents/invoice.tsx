import { data, redirect } from "react-router";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { signedInvoice } from "~/.server/invoices/signed.ts";
import { paymentLinkFor } from "~/.server/payments/gateway/links.ts";
import { effectiveGateway } from "~/.server/settings/integrations.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { CallUs } from "~/components/call-us.tsx";
import { TaxDocument } from "~/components/money/tax-document.tsx";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { invoiceStatusLabel } from "~/lib/forms/admin/invoices.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/invoice";

/**
 * /d/invoice/{token}: the tax invoice a customer was sent by SMS or e-mail, without signing in: the document as
 * issued, what is due now with the UPI QR code for exactly that (and an "Open in UPI app" link on a phone),
 * and the PDF. A tampered link says so (403), an expired one too (410); a well-signed link to an invoice that
 * does not exist is the 404 page. Never cached or indexed. Paying by the QR code is confirmed only once the
 * payment is recorded (or reported by the gateway), never by the link itself.
 */

const PROBLEM_STATUS = { tampered: 403, expired: 410 } as const;

export async function loader({ params, url }: Route.LoaderArgs) {
  const [site, found] = await Promise.all([getSiteSettings(), signedInvoice(params.token)]);
  if (!found.ok && found.problem === "not-found") return throwNotFound(url);
  const meta = seo(site, { type: "policy", title: "Your invoice", description: "Your tax invoice: pay by UPI, download the PDF.", path: url.pathname, noindex: true });
  if (!found.ok) {
    const problem = found.problem === "expired" ? "expired" : "tampered";
    return data({ problem, page: null, meta }, { status: PROBLEM_STATUS[problem], headers: noStore() });
  }
  const { doc } = found;
  // "Pay online" (the payment gateway, when one is set up): the link is made when the customer presses it,
  // not on every view, so a slow or absent gateway never holds the page up.
  const payOnline = doc.duePaise > 0 && (await effectiveGateway()) !== undefined;
  return data(
    {
      problem: null,
      meta,
      page: {
        payOnline,
        view: doc.view,
        qrSvg: doc.qrSvg,
        duePaise: doc.duePaise,
        dueDate: doc.row.dueDate,
        status: doc.row.status,
        statusLabel: invoiceStatusLabel(doc.row.kind, doc.row.status),
        pdfHref: `${url.pathname.replace(/\/+$/, "")}/pdf`,
      },
    },
    { headers: noStore() },
  );
}

/**
 * The "Pay online" button: the gateway's payment link for what is due now (made, or remade when the amount
 * due changed), then off to the gateway's page. A gateway that cannot be reached gets a message, not a 500.
 */
export async function action({ params, url }: Route.ActionArgs) {
  const found = await signedInvoice(params.token);
  if (!found.ok) return found.problem === "not-found" ? throwNotFound(url) : data({ payError: "This invoice link does not work: open it again from the SMS or e-mail." }, { status: 400 });
  const link = found.doc.duePaise > 0 ? await paymentLinkFor(found.doc.row.id) : null;
  if (!link) return data({ payError: "Paying online is not possible just now. Please pay by UPI with the QR code, or call us." }, { status: 503, headers: noStore() });
  return redirect(link.url, { headers: noStore() });
}

export function headers() {
  return { ...noStore(), "X-Robots-Tag": "noindex, nofollow" };
}

export const meta = routeMeta;

export default function InvoiceDocumentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, page } = loaderData;
  const payError = actionData && "payError" in actionData ? actionData.payError : undefined;
  if (problem || !page) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">{problem === "expired" ? "This invoice link has expired" : "This invoice link does not work"}</h1>
        <p className="mt-4 text-lg">
          {problem === "expired"
            ? "Links to an invoice work for about a year after it is sent."
            : "The link is not complete or has been changed. Open it again from the SMS or e-mail we sent you, exactly as it is."}
        </p>
        <CallUs text="For a copy of your invoice, call us on" />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <TaxDocument view={page.view} qrSvg={page.qrSvg} pdfHref={page.pdfHref} headingLevel={1}>
        <p className="mt-2" data-testid="invoice-state">
          <strong>{page.statusLabel}</strong>
          {page.duePaise > 0 ? ` · ${formatPaise(page.duePaise)} due by ${formatDate(page.dueDate)}` : page.status === "paid" ? " · thank you, nothing is due" : ""}
        </p>
        {page.payOnline && (
          <form method="post" className="mt-3">
            <button type="submit" className="inline-flex h-11 items-center rounded-md bg-accent-600 px-5 font-semibold text-white hover:bg-orange-800">
              Pay {formatPaise(page.duePaise)} online (card, net banking, UPI)
            </button>
          </form>
        )}
        {payError && (
          <p role="alert" className="mt-2 font-medium text-red-700 dark:text-red-400">
            {payError}
          </p>
        )}
      </TaxDocument>
      <CallUs text="Questions about this invoice? Call us on" />
    </div>
  );
}
