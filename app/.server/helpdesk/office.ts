import { and, asc, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { keysetPage, PAGE_SIZE, CSV_MAX_ROWS, type Cursor } from "~/.server/admin/list.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, Refusal, type ChangeResult, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { cannedReplies, customers, serviceRequests, ticketMessages, tickets, users } from "~/.server/db/schema.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { STAFF_ROLE_INFO, STAFF_ROLES } from "~/lib/auth/permissions.ts";
import { STALE_TICKET_MESSAGE, type OfficeTicketInput, type TicketListFilters, type TicketNoteInput, type TicketReplyInput, type TicketUpdateInput } from "~/lib/forms/helpdesk.ts";
import {
  isTicketActive,
  slaTarget,
  TICKET_DUE_SOON_MINUTES,
  TICKET_PRIORITY_LABELS,
  TICKET_SOURCE_LABELS,
  TICKET_STATUS_LABELS,
  type TicketPriority,
  type TicketSource,
  type TicketStatus,
} from "~/lib/helpdesk.ts";
import { createTicket, slaDueTimes, type Ticket } from "./index.ts";
import { replyNoticeMessages, ticketNoticeSite } from "./notices.ts";
import { scheduleSlaChecks } from "./sla-job.ts";

/**
 * The office's side of the help desk (/admin/help-desk): the queue with its filters and keyset pages, one
 * ticket's page (the whole thread, internal notes included), and its changes: a reply to the customer (SMS
 * notice with the link, e-mail with the text; the first reply stamps first_responded_at), an internal note,
 * and status, priority and assignee on the version the staff member saw. Each change is one transaction with
 * its audit entry and its live events.
 */

const ACTIVE: TicketStatus[] = ["open", "pending"];

// ── The queue ────────────────────────────────────────────────────────────────────────────────────

const TAB_CONDITIONS: Record<TicketListFilters["show"], SQL | undefined> = {
  active: inArray(tickets.status, ACTIVE),
  open: eq(tickets.status, "open"),
  pending: eq(tickets.status, "pending"),
  resolved: eq(tickets.status, "resolved"),
  closed: eq(tickets.status, "closed"),
  all: undefined,
};

/** A target missed: no first reply (or a late one) past its time, or not resolved (or resolved late) past its time. */
function breached(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(coalesce(${tickets.firstRespondedAt}, case when ${tickets.status} in ('open', 'pending') then ${at} end) > ${tickets.firstResponseDueAt}
    or coalesce(${tickets.resolvedAt}, case when ${tickets.status} in ('open', 'pending') then ${at} end) > ${tickets.resolutionDueAt})`;
}

/** Still running, not breached, and a target within the hour. */
function dueSoon(now: Date): SQL {
  const soon = new Date(now.getTime() + TICKET_DUE_SOON_MINUTES * 60_000);
  return and(
    inArray(tickets.status, ACTIVE),
    sql`not ${breached(now)}`,
    or(and(isNull(tickets.firstRespondedAt), lte(tickets.firstResponseDueAt, soon)), lte(tickets.resolutionDueAt, soon)),
  )!;
}

function filterConditions(filters: TicketListFilters, staff: Pick<StaffMember, "userId">, now: Date): SQL | undefined {
  const q = filters.q?.trim();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const digits = q?.replace(/\D/g, "") ?? "";
  return and(
    filters.priority ? eq(tickets.priority, filters.priority) : undefined,
    filters.assignee === "mine"
      ? eq(tickets.assigneeId, staff.userId)
      : filters.assignee === "unassigned"
        ? isNull(tickets.assigneeId)
        : filters.assignee
          ? eq(tickets.assigneeId, Number(filters.assignee))
          : undefined,
    filters.sla === "breached" ? breached(now) : filters.sla === "due-soon" ? dueSoon(now) : undefined,
    like
      ? or(
          ilike(tickets.reference, like),
          ilike(tickets.subject, like),
          ilike(tickets.contactName, like),
          digits.length >= 4 ? sql`${tickets.contactMobile} like ${`%${digits}%`}` : undefined,
        )
      : undefined,
  );
}

/**
 * The order of the queue: tickets still running by their next target (the first reply while there is none,
 * then the resolution), the soonest first; the others newest first. Keyset on (that time, id).
 */
function sortOf(show: TicketListFilters["show"]): { at: SQL; ascending: boolean } {
  if (show === "active" || show === "open" || show === "pending") {
    return { at: sql`(case when ${tickets.firstRespondedAt} is null then least(${tickets.firstResponseDueAt}, ${tickets.resolutionDueAt}) else ${tickets.resolutionDueAt} end)`, ascending: true };
  }
  return { at: sql`${tickets.createdAt}`, ascending: false };
}

const assignee = alias(users, "assignee");

function listSelect() {
  return {
    id: tickets.id,
    reference: tickets.reference,
    subject: tickets.subject,
    status: tickets.status,
    priority: tickets.priority,
    source: tickets.source,
    contactName: tickets.contactName,
    contactMobile: tickets.contactMobile,
    customerName: customers.name,
    assigneeId: tickets.assigneeId,
    assigneeName: sql<string | null>`coalesce(${assignee.name}, ${assignee.mobile})`,
    firstResponseDueAt: tickets.firstResponseDueAt,
    resolutionDueAt: tickets.resolutionDueAt,
    firstRespondedAt: tickets.firstRespondedAt,
    resolvedAt: tickets.resolvedAt,
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
  };
}

interface ListRow {
  id: number;
  reference: string;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  source: TicketSource;
  contactName: string | null;
  contactMobile: string | null;
  customerName: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  firstResponseDueAt: Date;
  resolutionDueAt: Date;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A ticket's status, priority and source, each with its label. */
function ticketLabels(t: Pick<ListRow, "status" | "priority" | "source">) {
  return {
    status: t.status,
    statusLabel: TICKET_STATUS_LABELS[t.status],
    priority: t.priority,
    priorityLabel: TICKET_PRIORITY_LABELS[t.priority],
    source: t.source,
    sourceLabel: TICKET_SOURCE_LABELS[t.source],
  };
}

/** Where a ticket stands against its first-response and resolution targets. */
function ticketTargets(t: Pick<ListRow, "status" | "firstResponseDueAt" | "firstRespondedAt" | "resolutionDueAt" | "resolvedAt">, now: Date) {
  const active = isTicketActive(t.status);
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    firstResponse: slaTarget(t.firstResponseDueAt.toISOString(), iso(t.firstRespondedAt), active, now),
    resolution: slaTarget(t.resolutionDueAt.toISOString(), iso(t.resolvedAt), active, now),
  };
}

function listItem(r: ListRow, now: Date) {
  return {
    id: r.id,
    reference: r.reference,
    subject: r.subject,
    ...ticketLabels(r),
    contact: r.customerName ?? r.contactName ?? r.contactMobile ?? "Unknown",
    contactMobile: r.contactMobile,
    assigneeId: r.assigneeId,
    assigneeName: r.assigneeName,
    ...ticketTargets(r, now),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type TicketListItem = ReturnType<typeof listItem>;

export async function listTickets(filters: TicketListFilters, cursor: Cursor | undefined, staff: Pick<StaffMember, "userId">, now = new Date()) {
  const db = getDb();
  const { at, ascending } = sortOf(filters.show);
  const after = cursor && typeof cursor[0] === "string" && !Number.isNaN(Date.parse(cursor[0])) ? cursor : undefined;
  const scope = filterConditions(filters, staff, now);
  const where = and(
    TAB_CONDITIONS[filters.show],
    scope,
    after ? sql`(${at}, ${tickets.id}) ${sql.raw(ascending ? ">" : "<")} (${new Date(after[0] as string).toISOString()}::timestamptz, ${after[1]})` : undefined,
  );
  const [rows, [counts]] = await Promise.all([
    db
      .select({ ...listSelect(), sortAt: sql<string>`${at}`.mapWith((v: string | Date) => new Date(v).toISOString()) })
      .from(tickets)
      .leftJoin(customers, eq(customers.id, tickets.customerId))
      .leftJoin(assignee, eq(assignee.id, tickets.assigneeId))
      .where(where)
      .orderBy(ascending ? asc(at) : desc(at), ascending ? asc(tickets.id) : desc(tickets.id))
      .limit(PAGE_SIZE + 1),
    db
      .select({
        active: sql<number>`count(*) filter (where ${TAB_CONDITIONS.active})`.mapWith(Number),
        open: sql<number>`count(*) filter (where ${TAB_CONDITIONS.open})`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${TAB_CONDITIONS.pending})`.mapWith(Number),
        resolved: sql<number>`count(*) filter (where ${TAB_CONDITIONS.resolved})`.mapWith(Number),
        closed: sql<number>`count(*) filter (where ${TAB_CONDITIONS.closed})`.mapWith(Number),
        all: sql<number>`count(*)`.mapWith(Number),
      })
      .from(tickets)
      .where(scope),
  ]);
  const page = keysetPage(rows, (r) => [r.sortAt, r.id]);
  const tabCounts = counts as Record<TicketListFilters["show"], number>;
  return { rows: page.rows.map((r) => listItem(r, now)), next: page.next, counts: tabCounts, total: tabCounts[filters.show] };
}

