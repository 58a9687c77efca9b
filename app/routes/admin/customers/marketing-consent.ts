import { OUT_OF_DATE } from "~/.server/admin/actions.ts";
import { parseForm, readForm, redirectWithFlash } from "~/.server/forms/index.ts";
import { auditActor, requirePermission, staffOf } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { customers } from "~/.server/db/schema.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { recordMarketingConsent } from "~/.server/marketing/consent.ts";
import { privacyConsent } from "~/.server/legal/index.ts";
import { CUSTOMER_REFERENCE_PATTERN } from "~/lib/forms/admin/customers.ts";
import { marketingConsentSchema } from "~/lib/forms/admin/marketing.ts";
import { and, eq, isNull } from "drizzle-orm";
import { redirect } from "react-router";
import type { Route } from "./+types/marketing-consent";

/**
 * POST /admin/customers/{reference}/marketing-consent (the communications permission): the office records a customer's marketing consent (on
 * their word) or its withdrawal, from the customer page (~/components/admin/marketing-consent.tsx). Audited,
 * on the customer's version; back to the customer page with what was done, or why not.
 */
const pathOf = (reference: string) => `/admin/customers/${encodeURIComponent(reference)}`;

/** A GET (a bookmark, a reload after the post) goes to the customer page. Response.redirect needs an absolute URL (it threw: a 500). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(pathOf(params.reference), 303);
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = staffOf(context);
  // Marketing is the communications permission: accounts staff see the customer, not their consent (ADR 025).
  requirePermission(staff, "communications");
  if (!CUSTOMER_REFERENCE_PATTERN.test(params.reference)) return throwNotFound(url);
  const [customer] = await getDb().select({ id: customers.id }).from(customers).where(and(eq(customers.reference, params.reference), isNull(customers.deletedAt)));
  if (!customer) return throwNotFound(url);
  const parsed = parseForm(await readForm(request), marketingConsentSchema);
  if (parsed.refusal) return redirectWithFlash(pathOf(params.reference), { type: "error", message: OUT_OF_DATE });
  const result = await recordMarketingConsent(getDb(), auditActor(staff), customer.id, {
    given: parsed.data.consent === "given",
    expectedVersion: parsed.data.version,
    source: "office",
    notice: await privacyConsent(),
  });
  if (!result.ok && result.reason === "not-found") return throwNotFound(url);
  return redirectWithFlash(pathOf(params.reference), { type: result.ok ? "success" : "error", message: result.message });
}
