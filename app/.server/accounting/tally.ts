import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { customers, invoices, payments, refunds } from "~/.server/db/schema.ts";
import type { Period } from "~/.server/payments/exports.ts";
import { getPaymentSettings, getSiteSettings } from "~/.server/settings/index.ts";
import type { DocumentParty } from "~/lib/money/document.ts";
import { purchaseBills } from "~/.server/vendors/bills.ts";
import { TALLY_LEDGER_DEFAULTS, type PaymentSettings, type TallyLedgerKey } from "~/lib/settings-schema.ts";

/**
 * The books in Tally: invoices, credit notes, receipts (and, once they exist, refunds) as one Tally XML
 * import file (Gateway of Tally > Import > Vouchers).
 *
 * The file is an ENVELOPE with HEADER/TALLYREQUEST "Import Data" and BODY/IMPORTDATA/REQUESTDATA holding one
 * TALLYMESSAGE per VOUCHER. Each voucher has one ALLLEDGERENTRIES.LIST per ledger: LEDGERNAME,
 * ISDEEMEDPOSITIVE (Yes for a debit) and AMOUNT in rupees, debits negative, so that a voucher's amounts sum to
 * zero. Amounts come from integer paise and are written exactly (never through a float sum).
 *
 * - Sales (an invoice): the party debited with the invoice total; sales credited with the taxable value; CGST
 *   and SGST (or IGST) credited with the tax; the round-off on its own ledger (a credit when the invoice was
 *   rounded up, a debit when down).
 * - Credit Note: the same, every side reversed.
 * - Receipt (a payment received): the bank (or cash) debited, the party credited.
 * - Payment (a refund paid to a customer): the party debited, the bank (or cash) credited. paymentVoucher()
 *   makes one from a refund; the refunds themselves are recorded elsewhere.
 * - Purchase (a vendor's bill, /admin/vendors): the vendor credited with the bill's total; purchases debited
 *   with the taxable value; input CGST and SGST (or IGST) debited with the tax the business can claim.
 *
 * Ledger names are the accountant's: settings > Payments > Ledgers in Tally, with TALLY_LEDGER_DEFAULTS for
 * any left empty. The party ledger is the customer's company name, or their name.
 */

export type TallyVoucherType = "Sales" | "Credit Note" | "Receipt" | "Payment" | "Purchase";

/** One ledger line: paise credited (positive) or debited (negative), Tally's sign. */
export interface TallyEntry {
  ledger: string;
  amountPaise: number;
}

export interface TallyVoucher {
  type: TallyVoucherType;
  /** YYYY-MM-DD. */
  date: string;
  number: string;
  party: string;
  partyGstin?: string | null;
  placeOfSupply?: string | null;
  narration?: string | null;
  /** The party's line first (Tally shows it as the voucher's party), then the rest; they sum to zero. */
  entries: TallyEntry[];
}

export type TallyLedgers = Record<TallyLedgerKey, string>;