/** Every ticket of the filter, for the CSV download (capped). */
export async function exportTickets(filters: TicketListFilters, staff: Pick<StaffMember, "userId">, now = new Date()) {
  const { at, ascending } = sortOf(filters.show);
  const rows = await getDb()
    .select(listSelect())
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeId))
    .where(and(TAB_CONDITIONS[filters.show], filterConditions(filters, staff, now)))
    .orderBy(ascending ? asc(at) : desc(at), ascending ? asc(tickets.id) : desc(tickets.id))
    .limit(CSV_MAX_ROWS);
  return rows.map((r) => listItem(r, now));
}

/** The staff who may work tickets (their role has "communications"): the assignee choices. */
export async function helpDeskStaff(): Promise<Array<{ id: number; name: string }>> {
  const roles = STAFF_ROLES.filter((role) => STAFF_ROLE_INFO[role].permissions.includes("communications"));
  const rows = await getDb()
    .select({ id: users.id, name: users.name, mobile: users.mobile })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, inArray(users.staffRole, roles)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.mobile ?? `Staff member ${r.id}` }));
}

// ── One ticket ───────────────────────────────────────────────────────────────────────────────────

const author = alias(users, "author");

export async function ticketThread(ticketId: number, options: { internal: boolean }) {
  const rows = await getDb()
    .select({
      id: ticketMessages.id,
      author: ticketMessages.author,
      authorName: sql<string | null>`coalesce(${author.name}, ${author.mobile})`,
      body: ticketMessages.body,
      internal: ticketMessages.internal,
      createdAt: ticketMessages.createdAt,
    })
    .from(ticketMessages)
    .leftJoin(author, eq(author.id, ticketMessages.authorUserId))
    .where(and(eq(ticketMessages.ticketId, ticketId), options.internal ? undefined : eq(ticketMessages.internal, false)))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  return rows.map((m) => ({
    id: m.id,
    author: m.author,
    // The customer sees "Our office", never a staff member's name or number.
    authorName: options.internal ? m.authorName : null,
    body: m.body,
    internal: m.internal,
    createdAt: m.createdAt.toISOString(),
  }));
}
export type ThreadMessage = Awaited<ReturnType<typeof ticketThread>>[number];

