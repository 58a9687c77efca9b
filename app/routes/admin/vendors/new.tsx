import { type FormFailure, parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { addVendor } from "~/.server/vendors/changes.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { newVendorSchema } from "~/lib/forms/admin/vendors.ts";
import { Existing, VendorFields } from "./fields.tsx";
import type { Route } from "./+types/new";

/**
 * /admin/vendors/new: a vendor added to the list. The GSTIN is the key: a vendor already there is refused,
 * with a link to it, so the same form sent twice adds nothing twice.
 */
export function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return null;
}

export const handle = { title: "Add a vendor" };

type Failure = FormFailure & { existing?: { id: number; label: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, newVendorSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await addVendor(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field, { existing: result.existing });
  return redirectWithFlash(`/admin/vendors/${result.id}`, { type: "success", message: `${parsed.data.name} added.` });
}

export default function AdminNewVendor({ actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  const e = failure?.errors ?? {};
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader back={{ href: "/admin/vendors", label: "Vendors" }} title="Add a vendor" description="A supplier we buy parts from: their GSTIN, address and the people to call." />
      <form method="post" className="space-y-5">
        <FormError message={e.form} />
        <Existing existing={failure?.existing} />
        <VendorFields values={failure?.values ?? {}} errors={e} />
        <Button type="submit">
          Add the vendor
        </Button>
      </form>
    </div>
  );
}
