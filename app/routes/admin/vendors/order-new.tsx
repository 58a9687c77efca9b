import { parseForm, readForm, redirectWithFlash, refuseFields } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { createPurchaseOrder, vendorChoices } from "~/.server/purchasing/orders.ts";
import { openPartsRequests } from "~/.server/stock/parts-requests.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, muted } from "~/components/admin/styles.ts";
import { FieldError, FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { newPurchaseOrderSchema } from "~/lib/forms/admin/stock.ts";
import type { Route } from "./+types/order-new";

/**
 * /admin/vendors/orders/new: a purchase order from the open parts requests not yet on one. Pick the vendor,
 * tick the requests; each line is priced from the vendor's parts list, or by the price typed beside it (a
 * part the vendor does not list). Placing it twice (the same form again) is refused: a request is on one order.
 */
export async function loader({ context }: Route.LoaderArgs) {
  staffOf(context);
  const [vendors, requests] = await Promise.all([vendorChoices(), openPartsRequests(true)]);
  return { vendors, requests: requests.reverse() };
}

export const handle = { title: "New purchase order" };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const parsed = parseForm(form, newPurchaseOrderSchema, { lists: ["requests"] });
  if (parsed.refusal) return parsed.refusal;
  const prices: Record<number, string> = {};
  for (const [key, value] of form) {
    const m = /^price-(\d{1,9})$/.exec(key);
    if (m && typeof value === "string") prices[Number(m[1])] = value;
  }
  const result = await createPurchaseOrder(staff, { ...parsed.data, prices });
  if (!result.ok) return refuseFields(form, { [result.reason === "refused" ? result.field : "form"]: result.reason === "refused" ? result.message : "Not found." }, { lists: ["requests"] });
  return redirectWithFlash(`/admin/vendors/orders/${result.number}`, { type: "success", message: result.message });
}

export default function NewPurchaseOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { vendors, requests } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const ticked = new Set(failure?.lists?.requests ?? []);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader back={{ href: "/admin/vendors/orders", label: "Purchase orders" }} title="New purchase order" description="Order the parts jobs are waiting for. Prices come from the vendor's parts list unless you type one." />
      {vendors.length === 0 ? (
        <p>
          No vendor yet: <a href="/admin/vendors/new" className="underline">add the vendor</a> first.
        </p>
      ) : requests.length === 0 ? (
        <p>No parts request is waiting to be ordered.</p>
      ) : (
        <form method="post" className="space-y-6" noValidate>
          <FormError message={failure?.errors.form} />
          <div>
            <label htmlFor="order-vendor" className="block font-medium">
              Vendor
            </label>
            <select id="order-vendor" name="vendor" defaultValue={failure?.values.vendor ?? ""} aria-invalid={failure?.errors.vendor ? true : undefined} aria-describedby={failure?.errors.vendor ? "order-vendor-error" : undefined} className={control}>
              <option value="">Choose the vendor</option>
              {vendors.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                  {v.city ? `, ${v.city}` : ""}
                </option>
              ))}
            </select>
            <FieldError id="order-vendor-error" message={failure?.errors.vendor} />
          </div>
          <fieldset aria-describedby={failure?.errors.requests ? "order-requests-error" : undefined}>
            <legend className="font-medium">Parts to order</legend>
            <FieldError id="order-requests-error" message={failure?.errors.requests} />
            <ul className="mt-2 space-y-3">
              {requests.map((r) => {
                const priceError = failure?.errors[`price-${r.id}`];
                return (
                  <li key={r.id} className="rounded-md border border-slate-300 p-3 dark:border-slate-700">
                    <div className="flex items-start gap-3">
                      <input id={`request-${r.id}`} type="checkbox" name="requests" value={r.id} defaultChecked={ticked.has(String(r.id))} className="mt-1 size-5 shrink-0" />
                      <label htmlFor={`request-${r.id}`}>
                        <span className="block font-medium">
                          {r.outstanding} × {r.description}
                        </span>
                        <span className={`block text-sm ${muted}`}>
                          For {r.reference}
                          {r.available !== null ? ` · ${r.available} available on the shelf` : " · not a stocked product"}
                        </span>
                      </label>
                    </div>
                    <div className="mt-2 sm:ml-8 sm:max-w-xs">
                      <label htmlFor={`price-${r.id}`} className="block text-sm font-medium">
                        Price per unit, ₹ before GST (optional)
                      </label>
                      <input
                        id={`price-${r.id}`}
                        name={`price-${r.id}`}
                        inputMode="decimal"
                        maxLength={20}
                        defaultValue={failure?.values[`price-${r.id}`]}
                        aria-invalid={priceError ? true : undefined}
                        aria-describedby={`price-${r.id}-hint${priceError ? ` price-${r.id}-error` : ""}`}
                        className={control}
                      />
                      <p id={`price-${r.id}-hint`} className={`mt-1 text-sm ${muted}`}>
                        Empty: the vendor's price from their parts list.
                      </p>
                      <FieldError id={`price-${r.id}-error`} message={priceError} />
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <div>
            <label htmlFor="order-notes" className="block font-medium">
              Notes for the vendor (optional)
            </label>
            <textarea id="order-notes" name="notes" rows={3} maxLength={500} defaultValue={failure?.values.notes} className={control} />
          </div>
          <Button type="submit">Place the order</Button>
        </form>
      )}
    </div>
  );
}
