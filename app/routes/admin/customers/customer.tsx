import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { parseForm, readForm, redirectWithFlash, refuseForm, type Parsed } from "~/.server/forms/index.ts";
import { staffOf, type StaffMember } from "~/.server/auth/staff.ts";
import {
  addSite,
  addUnitToCustomer,
  closeDataRequest,
  editDetails,
  editSite,
  editUnit,
  eraseFromRecord,
  recordDataRequest,
  removeSite,
  removeUnit,
  type CustomerResult,
} from "~/.server/customers/changes.ts";
import { portalMoney } from "~/.server/customers/portal-money.ts";
import { customerIdByReference, customerRecord } from "~/.server/customers/record.ts";
import { trashFromForm } from "~/.server/trash/form.ts";
import { TRASH_INTENT } from "~/lib/forms/admin/data-restoration.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { MoneyPanel } from "~/components/admin/money-panel.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { FormError } from "~/components/form/fields.tsx";
import { CustomerCredit } from "~/components/admin/customer-credit.tsx";
import { applyCustomerCredit, refundCustomerCredit, refundsOf, type CreditResult } from "~/.server/payments/credit.ts";
import { customers } from "~/.server/db/schema.ts";
import { applyCreditSchema, CREDIT_INTENTS, refundCreditSchema } from "~/lib/forms/admin/payments.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { and, eq, isNull } from "drizzle-orm";
import { data } from "react-router";
import { MarketingConsent } from "~/components/admin/marketing-consent.tsx";
import { marketingConsentOf } from "~/.server/marketing/consent.ts";
import { getDb } from "~/.server/db/index.ts";
import { ButtonLink, PageHeader } from "~/components/admin/page-header.tsx";
import { DetailList } from "~/components/detail-list.tsx";
import { can } from "~/lib/auth/permissions.ts";
import { formatDateTime } from "~/lib/format.ts";
import {
  addSiteSchema,
  addUnitSchema,
  closeDataRequestSchema,
  CUSTOMER_REFERENCE_PATTERN,
  dataRequestSchema,
  detailsSchema,
  editSiteSchema,
  editUnitSchema,
  eraseSchema,
  isCustomerIntent,
  removeSiteSchema,
  removeUnitSchema,
} from "~/lib/forms/admin/customers.ts";
import { failureOf, type FormFailure } from "./forms.tsx";
import { ConsentLog, DataRequests, Details, Requests, Sites } from "./sections.tsx";
import type { Route } from "./+types/customer";
import type { PageHandle } from "~/lib/page-title.ts";
import { TitledSection } from "~/components/titled-section.tsx";

/**
 * /admin/customers/{reference}: one customer as the office keeps it: details (and the office's notes),
 * sites with the units at each, every request newest first (each links to its page), the consent log, the
 * personal-data requests, the JSON and CSV copy of their data, and erasure. Every change is a plain form
 * with an intent and the customer's version; the domain is ~/.server/customers/changes.ts.
 *
 * Erasure is open to everyone with the "customers" permission (owner, office, accounts), not the owner
 * alone: the DPDP Act gives the office a deadline, the owner is often on site, and the step cannot happen by
 * accident (the reference typed to confirm, a reason, the audit entry). What it keeps is decided by code,
 * not by the person pressing the button.
 */