export async function ticketRecord(reference: string, now = new Date()) {
  const [row] = await getDb()
    .select({
      ticket: tickets,
      customerReference: customers.reference,
      customerName: customers.name,
      requestReference: serviceRequests.reference,
      assigneeName: sql<string | null>`coalesce(${assignee.name}, ${assignee.mobile})`,
    })
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(serviceRequests, eq(serviceRequests.id, tickets.serviceRequestId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeId))
    .where(eq(tickets.reference, reference));
  if (!row) return undefined;
  const t = row.ticket;
  const [messages, canned, staff] = await Promise.all([
    ticketThread(t.id, { internal: true }),
    getDb().select({ id: cannedReplies.id, title: cannedReplies.title, body: cannedReplies.body }).from(cannedReplies).orderBy(asc(cannedReplies.title)),
    helpDeskStaff(),
  ]);
  return {
    id: t.id,
    reference: t.reference,
    version: t.version,
    subject: t.subject,
    ...ticketLabels(t),
    contactName: t.contactName,
    contactMobile: t.contactMobile,
    contactEmail: t.contactEmail,
    customerReference: row.customerReference,
    customerName: row.customerName,
    requestReference: row.requestReference,
    assigneeId: t.assigneeId,
    assigneeName: row.assigneeName,
    ...ticketTargets(t, now),
    createdAt: t.createdAt.toISOString(),
    messages,
    canned,
    staff,
  };
}
export type TicketRecord = NonNullable<Awaited<ReturnType<typeof ticketRecord>>>;

// ── A ticket the office opens ───────────────────────────────────────────────────────────────────

/**
 * A ticket opened by the office (a phone call, a visit): assigned to whoever opened it, the customer found by
 * the mobile, the acknowledgement with the link sent only when asked. One ticket per form key. Audited.
 */
