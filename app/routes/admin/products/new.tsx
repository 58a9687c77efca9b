import { type FormFailure, parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { listEntries } from "~/.server/content/index.ts";
import { addProduct } from "~/.server/products/changes.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { newProductSchema } from "~/lib/forms/admin/products.ts";
import { Existing, ProductFields } from "./fields.tsx";
import type { Route } from "./+types/new";

/**
 * /admin/products/new: a product or part added to the list. Make + model + name is the key: an item already
 * there is refused, with a link to it, so the same form sent twice adds nothing twice.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const categories = await listEntries("product");
  return {
    categories: categories.map((c) => ({ slug: c.slug, name: c.title })),
  };
}

export const handle = { title: "Add a product" };

type Failure = FormFailure & { existing?: { id: number; label: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, newProductSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await addProduct(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field, { existing: result.existing });
  return redirectWithFlash(`/admin/products/${result.id}`, { type: "success", message: `${parsed.data.name} added.` });
}

export default function AdminNewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  const e = failure?.errors ?? {};
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader back={{ href: "/admin/products", label: "Products" }} title="Add a product" description="A product or part we sell or fit, with what its quote and invoice lines need." />
      <form method="post" className="space-y-5">
        <FormError message={e.form} />
        <Existing existing={failure?.existing} />
        <ProductFields values={failure?.values ?? {}} errors={e} categories={loaderData.categories} />
        <Button type="submit">
          Add the product
        </Button>
      </form>
    </div>
  );
}
