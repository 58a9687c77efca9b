import { Field, FieldError, FormError, TextField } from "~/components/form/fields.tsx";
import { IntentFormPanel } from "~/components/admin/intent-form-panel.tsx";
import { Table } from "~/components/admin/table.tsx";
import { TitledSection } from "~/components/titled-section.tsx";
import { Button } from "~/components/ui/button.tsx";
import { PART_UNITS } from "~/lib/forms/technician-job.ts";
import type { FormFailure } from "./actions.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * The request page's parts (issue 19 §5): what the job waits for (parts requests, from the technician's
 * "Parts needed" or raised here), stock reserved for it, the order each is on, and parts taken from stock for
 * the job that can go back on the shelf. Plain forms, each with its intent.
 */

export const PARTS_INTENTS = ["parts-request", "parts-reserve", "parts-cancel", "part-return"] as const;

export interface PartsPanelProps {
  closed: boolean;
  version: number;
  formKey: string;
  ready: boolean;
  productLabels: string[];
  requests: Array<{
    id: number;
    version: number;
    description: string;
    quantityText: string;
    reserved: number;
    outstanding: number;
    available: number | null;
    productId: number | null;
    stateLabel: string;
    state: string;
    source: string;
    note: string | null;
    order: { number: string } | null;
  }>;
  parts: Array<{ id: number; description: string; quantityText: string; stock: number; returned: number; returnable: number }>;
  failure: FormFailure | undefined;
}

const cell = "border-b border-slate-200 px-2 py-2 align-top dark:border-slate-800";

