import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { customers, ticketMessages, tickets } from "~/.server/db/schema.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { indianMobile } from "~/lib/forms/fields.ts";
import { TICKET_SLA_HOURS, type TicketPriority, type TicketSource, type TicketStatus } from "~/lib/helpdesk.ts";
import { acknowledgementMessages, ticketNoticeSite, type TicketNoticeSite } from "./notices.ts";
import { scheduleSlaChecks } from "./sla-job.ts";

/**
 * The help desk (issue 12 §5): what other areas call. A ticket comes from the customer portal's "Get help",
 * the contact form, inbound WhatsApp, the chat assistant's hand-off or the office; each is created inside the
 * caller's transaction, so it exists exactly when what made it does.
 */

export type Ticket = typeof tickets.$inferSelect;
export type TicketMessage = typeof ticketMessages.$inferSelect;
type Executor = Database | Transaction;

export interface CreateTicketInput {
  source: TicketSource;
  subject: string;
  /** The customer's words: the thread's first message. */
  body: string;
  customerId?: number | null;
  serviceRequestId?: number | null;
  inboundMessageId?: number | null;
  contactName?: string | null;
  contactMobile?: string | null;
  contactEmail?: string | null;
  priority?: TicketPriority;
  /** The chat (chatbot hand-off, a WhatsApp exchange) that came before: it opens the thread, in order. */
  transcript?: { author: "customer" | "bot" | "staff"; body: string }[];
  /** One ticket per key: a repeat returns the first. Defaults to `inbound:<id>` when inboundMessageId is given. */
  idempotencyKey?: string | null;
  /** Send the customer the acknowledgement with their ticket's link (default true). */
  acknowledge?: boolean;
  /** The staff member who opened it (source "office"); the ticket is theirs until reassigned. */
  staffUserId?: number | null;
  /** Read already by the caller (saves a query); read through the transaction otherwise. */
  site?: TicketNoticeSite;
  now?: Date;
}

export interface CreatedTicket {
  id: number;
  reference: string;
  /** False when the idempotency key found an earlier ticket. */
  created: boolean;
}

const HOUR_MS = 3_600_000;

/** The ticket's due times from its priority and when it was opened (round the clock). */
export function slaDueTimes(priority: TicketPriority, from: Date): { firstResponseDueAt: Date; resolutionDueAt: Date } {
  const hours = TICKET_SLA_HOURS[priority];
  return {
    firstResponseDueAt: new Date(from.getTime() + hours.firstResponse * HOUR_MS),
    resolutionDueAt: new Date(from.getTime() + hours.resolution * HOUR_MS),
  };
}

