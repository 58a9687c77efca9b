import type { ReactNode } from "react";
import { FieldIdPrefix, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { StateSelect } from "~/components/form/state-select.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { UNIT_KINDS } from "~/lib/forms/admin/customers.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import type { RecordUnit } from "~/.server/customers/record.ts";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * The customer page's forms: each a plain POST with its intent and the customer's version (hidden), so a
 * form drawn before someone else's change is refused. A refused form shows its messages beside its fields
 * and keeps what was typed; the edit forms sit in <details> (open again after a refusal), so the page reads
 * as a record first and works without JavaScript.
 */

export type { FormFailure } from "~/lib/forms/form-basics.ts";

const dangerClass =
  "inline-flex h-11 items-center rounded-md border border-red-700 px-5 font-semibold text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-slate-800";

/** The failure of this form (same intent and, for a row's form, the same row), or undefined. */
export function failureOf(failure: FormFailure | undefined, intent: string, key?: { name: string; value: number }): FormFailure | undefined {
  if (failure?.intent !== intent) return undefined;
  if (key && failure.values[key.name] !== String(key.value)) return undefined;
  return failure;
}

export function PostForm({
  intent,
  version,
  failure,
  id,
  button,
  danger,
  hidden = {},
  children,
}: {
  intent: string;
  version: number;
  failure: FormFailure | undefined;
  /** Unique on the page: prefixes the field ids. */
  id: string;
  button: string;
  danger?: boolean;
  hidden?: Record<string, string | number>;
  children?: ReactNode;
}) {
  return (
    <IntentForm intent={intent} version={version} error={failure?.errors.form} className="space-y-4">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      <FieldIdPrefix.Provider value={`${id}-`}>{children}</FieldIdPrefix.Provider>
      <button type="submit" className={danger ? dangerClass : buttonClass()}>
        {button}
      </button>
    </IntentForm>
  );
}

/** A form folded under a summary line; opened when it was refused, so its messages show. */
export function Fold({ summary, open, children }: { summary: string; open: boolean; children: ReactNode }) {
  return (
    <details open={open || undefined} className="mt-3 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <summary className="cursor-pointer font-semibold text-brand-700 dark:text-sky-300">{summary}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

export function SiteFields({
  failure,
  site,
}: {
  failure: FormFailure | undefined;
  site?: { name: string; address: string | null; city: string | null; pincode: string | null; stateCode: string | null };
}) {
  const v = failure?.values;
  const e = failure?.errors ?? {};
  return (
    <>
      <TextField name="name" label="Site name" required maxLength={120} defaultValue={v?.name ?? site?.name} error={e.name} hint="e.g. Patancheru plant" />
      <TextArea name="address" label="Address" rows={2} maxLength={300} defaultValue={v?.address ?? site?.address ?? undefined} error={e.address} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="city" label="City" maxLength={80} defaultValue={v?.city ?? site?.city ?? undefined} error={e.city} />
        <TextField name="pincode" label="PIN code" inputMode="numeric" maxLength={7} defaultValue={v?.pincode ?? site?.pincode ?? undefined} error={e.pincode} />
      </div>
      <StateSelect name="stateCode" label="State" defaultValue={v?.stateCode ?? site?.stateCode} error={e.stateCode} />
    </>
  );
}

/** A unit's fields as the record gives them (the form is drawn with them). */
export type UnitValues = Omit<RecordUnit, "id">;

export function UnitFields({
  failure,
  unit,
  sites,
  defaultSite,
}: {
  failure: FormFailure | undefined;
  unit?: UnitValues;
  sites: Array<{ id: number; name: string }>;
  defaultSite?: number | null;
}) {
  const v = failure?.values;
  const e = failure?.errors ?? {};
  const site = v?.siteId ?? (unit ? (unit.siteId === null ? "" : String(unit.siteId)) : defaultSite ? String(defaultSite) : "");
  const kinds = [...UNIT_KINDS];
  if (unit?.kind && !kinds.includes(unit.kind as (typeof UNIT_KINDS)[number])) kinds.unshift(unit.kind as (typeof UNIT_KINDS)[number]);
  return (
    <>
      <SelectField
        name="siteId"
        label="Site"
        placeholder="No site (workshop, or not known)"
        options={[{ group: "Sites", items: sites.map((s) => ({ value: String(s.id), label: s.name })) }]}
        defaultValue={site}
        error={e.siteId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="kind"
          label="Kind"
          placeholder="Choose…"
          options={[{ group: "Kinds", items: kinds.map((k) => ({ value: k, label: k })) }]}
          defaultValue={v?.kind ?? unit?.kind ?? undefined}
          error={e.kind}
        />
        <TextField name="make" label="Make" required maxLength={80} defaultValue={v?.make ?? unit?.make} error={e.make} hint="e.g. ABB, Siemens, Delta" />
        <TextField name="model" label="Model" maxLength={120} defaultValue={v?.model ?? unit?.model ?? undefined} error={e.model} hint="e.g. ACS880-01-045A-3" />
        <TextField name="rating" label="Rating" maxLength={80} defaultValue={v?.rating ?? unit?.rating ?? undefined} error={e.rating} hint="e.g. 22 kW 415 V" />
        <TextField name="serialNumber" label="Serial number" maxLength={80} autoComplete="off" defaultValue={v?.serialNumber ?? unit?.serialNumber ?? undefined} error={e.serialNumber} hint="As on the nameplate." />
        <TextField name="location" label="Where in the plant" maxLength={160} defaultValue={v?.location ?? unit?.location ?? undefined} error={e.location} hint="e.g. Extruder line 2" />
      </div>
    </>
  );
}
