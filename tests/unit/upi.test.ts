import jsQR from "jsqr";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { renderTaxDocumentPdf } from "~/.server/documents/tax-document-pdf.ts";
import { upiQr } from "~/.server/documents/upi-qr.ts";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { DocumentLine, StoredLine, TaxDocumentView } from "~/lib/money/document.ts";
import { invoiceTotals } from "~/lib/money/gst.ts";
import { parseUpiUri, upiAmount, upiLinkProblems, upiPayUri } from "~/lib/money/upi.ts";

const base = {
  upiId: "voltline@icici",
  payeeName: "Voltline Industrial Services",
  amountPaise: 3398100,
  note: "Invoice INV/2026-27/0001",
  reference: "INV/2026-27/0001",
};

describe("UPI deep link", () => {
  it("has the parameters in order, the amount with two decimals, and mc only for a merchant account", () => {
    expect(upiPayUri(base)).toBe(
      "upi://pay?pa=voltline@icici&pn=Voltline%20Industrial%20Services&am=33981.00&cu=INR&tn=Invoice%20INV/2026-27/0001&tr=INV/2026-27/0001",
    );
    expect(upiPayUri({ ...base, merchantCode: "7629" })).toMatch(/&tr=INV\/2026-27\/0001&mc=7629$/);
  });

  it("prints every paisa exactly, without floats", () => {
    expect(upiAmount(1)).toBe("0.01");
    expect(upiAmount(100)).toBe("1.00");
    expect(upiAmount(123456789)).toBe("1234567.89");
    expect(upiAmount(10_00_00_000_00)).toBe("100000000.00");
  });

  it("reads back what it wrote, with names that need escaping", () => {
    const uri = upiPayUri({ ...base, payeeName: "A & B Electricals = #1", note: "50% advance ? yes" });
    expect(uri).not.toContain(" ");
    expect(parseUpiUri(uri)).toEqual({
      pa: "voltline@icici",
      pn: "A & B Electricals = #1",
      am: "33981.00",
      cu: "INR",
      tn: "50% advance ? yes",
      tr: "INV/2026-27/0001",
    });
    expect(parseUpiUri("https://example.com")).toBeNull();
  });

  it("refuses a bad UPI ID, a zero, negative, fractional or absurd amount, and a bad merchant code", () => {
    expect(upiLinkProblems(base)).toEqual([]);
    expect(upiLinkProblems({ ...base, upiId: "not an id" }).map((p) => p.field)).toEqual(["upiId"]);
    for (const amountPaise of [0, -100, 12.5, 10_00_00_000_01, Number.NaN]) {
      expect(upiLinkProblems({ ...base, amountPaise }).map((p) => p.field)).toEqual(["amountPaise"]);
    }
    expect(upiLinkProblems({ ...base, merchantCode: "76" }).map((p) => p.field)).toEqual(["merchantCode"]);
    expect(() => upiPayUri({ ...base, amountPaise: -1 })).toThrow(RangeError);
  });

  it("keeps the note short", () => {
    const uri = upiPayUri({ ...base, note: "x".repeat(200) });
    expect(parseUpiUri(uri)!.tn).toHaveLength(50);
  });
});

/* ------------------------------------------------------------------------------------------------------------
 * The PDF: its text and its QR code, read back as a customer's PDF reader and phone would.
 * ---------------------------------------------------------------------------------------------------------- */

function view(placeOfSupply: string, withPayment: boolean): TaxDocumentView {
  const lines: DocumentLine[] = [
    { kind: "service", description: "Repair of ABB ACS580 7.5 kW drive", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 1450000, discountPaise: 50000, gstRate: 18 },
    { kind: "part", description: "IGBT module FS75R12KT4 ₹ priced", hsnSac: "85412900", quantityMilli: 2000, unit: "nos", ratePaise: 623450, discountPaise: 0, gstRate: 18 },
    { kind: "travel", description: "Travel to site", hsnSac: "996601", quantityMilli: 42500, unit: "km", ratePaise: 1200, discountPaise: 0, gstRate: 5 },
  ];
  const totals = invoiceTotals(lines, { code: placeOfSupply }, { roundToRupee: true });
  const stored: StoredLine[] = lines.map((l, i) => ({ ...l, ...totals.lines[i]!, gstRate: l.gstRate }));
  const uri = upiPayUri({ ...base, amountPaise: totals.payablePaise });
  return {
    kind: "invoice",
    title: "Tax invoice",
    number: "INV/2026-27/0001",
    date: "2026-11-20",
    untilLabel: "Due by",
    untilDate: "2026-12-05",
    supplier: { name: "Voltline Industrial Services Pvt Ltd", address: "Plot 12, IDA Balanagar", city: "Hyderabad", pincode: "500037", stateCode: "36", stateName: "Telangana", gstin: "36AABCV1234F1Z5" },
    recipient: { name: "Ravi Kumar", company: "Sri Balaji Plastics", stateCode: placeOfSupply, stateName: totals.placeOfSupply.name, gstin: null },
    placeOfSupply: totals.placeOfSupply,
    reverseCharge: false,
    poNumber: "PO/4471",
    lines: stored,
    totals,
    amountInWords: rupeesInWords(totals.payablePaise),
    terms: "Payment within 15 days.",
    payment: withPayment ? { amountDuePaise: totals.payablePaise, upiUri: uri, upiId: base.upiId, payeeName: base.payeeName } : null,
  };
}

