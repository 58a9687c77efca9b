import { eachIntent, recordAction, step } from "~/.server/admin/actions.ts";
import { type FormFailure, parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listEntries } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { trashFromForm } from "~/.server/trash/form.ts";
import { TRASH_INTENT } from "~/lib/forms/admin/data-restoration.ts";
import { addProduct, changeProductState, editProduct, productRecord } from "~/.server/products/changes.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { muted } from "~/components/admin/styles.ts";
import { FormError, SelectField, TextArea, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime, formatPaise } from "~/lib/format.ts";
import { editProductSchema, newProductSchema, paiseToRupeesInput, PRODUCT_STATE_INTENTS, productLabel, productStateSchema } from "~/lib/forms/admin/products.ts";
import type { Route } from "./+types/product";
import type { PageHandle } from "~/lib/page-title.ts";
import { recentMovements } from "~/.server/stock/ledger.ts";
import { adjustStock, setReorderLevel, stockOf } from "~/.server/stock/changes.ts";
import { getDb } from "~/.server/db/index.ts";
import { adjustStockSchema, reorderLevelSchema } from "~/lib/forms/admin/stock.ts";
import { StockSection } from "./stock.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/products/new and /admin/products/{id}, one module (registered so in ~/lib/admin/screens.ts): the new
 * form and the record page share their fields, and the :id param tells them apart.
 *
 * /admin/products/new: a product or part added to the list. Make + model + name is the key: an item already
 * there is refused, with a link to it, so the same form sent twice adds nothing twice.
 *
 * /admin/products/{id}: one product's edit form (on the version it was drawn from: a change made meanwhile
 * refuses it, with a message), publish / unpublish on /products, and withdraw / restore. A product used on a
 * job is never deleted (the parts recorded on it keep naming it): it is withdrawn; one never used can be moved
 * to the trash (ADR 046). Every change is audited
 * in its transaction (~/.server/products/changes.ts).
 */

