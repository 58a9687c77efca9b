import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { fillFromProducts, parseLineRows, rawFromLine, readLineRows, rowsToDraw, type PickerProduct } from "~/lib/money/line-rows.ts";
import { newQuoteSchema, quoteListSchema, quoteState, sourceFrom, validUntilFrom } from "~/lib/forms/admin/quotes.ts";
import { linkConfirmSchema, linkResponseSchema, portalResponseSchema } from "~/lib/forms/quote-response.ts";

/** The quote forms and the line items editor's parsing, without a database. */

const products: PickerProduct[] = [{ id: 7, label: "ABB ACS580-01-017A-4 — AC drive 7.5 kW, 415 V", hsnSac: "850440", gstRate: 18, unit: "nos", pricePaise: 68_500_50 }];

function form(values: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
}

describe("the line items editor's rows", () => {
  it("reads rows by index, ignores blank ones, and checks each with the line schema (messages by field name)", () => {
    const rows = readLineRows(
      form({
        "line-1-description": "Labour, 2 engineers",
        "line-1-hsnSac": "998717",
        "line-1-quantity": "2.5",
        "line-1-unit": "hrs",
        "line-1-rate": "1,200",
        "line-1-gstRate": "18",
        "line-1-kind": "labour",
        "line-0-kind": "service",
        "line-0-quantity": "1",
        "line-2-description": "Travel",
        "line-2-hsnSac": "9964",
        "line-2-quantity": "0",
        "line-2-unit": "km",
        "line-2-rate": "12.345",
        "line-2-discount": "5",
        "line-2-gstRate": "28",
        "other-0-description": "not a line of this editor",
      }),
    );
    expect(rows).toHaveLength(3);
    const parsed = parseLineRows(rows, products);
    // Row 0 was blank (a kind and a quantity alone): the others are renumbered from 0.
    expect(parsed.rows.map((r) => r.description)).toEqual(["Labour, 2 engineers", "Travel"]);
    expect(parsed.errors).toEqual({
      "line-1-quantity": "The quantity must be more than zero",
      "line-1-rate": "Enter the rate in rupees, e.g. 1234.50 (at most two decimals)",
      "line-1-gstRate": "GST rate must be 0%, 5%, 18% or 40%",
    });
    expect(parsed.lines).toEqual([]);
    const good = parseLineRows([rows[1]!], products);
    expect(good).toMatchObject({ errors: {}, lines: [{ kind: "labour", quantityMilli: 2500, ratePaise: 1_200_00, discountPaise: 0, gstRate: 18, productId: null }] });
  });

  it("fills a picked product into the blank fields (typing wins), and refuses a product not on the list", () => {
    const [filled] = fillFromProducts([{ kind: "service", product: "7", description: "", hsnSac: "", quantity: "", unit: "", rate: "", discount: "", gstRate: "" }], products);
    expect(filled).toMatchObject({ kind: "part", description: products[0]!.label, hsnSac: "850440", unit: "nos", rate: "68500.50", gstRate: "18", quantity: "1" });
    const [typed] = fillFromProducts([{ kind: "part", product: "7", description: "Drive, refurbished", hsnSac: "", quantity: "2", unit: "", rate: "50000", discount: "", gstRate: "" }], products);
    expect(typed).toMatchObject({ description: "Drive, refurbished", rate: "50000", quantity: "2", hsnSac: "850440" });
    expect(parseLineRows([filled!], products).lines).toMatchObject([{ productId: 7, ratePaise: 68_500_50 }]);
    const unknown = parseLineRows([{ ...filled!, product: "99" }], products);
    expect(unknown.errors["line-0-product"]).toBe("Choose a product from the list, or none.");
    expect(parseLineRows([{ ...filled!, kind: "gift" }], products).errors["line-0-kind"]).toMatch(/service, part, labour or travel/);
  });

  it("draws the lines so far and blank rows, and gives stored lines back as typed", () => {
    expect(rowsToDraw([], 3)).toHaveLength(3);
    expect(rowsToDraw([rawFromLine({ kind: "travel", productId: null, description: "Travel", hsnSac: "9964", quantityMilli: 2500, unit: "km", ratePaise: 12_05, discountPaise: 0, gstRate: 5 })], 6)).toMatchObject([
      { kind: "travel", quantity: "2.5", rate: "12.05", discount: "", gstRate: "5" },
      {},
      {},
      {},
      {},
      {},
      {},
    ]);
  });
});

describe("the quote forms", () => {
  it("read the source from the address and the list's filters", () => {
    expect(sourceFrom(new URLSearchParams("request=sr-2611-0042"))).toEqual({ kind: "request", reference: "SR-2611-0042" });
    expect(sourceFrom(new URLSearchParams("bench=JC-2611-0012"))).toEqual({ kind: "bench", reference: "JC-2611-0012" });
    expect(sourceFrom(new URLSearchParams("customer=CU-2611-0007"))).toEqual({ kind: "customer", reference: "CU-2611-0007" });
    expect(sourceFrom(new URLSearchParams("request=SR-42"))).toBeUndefined();
    expect(quoteListSchema.parse({})).toEqual({ show: "all" });
    expect(quoteListSchema.safeParse({ show: "lost" }).success).toBe(false);
  });

  it("need a title and a real state; terms may be blank", () => {
    const bad = newQuoteSchema.safeParse({ title: " ", stateCode: "00", site: "x", idempotencyKey: "nope" });
    expect(Object.fromEntries(bad.error!.issues.map((i) => [String(i.path[0]), i.message]))).toEqual({
      title: "Say what the quote is for, e.g. Repair of ABB ACS580 7.5 kW.",
      stateCode: "Choose the customer's state from the list.",
      site: "Choose a site from the list.",
      idempotencyKey: "This form has expired. Please reload the page and try again.",
    });
    expect(newQuoteSchema.parse({ title: "Repair", stateCode: "29", site: "4", idempotencyKey: randomUUID() })).toMatchObject({ terms: "", stateCode: "29", site: 4 });
  });

  it("a sent quote past its validity reads as expired; validity counts calendar days", () => {
    expect(quoteState("sent", "2026-11-30", "2026-11-30")).toBe("sent");
    expect(quoteState("sent", "2026-11-30", "2026-12-01")).toBe("expired");
    expect(quoteState("changes_requested", "2026-11-30", "2026-12-01")).toBe("expired");
    expect(quoteState("approved", "2026-11-30", "2027-01-01")).toBe("approved");
    expect(validUntilFrom("2026-12-20", 15)).toBe("2027-01-04");
  });

  it("the customer's answer: changes need a comment; the link needs a name and a 6-digit code", () => {
    const base = { version: "1", idempotencyKey: randomUUID() };
    expect(portalResponseSchema.safeParse({ ...base, decision: "changes" }).error!.issues[0]).toMatchObject({ path: ["comment"], message: "Say what you would like changed." });
    expect(portalResponseSchema.safeParse({ ...base, decision: "maybe" }).error!.issues[0]!.message).toBe("Choose approve, ask for changes or decline.");
    expect(linkResponseSchema.safeParse({ ...base, decision: "approve", name: "" }).error!.issues[0]!.path).toEqual(["name"]);
    expect(linkConfirmSchema.parse({ ...base, decision: "approve", name: "Ravi", challenge: "12.abcdefghijklmnopqrstuv", code: " 123 456 " }).code).toBe("123456");
    expect(linkConfirmSchema.safeParse({ ...base, decision: "approve", name: "Ravi", challenge: "12.abcdefghijklmnopqrstuv", code: "12345" }).error!.issues[0]!.path).toEqual(["code"]);
  });
});
