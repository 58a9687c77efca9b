import { redirect } from "react-router";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { customerIdOf } from "~/.server/customers/portal.ts";
import { getDb } from "~/.server/db/index.ts";
import { readForm } from "~/.server/forms/index.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { noStore } from "~/.server/http/cache.ts";
import { recordMarketingConsent } from "~/.server/marketing/consent.ts";
import { privacyConsent } from "~/.server/legal/index.ts";
import { marketingConsentSchema } from "~/lib/forms/admin/marketing.ts";
import type { Route } from "./+types/marketing-consent";

/**
 * POST /customer/my-data/marketing: the signed-in customer gives or withdraws their marketing consent
 * (~/components/customer/marketing-consent-toggle.tsx). Withdrawing takes effect at once, queued campaign
 * messages included. Audited as the customer. Back to /customer/my-data#marketing either way (a stale page
 * changes nothing: the section shows what stands).
 */
const BACK = "/customer/my-data#marketing";

export function loader() {
  return redirect(BACK, { status: 303, headers: noStore() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = portalSessionOf(context, "customer");
  const customerId = await customerIdOf(session.user);
  const form = await readForm(request);
  const parsed = marketingConsentSchema.safeParse(Object.fromEntries(form));
  if (customerId !== undefined && parsed.success) {
    await recordMarketingConsent(
      getDb(),
      { userId: session.user.id, label: `Customer ${session.user.mobile ?? session.user.id} (portal)`, ipAddress: context.get(clientAddressContext) },
      customerId,
      { given: parsed.data.consent === "given", expectedVersion: parsed.data.version, source: "portal", notice: await privacyConsent() },
    );
  }
  return redirect(BACK, { status: 303, headers: noStore() });
}
