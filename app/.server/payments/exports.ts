import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { CsvColumn } from "~/.server/admin/list.ts";
import { getDb } from "~/.server/db/index.ts";
import { invoices } from "~/.server/db/schema.ts";
import type { CreditLine } from "~/.server/invoices/credit-notes.ts";
import { formatDocumentNumber } from "~/.server/invoices/numbering.ts";
import type { DocumentParty, StoredLine } from "~/lib/money/document.ts";
import { hsnDescription, shortDescription } from "~/lib/money/hsn-descriptions.ts";
import { SUPPLIER_STATE_CODE } from "~/lib/money/gst.ts";
import { B2CL_LIMIT_PAISE, type ExportFile } from "~/lib/forms/admin/payments.ts";
import { purchaseBills, type PurchaseBill } from "~/.server/vendors/bills.ts";
import { GST_STATES } from "~/lib/settings-schema.ts";
import { refundRegisterRows } from "./credit.ts";
import { exportPayments, type PaymentListItem } from "./list.ts";

/**
 * Exports for the accountant, as CSV in the shapes of the GSTR-1 offline tool's sheets, for a month or a
 * financial year (1 April to 31 March), by invoice date:
 *
 * - b2b: invoices to registered recipients (a GSTIN): one row per invoice and tax rate (table 4A).
 *   Invoice type "Regular B2B" (the tool's current wording; older versions said "Regular").
 * - b2cl: invoices to unregistered recipients, inter-state, of more than ₹1,00,000 (table 5). The limit
 *   was ₹2,50,000 until Notification 12/2024-Central Tax lowered it to ₹1,00,000 from 1 August 2024.
 * - b2cs: every other invoice to an unregistered recipient, summed by place of supply and rate, type OE
 *   (table 7), net of the credit notes to unregistered recipients issued in the period (as GSTR-1 nets them).
 * - cdnr: credit notes to registered recipients, one row per note and rate (table 9B), note type C.
 * - cdnur: credit notes against B2C large invoices (unregistered, inter-state, above the limit), type B2CL.
 * - docs: documents issued (table 13): each series' first and last number, total and cancelled.
 * - hsn-b2b, hsn-b2c: the HSN/SAC summary (table 12, split B2B and B2C since May 2025), net of the
 *   period's credit notes: quantity in the unit's UQC (services: NA and 0), value, taxable value and each tax.
 * - payments: the payment register (receipts, and refund vouchers as negative amounts), by date.
 * - purchases: the purchase register, vendors' bills by the bill's date (/admin/vendors): the input tax
 *   claimed on each (CGST + SGST from a vendor in our state, IGST from another), to match against GSTR-2B.
 *
 * Figures are rupees with up to two decimals (from integer paise, so exact); dates dd-MMM-yyyy as the
 * tool wants them; place of supply "36-Telangana". Not produced: exports and SEZ supplies (none here).
 */

export { B2CL_LIMIT_PAISE } from "~/lib/forms/admin/payments.ts";

export interface Period {
  from: string;
  to: string;
  label: string;
  /** For file names: 2026-03 or FY2026-27. */
  slug: string;
}

const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** m:2026-03 or fy:2026-27 -> its first and last day. */
export function periodOf(value: string): Period {
  if (value.startsWith("fy:")) {
    const start = Number(value.slice(3, 7));
    return { from: `${start}-04-01`, to: `${start + 1}-03-31`, label: `Financial year ${start}-${String((start + 1) % 100).padStart(2, "0")}`, slug: `FY${value.slice(3)}` };
  }
  const [y, m] = value.slice(2).split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, "0")}`, label: `${MONTH_NAMES[m - 1]} ${y}`, slug: `${y}-${mm}` };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** 2026-03-05 -> 05-Mar-2026, as the GSTR-1 tool reads dates. */
export function gstrDate(iso: string): string {
  return `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
}

/** Paise as rupees, a number with at most two decimals (exact: an integer divided by 100 prints as such). */
const rupees = (paise: number) => paise / 100;

