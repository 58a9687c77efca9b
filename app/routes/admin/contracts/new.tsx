import { randomUUID } from "node:crypto";
import { parseForm, readForm, redirectWithFlash, refuseFields, type FormFailure } from "~/.server/forms/index.ts";
import { staffOf } from "~/.server/auth/staff.ts";
import { createContract } from "~/.server/contracts/changes.ts";
import { planDescriptions } from "~/.server/contracts/plans.ts";
import { customerForContract } from "~/.server/contracts/record.ts";
import { PageHeader } from "~/components/admin/page-header.tsx";
import { control, link, muted } from "~/components/admin/styles.ts";
import { FieldError, FormError } from "~/components/form/fields.tsx";
import { Button } from "~/components/ui/button.tsx";
import { customerReferenceSchema, newContractSchema } from "~/lib/forms/admin/contracts.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { checkedUnitsOf, CONTRACT_LISTS, ContractFields } from "./fields.tsx";
import type { Route } from "./+types/new";

/**
 * /admin/contracts/new?customer=CU-2611-0007: a new maintenance contract for a customer, with its site, the
 * units it covers, its period, visits, response time, price and billing plan. Without ?customer= (or with
 * one that names nobody) the page asks for the customer's reference first. The form's one-time key makes
 * the same form sent twice one contract.
 */
const PATH = "/admin/contracts/new";

export async function loader({ url, context }: Route.LoaderArgs) {
  staffOf(context);
  const typed = url.searchParams.get("customer");
  const reference = typed ? customerReferenceSchema.safeParse(typed) : undefined;
  const found = reference?.success ? await customerForContract(reference.data) : undefined;
  if (!found) {
    const problem = typed === null ? null : !reference?.success ? (reference?.error.issues[0]?.message ?? null) : `No customer has the reference ${reference.data}.`;
    return { pick: { typed: typed ?? "", problem }, form: null };
  }
  return {
    pick: null,
    form: {
      customer: found.customer,
      sites: found.sites,
      units: found.units,
      plans: await planDescriptions(),
      key: randomUUID(),
      today: todayInIndia(),
    },
  };
}

export const handle = { title: "New contract" };

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  const form = await readForm(request);
  const customer = customerReferenceSchema.safeParse(url.searchParams.get("customer") ?? "");
  if (!customer.success) return refuseFields(form, { form: "Pick the customer first: this form has no customer." }, { lists: CONTRACT_LISTS });
  const parsed = parseForm(form, newContractSchema, { lists: CONTRACT_LISTS });
  if (parsed.refusal) return parsed.refusal;
  const result = await createContract(staff, customer.data, parsed.data);
  if (!result.ok) return refuseFields(form, { [result.field === "customer" ? "form" : result.field]: result.message }, { lists: CONTRACT_LISTS });
  return redirectWithFlash(`/admin/contracts/${result.reference}`, {
    type: "success",
    message: result.created ? `Contract ${result.reference} made, with its visits and billing dates.` : `This form was already sent: contract ${result.reference} is the one it made.`,
  });
}

export default function AdminNewContract({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  const { pick, form } = loaderData;
  if (!form) {
    return (
      <div className="mx-auto max-w-2xl">
        <PageHeader back={{ href: "/admin/contracts", label: "Contracts" }} title="New contract" description="A contract is made for a customer: which one?" />
        <form method="get" action={PATH} className="space-y-4">
          <div>
            <label htmlFor="customer" className="block font-medium">
              Customer reference
            </label>
            <input
              id="customer"
              name="customer"
              type="text"
              defaultValue={pick?.typed}
              maxLength={20}
              autoComplete="off"
              aria-invalid={pick?.problem ? true : undefined}
              aria-describedby={pick?.problem ? "customer-hint customer-error" : "customer-hint"}
              className={control}
            />
            <p id="customer-hint" className={`mt-1 text-sm ${muted}`}>
              e.g. CU-2611-0007, on the customer&apos;s page. Find it in{" "}
              <a href="/admin/customers" className={link}>
                Customers
              </a>
              .
            </p>
            <FieldError id="customer-error" message={pick?.problem} />
          </div>
          <Button type="submit">
            Continue
          </Button>
        </form>
      </div>
    );
  }
  const { customer } = form;
  const values = failure?.values ?? { startsOn: form.today, gstRate: "18" };
  const who = customer.company ? `${customer.company} (${customer.name})` : customer.name;
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        back={{ href: "/admin/contracts", label: "Contracts" }}
        title="New contract"
        description={
          <>
            For{" "}
            <a href={`/admin/customers/${customer.reference}`} className={link}>
              {who}
            </a>{" "}
            <span className="font-mono">{customer.reference}</span>
          </>
        }
      />
      {customer.erased ? (
        <FormError message="This customer's personal data was erased: no new contract can be made for them." />
      ) : (
        <form method="post" className="space-y-5">
          <input type="hidden" name="idempotencyKey" value={failure?.values.idempotencyKey ?? form.key} />
          <FormError message={failure?.errors.form ?? failure?.errors.idempotencyKey} />
          <ContractFields values={values} errors={failure?.errors ?? {}} options={{ sites: form.sites, units: form.units, plans: form.plans }} checkedUnits={checkedUnitsOf(failure)} />
          <p className={`text-sm ${muted}`}>
            The visits and billing dates are made with the contract. Each visit becomes a job a week before it is due, and each billing date a GST
            invoice on the day.
          </p>
          <Button type="submit">
            Make the contract
          </Button>
        </form>
      )}
    </div>
  );
}
