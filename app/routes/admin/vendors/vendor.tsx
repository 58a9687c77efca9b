import { eachIntent, recordAction, step } from "~/.server/admin/actions.ts";
import type { FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { idParam } from "~/.server/http/params.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { recordVendorBill, removeVendorBill } from "~/.server/vendors/bills.ts";
import { addVendorPart, changeVendorState, editVendor, editVendorPart, productChoices, removeVendorPart, vendorRecord } from "~/.server/vendors/changes.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { FieldIdPrefix, FormError, SelectField, TextField } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import { paiseToRupeesInput } from "~/lib/forms/admin/products.ts";
import { addPartSchema, billSchema, editPartSchema, editVendorSchema, VENDOR_STATE_INTENTS, removeBillSchema, removePartSchema, stateLabel, vendorStateSchema } from "~/lib/forms/admin/vendors.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import { Existing, VendorFields, vendorValues } from "./fields.tsx";
import type { Route } from "./+types/vendor";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/vendors/{id}: one vendor. Their details and contacts (edited on the version the page was drawn
 * from: a change made meanwhile refuses the edit, with a message), the parts they supply at their price (add,
 * change, remove: each on the vendor's version too), their bills (recorded here, with the input tax split as
 * CGST + SGST or IGST by their state against ours), and archive / restore. Every change is audited in its
 * transaction (~/.server/vendors/).
 */

const pathOf = (id: number) => `/admin/vendors/${id}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const id = await idParam(params.id, url);
  const [record, choices, settings] = await Promise.all([vendorRecord(id), productChoices(), getSiteSettings()]);
  if (!record) return throwNotFound(url);
  const { vendor } = record;
  const supplied = new Set(record.parts.map((p) => p.productId));
  return {
    vendor: { ...vendor, archivedAt: vendor.archivedAt?.toISOString() ?? null, createdAt: vendor.createdAt.toISOString(), updatedAt: vendor.updatedAt.toISOString() },
    parts: record.parts,
    bills: record.bills,
    products: choices.filter((c) => !supplied.has(c.id)),
    ourState: settings.business.stateCode,
    today: todayInIndia(),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.vendor.name };

type Failure = FormFailure & { existing?: { id: number; label: string } };

export async function action(args: Route.ActionArgs) {
  return recordAction(args, pathOf, (staff, id) => ({
    edit: step(editVendorSchema, (data) => editVendor(staff, id, data)),
    ...eachIntent(VENDOR_STATE_INTENTS, step(vendorStateSchema, (data) => changeVendorState(staff, id, data))),
    "part-add": step(addPartSchema, (data) => addVendorPart(staff, id, data)),
    "part-edit": step(editPartSchema, (data) => editVendorPart(staff, id, data)),
    "part-remove": step(removePartSchema, (data) => removeVendorPart(staff, id, data)),
    "bill-add": step(billSchema, (data) => recordVendorBill(staff, id, data)),
    "bill-remove": step(removeBillSchema, (data) => removeVendorBill(staff, id, data.billId)),
  }));
}

const money = "whitespace-nowrap px-3 py-2 text-right tabular-nums";

export default function AdminVendor({ loaderData, actionData }: Route.ComponentProps) {
  const { vendor: v, parts, bills, products, ourState, today } = loaderData;
  const failure = actionData as Failure | undefined;
  const failed = (intent: string) => (failure?.intent === intent ? failure : undefined);
  const editFailure = failed("edit");
  const stateFailure = failed("archive") ?? failed("restore") ?? (failure && !failure.intent ? failure : undefined);
  const addPartFailure = failed("part-add");
  const billFailure = failed("bill-add");
  const removeBillFailure = failed("bill-remove");
  const rowFailure = (partId: number) => {
    const f = failed("part-edit") ?? failed("part-remove");
    return f && f.values.partId === String(partId) ? f : undefined;
  };
  const registered = Boolean(v.gstin);
  const sameState = v.stateCode === ourState;
  const split = !registered
    ? "They have no GSTIN: their bills carry no GST."
    : sameState
      ? `They are in our state (${stateLabel(ourState)}): the GST is CGST and SGST, half each.`
      : `They are in ${stateLabel(v.stateCode) || "another state"}, we are in ${stateLabel(ourState)}: the GST is IGST.`;
  const contacts = v.contacts;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={{ href: "/admin/vendors", label: "Vendors" }}
        title={v.name}
        description={
          <span className="flex flex-wrap gap-x-2">
            <span className="font-mono">{v.gstin ?? "Unregistered (no GSTIN)"}</span>
            {v.stateCode && <span>· {stateLabel(v.stateCode)}</span>}
            {v.city && <span>· {v.city}</span>}
            <span>· pays in {v.paymentTermsDays === 0 ? "cash on delivery" : `${v.paymentTermsDays} days`}</span>
          </span>
        }
      />

      <TitledSection headingId="state-heading" title={v.archivedAt ? "Archived: no longer bought from" : "Active"} className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800" headingClassName="text-lg font-semibold">
        {contacts.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm">
            {contacts.map((c, i) => (
              <li key={i}>
                <span className="font-medium">{c.name}</span>
                {c.phone && (
                  <>
                    {" · "}
                    <a href={`tel:${c.phone}`} className="underline">
                      {c.phone}
                    </a>
                  </>
                )}
                {c.email && (
                  <>
                    {" · "}
                    <a href={`mailto:${c.email}`} className="underline">
                      {c.email}
                    </a>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <p className={`mt-2 text-sm ${muted}`}>
          Last changed <time dateTime={v.updatedAt}>{formatDateTime(v.updatedAt)}</time>.
        </p>
        <FormError message={stateFailure?.errors.form ?? stateFailure?.errors.intent} />
        <div className="mt-3">
          <ConfirmButton
            intent={v.archivedAt ? "restore" : "archive"}
            fields={{ version: v.version }}
            tone={v.archivedAt ? "default" : "danger"}
            confirm={v.archivedAt ? undefined : "Archive this vendor? Their bills stay; they are no longer offered for new purchases."}
          >
            {v.archivedAt ? "Restore" : "Archive"}
          </ConfirmButton>
        </div>
      </TitledSection>

      <TitledSection headingId="parts-heading" title="Parts they supply" className="mb-8" headingClassName="mb-1 text-lg font-semibold">
        <p className={`mb-3 text-sm ${muted}`}>Our products, under their part number, at their price before GST.</p>
        {parts.length === 0 ? (
          <p className={muted}>None recorded yet.</p>
        ) : (
          <ul className="mb-4 space-y-3">
            {parts.map((p) => {
              const f = rowFailure(p.id);
              const pv = f?.intent === "part-edit" ? f.values : { partNumber: p.partNumber ?? "", price: paiseToRupeesInput(p.pricePaise), leadTimeDays: p.leadTimeDays === null ? "" : String(p.leadTimeDays) };
              const pe = f?.errors ?? {};
              return (
                <li key={p.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                  <h3 className="font-medium">{p.product}</h3>
                  <FormError message={pe.form ?? pe.partId ?? pe.version} />
                  <IntentForm intent="part-edit" aria-label={`Their price for ${p.product}`} className="mt-2 grid items-end gap-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
                    <input type="hidden" name="partId" value={p.id} />
                    <input type="hidden" name="version" value={v.version} />
                    <FieldIdPrefix value={`part-${p.id}-`}>
                      <TextField name="partNumber" label="Their part number" maxLength={80} autoComplete="off" defaultValue={pv.partNumber} error={pe.partNumber} />
                      <TextField name="price" label="Their price (₹)" required maxLength={20} autoComplete="off" defaultValue={pv.price} error={pe.price} />
                      <TextField name="leadTimeDays" label="Lead time (days)" inputMode="numeric" maxLength={3} autoComplete="off" defaultValue={pv.leadTimeDays} error={pe.leadTimeDays} />
                    </FieldIdPrefix>
                    <Button type="submit" variant="secondary" size="small">
                      Save
                    </Button>
                  </IntentForm>
                  <div className="mt-2">
                    <ConfirmButton intent="part-remove" fields={{ partId: p.id, version: v.version }} tone="danger" confirm={`Remove ${p.product} from what they supply?`}>
                      Remove
                    </ConfirmButton>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {products.length > 0 ? (
          <form method="post" aria-labelledby="add-part-heading" className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
            <h3 id="add-part-heading" className="font-semibold">
              Add a part they supply
            </h3>
            <input type="hidden" name="intent" value="part-add" />
            <input type="hidden" name="version" value={v.version} />
            <FormError message={addPartFailure?.errors.form} />
            <FieldIdPrefix value="add-part-">
              <SelectField
                name="productId"
                label="Product"
                required
                placeholder="Choose the product"
                options={[{ group: "Our products and parts", items: products.map((c) => ({ value: String(c.id), label: c.label })) }]}
                defaultValue={addPartFailure?.values.productId}
                error={addPartFailure?.errors.productId}
              />
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField name="partNumber" label="Their part number" maxLength={80} autoComplete="off" defaultValue={addPartFailure?.values.partNumber} error={addPartFailure?.errors.partNumber} />
                <TextField name="price" label="Their price (₹)" required maxLength={20} autoComplete="off" defaultValue={addPartFailure?.values.price} error={addPartFailure?.errors.price} hint="Per unit, before GST" />
                <TextField name="leadTimeDays" label="Lead time (days)" inputMode="numeric" maxLength={3} autoComplete="off" defaultValue={addPartFailure?.values.leadTimeDays} error={addPartFailure?.errors.leadTimeDays} />
              </div>
            </FieldIdPrefix>
            <Button type="submit">
              Add the part
            </Button>
          </form>
        ) : (
          <p className={`text-sm ${muted}`}>
            Every product is on their list. Add a product first on <a href="/admin/products/new" className="underline">the products screen</a>.
          </p>
        )}
      </TitledSection>

      <TitledSection headingId="bills-heading" title="Their bills" className="mb-8" headingClassName="mb-1 text-lg font-semibold">
        <p className={`mb-3 text-sm ${muted}`}>{split} The accountant&apos;s exports carry them as purchases and input tax.</p>
        {bills.length === 0 ? (
          <p className={`mb-4 ${muted}`}>No bill recorded yet.</p>
        ) : (
          <Table label="Their bills" caption="Their bills, newest first" className="relative mb-4" columns={["Bill", "Date", { label: "Taxable", className: money }, { label: "CGST", className: money }, { label: "SGST", className: money }, { label: "IGST", className: money }, { label: "Total", className: money }, { label: <span className="sr-only">Remove</span>, className: "px-3 py-2" }]}>
            {bills.map((b) => (
              <tr key={b.id} className="border-t border-slate-200 dark:border-slate-800">
                <td className="px-3 py-2">
                  {b.billNumber}
                  <span className={`block text-xs ${muted}`}>GST {b.gstRate}%</span>
                </td>
                <td className="whitespace-nowrap px-3 py-2">{formatDate(b.billDate)}</td>
                <td className={money}>{formatPaise(b.taxablePaise)}</td>
                <td className={money}>{formatPaise(b.cgstPaise)}</td>
                <td className={money}>{formatPaise(b.sgstPaise)}</td>
                <td className={money}>{formatPaise(b.igstPaise)}</td>
                <td className={`${money} font-semibold`}>{formatPaise(b.totalPaise)}</td>
                <td className="px-3 py-2">
                  <ConfirmButton intent="bill-remove" fields={{ billId: b.id }} tone="danger" confirm={`Remove bill ${b.billNumber}? Record it again if it was typed wrongly.`}>
                    Remove<span className="sr-only"> bill {b.billNumber}</span>
                  </ConfirmButton>
                </td>
              </tr>
            ))}
          </Table>
        )}
        <FormError message={removeBillFailure?.errors.form ?? removeBillFailure?.errors.billId} />
        <form method="post" aria-labelledby="add-bill-heading" className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800">
          <h3 id="add-bill-heading" className="font-semibold">
            Record a bill
          </h3>
          <input type="hidden" name="intent" value="bill-add" />
          <FormError message={billFailure?.errors.form} />
          <FieldIdPrefix value="bill-">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="billNumber" label="Bill number" required maxLength={40} autoComplete="off" defaultValue={billFailure?.values.billNumber} error={billFailure?.errors.billNumber} hint="As printed on their bill" />
              <TextField name="billDate" label="Date on the bill" type="date" required defaultValue={billFailure?.values.billDate ?? today} error={billFailure?.errors.billDate} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="taxable" label="Taxable value (₹)" required maxLength={20} autoComplete="off" defaultValue={billFailure?.values.taxable} error={billFailure?.errors.taxable} hint="Before GST, e.g. 42500 or 1250.50" />
              <TextField name="gstRate" label="GST rate (%)" required inputMode="numeric" maxLength={4} autoComplete="off" defaultValue={billFailure?.values.gstRate ?? (registered ? "18" : "0")} error={billFailure?.errors.gstRate} hint="0, 5, 18 or 40" />
            </div>
            <TextField name="notes" label="Note" maxLength={500} autoComplete="off" defaultValue={billFailure?.values.notes} error={billFailure?.errors.notes} />
          </FieldIdPrefix>
          <p className={`text-sm ${muted}`}>The GST and the total are worked out from the taxable value and rate, to the paisa.</p>
          <Button type="submit">
            Record the bill
          </Button>
        </form>
      </TitledSection>

      <TitledSection headingId="edit-heading" title="Details" headingClassName="mb-3 text-lg font-semibold">
        <IntentForm intent="edit" version={v.version} error={editFailure?.errors.form} className="space-y-5">
          <Existing existing={editFailure?.existing} />
          <VendorFields values={editFailure?.values ?? vendorValues(v)} errors={editFailure?.errors ?? {}} />
          <Button type="submit">
            Save changes
          </Button>
        </IntentForm>
      </TitledSection>
    </div>
  );
}
