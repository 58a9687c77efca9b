import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { parseForm, readForm, redirectWithFlash, refuseFields, refuseForm, type FormFailure } from "~/.server/forms/index.ts";
import { auditActor, requirePermission, staffOf } from "~/.server/auth/staff.ts";
import { invoiceBilling } from "~/.server/contracts/billing.ts";
import { makePastVisitJob } from "~/.server/contracts/daily.ts";
import { cancelContract, editContract, renewContract, type ContractResult } from "~/.server/contracts/changes.ts";
import { planDescriptions } from "~/.server/contracts/plans.ts";
import { contractRecord } from "~/.server/contracts/record.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { link, muted } from "~/components/admin/styles.ts";
import { Table } from "~/components/admin/table.tsx";
import { DetailList } from "~/components/detail-list.tsx";
import { FieldIdPrefix, FormError, TextArea } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import { BILLING_PLANS, cancelContractSchema, editContractSchema, invoiceBillingSchema, isContractIntent, makeVisitSchema, renewContractSchema } from "~/lib/forms/admin/contracts.ts";
import { paiseToRupeesInput } from "~/lib/forms/admin/products.ts";
import { checkedUnitsOf, CONTRACT_LISTS, ContractFields } from "./fields.tsx";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/record";
import { TitledSection } from "~/components/titled-section.tsx";
import { IntentForm } from "~/components/form/intent-form.tsx";

/**
 * /admin/contracts/{reference}: one contract. What it covers, its visits with the job each became, its
 * billing dates with their invoices, and the office's actions: change its terms (on the version shown: a
 * change made meanwhile refuses it), cancel it, renew it, and "Invoice now" for a billing date that has come
 * (accounts' permission). Every change is audited in its transaction (~/.server/contracts/changes.ts).
 */

const pathOf = (reference: string) => `/admin/contracts/${reference}`;
const REFERENCE = /^AMC-\d{4}-\d{4,}$/;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const reference = params.reference ?? "";
  if (!REFERENCE.test(reference)) return throwNotFound(url);
  const [record, plans] = await Promise.all([contractRecord(reference), planDescriptions()]);
  if (!record) return throwNotFound(url);
  return {
    ...record,
    plans,
    canInvoice: staff.permissions.includes("money"),
    canMakeJobs: staff.permissions.includes("dispatch"),
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.contract.reference };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const reference = params.reference ?? "";
  if (!REFERENCE.test(reference)) return throwNotFound(url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (!isContractIntent(intent)) return refuseForm(form, OUT_OF_DATE);
  let result: ContractResult;
  switch (intent) {
    case "edit": {
      const parsed = parseForm(form, editContractSchema, { lists: CONTRACT_LISTS });
      if (parsed.refusal) return parsed.refusal;
      result = await editContract(staff, reference, parsed.data);
      break;
    }
    case "cancel": {
      const parsed = parseForm(form, cancelContractSchema);
      if (parsed.refusal) return parsed.refusal;
      result = await cancelContract(staff, reference, parsed.data);
      break;
    }
    case "renew": {
      const parsed = parseForm(form, renewContractSchema);
      if (parsed.refusal) return parsed.refusal;
      result = await renewContract(staff, reference, parsed.data);
      if (result.ok && result.reference) return redirectWithFlash(pathOf(result.reference), { type: "success", message: result.message });
      break;
    }
    case "make-visit": {
      // Making a job is dispatch work, as booking a visit is.
      requirePermission(staff, "dispatch");
      const parsed = parseForm(form, makeVisitSchema);
      if (parsed.refusal) return parsed.refusal;
      result = await makePastVisitJob(auditActor(staff), reference, parsed.data.visitId);
      break;
    }
    case "invoice": {
      // Issuing a tax invoice is accounts' work: the screen's permission (requests) is not enough.
      requirePermission(staff, "money");
      const parsed = parseForm(form, invoiceBillingSchema);
      if (parsed.refusal) return parsed.refusal;
      const record = await contractRecord(reference);
      if (!record) return throwNotFound(url);
      const issued = await invoiceBilling(parsed.data.billingId, auditActor(staff), new Date(), record.contract.id);
      if (!issued.ok && issued.reason === "not-found") return throwNotFound(url);
      result = issued.ok ? { ok: true, message: `Invoice ${issued.number} issued.` } : { ok: false, reason: "refused", field: "form", message: issued.message };
      break;
    }
  }
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  if (!result.ok) return intent === "edit" ? refuseFields(form, { [result.field]: result.message }, { lists: CONTRACT_LISTS }) : refuseForm(form, result.message, result.field);
  return redirectWithFlash(pathOf(reference), { type: "success", message: result.message });
}

