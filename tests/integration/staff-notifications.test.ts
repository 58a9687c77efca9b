import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { auditLog, customers, liveEvents, notificationPreferences, outbox, serviceRequests, staffNotifications, users } from "~/.server/db/schema.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { bellState, listNotifications, markAllRead, markRead, preferencesOf, savePreferences, unreadCount } from "~/.server/notifications/staff-inbox.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { submitServiceRequest } from "~/.server/requests/index.ts";
import { alertResponseOverdue, escalateResponse, RESPONSE_OVERDUE_JOB } from "~/.server/requests/escalation.ts";
import { recordPaymentInTx } from "~/.server/payments/index.ts";
import { clearSettingsCache, getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { STAFF_ROLE_INFO, type StaffRole } from "~/lib/auth/permissions.ts";
import { preferencesSchema, STALE_PREFERENCES_MESSAGE } from "~/lib/forms/admin/notifications.ts";
import { serviceRequestSchema } from "~/lib/forms/service-request.ts";
import { defaultChannels } from "~/lib/notifications/alert-kinds.ts";
import { action as notificationsAction, loader as notificationsLoader } from "~/routes/admin/notifications/route.tsx";
import { deliveriesSettled } from "~/.server/notifications/index.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";

describe("the notifications screen", () => {
  it("is built, and every staff member has it (the dashboard permission), each with their own alerts", () => {
    expect(screenFor("/admin/notifications")).toMatchObject({ path: "/admin/notifications", permission: "dashboard", built: true });
    for (const role of ["owner", "office", "accounts"] as const) expect(STAFF_ROLE_INFO[role].permissions).toContain("dashboard");
  });

  it("defaults: everything in the app; owners also get emergencies and missed responses by SMS", () => {
    expect(defaultChannels("office", "request.emergency")).toEqual({ inApp: true, sms: false, email: false });
    expect(defaultChannels("owner", "request.emergency")).toEqual({ inApp: true, sms: true, email: false });
    expect(defaultChannels("owner", "feedback.low")).toEqual({ inApp: true, sms: true, email: true });
    expect(defaultChannels("accounts", "payment.received")).toEqual({ inApp: true, sms: false, email: false });
  });
});

describeEachEngine("staff notifications", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const people = {} as Record<"owner" | "office" | "accounts" | "former", StaffMember>;

  const staffMember = (userId: number, role: StaffRole, name: string, mobile: string): StaffMember => asStaff(role, { userId, name, mobile, ipAddress: "203.0.113.7" });

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), APP);
    await seedContent(db());
    clearContentCache();
    clearSettingsCache();
    const make = async (mobile: string, name: string, role: StaffRole, email: string | null) => {
      const u = await upsertUserWithRole(mobile, "admin", db(), name);
      await db().update(users).set({ staffRole: role, email }).where(eq(users.id, u.id));
      return staffMember(u.id, role, name, mobile);
    };
    people.owner = await make("+919000000401", "Omkar Owner", "owner", "owner@example.net");
    people.office = await make("+919000000402", "Asha Office", "office", "asha@example.net");
    people.accounts = await make("+919000000403", "Kiran Accounts", "accounts", null);
    // Removed from the staff: the admin role and staff role taken away.
    people.former = await make("+919000000404", "Former Office", "office", null);
    await db().update(users).set({ roles: [], staffRole: null }).where(eq(users.id, people.former.userId));
    // A customer account is never staff.
    await upsertUserWithRole("+919000000405", "customer", db(), "A Customer");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
  });

  const alertsOf = (dedupeKey: string) =>
    db().select().from(staffNotifications).where(eq(staffNotifications.dedupeKey, dedupeKey)).orderBy(asc(staffNotifications.userId));
  const messagesOf = (prefix: string) => db().select().from(outbox).where(like(outbox.dedupeKey, `${prefix}:%`)).orderBy(asc(outbox.id));

  const args = (path: string, body: Record<string, string> | undefined, staff: StaffMember) => routeArgs(new URL(path, APP).href, { staff, body, origin: APP });

  it("fans an alert out to the active staff whose role has the permission, once per person however often it is raised, and pushes it live", async () => {
    const alert = { kind: "payment.received" as const, title: "Payment RC-2611-0001: ₹5,000.00 from Deccan Polymers", body: "UPI.", link: "/admin/payments/RC-2611-0001", dedupeKey: "test:payment:1", permission: "money" as const };
    const first = await db().transaction((tx) => raiseStaffAlert(tx, alert));
    expect(first.inApp.sort()).toEqual([people.owner.userId, people.accounts.userId].sort());
    const rows = await alertsOf("test:payment:1");
    // Money: the owner and accounts; not the office, not a former member, not a customer.
    expect(rows.map((r) => r.userId)).toEqual([people.owner.userId, people.accounts.userId].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ kind: "payment.received", title: alert.title, link: alert.link, readAt: null });

    // Raised again (a retried job, a repeated webhook): nobody is told twice.
    const again = await db().transaction((tx) => raiseStaffAlert(tx, alert));
    expect(again.inApp).toEqual([]);
    expect(await alertsOf("test:payment:1")).toHaveLength(2);

    const live = await db().select().from(liveEvents).where(and(eq(liveEvents.kind, "notification"), eq(liveEvents.audience, `user:${people.accounts.userId}`)));
    expect(live.map((e) => (e.data as { link: string }).link)).toContain("/admin/payments/RC-2611-0001");
    // In-app only by default: no SMS or e-mail for a payment.
    expect(await messagesOf("test:payment:1")).toEqual([]);
  });

  it("a payment recorded (by the office, the gateway's webhook or a statement) tells those who handle money, once", async () => {
    const [customer] = await db()
      .insert(customers)
      .values({ reference: "CU-2611-0901", mobile: "+919811100901", name: "Lakshmi Engineering", company: "Lakshmi Engineering Works" })
      .returning();
    const site = await getSiteSettings();
    const made = await db().transaction((tx) =>
      recordPaymentInTx(
        tx,
        { customerId: customer!.id, method: "upi", amountPaise: 1_250_000, receivedOn: "2026-11-26", instrumentRef: "412345678901", note: null, recordedBy: null, idempotencyKey: null, allocations: [], allowAdvance: true },
        { userId: null, label: "Payment gateway", ipAddress: null },
        site,
      ),
    );
    const rows = await alertsOf(`payment:${made.reference}:received`);
    expect(rows.map((r) => r.userId)).toEqual([people.owner.userId, people.accounts.userId].sort((a, b) => a - b));
    expect(rows[0]).toMatchObject({ kind: "payment.received", link: `/admin/payments/${made.reference}` });
    expect(rows[0]!.title).toContain("Lakshmi Engineering Works");
    expect(rows[0]!.body).toBe("UPI, kept as an advance.");
  });

  it("routes by each person's choices: an owner's emergency by SMS (registered template), an e-mail for who chose it, nothing in-app for who turned it off", async () => {
    // The office member wants new-request alerts by e-mail and not in the app.
    const before = await preferencesOf(people.office);
    const form: Record<string, string> = { intent: "preferences", savedAt: before.savedAt };
    for (const p of before.rows) {
      if (p.channels.inApp && p.kind !== "request.new") form[`${p.kind}:in-app`] = "on";
      if (p.channels.sms) form[`${p.kind}:sms`] = "on";
      if (p.channels.email || p.kind === "request.new") form[`${p.kind}:email`] = "on";
    }
    expect(await savePreferences(people.office, preferencesSchema.parse(form))).toEqual({ ok: true, message: "Your notification choices are saved." });
    const saved = await db().select().from(notificationPreferences).where(and(eq(notificationPreferences.userId, people.office.userId), eq(notificationPreferences.kind, "request.new")));
    expect(saved[0]).toMatchObject({ inApp: false, sms: false, email: true });
    const [audited] = await db().select().from(auditLog).where(and(eq(auditLog.action, "notifications.preferences"), eq(auditLog.entityId, String(people.office.userId))));
    expect(audited?.after).toEqual({ "New service request": "E-mail" });
    // The same form again (a double click): unchanged, not refused.
    expect(await savePreferences(people.office, preferencesSchema.parse(form))).toMatchObject({ ok: true, message: "Your notification choices are unchanged." });
    // A different choice from the old page (another window saved meanwhile): refused.
    expect(await savePreferences(people.office, preferencesSchema.parse({ ...form, "quote.approved:sms": "on" }))).toEqual({ ok: false, field: "form", message: STALE_PREFERENCES_MESSAGE });

    // The staff's alerts are raised by the batch's follow-up, right after its commit (ADR 011): wait for it.
    const submit = async (urgency: "emergency" | "planned", mobile: string) => {
      const submission = await submitServiceRequest(
        serviceRequestSchema.parse({
          contactName: "Ravi Kumar",
          mobile,
          siteAddress: "Plot 7, IDA Patancheru",
          city: "Patancheru",
          service: "vfd-drive-repair",
          faultDescription: "Drive trips on overcurrent at start",
          urgency,
          consent: "yes",
          idempotencyKey: randomUUID(),
        }),
        [],
      );
      await deliveriesSettled();
      return submission;
    };

    const emergency = await submit("emergency", "9848000401");
    const rows = await alertsOf(`request:${emergency.reference}:new`);
    expect(rows.map((r) => [r.userId, r.kind])).toEqual([
      [people.owner.userId, "request.emergency"],
      [people.office.userId, "request.emergency"],
    ]);
    expect(rows[0]!.link).toBe(`/admin/service-requests/${emergency.reference}`);
    const sms = await messagesOf(`request:${emergency.reference}:new`);
    // The business's request alert (issue 17 §5): the urgency, the customer's name and the number to call back,
    // not the generic staff alert cut to "Emergency SR-... from…." without either.
    expect(sms.map((m) => [m.channel, m.recipient, m.template])).toEqual([["sms", people.owner.mobile, DLT_TEMPLATES.requestAlert.id]]);
    expect(sms[0]!.body).toMatch(/^New service request SR-\d{4}-\d{4} \(Emergency breakdown\) from Ravi Kumar, \+919848000401\. Open http:\/\/127\.0\.0\.1:\d+\/admin\/service-requests\/SR-\d{4}-\d{4}$/);

    const planned = await submit("planned", "9848000402");
    // The office member turned the in-app alert off for new requests: only the owner has one; the office gets an e-mail.
    expect((await alertsOf(`request:${planned.reference}:new`)).map((r) => [r.userId, r.kind])).toEqual([[people.owner.userId, "request.new"]]);
    const mail = await messagesOf(`request:${planned.reference}:new`);
    expect(mail.map((m) => [m.channel, m.recipient])).toEqual([["email", "asha@example.net"]]);
    expect(mail[0]!.body).toContain(`/admin/service-requests/${planned.reference}`);
  });

  it("the escalation warns before the promise ('response due soon', owners by SMS and e-mail) and when it has passed ('response overdue'), each once", async () => {
    const { reference } = await submitServiceRequest(
      serviceRequestSchema.parse({
        contactName: "Meena Rao",
        mobile: "9848000403",
        siteAddress: "Plot 9, IDA Bollaram",
        city: "Hyderabad",
        service: "vfd-drive-repair",
        faultDescription: "No display",
        urgency: "planned",
        consent: "yes",
        idempotencyKey: randomUUID(),
      }),
      [],
    );
    await deliveriesSettled();
    const [request] = await db().select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
    const [overdueJob] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `job:${RESPONSE_OVERDUE_JOB}:${request!.id}`));
    expect(overdueJob).toMatchObject({ channel: "job", status: "pending", template: RESPONSE_OVERDUE_JOB });
    expect(overdueJob!.nextAttemptAt.getTime()).toBe(request!.responseDueAt!.getTime());

    expect(await escalateResponse(request!.id)).toBe("sent");
    expect(await escalateResponse(request!.id)).toBe("not-needed");
    const due = await alertsOf(`request:${reference}:escalation`);
    expect(due.map((r) => [r.userId, r.kind])).toEqual([
      [people.owner.userId, "request.response-due"],
      [people.office.userId, "request.response-due"],
    ]);
    const ownerMessages = await messagesOf(`request:${reference}:escalation`);
    expect(ownerMessages.map((m) => [m.channel, m.recipient])).toEqual([
      ["sms", people.owner.mobile],
      ["email", "owner@example.net"],
    ]);
    expect(ownerMessages[0]).toMatchObject({ template: DLT_TEMPLATES.responseEscalation.id });

    expect(await alertResponseOverdue(request!.id)).toBe("sent");
    expect(await alertResponseOverdue(request!.id)).toBe("not-needed");
    const overdue = await alertsOf(`request:${reference}:overdue`);
    expect(overdue.map((r) => [r.userId, r.kind])).toEqual([
      [people.owner.userId, "request.response-overdue"],
      [people.office.userId, "request.response-overdue"],
    ]);
    expect((await messagesOf(`request:${reference}:overdue`)).map((m) => [m.channel, m.recipient])).toEqual([["sms", people.owner.mobile]]);
    // Issue 17 §5: the generic staff SMS carries what the owner needs to act, the request's number, the
    // customer's name and mobile, within the registered template (it was "Response overdue: Response overdue:….").
    const [overdueSms] = await messagesOf(`request:${reference}:overdue`);
    expect(overdueSms).toMatchObject({
      template: DLT_TEMPLATES.staffAlertAbout.id,
      body: `Response overdue ${reference}: Meena Rao, +91 98480 00403. Details are in Notifications in the back office.`,
    });

    // A request called in time: no overdue alert.
    await db().update(serviceRequests).set({ firstContactAt: new Date(), status: "contacted" }).where(eq(serviceRequests.id, request!.id));
    await db().delete(staffNotifications).where(eq(staffNotifications.dedupeKey, `request:${reference}:overdue`));
    expect(await alertResponseOverdue(request!.id)).toBe("not-needed");
  });

  it("counts my unread alerts, marks one or all read (not those that arrived after the page), and never someone else's", async () => {
    const raise = (n: number) =>
      db().transaction((tx) =>
        raiseStaffAlert(tx, { kind: "quote.approved", title: `Quote QT-2611-000${n} approved by Ravi`, link: `/admin/quotes/QT-2611-000${n}`, dedupeKey: `test:quote:${n}`, permission: "money" }),
      );
    await db().update(staffNotifications).set({ readAt: new Date() }).where(eq(staffNotifications.userId, people.accounts.userId));
    await raise(1);
    await raise(2);
    expect(await unreadCount(people.accounts.userId)).toBe(2);
    const page = await listNotifications(people.accounts.userId, { show: "unread" }, undefined);
    expect(page.rows.map((r) => r.title)).toEqual(["Quote QT-2611-0002 approved by Ravi", "Quote QT-2611-0001 approved by Ravi"]);
    expect(page.counts.unread).toBe(2);
    const upTo = page.newestId;

    // The owner's copy of the same alert cannot be marked read by accounts: not found, through the page too.
    const [ownerCopy] = await db().select().from(staffNotifications).where(and(eq(staffNotifications.userId, people.owner.userId), eq(staffNotifications.dedupeKey, "test:quote:1")));
    expect(await markRead(people.accounts.userId, ownerCopy!.id)).toBe("not-found");
    expect(await thrownStatus(notificationsAction(args("/admin/notifications", { intent: "mark-read", id: String(ownerCopy!.id) }, people.accounts)))).toBe(404);
    expect((await db().select().from(staffNotifications).where(eq(staffNotifications.id, ownerCopy!.id)))[0]!.readAt).toBeNull();

    // Mark one read through the page: a 303 back to the list.
    const mine = page.rows[1]!;
    const response = (await notificationsAction(args("/admin/notifications?show=all", { intent: "mark-read", id: String(mine.id) }, people.accounts))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/admin/notifications?show=all");
    expect(await unreadCount(people.accounts.userId)).toBe(1);
    expect(await markRead(people.accounts.userId, mine.id)).toBe("ok");

    // A bad id: 400 with the message, never a 500.
    const bad = (await notificationsAction(args("/admin/notifications", { intent: "mark-read", id: "x" }, people.accounts))) as { init: { status: number } };
    expect(bad.init.status).toBe(400);

    // An alert arriving after the page was drawn stays unread on "mark all read".
    await raise(3);
    expect((await bellState(people.accounts.userId)).unread).toBe(2);
    expect(await markAllRead(people.accounts.userId, upTo)).toBe(1);
    expect(await unreadCount(people.accounts.userId)).toBe(1);
    const all = await listNotifications(people.accounts.userId, { show: "all", kind: "quote.approved" }, undefined);
    expect(all.counts).toEqual({ all: 3, unread: 1 });
    // The owner's alerts are untouched by all this.
    expect(await unreadCount(people.owner.userId)).toBeGreaterThanOrEqual(3);

    // The page's loader lists only mine.
    const loaded = (await notificationsLoader(args("/admin/notifications?show=all", undefined, people.accounts))) as { rows: Array<{ id: number }> };
    const ownerIds = new Set((await db().select({ id: staffNotifications.id }).from(staffNotifications).where(eq(staffNotifications.userId, people.owner.userId))).map((r) => r.id));
    expect(loaded.rows.length).toBeGreaterThan(0);
    expect(loaded.rows.some((r) => ownerIds.has(r.id))).toBe(false);
  });
});
