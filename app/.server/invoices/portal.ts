import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { invoices } from "~/.server/db/schema.ts";
import { invoiceStatusLabel } from "~/lib/forms/admin/invoices.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { amountDue } from "./shared.ts";

/**
 * A customer's invoices and credit notes for the portal's pages (/customer/mobile, a request's page): each
 * with what is still due and the links to its page (UPI QR code) and PDF. Newest first. The one place that
 * selects them: the portal's money summary (~/.server/customers/portal-money.ts) reads them from here.
 */

export interface CustomerInvoiceItem {
  id: number;
  kind: "invoice" | "credit_note";
  number: string;
  issueDate: string;
  dueDate: string;
  totalPaise: number;
  paidPaise: number;
  creditedPaise: number;
  /** total - paid - credited (0 for a credit note or a cancelled invoice). */
  duePaise: number;
  status: string;
  statusLabel: string;
  overdue: boolean;
  requestId: number | null;
  /** /customer/invoices/{id}: the document with its UPI QR code. */
  href: string;
  pdfHref: string;
}

export const customerInvoiceHref = (id: number) => `/customer/invoices/${id}`;

export async function customerInvoices(customerId: number, options: { requestId?: number; now?: Date; limit?: number } = {}): Promise<CustomerInvoiceItem[]> {
  const today = todayInIndia(options.now);
  const rows = await getDb()
    .select({
      id: invoices.id,
      kind: invoices.kind,
      number: invoices.number,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      totalPaise: invoices.totalPaise,
      paidPaise: invoices.paidPaise,
      creditedPaise: invoices.creditedPaise,
      status: invoices.status,
      requestId: invoices.requestId,
    })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), options.requestId === undefined ? undefined : eq(invoices.requestId, options.requestId)))
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(options.limit ?? 100);
  return rows.map((r) => {
      const due = amountDue(r);
      return {
        ...r,
        duePaise: due,
        statusLabel: invoiceStatusLabel(r.kind, r.status),
        overdue: due > 0 && r.dueDate < today,
        href: customerInvoiceHref(r.id),
        pdfHref: `${customerInvoiceHref(r.id)}/pdf`,
      };
    });
}