async function readPdf(pdf: Buffer): Promise<{ text: string; qr: string[] }> {
  const task = pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 });
  const doc = await task.promise;
  let text = "";
  const qr: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join(" ") + "\n";
    const ops = await page.getOperatorList();
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
      const name = (ops.argsArray[i] as [string])[0];
      const img = await new Promise<{ width: number; height: number; kind: number; data: Uint8ClampedArray }>((resolve) => page.objs.get(name, resolve));
      let rgba = img.data;
      if (img.kind === 2) {
        // RGB: jsQR wants RGBA.
        rgba = new Uint8ClampedArray(img.width * img.height * 4);
        for (let s = 0, d = 0; s < img.data.length; s += 3, d += 4) rgba.set([img.data[s]!, img.data[s + 1]!, img.data[s + 2]!, 255], d);
      }
      const decoded = jsQR(rgba, img.width, img.height);
      if (decoded) qr.push(decoded.data);
    }
  }
  await task.destroy();
  return { text: text.replace(/\s+/g, " "), qr };
}

describe("the tax document PDF", () => {
  it("prints the rule-46 fields, CGST and SGST within Telangana, the totals, and a QR code that is the UPI link", async () => {
    const v = view("36", true);
    const { text, qr } = await readPdf(await renderTaxDocumentPdf(v));
    for (const expected of [
      "TAX INVOICE",
      "INV/2026-27/0001",
      "GSTIN: 36AABCV1234F1Z5",
      "GSTIN: Unregistered (B2C)",
      "Telangana (36)",
      "Reverse charge No",
      "PO/4471",
      "998719",
      "85412900",
      "CGST",
      "SGST",
      "Round off",
      "Authorised signatory",
      v.amountInWords,
      "₹",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("IGST");
    // Taxable 14,000.00 + 12,469.00 + 510.00 = 26,979.00; CGST = SGST = 1,260.00 + 1,122.21 + 12.75 = 2,394.96;
    // total 31,768.92, rounded off +0.08 to 31,769.00.
    expect(text).toContain("26,979.00");
    expect(text).toContain("2,394.96");
    expect(text).toContain("+0.08");
    expect(v.totals.payablePaise).toBe(3176900);
    // The rupee sign is its own run (its own face): a reader may put a space after it.
    expect(text).toMatch(/₹ ?31,769\.00/);
    expect(text).not.toContain("Rs.");
    expect(qr).toEqual([v.payment!.upiUri]);
    expect(parseUpiUri(qr[0]!)).toMatchObject({ am: "31769.00", tr: "INV/2026-27/0001", cu: "INR" });
  });

  it("prints IGST for another state, and no QR code without a payment", async () => {
    const { text, qr } = await readPdf(await renderTaxDocumentPdf(view("29", false)));
    expect(text).toContain("Karnataka (29)");
    expect(text).toContain("IGST");
    expect(text).not.toContain("CGST");
    expect(qr).toEqual([]);
  });

  it("is quick: a document with its QR code in well under 100 ms", async () => {
    const v = view("36", true);
    await renderTaxDocumentPdf(v);
    // The process's CPU time, not the clock's: with a test file per core (vitest.config.ts) and other work on
    // the machine, the clock also counts the time this process waited for a core, which is not the render's.
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = process.cpuUsage();
      await renderTaxDocumentPdf(v);
      const used = process.cpuUsage(started);
      times.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    expect(times[18]).toBeLessThan(100);
  });
});

describe("the UPI QR code, one drawing in two encodings", () => {
  const uri = upiPayUri(base);

  /** A picture read back as a phone would. */
  async function scan(image: Buffer, width?: number): Promise<string | undefined> {
    const { data, info } = await sharp(image, { density: 300 }).resize(width).flatten({ background: "#ffffff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
  }

  it("reads back as the UPI link from the PDF's PNG and from the web page's SVG", async () => {
    const png = await upiQr(uri, "png");
    const svg = await upiQr(uri, "svg");
    expect(svg).toMatch(/^<svg/);
    expect(await scan(png)).toBe(uri);
    expect(await scan(Buffer.from(svg), 400)).toBe(uri);
  });

  it("draws the same modules in both: the SVG's grid is the PNG's at three pixels a module", async () => {
    const png = await sharp(await upiQr(uri, "png")).metadata();
    const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(await upiQr(uri, "svg"));
    expect(Number(viewBox?.[1])).toBe(png.width / 3);
    expect(png.width).toBe(png.height);
  });
});
