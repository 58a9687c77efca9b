import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { customerIdForMobile, recordConversation } from "~/.server/communications/index.ts";
import { handleDeliveryReport, signDeliveryReport } from "~/.server/communications/delivery.ts";
import { applyEmailTemplates, emailTemplate, previewEmail, resetEmailTemplate, saveEmailTemplate } from "~/.server/notifications/email-templates.ts";
import { listEmailLog, listSmsLog } from "~/.server/communications/logs.ts";
import { addNote, logCall, replyByEmail, replyBySms, replyByWhatsApp } from "~/.server/communications/replies.ts";
import { addSmsTemplate, editSmsTemplate, forgetSmsRegistry, listSmsTemplates, seedSmsTemplates, setSmsTemplateActive } from "~/.server/notifications/sms-registry.ts";
import { listThreads, resolveThread, threadEntries, type ThreadRef } from "~/.server/communications/thread.ts";
import {
  auditLog,
  campaignRecipients,
  campaigns,
  customers,
  emailTemplates,
  inboundMessages,
  liveEvents,
  outbox,
  requestEvents,
  serviceRequests,
  smsTemplates,
  users,
  webhookEvents,
} from "~/.server/db/schema.ts";
import { deliveriesSettled, queueMessages } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { addSmsTemplateSchema, STALE_TEMPLATE_MESSAGE } from "~/lib/forms/admin/communications.ts";
import { action as threadAction, loader as threadLoader } from "~/routes/admin/communications/thread.tsx";
import { action as emailTemplateAction } from "~/routes/admin/emails/template.tsx";
import { middleware as smsLogMiddleware } from "~/routes/admin/sms/route.tsx";
import { action as smsTemplateAction, loader as smsTemplateLoader } from "~/routes/admin/sms/template.tsx";
import { action as addSmsTemplateAction } from "~/routes/admin/sms/templates.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";
const SECRET = "test-sms-webhook-secret";

describe("the communications screens", () => {
  it("are built, under the communications permission", () => {
    for (const [path, screen] of [
      ["/admin/communications", "/admin/communications"],
      ["/admin/communications/CU-2611-0001", "/admin/communications"],
      ["/admin/sms", "/admin/sms"],
      ["/admin/sms/templates/3", "/admin/sms"],
      ["/admin/emails", "/admin/emails"],
      ["/admin/emails/templates/quote-sent", "/admin/emails"],
    ]) {
      expect(screenFor(path!)).toMatchObject({ path: screen, permission: "communications", built: true });
    }
  });

  it("a DLT template's form checks the id, the sender and one variable per placeholder", () => {
    const ok = { name: "office-follow-up", dltTemplateId: "1007123456789012345", senderId: "decaut", text: "{#var#}: please call us about {#var#}.", variables: "business, reference", category: "service" };
    expect(addSmsTemplateSchema.parse(ok)).toMatchObject({ senderId: "DECAUT", variables: ["business", "reference"] });
    const errors = (input: Record<string, string>) => addSmsTemplateSchema.safeParse(input).error?.issues.map((i) => i.path[0]);
    expect(errors({ ...ok, dltTemplateId: "12345" })).toEqual(["dltTemplateId"]);
    expect(errors({ ...ok, senderId: "DEC4UT" })).toEqual(["senderId"]);
    expect(errors({ ...ok, variables: "business" })).toEqual(["variables"]);
  });
});

