import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { type FormFailure, parseForm, readForm, refuseFields, refuseForm } from "~/.server/forms/index.ts";
import { clientAddress } from "~/.server/forms/index.ts";
import { replyByLink, ticketByLink } from "~/.server/helpdesk/customer.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { verifyLinkToken } from "~/.server/links/signed.ts";
import { seo } from "~/.server/seo.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { CallUs } from "~/components/call-us.tsx";
import { CustomerTicketThread } from "~/components/ticket-thread.tsx";
import { customerReplySchema } from "~/lib/forms/helpdesk.ts";
import { routeMeta } from "~/lib/route-meta.ts";
import type { Route } from "./+types/ticket";

/**
 * /d/ticket/{token}: a help-desk ticket from the link in the SMS or e-mail, without signing in: the thread
 * (never the office's internal notes) and a reply form that works without JavaScript, rate-limited per
 * address and per ticket. A tampered link says so (403), an expired one too (410); a well-signed link to a
 * ticket that no longer exists is the 404 page. Personal: never cached, never indexed.
 */
const PROBLEM_STATUS = { tampered: 403, expired: 410 } as const;

export async function loader({ params, url }: Route.LoaderArgs) {
  const [site, result] = await Promise.all([getSiteSettings(), ticketByLink(params.token)]);
  const meta = seo(site, { type: "policy", title: "Your ticket", description: "Your question to our office and its answers.", path: url.pathname, noindex: true });
  if (!result.ok) {
    if (result.reason === "not-found") return throwNotFound(url);
    return data({ problem: result.reason, ticket: null, replyKey: "", sent: false, meta }, { status: PROBLEM_STATUS[result.reason], headers: noStore() });
  }
  return data({ problem: null, ticket: result.view, replyKey: randomUUID(), sent: url.searchParams.get("sent") === "1", meta }, { headers: noStore() });
}

export function headers() {
  return noStore();
}

export const meta = routeMeta;

export async function action({ request, params, url, context }: Route.ActionArgs) {
  if (!verifyLinkToken("ticket", params.token).ok) {
    // The page itself explains the problem: show it again, with its status.
    return redirect(url.pathname, { status: 303, headers: noStore() });
  }
  const form = await readForm(request);
  const parsed = parseForm(form, customerReplySchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await replyByLink(params.token, parsed.data, clientAddress(context));
  if (result.ok) return redirect(`${url.pathname}?sent=1`, { status: 303, headers: noStore() });
  if (result.reason === "not-found") return throwNotFound(url);
  const field = result.reason === "refused" ? result.field : "form";
  if (result.reason === "limited") return refuseFields(form, { [field]: result.message }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  return refuseForm(form, result.message, field);
}

export default function TicketByLink({ loaderData, actionData }: Route.ComponentProps) {
  const { problem, ticket, replyKey, sent } = loaderData;
  if (problem || !ticket) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight">{problem === "expired" ? "This ticket link has expired" : "This ticket link does not work"}</h1>
        <p className="mt-4 text-lg">
          {problem === "expired"
            ? "Links to a ticket are good for 90 days. Sign in to the customer portal with your mobile number to see your tickets."
            : "The link is not complete or has been changed. Open it again from the SMS or e-mail we sent you, exactly as it is."}
        </p>
        <p className="mt-4">
          <a href="/customer/help" className="font-semibold text-brand-700 underline dark:text-sky-300">
            Sign in to see your tickets
          </a>
        </p>
        <CallUs />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <CustomerTicketThread ticket={ticket} replyKey={replyKey} failure={actionData as FormFailure | undefined} sent={sent && !actionData} />
      <CallUs />
    </div>
  );
}
