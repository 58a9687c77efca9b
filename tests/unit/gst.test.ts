import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  GST_RATES,
  MAX_LINE_PAISE,
  invoiceTotals,
  lineAmounts,
  lineItemSchema,
  placeOfSupply,
  taxLines,
  type LineInput,
} from "~/lib/money/gst.ts";
import { fieldErrors } from "~/lib/forms/fields.ts";
import { formatPaise, formatRoundOff } from "~/lib/format.ts";

/** Exact reference arithmetic in BigInt, written independently of the module: n/d half away from zero (n ≥ 0). */
const roundDiv = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

/** A valid line: quantity up to 1,00,000 in thousandths, rate chosen so the gross stays within ₹10 crore. */
const line: fc.Arbitrary<LineInput> = fc
  .record({
    quantityMilli: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 100_000_000 })),
    ratePaise: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: MAX_LINE_PAISE })),
    gstRate: fc.constantFrom(...GST_RATES),
    hsnSac: fc.constantFrom("998719", "998711", "8504", "85371000", "9987"),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .filter((l) => roundDiv(BigInt(l.quantityMilli) * BigInt(l.ratePaise), 1000n) <= BigInt(MAX_LINE_PAISE))
  .map((l) => {
    const gross = Number(roundDiv(BigInt(l.quantityMilli) * BigInt(l.ratePaise), 1000n));
    return {
      description: "Drive repair",
      hsnSac: l.hsnSac,
      quantityMilli: l.quantityMilli,
      unit: "nos",
      ratePaise: l.ratePaise,
      discountPaise: Math.floor(gross * l.discountShare),
      gstRate: l.gstRate,
    };
  });

