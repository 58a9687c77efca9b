import { Table } from "~/components/admin/table.tsx";
import { muted } from "~/components/admin/styles.ts";
import { FieldIdPrefix, FormError, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { STOCK_KIND_LABELS } from "~/lib/forms/admin/stock.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * A product's stock on its page (issue 19 §5): on hand, reserved for jobs, available and the reorder level;
 * "Adjust stock" (a count with its reason: the only way on hand is set by hand) and the reorder level; the
 * latest movements of the ledger.
 */

interface Props {
  product: { id: number; version: number; unit: string };
  stock: { onHand: number; reserved: number; available: number; reorderLevel: number; belowReorderSince: string | null };
  movements: Array<{ id: number; kind: string; onHandChange: number; reservedChange: number; onHandAfter: number; reservedAfter: number; reason: string; by: string | null; requestReference: string | null; createdAt: string }>;
  failure: FormFailure | undefined;
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

export function StockSection({ product, stock, movements, failure }: Props) {
  const adjust = failure?.intent === "adjust" ? failure : undefined;
  const reorder = failure?.intent === "reorder" ? failure : undefined;
  const below = stock.belowReorderSince !== null;
  return (
    <TitledSection headingId="stock-heading" title="Stock" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ["On hand", stock.onHand],
          ["Reserved for jobs", stock.reserved],
          ["Available", stock.available],
          ["Reorder level", stock.reorderLevel || "Not watched"],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className={`text-sm ${muted}`}>{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {below && (
        <p role="status" className="mt-3 rounded-md border border-amber-500 bg-amber-50 p-3 font-semibold text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          Below the reorder level since <time dateTime={stock.belowReorderSince!}>{formatDateTime(stock.belowReorderSince!)}</time>: order more (
          <a href="/admin/vendors/orders" className="underline">
            purchase orders
          </a>
          ).
        </p>
      )}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <form method="post" aria-labelledby="adjust-heading" className="space-y-3">
          <h3 id="adjust-heading" className="font-semibold">
            Adjust stock
          </h3>
          <input type="hidden" name="intent" value="adjust" />
          <input type="hidden" name="seenOnHand" value={stock.onHand} />
          <FormError message={adjust?.errors.form} />
          <FieldIdPrefix.Provider value="adjust-">
            <TextField name="onHand" label={`Counted on the shelf (${product.unit})`} required inputMode="numeric" maxLength={6} error={adjust?.errors.onHand} defaultValue={adjust?.values.onHand ?? String(stock.onHand)} />
            <TextField name="reason" label="Why" required maxLength={300} error={adjust?.errors.reason} defaultValue={adjust?.values.reason} hint="E.g. stock count on 6 Dec; 2 found damaged." />
          </FieldIdPrefix.Provider>
          <Button type="submit" size="small">
            Adjust stock
          </Button>
        </form>
        <form method="post" aria-labelledby="reorder-heading" className="space-y-3">
          <h3 id="reorder-heading" className="font-semibold">
            Reorder level
          </h3>
          <input type="hidden" name="intent" value="reorder" />
          <input type="hidden" name="version" value={product.version} />
          <FormError message={reorder?.errors.form} />
          <FieldIdPrefix.Provider value="reorder-">
            <TextField
              name="reorderLevel"
              label="Tell us when fewer than this are available"
              required
              inputMode="numeric"
              maxLength={6}
              error={reorder?.errors.reorderLevel}
              defaultValue={reorder?.values.reorderLevel ?? String(stock.reorderLevel)}
              hint="0 stops watching this product's stock."
            />
          </FieldIdPrefix.Provider>
          <Button type="submit" size="small" variant="secondary">
            Save reorder level
          </Button>
        </form>
      </div>
      <h3 className="mt-5 font-semibold">Latest movements</h3>
      {movements.length === 0 ? (
        <p className={`mt-1 ${muted}`}>No stock movement yet.</p>
      ) : (
        <Table label="Latest stock movements" className="mt-2" columns={["When", "What", "On hand", "Reserved", "Why"]}>
          {movements.map((m) => (
            <tr key={m.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </td>
              <td className="px-3 py-2">
                {STOCK_KIND_LABELS[m.kind] ?? m.kind}
                {m.requestReference && (
                  <>
                    {" "}
                    <a href={`/admin/service-requests/${m.requestReference}`} className="font-mono underline">
                      {m.requestReference}
                    </a>
                  </>
                )}
                {m.by && <span className={`block ${muted}`}>{m.by}</span>}
              </td>
              <td className="px-3 py-2 tabular-nums">
                {signed(m.onHandChange)} → {m.onHandAfter}
              </td>
              <td className="px-3 py-2 tabular-nums">
                {signed(m.reservedChange)} → {m.reservedAfter}
              </td>
              <td className="px-3 py-2">{m.reason}</td>
            </tr>
          ))}
        </Table>
      )}
    </TitledSection>
  );
}