/** +91 and ten digits, or null when it is not an Indian mobile number. */
export function normaliseMobile(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = indianMobile.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function clip(text: string, max: number): string {
  const characters = Array.from(text.replace(/\s+/g, " ").trim());
  return characters.length > max ? `${characters.slice(0, max - 1).join("")}…` : characters.join("");
}

async function ticketByKey(tx: Executor, key: string): Promise<{ id: number; reference: string } | undefined> {
  const [row] = await tx.select({ id: tickets.id, reference: tickets.reference }).from(tickets).where(eq(tickets.idempotencyKey, key));
  return row;
}

/**
 * Opens a ticket: TK-YYMM-NNNN, its SLA from the priority, the thread (transcript, then the body), a live
 * event for the help desk, an alert to the staff who handle communications, and the customer's
 * acknowledgement (SMS with the signed link, e-mail when known). Idempotent by key: a repeat returns the
 * ticket made first and does nothing else.
 */
export async function createTicket(tx: Executor, input: CreateTicketInput): Promise<CreatedTicket> {
  const now = input.now ?? new Date();
  const key = input.idempotencyKey ?? (input.inboundMessageId ? `inbound:${input.inboundMessageId}` : null);
  if (key) {
    const existing = await ticketByKey(tx, key);
    if (existing) return { ...existing, created: false };
  }
  const priority = input.priority ?? "normal";
  let contactMobile = normaliseMobile(input.contactMobile);
  let contactName = input.contactName?.trim() || null;
  let contactEmail = input.contactEmail?.trim().toLowerCase() || null;
  let customerId = input.customerId ?? null;
  // The customer, when the mobile is theirs; and the contact details, when only the customer was named.
  const [customer] = customerId
    ? await tx.select().from(customers).where(eq(customers.id, customerId))
    : contactMobile
      ? await tx.select().from(customers).where(and(eq(customers.mobile, contactMobile), isNull(customers.erasedAt)))
      : [];
  if (customer && !customer.erasedAt) {
    customerId = customer.id;
    contactMobile ??= customer.mobile;
    contactName ??= customer.name;
    contactEmail ??= customer.email;
  }
  const subject = clip(input.subject || input.body || "Help requested", 160);
  const reference = await nextReference(tx, "TK", now);
  const due = slaDueTimes(priority, now);
  const [row] = await tx
    .insert(tickets)
    .values({
      reference,
      source: input.source,
      subject,
      priority,
      customerId,
      serviceRequestId: input.serviceRequestId ?? null,
      inboundMessageId: input.inboundMessageId ?? null,
      contactName,
      contactMobile,
      contactEmail,
      assigneeId: input.source === "office" ? (input.staffUserId ?? null) : null,
      ...due,
      idempotencyKey: key,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: tickets.idempotencyKey })
    .returning({ id: tickets.id, reference: tickets.reference });
  if (!row) {
    // Another transaction made it with the same key meanwhile (it waited for that one to commit).
    const existing = key ? await ticketByKey(tx, key) : undefined;
    if (existing) return { ...existing, created: false };
    throw new Error("Ticket not created");
  }
  const thread = [
    ...(input.transcript ?? [])
      .filter((m) => m.body.trim())
      .map((m) => ({ author: m.author, body: m.body.trim(), authorUserId: m.author === "staff" ? (input.staffUserId ?? null) : null })),
    ...(input.body.trim()
      ? [{ author: input.source === "office" ? ("staff" as const) : ("customer" as const), body: input.body.trim(), authorUserId: null }]
      : []),
  ];
  if (thread.length > 0) {
    // Consecutive ids keep the order; the same time stamp keeps them together.
    await tx.insert(ticketMessages).values(thread.map((m) => ({ ticketId: row.id, ...m, internal: false, createdAt: now })));
  }
  await scheduleSlaChecks(tx, { id: row.id, ...due });
  await publishLive(tx, {
    audience: "staff:communications",
    kind: "ticket.created",
    data: { id: row.id, reference, subject, priority, source: input.source },
  });
  await raiseStaffAlert(tx, {
    kind: "ticket.new",
    title: `New ticket ${reference}`,
    body: `${subject}${contactName ? ` (${contactName})` : ""}`,
    link: `/admin/help-desk/${reference}`,
    dedupeKey: `ticket:${row.id}:new`,
    permission: "communications",
    about: { reference, name: contactName, mobile: contactMobile },
  });
  if (input.acknowledge !== false && (contactMobile || contactEmail)) {
    const site = input.site ?? (await ticketNoticeSite(tx));
    await queueMessages(
      tx,
      acknowledgementMessages(
        { id: row.id, reference, subject, contactName, contactMobile, contactEmail },
        site,
        TICKET_SLA_HOURS[priority].firstResponse,
        now,
      ),
    );
  }
  return { id: row.id, reference, created: true };
}

export interface AppendedMessage {
  ticketId: number;
  reference: string;
  messageId: number;
}

/**
 * A customer's message on a ticket: appended to the thread, and the ticket moves back to open when it was
 * waiting on them or resolved (they are not satisfied). Live to the ticket's page and the help desk. A repeat
 * of the same idempotency key appends nothing.
 */
export async function appendCustomerMessage(
  tx: Executor,
  ticket: Pick<Ticket, "id" | "reference" | "status">,
  body: string,
  options: { idempotencyKey?: string | null; now?: Date } = {},
): Promise<AppendedMessage | null> {
  const now = options.now ?? new Date();
  const [message] = await tx
    .insert(ticketMessages)
    .values({ ticketId: ticket.id, author: "customer", body: body.trim(), internal: false, idempotencyKey: options.idempotencyKey ?? null, createdAt: now })
    .onConflictDoNothing({ target: ticketMessages.idempotencyKey })
    .returning({ id: ticketMessages.id });
  if (!message) {
    // A repeat: the message is there already, and nothing else changes.
    const [earlier] = await tx.select({ id: ticketMessages.id, ticketId: ticketMessages.ticketId }).from(ticketMessages).where(eq(ticketMessages.idempotencyKey, options.idempotencyKey ?? ""));
    return earlier ? { ticketId: earlier.ticketId, reference: ticket.reference, messageId: earlier.id } : null;
  }
  const reopen: TicketStatus[] = ["pending", "resolved"];
  if (reopen.includes(ticket.status as TicketStatus)) {
    await tx
      .update(tickets)
      .set({ status: "open", resolvedAt: null, updatedAt: now, version: sql`${tickets.version} + 1` })
      .where(and(eq(tickets.id, ticket.id), inArray(tickets.status, reopen)));
  } else {
    await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, ticket.id));
  }
  await publishLive(tx, { audience: `ticket:${ticket.id}`, kind: "ticket.message", data: { id: ticket.id, reference: ticket.reference } });
  await publishLive(tx, {
    audience: "staff:communications",
    kind: "ticket.updated",
    data: { id: ticket.id, reference: ticket.reference, change: "customer-message" },
  });
  return { ticketId: ticket.id, reference: ticket.reference, messageId: message.id };
}

/**
 * An inbound message (WhatsApp, SMS) from a mobile: appended to the newest ticket of that mobile still open
 * or waiting on the customer, or null when there is none (the caller may then open one with createTicket).
 */
export async function addCustomerMessageByMobile(
  tx: Executor,
  input: { mobile: string; body: string; source: TicketSource; idempotencyKey?: string | null; now?: Date },
): Promise<AppendedMessage | null> {
  const mobile = normaliseMobile(input.mobile);
  if (!mobile || !input.body.trim()) return null;
  const [ticket] = await tx
    .select({ id: tickets.id, reference: tickets.reference, status: tickets.status })
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .where(and(inArray(tickets.status, ["open", "pending"]), or(eq(tickets.contactMobile, mobile), eq(customers.mobile, mobile))))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(1);
  if (!ticket) return null;
  return appendCustomerMessage(tx, ticket, input.body, { idempotencyKey: input.idempotencyKey, now: input.now });
}
