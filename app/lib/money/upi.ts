import { UPI_ID } from "~/lib/settings-schema.ts";

/**
 * The UPI deep link behind an invoice's QR code (NPCI's "UPI linking specification"):
 *   upi://pay?pa=<UPI ID>&pn=<payee name>&am=<amount, 2 decimals>&cu=INR&tn=<note>&tr=<invoice number>[&mc=<MCC>]
 * Any UPI app scanning it opens a payment prefilled with the amount and the invoice number as the transaction
 * reference (tr), which the bank's statement carries back for reconciliation. Scanning it is never proof of
 * payment: an invoice is paid only by a recorded payment or the gateway's webhook.
 *
 * Pure and shared by server and browser.
 */

export type UpiLinkInput = {
  /** The payee's UPI ID (name@bank). */
  upiId: string;
  /** The payee's name as the bank has it. */
  payeeName: string;
  /** What to pay, in paise: more than 0. */
  amountPaise: number;
  /** The transaction note the payer sees ("Invoice INV/2026-27/0001"). */
  note: string;
  /** The transaction reference: the invoice's number. */
  reference: string;
  /** A merchant account's category code (four digits); absent for a personal account. */
  merchantCode?: string | null;
};

/** Above this a QR payment is a typing mistake (UPI's own per-payment limits are far lower). */
export const MAX_UPI_PAISE = 10_00_00_000_00; // ₹10 crore
/** Apps cut long notes; keep them readable whole. */
export const MAX_UPI_NOTE = 50;

export type UpiLinkProblem = { field: keyof UpiLinkInput; message: string };

/** What is wrong with the input, field by field (empty when a link can be made). */
export function upiLinkProblems(input: UpiLinkInput): UpiLinkProblem[] {
  const problems: UpiLinkProblem[] = [];
  if (!UPI_ID.test(input.upiId.trim())) problems.push({ field: "upiId", message: "A UPI ID looks like name@bank" });
  if (!input.payeeName.trim()) problems.push({ field: "payeeName", message: "The payee's name is needed" });
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
    problems.push({ field: "amountPaise", message: "The amount must be more than zero, in whole paise" });
  } else if (input.amountPaise > MAX_UPI_PAISE) {
    problems.push({ field: "amountPaise", message: "The amount is more than ₹10 crore" });
  }
  if (!input.reference.trim()) problems.push({ field: "reference", message: "The invoice number is needed" });
  else if (input.reference.length > 35) problems.push({ field: "reference", message: "A UPI reference has at most 35 characters" });
  if (input.merchantCode != null && input.merchantCode !== "" && !/^\d{4}$/.test(input.merchantCode)) {
    problems.push({ field: "merchantCode", message: "A merchant category code has four digits" });
  }
  return problems;
}

/** Paise as UPI's amount: rupees with exactly two decimals, no grouping ("1234.50"). Integer arithmetic only. */
export function upiAmount(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/**
 * Percent-encodes a value, keeping "@" and "/" (legal in a query, RFC 3986) so a UPI ID and an invoice
 * number stay readable in the link and in the bank's narration; spaces are %20, never "+", which some
 * apps would show literally.
 */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, "@").replace(/%2F/gi, "/");
}

/** The deep link; throws RangeError on input upiLinkProblems() refuses (a bug upstream, not user input). */
export function upiPayUri(input: UpiLinkInput): string {
  const problems = upiLinkProblems(input);
  if (problems.length) throw new RangeError(`Cannot make a UPI link: ${problems.map((p) => p.message).join("; ")}`);
  const note = input.note.trim().replace(/\s+/g, " ").slice(0, MAX_UPI_NOTE);
  const params: [string, string][] = [
    ["pa", input.upiId.trim()],
    ["pn", input.payeeName.trim()],
    ["am", upiAmount(input.amountPaise)],
    ["cu", "INR"],
    ["tn", note],
    ["tr", input.reference.trim()],
  ];
  if (input.merchantCode) params.push(["mc", input.merchantCode]);
  return `upi://pay?${params.map(([k, v]) => `${k}=${encode(v)}`).join("&")}`;
}

/** Reads a UPI link back (tests, statement matching): its parameters, decoded. Null when it is not one. */
export function parseUpiUri(uri: string): Record<string, string> | null {
  if (!uri.startsWith("upi://pay?")) return null;
  const out: Record<string, string> = {};
  for (const pair of uri.slice("upi://pay?".length).split("&")) {
    const eq = pair.indexOf("=");
    if (eq < 1) return null;
    try {
      out[pair.slice(0, eq)] = decodeURIComponent(pair.slice(eq + 1));
    } catch {
      return null;
    }
  }
  return out;
}
