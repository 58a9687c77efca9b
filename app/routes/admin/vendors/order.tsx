import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { redirect } from "react-router";
import { parseForm, readForm, redirectWithFlash, refuseForm, refuseFields } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { purchaseOrderPage, receivePurchaseOrder, recordOrderBill, sendPurchaseOrder, type OrderResult } from "~/.server/purchasing/orders.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { Table } from "~/components/admin/table.tsx";
import { control, muted } from "~/components/admin/styles.ts";
import { FieldError, FieldIdPrefix, FormError, TextField } from "~/components/form/fields.tsx";
import { Button, ButtonLink } from "~/components/ui/button.tsx";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { billSchema } from "~/lib/forms/admin/vendors.ts";
import { PURCHASE_ORDER_NUMBER, receivePurchaseOrderSchema, sendPurchaseOrderSchema, wholeQuantity } from "~/lib/forms/admin/stock.ts";
import { GST_RATES } from "~/lib/money/gst.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/order";
import { IntentForm } from "~/components/form/intent-form.tsx";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/vendors/orders/{number}: one purchase order: its lines (and the jobs they are for), the PDF, sending
 * it (e-mail through the outbox, or WhatsApp from the office's phone), receiving what came (in part or in
 * full: stock up, reserved for the waiting jobs), and the vendor's bills recorded against it.
 */
