import type { QuoteFormState } from "~/.server/quotes/form.ts";
import { muted } from "~/components/admin/styles.ts";
import { FormError, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { StateSelect } from "~/components/form/state-select.tsx";
import { LineItemsFields } from "~/components/money/line-items-fields.tsx";
import type { PickerProduct } from "~/lib/money/line-rows.ts";
import { formatPaise } from "~/lib/format.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * The quote form's fields, shared by /admin/quotes/new and a draft's page: title, site, the place of supply
 * (with the state to choose when neither a GSTIN nor the site's state is on record), the lines, the
 * reference band of the service's indicative charges, terms and a note. Without JavaScript, "Add lines"
 * and the save button post the form back; each message sits beside its field.
 */

export interface QuoteFormContext {
  customer: { reference: string; name: string; company: string | null; gstin: string | null };
  sites: Array<{ id: number; name: string; stateCode: string | null }>;
  products: PickerProduct[];
  band: { category: string; minPaise: number; maxPaise: number; from: "service" | "category" } | null;
}

const errorText = "mt-1 text-sm font-medium text-red-700 dark:text-red-400";

export function QuoteFields({ state, context }: { state: QuoteFormState; context: QuoteFormContext }) {
  const { values: v, errors: e, place } = state;
  return (
    <div className="space-y-5">
      <FormError message={e.form ?? e.idempotencyKey ?? e.version} />
      <TextField name="title" label="What the quote is for" required maxLength={160} autoComplete="off" defaultValue={v.title} error={e.title} hint="One line, e.g. Repair of ABB ACS580 7.5 kW drive" />
      {context.sites.length > 0 && (
        <SelectField
          name="site"
          label="Site"
          placeholder="No site (the customer's own address)"
          defaultValue={v.site}
          error={e.site}
          hint="Where the work is: its state is the place of supply when the customer has no GSTIN."
          options={[{ group: "The customer's sites", items: context.sites.map((s) => ({ value: String(s.id), label: s.stateCode ? `${s.name} (state ${s.stateCode})` : `${s.name} (no state on record)` })) }]}
        />
      )}
      <TitledSection headingId="place-heading" title="Place of supply" className="rounded-md border border-slate-300 p-4 dark:border-slate-700" headingClassName="text-lg font-semibold">
        {place ? (
          <p className="mt-1">
            <strong>
              {place.name} ({place.code})
            </strong>
            , {place.basis}: {place.supply === "intra-state" ? "CGST + SGST (within Telangana)" : "IGST (outside Telangana)"}.
          </p>
        ) : (
          <p className="mt-1">Not known yet: choose the customer&apos;s state below.</p>
        )}
        {state.gstinProblem && <p className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-300">{state.gstinProblem}</p>}
        {state.needsState && (
          <div className="mt-3">
            <StateSelect
              name="stateCode"
              label="Customer's state"
              required
              defaultValue={v.stateCode}
              error={e.stateCode}
              hint="Neither a GSTIN nor the site's state is on record: it decides CGST + SGST or IGST. Add the state to the site to stop being asked."
            />
          </div>
        )}
        {!state.needsState && e.stateCode && <p className={errorText}>{e.stateCode}</p>}
      </TitledSection>
      <LineItemsFields rows={state.rows} products={context.products} errors={e} placeOfSupplyCode={place?.code} extraRows={state.extraRows} legend="Lines" />
      {e.lines && (
        <p role="alert" className={errorText}>
          {e.lines}
        </p>
      )}
      {context.band ? (
        <p className={`text-sm ${muted}`}>
          Reference band: the indicative charges for {context.band.category} work are {formatPaise(context.band.minPaise, { wholeRupeesBare: true })} to{" "}
          {formatPaise(context.band.maxPaise, { wholeRupeesBare: true })} ({context.band.from === "service" ? "the service's own band, in Services" : "settings, charges"}). A quote outside it is allowed: it is a guide.
        </p>
      ) : (
        <p className={`text-sm ${muted}`}>No reference band: the quote is not for a service of the catalogue.</p>
      )}
      <TextArea name="terms" label="Terms" rows={5} maxLength={2000} defaultValue={v.terms} error={e.terms} hint="From the settings; change them for this quote only if needed." />
      <TextArea name="notes" label="Note to the customer" rows={3} maxLength={1000} defaultValue={v.notes} error={e.notes} />
    </div>
  );
}

/** "₹12,000 is within the band ..." beside a saved total. */
export function bandText(totalPaise: number, band: QuoteFormContext["band"]): string | null {
  if (!band) return null;
  const range = `${formatPaise(band.minPaise, { wholeRupeesBare: true })} to ${formatPaise(band.maxPaise, { wholeRupeesBare: true })}`;
  if (totalPaise < band.minPaise) return `Below the indicative band for ${band.category} (${range}).`;
  if (totalPaise > band.maxPaise) return `Above the indicative band for ${band.category} (${range}).`;
  return `Within the indicative band for ${band.category} (${range}).`;
}
