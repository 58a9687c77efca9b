import { findEntry } from "~/.server/content/index.ts";
import { CONTRACT_PLANS, PLAN_DEFAULTS, type ContractPlan } from "~/lib/forms/admin/contracts.ts";

/**
 * What the catalogue says of each plan (the "service" entries amc-bronze, amc-silver, amc-gold): its one-line
 * summary, for the contract form's plan choice. The office edits these texts with the site's content; a plan
 * whose entry is missing shows its default visits and response time instead.
 */
export async function planDescriptions(): Promise<Record<ContractPlan, string>> {
  const entries = await Promise.all(CONTRACT_PLANS.map((p) => findEntry("service", PLAN_DEFAULTS[p].slug)));
  return Object.fromEntries(
    CONTRACT_PLANS.map((p, i) => {
      const d = PLAN_DEFAULTS[p];
      return [p, entries[i]?.summary || `${d.visitsPerYear} preventive visits a year; response within ${d.responseHours} hours.`];
    }),
  ) as Record<ContractPlan, string>;
}