const UQC: Record<string, string> = {
  nos: "NOS", no: "NOS", number: "NOS", numbers: "NOS", unit: "UNT", units: "UNT", pcs: "PCS", pc: "PCS", piece: "PCS", pieces: "PCS",
  set: "SET", sets: "SET", m: "MTR", mtr: "MTR", mtrs: "MTR", metre: "MTR", metres: "MTR", meter: "MTR", meters: "MTR", kg: "KGS", kgs: "KGS",
  l: "LTR", ltr: "LTR", litre: "LTR", litres: "LTR", box: "BOX", boxes: "BOX", pair: "PRS", pairs: "PRS", roll: "ROL", rolls: "ROL",
};

/** The unit as GST's unit quantity code; services (SAC 99...) have none: NA. */
export function uqcOf(unit: string, hsnSac: string): string {
  if (hsnSac.startsWith("99")) return "NA";
  return UQC[unit.trim().toLowerCase().replace(/\.$/, "")] ?? "OTH";
}

type InvoiceRow = typeof invoices.$inferSelect;

interface Doc {
  row: InvoiceRow;
  recipient: DocumentParty;
  lines: StoredLine[];
  pos: string;
  registered: boolean;
}

async function documentsIn(period: Period, kind: "invoice" | "credit_note"): Promise<Doc[]> {
  const rows = await getDb()
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, kind), gte(invoices.issueDate, period.from), lte(invoices.issueDate, period.to)))
    .orderBy(asc(invoices.issueDate), asc(invoices.serial));
  return rows.map((row) => {
    const recipient = row.recipient as DocumentParty;
    return { row, recipient, lines: row.lines as StoredLine[], pos: `${row.placeOfSupplyCode}-${row.placeOfSupplyName}`, registered: Boolean(recipient.gstin) };
  });
}

function byRate(lines: StoredLine[]): Array<{ rate: number; taxablePaise: number }> {
  const sums = new Map<number, number>();
  for (const l of lines) sums.set(l.gstRate, (sums.get(l.gstRate) ?? 0) + l.taxablePaise);
  return [...sums.entries()].sort((a, b) => a[0] - b[0]).map(([rate, taxablePaise]) => ({ rate, taxablePaise }));
}

const receiverName = (p: DocumentParty) => p.company || p.name;

function isB2cl(d: Doc): boolean {
  return !d.registered && d.row.placeOfSupplyCode !== SUPPLIER_STATE_CODE && d.row.totalPaise > B2CL_LIMIT_PAISE;
}

export interface ExportFileResult {
  name: string;
  columns: CsvColumn<Record<string, string | number>>[];
  rows: Array<Record<string, string | number>>;
}

function columnsOf(headers: string[]): CsvColumn<Record<string, string | number>>[] {
  return headers.map((header) => ({ header, value: (row) => row[header] }));
}

async function b2b(period: Period): Promise<ExportFileResult> {
  const headers = ["GSTIN/UIN of Recipient", "Receiver Name", "Invoice Number", "Invoice date", "Invoice Value", "Place Of Supply", "Reverse Charge", "Applicable % of Tax Rate", "Invoice Type", "E-Commerce GSTIN", "Rate", "Taxable Value", "Cess Amount"];
  const rows = (await documentsIn(period, "invoice"))
    .filter((d) => d.registered)
    .flatMap((d) =>
      byRate(d.lines).map((r) => ({
        "GSTIN/UIN of Recipient": d.recipient.gstin!,
        "Receiver Name": receiverName(d.recipient),
        "Invoice Number": d.row.number,
        "Invoice date": gstrDate(d.row.issueDate),
        "Invoice Value": rupees(d.row.totalPaise),
        "Place Of Supply": d.pos,
        "Reverse Charge": d.row.reverseCharge ? "Y" : "N",
        "Applicable % of Tax Rate": "",
        "Invoice Type": "Regular B2B",
        "E-Commerce GSTIN": "",
        Rate: r.rate,
        "Taxable Value": rupees(r.taxablePaise),
        "Cess Amount": 0,
      })),
    );
  return { name: `gstr1-b2b-${period.slug}`, columns: columnsOf(headers), rows };
}

