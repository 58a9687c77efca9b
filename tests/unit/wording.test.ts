import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { supplierFromSettings } from "~/.server/documents/supplier.ts";
import { renderReceiptPdf } from "~/.server/payments/receipt-pdf.ts";
import type { PaymentView } from "~/.server/payments/view.ts";
import { defaultSettings } from "~/.server/settings/defaults.ts";
import { partQuantity } from "~/lib/forms/technician-job.ts";

/** Issue 17 §7: words a new user trips on. */

describe("a part's quantity", () => {
  it("reads as a sentence says it: 1 piece, 2 pieces, 15 metres; never '1 pieces (nos)'", () => {
    expect(partQuantity(1, "nos")).toBe("1 piece");
    expect(partQuantity(2, "nos")).toBe("2 pieces");
    expect(partQuantity(15, "m")).toBe("15 metres");
    expect(partQuantity(1, "pair")).toBe("1 pair");
    expect(partQuantity(3, "kg")).toBe("3 kilograms");
  });
});

describe("the supplier's address on quotes, invoices and receipts", () => {
  const settings = defaultSettings("http://localhost:3000");

  it("names the locality once when the street already names it (no 'Balanagar, Balanagar')", () => {
    expect(settings.identity.address.streetAddress).toContain("Balanagar");
    expect(supplierFromSettings(settings).address).toBe("Industrial Development Area, Balanagar");
  });

  it("adds the locality when the street does not name it", () => {
    const identity = { ...settings.identity, address: { ...settings.identity.address, streetAddress: "Plot 14, Phase II" } };
    expect(supplierFromSettings({ ...settings, identity }).address).toBe("Plot 14, Phase II, Balanagar");
  });
});

describe("a payment receipt's wording", () => {
  const settings = defaultSettings("http://localhost:3000");
  const payment = (over: Partial<PaymentView>): PaymentView => ({
    id: 1,
    reference: "RC-2611-0001",
    method: "upi",
    methodLabel: "UPI",
    amountPaise: 11_800_00,
    unallocatedPaise: 0,
    receivedOn: "2026-11-20",
    instrumentRef: null,
    instrumentLabel: null,
    note: null,
    recordedBy: "Accounts",
    createdAt: "2026-11-20T06:00:00.000Z",
    customer: { id: 1, reference: "CU-2611-0001", name: "Ravi Kumar", company: "Sri Balaji Polymers", mobile: null, gstin: null, erased: false },
    allocations: [],
    ...over,
  });

  async function textOf(view: PaymentView): Promise<string> {
    const pdf = await renderReceiptPdf(view, supplierFromSettings(settings), { compress: false });
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
    return (await (await doc.getPage(1)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" ");
  }

  it("a cheque: 'Cheque 123456' once, and subject to its realisation", async () => {
    const text = await textOf(payment({ method: "cheque", methodLabel: "Cheque", instrumentRef: "123456/1", instrumentLabel: "Cheque 123456" }));
    expect(text).toContain("Cheque 123456");
    expect(text).not.toMatch(/Cheque,\s*Cheque/);
    expect(text).toContain("A payment by cheque is subject to its realisation.");
  });

  it("a UPI payment: its UTR, and no sentence about cheques", async () => {
    const text = await textOf(payment({ instrumentRef: "412345678901", instrumentLabel: "UTR 412345678901" }));
    expect(text).toContain("UPI, UTR 412345678901");
    expect(text).not.toMatch(/cheque/i);
  });

  it("the supplier's address names Balanagar once", async () => {
    const text = await textOf(payment({}));
    expect(text).not.toMatch(/Balanagar,\s*Balanagar/);
    expect(text).toContain("Balanagar");
  });
});