export async function openOfficeTicket(staff: StaffMember, input: OfficeTicketInput, now = new Date()): Promise<{ reference: string }> {
  return getDb().transaction(async (tx) => {
    const made = await createTicket(tx, {
      source: "office",
      subject: input.subject,
      body: input.body,
      contactName: input.contactName ?? null,
      contactMobile: input.mobile,
      contactEmail: input.email ?? null,
      priority: input.priority,
      staffUserId: staff.userId,
      acknowledge: input.notify,
      idempotencyKey: input.idempotencyKey ? `office:${input.idempotencyKey}` : null,
      now,
    });
    if (made.created) {
      await audit(tx, auditActor(staff), { action: "ticket.open", entityType: "ticket", entityId: made.id, entityLabel: `${made.reference}: ${input.subject}`, after: { priority: input.priority, mobile: input.mobile, notified: input.notify } }, now);
    }
    return { reference: made.reference };
  });
}

// ── Its changes ──────────────────────────────────────────────────────────────────────────────────

export type TicketResult = ChangeResult;

function label(ticket: Ticket): string {
  return `${ticket.reference}: ${ticket.subject}`;
}

/** The ticket locked `for update`: a reply and a change of status queue rather than interleave. */
const TICKET: RecordKind<Ticket, string> = {
  table: tickets, entityType: "ticket", stale: STALE_TICKET_MESSAGE, stampsUpdatedAt: true,
  key: tickets.reference,
  lock: true,
  label: ({ row }) => label(row),
};

async function messageByKey(tx: Transaction, key: string | undefined) {
  if (!key) return undefined;
  const [row] = await tx.select({ id: ticketMessages.id }).from(ticketMessages).where(eq(ticketMessages.idempotencyKey, key));
  return row;
}

/**
 * A reply to the customer: on the thread, an SMS saying there is one (with the link) and an e-mail with its
 * text when an address is known, through the outbox. The first reply stamps first_responded_at (the first
 * SLA target). The same form sent twice replies once.
 */
export function replyToTicket(staff: StaffMember, reference: string, input: TicketReplyInput, now = new Date()): Promise<TicketResult> {
  return changeRecord(TICKET, reference, null, staff, now, async ({ tx, row: ticket, audit }) => {
    const key = input.idempotencyKey ? `ticket-reply:${input.idempotencyKey}` : undefined;
    if (await messageByKey(tx, key)) return "Reply sent.";
    if (ticket.status === "closed") throw new Refusal("body", "This ticket is closed: reopen it (status Open) before replying.");
    const [message] = await tx
      .insert(ticketMessages)
      .values({ ticketId: ticket.id, author: "staff", authorUserId: staff.userId, body: input.body, internal: false, idempotencyKey: key ?? null, createdAt: now })
      .returning({ id: ticketMessages.id });
    const first = ticket.firstRespondedAt === null;
    // Sent with "then": the ticket waits on the customer, or is resolved (a change of status: a new version).
    const status = input.then && input.then !== ticket.status ? input.then : undefined;
    await tx
      .update(tickets)
      .set({
        ...(first ? { firstRespondedAt: now } : {}),
        ...(status ? { status, resolvedAt: status === "resolved" ? now : null, version: ticket.version + 1 } : {}),
        updatedAt: now,
      })
      .where(eq(tickets.id, ticket.id));
    const site = await ticketNoticeSite(tx);
    await queueMessages(tx, replyNoticeMessages(ticket, site, message!.id, input.body, now));
    await audit("ticket.reply", null, { messageId: message!.id, firstResponse: first, ...(status ? { status } : {}) });
    await publishLive(tx, { audience: `ticket:${ticket.id}`, kind: "ticket.message", data: { id: ticket.id, reference: ticket.reference } });
    await publishLive(tx, { audience: "staff:communications", kind: "ticket.updated", data: { id: ticket.id, reference: ticket.reference, change: "reply" } });
    if (status) await publishLive(tx, { audience: `ticket:${ticket.id}`, kind: "ticket.status", data: { id: ticket.id, reference: ticket.reference, status } });
    // The customer's portal (their list of tickets) hears it through their own audience.
    if (ticket.customerId) await publishLive(tx, { audience: `customer:${ticket.customerId}`, kind: "ticket.message", data: { reference: ticket.reference } });
    const notified = [ticket.contactMobile ? "SMS" : null, ticket.contactEmail ? "e-mail" : null].filter(Boolean).join(" and ");
    return notified ? `Reply sent; the customer is told by ${notified}.` : "Reply added. The ticket has no mobile or e-mail: call the customer to tell them.";
  });
}

