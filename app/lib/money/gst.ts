import { z } from "zod";
import { GST_STATES } from "~/lib/settings-schema.ts";

/**
 * GST arithmetic for quotes, invoices and credit notes (issue 11). Pure and shared by the server and the
 * browser, so that what a form previews is what the invoice stores. Money is integer paise throughout; the
 * only multiplications that can pass 2^53 (quantity × rate) are done in BigInt, so nothing is ever a float.
 *
 * Rounding (docs/decisions/018-gst-arithmetic.md):
 * - Every rounding is half away from zero to the paisa. All amounts here are ≥ 0, so in practice half up.
 * - Tax is rounded per line: rule 46 invoices show each line's tax amount, and totals are the sums of the
 *   amounts printed, so the invoice adds up when checked by hand.
 * - Intra-state, the half-rate tax is computed once per line and used for both CGST and SGST, so CGST ==
 *   SGST on every line and every total. Their sum may differ from round(taxable × rate / 100) by one paisa.
 * - Round-off to the rupee is optional and shown as its own signed line; payable = grand total + round-off.
 */

/** GST slabs accepted since 22 Sep 2025 (0 is an exempt or nil-rated line). */
export const GST_RATES = [0, 5, 18, 40] as const;
export type GstRate = (typeof GST_RATES)[number];

/** Repair and maintenance services (SAC heading 9987, e.g. 998711-998719) are taxed at 18%. */
export const REPAIR_SERVICES_GST_RATE: GstRate = 18;

/** The business is in Telangana. */
export const SUPPLIER_STATE_CODE = "36";

/** Per-line limits: more than this is a typing mistake, not an invoice. */
export const MAX_LINE_PAISE = 10_00_00_000_00; // ₹10 crore
export const MAX_QUANTITY_MILLI = 100_000_000; // 1,00,000 units, in thousandths

export type LineInput = {
  description: string;
  /** HSN (goods) or SAC (services, starts 99) code: digits only, 4, 6 or 8 digits. */
  hsnSac: string;
  /** Quantity in thousandths of a unit (2.5 kg = 2500): up to three decimals, exactly. */
  quantityMilli: number;
  unit: string;
  /** Price per unit, in paise. */
  ratePaise: number;
  /** Discount on the line, in paise; not more than the line's gross value. */
  discountPaise: number;
  gstRate: GstRate;
};

export type LineAmounts = {
  /** round(quantity × rate), half away from zero, to the paisa. */
  grossPaise: number;
  discountPaise: number;
  /** gross − discount: the value GST is charged on. */
  taxablePaise: number;
};

export type TaxedLine = LineAmounts & {
  hsnSac: string;
  gstRate: GstRate;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** cgst + sgst + igst. */
  taxPaise: number;
  /** taxable + tax. */
  totalPaise: number;
};

export type SupplyKind = "intra-state" | "inter-state";

export type TaxSummaryRow = {
  gstRate: GstRate;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
};

export type HsnSummaryRow = TaxSummaryRow & { hsnSac: string };

export type InvoiceTotals = {
  supply: SupplyKind;
  placeOfSupply: { code: string; name: string };
  lines: TaxedLine[];
  /** One row per rate used, lowest rate first. */
  byRate: TaxSummaryRow[];
  /** One row per HSN/SAC code and rate, in the order they first appear (the invoice's HSN/SAC summary). */
  byHsn: HsnSummaryRow[];
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  /** taxable + tax, exactly. */
  grandTotalPaise: number;
  /** Added to the grand total to reach a whole rupee: in (−50, +50] paise; 0 when not rounding. */
  roundOffPaise: number;
  /** grand total + round-off. */
  payablePaise: number;
};

