import { data, redirect } from "react-router";
import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { customers } from "~/.server/db/schema.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { verifyLinkToken } from "~/.server/links/signed.ts";
import { optOutOfMarketing } from "~/.server/marketing/consent.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { formatDateTime } from "~/lib/format.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/optout";

/**
 * /d/optout/{token}: the opt-out link in every marketing message (~/.server/marketing). One click (a plain
 * form, no JavaScript needed) stops marketing to the customer at once, and every message of a running
 * campaign still queued to them. Service messages about their own requests continue. A tampered link says
 * so (403), a well-signed one for a customer who no longer exists is the 404 page. Never cached or indexed.
 */

const PROBLEM_STATUS = { tampered: 403, expired: 410 } as const;

async function customerOf(token: string) {
  const check = verifyLinkToken("optout", token);
  if (!check.ok) return { problem: check.problem } as const;
  const [c] = await getDb()
    .select({ id: customers.id, optedOutAt: customers.marketingOptedOutAt, erasedAt: customers.erasedAt })
    .from(customers)
    .where(eq(customers.id, check.id));
  if (!c || c.erasedAt) return { problem: "not-found" } as const;
  return { customer: c } as const;
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const [site, found] = await Promise.all([getSiteSettings(), customerOf(params.token)]);
  if (found.problem === "not-found") return throwNotFound(url);
  const meta = seo(site, { type: "policy", title: "Stop marketing messages", description: "Stop receiving offers from us.", path: url.pathname, noindex: true });
  if (found.problem) return data({ problem: found.problem, optedOutAt: null, business: site.identity.legalName, meta }, { status: PROBLEM_STATUS[found.problem], headers: noStore() });
  return data({ problem: null, optedOutAt: found.customer.optedOutAt?.toISOString() ?? null, business: site.identity.legalName, meta }, { headers: noStore() });
}

export function headers() {
  return noStore();
}

export const meta = routeMeta;

export async function action({ params, url, context }: Route.ActionArgs) {
  const found = await customerOf(params.token);
  if (found.problem === "not-found") return throwNotFound(url);
  if (found.problem) return redirect(url.pathname, { status: 303, headers: noStore() });
  await getDb().transaction((tx) =>
    optOutOfMarketing(tx, { userId: null, label: "Customer (opt-out link)", ipAddress: context.get(clientAddressContext) }, found.customer.id, "link"),
  );
  return redirect(url.pathname, { status: 303, headers: noStore() });
}

export default function OptOut({ loaderData }: Route.ComponentProps) {
  const { problem, optedOutAt, business } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      {problem ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">This opt-out link does not work</h1>
          <p className="mt-4 text-lg">
            {problem === "expired"
              ? "The link has expired."
              : "The link is not complete or has been changed. Open it again from the message we sent you, exactly as it is, or reply STOP to that message."}
          </p>
        </>
      ) : optedOutAt ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">You will get no more offers from us</h1>
          <p className="mt-4 text-lg">
            Marketing messages from {business} stopped on <time dateTime={optedOutAt}>{formatDateTime(optedOutAt)}</time>, including any already on their way.
            Messages about your own service requests, quotes and invoices continue.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Stop marketing messages</h1>
          <p className="mt-4 text-lg">
            Press the button to stop offers from {business} by SMS, e-mail and WhatsApp. It takes effect at once. Messages about your own service requests,
            quotes and invoices continue.
          </p>
          <form method="post" className="mt-6">
            <button type="submit" className="inline-flex h-12 items-center rounded-md bg-brand-700 px-6 text-lg font-semibold text-white hover:bg-brand-800">
              Stop marketing messages
            </button>
          </form>
        </>
      )}
    </div>
  );
}
