import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { InvoiceRow } from "~/.server/invoices/shared.ts";
import { invoiceDocumentView } from "~/.server/invoices/view.ts";
import { TaxDocument } from "~/components/money/tax-document.tsx";
import { rupeesInWords } from "~/lib/money/amount-in-words.ts";
import type { DocumentLine } from "~/lib/money/document.ts";
import { invoiceTotals } from "~/lib/money/gst.ts";

/** Issue 17 §2: after a part payment the invoice's page says what was received and what is left, as its PDF does. */

const line: DocumentLine = { kind: "service", description: "Repair of a 7.5 kW drive", hsnSac: "998719", quantityMilli: 1000, unit: "job", ratePaise: 22_943_22, discountPaise: 0, gstRate: 18 };
const totals = invoiceTotals([line], { code: "36" }, { roundToRupee: true });

function row(paidPaise: number, creditedPaise = 0): InvoiceRow {
  return {
    id: 1,
    kind: "invoice",
    number: "INV/2026-27/0007",
    issueDate: "2026-11-20",
    dueDate: "2026-12-05",
    supplier: { name: "Voltline Industrial Services Pvt Ltd", stateCode: "36", stateName: "Telangana", gstin: "36AABCV1234F1Z5" },
    recipient: { name: "Ravi Kumar", stateCode: "36", stateName: "Telangana" },
    placeOfSupplyCode: "36",
    placeOfSupplyName: "Telangana",
    reverseCharge: false,
    poNumber: null,
    lines: totals.lines.map((l) => ({ ...line, ...l })),
    taxablePaise: totals.taxablePaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: 0,
    taxPaise: totals.taxPaise,
    roundOffPaise: totals.roundOffPaise,
    totalPaise: totals.payablePaise,
    paidPaise,
    creditedPaise,
    status: paidPaise + creditedPaise >= totals.payablePaise ? "paid" : paidPaise ? "partly_paid" : "issued",
    amountInWords: rupeesInWords(totals.payablePaise),
    notes: null,
    terms: "",
  } as unknown as InvoiceRow;
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'").replace(/\s+/g, " ");

describe("the invoice's page after a part payment", () => {
  it("shows Received and Balance due under the invoice total", () => {
    expect(totals.payablePaise).toBe(27_073_00);
    const view = invoiceDocumentView(row(10_000_00), {});
    expect(view.settlement).toEqual({ receivedPaise: 10_000_00, creditedPaise: 0, balanceDuePaise: 17_073_00 });
    const page = text(renderToStaticMarkup(<TaxDocument view={view} />));
    expect(page).toContain("Invoice total ₹27,073.00");
    expect(page).toContain("Received \u2212₹10,000.00");
    expect(page).toContain("Balance due ₹17,073.00");
    expect(page).not.toContain("Amount payable");
    expect(view.payment?.amountDuePaise).toBe(17_073_00);
  });

  it("before any payment the total is the amount payable; a credit note shows as such", () => {
    expect(invoiceDocumentView(row(0), {}).settlement).toBeNull();
    expect(text(renderToStaticMarkup(<TaxDocument view={invoiceDocumentView(row(0), {})} />))).toContain("Amount payable ₹27,073.00");
    const credited = text(renderToStaticMarkup(<TaxDocument view={invoiceDocumentView(row(5_000_00, 2_073_00), {})} />));
    expect(credited).toContain("Credit notes \u2212₹2,073.00");
    expect(credited).toContain("Balance due ₹20,000.00");
  });
});
