import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { customerIdOf, type PortalUser } from "~/.server/customers/portal.ts";
import { getDb } from "~/.server/db/index.ts";
import { serviceRequests, ticketMessages, tickets } from "~/.server/db/schema.ts";
import { keyFor, takeToken, waitText, type Limit } from "~/.server/forms/index.ts";
import { verifyLinkToken } from "~/.server/links/signed.ts";
import { issueLiveGrant } from "~/.server/live/grants.ts";
import { findRequestOf } from "~/.server/requests/index.ts";
import { CLOSED_TICKET_MESSAGE, type CustomerReplyInput, type CustomerTicketInput } from "~/lib/forms/helpdesk.ts";
import { TICKET_STATUS_LABELS, type TicketStatus } from "~/lib/helpdesk.ts";
import { appendCustomerMessage, createTicket, type Ticket } from "./index.ts";
import { ticketThread } from "./office.ts";

/**
 * The customer's side of the help desk: their tickets in the portal (/customer/help), one ticket's thread
 * (/customer/help/{reference}, or /d/ticket/{token} from the SMS without signing in) and their replies.
 * Internal notes never leave the office: every thread read here is read without them. A ticket is the
 * customer's when it is on their customer record or was opened from their mobile number; anyone else's (or
 * a made-up reference) is not found, never "forbidden", so nothing says it exists.
 */

export interface PortalTicketOwner extends PortalUser {
  emailVerified?: boolean;
}

async function ownership(user: PortalTicketOwner): Promise<SQL> {
  const customerId = await customerIdOf(user);
  return or(customerId ? eq(tickets.customerId, customerId) : undefined, user.mobile ? eq(tickets.contactMobile, user.mobile) : undefined) ?? sql`false`;
}

