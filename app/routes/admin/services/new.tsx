import { parseForm, readForm, redirectWithFlash, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { addService } from "~/.server/service-catalogue/changes.ts";
import { servicePlaces } from "~/.server/service-catalogue/list.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { newServiceSchema } from "~/lib/forms/admin/services.ts";
import { citiesOf, Existing, ServiceFields } from "./fields.tsx";
import type { Route } from "./+types/new";

/**
 * /admin/services/new: a service added to the catalogue, last in the home page's order. Its address is made
 * from the name by the spec's rule; a name whose address is taken is refused with a link to that service, so
 * the same form sent twice adds nothing twice.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return { places: await servicePlaces() };
}

export const handle = { title: "Add a service" };

type Failure = FormFailure & { existing?: { id: number; name: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, newServiceSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await addService(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field, { existing: result.existing });
  return redirectWithFlash(`/admin/services/${result.id}`, { type: "success", message: `${parsed.data.name} added at /service/${result.slug}.` });
}

export default function AdminNewService({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  const values = failure?.values ?? {};
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader back={{ href: "/admin/services", label: "Services" }} title="Add a service" description="A service of the catalogue: its card on the home page, its own page, and its band on quotes." />
      <form method="post" className="space-y-5">
        <FormError message={failure?.errors.form} />
        <Existing existing={failure?.existing} />
        <ServiceFields values={values} errors={failure?.errors ?? {}} places={loaderData.places} cities={citiesOf(values)} />
        <Button type="submit">Add the service</Button>
      </form>
    </div>
  );
}
