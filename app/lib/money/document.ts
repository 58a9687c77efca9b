import type { GstRate, LineInput, TaxedLine } from "./gst.ts";

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
