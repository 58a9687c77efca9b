import { and, asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices, paymentAllocations, payments, quotes, serviceRequests } from "~/.server/db/schema.ts";
import { getPaymentSettings } from "~/.server/settings/index.ts";
import type { DocumentParty, StoredLine, TaxDocumentView } from "~/lib/money/document.ts";
import type { SupplyKind } from "~/lib/money/gst.ts";
import { upiLinkProblems, upiPayUri } from "~/lib/money/upi.ts";
import { formatDate } from "~/lib/format.ts";
import type { PaymentSettings } from "~/lib/settings-schema.ts";
import { amountDue, type InvoiceRow } from "./shared.ts";
import { upiQr } from "~/.server/documents/upi-qr.ts";

/**
 * An issued invoice or credit note as the pages and the PDF draw it (TaxDocumentView), from what was stored
 * at issue; only the amount due, the stamp and the UPI link are worked out now. The UPI QR code is for the
 * amount due at this moment (total - paid - credited), with the invoice number as the reference (tr): scanning
 * it is not a payment, which counts only once recorded or confirmed by the gateway.
 */

const TITLES = { invoice: "Tax invoice", credit_note: "Credit note" } as const;

function supplyOf(row: InvoiceRow): SupplyKind {
  if (row.igstPaise > 0) return "inter-state";
  if (row.cgstPaise > 0 || row.sgstPaise > 0) return "intra-state";
  const supplier = row.supplier as DocumentParty;
  return (supplier.stateCode ?? "36") === row.placeOfSupplyCode ? "intra-state" : "inter-state";
}

/** The per-rate and per-HSN summaries, summed from the stored lines (as invoiceTotals did at issue). */
function summaries(lines: StoredLine[]) {
  const byRate = new Map<number, { gstRate: StoredLine["gstRate"]; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; taxPaise: number }>();
  const byHsn = new Map<string, { hsnSac: string; gstRate: StoredLine["gstRate"]; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; taxPaise: number }>();
  let gross = 0;
  let discount = 0;
  for (const l of lines) {
    gross += l.grossPaise;
    discount += l.discountPaise;
    const rate = byRate.get(l.gstRate) ?? { gstRate: l.gstRate, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };
    const key = `${l.hsnSac}@${l.gstRate}`;
    const hsn = byHsn.get(key) ?? { hsnSac: l.hsnSac, gstRate: l.gstRate, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 };
    for (const row of [rate, hsn]) {
      row.taxablePaise += l.taxablePaise;
      row.cgstPaise += l.cgstPaise;
      row.sgstPaise += l.sgstPaise;
      row.igstPaise += l.igstPaise;
      row.taxPaise += l.taxPaise;
    }
    byRate.set(l.gstRate, rate);
    byHsn.set(key, hsn);
  }
  return { byRate: [...byRate.values()].sort((a, b) => a.gstRate - b.gstRate), byHsn: [...byHsn.values()], gross, discount };
}

/** The UPI link for what is due now; null when nothing is due or the UPI ID is not set in the settings. */
export function invoiceUpiUri(row: Pick<InvoiceRow, "number"> & { duePaise: number }, settings: PaymentSettings, supplierName: string): string | null {
  if (row.duePaise <= 0 || !settings.upiId) return null;
  const input = {
    upiId: settings.upiId,
    payeeName: settings.payeeName ?? supplierName,
    amountPaise: row.duePaise,
    note: `Invoice ${row.number}`,
    reference: row.number,
    merchantCode: settings.upiMerchantCode ?? null,
  };
  return upiLinkProblems(input).length ? null : upiPayUri(input);
}

export interface DocumentContext {
  /** A credit note's invoice: its number and date, printed as the reference rule 53 asks for. */
  creditOf?: { number: string; issueDate: string } | null;
  requestReference?: string | null;
  quoteReference?: string | null;
}

