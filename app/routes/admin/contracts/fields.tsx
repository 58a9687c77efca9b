import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { FieldError, RadioGroup, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { BILLING_PLANS, CONTRACT_PLANS, DEFAULT_CONTRACT_SAC, MAX_RESPONSE_HOURS, MAX_VISITS_PER_YEAR, PLAN_DEFAULTS } from "~/lib/forms/admin/contracts.ts";

/**
 * The contract form's fields, shared by the new-contract page and the contract's edit form. What was typed
 * comes back after a refusal, each message beside its field. The visits a year and the response time may be
 * left blank: the plan's default then applies (the numbers the catalogue's AMC pages state), so the form
 * needs no script to follow the plan picked.
 */

export interface ContractFormOptions {
  sites: Array<{ id: number; label: string }>;
  units: Array<{ id: number; label: string; detail: string }>;
  /** The catalogue's one-line description of each plan. */
  plans: Record<string, string>;
}

const defaultsHint = (what: "visitsPerYear" | "responseHours") =>
  `Blank: the plan's, as the catalogue states it (${CONTRACT_PLANS.map((p) => `${PLAN_DEFAULTS[p].label} ${PLAN_DEFAULTS[p][what]}`).join(", ")}).`;

export function ContractFields({
  values: v,
  errors: e,
  options,
  checkedUnits,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  options: ContractFormOptions;
  checkedUnits: ReadonlySet<number>;
}) {
  return (
    <>
      <RadioGroup
        name="plan"
        label="Plan"
        required
        defaultValue={v.plan}
        error={e.plan}
        options={CONTRACT_PLANS.map((p) => ({ value: p, label: `AMC ${PLAN_DEFAULTS[p].label}`, hint: options.plans[p] }))}
      />
      <SelectField
        name="siteId"
        label="Site"
        placeholder="No particular site (all the customer's plants)"
        options={options.sites.length ? [{ group: "The customer's sites", items: options.sites.map((s) => ({ value: String(s.id), label: s.label })) }] : []}
        defaultValue={v.siteId}
        error={e.siteId}
        hint="Its requests from this site get the contract's response time."
      />
      <fieldset aria-describedby={e.unitIds ? "unitIds-error" : "unitIds-hint"}>
        <legend className="font-medium">
          Equipment covered <span className="text-sm font-normal text-slate-600 dark:text-slate-400">(optional)</span>
        </legend>
        <p id="unitIds-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {options.units.length ? "The units in the equipment schedule." : "The customer has no units recorded: add them on the customer's page, then here."}
        </p>
        {options.units.length > 0 && (
          <ul className="mt-2 space-y-2">
            {options.units.map((u) => (
              <li key={u.id}>
                <label className="flex items-start gap-2">
                  <input type="checkbox" name="unitIds" value={u.id} defaultChecked={checkedUnits.has(u.id)} className="mt-1 size-4 shrink-0" />
                  <span>
                    <span className="block font-medium">{u.label}</span>
                    {u.detail && <span className="block text-sm text-slate-600 dark:text-slate-400">{u.detail}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <FieldError id="unitIds-error" message={e.unitIds} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="startsOn" label="Starts on" type="date" required defaultValue={v.startsOn} error={e.startsOn} />
        <TextField name="endsOn" label="Ends on" type="date" defaultValue={v.endsOn} error={e.endsOn} hint="Blank: a year from the start, less a day." />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ["visitsPerYear", "Preventive visits a year", `1 to ${MAX_VISITS_PER_YEAR}, spread evenly from the start.`],
            ["responseHours", "Response time (hours)", `Round the clock, 1 to ${MAX_RESPONSE_HOURS}.`],
          ] as const
        ).map(([name, label, range]) => (
          <TextField key={name} name={name} label={label} inputMode="numeric" maxLength={3} autoComplete="off" defaultValue={v[name]} error={e[name]} hint={`${range} ${defaultsHint(name)}`} />
        ))}
      </div>
      <TextField name="price" label="Price for the period, before GST (₹)" required maxLength={20} autoComplete="off" defaultValue={v.price} error={e.price} hint="In rupees, e.g. 48000 or 48000.50" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="gstRate" label="GST rate (%)" inputMode="numeric" maxLength={4} autoComplete="off" defaultValue={v.gstRate ?? "18"} error={e.gstRate} hint="0, 5, 18 or 40; maintenance is 18." />
        <TextField name="sacCode" label="SAC code" inputMode="numeric" maxLength={6} autoComplete="off" defaultValue={v.sacCode ?? DEFAULT_CONTRACT_SAC} error={e.sacCode} hint="Maintenance and repair services: 998719." />
      </div>
      <RadioGroup name="billing" label="Billing" required defaultValue={v.billing} error={e.billing} options={BILLING_PLANS} />
      <TextArea name="scope" label="Scope" rows={3} maxLength={1000} defaultValue={v.scope} error={e.scope} hint='What it covers beyond the visits, e.g. "Breakdown call-outs and labour included; parts charged".' />
    </>
  );
}

/** The contract form's tick boxes: the equipment covered, sent once per ticked unit. */
export const CONTRACT_LISTS = ["unitIds"] as const;

/** The units ticked in what was typed back after a refused contract form, or the contract's own. */
export function checkedUnitsOf(failure: FormFailure | undefined, fallback: readonly number[] = []): Set<number> {
  if (failure && "price" in failure.values) return new Set((failure.lists?.unitIds ?? []).filter((v) => /^\d{1,9}$/.test(v)).map(Number));
  return new Set(fallback);
}
