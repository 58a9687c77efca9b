import { SelectField, TextArea, TextField } from "~/components/form/fields.tsx";

/**
 * The product form's fields, shared by the add page and the edit page: what was typed comes back after a
 * refusal, each message beside its field. Price is typed in rupees (stored in paise); the HSN/SAC code, GST
 * rate and unit are checked as an invoice line checks them.
 */
export function ProductFields({
  values: v,
  errors: e,
  categories,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  categories: Array<{ slug: string; name: string }>;
}) {
  return (
    <>
      <TextField name="name" label="Name" required maxLength={160} autoComplete="off" defaultValue={v.name} error={e.name} hint="What it is, e.g. AC drive 7.5 kW, 415 V" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="make" label="Make" maxLength={80} autoComplete="off" defaultValue={v.make} error={e.make} hint="e.g. ABB" />
        <TextField name="model" label="Model or part number" maxLength={80} autoComplete="off" defaultValue={v.model} error={e.model} hint="e.g. ACS580-01-017A-4" />
      </div>
      <SelectField
        name="category"
        label="Category on the products page"
        placeholder="None (not listed by category)"
        options={[{ group: "Products page categories", items: categories.map((c) => ({ value: c.slug, label: c.name })) }]}
        defaultValue={v.category}
        error={e.category}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField name="hsnSac" label="HSN code" required inputMode="numeric" maxLength={8} autoComplete="off" defaultValue={v.hsnSac} error={e.hsnSac} hint="4, 6 or 8 digits, e.g. 8504" />
        <TextField name="gstRate" label="GST rate (%)" required inputMode="numeric" maxLength={4} autoComplete="off" defaultValue={v.gstRate ?? "18"} error={e.gstRate} hint="0, 5, 18 or 40" />
        <TextField name="unit" label="Unit" required maxLength={20} autoComplete="off" defaultValue={v.unit ?? "nos"} error={e.unit} hint="e.g. nos, m, set" />
      </div>
      <TextField name="price" label="Price per unit before GST (₹)" required inputMode="text" maxLength={20} autoComplete="off" defaultValue={v.price} error={e.price} hint="In rupees, e.g. 68500 or 4150.50" />
      <TextArea name="description" label="Description" rows={3} maxLength={1000} defaultValue={v.description} error={e.description} />
      <div className="flex items-start gap-2">
        {/* A new product is listed by default; a form sent back (it always has a name) keeps what was ticked. */}
        <input id="published" name="published" type="checkbox" value="yes" defaultChecked={"name" in v ? v.published === "yes" || v.published === "on" : true} className="mt-1 size-4" />
        <label htmlFor="published">
          <span className="block font-medium">List it on the products page</span>
          <span className="block text-sm text-slate-600 dark:text-slate-400">Under its category, without the price: visitors ask for a quotation.</span>
        </label>
      </div>
    </>
  );
}

export function Existing({ existing }: { existing?: { id: number; label: string } }) {
  if (!existing) return null;
  return (
    <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 dark:bg-slate-900">
      This make, model and name is already a product:{" "}
      <a href={`/admin/products/${existing.id}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
        open {existing.label}
      </a>
      .
    </p>
  );
}