export function invoiceDocumentView(row: InvoiceRow, payment: PaymentSettings, context: DocumentContext = {}): TaxDocumentView {
  const lines = row.lines as StoredLine[];
  const s = summaries(lines);
  const supplier = row.supplier as DocumentParty;
  const due = amountDue(row);
  const references: string[] = [];
  if (context.creditOf) references.push(`Against invoice ${context.creditOf.number} of ${formatDate(context.creditOf.issueDate)}`);
  if (context.quoteReference) references.push(`Quotation ${context.quoteReference}`);
  if (context.requestReference) references.push(`Service request ${context.requestReference}`);
  const upiUri = row.kind === "invoice" ? invoiceUpiUri({ number: row.number, duePaise: due }, payment, supplier.name) : null;
  const bank =
    payment.accountName && payment.accountNumber && payment.ifsc ? { bankName: payment.bankName ?? null, accountName: payment.accountName, accountNumber: payment.accountNumber, ifsc: payment.ifsc } : null;
  const stamp =
    row.kind === "credit_note" ? null : row.status === "cancelled" ? "Cancelled by credit note" : row.status === "paid" ? "Paid" : null;
  const notes = row.kind === "credit_note" ? [`Reason: ${row.reason ?? ""}`, row.notes].filter(Boolean).join("\n") : row.notes;
  return {
    kind: row.kind,
    title: TITLES[row.kind],
    number: row.number,
    date: row.issueDate,
    untilLabel: row.kind === "invoice" ? "Due by" : null,
    untilDate: row.kind === "invoice" ? row.dueDate : null,
    supplier,
    recipient: row.recipient as DocumentParty,
    placeOfSupply: { code: row.placeOfSupplyCode, name: row.placeOfSupplyName },
    reverseCharge: row.reverseCharge,
    poNumber: row.poNumber,
    references,
    lines,
    totals: {
      supply: supplyOf(row),
      byRate: s.byRate,
      byHsn: s.byHsn,
      grossPaise: s.gross,
      discountPaise: s.discount,
      taxablePaise: row.taxablePaise,
      cgstPaise: row.cgstPaise,
      sgstPaise: row.sgstPaise,
      igstPaise: row.igstPaise,
      taxPaise: row.taxPaise,
      grandTotalPaise: row.taxablePaise + row.taxPaise,
      roundOffPaise: row.roundOffPaise,
      payablePaise: row.totalPaise,
    },
    amountInWords: row.amountInWords,
    notes,
    terms: row.terms || null,
    settlement: row.kind === "invoice" && (row.paidPaise > 0 || row.creditedPaise > 0) ? { receivedPaise: row.paidPaise, creditedPaise: row.creditedPaise, balanceDuePaise: due } : null,
    payment: row.kind === "invoice" && due > 0 ? { amountDuePaise: due, upiUri, upiId: payment.upiId ?? null, payeeName: payment.payeeName ?? supplier.name, bank } : null,
    stamp,
  };
}

export interface InvoiceDocument {
  row: InvoiceRow;
  view: TaxDocumentView;
  qrSvg: string | null;
  duePaise: number;
  customerReference: string;
  requestReference: string | null;
  quoteReference: string | null;
  creditOf: { id: number; number: string; issueDate: string } | null;
}

/** One invoice or credit note, ready to draw (web page, PDF). Undefined when there is no such document. */
export async function invoiceDocument(id: number, options: { customerId?: number; userId?: number } = {}): Promise<InvoiceDocument | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const db = getDb();
  const [found] = await db
    .select({ row: invoices, customerReference: customers.reference, customerUserId: customers.userId, requestReference: serviceRequests.reference, quoteReference: quotes.reference })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, invoices.requestId))
    .leftJoin(quotes, eq(quotes.id, invoices.quoteId))
    .where(eq(invoices.id, id));
  if (!found) return undefined;
  // A customer's own documents only: anyone else's answers as if it did not exist.
  if (options.customerId !== undefined && found.row.customerId !== options.customerId) return undefined;
  if (options.userId !== undefined && found.customerUserId !== options.userId) return undefined;
  const row = found.row;
  let creditOf: InvoiceDocument["creditOf"] = null;
  if (row.creditOfId) {
    const [orig] = await db.select({ id: invoices.id, number: invoices.number, issueDate: invoices.issueDate }).from(invoices).where(eq(invoices.id, row.creditOfId));
    creditOf = orig ?? null;
  }
  const payment = await getPaymentSettings();
  const view = invoiceDocumentView(row, payment, { creditOf, requestReference: found.requestReference, quoteReference: found.quoteReference });
  const qrSvg = view.payment?.upiUri ? await upiQr(view.payment.upiUri, "svg") : null;
  return { row, view, qrSvg, duePaise: amountDue(row), customerReference: found.customerReference, requestReference: found.requestReference, quoteReference: found.quoteReference, creditOf };
}

export interface InvoiceRecord extends InvoiceDocument {
  allocations: Array<{ paymentReference: string; receivedOn: string; method: string; instrumentRef: string | null; amountPaise: number }>;
  creditNotes: Array<{ id: number; number: string; issueDate: string; totalPaise: number; reason: string | null }>;
}

/** The back office's record: the document, the payments allocated to it, and its credit notes. */
export async function invoiceRecord(id: number): Promise<InvoiceRecord | undefined> {
  const doc = await invoiceDocument(id);
  if (!doc) return undefined;
  const db = getDb();
  const [allocations, creditNotes] = await Promise.all([
    db
      .select({ paymentReference: payments.reference, receivedOn: payments.receivedOn, method: payments.method, instrumentRef: payments.instrumentRef, amountPaise: paymentAllocations.amountPaise })
      .from(paymentAllocations)
      .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
      .where(eq(paymentAllocations.invoiceId, id))
      .orderBy(asc(payments.receivedOn), asc(payments.id)),
    db
      .select({ id: invoices.id, number: invoices.number, issueDate: invoices.issueDate, totalPaise: invoices.totalPaise, reason: invoices.reason })
      .from(invoices)
      .where(and(eq(invoices.creditOfId, id), eq(invoices.kind, "credit_note")))
      .orderBy(asc(invoices.id)),
  ]);
  return { ...doc, allocations, creditNotes };
}
