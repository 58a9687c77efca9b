import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, cannedReplies, customers, inboundMessages, liveEvents, outbox, serviceRequests, staffNotifications, ticketMessages, tickets, users } from "~/.server/db/schema.ts";
import { submitEnquiry } from "~/.server/enquiries/index.ts";
import { resetRateLimits } from "~/.server/forms/index.ts";
import { addCannedReply, deleteCannedReply, editCannedReply, listCannedReplies } from "~/.server/helpdesk/canned.ts";
import { openPortalTicket, replyAsCustomer, replyByLink, ticketByLink, ticketOf, ticketsOf } from "~/.server/helpdesk/customer.ts";
import { addCustomerMessageByMobile, createTicket, slaDueTimes } from "~/.server/helpdesk/index.ts";
import { addTicketNote, helpDeskCounts, listTickets, openOfficeTicket, replyToTicket, ticketRecord, updateTicket } from "~/.server/helpdesk/office.ts";
import { flagSlaBreach } from "~/.server/helpdesk/sla-job.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { type StaffRole } from "~/lib/auth/permissions.ts";
import { STALE_CANNED_MESSAGE, STALE_TICKET_MESSAGE, customerTicketSchema, officeTicketSchema, ticketListSchema, ticketUpdateSchema } from "~/lib/forms/helpdesk.ts";
import { slaTarget, TICKET_SLA_HOURS } from "~/lib/helpdesk.ts";
import { middleware as queueMiddleware } from "~/routes/admin/help-desk/route.tsx";
import { action as linkAction, loader as linkLoader } from "~/routes/documents/ticket.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";
const HOUR = 3_600_000;

describe("the help desk screen", () => {
  it("is built, under the communications permission (its ticket pages and canned replies too)", () => {
    for (const path of ["/admin/help-desk", "/admin/help-desk/TK-2611-0001", "/admin/help-desk/canned"]) {
      expect(screenFor(path)).toMatchObject({ path: "/admin/help-desk", permission: "communications", built: true });
    }
  });

  it("the SLA's targets by priority, and how a target reads", () => {
    const from = new Date("2026-11-26T04:00:00Z");
    for (const [priority, hours] of Object.entries(TICKET_SLA_HOURS)) {
      const due = slaDueTimes(priority as keyof typeof TICKET_SLA_HOURS, from);
      expect(due.firstResponseDueAt.getTime() - from.getTime()).toBe(hours.firstResponse * HOUR);
      expect(due.resolutionDueAt.getTime() - from.getTime()).toBe(hours.resolution * HOUR);
    }
    expect(TICKET_SLA_HOURS).toEqual({ urgent: { firstResponse: 1, resolution: 8 }, high: { firstResponse: 2, resolution: 24 }, normal: { firstResponse: 4, resolution: 48 }, low: { firstResponse: 8, resolution: 120 } });
    const due = "2026-11-26T08:00:00.000Z";
    expect(slaTarget(due, null, true, new Date("2026-11-26T05:00:00Z"))).toMatchObject({ state: "on-time", minutesLeft: 180 });
    expect(slaTarget(due, null, true, new Date("2026-11-26T07:30:00Z"))).toMatchObject({ state: "due-soon", minutesLeft: 30 });
    expect(slaTarget(due, null, true, new Date("2026-11-26T08:35:00Z"))).toMatchObject({ state: "breached", minutesLeft: -35 });
    expect(slaTarget(due, "2026-11-26T07:00:00.000Z", true, new Date("2026-11-26T09:00:00Z")).state).toBe("met");
    expect(slaTarget(due, "2026-11-26T09:00:00.000Z", true, new Date()).state).toBe("met-late");
  });

  it("forms explain bad input", () => {
    expect(customerTicketSchema.safeParse({ subject: "", body: "x" }).error?.issues[0]?.message).toBe("Say in a few words what you need help with.");
    expect(customerTicketSchema.safeParse({ subject: "Help", body: "x", requestId: "abc" }).error?.issues[0]?.message).toBe("Choose one of your requests from the list.");
    expect(ticketUpdateSchema.safeParse({ intent: "update", version: "1", status: "open", priority: "normal", assignee: "x" }).error?.issues[0]?.message).toBe("Choose someone from the list.");
    expect(ticketListSchema.parse({})).toEqual({ show: "active" });
  });
});

