import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button.tsx";
import { formatPaise } from "~/lib/format.ts";
import { LINE_KINDS, LINE_KIND_LABELS } from "~/lib/money/document.ts";
import { GST_RATES, invoiceTotals, lineItemSchema, type LineInput } from "~/lib/money/gst.ts";
import {
  BLANK_ROWS,
  blankLine,
  isBlankLine,
  lineFieldName,
  MAX_LINES,
  readLineRows,
  rowsToDraw,
  rupeesText,
  type LineField,
  type PickerProduct,
  type RawLine,
} from "~/lib/money/line-rows.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";

/**
 * The priced lines of a quote, an invoice or a credit note: one group of fields per line (what it is, the
 * product it is priced from, description, HSN/SAC, quantity, unit, rate, discount, GST rate).
 *
 * Without JavaScript it is a plain part of the form: the page renders the lines so far plus a few blank
 * ones, and "Add lines" posts the form back (intent "add-lines") to be drawn again with more blank rows,
 * with what was typed kept and each picked product filled in. With JavaScript, "Add lines" adds the rows
 * in place, picking a product fills the row at once, and a running total is previewed with the same
 * arithmetic the server stores (invoiceTotals, ~/lib/money/gst.ts).
 *
 * Field names are `<prefix>-<row>-<field>` (line-0-description ...). The server reads them with
 * readLineRows, fills picked products with fillFromProducts and checks each row with parseLineRows
 * (~/lib/money/line-rows.ts, shared with the server). Errors come back keyed by the same field names.
 */

const control = "mt-1 block w-full rounded-md border bg-white px-2 py-2 text-base text-slate-900 dark:bg-slate-900 dark:text-slate-100";
const okBorder = "border-slate-400 dark:border-slate-500";
const badBorder = "border-red-700 dark:border-red-400";
const errorText = "mt-1 text-sm font-medium text-red-700 dark:text-red-400";

function Field({
  id,
  label,
  error,
  className = "",
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={errorText}>
          {error}
        </p>
      )}
    </div>
  );
}