async function b2cl(period: Period): Promise<ExportFileResult> {
  const headers = ["Invoice Number", "Invoice date", "Invoice Value", "Place Of Supply", "Applicable % of Tax Rate", "Rate", "Taxable Value", "Cess Amount", "E-Commerce GSTIN"];
  const rows = (await documentsIn(period, "invoice")).filter(isB2cl).flatMap((d) =>
    byRate(d.lines).map((r) => ({
      "Invoice Number": d.row.number,
      "Invoice date": gstrDate(d.row.issueDate),
      "Invoice Value": rupees(d.row.totalPaise),
      "Place Of Supply": d.pos,
      "Applicable % of Tax Rate": "",
      Rate: r.rate,
      "Taxable Value": rupees(r.taxablePaise),
      "Cess Amount": 0,
      "E-Commerce GSTIN": "",
    })),
  );
  return { name: `gstr1-b2cl-${period.slug}`, columns: columnsOf(headers), rows };
}

async function b2cs(period: Period): Promise<ExportFileResult> {
  const headers = ["Type", "Place Of Supply", "Applicable % of Tax Rate", "Rate", "Taxable Value", "Cess Amount", "E-Commerce GSTIN"];
  const [issued, credits] = await Promise.all([documentsIn(period, "invoice"), documentsIn(period, "credit_note")]);
  const sums = new Map<string, { pos: string; rate: number; taxablePaise: number }>();
  const add = (d: Doc, sign: 1 | -1) => {
    for (const r of byRate(d.lines)) {
      const key = `${d.pos}|${r.rate}`;
      const entry = sums.get(key) ?? { pos: d.pos, rate: r.rate, taxablePaise: 0 };
      entry.taxablePaise += sign * r.taxablePaise;
      sums.set(key, entry);
    }
  };
  for (const d of issued) if (!d.registered && !isB2cl(d)) add(d, 1);
  // Credit notes to unregistered recipients reduce the B2CS figures (a B2C large invoice's would be CDNUR).
  const originals = await originalsOf(credits.filter((c) => !c.registered));
  for (const c of credits) {
    if (c.registered) continue;
    const original = c.row.creditOfId ? originals.get(c.row.creditOfId) : undefined;
    if (original && isB2cl(original)) continue;
    add(c, -1);
  }
  const rows = [...sums.values()]
    .filter((s) => s.taxablePaise !== 0)
    .sort((a, b) => (a.pos === b.pos ? a.rate - b.rate : a.pos < b.pos ? -1 : 1))
    .map((s) => ({ Type: "OE", "Place Of Supply": s.pos, "Applicable % of Tax Rate": "", Rate: s.rate, "Taxable Value": rupees(s.taxablePaise), "Cess Amount": 0, "E-Commerce GSTIN": "" }));
  return { name: `gstr1-b2cs-${period.slug}`, columns: columnsOf(headers), rows };
}

