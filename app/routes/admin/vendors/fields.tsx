import { SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { MAX_CONTACTS } from "~/lib/forms/admin/vendors.ts";
import { GST_STATES } from "~/lib/settings-schema.ts";

/**
 * The vendor form's fields, shared by the add page and the vendor's page: what was typed comes back after a
 * refusal, each message beside its field. Contacts are rows of name, phone and e-mail: the ones on record and
 * one empty row (clear a row's name, phone and e-mail to remove it).
 */

const STATE_OPTIONS = [{ group: "GST states and territories", items: Object.entries(GST_STATES).map(([code, name]) => ({ value: code, label: `${code} ${name}` })) }];

export function VendorFields({ values: v, errors: e }: { values: Record<string, string | undefined>; errors: Record<string, string | undefined> }) {
  const filled = Array.from({ length: MAX_CONTACTS }, (_, i) => i).filter((i) => v[`contact${i}Name`] || v[`contact${i}Phone`] || v[`contact${i}Email`]);
  const rows = Math.min(MAX_CONTACTS, (filled.length ? Math.max(...filled) + 1 : 0) + 1);
  return (
    <>
      <TextField name="name" label="Name" required maxLength={160} autoComplete="off" defaultValue={v.name} error={e.name} hint="As on their bills, e.g. Deccan Automation Supplies" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="gstin" label="GSTIN" maxLength={15} autoComplete="off" defaultValue={v.gstin} error={e.gstin} hint="15 characters, e.g. 36AAAAA0000A1Z3. Empty for an unregistered vendor (no GST on their bills)." />
        <SelectField name="stateCode" label="State" placeholder="From the GSTIN" options={STATE_OPTIONS} defaultValue={v.stateCode} error={e.stateCode} hint="Taken from the GSTIN when there is one." />
      </div>
      <TextArea name="address" label="Address" rows={2} maxLength={300} defaultValue={v.address} error={e.address} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="city" label="City" maxLength={80} autoComplete="off" defaultValue={v.city} error={e.city} />
        <TextField name="pincode" label="PIN code" inputMode="numeric" maxLength={6} autoComplete="off" defaultValue={v.pincode} error={e.pincode} />
        <TextField name="paymentTermsDays" label="Payment terms (days)" inputMode="numeric" maxLength={3} autoComplete="off" defaultValue={v.paymentTermsDays ?? "30"} error={e.paymentTermsDays} hint="Days from the bill to pay it; 0 on delivery." />
      </div>
      {Array.from({ length: rows }, (_, i) => (
        <fieldset key={i} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 font-medium">Contact {i + 1}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField name={`contact${i}Name`} label="Name" maxLength={120} autoComplete="off" defaultValue={v[`contact${i}Name`]} error={e[`contact${i}Name`]} />
            <TextField name={`contact${i}Phone`} label="Phone" type="tel" inputMode="tel" maxLength={30} autoComplete="off" defaultValue={v[`contact${i}Phone`]} error={e[`contact${i}Phone`]} />
            <TextField name={`contact${i}Email`} label="E-mail" type="email" inputMode="email" maxLength={200} autoComplete="off" defaultValue={v[`contact${i}Email`]} error={e[`contact${i}Email`]} />
          </div>
        </fieldset>
      ))}
      <TextArea name="notes" label="Notes" rows={3} maxLength={2000} defaultValue={v.notes} error={e.notes} hint="For the office: what they are good for, who to ask." />
    </>
  );
}

/** The form values of a vendor on record. */
export function vendorValues(x: {
  name: string;
  gstin: string | null;
  stateCode: string | null;
  address: string | null;
  city: string | null;
  pincode: string | null;
  paymentTermsDays: number;
  notes: string | null;
  contacts: Array<{ name: string; phone: string | null; email: string | null }>;
}): Record<string, string> {
  const values: Record<string, string> = {
    name: x.name,
    gstin: x.gstin ?? "",
    stateCode: x.gstin ? "" : (x.stateCode ?? ""),
    address: x.address ?? "",
    city: x.city ?? "",
    pincode: x.pincode ?? "",
    paymentTermsDays: String(x.paymentTermsDays),
    notes: x.notes ?? "",
  };
  x.contacts.forEach((c, i) => {
    values[`contact${i}Name`] = c.name;
    values[`contact${i}Phone`] = c.phone ?? "";
    values[`contact${i}Email`] = c.email ?? "";
  });
  return values;
}

export function Existing({ existing }: { existing?: { id: number; label: string } }) {
  if (!existing) return null;
  return (
    <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 dark:bg-slate-900">
      This GSTIN is already a vendor&apos;s:{" "}
      <a href={`/admin/vendors/${existing.id}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
        open {existing.label}
      </a>
      .
    </p>
  );
}
