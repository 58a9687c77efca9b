import { FieldError, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { muted } from "~/components/admin/styles.ts";
import { MAX_SERVICE_FAQS } from "~/lib/forms/admin/services.ts";
import { SERVICE_CATEGORIES } from "~/lib/settings-schema.ts";

/**
 * The service form's fields, shared by the add page and the edit page: what was typed comes back after a
 * refusal, each message beside its field. Lists (makes, faults, what the customer gets) are one item per line;
 * the indicative band is typed in rupees (stored in paise); the cities are checkboxes named city:<slug>.
 */
export function ServiceFields({
  values: v,
  errors: e,
  places,
  cities,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
  places: Array<{ slug: string; name: string }>;
  /** The cities ticked (from the record, or from the form sent back). */
  cities: string[];
}) {
  return (
    <>
      <TextField name="name" label="Name" required maxLength={120} autoComplete="off" defaultValue={v.name} error={e.name} hint="As the catalogue card shows it, e.g. VFD repair. A new service's address is made from it." />
      <SelectField
        name="category"
        label="Category"
        required
        placeholder="Choose a category"
        options={[{ group: "Categories", items: SERVICE_CATEGORIES.map((c) => ({ value: c, label: c })) }]}
        defaultValue={v.category}
        error={e.category}
        hint="Its group on the home page, and its band when it has none of its own."
      />
      <TextArea name="summary" label="Description" required rows={3} maxLength={400} defaultValue={v.summary} error={e.summary} hint="A sentence or two: the card's text and the page's description." />
      <TextArea name="body" label="The service page's text" rows={10} maxLength={20_000} defaultValue={v.body} error={e.body} hint="Markdown: ## for a heading, - for a list item, **bold**. Links and text only: no scripts or HTML." />
      <TextField name="turnaround" label="Turnaround" maxLength={120} autoComplete="off" defaultValue={v.turnaround} error={e.turnaround} hint="e.g. 3-5 working days on the bench" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextArea name="brands" label="Makes and series" rows={5} maxLength={4000} defaultValue={v.brands} error={e.brands} hint="One per line." />
        <TextArea name="faults" label="Faults we handle" rows={5} maxLength={4000} defaultValue={v.faults} error={e.faults} hint="One per line." />
        <TextArea name="deliverables" label="What you get" rows={5} maxLength={4000} defaultValue={v.deliverables} error={e.deliverables} hint="One per line." />
      </div>
      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-semibold">Tax code and indicative price</legend>
        <TextField name="sac" label="SAC code" inputMode="numeric" maxLength={8} autoComplete="off" defaultValue={v.sac} error={e.sac} hint="6 digits starting 99, e.g. 998719 (repair of other equipment)" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="bandMin" label="Lowest indicative price (₹)" inputMode="text" maxLength={20} autoComplete="off" defaultValue={v.bandMin} error={e.bandMin} hint="e.g. 2500" />
          <TextField name="bandMax" label="Highest indicative price (₹)" inputMode="text" maxLength={20} autoComplete="off" defaultValue={v.bandMax} error={e.bandMax} hint="e.g. 15000" />
        </div>
        <p className={`text-sm ${muted}`}>Shown on the service page and as the reference band on its quotes. Leave both empty to use the category&apos;s band from the settings.</p>
      </fieldset>
      <fieldset className="rounded-md border border-slate-200 p-4 dark:border-slate-800" aria-describedby={e.cities ? "cities-error" : "cities-hint"}>
        <legend className="px-1 font-semibold">Cities it is offered in</legend>
        <p id="cities-hint" className={`text-sm ${muted}`}>
          None ticked: offered everywhere we serve. Ticked cities are named on the service page.
        </p>
        <FieldError id="cities-error" message={e.cities} />
        <ul className="mt-3 grid gap-2 sm:grid-cols-3">
          {places.map((p) => (
            <li key={p.slug} className="flex items-center gap-2">
              <input id={`city-${p.slug}`} name={`city:${p.slug}`} type="checkbox" value="yes" defaultChecked={cities.includes(p.slug)} className="size-4" />
              <label htmlFor={`city-${p.slug}`}>{p.name}</label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 font-semibold">Questions on its page</legend>
        <p className={`text-sm ${muted}`}>Up to {MAX_SERVICE_FAQS}. Clear both fields to remove one.</p>
        {Array.from({ length: MAX_SERVICE_FAQS }, (_, i) => (
          <div key={i} role="group" aria-label={`Question ${i + 1}`} className="grid gap-3 sm:grid-cols-2">
            <TextField name={`faqQuestion${i}`} label={`Question ${i + 1}`} maxLength={300} autoComplete="off" defaultValue={v[`faqQuestion${i}`]} error={e[`faqQuestion${i}`]} />
            <TextArea name={`faqAnswer${i}`} label={`Answer ${i + 1}`} rows={2} maxLength={2000} defaultValue={v[`faqAnswer${i}`]} error={e[`faqAnswer${i}`]} />
          </div>
        ))}
      </fieldset>
      <div className="flex items-start gap-2">
        {/* A new service is shown by default; a form sent back (it always has a name) keeps what was ticked. */}
        <input id="shown" name="shown" type="checkbox" value="yes" defaultChecked={"name" in v ? v.shown === "yes" || v.shown === "on" : true} className="mt-1 size-4" />
        <label htmlFor="shown">
          <span className="block font-medium">Show it on the site</span>
          <span className={`block text-sm ${muted}`}>On the home catalogue, the services pages, the search and the sitemap.</span>
        </label>
      </div>
    </>
  );
}

/** The cities ticked in a form sent back (its city:<slug> fields). */
export function citiesOf(values: Record<string, string | undefined>): string[] {
  return Object.keys(values)
    .filter((k) => k.startsWith("city:") && values[k])
    .map((k) => k.slice("city:".length));
}

export function Existing({ existing }: { existing?: { id: number; name: string } }) {
  if (!existing) return null;
  return (
    <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 dark:bg-slate-900">
      This name gives the address of a service already in the catalogue:{" "}
      <a href={`/admin/services/${existing.id}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
        open {existing.name}
      </a>
      .
    </p>
  );
}
