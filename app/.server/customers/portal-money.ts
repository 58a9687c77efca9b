import { and, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { benchJobs, contracts, equipmentUnits, payments, quotes, serviceRequests } from "~/.server/db/schema.ts";
import { customerInvoices, type CustomerInvoiceItem } from "~/.server/invoices/portal.ts";
import { customerCredit } from "~/.server/payments/credit.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";

/**
 * The money side of the customer portal (issue 11 §7): the quotes waiting for their answer, their invoices
 * with what is still due, their payments and receipts, their maintenance contracts, and the warranty of each
 * unit repaired in the workshop. One read per kind, for /customer/mobile (everything of the customer) and for
 * a request's page (what belongs to that request). Each item links to the page that shows the document in
 * full (the quote to approve; the invoice with its UPI QR code and PDF; the receipt's PDF).
 */

export interface PortalQuote {
  reference: string;
  title: string;
  status: string;
  totalPaise: number;
  validUntil: string;
  /** Sent and still valid: the customer's answer is awaited. */
  awaitingAnswer: boolean;
  href: string;
}

/** An invoice or credit note on the dashboard: the fields of the portal's invoice list it shows. */
export type PortalInvoice = Pick<CustomerInvoiceItem, "id" | "kind" | "number" | "issueDate" | "dueDate" | "totalPaise" | "duePaise" | "status" | "overdue" | "href">;

export interface PortalPayment {
  reference: string;
  receivedOn: string;
  amountPaise: number;
  method: string;
  href: string;
}

export interface PortalContract {
  reference: string;
  href: string;
  plan: string;
  startsOn: string;
  endsOn: string;
  active: boolean;
}

export interface PortalWarranty {
  jobCard: string;
  unit: string;
  serialNumber: string | null;
  returnedOn: string | null;
  warrantyUntil: string | null;
  underWarranty: boolean;
  requestId: number;
}

export interface PortalMoney {
  quotes: PortalQuote[];
  invoices: PortalInvoice[];
  payments: PortalPayment[];
  contracts: PortalContract[];
  warranties: PortalWarranty[];
  /** What the customer owes now, over every open invoice. */
  outstandingPaise: number;
  /** What the business holds for the customer (~/.server/payments/credit.ts); 0 on a request's page. */
  creditPaise: number;
}

/** A customer never sees a draft; the office does. */
const CUSTOMER_QUOTE_STATUSES = ["sent", "approved", "changes_requested", "expired", "declined"] as const;
const OFFICE_QUOTE_STATUSES = ["draft", ...CUSTOMER_QUOTE_STATUSES] as const;

export type MoneyAudience = "customer" | "office";

/** Where each document opens: the customer's portal page, or the back office's record. */
export const moneyHref = {
  customer: {
    quote: (reference: string) => `/customer/quotes/${encodeURIComponent(reference)}`,
    invoice: (id: number) => `/customer/invoices/${id}`,
    receipt: (reference: string) => `/customer/receipts/${encodeURIComponent(reference)}/pdf`,
    contract: () => "/customer/contracts",
  },
  office: {
    quote: (reference: string) => `/admin/quotes/${encodeURIComponent(reference)}`,
    invoice: (id: number) => `/admin/invoices/${id}`,
    receipt: (reference: string) => `/admin/payments/${encodeURIComponent(reference)}`,
    contract: (reference: string) => `/admin/contracts/${encodeURIComponent(reference)}`,
  },
} as const;

function india(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * The customer's money documents; with `requestId`, only that request's quotes and invoices (payments and
 * contracts are the customer's, not a request's, and are left out then).
 */
export async function portalMoney(customerId: number, options: { requestId?: number; now?: Date; audience?: MoneyAudience } = {}): Promise<PortalMoney> {
  const db = getDb();
  const audience = options.audience ?? "customer";
  const href = moneyHref[audience];
  const quoteStatuses = audience === "customer" ? [...CUSTOMER_QUOTE_STATUSES] : [...OFFICE_QUOTE_STATUSES];
  const today = todayInIndia(options.now);
  const forRequest = options.requestId;
  const [quoteRows, invoiceRows, paymentRows, contractRows, warrantyRows, creditPaise] = await Promise.all([
    db
      .select({ reference: quotes.reference, title: quotes.title, status: quotes.status, totalPaise: quotes.totalPaise, validUntil: quotes.validUntil })
      .from(quotes)
      .where(
        and(
          eq(quotes.customerId, customerId),
          inArray(quotes.status, quoteStatuses),
          forRequest === undefined ? undefined : eq(quotes.requestId, forRequest),
        ),
      )
      .orderBy(desc(quotes.createdAt), desc(quotes.id))
      .limit(50),
    customerInvoices(customerId, { requestId: forRequest, now: options.now, limit: 100 }),
    forRequest !== undefined
      ? Promise.resolve([])
      : db
          .select({ reference: payments.reference, receivedOn: payments.receivedOn, amountPaise: payments.amountPaise, method: payments.method })
          .from(payments)
          .where(eq(payments.customerId, customerId))
          .orderBy(desc(payments.receivedOn), desc(payments.id))
          .limit(50),
    forRequest !== undefined
      ? Promise.resolve([])
      : db
          .select({ reference: contracts.reference, plan: contracts.plan, startsOn: contracts.startsOn, endsOn: contracts.endsOn, status: contracts.status })
          .from(contracts)
          .where(and(eq(contracts.customerId, customerId), ne(contracts.status, "cancelled")))
          .orderBy(desc(contracts.endsOn)),
    db
      .select({
        jobCard: benchJobs.jobCard,
        make: equipmentUnits.make,
        model: equipmentUnits.model,
        serialNumber: equipmentUnits.serialNumber,
        returnedAt: benchJobs.returnedAt,
        warrantyUntil: benchJobs.warrantyUntil,
        requestId: benchJobs.requestId,
      })
      .from(benchJobs)
      .innerJoin(equipmentUnits, eq(equipmentUnits.id, benchJobs.unitId))
      .innerJoin(serviceRequests, eq(serviceRequests.id, benchJobs.requestId))
      .where(
        and(
          eq(equipmentUnits.customerId, customerId),
          isNotNull(benchJobs.returnedAt),
          forRequest === undefined ? undefined : eq(benchJobs.requestId, forRequest),
        ),
      )
      .orderBy(desc(benchJobs.returnedAt))
      .limit(50),
    forRequest !== undefined ? Promise.resolve(0) : customerCredit(db, customerId),
  ]);
  const now = options.now ?? new Date();
  const invoiceItems: PortalInvoice[] = invoiceRows.map((i) => ({
    id: i.id,
    kind: i.kind,
    number: i.number,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    totalPaise: i.totalPaise,
    duePaise: i.duePaise,
    status: i.status,
    overdue: i.overdue,
    href: href.invoice(i.id),
  }));
  return {
    quotes: quoteRows.map((q) => ({
      reference: q.reference,
      title: q.title,
      status: q.status === "sent" && q.validUntil < today ? "expired" : q.status,
      totalPaise: q.totalPaise,
      validUntil: q.validUntil,
      awaitingAnswer: q.status === "sent" && q.validUntil >= today,
      href: href.quote(q.reference),
    })),
    invoices: invoiceItems,
    payments: paymentRows.map((p) => ({ ...p, href: href.receipt(p.reference) })),
    contracts: contractRows.map((c) => ({
      reference: c.reference,
      href: href.contract(c.reference),
      plan: c.plan,
      startsOn: c.startsOn,
      endsOn: c.endsOn,
      active: c.status === "active" && c.startsOn <= today && c.endsOn >= today,
    })),
    warranties: warrantyRows.map((w) => ({
      jobCard: w.jobCard,
      unit: [w.make, w.model].filter(Boolean).join(" "),
      serialNumber: w.serialNumber,
      returnedOn: w.returnedAt ? india(w.returnedAt) : null,
      warrantyUntil: w.warrantyUntil ? india(w.warrantyUntil) : null,
      underWarranty: w.warrantyUntil !== null && w.warrantyUntil > now,
      requestId: w.requestId,
    })),
    outstandingPaise: invoiceItems.reduce((sum, i) => sum + i.duePaise, 0),
    creditPaise,
  };
}


/** The customer record a request belongs to, or null while it has none. */
export async function requestCustomerId(requestId: number): Promise<number | null> {
  const [row] = await getDb().select({ customerId: serviceRequests.customerId }).from(serviceRequests).where(eq(serviceRequests.id, requestId));
  return row?.customerId ?? null;
}