const pathOf = (id: number) => `/admin/products/${id}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  if (params.id === undefined) return { product: null, categories: (await listEntries("product")).map((c) => ({ slug: c.slug, name: c.title })) };
  const id = await idParam(params.id, url);
  const [product, categories, stock, movements] = await Promise.all([productRecord(id), listEntries("product"), stockOf(id), recentMovements(getDb(), id)]);
  if (!product || !stock) return throwNotFound(url);
  return {
    stock,
    movements,
    product: { ...product, createdAt: product.createdAt.toISOString(), updatedAt: product.updatedAt.toISOString() },
    label: productLabel(product),
    categories: categories.map((c) => ({ slug: c.slug, name: c.title })),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.product?.name ?? "Add a product" };

type Failure = FormFailure & { existing?: { id: number; label: string } };

export async function action(args: Route.ActionArgs) {
  if (args.params.id === undefined) return addAction(args);
  return recordAction(args, pathOf, (staff, id) => ({
    // Stock (issue 19 §5): ~/.server/stock/changes.ts.
    adjust: step(adjustStockSchema, (data) => adjustStock(staff, id, data)),
    reorder: step(reorderLevelSchema, (data) => setReorderLevel(staff, id, data)),
    [TRASH_INTENT]: (form) => trashFromForm(form, staff, "product", id, "/admin/products"),
    edit: step(editProductSchema, (data) => editProduct(staff, id, data)),
    ...eachIntent(PRODUCT_STATE_INTENTS, step(productStateSchema, (data) => changeProductState(staff, id, data))),
  }));
}

async function addAction({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, newProductSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await addProduct(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field, { existing: result.existing });
  return redirectWithFlash(pathOf(result.id), { type: "success", message: `${parsed.data.name} added.` });
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  if (!loaderData.product) return <NewProduct categories={loaderData.categories} failure={failure} />;
  const { product: p, label, categories } = loaderData;
  const editFailure = failure?.intent === "edit" ? failure : undefined;
  const stateFailure = failure && failure.intent !== "edit" && failure.intent !== "adjust" && failure.intent !== "reorder" ? failure : undefined;
  const values = editFailure?.values ?? {
    name: p.name,
    make: p.make ?? "",
    model: p.model ?? "",
    category: p.category ?? "",
    hsnSac: p.hsnSac,
    gstRate: String(p.gstRate),
    unit: p.unit,
    price: paiseToRupeesInput(p.pricePaise),
    description: p.description ?? "",
    published: p.published ? "yes" : "",
  };
  const status = !p.active ? "Withdrawn: no longer offered" : p.published ? "Published on the products page" : "Not published";
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        back={{ href: "/admin/products", label: "Products" }}
        title={p.name}
        description={
          <span className="flex flex-wrap gap-x-2">
            <span>{label}</span>
            <span>· {formatPaise(p.pricePaise)} / {p.unit} before GST</span>
          </span>
        }
      />
      <TitledSection headingId="state-heading" title={status} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>
          {p.partsOnJobs === 1 ? "1 part recorded on a job names it." : `${p.partsOnJobs} parts recorded on jobs name it.`} Last changed{" "}
          <time dateTime={p.updatedAt}>{formatDateTime(p.updatedAt)}</time>.
        </p>
        <FormError message={stateFailure?.errors.form ?? stateFailure?.errors.intent} />
        <div className="mt-3 flex flex-wrap gap-3">
          {p.active && (
            <ConfirmButton intent={p.published ? "unpublish" : "publish"} fields={{ version: p.version }}>
              {p.published ? "Take off the products page" : "Publish on the products page"}
            </ConfirmButton>
          )}
          <ConfirmButton
            intent={p.active ? "withdraw" : "restore"}
            fields={{ version: p.version }}
            tone={p.active ? "danger" : "default"}
            confirm={p.active ? "Withdraw this product? It stays on old jobs and documents, but is no longer offered." : undefined}
          >
            {p.active ? "Withdraw" : "Restore"}
          </ConfirmButton>
          {p.partsOnJobs === 0 && (
            <ConfirmButton intent="trash" fields={{ version: p.version }} tone="danger" confirm="Move this product to the trash? The owner can restore it for 30 days.">
              Move to trash
            </ConfirmButton>
          )}
        </div>
      </TitledSection>
      <StockSection product={{ id: p.id, version: p.version, unit: p.unit }} stock={loaderData.stock} movements={loaderData.movements} failure={failure?.intent === "adjust" || failure?.intent === "reorder" ? failure : undefined} />
      <TitledSection headingId="edit-heading" title="Details" headingClassName="mb-3 text-lg font-semibold">
        <IntentForm intent="edit" version={p.version} error={editFailure?.errors.form} className="space-y-5">
          <Existing existing={editFailure?.existing} />
          <ProductFields values={values} errors={editFailure?.errors ?? {}} categories={categories} />
          <Button type="submit">
            Save changes
          </Button>
        </IntentForm>
      </TitledSection>
    </div>
  );
}

function NewProduct({ categories, failure }: { categories: Array<{ slug: string; name: string }>; failure: Failure | undefined }) {
  const e = failure?.errors ?? {};
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader back={{ href: "/admin/products", label: "Products" }} title="Add a product" description="A product or part we sell or fit, with what its quote and invoice lines need." />
      <form method="post" className="space-y-5">
        <FormError message={e.form} />
        <Existing existing={failure?.existing} />
        <ProductFields values={failure?.values ?? {}} errors={e} categories={categories} />
        <Button type="submit">
          Add the product
        </Button>
      </form>
    </div>
  );
}

/**
 * The product form's fields, shared by the add page and the edit page: what was typed comes back after a
 * refusal, each message beside its field. Price is typed in rupees (stored in paise); the HSN/SAC code, GST
 * rate and unit are checked as an invoice line checks them.
 */
function ProductFields({
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

function Existing({ existing }: { existing?: { id: number; label: string } }) {
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
