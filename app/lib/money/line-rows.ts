import { LINE_KINDS, type DocumentLine, type LineKind } from "~/lib/money/document.ts";
import { lineItemSchema } from "~/lib/money/gst.ts";

/**
 * The priced lines of a quote, an invoice or a credit note as they are posted: one group of fields per
 * line, named `<prefix>-<row>-<field>` (line-0-description ...). Both sides read them with these
 * functions: the server reads the rows with readLineRows, fills picked products with fillFromProducts and
 * checks each row with parseLineRows (lineItemSchema per row; blank rows are ignored); the editor
 * (~/components/money/line-items-fields.tsx) draws them and previews the totals. Plain data, no React,
 * so server code never imports a component (docs/decisions, the layers' ADR).
 */

export const LINE_FIELDS = ["kind", "product", "description", "hsnSac", "quantity", "unit", "rate", "discount", "gstRate"] as const;
export type LineField = (typeof LINE_FIELDS)[number];
/** One row as typed: every field a string. */
export type RawLine = Record<LineField, string>;

/** A product as the picker offers it (active products only). */
export interface PickerProduct {
  id: number;
  /** "ABB ACS580-01-017A-4 — AC drive 7.5 kW, 415 V". */
  label: string;
  hsnSac: string;
  gstRate: number;
  unit: string;
  pricePaise: number;
}

export const MAX_LINES = 100;
export const BLANK_ROWS = 3;

export const lineFieldName = (prefix: string, row: number, field: LineField) => `${prefix}-${row}-${field}`;

export const blankLine = (): RawLine => ({ kind: "service", product: "", description: "", hsnSac: "", quantity: "", unit: "", rate: "", discount: "", gstRate: "" });

/** Paise -> rupees as typed back ("12500.50", "12500"). */
export function rupeesText(paise: number): string {
  const rest = paise % 100;
  return rest ? `${Math.floor(paise / 100)}.${String(rest).padStart(2, "0")}` : String(Math.floor(paise / 100));
}

/** Thousandths -> quantity as typed back ("2.5", "1"). */
export function quantityText(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const rest = milli % 1000;
  return rest ? `${whole}.${String(rest).padStart(3, "0").replace(/0+$/, "")}` : String(whole);
}

/** A stored line as the form shows it again. */
export function rawFromLine(line: DocumentLine): RawLine {
  return {
    kind: line.kind,
    product: line.productId ? String(line.productId) : "",
    description: line.description,
    hsnSac: line.hsnSac,
    quantity: quantityText(line.quantityMilli),
    unit: line.unit,
    rate: rupeesText(line.ratePaise),
    discount: line.discountPaise ? rupeesText(line.discountPaise) : "",
    gstRate: String(line.gstRate),
  };
}

/** The rows posted under prefix, in row order (at most MAX_LINES + a few: anything past is dropped). */
export function readLineRows(form: FormData, prefix = "line"): RawLine[] {
  const rows = new Map<number, RawLine>();
  const pattern = new RegExp(`^${prefix.replace(/[^\w-]/g, "")}-(\\d{1,3})-(\\w+)$`);
  for (const [name, value] of form) {
    const match = pattern.exec(name);
    if (!match || typeof value !== "string") continue;
    const field = match[2] as LineField;
    if (!(LINE_FIELDS as readonly string[]).includes(field)) continue;
    const index = Number(match[1]);
    if (index >= MAX_LINES + BLANK_ROWS * 2) continue;
    const row = rows.get(index) ?? blankLine();
    row[field] = value.slice(0, 600);
    rows.set(index, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/** A row with nothing typed in it (its kind, and a quantity, unit or GST rate alone, do not count). */
export function isBlankLine(row: RawLine): boolean {
  return !row.product.trim() && !row.description.trim() && !row.hsnSac.trim() && !row.rate.trim() && !row.discount.trim();
}

/**
 * A picked product fills the row's blank fields (description, HSN/SAC, unit, rate, GST rate, and a quantity
 * of 1): picking fills, typing wins. A product id that is not on the list is left for parseLineRows to refuse.
 */
export function fillFromProducts(rows: RawLine[], products: readonly PickerProduct[]): RawLine[] {
  const byId = new Map(products.map((p) => [String(p.id), p]));
  return rows.map((row) => {
    const p = byId.get(row.product.trim());
    if (!p) return row;
    const name = p.label;
    return {
      ...row,
      kind: row.kind === "service" && !row.description.trim() ? "part" : row.kind,
      description: row.description.trim() || name,
      hsnSac: row.hsnSac.trim() || p.hsnSac,
      unit: row.unit.trim() || p.unit,
      rate: row.rate.trim() || rupeesText(p.pricePaise),
      gstRate: row.gstRate.trim() || String(p.gstRate),
      quantity: row.quantity.trim() || "1",
    };
  });
}

export interface ParsedLines {
  /** The rows that have something in them, as typed (what the form draws again). */
  rows: RawLine[];
  /** Every non-blank row, checked: only when there are no errors. */
  lines: DocumentLine[];
  /** By field name (line-2-rate), numbered as in `rows`. */
  errors: Record<string, string>;
}

/**
 * Checks each non-blank row with lineItemSchema (messages beside the field), its kind, and its product
 * (one of `products`, or none). Blank rows are dropped and the rest renumbered from 0.
 */
export function parseLineRows(all: RawLine[], products: readonly PickerProduct[], prefix = "line"): ParsedLines {
  const rows = all.filter((r) => !isBlankLine(r)).slice(0, MAX_LINES);
  const known = new Set(products.map((p) => String(p.id)));
  const errors: Record<string, string> = {};
  const lines: DocumentLine[] = [];
  rows.forEach((row, i) => {
    const name = (f: LineField) => lineFieldName(prefix, i, f);
    const kind = (LINE_KINDS as readonly string[]).includes(row.kind) ? (row.kind as LineKind) : undefined;
    if (!kind) errors[name("kind")] = "Choose what the line is: service, part, labour or travel.";
    const product = row.product.trim();
    if (product && !known.has(product)) errors[name("product")] = "Choose a product from the list, or none.";
    const parsed = lineItemSchema.safeParse({
      description: row.description,
      hsnSac: row.hsnSac,
      quantity: row.quantity,
      unit: row.unit,
      rate: row.rate,
      discount: row.discount,
      gstRate: row.gstRate,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "description");
        const key = name((LINE_FIELDS as readonly string[]).includes(field) ? (field as LineField) : "description");
        errors[key] ??= issue.message;
      }
      return;
    }
    if (kind) lines.push({ ...parsed.data, kind, productId: product && known.has(product) ? Number(product) : null });
  });
  return { rows, lines: Object.keys(errors).length ? [] : lines, errors };
}

/** The rows to draw: the lines so far, then blank ones (`extra` more after "Add lines"). */
export function rowsToDraw(rows: RawLine[], extra = BLANK_ROWS): RawLine[] {
  const blanks = Math.max(0, Math.min(extra, MAX_LINES - rows.length));
  return [...rows, ...Array.from({ length: Math.max(blanks, rows.length === 0 ? BLANK_ROWS : 0) }, blankLine)];
}