describeEachEngine("communications", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const previousSecret = process.env.SMS_WEBHOOK_SECRET;
  let office: StaffMember;
  let customer: { id: number; reference: string; mobile: string; email: string };
  let thread: ThreadRef;

  const staffMember = (userId: number, name: string): StaffMember => asStaff("office", { userId, name, ipAddress: "203.0.113.7" });

  const args = (path: string, params: Record<string, string>, body?: Record<string, string>) => routeArgs(new URL(path, APP).href, { staff: office, params, body, origin: APP });

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    process.env.SMS_WEBHOOK_SECRET = SECRET;
    await seedSettings(db(), APP);
    clearSettingsCache();
    forgetSmsRegistry();
    const a = await upsertUserWithRole("+919000000401", "admin", db(), "Asha Office");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    office = staffMember(a.id, "Asha Office");
    const [c] = await db()
      .insert(customers)
      .values({ reference: "CU-2611-0901", mobile: "+919812300001", name: "Meena Rao", company: "Rao Plastics", email: "meena@example.net" })
      .returning();
    customer = { id: c!.id, reference: c!.reference, mobile: c!.mobile!, email: c!.email! };
    thread = (await resolveThread(customer.reference)) as ThreadRef;
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  });

  afterAll(() => {
    vi.mocked(process.stdout.write).mockRestore();
    setServerConfig(previousConfig);
    if (previousSecret === undefined) delete process.env.SMS_WEBHOOK_SECRET;
    else process.env.SMS_WEBHOOK_SECRET = previousSecret;
  });

  it("recordConversation stores a message once per external id, finds the customer by mobile and publishes it live", async () => {
    expect(await customerIdForMobile(db(), "98123 00001")).toBe(customer.id);
    expect(await customerIdForMobile(db(), "+919999999999")).toBeNull();
    const first = await db().transaction((tx) =>
      recordConversation(tx, { mobile: "098123 00001", channel: "whatsapp", direction: "in", body: "Is the drive ready?", externalId: "wamid.test-1" }),
    );
    const again = await db().transaction((tx) => recordConversation(tx, { mobile: "+919812300001", channel: "whatsapp", direction: "in", body: "Is the drive ready?", externalId: "wamid.test-1" }));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ customerId: customer.id, mobile: "+919812300001", channel: "whatsapp", direction: "in" });
    const events = await db().select().from(liveEvents).where(eq(liveEvents.kind, "conversation.message"));
    expect(events.filter((e) => (e.data as { id: number }).id === first.id).map((e) => e.audience)).toEqual(["staff:communications"]);
  });

  it("the thread merges forms, the outbox's SMS and e-mails, conversation rows and logged calls, newest last", async () => {
    const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000);
    await db()
      .insert(inboundMessages)
      .values({
        reference: "EN-2611-0901",
        form: "contact",
        name: "Meena Rao",
        mobile: customer.mobile,
        message: "Our VFD trips on start.",
        consentVersion: "v1",
        consentAt: at(1),
        idempotencyKey: randomUUID(),
        createdAt: at(1),
      });
    const [request] = await db()
      .insert(serviceRequests)
      .values({
        reference: "SR-2611-0901",
        kind: "quick",
        contactName: "Meena Rao",
        mobile: customer.mobile,
        faultDescription: "VFD trips",
        urgency: "planned",
        consentVersion: "v1",
        consentAt: at(2),
        idempotencyKey: randomUUID(),
      })
      .returning();
    await db().insert(requestEvents).values({ requestId: request!.id, kind: "call", status: "new", note: "Called: visit tomorrow", actorUserId: office.userId, createdAt: at(3) });
    await queueMessages(db(), [
      sms(DLT_TEMPLATES.requestAcknowledgement, customer.mobile, { business: "Deccan", reference: "SR-2611-0901", hours: "2-4" }, "test:thread:ack"),
      { channel: "email", recipient: "MEENA@example.net", subject: "We have received your request", body: "Dear Meena", template: "request-customer", dedupeKey: "test:thread:email" },
      { channel: "sms", recipient: "+919800000000", body: "someone else", template: DLT_TEMPLATES.requestAcknowledgement.id, dedupeKey: "test:thread:other" },
    ]);
    await deliveriesSettled();

    const { entries } = await threadEntries(thread);
    const kinds = entries.map((e) => `${e.source}:${e.channel}:${e.direction}`);
    expect(kinds).toEqual(expect.arrayContaining(["form:form:in", "request:call:out", "outbox:sms:out", "outbox:email:out", "conversation:whatsapp:in"]));
    expect(entries.some((e) => e.body === "someone else")).toBe(false);
    const times = entries.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(entries.find((e) => e.channel === "call")).toMatchObject({ body: "Called: visit tomorrow", staff: "Asha Office", href: "/admin/service-requests/SR-2611-0901" });

    const listed = await listThreads({ show: "all" }, undefined);
    expect(listed.rows.find((r) => r.key === customer.reference)).toMatchObject({ name: "Meena Rao", company: "Rao Plastics" });
    expect((await listThreads({ show: "all", q: "98123 00001" }, undefined)).rows.map((r) => r.key)).toEqual([customer.reference]);
    expect((await listThreads({ show: "all", q: "nobody-at-all" }, undefined)).rows).toEqual([]);
  });

  it("an unknown sender has a thread by mobile, which leads to the customer's once they are one", async () => {
    await db().transaction((tx) => recordConversation(tx, { mobile: "+919876500002", channel: "whatsapp", direction: "in", body: "Hello, do you repair servo drives?" }));
    const unknown = await resolveThread("919876500002");
    expect(unknown).toMatchObject({ customerId: null, mobile: "+919876500002" });
    const listed = await listThreads({ show: "awaiting" }, undefined);
    expect(listed.rows.find((r) => r.key === "919876500002")).toMatchObject({ awaiting: true, name: "Not a customer yet" });
    expect(await resolveThread("919876500003")).toBeNull();
    expect(await resolveThread("CU-2611-9999")).toBeNull();
    expect(await resolveThread(customer.mobile.slice(1))).toEqual({ redirect: `/admin/communications/${customer.reference}` });
  });

  it("an SMS reply goes out only from a registered, active template; e-mail, call and note replies join the thread once", async () => {
    const templates = await listSmsTemplates();
    expect(templates.map((t) => t.name)).toEqual(expect.arrayContaining(Object.keys(DLT_TEMPLATES)));
    const added = await addSmsTemplate(office, {
      name: "office-call-us",
      dltTemplateId: "1007999999999999001",
      senderId: "DECAUT",
      text: "{#var#}: please call us about {#var#} before {#var#}.",
      variables: ["business", "reference", "when"],
      category: "service",
    });
    expect(added).toMatchObject({ ok: true });
    const key = randomUUID();
    // The business name and the request's reference are filled by the server; the office types the rest.
    expect(await replyBySms(office, thread, { template: "office-call-us", request: "SR-2611-0901", values: { business: "Someone else", when: "5 pm today" }, idempotencyKey: key })).toMatchObject({ ok: true });
    // The same form sent twice: one SMS.
    expect(await replyBySms(office, thread, { template: "office-call-us", request: "SR-2611-0901", values: { when: "5 pm today" }, idempotencyKey: key })).toMatchObject({ ok: true });
    await deliveriesSettled();
    const sent = await db().select().from(outbox).where(like(outbox.dedupeKey, `thread:${customer.reference}:sms:%`));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: "1007999999999999001", body: "Deccan Automation Services: please call us about SR-2611-0901 before 5 pm today.", status: "sent", customerId: customer.id });
    expect(sent[0]!.providerMessageId).toMatch(/^log-/);

    expect(await replyBySms(office, thread, { template: "no-such-template", request: null, values: {} })).toEqual({ ok: false, errors: { template: expect.stringMatching(/not in the DLT registry/) } });
    expect(await replyBySms(office, thread, { template: "office-call-us", request: "SR-2611-0901", values: { when: "x".repeat(31) } })).toMatchObject({ ok: false, errors: { "var-when": expect.stringMatching(/30 characters/) } });
    const [row] = await db().select().from(smsTemplates).where(eq(smsTemplates.name, "office-call-us"));
    expect(await setSmsTemplateActive(office, row!.id, row!.version, false)).toMatchObject({ ok: true });
    expect(await replyBySms(office, thread, { template: "office-call-us", request: "SR-2611-0901", values: { when: "5 pm today" } })).toEqual({
      ok: false,
      errors: { template: expect.stringMatching(/deactivated/) },
    });

    expect(await replyByEmail(office, thread, { subject: "Your drive", body: "It is ready for collection.", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    expect(await logCall(office, thread, { direction: "in", minutes: 4, note: "Asked about the invoice", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    expect(await addNote(office, thread, { note: "Prefers calls after 3 pm", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    await deliveriesSettled();
    const { entries } = await threadEntries(thread);
    expect(entries.filter((e) => e.body === "It is ready for collection.")).toHaveLength(1);
    expect(entries.find((e) => e.body === "It is ready for collection.")).toMatchObject({ source: "conversation", channel: "email", staff: "Asha Office", status: "sent" });
    expect(entries.filter((e) => e.body === "Deccan Automation Services: please call us about SR-2611-0901 before 5 pm today.")).toHaveLength(1);
    expect(entries.find((e) => e.channel === "call" && e.source === "conversation")).toMatchObject({ direction: "in", minutes: 4 });
    expect(entries.at(-1)).toMatchObject({ channel: "note", body: "Prefers calls after 3 pm" });
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, String(customer.id)))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["thread.sms", "thread.email", "thread.call", "thread.note"]));
  });

  it("a WhatsApp reply is free text inside the 24-hour window only", async () => {
    // The customer wrote on WhatsApp in the first test: the window is open.
    expect(await replyByWhatsApp(office, thread, { text: "Yes, it is ready.", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    const { entries } = await threadEntries(thread);
    expect(entries.find((e) => e.channel === "whatsapp" && e.direction === "out")).toMatchObject({ body: "Yes, it is ready.", staff: "Asha Office" });
    const stranger: ThreadRef = { key: "919812300077", customerId: null, reference: null, name: "X", company: null, mobile: "+919812300077", email: null };
    expect(await replyByWhatsApp(office, stranger, { text: "Hello" })).toEqual({ ok: false, errors: { text: expect.stringMatching(/24-hour window|template/) } });
  });

  it("the thread's page: a bad reply is refused with 400 beside the field, an unknown thread is 404", async () => {
    const refused = (await threadAction(args(`/admin/communications/${customer.reference}`, { customerReference: customer.reference }, { intent: "reply-email", subject: "", body: "x" }))) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.subject).toMatch(/subject/);
    const call = (await threadAction(args(`/admin/communications/${customer.reference}`, { customerReference: customer.reference }, { intent: "log-call", direction: "out", minutes: "abc", note: "x" }))) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(call.init.status).toBe(400);
    expect(call.data.errors.minutes).toBeTruthy();
    const page = await threadLoader(args(`/admin/communications/${customer.reference}?template=office-follow-up`, { customerReference: customer.reference }));
    expect(page.entries.length).toBeGreaterThan(3);
    let status = 0;
    try {
      await threadLoader(args("/admin/communications/CU-2611-9999", { customerReference: "CU-2611-9999" }));
    } catch (error) {
      status = (error as { init?: { status?: number } }).init?.status ?? 0;
    }
    expect(status).toBe(404);
  });

  it("an SMS whose template is not registered, or deactivated, is refused by the sender and not retried", async () => {
    await queueMessages(db(), [{ channel: "sms", recipient: customer.mobile, body: "Made-up text", template: "1007000000000099999", dedupeKey: "test:unregistered" }]);
    const [ack] = await db().select().from(smsTemplates).where(eq(smsTemplates.name, "requestCompleted"));
    expect(await setSmsTemplateActive(office, ack!.id, ack!.version, false)).toMatchObject({ ok: true });
    await queueMessages(db(), [sms(DLT_TEMPLATES.requestCompleted, customer.mobile, { business: "Deccan", reference: "SR-2611-0901", warranty: "6" }, "test:deactivated")]);
    await deliveriesSettled();
    const rows = await db().select().from(outbox).where(like(outbox.dedupeKey, "test:%"));
    expect(rows.find((r) => r.dedupeKey === "test:unregistered")).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringMatching(/not in the DLT registry/) });
    expect(rows.find((r) => r.dedupeKey === "test:deactivated")).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringMatching(/deactivated/) });
    const [again] = await db().select().from(smsTemplates).where(eq(smsTemplates.name, "requestCompleted"));
    await setSmsTemplateActive(office, again!.id, again!.version, true);
  });

  it("the registry's edits are versioned and audited; a stale edit is refused; seeding never overwrites them", async () => {
    const [row] = await db().select().from(smsTemplates).where(eq(smsTemplates.name, "requestAcknowledgement"));
    const fields = { dltTemplateId: "1107000000000000001", senderId: "DCNAUT", text: row!.text, variables: row!.variables, category: "service" as const };
    expect(await editSmsTemplate(office, row!.id, { ...fields, version: row!.version })).toMatchObject({ ok: true });
    expect(await editSmsTemplate(office, row!.id, { ...fields, senderId: "OTHERS", version: row!.version })).toEqual({ ok: false, field: "form", message: STALE_TEMPLATE_MESSAGE });
    expect(await editSmsTemplate(office, row!.id, { ...fields, variables: ["a", "b", "c"], version: row!.version + 1 })).toMatchObject({ ok: false, field: "variables" });
    await seedSmsTemplates(db());
    const [after] = await db().select().from(smsTemplates).where(eq(smsTemplates.name, "requestAcknowledgement"));
    expect(after).toMatchObject({ dltTemplateId: "1107000000000000001", senderId: "DCNAUT", version: row!.version + 1 });
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "sms-template"), eq(auditLog.entityId, String(row!.id))));
    expect(audit.map((a) => a.action)).toEqual(["sms-template.edit"]);
    expect(audit[0]!.after).toMatchObject({ dltTemplateId: "1107000000000000001", senderId: "DCNAUT" });

    // The sender now uses the registered id (the outbox row keeps the code's id, the provider gets the registered one).
    const { smsForSending } = await import("~/.server/notifications/sms-registry.ts");
    expect(await smsForSending(DLT_TEMPLATES.requestAcknowledgement.id, "body", { business: "B", reference: "R", hours: "2" })).toMatchObject({
      dltTemplateId: "1107000000000000001",
      senderId: "DCNAUT",
      body: "body",
    });
  });

  it("the registry's screens: a bad id is refused beside its field, an unknown template is 404, the SMS log downloads as CSV", async () => {
    const bad = (await addSmsTemplateAction(
      args("/admin/sms/templates", {}, { name: "office-x", dltTemplateId: "12", senderId: "DECAUT", text: "{#var#} hi", variables: "a", category: "service" }),
    )) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors.dltTemplateId).toMatch(/19 digits/);
    const [row] = await db().select().from(smsTemplates).where(eq(smsTemplates.name, "benchReady"));
    const stale = (await smsTemplateAction(args(`/admin/sms/templates/${row!.id}`, { id: String(row!.id) }, { intent: "deactivate", version: String(row!.version + 5) }))) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(stale.init.status).toBe(400);
    expect(stale.data.errors.form).toBe(STALE_TEMPLATE_MESSAGE);
    let status = 0;
    try {
      await smsTemplateLoader(args("/admin/sms/templates/999999", { id: "999999" }));
    } catch (error) {
      status = (error as { init?: { status?: number } }).init?.status ?? 0;
    }
    expect(status).toBe(404);
    const csv = (await smsLogMiddleware[0]!(args(`/admin/sms?format=csv&q=${customer.mobile.slice(3)}`, {}) as never, (() => Promise.resolve(new Response("page"))) as never)) as Response;
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text.split("\n")[0]).toContain("Provider message id");
    expect(text).toContain(customer.mobile);
  });

  it("delivery reports: a signed, fresh report marks the SMS and its campaign recipient delivered; a bad signature, a replay or a malformed body changes nothing and is logged", async () => {
    await queueMessages(db(), [{ ...sms(DLT_TEMPLATES.requestScheduled, customer.mobile, { business: "D", reference: "SR", date: "1 Dec", window: "10-1", engineer: "Ravi" }, "test:report"), customerId: customer.id }]);
    await deliveriesSettled();
    const [message] = await db().select().from(outbox).where(eq(outbox.dedupeKey, "test:report"));
    expect(message!.providerMessageId).toMatch(/^log-/);
    const [campaign] = await db().insert(campaigns).values({ reference: "MK-2611-0901", name: "Test", channel: "sms", status: "sending" }).returning();
    await db().insert(campaignRecipients).values({ campaignId: campaign!.id, customerId: customer.id, status: "sent", outboxId: message!.id });

    const now = Math.floor(Date.now() / 1000);
    const body = (id: string, extra: Record<string, unknown> = {}) => JSON.stringify({ id, messageId: message!.providerMessageId, status: "delivered", timestamp: now, ...extra });
    const call = (raw: string, signature = signDeliveryReport(raw, SECRET)) => handleDeliveryReport({ rawBody: raw, signature, ipAddress: "198.51.100.4" });
    const state = async () => (await db().select({ s: outbox.deliveryStatus, at: outbox.deliveredAt }).from(outbox).where(eq(outbox.id, message!.id)))[0];

    expect(await call(body("dr-1"), "0".repeat(64))).toMatchObject({ status: 401, outcome: "refused" });
    expect(await call(body("dr-1"), null as unknown as string)).toMatchObject({ status: 401 });
    expect(await call("{not json")).toMatchObject({ status: 400, outcome: "refused" });
    expect(await call(JSON.stringify({ id: "dr-x", messageId: message!.providerMessageId, status: "exploded", timestamp: now }))).toMatchObject({ status: 400, reason: "Unknown status" });
    expect(await call(body("dr-old", { timestamp: now - 3600 }))).toMatchObject({ status: 400, reason: "Stale timestamp" });
    expect(await state()).toMatchObject({ s: null, at: null });

    expect(await call(body("dr-1"))).toMatchObject({ status: 200, outcome: "applied" });
    expect((await state())!.s).toBe("delivered");
    const [recipient] = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaign!.id));
    expect(recipient).toMatchObject({ status: "delivered" });
    expect(recipient!.deliveredAt).toBeInstanceOf(Date);

    // The same report again, and a late "failed" under a new id after a replayed id: the replay changes nothing.
    const before = await db().select().from(webhookEvents);
    expect(await call(body("dr-1", { status: "failed" }))).toMatchObject({ status: 200, outcome: "refused", reason: "Already received" });
    expect((await state())!.s).toBe("delivered");
    const after = await db().select().from(webhookEvents);
    expect(after).toHaveLength(before.length + 1);
    const outcomes = after.map((e) => [e.outcome, e.reason?.split(":")[0]]);
    expect(outcomes.filter(([o]) => o === "refused")).toHaveLength(6);
    expect(after.filter((e) => e.externalId === "dr-1")).toHaveLength(1);
    expect(await call(body("dr-2", { messageId: "unknown-id" }))).toMatchObject({ outcome: "ignored" });

    // Without a secret nothing is trusted.
    delete process.env.SMS_WEBHOOK_SECRET;
    expect(await call(body("dr-3"))).toMatchObject({ status: 404, outcome: "refused" });
    process.env.SMS_WEBHOOK_SECRET = SECRET;

    const log = await listSmsLog({ show: "delivered" }, undefined);
    expect(log.rows.map((r) => r.id)).toContain(message!.id);
    expect((await listSmsLog({ show: "all", q: "98123 00001" }, undefined)).rows.every((r) => r.recipient === customer.mobile)).toBe(true);
    expect((await listSmsLog({ show: "failed" }, undefined)).counts.failed).toBeGreaterThanOrEqual(2);
  });

  it("e-mail templates: the office's text replaces the built-in one when queued, with a preview; a stale edit is refused; reset brings the built-in text back", async () => {
    const t = (await emailTemplate("request-customer"))!;
    expect(t).toMatchObject({ version: 0, customised: false, subject: "{{subject}}", body: "{{content}}" });
    expect(t.sample?.subject).toBe("We have received your request");
    const preview = previewEmail(t, "Re: {{subject}}", "Hello,\n\n{{content}}\n\nRef {{reference}}");
    expect(preview.subject).toBe("Re: We have received your request");
    expect(preview.body).toContain("Dear Meena");

    expect(await saveEmailTemplate(office, "request-customer", { version: 0, subject: "{{subject}}", body: "{{content}} {{nope}}" })).toMatchObject({ ok: false, field: "body" });
    expect(await saveEmailTemplate(office, "request-customer", { version: 0, subject: "Re: {{subject}}", body: "Namaste,\n\n{{content}}\n\nReference {{reference}}" })).toMatchObject({ ok: true });
    expect(await saveEmailTemplate(office, "request-customer", { version: 0, subject: "Other", body: "{{content}}" })).toEqual({ ok: false, field: "form", message: STALE_TEMPLATE_MESSAGE });
    const [stored] = await db().select().from(emailTemplates).where(eq(emailTemplates.name, "request-customer"));
    expect(stored).toMatchObject({ version: 1, updatedBy: office.userId });

    const [changed] = await applyEmailTemplates(db(), [
      { channel: "email", recipient: "a@example.net", subject: "We have received", body: "Body", template: "request-customer", variables: { reference: "SR-1" }, dedupeKey: "x" },
    ]);
    expect(changed).toMatchObject({ subject: "Re: We have received", body: "Namaste,\n\nBody\n\nReference SR-1" });

    // Through the route: Preview saves nothing; Save on the old version is refused.
    const previewed = (await emailTemplateAction(args("/admin/emails/templates/request-customer", { name: "request-customer" }, { intent: "preview", version: "1", subject: "X {{subject}}", body: "**Bold** {{content}}" }))) as unknown as {
      data: { preview: { subject: string; html: string } };
    };
    expect(previewed.data.preview.subject).toBe("X We have received your request");
    expect(previewed.data.preview.html).toContain("<strong>Bold</strong>");
    expect((await db().select().from(emailTemplates).where(eq(emailTemplates.name, "request-customer")))[0]!.version).toBe(1);

    expect(await resetEmailTemplate(office, "request-customer", 0)).toMatchObject({ ok: false, message: STALE_TEMPLATE_MESSAGE });
    expect(await resetEmailTemplate(office, "request-customer", 1)).toMatchObject({ ok: true });
    expect(await db().select().from(emailTemplates)).toEqual([]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityType, "email-template"));
    expect(audit.map((a) => a.action)).toEqual(["email-template.edit", "email-template.reset"]);

    const log = await listEmailLog({ show: "all", q: "meena" }, undefined);
    expect(log.rows.length).toBeGreaterThanOrEqual(1);
  });
});