export function PartsPanel({ closed, version, formKey, ready, productLabels, requests, parts, failure }: PartsPanelProps) {
  const rowFailure = failure && failure.intent !== "parts-request" && (PARTS_INTENTS as readonly string[]).includes(failure.intent ?? "") ? failure : undefined;
  const live = requests.filter((r) => r.state !== "cancelled");
  return (
    <TitledSection headingId="parts-heading" title="Parts" className="mt-8" headingClassName="text-xl font-semibold">
      {live.length > 0 && (
        <p role="status" className={`mt-2 rounded-md border p-3 font-semibold ${ready ? "border-green-700 bg-green-50 text-green-950 dark:bg-green-950 dark:text-green-100" : "border-amber-500 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100"}`}>
          {ready ? "Every part is in: the job can be scheduled again." : "Waiting for parts: the job cannot be finished until they are in."}
        </p>
      )}
      <FormError message={rowFailure ? Object.values(rowFailure.errors)[0] : undefined} />
      {requests.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">No parts requested for this job.</p>
      ) : (
        <Table label="Parts requested for this job" className="relative mt-3" columns={["Part", "Where it stands", <span key="a" className="sr-only">Actions</span>]}>
              {requests.map((r) => (
                <tr key={r.id}>
                  <td className={cell}>
                    <span className="font-medium">
                      {r.quantityText} {r.description}
                    </span>
                    <span className="block text-slate-700 dark:text-slate-300">
                      {r.source === "technician" ? "Asked by the technician" : "Raised by the office"}
                      {r.note ? `: ${r.note}` : ""}
                    </span>
                  </td>
                  <td className={cell}>
                    <strong>{r.stateLabel}</strong>
                    {r.reserved > 0 && <span className="block">{r.reserved} reserved from stock</span>}
                    {r.order && (
                      <span className="block">
                        On order{" "}
                        <a href={`/admin/vendors/orders/${r.order.number}`} className="font-mono underline">
                          {r.order.number}
                        </a>
                      </span>
                    )}
                    {r.available !== null && r.state !== "ready" && r.state !== "cancelled" && <span className="block">{r.available} available on the shelf</span>}
                  </td>
                  <td className={cell}>
                    {!closed && r.state !== "cancelled" && r.state !== "ready" && (
                      <div className="flex flex-wrap gap-2">
                        {r.productId !== null && r.outstanding > 0 && (r.available ?? 0) > 0 && (
                          <IntentForm intent="parts-reserve">
                            <input type="hidden" name="partsRequest" value={r.id} />
                            <input type="hidden" name="version" value={r.version} />
                            <Button type="submit" size="small">
                              Reserve from stock
                            </Button>
                          </IntentForm>
                        )}
                        <IntentForm intent="parts-cancel">
                          <input type="hidden" name="partsRequest" value={r.id} />
                          <input type="hidden" name="version" value={r.version} />
                          <Button type="submit" size="small" variant="secondary">
                            Cancel request
                          </Button>
                        </IntentForm>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
        </Table>
      )}
      {parts.some((p) => p.stock > 0) && (
        <>
          <h3 className="mt-5 font-semibold">Taken from our stock</h3>
          <ul className="mt-2 space-y-3">
            {parts
              .filter((p) => p.stock > 0)
              .map((p) => (
                <li key={p.id} className="flex flex-wrap items-end gap-3">
                  <span>
                    {p.quantityText} {p.description}: {p.stock} from stock{p.returned > 0 ? `, ${p.returned} returned` : ""}
                  </span>
                  {p.returnable > 0 && (
                    <IntentForm intent="part-return" className="flex items-end gap-2">
                      <input type="hidden" name="part" value={p.id} />
                      <div>
                        <label htmlFor={`return-${p.id}`} className="block text-sm font-medium">
                          Quantity back
                        </label>
                        <input id={`return-${p.id}`} name="quantity" inputMode="numeric" maxLength={4} defaultValue="1" className="mt-1 w-20 rounded-md border border-slate-400 px-2 py-2 dark:bg-slate-900" />
                      </div>
                      <Button type="submit" size="small" variant="secondary">
                        Return to stock
                      </Button>
                    </IntentForm>
                  )}
                </li>
              ))}
          </ul>
        </>
      )}
      {!closed && (
        <div className="mt-5">
          <IntentFormPanel intent="parts-request" title="Raise a parts request" version={version} failure={failure} button="Raise parts request" intro="Purchasing sees it in the parts requests: they reserve it from stock or order it.">
            <input type="hidden" name="idempotencyKey" value={formKey} />
            <Field id="parts-request-product" label="From our products (optional)" hint="Start typing the make, model or name and pick it, or leave empty and describe the part below.">
              {(aria) => (
                <input {...aria} name="product" list="request-part-products" maxLength={200} autoComplete="off" defaultValue={failure?.intent === "parts-request" ? failure.values.product : undefined} className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2.5 dark:bg-slate-900" />
              )}
            </Field>
            <datalist id="request-part-products">
              {productLabels.map((l) => (
                <option key={l} value={l} />
              ))}
            </datalist>
            <TextField name="description" label="Part" maxLength={200} error={failure?.intent === "parts-request" ? failure.errors.description : undefined} defaultValue={failure?.intent === "parts-request" ? failure.values.description : undefined} />
            <div className="grid grid-cols-2 gap-3">
              <TextField name="quantity" label="Quantity" required inputMode="numeric" maxLength={4} error={failure?.intent === "parts-request" ? failure.errors.quantity : undefined} defaultValue={failure?.intent === "parts-request" ? failure.values.quantity : "1"} />
              <div>
                <label htmlFor="parts-request-unit" className="block font-medium">
                  Unit
                </label>
                <select id="parts-request-unit" name="unit" defaultValue={failure?.intent === "parts-request" ? failure.values.unit : "nos"} className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2.5 dark:bg-slate-900">
                  {PART_UNITS.map((u) => (
                    <option key={u.value} value={u.value}>
                      {u.label}
                    </option>
                  ))}
                </select>
                <FieldError id="parts-request-unit-error" message={failure?.intent === "parts-request" ? failure.errors.unit : undefined} />
              </div>
            </div>
          </IntentFormPanel>
        </div>
      )}
    </TitledSection>
  );
}