function LineRow({
  prefix,
  index,
  row,
  products,
  errors,
  onProduct,
}: {
  prefix: string;
  index: number;
  row: RawLine;
  products: readonly PickerProduct[];
  errors: Record<string, string>;
  onProduct: (index: number, productId: string) => void;
}) {
  const name = (f: LineField) => lineFieldName(prefix, index, f);
  const err = (f: LineField) => errors[name(f)];
  const attrs = (f: LineField) => ({
    id: name(f),
    name: name(f),
    "aria-invalid": err(f) ? true : undefined,
    "aria-describedby": err(f) ? `${name(f)}-error` : undefined,
    className: `${control} ${err(f) ? badBorder : okBorder}`,
  });
  return (
    <fieldset className="rounded-md border border-slate-300 p-3 dark:border-slate-700" data-line-row={index}>
      <legend className="px-1 text-sm font-semibold">Line {index + 1}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-6">
        <Field id={name("kind")} label="What it is" error={err("kind")} className="sm:col-span-2">
          <select {...attrs("kind")} defaultValue={row.kind || "service"}>
            {LINE_KINDS.map((k) => (
              <option key={k} value={k}>
                {LINE_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={name("product")} label="From the products list" error={err("product")} className="sm:col-span-4">
          <select {...attrs("product")} defaultValue={row.product} onChange={(e) => onProduct(index, e.currentTarget.value)}>
            <option value="">None: type the line</option>
            {products.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={name("description")} label="Description" error={err("description")} className="col-span-2 sm:col-span-6">
          <input {...attrs("description")} type="text" maxLength={500} autoComplete="off" defaultValue={row.description} />
        </Field>
        <Field id={name("hsnSac")} label="HSN/SAC" error={err("hsnSac")}>
          <input {...attrs("hsnSac")} type="text" inputMode="numeric" maxLength={8} autoComplete="off" defaultValue={row.hsnSac} />
        </Field>
        <Field id={name("quantity")} label="Qty" error={err("quantity")}>
          <input {...attrs("quantity")} type="text" inputMode="decimal" maxLength={12} autoComplete="off" defaultValue={row.quantity} />
        </Field>
        <Field id={name("unit")} label="Unit" error={err("unit")}>
          <input {...attrs("unit")} type="text" maxLength={20} autoComplete="off" defaultValue={row.unit} />
        </Field>
        <Field id={name("rate")} label="Rate (₹)" error={err("rate")}>
          <input {...attrs("rate")} type="text" inputMode="decimal" maxLength={20} autoComplete="off" defaultValue={row.rate} />
        </Field>
        <Field id={name("discount")} label="Discount (₹)" error={err("discount")}>
          <input {...attrs("discount")} type="text" inputMode="decimal" maxLength={20} autoComplete="off" defaultValue={row.discount} />
        </Field>
        <Field id={name("gstRate")} label="GST" error={err("gstRate")}>
          <select {...attrs("gstRate")} defaultValue={row.gstRate}>
            <option value="">Choose</option>
            {GST_RATES.map((r) => (
              <option key={r} value={String(r)}>
                {r}%
              </option>
            ))}
          </select>
        </Field>
      </div>
    </fieldset>
  );
}

/** The lines typed so far in the container, as the form would post them. */
function rowsFromDom(container: HTMLElement, prefix: string): RawLine[] {
  const form = container.closest("form");
  return form ? readLineRows(new FormData(form), prefix) : [];
}

function previewOf(rows: RawLine[], placeOfSupplyCode: string | undefined) {
  const lines: LineInput[] = [];
  let skipped = 0;
  for (const row of rows) {
    if (isBlankLine(row)) continue;
    const parsed = lineItemSchema.safeParse(row);
    if (parsed.success) lines.push(parsed.data);
    else skipped++;
  }
  if (!placeOfSupplyCode || lines.length === 0) return { lines: lines.length, skipped, totals: null };
  try {
    return { lines: lines.length, skipped, totals: invoiceTotals(lines, { code: placeOfSupplyCode }, { roundToRupee: true }) };
  } catch {
    return { lines: lines.length, skipped, totals: null };
  }
}

/**
 * The line items editor. Props are generic so quotes, invoices and credit notes share it: the name prefix,
 * the lines to draw (typed rows, or stored lines through rawFromLine), the products to pick from, errors by
 * field name, and the place of supply's state code for the preview (CGST + SGST or IGST).
 */
export function LineItemsFields({
  prefix = "line",
  rows,
  products,
  errors = {},
  placeOfSupplyCode,
  legend = "Lines",
  extraRows = BLANK_ROWS,
}: {
  prefix?: string;
  rows: RawLine[];
  products: readonly PickerProduct[];
  errors?: Record<string, string>;
  placeOfSupplyCode?: string;
  legend?: string;
  /** Blank rows after the lines (more after "Add lines"). */
  extraRows?: number;
}) {
  const hydrated = useHydrated();
  const initial = rowsToDraw(rows, extraRows);
  const [count, setCount] = useState(initial.length);
  const [preview, setPreview] = useState(() => previewOf(rows, placeOfSupplyCode));
  const container = useRef<HTMLDivElement>(null);
  const drawn = Array.from({ length: count }, (_, i) => initial[i] ?? blankLine());

  const refresh = () => {
    if (container.current) setPreview(previewOf(rowsFromDom(container.current, prefix), placeOfSupplyCode));
  };

  const onProduct = (index: number, productId: string) => {
      const p = products.find((x) => String(x.id) === productId);
      const form = container.current?.closest("form");
      if (!p || !form) return;
      const set = (f: LineField, value: string, always = false) => {
        const el = form.elements.namedItem(lineFieldName(prefix, index, f));
        if ((el instanceof HTMLInputElement || el instanceof HTMLSelectElement) && (always || !el.value.trim())) el.value = value;
      };
      set("description", p.label);
      set("hsnSac", p.hsnSac);
      set("unit", p.unit);
      set("rate", rupeesText(p.pricePaise));
      set("gstRate", String(p.gstRate));
      set("quantity", "1");
      const kind = form.elements.namedItem(lineFieldName(prefix, index, "kind"));
      if (kind instanceof HTMLSelectElement && kind.value === "service") kind.value = "part";
      refresh();
  };

  const onInput = (_e: FormEvent) => refresh();
  const t = preview.totals;
  return (
    <div ref={container} onInput={onInput} onChange={onInput} className="space-y-3">
      <h2 className="text-lg font-semibold">{legend}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Rates and discounts in rupees, before GST. Pick a product to fill its HSN code, GST rate, unit and price. Blank lines are left out.
      </p>
      {drawn.map((row, i) => (
        <LineRow key={i} prefix={prefix} index={i} row={row} products={products} errors={errors} onProduct={onProduct} />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="small"
          type="submit"
          name="intent"
          value="add-lines"
          formNoValidate
          onClick={
            hydrated
              ? (e) => {
                  e.preventDefault();
                  setCount((c) => Math.min(MAX_LINES, c + BLANK_ROWS));
                }
              : undefined
          }
        >
          Add lines
        </Button>
      </div>
      <div role="status" className="rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800">
        {t ? (
          <p>
            {preview.lines === 1 ? "1 line" : `${preview.lines} lines`}: taxable {formatPaise(t.taxablePaise)}
            {t.supply === "intra-state" ? ` + CGST ${formatPaise(t.cgstPaise)} + SGST ${formatPaise(t.sgstPaise)}` : ` + IGST ${formatPaise(t.igstPaise)}`}
            {t.roundOffPaise ? `, round-off ${formatPaise(t.roundOffPaise)}` : ""} = <strong>{formatPaise(t.payablePaise)}</strong>
            {preview.skipped ? ` (${preview.skipped} line${preview.skipped === 1 ? "" : "s"} not complete yet)` : ""}
          </p>
        ) : (
          <p>{preview.lines || preview.skipped ? "The total shows once a line is complete and the place of supply is known." : "No lines yet."}</p>
        )}
      </div>
    </div>
  );
}
