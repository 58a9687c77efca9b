import { eachIntent, recordAction, step } from "~/.server/admin/actions.ts";
import type { FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listEntries } from "~/.server/content/index.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { trashFromForm } from "~/.server/trash/form.ts";
import { TRASH_INTENT } from "~/lib/forms/admin/data-restoration.ts";
import { changeProductState, editProduct, productRecord } from "~/.server/products/changes.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { muted } from "~/components/admin/styles.ts";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDateTime, formatPaise } from "~/lib/format.ts";
import { editProductSchema, paiseToRupeesInput, PRODUCT_STATE_INTENTS, productLabel, productStateSchema } from "~/lib/forms/admin/products.ts";
import { Existing, ProductFields } from "./fields.tsx";
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
 * /admin/products/{id}: one product's edit form (on the version it was drawn from: a change made meanwhile
 * refuses it, with a message), publish / unpublish on /products, and withdraw / restore. A product used on a
 * job is never deleted (the parts recorded on it keep naming it): it is withdrawn; one never used can be moved
 * to the trash (ADR 046). Every change is audited
 * in its transaction (~/.server/products/changes.ts).
 */

const pathOf = (id: number) => `/admin/products/${id}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
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

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.product.name };

type Failure = FormFailure & { existing?: { id: number; label: string } };

export async function action(args: Route.ActionArgs) {
  return recordAction(args, pathOf, (staff, id) => ({
    // Stock (issue 19 §5): ~/.server/stock/changes.ts.
    adjust: step(adjustStockSchema, (data) => adjustStock(staff, id, data)),
    reorder: step(reorderLevelSchema, (data) => setReorderLevel(staff, id, data)),
    [TRASH_INTENT]: (form) => trashFromForm(form, staff, "product", id, "/admin/products"),
    edit: step(editProductSchema, (data) => editProduct(staff, id, data)),
    ...eachIntent(PRODUCT_STATE_INTENTS, step(productStateSchema, (data) => changeProductState(staff, id, data))),
  }));
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product: p, label, categories } = loaderData;
  const failure = actionData as Failure | undefined;
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
