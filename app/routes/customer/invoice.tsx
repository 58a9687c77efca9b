import { portalSessionOf } from "~/.server/auth/portal.ts";
import { customerIdOf } from "~/.server/customers/portal.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { invoiceDocument } from "~/.server/invoices/view.ts";
import { TaxDocument } from "~/components/money/tax-document.tsx";
import { link } from "~/components/ui/styles.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import { invoiceStatusLabel } from "~/lib/forms/admin/invoices.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/invoice";

/**
 * /customer/invoices/{id}: one of the signed-in customer's own invoices or credit notes, with the UPI QR code
 * for what is due now and the PDF. Anyone else's (or none) is the 404 page: the page never says that an
 * invoice exists to someone it does not belong to.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const id = /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : 0;
  const customerId = id ? await customerIdOf(session.user) : undefined;
  const doc = customerId ? await invoiceDocument(id, { customerId }) : undefined;
  if (!doc) return throwNotFound(url);
  return {
    view: doc.view,
    qrSvg: doc.qrSvg,
    kind: doc.row.kind,
    duePaise: doc.duePaise,
    dueDate: doc.row.dueDate,
    status: doc.row.status,
    statusLabel: invoiceStatusLabel(doc.row.kind, doc.row.status),
    requestId: doc.row.requestId,
    pdfHref: `/customer/invoices/${id}/pdf`,
  };
}

export function headers() {
  return noStore();
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Invoice ${data.view.number}` };

export default function CustomerInvoice({ loaderData: page }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <p className="mb-4 text-sm">
        <a href={page.requestId ? `/customer/request/${page.requestId}` : "/customer/mobile"} className={link}>
          ← {page.requestId ? "Back to the request" : "My requests"}
        </a>
      </p>
      <TaxDocument view={page.view} qrSvg={page.qrSvg} pdfHref={page.pdfHref} headingLevel={1}>
        {page.kind === "invoice" && (
          <p className="mt-2" data-testid="invoice-state">
            <strong>{page.statusLabel}</strong>
            {page.duePaise > 0 ? ` · ${formatPaise(page.duePaise)} due by ${formatDate(page.dueDate)}` : page.status === "paid" ? " · thank you, nothing is due" : ""}
          </p>
        )}
      </TaxDocument>
    </div>
  );
}
