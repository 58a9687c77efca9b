import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { renderTaxDocumentPdf, type RenderTaxDocumentOptions } from "~/.server/documents/tax-document-pdf.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { DocumentLine, StoredLine, TaxDocumentView } from "~/lib/money/document.ts";
import { invoiceTotals } from "~/lib/money/gst.ts";

/**
 * Issue 17 §2-3: the tax invoice PDF an accountant files without editing, read back as a PDF reader would:
 * the balance after a part payment, the recipient's original and the supplier's duplicate.
 */

function view(over: Partial<TaxDocumentView> = {}): TaxDocumentView {
  const lines: DocumentLine[] = [
    { kind: "service", description: "Repair of ABB ACS580 7.5 kW drive", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 14_500_00, discountPaise: 500_00, gstRate: 18 },
    { kind: "part", description: "IGBT module FS75R12KT4", hsnSac: "85412900", quantityMilli: 2000, unit: "nos", ratePaise: 6_234_50, discountPaise: 0, gstRate: 18 },
  ];
  const totals = invoiceTotals(lines, { code: "36" }, { roundToRupee: true });
  const stored: StoredLine[] = lines.map((l, i) => ({ ...l, ...totals.lines[i]!, gstRate: l.gstRate }));
  return {
    kind: "invoice",
    title: "Tax invoice",
    number: "INV/2026-27/0042",
    date: "2026-11-20",
    untilLabel: "Due by",
    untilDate: "2026-12-05",
    supplier: { name: "Voltline Industrial Services Pvt Ltd", address: "Plot 12, IDA Balanagar", city: "Hyderabad", pincode: "500037", stateCode: "36", stateName: "Telangana", gstin: "36AABCV1234F1Z5" },
    recipient: { name: "Ravi Kumar", company: "Sri Balaji Plastics", stateCode: "36", stateName: "Telangana", gstin: null },
    placeOfSupply: totals.placeOfSupply,
    lines: stored,
    totals,
    amountInWords: rupeesInWords(totals.payablePaise),
    ...over,
  };
}

async function readPdf(view: TaxDocumentView, options?: RenderTaxDocumentOptions): Promise<{ pages: string[]; text: string }> {
  const task = pdfjs.getDocument({ data: new Uint8Array(await renderTaxDocumentPdf(view, options)), verbosity: 0 });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    // Items drawn one against the other (runs of one line in different fonts) are one word: no space between.
    let line = "";
    let end: { x: number; y: number } | undefined;
    for (const item of content.items) {
      if (!("str" in item)) continue;
      const [x, y] = [item.transform[4] as number, item.transform[5] as number];
      line += end && Math.abs(end.y - y) < 1 && Math.abs(end.x - x) < 0.5 ? item.str : ` ${item.str}`;
      end = { x: x + item.width, y };
    }
    pages.push(line.replace(/\s+/g, " ").trim());
  }
  await task.destroy();
  return { pages, text: pages.join("\n") };
}

/** A text string as pdfkit writes it into the file: UTF-16BE with its byte-order mark, escaped. */
function pdfString(text: string): string {
  const escapes: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f", "\\": "\\\\", "(": "\\(", ")": "\\)" };
  return Buffer.from(`\ufeff${text}`, "utf16le").swap16().toString("latin1").replace(/[\n\r\t\b\f\\()]/g, (c) => escapes[c]!);
}

describe("the invoice PDF", () => {
  it("after a part payment shows what was received and the balance due, not the whole amount as payable", async () => {
    const v = view();
    expect(v.totals.payablePaise).toBe(31_233_00);
    const paid = view({ settlement: { receivedPaise: 10_000_00, creditedPaise: 0, balanceDuePaise: 21_233_00 } });
    const { text } = await readPdf(paid);
    expect(text).toMatch(/Invoice total ₹31,233\.00/);
    expect(text).toMatch(/Received -10,000\.00/);
    expect(text).toMatch(/Balance due ₹21,233\.00/);
    expect(text).not.toContain("Amount payable");
    // Before any payment: the total is what is payable.
    expect((await readPdf(v)).text).toMatch(/Amount payable ₹31,233\.00/);
  });

  it("prints the original for the recipient and, for the office, the duplicate for the supplier", async () => {
    const customer = await readPdf(view());
    expect(customer.pages).toHaveLength(1);
    expect(customer.text).toContain("ORIGINAL FOR RECIPIENT");
    expect(customer.text).not.toMatch(/duplicate/i);
    const office = await readPdf(view(), { copies: ["original", "duplicate"] });
    expect(office.pages).toHaveLength(2);
    expect(office.pages[0]).toContain("ORIGINAL FOR RECIPIENT");
    expect(office.pages[1]).toContain("DUPLICATE FOR SUPPLIER");
    expect(office.pages[1]).toContain("Duplicate for supplier | Tax invoice INV/2026-27/0042 | Page 1");
    for (const page of office.pages) expect(page).toContain("₹31,233.00");
    // A credit note has no copies.
    expect((await readPdf(view({ kind: "credit_note", title: "Credit note", number: "CN/2026-27/0001" }), { copies: ["original", "duplicate"] })).pages).toHaveLength(1);
  });

  it("prints the rupee sign and names typed in Telugu and Devanagari, which a PDF reader reads back", async () => {
    const telugu = "రవి కుమార్";
    const devanagari = "सुनीता देवी";
    const v = view({ recipient: { name: telugu, company: devanagari, address: "Plot 7, \u0c2c\u0c3e\u0c32\u0c3e\u0c28\u0c17\u0c30\u0c4d, IDA Balanagar", stateCode: "36", stateName: "Telangana" } });
    const { text } = await readPdf(v);
    expect(text).toContain("₹31,233.00");
    expect(text).toContain("Amounts in Indian rupees (₹)");
    expect(text).not.toContain("Rs.");
    expect(text).not.toContain("?");
    for (const word of [...telugu.split(" "), ...devanagari.split(" ")]) expect(text.normalize("NFC")).toContain(word.normalize("NFC"));

    // A short-i sign is drawn before its consonant: the run carries its text as typed (ActualText), which
    // Poppler and Acrobat copy out (pdf.js reads glyphs only, so it is checked in the file itself).
    const typed = "श्री बालाजी प्लास्टिक्स";
    const raw = (await renderTaxDocumentPdf(view({ recipient: { name: "Ravi", company: typed } }), { compress: false })).toString("latin1");
    expect(raw).toContain(`/ActualText (${pdfString(typed)})`);
  });
});