/** An internal note: on the thread for the office only, never shown to the customer. */
export function addTicketNote(staff: StaffMember, reference: string, input: TicketNoteInput, now = new Date()): Promise<TicketResult> {
  return changeRecord(TICKET, reference, null, staff, now, async ({ tx, row: ticket, audit }) => {
    const key = input.idempotencyKey ? `ticket-note:${input.idempotencyKey}` : undefined;
    if (await messageByKey(tx, key)) return "Note added.";
    const [message] = await tx
      .insert(ticketMessages)
      .values({ ticketId: ticket.id, author: "staff", authorUserId: staff.userId, body: input.body, internal: true, idempotencyKey: key ?? null, createdAt: now })
      .returning({ id: ticketMessages.id });
    await tx.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, ticket.id));
    await audit("ticket.note", null, { messageId: message!.id });
    await publishLive(tx, { audience: "staff:communications", kind: "ticket.updated", data: { id: ticket.id, reference: ticket.reference, change: "note" } });
    return "Internal note added.";
  });
}

/**
 * Status, priority and assignee, on the version the staff member saw (a change made meanwhile refuses this
 * one). A new priority sets the SLA's due times again from when the ticket was opened; resolving or closing
 * stamps resolved_at, reopening clears it.
 */
export function updateTicket(staff: StaffMember, reference: string, input: TicketUpdateInput, now = new Date()): Promise<TicketResult> {
  return changeRecord(TICKET, reference, input.version, staff, now, async ({ tx, row: ticket, save, auditChanges }) => {
    if (input.assignee !== null && input.assignee !== ticket.assigneeId) {
      const allowed = await helpDeskStaffIn(tx);
      if (!allowed.includes(input.assignee)) throw new Refusal("assignee", "Choose someone from the list: they must work the help desk.");
    }
    const set: Partial<Ticket> = {};
    if (input.status !== ticket.status) {
      set.status = input.status;
      if (input.status === "resolved" || input.status === "closed") set.resolvedAt = ticket.resolvedAt ?? now;
      else set.resolvedAt = null;
    }
    if (input.priority !== ticket.priority) {
      set.priority = input.priority;
      Object.assign(set, slaDueTimes(input.priority, ticket.createdAt));
    }
    if (input.assignee !== ticket.assigneeId) set.assigneeId = input.assignee;
    if (Object.keys(set).length === 0) return "Nothing changed.";
    const updated = await save(set);
    if (set.priority) await scheduleSlaChecks(tx, updated);
    await auditChanges("ticket.update", ticket, set);
    await publishLive(tx, { audience: "staff:communications", kind: "ticket.updated", data: { id: ticket.id, reference: ticket.reference, change: "update" } });
    if (set.status) {
      await publishLive(tx, { audience: `ticket:${ticket.id}`, kind: "ticket.status", data: { id: ticket.id, reference: ticket.reference, status: set.status } });
      if (ticket.customerId) await publishLive(tx, { audience: `customer:${ticket.customerId}`, kind: "ticket.status", data: { reference: ticket.reference } });
    }
    return "Ticket updated.";
  });
}

async function helpDeskStaffIn(tx: Transaction): Promise<number[]> {
  const roles = STAFF_ROLES.filter((role) => STAFF_ROLE_INFO[role].permissions.includes("communications"));
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`'admin' = any(${users.roles})`, inArray(users.staffRole, roles)));
  return rows.map((r) => r.id);
}

/** Figures for a badge or the dashboard: open tickets, and those past a target. */
export async function helpDeskCounts(staff: Pick<StaffMember, "userId">, now = new Date()): Promise<{ active: number; breached: number; unassigned: number; mine: number }> {
  const [row] = await getDb()
    .select({
      active: sql<number>`count(*)`.mapWith(Number),
      breached: sql<number>`count(*) filter (where ${breached(now)})`.mapWith(Number),
      unassigned: sql<number>`count(*) filter (where ${tickets.assigneeId} is null)`.mapWith(Number),
      mine: sql<number>`count(*) filter (where ${tickets.assigneeId} = ${staff.userId})`.mapWith(Number),
    })
    .from(tickets)
    .where(inArray(tickets.status, ACTIVE));
  return row ?? { active: 0, breached: 0, unassigned: 0, mine: 0 };
}

