import PDFDocument from "pdfkit";
import { GST_STATES } from "~/lib/settings-schema.ts";
import type { DocumentParty, StoredLine, TaxDocumentView } from "~/lib/money/document.ts";
import { FONT, preparePdf } from "./fonts.ts";
import { upiQr } from "./upi-qr.ts";

/**
 * A quote, tax invoice or credit note as a PDF (A4), drawn with pdfkit from the same TaxDocumentView as the
 * web page (~/components/money/tax-document.tsx), so the two always agree.
 *
 * Rule 46 of the CGST Rules asks a tax invoice for: the supplier's name, address and GSTIN; a consecutive
 * number and the date; the recipient's name, address and GSTIN when registered (and the place of supply with
 * the state's name and code); HSN/SAC, description, quantity, unit, value, discount and taxable value per line;
 * each tax's rate and amount; the place of supply; whether tax is payable on reverse charge; and a signature.
 * Every one of them is printed below, plus the amount in words and, for an invoice with an amount due, a UPI
 * QR code for that amount.
 *
 * The font is Noto Sans, embedded (only the glyphs used): it has the rupee sign, and with its Devanagari
 * and Telugu faces prints names as customers type them (./fonts.ts cuts mixed text into runs per script).
 * The QR code is a small PNG (./upi-qr.ts, which also draws the web page's SVG), cached per link.
 */

/** The copies of a tax invoice (rule 48): the recipient's original and the supplier's duplicate. */
export const COPY_LABELS = { original: "Original for recipient", duplicate: "Duplicate for supplier" } as const;
export type DocumentCopy = keyof typeof COPY_LABELS;

export type RenderTaxDocumentOptions = {
  /** Deflate the page content (default true); false makes the raw PDF readable when debugging. */
  compress?: boolean;
  /**
   * An invoice's copies, each from a new page, marked in its top corner and footer (default: the original
   * only, what a customer downloads; the office prints both). Quotes and credit notes have no copies.
   */
  copies?: DocumentCopy[];
  /** The authorised signatory's signature (PNG or JPEG, ~/.server/documents/signature.ts), above the line. */
  signature?: Buffer | null;
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const BOTTOM = A4.height - MARGIN - 14; // room for the page footer
const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#9ca3af";
const SHADE = "#f3f4f6";

/* ------------------------------------------------------------------------------------------------------------
 * Text the standard font can print
 * ---------------------------------------------------------------------------------------------------------- */

const SPACES = /[\u00a0\u202f\u2009]/g;
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f\u200b\ufeff]/g;

/** Text as printed: odd spaces as plain ones, control characters dropped (./fonts.ts prints the rest or "?"). */
export function pdfText(value: string | null | undefined): string {
  if (!value) return "";
  return value.replace(SPACES, " ").replace(UNPRINTABLE, "");
}

const grouping = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Paise as "1,23,456.78" (Indian grouping, two decimals, "-" for negative), from integers only. */
export function pdfAmount(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? "-" : ""}${grouping.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/** "₹1,23,456.78", as the web pages write it. */
export function pdfRupees(paise: number): string {
  return `${paise < 0 ? "-" : ""}\u20b9${pdfAmount(Math.abs(paise))}`;
}

function signedAmount(paise: number): string {
  return paise > 0 ? `+${pdfAmount(paise)}` : pdfAmount(paise);
}

/** Thousandths of a unit as "2", "2.5", "0.125". */
export function pdfQuantity(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000).padStart(3, "0").replace(/0+$/, "");
  return fraction ? `${grouping.format(whole)}.${fraction}` : grouping.format(whole);
}