describeEachEngine("help desk", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let office: StaffMember;
  let owner: StaffMember;
  let n = 0;

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.7" });

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), APP);
    clearSettingsCache();
    const a = await upsertUserWithRole("+919000000701", "admin", db(), "Asha Office");
    const b = await upsertUserWithRole("+919000000702", "admin", db(), "Omkar Owner");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, b.id));
    office = staffMember(a.id, "office", "Asha Office");
    owner = staffMember(b.id, "owner", "Omkar Owner");
  });
  afterAll(async () => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    await resetRateLimits();
  });

  /** A customer with a portal account and one request. */
  async function customerWithRequest(name: string) {
    n += 1;
    const mobile = `+9198765${String(50000 + n)}`;
    const user = await upsertUserWithRole(mobile, "customer", db(), name);
    const [c] = await db().insert(customers).values({ reference: `CU-2611-8${String(n).padStart(3, "0")}`, mobile, name, email: `c${n}@example.net`, userId: user.id }).returning();
    const [r] = await db()
      .insert(serviceRequests)
      .values({ reference: `SR-2611-8${String(n).padStart(3, "0")}`, kind: "full", contactName: name, mobile, faultDescription: "VFD trips", urgency: "planned", consentVersion: "1", consentAt: new Date(), idempotencyKey: randomUUID(), customerId: c!.id })
      .returning();
    return { user: { id: user.id, name, mobile, email: `c${n}@example.net`, emailVerified: false }, customer: c!, request: r! };
  }

  async function ticketBy(reference: string) {
    return (await db().select().from(tickets).where(eq(tickets.reference, reference)))[0]!;
  }

  // A new address each call: the public forms' rate limit is per address.
  const args = (path: string, params: Record<string, string>, body?: Record<string, string>, staff?: StaffMember) =>
    routeArgs(new URL(path, APP).href, { staff, params, body, origin: APP, address: `203.0.113.${Math.floor(Math.random() * 200)}` });

  it("the portal's Get help opens one ticket per form (TK reference, SLA, live event, staff alert, acknowledgement with the link)", async () => {
    const { user, customer, request } = await customerWithRequest("Ravi Kumar");
    const key = randomUUID();
    const input = customerTicketSchema.parse({ subject: "Help with request", body: "When will the engineer come?", requestId: String(request.id), idempotencyKey: key });
    const first = await openPortalTicket(user, input, "203.0.113.1");
    const again = await openPortalTicket(user, input, "203.0.113.1");
    expect(first.ok && again.ok && first.reference === again.reference).toBe(true);
    if (!first.ok) throw new Error("not created");
    expect(first.reference).toMatch(/^TK-\d{4}-\d{4}$/);
    const t = await ticketBy(first.reference);
    expect(t).toMatchObject({ source: "portal", customerId: customer.id, serviceRequestId: request.id, contactMobile: user.mobile, priority: "normal", status: "open" });
    expect(t.firstResponseDueAt.getTime() - t.createdAt.getTime()).toBe(4 * HOUR);
    expect(t.resolutionDueAt.getTime() - t.createdAt.getTime()).toBe(48 * HOUR);
    expect(await db().select().from(tickets).where(eq(tickets.customerId, customer.id))).toHaveLength(1);
    const messages = await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, t.id));
    expect(messages.map((m) => [m.author, m.body])).toEqual([["customer", "When will the engineer come?"]]);

    const sms = (await db().select().from(outbox).where(eq(outbox.dedupeKey, `ticket:${t.id}:ack-sms`)))[0]!;
    expect(sms).toMatchObject({ channel: "sms", recipient: user.mobile, template: DLT_TEMPLATES.ticketAcknowledgement.id });
    expect(sms.body).toContain(first.reference);
    const token = /\/d\/ticket\/(\S+)$/.exec(sms.body)?.[1];
    expect(token).toBeTruthy();
    expect((await ticketByLink(token!)).ok).toBe(true);
    expect(await db().select().from(outbox).where(eq(outbox.dedupeKey, `ticket:${t.id}:ack-email`))).toHaveLength(1);

    const events = await db().select().from(liveEvents).where(and(eq(liveEvents.kind, "ticket.created"), eq(liveEvents.audience, "staff:communications")));
    expect(events.some((e) => (e.data as { reference: string }).reference === first.reference)).toBe(true);
    const alerts = await db().select().from(staffNotifications).where(eq(staffNotifications.dedupeKey, `ticket:${t.id}:new`));
    expect(alerts.map((a) => a.userId).sort()).toEqual([office.userId, owner.userId].sort());
    expect(alerts[0]).toMatchObject({ kind: "ticket.new", link: `/admin/help-desk/${first.reference}` });

    // A request that is not theirs is refused beside the field.
    const other = await customerWithRequest("Someone Else");
    const refused = await openPortalTicket(user, customerTicketSchema.parse({ subject: "x", body: "y", requestId: String(other.request.id) }), "203.0.113.1");
    expect(refused).toMatchObject({ ok: false, reason: "refused", field: "requestId" });
  });

  it("a contact message is a ticket too, in the same transaction, once", async () => {
    const key = randomUUID();
    const input = { name: "Kiran Rao", mobile: "+919811100077", email: "kiran@example.net", subject: "AMC prices", message: "What does a Gold AMC cost?", consent: "yes", idempotencyKey: key };
    const reference = await submitEnquiry("contact", input);
    expect(await submitEnquiry("contact", input)).toBe(reference);
    const [inbound] = await db().select().from(inboundMessages).where(eq(inboundMessages.reference, reference));
    const made = await db().select().from(tickets).where(eq(tickets.inboundMessageId, inbound!.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ source: "contact", subject: "AMC prices", contactName: "Kiran Rao", contactMobile: "+919811100077", contactEmail: "kiran@example.net" });
    // The form's acknowledgement already went; the ticket sends no second one.
    expect(await db().select().from(outbox).where(like(outbox.dedupeKey, `ticket:${made[0]!.id}:ack%`))).toHaveLength(0);
    // A callback request is not a ticket.
    await submitEnquiry("callback", { name: "Kiran", mobile: "+919811100078", callbackTime: "Evening (4 pm - 8 pm)", consent: "yes", idempotencyKey: randomUUID() });
    expect(await db().select().from(tickets).where(eq(tickets.contactMobile, "+919811100078"))).toHaveLength(0);
  });

  it("WhatsApp and the chat assistant open tickets by key (the transcript first), and a later message joins the newest open one", async () => {
    const make = (key: string) =>
      db().transaction((tx) =>
        createTicket(tx, {
          source: "chatbot",
          subject: "Wants a person",
          body: "Please have someone call me.",
          contactName: "Meena",
          contactMobile: "98480 22233",
          priority: "high",
          transcript: [
            { author: "customer", body: "My chiller shows E-07" },
            { author: "bot", body: "E-07 is a high-pressure trip. Shall I connect you to our office?" },
          ],
          idempotencyKey: key,
        }),
      );
    const a = await make("chat:session-1");
    const b = await make("chat:session-1");
    expect(b).toEqual({ ...a, created: false });
    const t = await ticketBy(a.reference);
    expect(t).toMatchObject({ contactMobile: "+919848022233", priority: "high", source: "chatbot" });
    expect(t.firstResponseDueAt.getTime() - t.createdAt.getTime()).toBe(2 * HOUR);
    const thread = await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, t.id)).orderBy(asc(ticketMessages.id));
    expect(thread.map((m) => m.author)).toEqual(["customer", "bot", "customer"]);

    const w = await db().transaction((tx) => createTicket(tx, { source: "whatsapp", subject: "", body: "Drive fault F0001", contactMobile: "+919848022233", idempotencyKey: "wamid.ABC" }));
    expect((await ticketBy(w.reference)).subject).toBe("Drive fault F0001");
    // The newest open ticket of that mobile gets the message; a waiting one opens again.
    await db().update(tickets).set({ status: "pending" }).where(eq(tickets.id, w.id));
    const joined = await db().transaction((tx) => addCustomerMessageByMobile(tx, { mobile: "+91 98480 22233", body: "Any update?", source: "whatsapp", idempotencyKey: "wamid.DEF" }));
    expect(joined).toMatchObject({ ticketId: w.id, reference: w.reference });
    const repeat = await db().transaction((tx) => addCustomerMessageByMobile(tx, { mobile: "+919848022233", body: "Any update?", source: "whatsapp", idempotencyKey: "wamid.DEF" }));
    expect(repeat?.messageId).toBe(joined?.messageId);
    expect((await ticketBy(w.reference)).status).toBe("open");
    expect(await db().transaction((tx) => addCustomerMessageByMobile(tx, { mobile: "+919000099999", body: "Hello", source: "whatsapp" }))).toBeNull();
  });

  it("the first reply stamps first_responded_at once, tells the customer by SMS and e-mail, and is audited", async () => {
    const { user } = await customerWithRequest("Prakash");
    const made = await openPortalTicket(user, customerTicketSchema.parse({ subject: "Invoice query", body: "GST number missing", idempotencyKey: randomUUID() }), "203.0.113.2");
    if (!made.ok) throw new Error("not created");
    const key = randomUUID();
    const t0 = new Date();
    expect(await replyToTicket(office, made.reference, { intent: "reply", then: undefined, body: "We will reissue it today.", idempotencyKey: key }, t0)).toMatchObject({ ok: true });
    // The same form again: one reply.
    await replyToTicket(office, made.reference, { intent: "reply", then: undefined, body: "We will reissue it today.", idempotencyKey: key });
    const t = await ticketBy(made.reference);
    expect(t.firstRespondedAt?.getTime()).toBe(t0.getTime());
    // "Then: wait for the customer's answer": the ticket waits on them (a new version); their answer opens it again.
    await replyToTicket(office, made.reference, { intent: "reply", then: "pending", body: "Done: see your e-mail.", idempotencyKey: randomUUID() }, new Date(t0.getTime() + 60_000));
    const waiting = await ticketBy(made.reference);
    expect(waiting).toMatchObject({ status: "pending", version: t.version + 1 });
    expect(waiting.firstRespondedAt?.getTime()).toBe(t0.getTime());
    expect(await replyAsCustomer(user, made.reference, { body: "Got it, thanks.", idempotencyKey: randomUUID() }, "203.0.113.2")).toMatchObject({ ok: true });
    expect((await ticketBy(made.reference)).status).toBe("open");
    const staffMessages = await db().select().from(ticketMessages).where(and(eq(ticketMessages.ticketId, t.id), eq(ticketMessages.author, "staff")));
    expect(staffMessages).toHaveLength(2);
    const notices = await db().select().from(outbox).where(like(outbox.dedupeKey, `ticket:${t.id}:reply:%`));
    expect(notices.filter((m) => m.channel === "sms").every((m) => m.template === DLT_TEMPLATES.ticketReply.id && m.recipient === user.mobile)).toBe(true);
    expect(notices.filter((m) => m.channel === "email").map((m) => m.body.includes("We will reissue it today."))).toContain(true);
    expect(notices).toHaveLength(4);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "ticket"), eq(auditLog.entityId, String(t.id))));
    expect(audits.map((a) => a.action)).toEqual(["ticket.reply", "ticket.reply"]);
    expect(audits[0]!.actorUserId).toBe(office.userId);
    const live = await db().select().from(liveEvents).where(eq(liveEvents.audience, `ticket:${t.id}`));
    // Two replies and the customer's answer; the status change of "then" too.
    expect(live.filter((e) => e.kind === "ticket.message")).toHaveLength(3);
    expect(live.filter((e) => e.kind === "ticket.status")).toHaveLength(1);
  });

  it("internal notes are never shown to the customer, in the portal or through the signed link", async () => {
    const { user } = await customerWithRequest("Lakshmi");
    const made = await openPortalTicket(user, customerTicketSchema.parse({ subject: "Noise", body: "Motor hums", idempotencyKey: randomUUID() }), "203.0.113.3");
    if (!made.ok) throw new Error("not created");
    await addTicketNote(office, made.reference, { intent: "note", body: "SECRET: customer owes two invoices", idempotencyKey: randomUUID() });
    await replyToTicket(office, made.reference, { intent: "reply", then: undefined, body: "An engineer will check the bearings.", idempotencyKey: randomUUID() });
    const t = await ticketBy(made.reference);
    const portal = await ticketOf(user, made.reference);
    const link = await ticketByLink(signLinkToken("ticket", t.id));
    expect(link.ok).toBe(true);
    for (const view of [portal!, link.ok ? link.view : undefined!]) {
      expect(view.messages.map((m) => m.body)).toEqual(["Motor hums", "An engineer will check the bearings."]);
      expect(JSON.stringify(view)).not.toContain("SECRET");
    }
    const page = (await linkLoader(args(`/d/ticket/${signLinkToken("ticket", t.id)}`, { token: signLinkToken("ticket", t.id) }))) as { data: unknown };
    expect(JSON.stringify(page.data)).not.toContain("SECRET");
    // The office sees it, marked internal.
    const record = await ticketRecord(made.reference);
    expect(record!.messages.find((m) => m.body.startsWith("SECRET"))).toMatchObject({ internal: true, author: "staff" });
    // Nothing went to the customer for the note.
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "ticket"), eq(auditLog.action, "ticket.note")));
    expect(audits.some((a) => a.entityId === String(t.id))).toBe(true);
  });

  it("a stale change is refused; status, priority and assignee change on the version seen, audited", async () => {
    const made = await db().transaction((tx) => createTicket(tx, { source: "office", subject: "Call back about AMC", body: "Customer phoned", contactMobile: "+919811100090", staffUserId: office.userId }));
    const t = await ticketBy(made.reference);
    expect(t.assigneeId).toBe(office.userId);
    const ok = await updateTicket(owner, made.reference, { intent: "update", version: t.version, status: "pending", priority: "urgent", assignee: owner.userId });
    expect(ok).toMatchObject({ ok: true });
    const after = await ticketBy(made.reference);
    expect(after).toMatchObject({ status: "pending", priority: "urgent", assigneeId: owner.userId, version: t.version + 1 });
    // The new priority's targets, from when it was opened.
    expect(after.firstResponseDueAt.getTime() - after.createdAt.getTime()).toBe(1 * HOUR);
    const stale = await updateTicket(office, made.reference, { intent: "update", version: t.version, status: "closed", priority: "low", assignee: null });
    expect(stale).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_TICKET_MESSAGE });
    expect((await ticketBy(made.reference)).status).toBe("pending");
    // Someone who does not work the help desk cannot be assigned.
    const accounts = await upsertUserWithRole("+919000000703", "admin", db(), "Anil Accounts");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, accounts.id));
    expect(await updateTicket(office, made.reference, { intent: "update", version: after.version, status: "pending", priority: "urgent", assignee: accounts.id })).toMatchObject({ ok: false, field: "assignee" });
    // Resolving stamps resolved_at; the audit has before and after.
    expect(await updateTicket(office, made.reference, { intent: "update", version: after.version, status: "resolved", priority: "urgent", assignee: owner.userId })).toMatchObject({ ok: true });
    expect((await ticketBy(made.reference)).resolvedAt).not.toBeNull();
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, "ticket.update"), eq(auditLog.entityId, String(t.id)))).orderBy(asc(auditLog.id));
    expect(audits[0]!.before).toMatchObject({ status: "open", priority: "normal" });
    expect(audits[0]!.after).toMatchObject({ status: "pending", priority: "urgent", assigneeId: owner.userId });
    expect(await updateTicket(office, "TK-2611-9999", { intent: "update", version: 1, status: "open", priority: "low", assignee: null })).toEqual({ ok: false, reason: "not-found" });
  });

  it("customer A cannot read or answer customer B's ticket", async () => {
    const a = await customerWithRequest("Customer A");
    const b = await customerWithRequest("Customer B");
    const made = await openPortalTicket(b.user, customerTicketSchema.parse({ subject: "B's question", body: "Private to B", idempotencyKey: randomUUID() }), "203.0.113.4");
    if (!made.ok) throw new Error("not created");
    expect(await ticketOf(a.user, made.reference)).toBeUndefined();
    expect((await ticketsOf(a.user)).map((t) => t.reference)).not.toContain(made.reference);
    expect((await ticketsOf(b.user)).map((t) => t.reference)).toContain(made.reference);
    expect(await replyAsCustomer(a.user, made.reference, { body: "Let me in", idempotencyKey: undefined }, "203.0.113.4")).toEqual({ ok: false, reason: "not-found" });
    expect(await replyAsCustomer(b.user, made.reference, { body: "Any news?", idempotencyKey: randomUUID() }, "203.0.113.4")).toMatchObject({ ok: true });
    // A closed ticket takes no more replies.
    const t = await ticketBy(made.reference);
    await updateTicket(office, made.reference, { intent: "update", version: t.version, status: "closed", priority: "normal", assignee: null });
    expect(await replyAsCustomer(b.user, made.reference, { body: "One more", idempotencyKey: randomUUID() }, "203.0.113.4")).toMatchObject({ ok: false, reason: "refused", field: "body" });
  });

  it("a tampered or expired signed link is refused (403, 410, nothing saved); a good one replies without signing in, rate-limited", async () => {
    const made = await db().transaction((tx) => createTicket(tx, { source: "whatsapp", subject: "Link test", body: "Hello", contactMobile: "+919811100095" }));
    const token = signLinkToken("ticket", made.id);
    const tampered = token.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const bad = (await linkLoader(args(`/d/ticket/${tampered}`, { token: tampered }))) as { init: { status: number }; data: { problem: string; ticket: unknown } };
    expect([bad.init.status, bad.data.problem, bad.data.ticket]).toEqual([403, "tampered", null]);
    const expired = signLinkToken("ticket", made.id, new Date(Date.now() - 1000));
    const old = (await linkLoader(args(`/d/ticket/${expired}`, { token: expired }))) as { init: { status: number }; data: { problem: string } };
    expect([old.init.status, old.data.problem]).toEqual([410, "expired"]);
    // Another kind's token for the same id is not a ticket's.
    expect((await ticketByLink(signLinkToken("quote", made.id))).ok).toBe(false);
    expect(await thrownStatus(linkLoader(args("/d/ticket/x", { token: signLinkToken("ticket", 999_999) })))).toBe(404);
    // Posting through a bad link changes nothing.
    const refused = (await linkAction(args(`/d/ticket/${tampered}`, { token: tampered }, { body: "Injected" }))) as Response;
    expect(refused.status).toBe(303);
    expect(await replyByLink(expired, { body: "Late", idempotencyKey: undefined }, "203.0.113.5")).toEqual({ ok: false, reason: "not-found" });
    expect((await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, made.id))).map((m) => m.body)).toEqual(["Hello"]);

    // An empty reply: 400 beside the field.
    const empty = (await linkAction(args(`/d/ticket/${token}`, { token }, { body: " " }))) as { init: { status: number }; data: { errors: Record<string, string> } };
    expect([empty.init.status, empty.data.errors.body]).toEqual([400, "Write your message."]);
    const sent = (await linkAction(args(`/d/ticket/${token}`, { token }, { body: "Thanks, the drive runs." }))) as Response;
    expect(sent.headers.get("location")).toBe(`/d/ticket/${token}?sent=1`);
    // Without a form key the same text is one message (sent twice without JavaScript).
    await linkAction(args(`/d/ticket/${token}`, { token }, { body: "Thanks, the drive runs." }));
    expect((await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, made.id))).map((m) => m.body)).toEqual(["Hello", "Thanks, the drive runs."]);
    // The limit per ticket: 10 in ten minutes.
    await resetRateLimits();
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await replyByLink(token, { body: `Message ${i}`, idempotencyKey: randomUUID() }, `198.51.100.${i}`));
    expect(results.slice(0, 10).every((r) => r.ok)).toBe(true);
    expect(results[10]).toMatchObject({ ok: false, reason: "limited" });
    await resetRateLimits();
  });

  it("the queue filters by status, priority, assignee (mine, unassigned) and SLA, in keyset pages; breaches are flagged once by the job", async () => {
    await db().delete(tickets);
    const long = new Date(Date.now() - 10 * HOUR);
    const late = await db().transaction((tx) => createTicket(tx, { source: "whatsapp", subject: "Late one", body: "No answer yet", contactMobile: "+919811100101", priority: "urgent", now: long }));
    const fresh = await db().transaction((tx) => createTicket(tx, { source: "office", subject: "Fresh one", body: "Just in", contactMobile: "+919811100102", staffUserId: office.userId }));
    const soon = await db().transaction((tx) => createTicket(tx, { source: "whatsapp", subject: "Due soon", body: "Waiting", contactMobile: "+919811100103", priority: "normal", now: new Date(Date.now() - 3.5 * HOUR) }));
    const list = async (q: Record<string, string>, staff: StaffMember = office) => (await listTickets(ticketListSchema.parse(q), undefined, staff)).rows.map((r) => r.reference);
    expect(await list({})).toEqual([late.reference, soon.reference, fresh.reference]);
    expect(await list({ assignee: "mine" })).toEqual([fresh.reference]);
    expect(await list({ assignee: "mine" }, owner)).toEqual([]);
    expect(await list({ assignee: "unassigned" })).toEqual([late.reference, soon.reference]);
    expect(await list({ priority: "urgent" })).toEqual([late.reference]);
    expect(await list({ sla: "breached" })).toEqual([late.reference]);
    expect(await list({ sla: "due-soon" })).toEqual([soon.reference]);
    expect(await list({ q: "fresh" })).toEqual([fresh.reference]);
    expect(await list({ q: "100103" })).toEqual([soon.reference]);
    const page = await listTickets(ticketListSchema.parse({}), undefined, office);
    expect(page.counts).toMatchObject({ active: 3, open: 3, all: 3, closed: 0 });
    expect(page.rows[0]!.firstResponse.state).toBe("breached");
    expect(await helpDeskCounts(office)).toEqual({ active: 3, breached: 1, unassigned: 2, mine: 1 });
    // ?format=csv: the filter's tickets as a file (the queue's middleware answers it).
    const csvArgs = args("/admin/help-desk?format=csv&assignee=unassigned", {}, undefined, office) as { request: Request; context: RouterContextProvider };
    const csv = (await queueMiddleware[0]!({ ...csvArgs, params: {}, url: new URL(csvArgs.request.url), pattern: "" } as never, async () => new Response("page"))) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\n");
    expect(lines[0]).toMatch(/^Reference,Subject,Status,Priority,Source,Contact,Mobile,Assignee,Opened,First reply due/);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([late.reference, soon.reference]);

    // The breach job: an alert once; nothing for a met target or a moved due time.
    const t = await ticketBy(late.reference);
    expect(await flagSlaBreach(t.id, "first-response", t.firstResponseDueAt.toISOString())).toBe("sent");
    expect(await flagSlaBreach(t.id, "first-response", t.firstResponseDueAt.toISOString())).toBe("not-needed");
    expect(await flagSlaBreach(t.id, "resolution", new Date(0).toISOString())).toBe("not-needed");
    const alert = await db().select().from(staffNotifications).where(like(staffNotifications.dedupeKey, `ticket:${t.id}:breach:%`));
    expect(alert.length).toBeGreaterThan(0);
    expect(alert[0]!.link).toBe(`/admin/help-desk/${late.reference}`);
    const jobs = await db().select().from(outbox).where(like(outbox.dedupeKey, `job:ticket-sla:${t.id}:%`));
    expect(jobs).toHaveLength(2);
    await replyToTicket(office, late.reference, { intent: "reply", then: undefined, body: "Sorry for the wait.", idempotencyKey: randomUUID() });
    const s = await ticketBy(soon.reference);
    await replyToTicket(office, soon.reference, { intent: "reply", then: undefined, body: "On it.", idempotencyKey: randomUUID() });
    expect(await flagSlaBreach(s.id, "first-response", s.firstResponseDueAt.toISOString())).toBe("not-needed");
    // Late first reply still counts as breached (met late).
    expect(await list({ sla: "breached" })).toEqual([late.reference]);
  });

  it("the office opens a ticket for a caller: theirs, the customer found by the mobile, once per form, audited", async () => {
    const { customer, user } = await customerWithRequest("Caller Customer");
    expect(officeTicketSchema.safeParse({ subject: "x", body: "y", mobile: "12345", priority: "normal" }).error?.issues[0]?.message).toMatch(/10-digit Indian mobile/);
    const key = randomUUID();
    const input = officeTicketSchema.parse({ subject: "Phoned about the quote", body: "Wants the quote split by unit.", mobile: user.mobile.slice(3), priority: "high", notify: "yes", idempotencyKey: key });
    const a = await openOfficeTicket(office, input);
    const b = await openOfficeTicket(office, input);
    expect(b.reference).toBe(a.reference);
    const t = await ticketBy(a.reference);
    expect(t).toMatchObject({ source: "office", customerId: customer.id, assigneeId: office.userId, priority: "high", contactMobile: user.mobile });
    expect(await db().select().from(outbox).where(eq(outbox.dedupeKey, `ticket:${t.id}:ack-sms`))).toHaveLength(1);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, "ticket.open"), eq(auditLog.entityId, String(t.id))));
    expect(audits).toHaveLength(1);
    const quiet = await openOfficeTicket(office, officeTicketSchema.parse({ subject: "Walk-in", body: "Asked about training.", mobile: "9811100111", priority: "low", idempotencyKey: randomUUID() }));
    const q = await ticketBy(quiet.reference);
    expect(await db().select().from(outbox).where(like(outbox.dedupeKey, `ticket:${q.id}:ack%`))).toHaveLength(0);
  });

  it("canned replies: add, a unique title, edit on the version seen, delete, each audited", async () => {
    expect(await addCannedReply(office, { intent: "add", title: "Engineer will call", body: "Our engineer will call you shortly." })).toMatchObject({ ok: true });
    expect(await addCannedReply(office, { intent: "add", title: "Engineer will call", body: "Twice" })).toMatchObject({ ok: false, field: "title" });
    const [row] = await listCannedReplies();
    expect(row).toMatchObject({ title: "Engineer will call", updatedByName: "Asha Office" });
    expect(await editCannedReply(owner, { intent: "edit", id: row!.id, seen: row!.updatedAt, title: "Engineer will call", body: "Our engineer will call within the hour." })).toMatchObject({ ok: true });
    expect(await editCannedReply(office, { intent: "edit", id: row!.id, seen: row!.updatedAt, title: "Stale", body: "Stale" })).toEqual({ ok: false, field: "form", message: STALE_CANNED_MESSAGE });
    const [now] = await listCannedReplies();
    expect(now!.body).toBe("Our engineer will call within the hour.");
    expect(await deleteCannedReply(office, { intent: "delete", id: row!.id, seen: row!.updatedAt })).toMatchObject({ ok: false });
    expect(await deleteCannedReply(office, { intent: "delete", id: now!.id, seen: now!.updatedAt })).toMatchObject({ ok: true });
    expect(await getDb().select().from(cannedReplies)).toHaveLength(0);
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityType, "canned_reply")).orderBy(asc(auditLog.id));
    expect(audits.map((a) => a.action)).toEqual(["canned-reply.add", "canned-reply.edit", "canned-reply.delete"]);
  });
});