const pathOf = (reference: string) => `/admin/customers/${encodeURIComponent(reference)}`;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const staff = staffOf(context);
  const record = CUSTOMER_REFERENCE_PATTERN.test(params.reference) ? await customerRecord(params.reference) : undefined;
  if (!record) return throwNotFound(url);
  const base = pathOf(record.customer.reference);
  // Money (issue 11): their quotes, invoices, payments, contracts and what they owe, for those who handle money.
  const canMoney = can(staff.role, "money");
  const money = canMoney || can(staff.role, "requests") ? await portalMoney(record.customer.id, { audience: "office" }) : null;
  const ref = encodeURIComponent(record.customer.reference);
  const erased = record.customer.erasedAt !== null;
  const moneyActions = erased
    ? []
    : [
        ...(canMoney
          ? [
              { href: `/admin/quotes/new?customer=${ref}`, label: "New quote" },
              { href: `/admin/payments/new?customer=${ref}`, label: "Record a payment" },
            ]
          : []),
        ...(can(staff.role, "requests") ? [{ href: `/admin/contracts/new?customer=${ref}`, label: "New AMC contract" }] : []),
      ];
  // The customer's credit (~/.server/payments/credit.ts), with what it can be applied to, for money staff.
  const credit = canMoney
    ? {
        creditPaise: money?.creditPaise ?? 0,
        openInvoices: (money?.invoices ?? []).filter((i) => i.kind === "invoice" && i.duePaise > 0).map((i) => ({ id: i.id, number: i.number, duePaise: i.duePaise })),
        refunds: await refundsOf(getDb(), record.customer.id),
        refundKey: crypto.randomUUID(),
        today: todayInIndia(),
      }
    : null;
  return {
    ...record,
    credit,
    money: money && !canMoney ? { ...money, quotes: [], invoices: [], payments: [], outstandingPaise: 0, creditPaise: 0 } : money,
    moneyActions,
    // Accounts staff see the customer but not the request screen: their references are not links to a 403.
    canOpenRequests: can(staff.role, "requests"),
    // Marketing consent is changed under the communications permission only (ADR 025): not shown to accounts.
    marketingConsent: can(staff.role, "communications") ? await marketingConsentOf(getDb(), record.customer.id) : null,
    exportHref: { json: `${base}/export?format=json`, csv: `${base}/export?format=csv` },
  };
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => data.customer.reference };

type Outcome = { refusal: ReturnType<typeof refuseForm> } | { result: CustomerResult };

async function perform(staff: StaffMember, reference: string, form: FormData): Promise<Outcome> {
  const intent = form.get("intent");
  if (!isCustomerIntent(intent)) return { refusal: refuseForm(form, OUT_OF_DATE) };
  const run = <T,>(parsed: Parsed<T>, change: (input: T) => Promise<CustomerResult>) =>
    parsed.refusal ? Promise.resolve({ refusal: parsed.refusal }) : change(parsed.data).then((result) => ({ result }));
  switch (intent) {
    case "details":
      return run(parseForm(form, detailsSchema), (d) => editDetails(staff, reference, d));
    case "add-site":
      return run(parseForm(form, addSiteSchema), (d) => addSite(staff, reference, d));
    case "edit-site":
      return run(parseForm(form, editSiteSchema), (d) => editSite(staff, reference, d));
    case "remove-site":
      return run(parseForm(form, removeSiteSchema), (d) => removeSite(staff, reference, d));
    case "add-unit":
      return run(parseForm(form, addUnitSchema), (d) => addUnitToCustomer(staff, reference, d));
    case "edit-unit":
      return run(parseForm(form, editUnitSchema), (d) => editUnit(staff, reference, d));
    case "remove-unit":
      return run(parseForm(form, removeUnitSchema), (d) => removeUnit(staff, reference, d));
    case "data-request":
      return run(parseForm(form, dataRequestSchema), (d) => recordDataRequest(staff, reference, d));
    case "close-data-request":
      return run(parseForm(form, closeDataRequestSchema), (d) => closeDataRequest(staff, reference, d));
    case "erase":
      return run(parseForm(form, eraseSchema), (d) => eraseFromRecord(staff, reference, d));
  }
}