/** n / d rounded half away from zero (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const a = negative ? -n : n;
  const q = (2n * a + d) / (2n * d);
  return negative ? -q : q;
}

function isGstRate(rate: unknown): rate is GstRate {
  return (GST_RATES as readonly unknown[]).includes(rate);
}

export const GST_RATE_MESSAGE = "GST rate must be 0%, 5%, 18% or 40%";

function assertWhole(value: number, what: string, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${what} must be a whole number from ${min} to ${max}; got ${value}`);
  }
}

/** Gross, discount and taxable value of one line. Throws RangeError on input the schema would refuse. */
export function lineAmounts(line: Pick<LineInput, "quantityMilli" | "ratePaise" | "discountPaise">): LineAmounts {
  assertWhole(line.quantityMilli, "Quantity (thousandths)", 1, MAX_QUANTITY_MILLI);
  assertWhole(line.ratePaise, "Rate (paise)", 0, MAX_LINE_PAISE);
  const gross = Number(divRound(BigInt(line.quantityMilli) * BigInt(line.ratePaise), 1000n));
  if (gross > MAX_LINE_PAISE) throw new RangeError(`A line's value may not pass ₹10 crore; got ${gross} paise`);
  assertWhole(line.discountPaise, "Discount (paise)", 0, gross);
  return { grossPaise: gross, discountPaise: line.discountPaise, taxablePaise: gross - line.discountPaise };
}

function assertStateCode(code: string, what: string): void {
  if (!GST_STATES[code]) throw new RangeError(`${what} "${code}" is not a GST state code`);
}

/** Intra-state when the supplier's state is the place of supply (CGST + SGST), otherwise inter-state (IGST). */
export function supplyKind(placeOfSupplyStateCode: string, supplierStateCode = SUPPLIER_STATE_CODE): SupplyKind {
  assertStateCode(placeOfSupplyStateCode, "Place of supply");
  assertStateCode(supplierStateCode, "Supplier's state");
  return placeOfSupplyStateCode === supplierStateCode ? "intra-state" : "inter-state";
}

/**
 * Each line's tax, on its own taxable value (per-line rounding, see the top of this file).
 * Intra-state: half = round(taxable × rate / 200); CGST = SGST = half. Inter-state: IGST = round(taxable × rate / 100).
 */
export function taxLines(
  lines: readonly LineInput[],
  placeOfSupplyStateCode: string,
  supplierStateCode = SUPPLIER_STATE_CODE,
): TaxedLine[] {
  const kind = supplyKind(placeOfSupplyStateCode, supplierStateCode);
  return lines.map((line) => {
    if (!isGstRate(line.gstRate)) throw new RangeError(`${GST_RATE_MESSAGE}; got ${String(line.gstRate)}`);
    const amounts = lineAmounts(line);
    const taxable = BigInt(amounts.taxablePaise);
    const rate = BigInt(line.gstRate);
    let cgst = 0;
    let igst = 0;
    if (kind === "intra-state") cgst = Number(divRound(taxable * rate, 200n));
    else igst = Number(divRound(taxable * rate, 100n));
    const tax = 2 * cgst + igst;
    return {
      ...amounts,
      hsnSac: line.hsnSac,
      gstRate: line.gstRate,
      cgstPaise: cgst,
      sgstPaise: cgst,
      igstPaise: igst,
      taxPaise: tax,
      totalPaise: amounts.taxablePaise + tax,
    };
  });
}

function addTo(row: TaxSummaryRow, line: TaxedLine): void {
  row.taxablePaise += line.taxablePaise;
  row.cgstPaise += line.cgstPaise;
  row.sgstPaise += line.sgstPaise;
  row.igstPaise += line.igstPaise;
  row.taxPaise += line.taxPaise;
}

const emptyRow = (gstRate: GstRate): TaxSummaryRow => ({ gstRate, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxPaise: 0 });

/**
 * The invoice's totals: every figure is a sum of the line figures (never recomputed on a total), so the
 * summaries add back to the totals exactly. With `roundToRupee`, the grand total is rounded to the nearest rupee
 * (half a rupee goes up) and the difference is its own line.
 */
