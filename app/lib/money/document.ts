import type { GstRate, InvoiceTotals, LineInput, TaxedLine } from "./gst.ts";

/**
 * The shapes quotes, invoices and credit notes share: who the document is from and to, and its lines. Both
 * are stored as JSON on the document (quote_versions, invoices) exactly as printed, so a later change to a
 * customer's record, a product's price or the business's settings never rewrites a document already made.
 */

/** The supplier or the recipient as printed. */
export interface DocumentParty {
  /** The person or the business's legal name. */
  name: string;
  company?: string | null;
  /** Street address, on one or more lines. */
  address?: string | null;
  city?: string | null;
  pincode?: string | null;
  /** GST state code ("36") and its name ("Telangana"). */
  stateCode?: string | null;
  stateName?: string | null;
  /** 15 characters, check digit verified; absent for an unregistered (B2C) recipient. */
  gstin?: string | null;
  mobile?: string | null;
  email?: string | null;
}

/** What a line is: it decides the default SAC/HSN and how the line is grouped in reports. */
export const LINE_KINDS = ["service", "part", "labour", "travel"] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const LINE_KIND_LABELS: Record<LineKind, string> = { service: "Service", part: "Part or product", labour: "Labour", travel: "Travel" };

/** A line as entered: the GST inputs, what kind it is, and the product it was priced from (if any). */
export interface DocumentLine extends LineInput {
  kind: LineKind;
  productId?: number | null;
}

/** A line as stored on an issued document: the entered line with its computed amounts. */
export type StoredLine = DocumentLine & Omit<TaxedLine, "hsnSac" | "gstRate"> & { gstRate: GstRate };

/**
 * A quote, tax invoice or credit note ready to draw: the web page (app/components/money/tax-document.tsx) and
 * the PDF (app/.server/documents/tax-document-pdf.ts) both draw from this one shape, so they always agree.
 */
export interface TaxDocumentView {
  /** A purchase order (issue 19 §5) is the business's own order to a vendor: the supplier fields hold the business (who issues it), the recipient the vendor. */
  kind: "quote" | "invoice" | "credit_note" | "purchase_order";
  /** "Quotation", "Tax invoice", "Credit note". */
  title: string;
  /** QT-2611-0004, INV/2026-27/0001, CN/2026-27/0001. */
  number: string;
  /** A quote's version (v2 ...). */
  version?: number | null;
  /** YYYY-MM-DD. */
  date: string;
  /** "Valid until" (quote) or "Due by" (invoice), with its YYYY-MM-DD date. */
  untilLabel?: string | null;
  untilDate?: string | null;
  supplier: DocumentParty;
  recipient: DocumentParty;
  placeOfSupply: { code: string; name: string };
  reverseCharge?: boolean;
  poNumber?: string | null;
  /** Other references printed in the header: "Service request SR-2611-0042", "Against invoice INV/2026-27/0007". */
  references?: string[];
  lines: StoredLine[];
  totals: Pick<
    InvoiceTotals,
    | "supply"
    | "byRate"
    | "byHsn"
    | "grossPaise"
    | "discountPaise"
    | "taxablePaise"
    | "cgstPaise"
    | "sgstPaise"
    | "igstPaise"
    | "taxPaise"
    | "grandTotalPaise"
    | "roundOffPaise"
    | "payablePaise"
  >;
  amountInWords: string;
  notes?: string | null;
  terms?: string | null;
  /** How to pay (invoices with an amount due): the UPI deep link behind the QR code, and the bank account. */
  payment?: {
    amountDuePaise: number;
    upiUri?: string | null;
    upiId?: string | null;
    payeeName?: string | null;
    bank?: { bankName?: string | null; accountName: string; accountNumber: string; ifsc: string } | null;
  } | null;
  /**
   * An invoice once something was paid or credited against it: the amounts received and credited, and the
   * balance still due (0 when settled). Absent before any payment: the total is then the amount payable.
   */
  settlement?: { receivedPaise: number; creditedPaise: number; balanceDuePaise: number } | null;
  /** Printed in the corner when not the plain state: "Paid", "Cancelled by credit note", "Superseded by v3". */
  stamp?: string | null;
}