/** Applying or refunding the customer's credit: money staff only, each audited in ~/.server/payments/credit.ts. */
async function creditAction(staff: StaffMember, reference: string, form: FormData, url: URL) {
  if (!can(staff.role, "money")) throw data("Only staff who handle money can apply or refund a customer's credit.", { status: 403 });
  const [customer] = await getDb().select({ id: customers.id }).from(customers).where(and(eq(customers.reference, reference), isNull(customers.deletedAt)));
  if (!customer) return throwNotFound(url);
  let result: CreditResult;
  if (form.get("intent") === "apply-credit") {
    const parsed = parseForm(form, applyCreditSchema);
    if (parsed.refusal) return parsed.refusal;
    result = await applyCustomerCredit(staff, customer.id, { invoiceId: parsed.data.invoiceId, amountPaise: parsed.data.amount, seenCreditPaise: parsed.data.seenCredit });
  } else {
    const parsed = parseForm(form, refundCreditSchema);
    if (parsed.refusal) return parsed.refusal;
    const d = parsed.data;
    result = await refundCustomerCredit(staff, customer.id, { amountPaise: d.amount, method: d.method, paidOn: d.paidOn, instrumentRef: d.instrumentRef ?? null, note: d.note ?? null, idempotencyKey: d.idempotencyKey });
  }
  if (!result.ok) return refuseForm(form, result.message, result.field);
  return redirectWithFlash(pathOf(reference), { type: "success", message: result.message });
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  if (!CUSTOMER_REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  const form = await readForm(request);
  if (form.get("intent") === TRASH_INTENT) {
    const found = await customerIdByReference(params.reference);
    if (!found) return throwNotFound(url);
    return trashFromForm(form, staff, "customer", found.id, "/admin/customers");
  }
  if ((CREDIT_INTENTS as readonly unknown[]).includes(form.get("intent"))) return creditAction(staff, params.reference, form, url);
  const outcome = await perform(staff, params.reference, form);
  if ("refusal" in outcome) return outcome.refusal;
  const { result } = outcome;
  if (!result.ok) return result.reason === "not-found" ? throwNotFound(url) : refuseForm(form, result.message, result.field);
  return redirectWithFlash(pathOf(params.reference), { type: "success", message: result.message });
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c, sites, unplacedUnits, requests, consentLog, dataRequests, exportHref, canOpenRequests } = loaderData;
  const failure = actionData as FormFailure | undefined;
  const erased = c.erasedAt !== null;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        back={{ href: "/admin/customers", label: "Customers" }}
        title={c.name}
        description={
          <span className="flex flex-wrap gap-x-2">
            <span className="font-mono">{c.reference}</span>
            {c.company && <span>· {c.company}</span>}
            <span>· {requests.length === 1 ? "1 request" : `${requests.length} requests`}</span>
          </span>
        }
        actions={
          <>
            <ButtonLink href={exportHref.json} download>
              Download data (JSON)
            </ButtonLink>
            <ButtonLink href={exportHref.csv} download>
              Download data (CSV)
            </ButtonLink>
          </>
        }
      />
      {erased && (
        <p role="status" className="mb-6 rounded-md border border-slate-400 bg-slate-100 p-4 font-medium dark:bg-slate-800">
          This customer&apos;s personal data was erased on {formatDateTime(c.erasedAt!)} at their request. Their requests are kept, with references, dates and
          status, but without their name, numbers or addresses.
        </p>
      )}
      <div className="gap-8 lg:grid lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0">
          <Details customer={c} failure={failureOf(failure, "details")} />
          <Sites customer={c} sites={sites} unplacedUnits={unplacedUnits} failure={failure} />
          <Requests requests={requests} linked={canOpenRequests} />
          {loaderData.money && <MoneyPanel money={loaderData.money} actions={loaderData.moneyActions} heading="Quotes, invoices, payments and contracts" />}
          {loaderData.credit && <CustomerCredit {...loaderData.credit} failure={failure} />}
        </div>
        <div className="mt-8 min-w-0 lg:mt-0">
          <DataRequests customer={c} dataRequests={dataRequests} failure={failure} />
          <ConsentLog entries={consentLog} />
          <MarketingConsent reference={c.reference} consent={loaderData.marketingConsent} />
          {!erased && <DetailList rows={[["Added", formatDateTime(c.createdAt)], ["Last changed", formatDateTime(c.updatedAt)]]} />}
          {!erased && (
            <TitledSection headingId="trash-heading" title="Delete" className="mt-8" headingClassName="text-lg font-semibold">
              <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
                For a record made by mistake or twice: the owner can restore it from the trash for 30 days. Then it is erased; invoices keep their tax copy.
              </p>
              {failure?.intent === TRASH_INTENT && <FormError message={failure.errors.form ?? failure.errors.version} />}
              <ConfirmButton intent={TRASH_INTENT} fields={{ version: c.version }} tone="danger" confirm={`Move ${c.reference} ${c.name} to the trash?`}>
                Move to trash
              </ConfirmButton>
            </TitledSection>
          )}
        </div>
      </div>
    </div>
  );
}