const lines = fc.array(line, { minLength: 1, maxLength: 25 });
const place = fc.constantFrom("36", "29", "27", "37");
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("GST arithmetic: properties", () => {
  it("every amount is a whole number of paise, and each line adds up", () => {
    fc.assert(
      fc.property(lines, place, (ls, code) => {
        for (const t of taxLines(ls, code)) {
          for (const v of [t.grossPaise, t.discountPaise, t.taxablePaise, t.cgstPaise, t.sgstPaise, t.igstPaise, t.taxPaise, t.totalPaise]) {
            expect(Number.isSafeInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
          expect(t.taxablePaise).toBe(t.grossPaise - t.discountPaise);
          expect(t.taxPaise).toBe(t.cgstPaise + t.sgstPaise + t.igstPaise);
          expect(t.totalPaise).toBe(t.taxablePaise + t.taxPaise);
        }
      }),
    );
  });

  it("gross is quantity × rate rounded half away from zero to the paisa", () => {
    fc.assert(
      fc.property(line, (l) => {
        const exactThousandths = BigInt(l.quantityMilli) * BigInt(l.ratePaise); // gross × 1000, exact
        const gross = BigInt(lineAmounts(l).grossPaise);
        // |gross × 1000 − exact| ≤ 500, and exactly 500 only when rounding a half up.
        const diff = gross * 1000n - exactThousandths;
        expect(diff > -500n && diff <= 500n).toBe(true);
      }),
    );
  });

  it("intra-state: CGST == SGST on every line, each the half-rate tax rounded, together within one paisa of the full-rate tax", () => {
    fc.assert(
      fc.property(lines, (ls) => {
        for (const t of taxLines(ls, "36")) {
          const exactHundredths = BigInt(t.taxablePaise) * BigInt(t.gstRate); // full-rate tax × 100
          expect(t.igstPaise).toBe(0);
          expect(t.cgstPaise).toBe(t.sgstPaise);
          expect(BigInt(t.cgstPaise)).toBe(roundDiv(exactHundredths, 200n));
          // What holds exactly: (CGST + SGST) − taxable × rate / 100 lies in (−1, +1] paisa,
          // so it equals round(taxable × rate / 100) or is one paisa either side of it.
          const diff = BigInt(t.cgstPaise + t.sgstPaise) * 100n - exactHundredths;
          expect(diff > -100n && diff <= 100n).toBe(true);
          expect(Math.abs(t.taxPaise - Number(roundDiv(exactHundredths, 100n)))).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it("inter-state: IGST == round(taxable × rate / 100) and no CGST or SGST", () => {
    fc.assert(
      fc.property(lines, fc.constantFrom("29", "27", "37", "07"), (ls, code) => {
        for (const t of taxLines(ls, code)) {
          expect(t.cgstPaise).toBe(0);
          expect(t.sgstPaise).toBe(0);
          expect(BigInt(t.igstPaise)).toBe(roundDiv(BigInt(t.taxablePaise) * BigInt(t.gstRate), 100n));
        }
      }),
    );
  });

  it("totals are the sums of the lines, grand total is taxable + taxes, round-off reaches a whole rupee", () => {
    fc.assert(
      fc.property(lines, place, fc.boolean(), (ls, code, roundToRupee) => {
        const t = invoiceTotals(ls, { code }, { roundToRupee });
        expect(t.grossPaise).toBe(sum(t.lines.map((l) => l.grossPaise)));
        expect(t.discountPaise).toBe(sum(t.lines.map((l) => l.discountPaise)));
        expect(t.taxablePaise).toBe(sum(t.lines.map((l) => l.taxablePaise)));
        expect(t.cgstPaise).toBe(sum(t.lines.map((l) => l.cgstPaise)));
        expect(t.sgstPaise).toBe(sum(t.lines.map((l) => l.sgstPaise)));
        expect(t.igstPaise).toBe(sum(t.lines.map((l) => l.igstPaise)));
        expect(t.taxPaise).toBe(t.cgstPaise + t.sgstPaise + t.igstPaise);
        expect(t.cgstPaise).toBe(t.sgstPaise);
        expect(t.grandTotalPaise).toBe(t.taxablePaise + t.taxPaise);
        expect(t.grandTotalPaise).toBe(sum(t.lines.map((l) => l.totalPaise)));
        expect(t.payablePaise).toBe(t.grandTotalPaise + t.roundOffPaise);
        if (roundToRupee) {
          expect(t.roundOffPaise).toBeGreaterThan(-50);
          expect(t.roundOffPaise).toBeLessThanOrEqual(50);
          expect(t.payablePaise % 100).toBe(0);
        } else {
          expect(t.roundOffPaise).toBe(0);
        }
      }),
    );
  });

  it("the per-rate and per-HSN/SAC summaries add back to the totals", () => {
    fc.assert(
      fc.property(lines, place, (ls, code) => {
        const t = invoiceTotals(ls, { code });
        for (const rows of [t.byRate, t.byHsn]) {
          expect(sum(rows.map((r) => r.taxablePaise))).toBe(t.taxablePaise);
          expect(sum(rows.map((r) => r.cgstPaise))).toBe(t.cgstPaise);
          expect(sum(rows.map((r) => r.sgstPaise))).toBe(t.sgstPaise);
          expect(sum(rows.map((r) => r.igstPaise))).toBe(t.igstPaise);
          expect(sum(rows.map((r) => r.taxPaise))).toBe(t.taxPaise);
        }
        expect(new Set(t.byRate.map((r) => r.gstRate)).size).toBe(t.byRate.length);
        expect(t.byRate.map((r) => r.gstRate)).toEqual([...new Set(ls.map((l) => l.gstRate))].sort((a, b) => a - b));
      }),
    );
  });
});

const repair = (over: Partial<LineInput> = {}): LineInput => ({
  description: "VFD repair, 7.5 kW",
  hsnSac: "998719",
  quantityMilli: 3000,
  unit: "nos",
  ratePaise: 1_234_50,
  discountPaise: 100_00,
  gstRate: 18,
  ...over,
});

describe("GST arithmetic: worked examples", () => {
  it("3 × ₹1,234.50 at 18% with a ₹100 discount, within Telangana", () => {
    // By hand: gross 3 × 1,234.50 = ₹3,703.50; taxable 3,703.50 − 100 = ₹3,603.50 (360350 paise).
    // Half rate 9%: 360350 × 9 / 100 = 32431.5 paise -> rounds half up to 32432 = ₹324.32 each for CGST and SGST.
    // Tax ₹648.64 (at the full 18% it is exactly 64863 paise: the halves round up a paisa between them).
    // Grand total 3,603.50 + 648.64 = ₹4,252.14; rounded to the rupee: round off −0.14, payable ₹4,252.00.
    const t = invoiceTotals([repair()], { code: "36" }, { roundToRupee: true });
    expect(t.supply).toBe("intra-state");
    expect(t.placeOfSupply).toEqual({ code: "36", name: "Telangana" });
    expect(t.lines[0]).toMatchObject({ grossPaise: 370350, discountPaise: 10000, taxablePaise: 360350, cgstPaise: 32432, sgstPaise: 32432, igstPaise: 0, taxPaise: 64864 });
    expect(t.grandTotalPaise).toBe(425214);
    expect(t.roundOffPaise).toBe(-14);
    expect(t.payablePaise).toBe(425200);
    expect(formatPaise(t.grandTotalPaise)).toBe("₹4,252.14");
    expect(`Round off: ${formatRoundOff(t.roundOffPaise)}`).toBe("Round off: \u22120.14");
  });

  it("the same line to Karnataka is IGST at the full rate", () => {
    // IGST = 360350 × 18 / 100 = 64863 paise exactly = ₹648.63; grand total ₹4,252.13; round off −0.13.
    const t = invoiceTotals([repair()], { code: "29" }, { roundToRupee: true });
    expect(t.supply).toBe("inter-state");
    expect(t.lines[0]).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 64863, taxPaise: 64863 });
    expect(t.grandTotalPaise).toBe(425213);
    expect(t.roundOffPaise).toBe(-13);
    expect(t.payablePaise).toBe(425200);
  });

  it("mixed rates: a part at 5%, a service at 18%, an exempt line; fractional quantity; half a rupee rounds up", () => {
    // Part: 2.5 × ₹99.99 = 249.975 -> ₹249.98 (24998 paise, half up); 5% -> half 2.5% of 24998 = 624.95 -> 625 each.
    // Service: 1 × ₹1,000 at 18% -> 9000 each.   Exempt: 1 × ₹200.00 at 0% -> no tax.
    // Taxable 24998 + 100000 + 20000 = 144998; tax 1250 + 18000 = 19250; grand 164248 -> round off −48, payable 164200.
    const t = invoiceTotals(
      [
        repair({ hsnSac: "85049090", quantityMilli: 2500, ratePaise: 9999, discountPaise: 0, gstRate: 5 }),
        repair({ quantityMilli: 1000, ratePaise: 100000, discountPaise: 0 }),
        repair({ hsnSac: "9985", quantityMilli: 1000, ratePaise: 20000, discountPaise: 0, gstRate: 0 }),
      ],
      { code: "36" },
      { roundToRupee: true },
    );
    expect(t.lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise])).toEqual([[24998, 625, 625], [100000, 9000, 9000], [20000, 0, 0]]);
    expect(t.byRate).toEqual([
      { gstRate: 0, taxablePaise: 20000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 },
      { gstRate: 5, taxablePaise: 24998, cgstPaise: 625, sgstPaise: 625, igstPaise: 0, taxPaise: 1250 },
      { gstRate: 18, taxablePaise: 100000, cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0, taxPaise: 18000 },
    ]);
    expect(t.grandTotalPaise).toBe(164248);
    expect(t.roundOffPaise).toBe(-48);
    // ₹10.50 exactly: half a rupee rounds up (+0.50).
    const half = invoiceTotals([repair({ quantityMilli: 1000, ratePaise: 1050, discountPaise: 0, gstRate: 0 })], { code: "36" }, { roundToRupee: true });
    expect([half.roundOffPaise, half.payablePaise]).toEqual([50, 1100]);
  });

  it("refuses arithmetic on input the form would refuse", () => {
    expect(() => lineAmounts(repair({ discountPaise: 400000 }))).toThrow(RangeError);
    expect(() => lineAmounts(repair({ quantityMilli: 0 }))).toThrow(RangeError);
    expect(() => lineAmounts(repair({ ratePaise: -1 }))).toThrow(RangeError);
    expect(() => lineAmounts(repair({ ratePaise: 12.5 }))).toThrow(RangeError);
    expect(() => taxLines([repair({ gstRate: 12 as 18 })], "36")).toThrow("GST rate must be 0%, 5%, 18% or 40%");
    expect(() => taxLines([repair()], "00")).toThrow(/not a GST state code/);
  });
});

describe("place of supply", () => {
  it("is the registered recipient's GSTIN state, else their address, else the supplier's state", () => {
    expect(placeOfSupply({ recipientGstin: "29AAACB1234C1Z5", recipientStateCode: "36" })).toEqual({ code: "29", name: "Karnataka", basis: "recipient-gstin" });
    expect(placeOfSupply({ recipientStateCode: "27" })).toEqual({ code: "27", name: "Maharashtra", basis: "recipient-address" });
    expect(placeOfSupply({ recipientGstin: " ", recipientStateCode: null })).toEqual({ code: "36", name: "Telangana", basis: "supplier" });
    expect(placeOfSupply({ supplierStateCode: "37" })).toEqual({ code: "37", name: "Andhra Pradesh", basis: "supplier" });
  });

  it("refuses a state code that is not a GST state rather than guessing", () => {
    expect(() => placeOfSupply({ recipientGstin: "00AAACB1234C1Z5" })).toThrow(/does not start with a GST state code/);
    expect(() => placeOfSupply({ recipientStateCode: "50" })).toThrow(/not a GST state code/);
  });
});

describe("line item form", () => {
  const form = { description: "Spindle drive repair", hsnSac: "998719", quantity: "2.5", unit: "hrs", rate: "₹1,200.50", discount: "", gstRate: "18" };
  const errors = (input: Record<string, unknown>) => {
    const r = lineItemSchema.safeParse(input);
    return r.success ? {} : fieldErrors(r.error);
  };

  it("turns typed figures into paise and thousandths", () => {
    expect(lineItemSchema.parse(form)).toEqual({
      description: "Spindle drive repair",
      hsnSac: "998719",
      quantityMilli: 2500,
      unit: "hrs",
      ratePaise: 120050,
      discountPaise: 0,
      gstRate: 18,
    });
    expect(lineItemSchema.parse({ ...form, discount: "100", quantity: 3, gstRate: 5 })).toMatchObject({ quantityMilli: 3000, discountPaise: 10000, gstRate: 5 });
  });

  it("says what is wrong beside each field", () => {
    expect(errors({ ...form, rate: "-5" })).toEqual({ rate: "The rate cannot be negative" });
    expect(errors({ ...form, rate: "12.345" })).toEqual({ rate: "Enter the rate in rupees, e.g. 1234.50 (at most two decimals)" });
    expect(errors({ ...form, rate: "200000000" })).toEqual({ rate: "The rate is more than ₹10 crore: check the amount" });
    expect(errors({ ...form, quantity: "100000", rate: "1001" })).toEqual({ rate: "Quantity × rate is more than ₹10 crore: check the figures" });
    expect(errors({ ...form, quantity: "0" })).toEqual({ quantity: "The quantity must be more than zero" });
    expect(errors({ ...form, quantity: "-1" })).toEqual({ quantity: "The quantity must be more than zero" });
    expect(errors({ ...form, quantity: "1.2345" })).toEqual({ quantity: "A quantity has at most three decimals" });
    expect(errors({ ...form, quantity: "100000.001" })).toEqual({ quantity: "The quantity may not pass 1,00,000" });
    expect(errors({ ...form, quantity: "two" })).toEqual({ quantity: "Enter the quantity as a number, e.g. 2 or 2.5" });
    expect(errors({ ...form, gstRate: "12" })).toEqual({ gstRate: "GST rate must be 0%, 5%, 18% or 40%" });
    expect(errors({ ...form, gstRate: "28" })).toEqual({ gstRate: "GST rate must be 0%, 5%, 18% or 40%" });
    expect(errors({ ...form, hsnSac: "99871" })).toEqual({ hsnSac: "Enter the HSN or SAC code as 4, 6 or 8 digits" });
    expect(errors({ ...form, hsnSac: "9987-19" })).toEqual({ hsnSac: "Enter the HSN or SAC code as 4, 6 or 8 digits" });
    expect(errors({ ...form, hsnSac: "99871900" })).toEqual({ hsnSac: "A SAC code (services, starting 99) has 4 or 6 digits" });
    expect(errors({ ...form, discount: "3001.26" })).toEqual({ discount: "The discount is more than the line's value (quantity × rate)" });
    expect(errors({ ...form, description: "  " })).toEqual({ description: "Describe the item or service" });
    // 2.5 × 1,200.50 = 3,001.25: a discount of the whole line is allowed.
    expect(errors({ ...form, discount: "3001.25" })).toEqual({});
  });

  it("every line the form accepts is one the arithmetic accepts", () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          quantity: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 100_000_000 })).map((m) => (m / 1000).toFixed(3)),
          rate: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: MAX_LINE_PAISE })).map((p) => (p / 100).toFixed(2)),
          discount: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: MAX_LINE_PAISE })).map((p) => (p / 100).toFixed(2)),
          gstRate: fc.constantFrom("0", "5", "18", "40"),
        }),
        (figures) => {
          const r = lineItemSchema.safeParse({ ...form, ...figures });
          if (r.success) {
            accepted++;
            expect(() => taxLines([r.data], "36")).not.toThrow();
          } else {
            // A refusal is always one of the form's own messages, never a crash.
            expect(Object.keys(fieldErrors(r.error)).every((k) => ["rate", "discount"].includes(k))).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
    // The generator reaches both sides of the limits.
    expect(accepted).toBeGreaterThan(50);
  });
});
