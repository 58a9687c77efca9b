import { data } from "react-router";
import type { FormFailure } from "~/.server/forms/index.ts";
import { noStore } from "~/.server/http/cache.ts";

/**
 * A refused contract form (400), with what was typed kept. The equipment covered is a list of ticked boxes
 * (unitIds, sent once per box): it comes back as one comma-separated value, so every ticked box stays ticked.
 */
export function refuseContractForm(form: FormData, errors: Record<string, string>) {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "version" && key !== "unitIds") values[key] = value.slice(0, 5000);
  values.unitIds = form
    .getAll("unitIds")
    .filter((v): v is string => typeof v === "string" && /^\d{1,9}$/.test(v))
    .join(",");
  const intent = form.get("intent");
  return data({ errors, values, intent: typeof intent === "string" ? intent : undefined } satisfies FormFailure, { status: 400, headers: noStore() });
}
