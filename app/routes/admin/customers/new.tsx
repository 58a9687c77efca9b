import { type FormFailure, parseForm, readForm, redirectWithFlash, refuseForm } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { createCustomer } from "~/.server/customers/changes.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { FormError, TextField } from "~/components/form/fields.tsx";
import { StateSelect } from "~/components/form/state-select.tsx";
import { Button } from "~/components/ui/button.tsx";
import { newCustomerSchema } from "~/lib/forms/admin/customers.ts";
import type { Route } from "./+types/new";

/**
 * /admin/customers/new: a customer added by hand (a phone call, a walk-in with a unit for the bench) before
 * any request, with an optional first site. The mobile number is the key: a number that already has a
 * record is refused, with a link to it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  return null;
}

export const handle = { title: "Add a customer" };

type Failure = FormFailure & { existing?: { reference: string; name: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, newCustomerSchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await createCustomer(staff, parsed.data);
  if (!result.ok) return refuseForm(form, result.message, result.field, { existing: result.existing });
  return redirectWithFlash(`/admin/customers/${encodeURIComponent(result.reference)}`, { type: "success", message: `Customer ${result.reference} added.` });
}

export default function AdminNewCustomer({ actionData }: Route.ComponentProps) {
  const failure = actionData as Failure | undefined;
  const v = failure?.values ?? {};
  const e = failure?.errors ?? {};
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader back={{ href: "/admin/customers", label: "Customers" }} title="Add a customer" description="Customers are added with their first request; add one here when they call or walk in before that." />
      <form method="post" className="space-y-5">
        <FormError message={e.form} />
        {failure?.existing && (
          <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-4 dark:bg-slate-900">
            This mobile number is already a customer:{" "}
            <a href={`/admin/customers/${encodeURIComponent(failure.existing.reference)}`} className="font-semibold text-brand-700 underline dark:text-sky-300">
              open {failure.existing.name} ({failure.existing.reference})
            </a>
            .
          </p>
        )}
        <TextField name="mobile" label="Mobile number" type="tel" inputMode="tel" autoComplete="off" required maxLength={20} defaultValue={v.mobile} error={e.mobile} hint="Ten digits: how the customer signs in and how their requests are linked." />
        <TextField name="name" label="Name" required maxLength={120} autoComplete="off" defaultValue={v.name} error={e.name} />
        <TextField name="company" label="Company" maxLength={160} autoComplete="off" defaultValue={v.company} error={e.company} />
        <TextField name="email" label="E-mail" type="email" inputMode="email" autoComplete="off" maxLength={200} defaultValue={v.email} error={e.email} />
        <TextField name="gstin" label="GSTIN" maxLength={15} autoComplete="off" defaultValue={v.gstin} error={e.gstin} hint="15 characters, e.g. 36AABCS1234Q1Z5: printed on their invoices." />
        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <legend className="px-1 font-semibold">First site (optional)</legend>
          <TextField name="siteName" label="Site name" maxLength={120} defaultValue={v.siteName} error={e.siteName} hint="e.g. Patancheru plant" />
          <TextField name="siteAddress" label="Address" maxLength={300} defaultValue={v.siteAddress} error={e.siteAddress} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="siteCity" label="City" maxLength={80} defaultValue={v.siteCity} error={e.siteCity} />
            <TextField name="sitePincode" label="PIN code" inputMode="numeric" maxLength={7} defaultValue={v.sitePincode} error={e.sitePincode} />
          </div>
          <StateSelect name="siteStateCode" label="State" defaultValue={v.siteStateCode} error={e.siteStateCode} />
        </fieldset>
        <Button type="submit">
          Add the customer
        </Button>
      </form>
    </div>
  );
}