const pathOf = (number: string) => `/admin/vendors/orders/${number}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  staffOf(context);
  const page = PURCHASE_ORDER_NUMBER.test(params.number) ? await purchaseOrderPage(params.number) : undefined;
  if (!page) return throwNotFound(url);
  return { ...page, today: todayInIndia() };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Purchase order ${data.order.number}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  if (!PURCHASE_ORDER_NUMBER.test(params.number)) return throwNotFound(url);
  const form = await readForm(request);
  const intent = form.get("intent");
  let result: OrderResult;
  if (intent === "email" || intent === "whatsapp") {
    const parsed = parseForm(form, sendPurchaseOrderSchema);
    if (parsed.refusal) return parsed.refusal;
    result = await sendPurchaseOrder(staff, params.number, parsed.data);
  } else if (intent === "receive") {
    const parsed = parseForm(form, receivePurchaseOrderSchema);
    if (parsed.refusal) return parsed.refusal;
    const received: Record<number, number> = {};
    const errors: Record<string, string> = {};
    for (const [key, value] of form) {
      const m = /^received-(\d{1,9})$/.exec(key);
      if (!m || typeof value !== "string") continue;
      const q = wholeQuantity(value, 99_999);
      if (q.ok) received[Number(m[1])] = q.n;
      else errors[key] = q.message;
    }
    if (Object.keys(errors).length) return refuseFields(form, errors);
    result = await receivePurchaseOrder(staff, params.number, parsed.data.version, received);
  } else if (intent === "bill-add") {
    const parsed = parseForm(form, billSchema);
    if (parsed.refusal) return parsed.refusal;
    result = await recordOrderBill(staff, params.number, parsed.data);
  } else {
    return refuseForm(form, OUT_OF_DATE);
  }
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return refuseForm(form, result.message, result.field);
  // WhatsApp: the order is recorded as sent, and the office's WhatsApp opens with its text.
  if (result.href) return redirect(result.href, 303);
  return redirectWithFlash(pathOf(params.number), { type: "success", message: result.message });
}

export default function PurchaseOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, vendor, lines, bills, today } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const receive = failure?.intent === "receive" ? failure : undefined;
  const send = failure?.intent === "email" || failure?.intent === "whatsapp" ? failure : undefined;
  const bill = failure?.intent === "bill-add" ? failure : undefined;
  const open = order.status === "ordered" || order.status === "part_received";
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        back={{ href: "/admin/vendors/orders", label: "Purchase orders" }}
        title={
          <>
            Purchase order <span className="font-mono">{order.number}</span>
          </>
        }
        description={
          <span className="flex flex-wrap gap-x-2">
            <span>
              To <a href={`/admin/vendors/${vendor.id}`} className="underline">{vendor.name}</a>
              {vendor.city ? `, ${vendor.city}` : ""}
            </span>
            <span>· {formatDate(order.orderDate)}</span>
            <span>· {order.statusLabel}</span>
            <span>· {formatPaise(order.totalPaise)} with GST</span>
          </span>
        }
      />

      <section aria-labelledby="send-heading" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-800">
        <h2 id="send-heading" className="text-lg font-semibold">
          {order.sentAt ? (
            <>
              Sent by {order.sentVia === "email" ? "e-mail" : "WhatsApp"} on <time dateTime={order.sentAt}>{formatDateTime(order.sentAt)}</time>
            </>
          ) : (
            "Not sent yet"
          )}
        </h2>
        <FormError message={send?.errors.form} />
        <div className="mt-3 flex flex-wrap gap-3">
          <ButtonLink href={`${pathOf(order.number)}/pdf`} variant="secondary" size="small">
            Download PDF
          </ButtonLink>
          {order.status !== "cancelled" && (
            <>
              <IntentForm intent="email" version={order.version}>
                <Button type="submit" size="small" disabled={!vendor.email}>
                  {vendor.email ? `E-mail to ${vendor.email}` : "No e-mail address"}
                </Button>
              </IntentForm>
              <IntentForm intent="whatsapp" version={order.version}>
                <Button type="submit" size="small" variant="secondary" disabled={!vendor.phone}>
                  {vendor.phone ? "Send on WhatsApp" : "No phone number"}
                </Button>
              </IntentForm>
            </>
          )}
        </div>
      </section>

      <TitledSection headingId="lines-heading" title={<>Lines{open ? " and receiving" : ""}</>} headingClassName="mb-3 text-lg font-semibold">
        <IntentForm intent="receive" version={order.version} error={receive?.errors.form} noValidate>
          <Table label="The order's lines" className="relative" columns={["Part", "For", "Ordered", "Price", "Received", ...(open ? ["Came now"] : [])]}>
            {lines.map((l) => {
              const error = receive?.errors[`received-${l.id}`];
              return (
                <tr key={l.id} className="border-t border-slate-200 align-top dark:border-slate-800">
                  <td className="px-3 py-2">
                    {l.description}
                    {l.partNumber && <span className={`block ${muted}`}>Part no. {l.partNumber}</span>}
                  </td>
                  <td className="px-3 py-2">
                    {l.reference ? (
                      <a href={`/admin/service-requests/${l.reference}`} className="font-mono underline">
                        {l.reference}
                      </a>
                    ) : (
                      <span className={muted}>Stock</span>
                    )}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{l.quantityText}</td>
                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                    {formatPaise(l.unitPricePaise)} <span className={muted}>+ {l.gstRate}%</span>
                  </td>
                  <td className="px-3 py-2 tabular-nums">{l.received}</td>
                  {open && (
                    <td className="px-3 py-2">
                      {l.left > 0 ? (
                        <>
                          <label htmlFor={`received-${l.id}`} className="sr-only">
                            How many of {l.description} came now
                          </label>
                          <input
                            id={`received-${l.id}`}
                            name={`received-${l.id}`}
                            inputMode="numeric"
                            maxLength={5}
                            defaultValue={receive?.values[`received-${l.id}`] ?? ""}
                            placeholder={`up to ${l.left}`}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `received-${l.id}-error` : undefined}
                            className={`${control} w-28`}
                          />
                          <FieldError id={`received-${l.id}-error`} message={error} />
                        </>
                      ) : (
                        "All in"
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </Table>
          <p className={`mt-2 text-sm ${muted}`}>
            Taxable {formatPaise(order.taxablePaise)} · GST {formatPaise(order.gstPaise)} · total {formatPaise(order.totalPaise)}
          </p>
          {open && (
            <Button type="submit" className="mt-3">
              Receive what came
            </Button>
          )}
        </IntentForm>
        {order.notes && <p className="mt-4">Notes: {order.notes}</p>}
      </TitledSection>

      <TitledSection headingId="bills-heading" title="Vendor's bills against this order" className="mt-8" headingClassName="text-lg font-semibold">
        {bills.length === 0 ? (
          <p className={`mt-1 ${muted}`}>No bill recorded yet.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {bills.map((b) => (
              <li key={b.id}>
                Bill {b.billNumber} of {formatDate(b.billDate)}: {formatPaise(b.totalPaise)} (input GST {formatPaise(b.gstPaise)})
              </li>
            ))}
          </ul>
        )}
        <form method="post" className="mt-4 max-w-xl space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800" aria-labelledby="bill-heading">
          <h3 id="bill-heading" className="font-semibold">
            Record a bill
          </h3>
          <input type="hidden" name="intent" value="bill-add" />
          <FormError message={bill?.errors.form} />
          <FieldIdPrefix.Provider value="bill-">
            <TextField name="billNumber" label="Bill number" required maxLength={40} error={bill?.errors.billNumber} defaultValue={bill?.values.billNumber} />
            <TextField name="billDate" label="Bill date" type="date" required error={bill?.errors.billDate} defaultValue={bill?.values.billDate ?? today} />
            <TextField name="taxable" label="Taxable value, ₹ (before GST)" required inputMode="text" maxLength={20} error={bill?.errors.taxable} defaultValue={bill?.values.taxable} />
          </FieldIdPrefix.Provider>
          <div>
            <label htmlFor="bill-gstRate" className="block font-medium">
              GST rate
            </label>
            <select id="bill-gstRate" name="gstRate" defaultValue={bill?.values.gstRate ?? "18"} className={control}>
              {GST_RATES.map((r) => (
                <option key={r} value={r}>
                  {r}%
                </option>
              ))}
            </select>
            <FieldError id="bill-gstRate-error" message={bill?.errors.gstRate} />
          </div>
          <Button type="submit" size="small">
            Record the bill
          </Button>
        </form>
      </TitledSection>
    </div>
  );
}
