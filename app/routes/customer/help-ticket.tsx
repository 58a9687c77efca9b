import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { type FormFailure, parseForm, readForm, refuseFields, refuseForm } from "~/.server/forms/index.ts";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import { clientAddress } from "~/.server/forms/index.ts";
import { replyAsCustomer, ticketOf } from "~/.server/helpdesk/customer.ts";
import { noStore } from "~/.server/http/cache.ts";
import { throwNotFound } from "~/.server/http/errors.ts";
import { CustomerTicketThread } from "~/components/ticket-thread.tsx";
import { customerReplySchema } from "~/lib/forms/helpdesk.ts";
import type { PageHandle } from "~/lib/page-title.ts";
import type { Route } from "./+types/help-ticket";

/**
 * /customer/help/{reference}: one of the customer's tickets, its thread without the office's internal
 * notes, and their reply. Another customer's ticket (or a made-up reference) is the 404 page.
 */
const REFERENCE = /^TK-\d{4}-\d{4,6}$/;

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const session = portalSessionOf(context, "customer");
  const ticket = REFERENCE.test(params.reference) ? await ticketOf(session.user, params.reference) : undefined;
  if (!ticket) return throwNotFound(url);
  return data(
    {
      ticket,
      replyKey: randomUUID(),
      sent: url.searchParams.get("sent") === "1",
    },
    { headers: noStore() },
  );
}

export const handle: PageHandle<Route.ComponentProps["loaderData"]> = { title: (data) => `Ticket ${data.ticket.reference}` };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const session = portalSessionOf(context, "customer");
  if (!REFERENCE.test(params.reference)) return throwNotFound(url);
  const form = await readForm(request);
  const parsed = parseForm(form, customerReplySchema);
  if (parsed.refusal) return parsed.refusal;
  const result = await replyAsCustomer(session.user, params.reference, parsed.data, clientAddress(context));
  if (result.ok) return redirect(`${url.pathname}?sent=1`, { status: 303, headers: noStore() });
  if (result.reason === "not-found") return throwNotFound(url);
  const field = result.reason === "refused" ? result.field : "form";
  if (result.reason === "limited") return refuseFields(form, { [field]: result.message }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  return refuseForm(form, result.message, field);
}

export default function CustomerHelpTicket({ loaderData, actionData }: Route.ComponentProps) {
  const { ticket, replyKey, sent } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="mb-3">
        <a href="/customer/help" className="font-medium text-brand-700 underline dark:text-sky-300">
          ← Help
        </a>
      </p>
      <CustomerTicketThread ticket={ticket} replyKey={replyKey} failure={actionData as FormFailure | undefined} sent={sent && !actionData} />
    </div>
  );
}