async function originalsOf(notes: Doc[]): Promise<Map<number, Doc>> {
  const ids = [...new Set(notes.map((n) => n.row.creditOfId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await getDb().select().from(invoices).where(inArray(invoices.id, ids));
  return new Map(
    rows.map((row) => {
      const recipient = row.recipient as DocumentParty;
      return [row.id, { row, recipient, lines: row.lines as StoredLine[], pos: `${row.placeOfSupplyCode}-${row.placeOfSupplyName}`, registered: Boolean(recipient.gstin) }];
    }),
  );
}

async function cdnr(period: Period): Promise<ExportFileResult> {
  const headers = ["GSTIN/UIN of Recipient", "Receiver Name", "Note Number", "Note Date", "Note Type", "Place Of Supply", "Reverse Charge", "Note Supply Type", "Note Value", "Applicable % of Tax Rate", "Rate", "Taxable Value", "Cess Amount"];
  const rows = (await documentsIn(period, "credit_note"))
    .filter((d) => d.registered)
    .flatMap((d) =>
      byRate(d.lines).map((r) => ({
        "GSTIN/UIN of Recipient": d.recipient.gstin!,
        "Receiver Name": receiverName(d.recipient),
        "Note Number": d.row.number,
        "Note Date": gstrDate(d.row.issueDate),
        "Note Type": "C",
        "Place Of Supply": d.pos,
        "Reverse Charge": d.row.reverseCharge ? "Y" : "N",
        "Note Supply Type": "Regular B2B",
        "Note Value": rupees(d.row.totalPaise),
        "Applicable % of Tax Rate": "",
        Rate: r.rate,
        "Taxable Value": rupees(r.taxablePaise),
        "Cess Amount": 0,
      })),
    );
  return { name: `gstr1-cdnr-${period.slug}`, columns: columnsOf(headers), rows };
}

async function hsn(period: Period, registered: boolean): Promise<ExportFileResult> {
  const headers = ["HSN", "Description", "UQC", "Total Quantity", "Total Value", "Rate", "Taxable Value", "Integrated Tax Amount", "Central Tax Amount", "State/UT Tax Amount", "Cess Amount"];
  const [issued, credits] = await Promise.all([documentsIn(period, "invoice"), documentsIn(period, "credit_note")]);
  interface Sum {
    hsn: string;
    description: string;
    uqc: string;
    rate: number;
    quantityMilli: number;
    valuePaise: number;
    taxablePaise: number;
    igstPaise: number;
    cgstPaise: number;
    sgstPaise: number;
  }
  const sums = new Map<string, Sum>();
  const add = (l: StoredLine, sign: 1 | -1, uqc: string, quantityMilli: number) => {
    const key = `${l.hsnSac}|${l.gstRate}|${uqc}`;
    const s = sums.get(key) ?? { hsn: l.hsnSac, description: hsnDescription(l.hsnSac) ?? shortDescription(l.description.replace(/^Credit( \(balance\))?: /, "")), uqc, rate: l.gstRate, quantityMilli: 0, valuePaise: 0, taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 };
    s.quantityMilli += uqc === "NA" ? 0 : sign * quantityMilli;
    s.valuePaise += sign * (l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise);
    s.taxablePaise += sign * l.taxablePaise;
    s.igstPaise += sign * l.igstPaise;
    s.cgstPaise += sign * l.cgstPaise;
    s.sgstPaise += sign * l.sgstPaise;
    sums.set(key, s);
  };
  for (const d of issued) if (d.registered === registered) for (const l of d.lines) add(l, 1, uqcOf(l.unit, l.hsnSac), l.quantityMilli);
  // A credit note reduces the row of the invoice line it credits: that line's unit (a part credited by value
  // is "1 lot" on the note, which is not a unit of the part), and its quantity only when the line is credited
  // whole (the note repeats it as invoiced); a credit of value alone returns no goods, so no quantity.
  const originals = await originalsOf(credits);
  for (const c of credits) {
    if (c.registered !== registered) continue;
    const original = c.row.creditOfId ? originals.get(c.row.creditOfId) : undefined;
    for (const l of c.lines as CreditLine[]) {
      const credited = typeof l.creditOfLine === "number" ? original?.lines[l.creditOfLine] : undefined;
      if (!credited) {
        add(l, -1, uqcOf(l.unit, l.hsnSac), l.quantityMilli);
        continue;
      }
      const whole = l.unit === credited.unit && l.quantityMilli === credited.quantityMilli;
      add(l, -1, uqcOf(credited.unit, credited.hsnSac), whole ? l.quantityMilli : 0);
    }
  }
  const rows = [...sums.values()]
    .filter((s) => s.taxablePaise !== 0 || s.quantityMilli !== 0)
    .sort((a, b) => (a.hsn === b.hsn ? a.rate - b.rate : a.hsn < b.hsn ? -1 : 1))
    .map((s) => ({
      HSN: s.hsn,
      Description: s.description,
      UQC: s.uqc,
      "Total Quantity": s.quantityMilli / 1000,
      "Total Value": rupees(s.valuePaise),
      Rate: s.rate,
      "Taxable Value": rupees(s.taxablePaise),
      "Integrated Tax Amount": rupees(s.igstPaise),
      "Central Tax Amount": rupees(s.cgstPaise),
      "State/UT Tax Amount": rupees(s.sgstPaise),
      "Cess Amount": 0,
    }));
  return { name: `gstr1-hsn-${registered ? "b2b" : "b2c"}-${period.slug}`, columns: columnsOf(headers), rows };
}

/** CDNUR (table 9B, unregistered): credit notes against B2C large invoices, one row per note and rate. */
async function cdnur(period: Period): Promise<ExportFileResult> {
  const headers = ["UR Type", "Note Number", "Note Date", "Note Type", "Place Of Supply", "Note Value", "Applicable % of Tax Rate", "Rate", "Taxable Value", "Cess Amount"];
  const credits = (await documentsIn(period, "credit_note")).filter((c) => !c.registered);
  const originals = await originalsOf(credits);
  const rows = credits
    .filter((c) => {
      const original = c.row.creditOfId ? originals.get(c.row.creditOfId) : undefined;
      return original !== undefined && isB2cl(original);
    })
    .flatMap((d) =>
      byRate(d.lines).map((r) => ({
        "UR Type": "B2CL",
        "Note Number": d.row.number,
        "Note Date": gstrDate(d.row.issueDate),
        "Note Type": "C",
        "Place Of Supply": d.pos,
        "Note Value": rupees(d.row.totalPaise),
        "Applicable % of Tax Rate": "",
        Rate: r.rate,
        "Taxable Value": rupees(r.taxablePaise),
        "Cess Amount": 0,
      })),
    );
  return { name: `gstr1-cdnur-${period.slug}`, columns: columnsOf(headers), rows };
}

const NATURE_OF_DOCUMENT: Record<"invoice" | "credit_note", string> = { invoice: "Invoices for outward supply", credit_note: "Credit Note" };

/**
 * Table 13, documents issued: per series (invoices, credit notes; one series a financial year), the first and
 * last number issued in the period, how many, and how many are cancelled (invoices cancelled in full by
 * credit notes). Numbers are consecutive by construction (numbering.ts), so last - first + 1 = total.
 */
async function docs(period: Period): Promise<ExportFileResult> {
  const headers = ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"];
  const rows = await getDb()
    .select({
      kind: invoices.kind,
      financialYear: invoices.financialYear,
      first: sql<number>`min(${invoices.serial})`.mapWith(Number),
      last: sql<number>`max(${invoices.serial})`.mapWith(Number),
      total: count(),
      cancelled: sql<number>`count(*) filter (where ${invoices.status} = 'cancelled')`.mapWith(Number),
    })
    .from(invoices)
    .where(and(gte(invoices.issueDate, period.from), lte(invoices.issueDate, period.to)))
    .groupBy(invoices.kind, invoices.financialYear)
    .orderBy(asc(invoices.financialYear), desc(invoices.kind));
  return {
    name: `gstr1-docs-${period.slug}`,
    columns: columnsOf(headers),
    rows: rows.map((r) => {
      const kind = r.kind as "invoice" | "credit_note";
      return {
        "Nature of Document": NATURE_OF_DOCUMENT[kind],
        "Sr. No. From": formatDocumentNumber(kind, r.financialYear, r.first),
        "Sr. No. To": formatDocumentNumber(kind, r.financialYear, r.last),
        "Total Number": r.total,
        Cancelled: r.cancelled,
      };
    }),
  };
}

const PAYMENT_COLUMNS: CsvColumn<PaymentListItem>[] = [
  { header: "Receipt", value: (r) => r.reference },
  { header: "Date received", value: (r) => r.receivedOn },
  { header: "Customer reference", value: (r) => r.customerReference },
  { header: "Customer", value: (r) => r.customerCompany ?? r.customerName },
  { header: "GSTIN", value: (r) => r.customerGstin ?? "" },
  { header: "Method", value: (r) => r.methodLabel },
  { header: "UTR / reference", value: (r) => r.instrumentLabel ?? "" },
  { header: "Amount (Rs.)", value: (r) => rupees(r.amountPaise) },
  { header: "Allocated to", value: (r) => r.invoices },
  { header: "Advance not allocated (Rs.)", value: (r) => rupees(r.unallocatedPaise) },
];

export async function paymentRegister(period: Period): Promise<{ name: string; columns: CsvColumn<PaymentListItem>[]; rows: PaymentListItem[] }> {
  // Receipts and refund vouchers (money paid back out of customer credit, as negative amounts), by date.
  const [received, refunded] = await Promise.all([exportPayments({ from: period.from, to: period.to }), refundRegisterRows(getDb(), period)]);
  const rows = [...received.reverse(), ...refunded].sort((a, b) => (a.receivedOn === b.receivedOn ? 0 : a.receivedOn < b.receivedOn ? -1 : 1));
  return { name: `payment-register-${period.slug}`, columns: PAYMENT_COLUMNS, rows };
}

const PURCHASE_COLUMNS: CsvColumn<PurchaseBill>[] = [
  { header: "Bill date", value: (r) => gstrDate(r.billDate) },
  { header: "Bill number", value: (r) => r.billNumber },
  { header: "Vendor", value: (r) => r.vendorName },
  { header: "Vendor GSTIN", value: (r) => r.vendorGstin ?? "" },
  { header: "Vendor's state", value: (r) => (r.supplierStateCode ? `${r.supplierStateCode}-${GST_STATES[r.supplierStateCode] ?? ""}` : "") },
  { header: "GST rate (%)", value: (r) => r.gstRate },
  { header: "Taxable value (Rs.)", value: (r) => rupees(r.taxablePaise) },
  { header: "Input CGST (Rs.)", value: (r) => rupees(r.cgstPaise) },
  { header: "Input SGST (Rs.)", value: (r) => rupees(r.sgstPaise) },
  { header: "Input IGST (Rs.)", value: (r) => rupees(r.igstPaise) },
  { header: "Bill total (Rs.)", value: (r) => rupees(r.totalPaise) },
];

/** The purchase register: the period's vendors' bills, by the bill's date, with their input tax. */
export async function purchaseRegister(period: Period): Promise<{ name: string; columns: CsvColumn<PurchaseBill>[]; rows: PurchaseBill[] }> {
  return { name: `purchase-register-${period.slug}`, columns: PURCHASE_COLUMNS, rows: await purchaseBills(period) };
}

export async function gstr1File(file: Exclude<ExportFile, "payments" | "tally" | "purchases">, period: Period): Promise<ExportFileResult> {
  switch (file) {
    case "b2b":
      return b2b(period);
    case "b2cl":
      return b2cl(period);
    case "b2cs":
      return b2cs(period);
    case "cdnr":
      return cdnr(period);
    case "cdnur":
      return cdnur(period);
    case "docs":
      return docs(period);
    case "hsn-b2b":
      return hsn(period, true);
    case "hsn-b2c":
      return hsn(period, false);
  }
}

/** The periods offered: the last 18 months and the last three financial years, newest first. */
export function periodChoices(today: string): Array<{ value: string; label: string }> {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const months: Array<{ value: string; label: string }> = [];
  for (let i = 0; i < 18; i++) {
    const total = y * 12 + (m - 1) - i;
    const yy = Math.floor(total / 12);
    const mm = (total % 12) + 1;
    months.push({ value: `m:${yy}-${String(mm).padStart(2, "0")}`, label: `${MONTH_NAMES[mm - 1]} ${yy}` });
  }
  const fyStart = m >= 4 ? y : y - 1;
  const years = [0, 1, 2].map((i) => {
    const start = fyStart - i;
    const value = `fy:${start}-${String((start + 1) % 100).padStart(2, "0")}`;
    return { value, label: `Financial year ${start}-${String((start + 1) % 100).padStart(2, "0")}` };
  });
  return [...months, ...years];
}
