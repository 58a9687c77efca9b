import { portalSessionOf } from "~/.server/auth/portal.ts";
import { customerContracts } from "~/.server/contracts/portal.ts";
import { customerIdOf } from "~/.server/customers/portal.ts";
import { DetailList } from "~/components/detail-list.tsx";
import { SignOutForms } from "~/components/sign-out-forms.tsx";
import { link } from "~/components/ui/styles.ts";
import { DashboardHeading } from "~/components/customer/dashboard-heading.tsx";
import { formatDate, formatPaise } from "~/lib/format.ts";
import type { Route } from "./+types/contracts";

/**
 * /customer/contracts: the signed-in customer's maintenance contracts (issue 11 §5, §7): each one's plan,
 * period, response promise and price, the equipment it covers, and its preventive visits with the job each
 * became. Only their own: the customer is found from the signed-in account (~/.server/customers/portal.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const customerId = await customerIdOf(session.user);
  return {
    contracts: customerId === undefined ? [] : await customerContracts(customerId),
  };
}

export const handle = { title: "My contracts" };

const muted = "text-slate-600 dark:text-slate-400";

export default function CustomerContracts({ loaderData }: Route.ComponentProps) {
  const { contracts } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <DashboardHeading title="My contracts" />
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Your annual maintenance contracts: what each covers, how fast we respond to a breakdown, and the preventive visits. We call you to fix a time
        before each visit.
      </p>
      {contracts.length === 0 ? (
        <p className="mt-6 rounded-md border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
          You have no maintenance contract with us. Our AMC plans are described at{" "}
          <a href="/services/amc" className={link}>
            Annual Maintenance Contracts
          </a>
          .
        </p>
      ) : (
        contracts.map((c) => (
          <section key={c.reference} aria-labelledby={`${c.reference}-heading`} className="mt-8 rounded-md border border-slate-200 p-4 dark:border-slate-800">
            <h2 id={`${c.reference}-heading`} className="flex flex-wrap items-baseline justify-between gap-2 text-xl font-semibold">
              <span>
                AMC {c.planLabel} <span className="font-mono text-base">{c.reference}</span>
              </span>
              <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-medium dark:bg-slate-800">{c.stateLabel}</span>
            </h2>
            <DetailList
              rows={[
                ["Period", `${formatDate(c.startsOn)} to ${formatDate(c.endsOn)}`],
                ["Site", c.site ?? "All your sites"],
                ["Preventive visits", `${c.visitsPerYear} a year`],
                ["Breakdown response", `Within ${c.responseHours} hours, round the clock`],
                ["Price", `${formatPaise(c.pricePaise)} for the period, plus GST at ${c.gstRate}%; billed ${c.billingLabel.toLowerCase()}`],
                ["Scope", c.scope],
              ]}
            />
            <h3 className="mt-5 text-lg font-semibold">What it covers</h3>
            {c.units.length === 0 ? (
              <p className={`mt-2 ${muted}`}>The equipment at the site, as agreed in the scope above.</p>
            ) : (
              <ul className="mt-2 space-y-2" aria-label={`Equipment covered by ${c.reference}`}>
                {c.units.map((u) => (
                  <li key={u.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
                    <span className="font-medium">{u.label}</span>
                    {u.detail && <span className={`block text-sm ${muted}`}>{u.detail}</span>}
                  </li>
                ))}
              </ul>
            )}
            <h3 className="mt-5 text-lg font-semibold">Preventive visits</h3>
            <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800" aria-label={`Visits under ${c.reference}`}>
              {c.visits.map((v) => (
                <li key={v.seq} className="flex flex-wrap justify-between gap-x-4 gap-y-1 p-3">
                  <span>
                    Visit {v.seq} of {c.visits.length}, due {formatDate(v.dueOn)}
                  </span>
                  {v.request ? (
                    <span>
                      <a href={`/customer/request/${v.request.id}`} className={`${link} font-mono`}>
                        {v.request.reference}
                      </a>{" "}
                      <span className={muted}>· {v.request.statusLabel}</span>
                    </span>
                  ) : (
                    <span className={muted}>{c.state === "cancelled" ? "Not made: the contract is cancelled" : "Booked with you a week before"}</span>
                  )}
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
      <SignOutForms />
    </div>
  );
}