const section = "mt-8";
const cell = "px-3 py-2";

export default function AdminContract({ loaderData, actionData }: Route.ComponentProps) {
  const { contract: c, customer, units, visits, billings, renewedFrom, renewedAs, sites, allUnits, coveredUnitIds, plans, canInvoice, canMakeJobs } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const failureOf = (intent: string) => (failure?.intent === intent ? failure : undefined);
  const editFailure = failureOf("edit");
  const who = customer.company ? `${customer.company} (${customer.name})` : customer.name;
  const billingLabel = BILLING_PLANS.find((b) => b.value === c.billing)?.label ?? c.billing;
  const editValues = editFailure?.values ?? {
    plan: c.plan,
    siteId: c.siteId ? String(c.siteId) : "",
    startsOn: c.startsOn,
    endsOn: c.endsOn,
    visitsPerYear: String(c.visitsPerYear),
    responseHours: String(c.responseHours),
    price: paiseToRupeesInput(c.pricePaise),
    gstRate: String(c.gstRate),
    sacCode: c.sacCode,
    billing: c.billing,
    scope: c.scope ?? "",
  };
  const open = c.status === "active";
  const topFailure = failure && failure.intent !== "edit" && failure.intent !== "cancel" ? failure : undefined;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={{ href: "/admin/contracts", label: "Contracts" }}
        title={
          <>
            <span className="font-mono">{c.reference}</span> · AMC {c.planLabel}
          </>
        }
        description={
          <span className="flex flex-wrap gap-x-2">
            <a href={`/admin/customers/${customer.reference}`} className={link}>
              {who}
            </a>
            <span>· {c.stateLabel}</span>
          </span>
        }
      />
      <FormError message={topFailure?.errors.form ?? topFailure?.errors.billingId ?? topFailure?.errors.visitId ?? topFailure?.errors.version} />

      <TitledSection headingId="terms-heading" title="Terms" headingClassName="text-lg font-semibold">
        <DetailList
          rows={[
            ["Status", c.stateLabel],
            ["Customer", `${who}, ${customer.reference}`],
            ["Site", c.site ?? "All the customer's sites"],
            ["Period", `${formatDate(c.startsOn)} to ${formatDate(c.endsOn)}`],
            ["Preventive visits", `${c.visitsPerYear} a year`],
            ["Response", `Within ${c.responseHours} hours, round the clock, on the customer's requests`],
            ["Price", `${formatPaise(c.pricePaise)} for the period, before GST (${c.gstRate}%, SAC ${c.sacCode})`],
            ["Billing", billingLabel],
            ["Scope", c.scope],
            ["Renews", renewedFrom],
            ["Renewed as", renewedAs.join(", ") || null],
            ["Renewal reminder", c.renewalRemindedAt ? `Sent ${formatDateTime(c.renewalRemindedAt)}` : null],
          ]}
        />
        {(renewedFrom || renewedAs.length > 0) && (
          <p className="mt-2 flex flex-wrap gap-x-4 text-sm">
            {renewedFrom && (
              <a href={pathOf(renewedFrom)} className={link}>
                Open {renewedFrom} (renewed by this one)
              </a>
            )}
            {renewedAs.map((r) => (
              <a key={r} href={pathOf(r)} className={link}>
                Open {r} (its renewal)
              </a>
            ))}
          </p>
        )}
      </TitledSection>

      <TitledSection headingId="units-heading" title="Equipment covered" className={section} headingClassName="text-lg font-semibold">
        {units.length === 0 ? (
          <p className={`mt-2 ${muted}`}>No units listed: the contract covers the site as agreed in its scope.</p>
        ) : (
          <ul className="mt-2 space-y-2" aria-label="Equipment covered">
            {units.map((u) => (
              <li key={u.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                <span className="font-medium">{u.label}</span>
                {u.detail && <span className={`block text-sm ${muted}`}>{u.detail}</span>}
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <TitledSection headingId="visits-heading" title="Preventive visits" className={section} headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>Each visit is made into a job a week before it is due, and the customer is told by SMS.</p>
        <Table label="Preventive visits" className="mt-2" headClass={cell} columns={["Visit", "Due", "Job"]}>
          {visits.map((v) => (
            <tr key={v.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className={cell}>
                {v.seq} of {visits.length}
              </td>
              <td className={`${cell} whitespace-nowrap`}>{formatDate(v.dueOn)}</td>
              <td className={cell}>
                {v.request ? (
                  <>
                    <a href={`/admin/service-requests/${v.request.reference}`} className={`${link} font-mono`}>
                      {v.request.reference}
                    </a>{" "}
                    <span className={muted}>· {v.request.statusLabel}</span>
                  </>
                ) : !open ? (
                  <span className={muted}>Not made: the contract is cancelled</span>
                ) : v.past ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span>Due before the contract was entered: not made automatically</span>
                    {canMakeJobs && (
                      <ConfirmButton intent="make-visit" fields={{ visitId: v.id }}>
                        Make visit {v.seq} into a job
                      </ConfirmButton>
                    )}
                  </span>
                ) : v.soon ? (
                  <span>Made into a job at the next daily run</span>
                ) : (
                  <span className={muted}>Not yet due</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      </TitledSection>

      <TitledSection headingId="billing-heading" title="Billing dates" className={section} headingClassName="text-lg font-semibold">
        <p className={`mt-1 text-sm ${muted}`}>
          {billingLabel}: a GST invoice is issued on each date{canInvoice ? "" : " (by the daily run, or by accounts)"}.
        </p>
        <Table label="Billing dates" className="mt-2" headClass={cell} columns={["Date", "Before GST", "Invoice"]}>
          {billings.map((b) => (
            <tr key={b.id} className="border-t border-slate-200 dark:border-slate-800">
              <td className={`${cell} whitespace-nowrap`}>{formatDate(b.dueOn)}</td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatPaise(b.amountPaise)}</td>
              <td className={cell}>
                {b.invoice ? (
                  <span>
                    {canInvoice ? (
                      <a href={`/admin/invoices/${b.invoice.id}`} className={`${link} font-mono`}>
                        {b.invoice.number}
                      </a>
                    ) : (
                      <span className="font-mono">{b.invoice.number}</span>
                    )}{" "}
                    <span className={muted}>· {formatPaise(b.invoice.totalPaise)} with GST</span>
                  </span>
                ) : !open ? (
                  <span className={muted}>Not invoiced: the contract is cancelled</span>
                ) : b.due && canInvoice ? (
                  <ConfirmButton intent="invoice" fields={{ billingId: b.id }}>
                    Invoice now
                  </ConfirmButton>
                ) : b.due ? (
                  <span>Due: issued at the next daily run</span>
                ) : (
                  <span className={muted}>Invoiced on its date</span>
                )}
              </td>
            </tr>
          ))}
        </Table>
      </TitledSection>

      {open && (
        <TitledSection headingId="actions-heading" title="Renew or cancel" className={section} headingClassName="text-lg font-semibold">
          <div className="mt-3 space-y-4">
            {renewedAs.length === 0 && (
              <div>
                <p className={`text-sm ${muted}`}>
                  Renewing makes a new contract on the same terms, for as long, from {formatDate(nextDay(c.endsOn))}.
                </p>
                <div className="mt-2">
                  <ConfirmButton intent="renew" fields={{ version: c.version }}>
                    Renew
                  </ConfirmButton>
                </div>
              </div>
            )}
            <FieldIdPrefix.Provider value="cancel-">
              <IntentForm intent="cancel" version={c.version} error={failureOf("cancel")?.errors.form ?? failureOf("cancel")?.errors.version} className="space-y-3 rounded-md border border-slate-200 p-4 dark:border-slate-800" aria-label="Cancel the contract">
                <TextArea name="reason" label="Why it is cancelled" required rows={2} maxLength={500} defaultValue={failureOf("cancel")?.values.reason} error={failureOf("cancel")?.errors.reason} />
                <Button variant="danger" size="small" type="submit">
                  Cancel the contract
                </Button>
              </IntentForm>
            </FieldIdPrefix.Provider>
          </div>
        </TitledSection>
      )}

      {open && (
        <section aria-labelledby="edit-heading" className={section}>
          <details open={Boolean(editFailure)}>
            <summary className="cursor-pointer text-lg font-semibold" id="edit-heading">
              Change the terms
            </summary>
            <IntentForm intent="edit" version={c.version} error={editFailure?.errors.form ?? editFailure?.errors.version} className="mt-4 space-y-5">
              <ContractFields values={editValues} errors={editFailure?.errors ?? {}} options={{ sites, units: allUnits, plans }} checkedUnits={checkedUnitsOf(editFailure, coveredUnitIds)} />
              <Button type="submit">
                Save changes
              </Button>
            </IntentForm>
          </details>
        </section>
      )}
    </div>
  );
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
