import { customerIdOf } from "~/.server/customers/portal.ts";
import { portalMoney } from "~/.server/customers/portal-money.ts";
import { listRequestsOf } from "~/.server/requests/index.ts";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { CustomerMoney } from "~/components/customer-money.tsx";
import { SignOutForms } from "~/components/sign-out-forms.tsx";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { formatDate, formatDateTime, formatPaise } from "~/lib/format.ts";
import { statusLabel } from "~/lib/requests/status.ts";
import { LiveStatus } from "~/components/live/live-status.tsx";
import { ButtonLink } from "~/components/ui/button.tsx";
import type { Route } from "./+types/requests";

/**
 * /customer/mobile: My Dashboard / My Requests, the signed-in customer's requests, newest first; then their
 * quotes to answer, invoices, payments, contracts and repaired units' warranty (issue 11 §7).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const [requests, customerId] = await Promise.all([listRequestsOf(session.user), customerIdOf(session.user)]);
  const money = customerId === undefined ? null : await portalMoney(customerId);
  return {
    money,
    mobile: session.user.mobile,
    name: session.user.name,
    requests: requests.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export const handle = { title: "My Requests" };

export default function CustomerRequests({ loaderData }: Route.ComponentProps) {
  const { mobile, name, requests, money } = loaderData;
  const awaiting = money?.quotes.filter((q) => q.awaitingAnswer).length ?? 0;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {/* Live (issue 12 §1): a new request or a status change shows without a reload. */}
      <LiveStatus kinds={["request."]} what="My requests" />
      <p className="text-sm font-semibold text-brand-700 uppercase dark:text-sky-300">My Dashboard</p>
      <h1 className="mt-1 text-3xl font-bold">My Requests</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {name ? `${name}, signed in` : "Signed in"}
        {mobile ? ` with ${formatIndianPhone(mobile)}` : ""}. Requests made with this number are listed here, newest first.
      </p>
      <p className="mt-5 flex flex-wrap gap-3">
        <a href="/request" className="inline-flex h-11 items-center rounded-md bg-accent-600 px-5 font-semibold text-white hover:bg-orange-800">
          Request service
        </a>
        {/* DPDP Act: see, download, correct or erase the personal data we hold. */}
        <ButtonLink variant="secondary" href="/customer/my-data">
          My data
        </ButtonLink>
        {/* Help desk (issue 12 §5): questions to the office and their answers. */}
        <ButtonLink variant="secondary" href="/customer/help">
          Help
        </ButtonLink>
      </p>

      {(awaiting > 0 || (money?.outstandingPaise ?? 0) > 0) && (
        <ul aria-label="Waiting for you" className="mt-6 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-slate-900">
          {awaiting > 0 && (
            <li>
              <a href="#quotes-heading" className="font-semibold underline">
                {awaiting === 1 ? "1 quote waits" : `${awaiting} quotes wait`} for your approval
              </a>
            </li>
          )}
          {(money?.outstandingPaise ?? 0) > 0 && (
            <li>
              <a href="#invoices-heading" className="font-semibold underline">
                {formatPaise(money!.outstandingPaise)} is due on your invoices
              </a>
            </li>
          )}
        </ul>
      )}

      {requests.length === 0 ? (
        <p className="mt-8 rounded-md border border-slate-200 p-5 dark:border-slate-800">
          No service requests yet with this number. When you send one, from the{" "}
          <a href="/request" className="font-semibold underline">
            request form
          </a>{" "}
          or by calling us, it appears here with its status.
        </p>
      ) : (
        <ul className="mt-8 space-y-3" aria-label="Service requests">
          {requests.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a href={`/customer/request/${r.id}`} className="font-mono text-lg font-semibold text-brand-700 underline dark:text-sky-300">
                  {r.reference}
                </a>
                <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-medium dark:bg-slate-800">{statusLabel(r.status)}</span>
              </div>
              <p className="mt-1 font-medium">{r.serviceName ?? (r.kind === "quick" ? "Quick request" : "Service request")}</p>
              <p className="mt-1 line-clamp-2 text-slate-700 dark:text-slate-300">{r.faultDescription}</p>
              <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                <div>
                  <dt className="inline">Sent: </dt>
                  <dd className="inline">{formatDateTime(r.createdAt)}</dd>
                </div>
                {r.preferredDate && (
                  <div>
                    <dt className="inline">Preferred date: </dt>
                    <dd className="inline">{formatDate(r.preferredDate)}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {money && <CustomerMoney money={money} />}
      <SignOutForms />
    </div>
  );
}