export function invoiceTotals(
  lines: readonly LineInput[],
  placeOfSupply: { code: string; supplierStateCode?: string },
  options: { roundToRupee?: boolean } = {},
): InvoiceTotals {
  const supplier = placeOfSupply.supplierStateCode ?? SUPPLIER_STATE_CODE;
  const supply = supplyKind(placeOfSupply.code, supplier);
  const taxed = taxLines(lines, placeOfSupply.code, supplier);

  const rates = new Map<GstRate, TaxSummaryRow>();
  const hsn = new Map<string, HsnSummaryRow>();
  const total = emptyRow(0);
  let gross = 0;
  let discount = 0;
  for (const line of taxed) {
    gross += line.grossPaise;
    discount += line.discountPaise;
    addTo(total, line);
    let rateRow = rates.get(line.gstRate);
    if (!rateRow) rates.set(line.gstRate, (rateRow = emptyRow(line.gstRate)));
    addTo(rateRow, line);
    const key = `${line.hsnSac}@${line.gstRate}`;
    let hsnRow = hsn.get(key);
    if (!hsnRow) hsn.set(key, (hsnRow = { hsnSac: line.hsnSac, ...emptyRow(line.gstRate) }));
    addTo(hsnRow, line);
  }

  const grand = total.taxablePaise + total.taxPaise;
  const payable = options.roundToRupee ? Number(divRound(BigInt(grand), 100n)) * 100 : grand;
  return {
    supply,
    placeOfSupply: { code: placeOfSupply.code, name: GST_STATES[placeOfSupply.code] ?? "" },
    lines: taxed,
    byRate: [...rates.values()].sort((a, b) => a.gstRate - b.gstRate),
    byHsn: [...hsn.values()],
    grossPaise: gross,
    discountPaise: discount,
    taxablePaise: total.taxablePaise,
    cgstPaise: total.cgstPaise,
    sgstPaise: total.sgstPaise,
    igstPaise: total.igstPaise,
    taxPaise: total.taxPaise,
    grandTotalPaise: grand,
    roundOffPaise: payable - grand,
    payablePaise: payable,
  };
}

export type PlaceOfSupply = {
  code: string;
  name: string;
  /** Which rule of IGST Act s.12(2) decided it, for the invoice's audit trail. */
  basis: "recipient-gstin" | "recipient-address" | "supplier";
};

/**
 * Place of supply of a service (IGST Act s.12(2)): the recipient's GSTIN state when registered; otherwise the
 * state of the recipient's address on record; failing that the supplier's state. A GSTIN or state code that is
 * not a GST state is refused rather than skipped: falling through would charge the wrong kind of tax.
 */
export function placeOfSupply(input: { recipientGstin?: string | null; recipientStateCode?: string | null; supplierStateCode?: string }): PlaceOfSupply {
  const gstin = input.recipientGstin?.trim();
  if (gstin) {
    const code = gstin.slice(0, 2);
    const name = GST_STATES[code];
    if (!name) throw new RangeError(`The recipient's GSTIN ${gstin} does not start with a GST state code`);
    return { code, name, basis: "recipient-gstin" };
  }
  const address = input.recipientStateCode?.trim();
  if (address) {
    const name = GST_STATES[address];
    if (!name) throw new RangeError(`The recipient's state code ${address} is not a GST state code`);
    return { code: address, name, basis: "recipient-address" };
  }
  const supplier = input.supplierStateCode ?? SUPPLIER_STATE_CODE;
  const name = GST_STATES[supplier];
  if (!name) throw new RangeError(`The supplier's state code ${supplier} is not a GST state code`);
  return { code: supplier, name, basis: "supplier" };
}

/* ------------------------------------------------------------------------------------------------------------
 * The line item form (quotes, invoices, credit notes): fields arrive as typed text; the output is a LineInput.
 * ---------------------------------------------------------------------------------------------------------- */

export const HSN_SAC_MESSAGE = "Enter the HSN or SAC code as 4, 6 or 8 digits";

/** HSN (goods: chapters 01-98, 4, 6 or 8 digits) or SAC (services: 99, 4 or 6 digits). */
export function hsnSacProblem(code: string): string | null {
  if (!/^(\d{4}|\d{6}|\d{8})$/.test(code)) return HSN_SAC_MESSAGE;
  if (code.startsWith("00")) return "No HSN chapter is 00: check the code";
  if (code.startsWith("99") && code.length === 8) return "A SAC code (services, starting 99) has 4 or 6 digits";
  return null;
}