export function tallyLedgers(settings: Partial<Pick<PaymentSettings, TallyLedgerKey>>): TallyLedgers {
  const out = { ...TALLY_LEDGER_DEFAULTS } as TallyLedgers;
  for (const key of Object.keys(TALLY_LEDGER_DEFAULTS) as TallyLedgerKey[]) {
    const value = settings[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** The figures of an issued invoice or credit note a voucher needs (the invoices table's columns). */
export interface TaxDocumentFigures {
  kind: "invoice" | "credit_note";
  number: string;
  issueDate: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  roundOffPaise: number;
  totalPaise: number;
  placeOfSupplyName: string;
  reason?: string | null;
}

/** A Sales voucher for an invoice, or a Credit Note voucher for a credit note. */
export function taxDocumentVoucher(doc: TaxDocumentFigures, party: { name: string; gstin?: string | null }, ledgers: TallyLedgers, against?: string | null): TallyVoucher {
  // Sales: the party is debited (negative), the rest credited. A credit note: every sign reversed.
  const sign = doc.kind === "invoice" ? 1 : -1;
  const entries: TallyEntry[] = [{ ledger: party.name, amountPaise: -sign * doc.totalPaise }];
  const add = (ledger: string, paise: number) => {
    if (paise !== 0) entries.push({ ledger, amountPaise: sign * paise });
  };
  add(ledgers.tallySalesLedger, doc.taxablePaise);
  add(ledgers.tallyCgstLedger, doc.cgstPaise);
  add(ledgers.tallySgstLedger, doc.sgstPaise);
  add(ledgers.tallyIgstLedger, doc.igstPaise);
  add(ledgers.tallyRoundOffLedger, doc.roundOffPaise);
  return {
    type: doc.kind === "invoice" ? "Sales" : "Credit Note",
    date: doc.issueDate,
    number: doc.number,
    party: party.name,
    partyGstin: party.gstin ?? null,
    placeOfSupply: doc.placeOfSupplyName,
    narration: doc.kind === "invoice" ? `Tax invoice ${doc.number}` : `Credit note ${doc.number}${against ? ` against ${against}` : ""}${doc.reason ? `: ${doc.reason}` : ""}`,
    entries,
  };
}

/** Money in or out by this method goes through the cash ledger or the bank ledger. */
function moneyLedger(method: string, ledgers: TallyLedgers): string {
  return method === "cash" ? ledgers.tallyCashLedger : ledgers.tallyBankLedger;
}

/**
 * Money between the party and the bank or cash: `partyPaise` is what the party's ledger gets (positive:
 * credited, as by a receipt; negative: debited, as by a refund), and the cash or bank ledger the opposite.
 */
function moneyVoucher(
  type: "Receipt" | "Payment",
  document: { label: string; number: string; date: string; method: string; instrument?: string | null },
  partyPaise: number,
  party: { name: string; gstin?: string | null },
  ledgers: TallyLedgers,
): TallyVoucher {
  return {
    type,
    date: document.date,
    number: document.number,
    party: party.name,
    partyGstin: party.gstin ?? null,
    narration: `${document.label} ${document.number} (${document.method}${document.instrument ? ` ${document.instrument}` : ""})`,
    entries: [
      { ledger: party.name, amountPaise: partyPaise },
      { ledger: moneyLedger(document.method, ledgers), amountPaise: -partyPaise },
    ],
  };
}

/** A payment received: a Receipt voucher (bank or cash debited, the party credited). */
export function receiptVoucher(payment: { reference: string; receivedOn: string; amountPaise: number; method: string; instrumentRef?: string | null }, party: { name: string; gstin?: string | null }, ledgers: TallyLedgers): TallyVoucher {
  const document = { label: "Receipt", number: payment.reference, date: payment.receivedOn, method: payment.method, instrument: payment.instrumentRef };
  return moneyVoucher("Receipt", document, payment.amountPaise, party, ledgers);
}

/** A refund paid to a customer: a Payment voucher (the party debited, bank or cash credited). */
export function paymentVoucher(refund: { number: string; paidOn: string; amountPaise: number; method: string; reference?: string | null }, party: { name: string; gstin?: string | null }, ledgers: TallyLedgers): TallyVoucher {
  const document = { label: "Refund", number: refund.number, date: refund.paidOn, method: refund.method, instrument: refund.reference };
  return moneyVoucher("Payment", document, -refund.amountPaise, party, ledgers);
}

/** A vendor's bill: a Purchase voucher (the vendor credited with the total; purchases and input tax debited). */
export function purchaseVoucher(
  bill: { billNumber: string; billDate: string; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number; supplierStateCode: string | null },
  vendor: { name: string; gstin?: string | null },
  ledgers: TallyLedgers,
  /** The business's state: where the goods are received. */
  placeOfSupply: string | null = null,
): TallyVoucher {
  const entries: TallyEntry[] = [{ ledger: vendor.name, amountPaise: bill.totalPaise }];
  const debit = (ledger: string, paise: number) => {
    if (paise !== 0) entries.push({ ledger, amountPaise: -paise });
  };
  debit(ledgers.tallyPurchaseLedger, bill.taxablePaise);
  debit(ledgers.tallyInputCgstLedger, bill.cgstPaise);
  debit(ledgers.tallyInputSgstLedger, bill.sgstPaise);
  debit(ledgers.tallyInputIgstLedger, bill.igstPaise);
  return {
    type: "Purchase",
    date: bill.billDate,
    number: bill.billNumber,
    party: vendor.name,
    partyGstin: vendor.gstin ?? null,
    placeOfSupply,
    narration: `Bill ${bill.billNumber} of ${vendor.name}`,
    entries,
  };
}

/* ------------------------------------------------------------------------------------------------------------
 * The XML
 * ---------------------------------------------------------------------------------------------------------- */

function escapeXml(value: string): string {
  // Characters XML 1.0 cannot carry at all (controls) are dropped; the five specials escaped.
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "").replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Paise as Tally's amount: "-1234.56", exact from the integer. */
export function tallyAmount(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function voucherXml(v: TallyVoucher): string {
  const sum = v.entries.reduce((total, e) => total + e.amountPaise, 0);
  if (sum !== 0) throw new Error(`Tally voucher ${v.number} does not balance (${sum} paise)`);
  const tag = (name: string, value: string | null | undefined) => (value ? `<${name}>${escapeXml(value)}</${name}>` : "");
  const entries = v.entries
    .map(
      (e) =>
        `<ALLLEDGERENTRIES.LIST>${tag("LEDGERNAME", e.ledger)}<ISDEEMEDPOSITIVE>${e.amountPaise < 0 ? "Yes" : "No"}</ISDEEMEDPOSITIVE>${e.ledger === v.party ? "<ISPARTYLEDGER>Yes</ISPARTYLEDGER>" : ""}<AMOUNT>${tallyAmount(e.amountPaise)}</AMOUNT></ALLLEDGERENTRIES.LIST>`,
    )
    .join("\n");
  return [
    `<TALLYMESSAGE xmlns:UDF="TallyUDF">`,
    `<VOUCHER VCHTYPE="${escapeXml(v.type)}" ACTION="Create" OBJVIEW="Accounting Voucher View">`,
    `<DATE>${v.date.replaceAll("-", "")}</DATE>`,
    `<VOUCHERTYPENAME>${escapeXml(v.type)}</VOUCHERTYPENAME>`,
    tag("VOUCHERNUMBER", v.number),
    tag("PARTYLEDGERNAME", v.party),
    tag("PARTYGSTIN", v.partyGstin),
    tag("PLACEOFSUPPLY", v.placeOfSupply),
    tag("NARRATION", v.narration),
    `<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>`,
    entries,
    `</VOUCHER>`,
    `</TALLYMESSAGE>`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The import file for a list of vouchers (any types, in the order given). */
export function tallyXml(vouchers: TallyVoucher[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<ENVELOPE>`,
    `<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>`,
    `<BODY><IMPORTDATA><REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME></REQUESTDESC><REQUESTDATA>`,
    ...vouchers.map(voucherXml),
    `</REQUESTDATA></IMPORTDATA></BODY>`,
    `</ENVELOPE>`,
    "",
  ].join("\n");
}

/* ------------------------------------------------------------------------------------------------------------
 * The period's vouchers from the database
 * ---------------------------------------------------------------------------------------------------------- */

const partyName = (c: { company: string | null; name: string }) => (c.company?.trim() || c.name).trim();

/**
 * The period's invoices and credit notes (by date of issue), payments received (by date received), refund
 * vouchers paid back (by date paid) and vendors' bills (by the bill's date), as vouchers in date order.
 */
export async function tallyVouchers(period: Pick<Period, "from" | "to">): Promise<TallyVoucher[]> {
  const db = getDb();
  const ledgers = tallyLedgers(await getPaymentSettings());
  const docs = await db
    .select({ doc: invoices, customerName: customers.name, customerCompany: customers.company })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(gte(invoices.issueDate, period.from), lte(invoices.issueDate, period.to)))
    .orderBy(asc(invoices.issueDate), asc(invoices.id));
  const againstIds = [...new Set(docs.map((d) => d.doc.creditOfId).filter((id): id is number => id !== null))];
  const against = new Map(againstIds.length ? (await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, againstIds))).map((r) => [r.id, r.number]) : []);
  const received = await db
    .select({ payment: payments, customerName: customers.name, customerCompany: customers.company, customerGstin: customers.gstin })
    .from(payments)
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(and(gte(payments.receivedOn, period.from), lte(payments.receivedOn, period.to)))
    .orderBy(asc(payments.receivedOn), asc(payments.id));

  const paidBack = await db
    .select({ refund: refunds, customerName: customers.name, customerCompany: customers.company, customerGstin: customers.gstin })
    .from(refunds)
    .innerJoin(customers, eq(customers.id, refunds.customerId))
    .where(and(gte(refunds.paidOn, period.from), lte(refunds.paidOn, period.to)))
    .orderBy(asc(refunds.paidOn), asc(refunds.id));

  const dated: Array<{ date: string; order: number; voucher: TallyVoucher }> = [];
  for (const { doc, customerName, customerCompany } of docs) {
    const recipient = doc.recipient as DocumentParty;
    const voucher = taxDocumentVoucher({ ...doc, kind: doc.kind }, { name: partyName({ company: customerCompany, name: customerName }), gstin: recipient.gstin }, ledgers, doc.creditOfId ? against.get(doc.creditOfId) : null);
    dated.push({ date: doc.issueDate, order: dated.length, voucher });
  }
  for (const { payment, customerName, customerCompany, customerGstin } of received) {
    dated.push({ date: payment.receivedOn, order: dated.length, voucher: receiptVoucher(payment, { name: partyName({ company: customerCompany, name: customerName }), gstin: customerGstin }, ledgers) });
  }
  for (const { refund, customerName, customerCompany, customerGstin } of paidBack) {
    const voucher = paymentVoucher({ ...refund, reference: refund.instrumentRef }, { name: partyName({ company: customerCompany, name: customerName }), gstin: customerGstin }, ledgers);
    dated.push({ date: refund.paidOn, order: dated.length, voucher });
  }
  // Vendors' bills (by the bill's date): purchases and the input tax on them.
  const bills = await purchaseBills(period);
  const ourState = bills.length ? (await getSiteSettings()).business.state : null;
  for (const bill of bills) {
    dated.push({ date: bill.billDate, order: dated.length, voucher: purchaseVoucher(bill, { name: bill.vendorName, gstin: bill.vendorGstin }, ledgers, ourState) });
  }
  dated.sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? -1 : 1));
  return dated.map((d) => d.voucher);
}

export async function tallyExport(period: Period): Promise<{ name: string; xml: string }> {
  return { name: `tally-vouchers-${period.slug}`, xml: tallyXml(await tallyVouchers(period)) };
}