/** "2026-04-05" -> "05 Apr 2026": short, unambiguous, and the same in every locale. */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
export function pdfDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${m[3]} ${MONTHS[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/* ------------------------------------------------------------------------------------------------------------
 * Layout
 * ---------------------------------------------------------------------------------------------------------- */

type Doc = PDFKit.PDFDocument;

type Column = { key: string; label: string; width: number; align: "left" | "right" | "center"; value: (line: StoredLine, index: number) => string };

/** Half of a GST rate as printed: 18 -> "9", 5 -> "2.5". */
export function halfRate(rate: number): string {
  return rate % 2 === 0 ? String(rate / 2) : `${Math.floor(rate / 2)}.5`;
}

function lineColumns(interState: boolean): Column[] {
  const fixed: Column[] = [
    { key: "n", label: "#", width: 14, align: "right", value: (_l, i) => String(i + 1) },
    { key: "desc", label: "Description", width: 0, align: "left", value: (l) => pdfText(l.description) },
    { key: "hsn", label: "HSN/SAC", width: 46, align: "left", value: (l) => l.hsnSac },
    { key: "qty", label: "Qty", width: 28, align: "right", value: (l) => pdfQuantity(l.quantityMilli) },
    { key: "unit", label: "Unit", width: 26, align: "left", value: (l) => pdfText(l.unit) },
    { key: "rate", label: "Rate", width: 50, align: "right", value: (l) => pdfAmount(l.ratePaise) },
    { key: "disc", label: "Discount", width: 38, align: "right", value: (l) => (l.discountPaise ? pdfAmount(l.discountPaise) : "-") },
    { key: "taxable", label: "Taxable value", width: 52, align: "right", value: (l) => pdfAmount(l.taxablePaise) },
    // Rule 46 asks for each tax's rate: intra-state the line's rate is split half and half.
    interState
      ? { key: "rate%", label: "IGST rate", width: 28, align: "right", value: (l) => `${l.gstRate}%` }
      : { key: "rate%", label: "GST rate (C+S)", width: 36, align: "right", value: (l) => `${halfRate(l.gstRate)}+${halfRate(l.gstRate)}%` },
  ];
  const taxes: Column[] = interState
    ? [{ key: "igst", label: "IGST", width: 50, align: "right", value: (l) => pdfAmount(l.igstPaise) }]
    : [
        { key: "cgst", label: `CGST`, width: 44, align: "right", value: (l) => pdfAmount(l.cgstPaise) },
        { key: "sgst", label: `SGST`, width: 44, align: "right", value: (l) => pdfAmount(l.sgstPaise) },
      ];
  const total: Column = { key: "total", label: "Amount", width: 56, align: "right", value: (l) => pdfAmount(l.totalPaise) };
  const columns = [...fixed, ...taxes, total];
  const used = columns.reduce((sum, c) => sum + c.width, 0);
  columns[1]!.width = CONTENT_WIDTH - used;
  return columns;
}

function partyLines(party: DocumentParty, registeredNote: boolean): string[] {
  const lines: string[] = [];
  if (party.company && party.company !== party.name) lines.push(pdfText(party.company));
  if (party.address) lines.push(...pdfText(party.address).split("\n"));
  const cityLine = [party.city, party.pincode].filter(Boolean).join(" - ");
  if (cityLine) lines.push(pdfText(cityLine));
  const stateName = party.stateName ?? (party.stateCode ? GST_STATES[party.stateCode] : undefined);
  if (stateName || party.stateCode) lines.push(`State: ${pdfText(stateName ?? "")}${party.stateCode ? ` (code ${party.stateCode})` : ""}`);
  if (party.gstin) lines.push(`GSTIN: ${party.gstin}`);
  else if (registeredNote) lines.push("GSTIN: Unregistered (B2C)");
  const contact = [party.mobile, party.email].filter(Boolean).join("  ");
  if (contact) lines.push(pdfText(contact));
  return lines;
}

/** Draws a block of text lines and returns the y below it. */
function textBlock(doc: Doc, lines: string[], x: number, y: number, width: number, size = 8.5): number {
  doc.font(FONT.regular).fontSize(size).fillColor(INK);
  let cursor = y;
  for (const line of lines) {
    doc.text(line, x, cursor, { width, lineGap: 0.5 });
    cursor = doc.y;
  }
  return cursor;
}

function labelValueRows(doc: Doc, rows: [string, string][], x: number, y: number, width: number): number {
  const labelWidth = 92;
  let cursor = y;
  for (const [label, value] of rows) {
    doc.font(FONT.regular).fontSize(8.5).fillColor(MUTED).text(label, x, cursor, { width: labelWidth });
    const afterLabel = doc.y;
    doc.font(FONT.bold).fillColor(INK).text(value, x + labelWidth, cursor, { width: width - labelWidth });
    cursor = Math.max(afterLabel, doc.y) + 1;
  }
  return cursor;
}

function tableHeader(doc: Doc, columns: Column[], y: number): number {
  const height = 22;
  doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(SHADE);
  let x = MARGIN;
  doc.font(FONT.bold).fontSize(7).fillColor(INK);
  for (const c of columns) {
    doc.text(c.label, x + 2, y + 4, { width: c.width - 4, align: c.align, lineGap: 0 });
    x += c.width;
  }
  doc.moveTo(MARGIN, y + height).lineTo(MARGIN + CONTENT_WIDTH, y + height).lineWidth(0.5).strokeColor(RULE).stroke();
  return y + height + 3;
}

type PageState = { page: number; copy: DocumentCopy | null };

function footer(doc: Doc, view: TaxDocumentView, state: PageState): void {
  doc.font(FONT.regular).fontSize(7).fillColor(MUTED);
  const copy = state.copy ? `${COPY_LABELS[state.copy]}  |  ` : "";
  doc.text(`${copy}${pdfText(view.title)} ${pdfText(view.number)}  |  Page ${state.page}`, MARGIN, A4.height - MARGIN - 6, { width: CONTENT_WIDTH, align: "right", lineBreak: false });
}

/** Starts a new page when `need` points would not fit, and returns the y to draw at. */
function ensureRoom(doc: Doc, view: TaxDocumentView, state: PageState, y: number, need: number): number {
  if (y + need <= BOTTOM) return y;
  doc.addPage();
  state.page += 1;
  footer(doc, view, state);
  doc.font(FONT.bold).fontSize(9).fillColor(INK).text(`${pdfText(view.title)} ${pdfText(view.number)} (continued)`, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  return doc.y + 6;
}

/** One copy of the document, from the current page on. */
function drawDocument(doc: Doc, view: TaxDocumentView, qr: Buffer | null, copy: DocumentCopy | null, signature: Buffer | null): void {
  const state = { page: 1, copy };
  footer(doc, view, state);
  const interState = view.totals.supply === "inter-state";

  // ── Title and stamp ────────────────────────────────────────────────────────────────────────────────────
  let y = MARGIN;
  doc.font(FONT.bold).fontSize(16).fillColor(INK).text(pdfText(view.title).toUpperCase(), MARGIN, y, { width: CONTENT_WIDTH, align: "center" });
  if (copy) {
    doc.font(FONT.bold).fontSize(7.5).fillColor(MUTED).text(COPY_LABELS[copy].toUpperCase(), MARGIN, y + 4, { width: CONTENT_WIDTH, align: "right" });
  }
  if (view.stamp) {
    doc.save();
    doc.font(FONT.bold).fontSize(11).fillColor("#b91c1c").strokeColor("#b91c1c");
    const text = pdfText(view.stamp).toUpperCase();
    const w = doc.widthOfString(text) + 14;
    doc.rect(MARGIN, y - 2, w, 20).lineWidth(1.2).stroke();
    doc.text(text, MARGIN + 7, y + 3, { lineBreak: false });
    doc.restore();
  }
  y += 26;

  // ── Supplier (left) and the document's particulars (right) ─────────────────────────────────────────────
  const half = (CONTENT_WIDTH - 16) / 2;
  const rightX = MARGIN + half + 16;
  doc.font(FONT.bold).fontSize(11).fillColor(INK).text(pdfText(view.supplier.name), MARGIN, y, { width: half });
  const supplierEnd = textBlock(doc, partyLines(view.supplier, false), MARGIN, doc.y + 1, half);

  const particulars: [string, string][] = [
    [view.kind === "quote" ? "Quotation no." : view.kind === "credit_note" ? "Credit note no." : view.kind === "purchase_order" ? "Order no." : "Invoice no.", pdfText(view.number) + (view.version ? ` (v${view.version})` : "")],
    ["Date", pdfDate(view.date)],
  ];
  if (view.untilLabel && view.untilDate) particulars.push([pdfText(view.untilLabel), pdfDate(view.untilDate)]);
  particulars.push(["Place of supply", `${pdfText(view.placeOfSupply.name)} (${view.placeOfSupply.code})`]);
  particulars.push(["Reverse charge", view.reverseCharge ? "Yes" : "No"]);
  if (view.poNumber) particulars.push(["PO number", pdfText(view.poNumber)]);
  for (const ref of view.references ?? []) particulars.push(["Reference", pdfText(ref)]);
  const particularsEnd = labelValueRows(doc, particulars, rightX, y, half);
  y = Math.max(supplierEnd, particularsEnd) + 8;

  // ── Recipient ──────────────────────────────────────────────────────────────────────────────────────────
  doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
  y += 6;
  doc.font(FONT.bold).fontSize(8).fillColor(MUTED).text(view.kind === "quote" ? "QUOTED TO" : view.kind === "purchase_order" ? "ORDER TO (VENDOR)" : "BILL TO (RECIPIENT)", MARGIN, y, { width: half });
  doc.font(FONT.bold).fontSize(10).fillColor(INK).text(pdfText(view.recipient.name), MARGIN, doc.y + 1, { width: half });
  y = textBlock(doc, partyLines(view.recipient, true), MARGIN, doc.y + 1, half) + 10;

  // ── Lines ──────────────────────────────────────────────────────────────────────────────────────────────
  const columns = lineColumns(interState);
  y = ensureRoom(doc, view, state, y, 60);
  doc.font(FONT.regular).fontSize(7).fillColor(MUTED).text("Amounts in Indian rupees (\u20b9)", MARGIN, y, { width: CONTENT_WIDTH, align: "right" });
  y = tableHeader(doc, columns, doc.y + 2);
  view.lines.forEach((line, index) => {
    doc.font(FONT.regular).fontSize(7.5);
    const height = Math.max(9, ...columns.map((c) => doc.heightOfString(c.value(line, index), { width: c.width - 4 }))) + 5;
    const before = y;
    y = ensureRoom(doc, view, state, y, height);
    if (y !== before) y = tableHeader(doc, columns, y);
    let x = MARGIN;
    doc.fillColor(INK);
    for (const c of columns) {
      doc.font(c.key === "total" ? FONT.bold : FONT.regular).fontSize(7.5).text(c.value(line, index), x + 2, y + 1, { width: c.width - 4, align: c.align });
      x += c.width;
    }
    y += height;
    doc.moveTo(MARGIN, y - 1.5).lineTo(MARGIN + CONTENT_WIDTH, y - 1.5).lineWidth(0.25).strokeColor("#d1d5db").stroke();
  });
  y += 6;

  // ── Totals (right) and the HSN/SAC summary (left) ──────────────────────────────────────────────────────
  const t = view.totals;
  const totals: [string, string, boolean][] = [];
  if (t.discountPaise) {
    totals.push(["Gross value", pdfAmount(t.grossPaise), false]);
    totals.push(["Discount", `-${pdfAmount(t.discountPaise)}`, false]);
  }
  totals.push(["Taxable value", pdfAmount(t.taxablePaise), false]);
  if (interState) totals.push(["IGST", pdfAmount(t.igstPaise), false]);
  else {
    totals.push(["CGST", pdfAmount(t.cgstPaise), false]);
    totals.push(["SGST", pdfAmount(t.sgstPaise), false]);
  }
  totals.push(["Total", pdfAmount(t.grandTotalPaise), false]);
  totals.push(["Round off", signedAmount(t.roundOffPaise), false]);
  const settlement = view.settlement;
  if (settlement) {
    // After a payment or a credit note: what was received and what is left, as accounting tools show it.
    totals.push(["Invoice total", pdfRupees(t.payablePaise), false]);
    if (settlement.receivedPaise) totals.push(["Received", `-${pdfAmount(settlement.receivedPaise)}`, false]);
    if (settlement.creditedPaise) totals.push(["Credit notes", `-${pdfAmount(settlement.creditedPaise)}`, false]);
    totals.push(["Balance due", pdfRupees(settlement.balanceDuePaise), true]);
  } else {
    totals.push([view.kind === "credit_note" ? "Amount credited" : view.kind === "quote" ? "Amount quoted" : view.kind === "purchase_order" ? "Order total" : "Amount payable", pdfRupees(t.payablePaise), true]);
  }

  const summaryRows = t.byHsn.length;
  const blockHeight = Math.max(totals.length * 13 + 8, summaryRows * 11 + 30);
  y = ensureRoom(doc, view, state, y, blockHeight + 30);
  const totalsWidth = 210;
  const totalsX = MARGIN + CONTENT_WIDTH - totalsWidth;
  let ty = y;
  for (const [label, value, strong] of totals) {
    if (strong) {
      doc.rect(totalsX, ty - 2, totalsWidth, 16).fill(SHADE);
      doc.font(FONT.bold).fontSize(9.5);
    } else doc.font(FONT.regular).fontSize(8.5);
    doc.fillColor(INK).text(label, totalsX + 4, ty + (strong ? 1 : 0), { width: 110 });
    doc.text(value, totalsX + 110, ty + (strong ? 1 : 0), { width: totalsWidth - 114, align: "right" });
    ty += strong ? 18 : 13;
  }

  // HSN/SAC summary: the tax per code and rate, as GSTR-1 asks for it.
  const sx = MARGIN;
  const sw = CONTENT_WIDTH - totalsWidth - 16;
  const sCols = interState ? [60, 40, 90, 90] : [56, 34, 70, 55, 55];
  const sLabels = interState ? ["HSN/SAC", "GST rate", "Taxable value", "IGST"] : ["HSN/SAC", "GST rate", "Taxable value", "CGST", "SGST"];
  let sy = y;
  doc.font(FONT.bold).fontSize(7).fillColor(MUTED).text("TAX SUMMARY BY HSN/SAC", sx, sy, { width: sw });
  sy = doc.y + 2;
  let cx = sx;
  sLabels.forEach((label, i) => {
    doc.font(FONT.bold).fontSize(7).fillColor(INK).text(label, cx, sy, { width: sCols[i]! - 3, align: i < 1 ? "left" : "right" });
    cx += sCols[i]!;
  });
  sy += 10;
  for (const row of t.byHsn) {
    const values = interState
      ? [row.hsnSac, `${row.gstRate}%`, pdfAmount(row.taxablePaise), pdfAmount(row.igstPaise)]
      : [row.hsnSac, `${row.gstRate}%`, pdfAmount(row.taxablePaise), pdfAmount(row.cgstPaise), pdfAmount(row.sgstPaise)];
    cx = sx;
    values.forEach((value, i) => {
      doc.font(FONT.regular).fontSize(7).fillColor(INK).text(value, cx, sy, { width: sCols[i]! - 3, align: i < 1 ? "left" : "right" });
      cx += sCols[i]!;
    });
    sy += 10;
  }
  y = Math.max(ty, sy) + 6;

  // ── Amount in words ────────────────────────────────────────────────────────────────────────────────────
  y = ensureRoom(doc, view, state, y, 30);
  doc.font(FONT.regular).fontSize(8).fillColor(MUTED).text("Amount in words", MARGIN, y, { width: CONTENT_WIDTH });
  doc.font(FONT.bold).fontSize(9).fillColor(INK).text(pdfText(view.amountInWords), MARGIN, doc.y + 1, { width: CONTENT_WIDTH });
  y = doc.y + 10;

  // ── Payment: the UPI QR code for the amount due, and the bank account ─────────────────────────────────
  const payment = view.payment;
  if (payment && (qr || payment.bank)) {
    const qrSize = 104;
    y = ensureRoom(doc, view, state, y, qrSize + 16);
    doc.rect(MARGIN, y, CONTENT_WIDTH, qrSize + 12).lineWidth(0.5).strokeColor(RULE).stroke();
    let textX = MARGIN + 10;
    if (qr) {
      doc.image(qr, MARGIN + 6, y + 6, { width: qrSize, height: qrSize });
      textX = MARGIN + qrSize + 16;
    }
    const textWidth = CONTENT_WIDTH - (textX - MARGIN) - 10;
    let py = y + 10;
    doc.font(FONT.bold).fontSize(10).fillColor(INK).text(qr ? "Scan to pay with any UPI app" : "How to pay", textX, py, { width: textWidth });
    py = doc.y + 3;
    const rows: [string, string][] = [["Amount due", pdfRupees(payment.amountDuePaise)]];
    if (payment.upiId) rows.push(["UPI ID", pdfText(payment.upiId)]);
    if (payment.payeeName) rows.push(["Payee", pdfText(payment.payeeName)]);
    if (qr) rows.push(["Reference", pdfText(view.number)]);
    if (payment.bank) {
      rows.push(["Bank transfer", pdfText([payment.bank.bankName, payment.bank.accountName].filter(Boolean).join(", "))]);
      rows.push(["Account / IFSC", `${payment.bank.accountNumber} / ${payment.bank.ifsc}`]);
    }
    py = labelValueRows(doc, rows, textX, py, textWidth);
    doc.font(FONT.regular).fontSize(7).fillColor(MUTED).text("Please quote the invoice number with any payment. A payment counts once we receive it.", textX, py + 2, { width: textWidth });
    y += qrSize + 22;
  }

  // ── Notes, terms, signature ────────────────────────────────────────────────────────────────────────────
  for (const [label, text] of [["Notes", view.notes], ["Terms", view.terms]] as const) {
    if (!text?.trim()) continue;
    const body = pdfText(text.trim());
    doc.font(FONT.regular).fontSize(7.5);
    const height = doc.heightOfString(body, { width: CONTENT_WIDTH }) + 14;
    y = ensureRoom(doc, view, state, y, Math.min(height, 120));
    doc.font(FONT.bold).fontSize(8).fillColor(INK).text(label, MARGIN, y, { width: CONTENT_WIDTH });
    doc.font(FONT.regular).fontSize(7.5).fillColor(INK).text(body, MARGIN, doc.y + 1, { width: CONTENT_WIDTH });
    y = doc.y + 8;
  }

  y = ensureRoom(doc, view, state, y, 70);
  const signX = MARGIN + CONTENT_WIDTH - 200;
  doc.font(FONT.bold).fontSize(8.5).fillColor(INK).text(`For ${pdfText(view.supplier.name)}`, signX, y + 4, { width: 200, align: "right" });
  // The uploaded signature, right-aligned above the line; without one the space is left for a pen.
  if (signature) doc.image(signature, signX + 50, y + 17, { fit: [150, 36], align: "right", valign: "bottom" });
  doc.moveTo(signX + 40, y + 54).lineTo(signX + 200, y + 54).lineWidth(0.5).strokeColor(INK).stroke();
  doc.font(FONT.regular).fontSize(8).fillColor(INK).text("Authorised signatory", signX, y + 57, { width: 200, align: "right" });
  if (view.kind !== "quote") {
    doc.font(FONT.regular).fontSize(7).fillColor(MUTED).text("This is a computer-generated document.", MARGIN, y + 57, { width: CONTENT_WIDTH - 210 });
  }

}

/** The A4 PDF of a quote, tax invoice or credit note. */
export async function renderTaxDocumentPdf(view: TaxDocumentView, options: RenderTaxDocumentOptions = {}): Promise<Buffer> {
  const upiUri = view.payment?.upiUri ?? null;
  const qr = upiUri ? await upiQr(upiUri, "png") : null;

  const doc = new PDFDocument({
    size: "A4",
    // A small bottom margin: pdfkit adds a page for text below it, and the footer sits under the content area
    // (BOTTOM), which this file keeps to itself.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 10 },
    compress: options.compress ?? true,
    autoFirstPage: true,
    bufferPages: false,
    font: null as unknown as string, // no standard font: the embedded ones below (pdfkit would load Helvetica first)
    info: {
      Title: `${view.title} ${view.number}`,
      Author: view.supplier.name,
      Subject: `${view.title} ${view.number} to ${view.recipient.company ?? view.recipient.name}`,
      CreationDate: new Date(`${view.date}T00:00:00+05:30`),
    },
  });
  const done = preparePdf(doc);

  const copies: Array<DocumentCopy | null> = view.kind === "invoice" ? (options.copies?.length ? options.copies : ["original"]) : [null];
  copies.forEach((copy, i) => {
    if (i > 0) doc.addPage();
    drawDocument(doc, view, qr, copy, options.signature ?? null);
  });

  doc.end();
  return done;
}