/** Rupees as typed ("12,500", "₹ 1234.5") -> paise. */
export function rupeesField(missing: string, label: string) {
  return z
    .union([z.string(), z.number()], missing)
    .transform((raw, ctx) => {
      const plain = String(raw).trim().replace(/[₹,\s]/g, "").replace(/^rs\.?/i, "");
      if (plain === "") {
        ctx.addIssue({ code: "custom", message: missing });
        return z.NEVER;
      }
      if (plain.startsWith("-")) {
        ctx.addIssue({ code: "custom", message: `${label} cannot be negative` });
        return z.NEVER;
      }
      if (!/^\d{1,12}(\.\d{1,2})?$/.test(plain)) {
        ctx.addIssue({ code: "custom", message: `Enter ${label.toLowerCase()} in rupees, e.g. 1234.50 (at most two decimals)` });
        return z.NEVER;
      }
      const [whole = "0", fraction = ""] = plain.split(".");
      const paise = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
      if (paise > MAX_LINE_PAISE) {
        ctx.addIssue({ code: "custom", message: `${label} is more than ₹10 crore: check the amount` });
        return z.NEVER;
      }
      return paise;
    });
}

const quantityField = z.union([z.string(), z.number()], "Enter the quantity").transform((raw, ctx) => {
  const plain = String(raw).trim().replace(/,/g, "");
  if (plain === "") {
    ctx.addIssue({ code: "custom", message: "Enter the quantity" });
    return z.NEVER;
  }
  if (!/^-?\d+(\.\d+)?$/.test(plain)) {
    ctx.addIssue({ code: "custom", message: "Enter the quantity as a number, e.g. 2 or 2.5" });
    return z.NEVER;
  }
  const [whole = "0", fraction = ""] = plain.replace("-", "").split(".");
  if (fraction.length > 3) {
    ctx.addIssue({ code: "custom", message: "A quantity has at most three decimals" });
    return z.NEVER;
  }
  const milli = plain.startsWith("-") ? -1 : Number(whole) * 1000 + Number(fraction.padEnd(3, "0"));
  if (milli <= 0) {
    ctx.addIssue({ code: "custom", message: "The quantity must be more than zero" });
    return z.NEVER;
  }
  if (whole.length > 6 || milli > MAX_QUANTITY_MILLI) {
    ctx.addIssue({ code: "custom", message: "The quantity may not pass 1,00,000" });
    return z.NEVER;
  }
  return milli;
});

const gstRateField = z.union([z.string(), z.number()], GST_RATE_MESSAGE).transform((raw, ctx) => {
  const rate = Number(String(raw).trim().replace(/%$/, ""));
  if (String(raw).trim() === "" || !isGstRate(rate)) {
    ctx.addIssue({ code: "custom", message: GST_RATE_MESSAGE });
    return z.NEVER;
  }
  return rate;
});

/** One line of a quote, invoice or credit note, as the forms post it. Shared by server and browser. */
export const lineItemSchema = z
  .object({
    description: z.string("Describe the item or service").trim().min(1, "Describe the item or service").max(500, "Keep the description under 500 characters"),
    hsnSac: z
      .string(HSN_SAC_MESSAGE)
      .trim()
      .transform((code, ctx) => {
        const problem = hsnSacProblem(code);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
        return code;
      }),
    quantity: quantityField,
    unit: z.string("Enter the unit, e.g. nos or hrs").trim().min(1, "Enter the unit, e.g. nos or hrs").max(20, "Keep the unit under 20 characters"),
    rate: rupeesField("Enter the rate per unit", "The rate"),
    discount: z.union([z.string(), z.number()]).optional().transform((v) => (v === undefined || String(v).trim() === "" ? "0" : v)).pipe(rupeesField("Enter the discount", "The discount")),
    gstRate: gstRateField,
  })
  .transform((v, ctx): LineInput => {
    const gross = Number(divRound(BigInt(v.quantity) * BigInt(v.rate), 1000n));
    if (gross > MAX_LINE_PAISE) {
      ctx.addIssue({ code: "custom", path: ["rate"], message: "Quantity × rate is more than ₹10 crore: check the figures" });
      return z.NEVER;
    }
    if (v.discount > gross) {
      ctx.addIssue({ code: "custom", path: ["discount"], message: "The discount is more than the line's value (quantity × rate)" });
      return z.NEVER;
    }
    return {
      description: v.description,
      hsnSac: v.hsnSac,
      quantityMilli: v.quantity,
      unit: v.unit,
      ratePaise: v.rate,
      discountPaise: v.discount,
      gstRate: v.gstRate,
    };
  });

export type LineItemFormInput = z.input<typeof lineItemSchema>;