export async function ticketsOf(user: PortalTicketOwner) {
  const rows = await getDb()
    .select({
      reference: tickets.reference,
      subject: tickets.subject,
      status: tickets.status,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      requestReference: serviceRequests.reference,
      lastFromOffice: sql<boolean>`coalesce((select m.author = 'staff' from ${ticketMessages} m where m.ticket_id = ${tickets.id} and not m.internal order by m.created_at desc, m.id desc limit 1), false)`,
    })
    .from(tickets)
    .leftJoin(serviceRequests, eq(serviceRequests.id, tickets.serviceRequestId))
    .where(await ownership(user))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    statusLabel: customerStatusLabel(r.status),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The customer's words for a status: "pending" is the office waiting on them. */
export function customerStatusLabel(status: TicketStatus): string {
  return status === "pending" ? "Waiting for your answer" : status === "open" ? "Open: we are on it" : TICKET_STATUS_LABELS[status];
}

async function threadView(ticket: Ticket & { requestReference: string | null }) {
  const messages = await ticketThread(ticket.id, { internal: false });
  return {
    id: ticket.id,
    reference: ticket.reference,
    subject: ticket.subject,
    status: ticket.status,
    statusLabel: customerStatusLabel(ticket.status),
    closed: ticket.status === "closed",
    requestReference: ticket.requestReference,
    createdAt: ticket.createdAt.toISOString(),
    messages: messages.map((m) => ({ id: m.id, author: m.author, body: m.body, createdAt: m.createdAt })),
    /** Lets the page hear "ticket:<id>" live (a new reply) without a session for it. */
    liveGrant: issueLiveGrant(`ticket:${ticket.id}`),
  };
}
export type CustomerTicketView = Awaited<ReturnType<typeof threadView>>;

async function ticketWhere(where: SQL) {
  const [row] = await getDb()
    .select({ ticket: tickets, requestReference: serviceRequests.reference })
    .from(tickets)
    .leftJoin(serviceRequests, eq(serviceRequests.id, tickets.serviceRequestId))
    .where(where);
  return row ? { ...row.ticket, requestReference: row.requestReference } : undefined;
}

/** One of the customer's tickets, thread without internal notes; undefined when it is not theirs. */
export async function ticketOf(user: PortalTicketOwner, reference: string) {
  const ticket = await ticketWhere(and(eq(tickets.reference, reference), await ownership(user))!);
  return ticket ? threadView(ticket) : undefined;
}

export type LinkTicket = { ok: true; view: CustomerTicketView } | { ok: false; reason: "tampered" | "expired" | "not-found" };

/** The ticket a signed link opens, or why it does not. */
export async function ticketByLink(token: string, now = new Date()): Promise<LinkTicket> {
  const check = verifyLinkToken("ticket", token, now);
  if (!check.ok) return { ok: false, reason: check.problem };
  const ticket = await ticketWhere(eq(tickets.id, check.id));
  return ticket ? { ok: true, view: await threadView(ticket) } : { ok: false, reason: "not-found" };
}

// ── The customer's changes ───────────────────────────────────────────────────────────────────────

/** Replies and new tickets per visitor address (and per ticket): generous for a person, tight for a script. */
export const CUSTOMER_TICKET_LIMITS = {
  perAddress: { max: 20, windowMs: 10 * 60_000 },
  perTicket: { max: 10, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

export type CustomerTicketResult =
  | { ok: true; reference: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; field: string; message: string }
  | { ok: false; reason: "limited"; message: string; retryAfter: number };

async function limited(keys: Array<[string, Limit]>): Promise<CustomerTicketResult | undefined> {
  for (const [key, limit] of keys) {
    const wait = await takeToken(key, limit);
    if (wait !== undefined) return { ok: false, reason: "limited", retryAfter: wait, message: `Too many messages from here. Please try again in ${waitText(wait)}.` };
  }
  return undefined;
}

/** A customer's reply, from the portal or the signed link: appended, the office told live. */
async function reply(ticket: Pick<Ticket, "id" | "reference" | "status">, input: CustomerReplyInput, address: string): Promise<CustomerTicketResult> {
  if (ticket.status === "closed") return { ok: false, reason: "refused", field: "body", message: CLOSED_TICKET_MESSAGE };
  const limit = await limited([
    [`ticket-reply:address:${address}`, CUSTOMER_TICKET_LIMITS.perAddress],
    [`ticket-reply:ticket:${ticket.id}`, CUSTOMER_TICKET_LIMITS.perTicket],
  ]);
  if (limit) return limit;
  // Without the form's key (no JavaScript on a cached page), the same text the same day is one message.
  const key = keyFor(`ticket-customer:${ticket.id}`, input.idempotencyKey, { body: input.body });
  await getDb().transaction((tx) => appendCustomerMessage(tx, ticket, input.body, { idempotencyKey: `ticket-customer:${key}` }));
  return { ok: true, reference: ticket.reference };
}

export async function replyAsCustomer(user: PortalTicketOwner, reference: string, input: CustomerReplyInput, address: string): Promise<CustomerTicketResult> {
  const ticket = await ticketWhere(and(eq(tickets.reference, reference), await ownership(user))!);
  if (!ticket) return { ok: false, reason: "not-found" };
  return reply(ticket, input, address);
}

export async function replyByLink(token: string, input: CustomerReplyInput, address: string, now = new Date()): Promise<CustomerTicketResult> {
  const check = verifyLinkToken("ticket", token, now);
  if (!check.ok) return { ok: false, reason: "not-found" };
  const ticket = await ticketWhere(eq(tickets.id, check.id));
  if (!ticket) return { ok: false, reason: "not-found" };
  return reply(ticket, input, address);
}

/**
 * A new ticket from the portal ("Get help", on a request's page or the help page): the customer's record,
 * mobile and e-mail come from their account; a request named must be theirs. One ticket per form key.
 */
export async function openPortalTicket(user: PortalTicketOwner, input: CustomerTicketInput, address: string): Promise<CustomerTicketResult> {
  let serviceRequestId: number | undefined;
  if (input.requestId) {
    const found = await findRequestOf({ mobile: user.mobile, email: user.email, emailVerified: user.emailVerified ?? false }, input.requestId);
    if (!found) return { ok: false, reason: "refused", field: "requestId", message: "That request is not one of yours. Open help from the request's own page." };
    serviceRequestId = found.request.id;
  }
  const limit = await limited([[`ticket-new:address:${address}`, CUSTOMER_TICKET_LIMITS.perAddress]]);
  if (limit) return limit;
  const customerId = await customerIdOf(user);
  const created = await getDb().transaction((tx) =>
    createTicket(tx, {
      source: "portal",
      subject: input.subject,
      body: input.body,
      customerId: customerId ?? null,
      serviceRequestId: serviceRequestId ?? null,
      contactName: user.name,
      contactMobile: user.mobile,
      contactEmail: user.email,
      idempotencyKey: `portal:${user.id}:${keyFor("ticket", input.idempotencyKey, { subject: input.subject, body: input.body, requestId: input.requestId })}`,
    }),
  );
  return { ok: true, reference: created.reference };
}
