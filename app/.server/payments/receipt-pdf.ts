import PDFDocument from "pdfkit";
import { FONT, preparePdf } from "~/.server/documents/fonts.ts";
import { pdfDate, pdfRupees, pdfText } from "~/.server/documents/tax-document-pdf.ts";
import type { DocumentParty } from "~/lib/money/document.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { PaymentView } from "./view.ts";

/**
 * A payment receipt as a PDF (A5 portrait is too narrow for the allocation table on some printers, so A4,
 * one page): the supplier, the receipt number (RC-YYMM-NNNN) and date, who paid, how much (figures and
 * words), how (UPI with its UTR, bank transfer, cash, cheque, the gateway), the invoices it settled and
 * what is left on each, and any advance kept.
 *
 * The embedded Noto Sans of the tax documents (~/.server/documents/fonts.ts; their text helpers are
 * reused): amounts with the ₹ sign, names in Telugu or Devanagari as typed.
 */

const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN;
const INK = "#111827";
const MUTED = "#4b5563";
const RULE = "#9ca3af";

/**
 * How it was paid: the method, then the instrument, unless the instrument's label names the method already
 * ("Cheque 123456", never "Cheque, Cheque 123456").
 */
export function paidBy(payment: Pick<PaymentView, "methodLabel" | "instrumentLabel">): string {
  const { methodLabel, instrumentLabel } = payment;
  if (!instrumentLabel) return methodLabel;
  return instrumentLabel.toLowerCase().startsWith(methodLabel.toLowerCase()) ? instrumentLabel : `${methodLabel}, ${instrumentLabel}`;
}

export async function renderReceiptPdf(payment: PaymentView, supplier: DocumentParty, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    compress: options.compress ?? true,
    font: null as unknown as string, // the embedded fonts only
    info: {
      Title: `Receipt ${payment.reference}`,
      Author: supplier.name,
      Subject: `Payment receipt ${payment.reference}`,
      CreationDate: new Date(`${payment.receivedOn}T00:00:00+05:30`),
    },
  });
  const done = preparePdf(doc);

  // The supplier.
  doc.font(FONT.bold).fontSize(14).fillColor(INK).text(pdfText(supplier.name), MARGIN, MARGIN, { width: WIDTH });
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED);
  const address = [supplier.address, [supplier.city, supplier.pincode].filter(Boolean).join(" "), supplier.stateName && `${supplier.stateName} (${supplier.stateCode})`].filter(Boolean).join(", ");
  if (address) doc.text(pdfText(address), { width: WIDTH });
  if (supplier.gstin) doc.text(`GSTIN: ${pdfText(supplier.gstin)}`, { width: WIDTH });
  const contact = [supplier.mobile, supplier.email].filter(Boolean).join(" · ");
  if (contact) doc.text(pdfText(contact), { width: WIDTH });

  doc.moveDown(1);
  doc.font(FONT.bold).fontSize(18).fillColor(INK).text("PAYMENT RECEIPT", { width: WIDTH, align: "center" });
  doc.moveDown(0.6);

  // Number, date, who paid.
  const facts: Array<[string, string]> = [
    ["Receipt number", payment.reference],
    ["Date received", pdfDate(payment.receivedOn)],
    ["Received from", [payment.customer.company, payment.customer.name].filter(Boolean).join(", ") + ` (${payment.customer.reference})`],
  ];
  if (payment.customer.gstin) facts.push(["Customer GSTIN", payment.customer.gstin]);
  facts.push(["Paid by", paidBy(payment)]);
  if (payment.note) facts.push(["Note", payment.note]);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font(FONT.regular).fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 130 });
    doc.font(FONT.bold).fillColor(INK).text(pdfText(value), MARGIN + 135, y, { width: WIDTH - 135 });
    doc.moveDown(0.3);
  }

  // The amount.
  doc.moveDown(0.6);
  const boxY = doc.y;
  doc.rect(MARGIN, boxY, WIDTH, 52).lineWidth(1).strokeColor(RULE).stroke();
  doc.font(FONT.regular).fontSize(10).fillColor(MUTED).text("Amount received", MARGIN + 10, boxY + 8, { width: 150 });
  doc.font(FONT.bold).fontSize(16).fillColor(INK).text(pdfRupees(payment.amountPaise), MARGIN + 10, boxY + 24, { width: 200 });
  doc.font(FONT.regular).fontSize(9).fillColor(INK).text(pdfText(rupeesInWords(payment.amountPaise)), MARGIN + 220, boxY + 10, { width: WIDTH - 230 });
  doc.y = boxY + 64;

  // What it settled.
  doc.x = MARGIN;
  doc.font(FONT.bold).fontSize(11).fillColor(INK).text("Allocated to", MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.3);
  const cols = [
    { label: "Invoice", width: 150, align: "left" as const },
    { label: "Invoice date", width: 90, align: "left" as const },
    { label: "Invoice total", width: 85, align: "right" as const },
    { label: "This payment", width: 85, align: "right" as const },
    { label: "Still due", width: WIDTH - 410, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(9).fillColor(INK);
    cells.forEach((cell, i) => {
      const col = cols[i]!;
      doc.text(pdfText(cell), x + 2, y, { width: col.width - 4, align: col.align, lineBreak: false });
      x += col.width;
    });
    doc.y = y + 15;
    doc.moveTo(MARGIN, doc.y - 3).lineTo(MARGIN + WIDTH, doc.y - 3).lineWidth(0.5).strokeColor(RULE).stroke();
  };
  row(cols.map((c) => c.label), true);
  if (payment.allocations.length === 0) {
    doc.font(FONT.regular).fontSize(9).fillColor(MUTED).text("Not allocated to an invoice: kept as an advance.", MARGIN, doc.y, { width: WIDTH });
    doc.moveDown(0.5);
  }
  for (const a of payment.allocations) {
    row([a.number, pdfDate(a.issueDate), pdfRupees(a.invoiceTotalPaise), pdfRupees(a.amountPaise), pdfRupees(a.invoiceDuePaise)]);
  }
  if (payment.unallocatedPaise > 0) {
    doc.moveDown(0.4);
    doc.font(FONT.regular).fontSize(10).fillColor(INK).text(`Advance kept on account (not yet allocated): ${pdfRupees(payment.unallocatedPaise)}`, MARGIN, doc.y, { width: WIDTH });
  }

  doc.moveDown(2);
  doc.font(FONT.regular).fontSize(9).fillColor(MUTED).text(
    `This receipt acknowledges the money received.${payment.method === "cheque" ? " A payment by cheque is subject to its realisation." : ""} The tax invoices named above remain the documents for GST.`,
    MARGIN,
    doc.y,
    { width: WIDTH },
  );
  doc.moveDown(2);
  doc.font(FONT.bold).fontSize(10).fillColor(INK).text(`For ${pdfText(supplier.name)}`, MARGIN, doc.y, { width: WIDTH, align: "right" });
  doc.font(FONT.regular).fontSize(8).fillColor(MUTED).text("Computer-generated receipt: no signature is needed.", { width: WIDTH, align: "right" });

  doc.end();
  return done;
}

/** A PDF response: inline, never stored by a shared cache (it names the customer and what they paid). */
export function pdfResponse(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** "RC-2611-0009" -> "receipt-RC-2611-0009.pdf". */
export function receiptFileName(reference: string): string {
  return `receipt-${reference.replace(/[^A-Za-z0-9-]/g, "-")}.pdf`;
}
