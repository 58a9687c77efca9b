import { randomUUID } from "node:crypto";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import {
  auditLog,
  campaignRecipients,
  campaigns,
  conversationMessages,
  customerSites,
  customers,
  outbox,
  staffNotifications,
  ticketMessages,
  tickets,
  users,
  webhookEvents,
  whatsappTemplates,
} from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { eraseCustomer } from "~/.server/customers/personal-data.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import { marketingConsentOf, recordMarketingConsent, setMarketingConsent } from "~/.server/marketing/consent.ts";
import { audienceCount, campaignResults, changeCampaign, createCampaign, listCampaigns, runCampaignBatch, splitOffer } from "~/.server/marketing/index.ts";
import { deliverDueMessages, deliveriesSettled } from "~/.server/notifications/index.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { effectiveWhatsApp } from "~/.server/settings/integrations.ts";
import { postMessage, type OutboundPayload } from "~/.server/whatsapp/api.ts";
import { deliverWhatsApp, sendWhatsApp, WhatsAppRefusal, windowFor } from "~/.server/whatsapp/index.ts";
import { conversation, conversations, replyOnWhatsApp } from "~/.server/whatsapp/office.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import { campaignSchema } from "~/lib/forms/admin/marketing.ts";
import { action as optOutAction, loader as optOutLoader } from "~/routes/documents/optout.tsx";
import { action as portalConsentRouteAction } from "~/routes/customer/marketing-consent.ts";
import { action as whatsappScreenAction, loader as whatsappScreenLoader } from "~/routes/admin/whatsapp/route.tsx";
import { action as conversationAction, loader as conversationLoader } from "~/routes/admin/whatsapp/conversation.tsx";
import { action as marketingAction } from "~/routes/admin/marketing/route.tsx";
import { action as campaignAction, loader as campaignLoader } from "~/routes/admin/marketing/campaign.tsx";
import { loader as myDataRouteLoader } from "~/routes/customer/my-data.tsx";
import { startSession } from "~/.server/auth/sessions.ts";
import { action as webhookAction, loader as webhookLoader } from "~/routes/api/whatsapp-webhook.ts";
import { startFakeWhatsApp, type FakeWhatsApp } from "../support/fake-whatsapp.ts";
import { inPortal } from "../support/portal.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, staffRouteContext } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";

describe("the WhatsApp and marketing screens", () => {
  it("are built, under the communications permission", () => {
    for (const path of ["/admin/whatsapp", "/admin/whatsapp/919848012345"]) expect(screenFor(path)).toMatchObject({ path: "/admin/whatsapp", permission: "communications", built: true });
    for (const path of ["/admin/marketing", "/admin/marketing/MC-2611-0001"]) expect(screenFor(path)).toMatchObject({ path: "/admin/marketing", permission: "communications", built: true });
  });

  it("an SMS offer is cut into the promotional template's two 30-character variables at a space", () => {
    expect(splitOffer("Drive service camp")).toEqual(["Drive service camp", ""]);
    const [a, b] = splitOffer("Free health check of your VFDs this December, book now");
    expect(a.length).toBeLessThanOrEqual(30);
    expect(b.length).toBeLessThanOrEqual(30);
    expect(`${a} ${b}`).toBe("Free health check of your VFDs this December, book now");
  });
});

describeEachEngine("whatsapp and marketing", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let wa: FakeWhatsApp;
  let office: StaffMember;
  let counter = 0;

  beforeAll(async () => {
    wa = await startFakeWhatsApp();
    setServerConfig(readConfig({ ...wa.env }));
    await seedSettings(db(), APP);
    clearSettingsCache();
    const a = await upsertUserWithRole("+919000000401", "admin", db(), "Asha Office");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    office = asStaff("office", { userId: a.id, name: "Asha Office", ipAddress: "203.0.113.7" });
    await db()
      .insert(whatsappTemplates)
      .values([
        { name: "service_update", language: "en", category: "utility", body: "Hello {{1}}, an update on your request {{2}}. Reply here to talk to us.", status: "approved" },
        { name: "not_yet", language: "en", category: "utility", body: "Pending text {{1}}", status: "pending" },
        { name: "december_offer", language: "en", category: "marketing", body: "Hello {{1}}, drive health checks at half price this December. Reply STOP to opt out or open {{2}}", status: "approved" },
      ]);
  });
  afterAll(async () => {
    await deliveriesSettled();
    await wa.close();
    setServerConfig(previousConfig);
    clearSettingsCache();
  });

  async function customer(over: Partial<typeof customers.$inferInsert> = {}, city?: string) {
    counter += 1;
    const [row] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${String(7000 + counter)}`, mobile: `+9198480${String(20000 + counter)}`, name: `Customer ${counter}`, email: `c${counter}@example.net`, ...over })
      .returning();
    if (city) await db().insert(customerSites).values({ customerId: row!.id, name: "Plant", city });
    return row!;
  }

  const consenting = { marketingConsentAt: new Date("2026-10-01T00:00:00Z"), marketingConsentVersion: "1", marketingConsentSource: "office" };

  function args(path: string, params: Record<string, string>, init: RequestInit = {}) {
    const request = new Request(new URL(path, APP), init);
    return { request, url: new URL(request.url), params, context: staffRouteContext({ staff: office }) } as never;
  }

  const post = (hook: { body: string; headers: Record<string, string> }) => wa.deliver(hook, (request) => webhookAction({ request, params: {}, context: new RouterContextProvider() } as never) as Promise<Response>);

  const countRows = async () => ({
    messages: (await db().select().from(conversationMessages)).length,
    tickets: (await db().select().from(tickets)).length,
    alerts: (await db().select().from(staffNotifications)).length,
  });

  it("answers Meta's verification handshake only with the verify token", async () => {
    const ok = (await webhookLoader(args(`/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${wa.verifyToken}&hub.challenge=1158201444`, {}))) as Response;
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const bad = (await webhookLoader(args("/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1158201444", {}))) as Response;
    expect(bad.status).toBe(403);
  });

  it("a bad signature, a malformed body and a replay are refused, logged, and change nothing", async () => {
    const c = await customer();
    const from = c.mobile!.replace("+", "");
    const before = await countRows();
    const forged = wa.inbound({ from, text: "Hello" }, "not-the-app-secret");
    expect((await post(forged)).status).toBe(401);
    const unsigned = wa.inbound({ from, text: "Hello" });
    expect((await post({ body: unsigned.body, headers: { "Content-Type": "application/json" } })).status).toBe(401);
    expect((await post(wa.sign({ object: "whatsapp_business_account", entry: [{ changes: [{ value: { messages: [{ id: "x" }] } }] }] }))).status).toBe(400);
    expect((await post(wa.sign("not an object"))).status).toBe(400);
    expect((await post({ body: "{not json", headers: wa.sign({}).headers })).status).toBe(401);
    expect(await countRows()).toEqual(before);
    const refused = await db().select().from(webhookEvents).where(and(eq(webhookEvents.provider, "whatsapp"), eq(webhookEvents.outcome, "refused")));
    expect(refused.map((r) => r.reason)).toEqual(expect.arrayContaining(["Bad signature", "The body is not a WhatsApp Business webhook"]));

    const hook = wa.inbound({ from, text: "Is the engineer coming today?", name: "Ravi" });
    expect((await post(hook)).status).toBe(200);
    const afterFirst = await countRows();
    expect(afterFirst.messages).toBe(before.messages + 1);
    const replay = await post(hook);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ outcome: "refused", reason: "Already received" });
    expect(await countRows()).toEqual(afterFirst);
    const [replayLog] = await db().select().from(webhookEvents).where(like(webhookEvents.reason, "Replay%"));
    expect(replayLog).toMatchObject({ outcome: "refused" });
    // The same message in a new envelope (another body) is still stored once, by its wamid.
    const again = wa.inbound({ from, text: "Is the engineer coming today?", name: "Ravi", wamid: hook.wamid, timestamp: 1 });
    expect((await post(again)).status).toBe(200);
    expect(await countRows()).toEqual(afterFirst);
  });

  it("an inbound message joins the customer's thread, alerts the office and opens a ticket; the next one goes on that ticket", async () => {
    const c = await customer();
    const from = c.mobile!.replace("+", "");
    const first = wa.inbound({ from, text: "Our drive trips on F0001", name: "Ravi" });
    expect((await post(first)).status).toBe(200);
    const [row] = await db().select().from(conversationMessages).where(eq(conversationMessages.externalId, first.wamid!));
    expect(row).toMatchObject({ customerId: c.id, mobile: c.mobile, channel: "whatsapp", direction: "in", body: "Our drive trips on F0001", status: "received" });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.customerId, c.id));
    expect(ticket).toMatchObject({ source: "whatsapp", status: "open" });
    const alerts = await db().select().from(staffNotifications).where(eq(staffNotifications.dedupeKey, `whatsapp:${first.wamid}`));
    expect(alerts.map((a) => a.userId)).toContain(office.userId);
    expect(alerts[0]!.link).toBe(`/admin/whatsapp/${from}`);
    expect((await post(wa.inbound({ from, text: "It is the G120 on line 2" }))).status).toBe(200);
    expect(await db().select().from(tickets).where(eq(tickets.customerId, c.id))).toHaveLength(1);
    const thread = await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket!.id));
    expect(thread.map((m) => m.body)).toEqual(expect.arrayContaining(["It is the G120 on line 2"]));
    // The office's views: the conversation list (window open) and the conversation, oldest first.
    const summary = (await conversations()).find((x) => x.mobile === c.mobile);
    expect(summary).toMatchObject({ key: from, customerName: c.name, lastBody: "It is the G120 on line 2", lastDirection: "in", window: { open: true } });
    const view = await conversation(from);
    expect(view?.messages.map((m) => m.body)).toEqual(["Our drive trips on F0001", "It is the G120 on line 2"]);
    expect(view?.customer).toMatchObject({ id: c.id });
    expect(await conversation("919999999999")).toBeUndefined();
    // A customer who never wrote: an empty conversation, closed, to open with a template.
    const quiet = await customer();
    expect(await conversation(quiet.mobile!.slice(1))).toMatchObject({ customer: { id: quiet.id }, messages: [], window: { open: false } });
    const start = (await whatsappScreenLoader(args(`/admin/whatsapp?start=${quiet.mobile!.slice(3)}`, {}))) as Response;
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe(`/admin/whatsapp/${quiet.mobile!.slice(1)}`);
    const unknown = (await whatsappScreenLoader(args("/admin/whatsapp?start=9999999997", {}))) as { data: { startError: string } };
    expect(unknown.data.startError).toMatch(/No customer has this number/);
  });

  it("the conversation list: each number's latest message, newest first, numbers whose latest came in the same millisecond in the numbers' order", async () => {
    const mobiles = ["+919811100001", "+919811100002", "+919811100003", "+919811100004"];
    // Dated ahead of every other message, with microseconds: the page's edge falls inside one millisecond.
    await db().execute(sql`
      insert into conversation_messages (channel, direction, body, mobile, created_at) values
        ('whatsapp', 'in', 'A first', ${mobiles[0]}, '2099-01-01 00:00:00.000100+00'),
        ('whatsapp', 'out', 'A latest', ${mobiles[0]}, '2099-01-01 00:00:05+00'),
        ('whatsapp', 'in', 'C latest', ${mobiles[1]}, '2099-01-01 00:00:04.500100+00'),
        ('whatsapp', 'in', 'B latest', ${mobiles[2]}, '2099-01-01 00:00:04.500900+00'),
        ('whatsapp', 'in', 'D latest', ${mobiles[3]}, '2099-01-01 00:00:03+00')`);
    try {
      const page = async (limit: number) => (await conversations(limit)).map((x) => [x.mobile, x.lastBody]);
      expect(await page(1)).toEqual([[mobiles[0], "A latest"]]);
      // B's message is the later one, but C's came in the same millisecond and C's number comes first.
      expect(await page(2)).toEqual([
        [mobiles[0], "A latest"],
        [mobiles[1], "C latest"],
      ]);
      expect(await page(4)).toEqual([
        [mobiles[0], "A latest"],
        [mobiles[1], "C latest"],
        [mobiles[2], "B latest"],
        [mobiles[3], "D latest"],
      ]);
    } finally {
      await db().delete(conversationMessages).where(inArray(conversationMessages.mobile, mobiles));
    }
  });

  it("free text only inside the 24-hour window; an approved template outside it; the reply reaches the API and its status follows", async () => {
    const c = await customer();
    const from = c.mobile!.replace("+", "");
    // Never wrote: no window.
    await expect(db().transaction((tx) => sendWhatsApp(tx, { mobile: c.mobile!, text: "Hello" }))).rejects.toThrow(WhatsAppRefusal);
    // Wrote 25 hours ago: closed.
    await db().insert(conversationMessages).values({ customerId: c.id, mobile: c.mobile, channel: "whatsapp", direction: "in", body: "old", createdAt: new Date(Date.now() - 25 * 3_600_000) });
    expect((await windowFor(db(), c.mobile!)).open).toBe(false);
    const closed = await replyOnWhatsApp(office, { mobile: c.mobile!, customer: null }, { text: "Hello", idempotencyKey: randomUUID() });
    expect(closed).toMatchObject({ ok: false, field: "text" });
    expect(closed.ok ? "" : closed.message).toMatch(/24-hour window is closed/);
    // Unapproved template, wrong number of values: refused.
    expect(await replyOnWhatsApp(office, { mobile: c.mobile!, customer: null }, { template: { name: "not_yet", language: "en", params: ["a"] }, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, field: "template" });
    expect(await replyOnWhatsApp(office, { mobile: c.mobile!, customer: null }, { template: { name: "service_update", language: "en", params: ["Ravi"] }, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, field: "template" });
    // An approved template goes outside the window.
    const templateKey = randomUUID();
    expect(await replyOnWhatsApp(office, { mobile: c.mobile!, customer: null }, { template: { name: "service_update", language: "en", params: ["Ravi", "SR-2611-0042"] }, idempotencyKey: templateKey })).toMatchObject({ ok: true });
    // The same form again: not twice.
    expect(await replyOnWhatsApp(office, { mobile: c.mobile!, customer: null }, { template: { name: "service_update", language: "en", params: ["Ravi", "SR-2611-0042"] }, idempotencyKey: templateKey })).toMatchObject({ ok: true });
    // A message Meta delivers late (sent 25 hours ago, retried since): the window counts from when it was sent.
    expect((await post(wa.inbound({ from, text: "Sent yesterday", timestamp: Math.floor(Date.now() / 1000) - 25 * 3600 }))).status).toBe(200);
    expect((await windowFor(db(), c.mobile!)).open).toBe(false);
    // The customer writes: the window opens, free text goes.
    expect((await post(wa.inbound({ from, text: "Please call me" }))).status).toBe(200);
    expect((await windowFor(db(), c.mobile!)).open).toBe(true);
    expect(await replyOnWhatsApp(office, { mobile: c.mobile!, customer: null }, { text: "Calling you in 10 minutes", idempotencyKey: randomUUID() })).toMatchObject({ ok: true });

    const sentBefore = wa.sent().length;
    await deliverDueMessages(new Date(Date.now() + 1000));
    await deliveriesSettled();
    // Sent in parallel: the fake may receive them in either order.
    const sent = wa
      .sent()
      .slice(sentBefore)
      .filter((call) => call.body.to === from)
      .sort((a, b) => String(a.body.type).localeCompare(String(b.body.type)));
    expect(sent.map((call) => call.body.type)).toEqual(["template", "text"]);
    expect(sent[0]!.body.template).toMatchObject({ name: "service_update", language: { code: "en" }, components: [{ type: "body", parameters: [{ type: "text", text: "Ravi" }, { type: "text", text: "SR-2611-0042" }] }] });
    expect(sent[1]!.body.text).toMatchObject({ body: "Calling you in 10 minutes" });
    const outRows = await db()
      .select()
      .from(conversationMessages)
      .where(and(eq(conversationMessages.mobile, c.mobile!), eq(conversationMessages.channel, "whatsapp"), eq(conversationMessages.direction, "out")));
    expect(outRows).toHaveLength(2);
    expect(outRows.every((r) => r.status === "sent" && r.externalId?.startsWith("wamid."))).toBe(true);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.action, "whatsapp.send"), eq(auditLog.entityLabel, c.mobile!)));
    expect(audits).toHaveLength(2);

    expect((await post(wa.status({ wamid: sent[1]!.wamid!, status: "delivered", recipient: from }))).status).toBe(200);
    expect((await post(wa.status({ wamid: sent[1]!.wamid!, status: "read", recipient: from }))).status).toBe(200);
    // A late "delivered" after "read" does not step back.
    expect((await post(wa.sign({ object: "whatsapp_business_account", entry: [{ changes: [{ value: { statuses: [{ id: sent[1]!.wamid, status: "delivered", recipient_id: from, timestamp: "9" }] } }] }] }))).status).toBe(200);
    const [read] = await db().select().from(conversationMessages).where(eq(conversationMessages.externalId, sent[1]!.wamid!));
    expect(read!.status).toBe("read");
  });

  it("a send whose process died after Meta accepted it: Meta's status, quoting the key, marks it sent and the retry sends nothing; without a status it goes again under the same key", async () => {
    const c = await customer();
    const from = c.mobile!.replace("+", "");
    const queue = () => db().transaction((tx) => sendWhatsApp(tx, { mobile: c.mobile!, template: { name: "service_update", language: "en", params: ["Ravi", "SR-7"] } }));
    // What the dead process did: marked the message "sending" and called the API with its key; no wamid stored.
    const halfSent = async (row: Awaited<ReturnType<typeof queue>>) => {
      await db().update(conversationMessages).set({ status: "sending" }).where(eq(conversationMessages.id, row.id));
      const key = (row.meta as { key: string }).key;
      const meta = row.meta as { payload: OutboundPayload };
      return { key, wamid: await postMessage(await effectiveWhatsApp(), c.mobile!, meta.payload, key) };
    };
    const byId = async (id: number) => (await db().select().from(conversationMessages).where(eq(conversationMessages.id, id)))[0]!;
    const callsWith = (key: string) => wa.sent().filter((call) => call.body.biz_opaque_callback_data === key);

    const first = await queue();
    const one = await halfSent(first);
    expect(callsWith(one.key)).toHaveLength(1);
    expect((await post(wa.status({ wamid: one.wamid, status: "sent", recipient: from, key: one.key }))).status).toBe(200);
    expect(await byId(first.id)).toMatchObject({ status: "sent", externalId: one.wamid });
    await deliverWhatsApp(first.id);
    expect(callsWith(one.key)).toHaveLength(1);

    // No status yet when the job runs again: the API cannot deduplicate, so it goes again, under the same key.
    const second = await queue();
    const two = await halfSent(second);
    await deliverWhatsApp(second.id);
    const calls = callsWith(two.key);
    expect(calls).toHaveLength(2);
    expect(await byId(second.id)).toMatchObject({ status: "sent", externalId: calls[1]!.wamid });
  });

  it("outside production without an API, a message is printed as a JSON line and kept as logged", async () => {
    setServerConfig(readConfig({}));
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const c = await customer();
      await db().transaction((tx) => sendWhatsApp(tx, { mobile: c.mobile!, template: { name: "service_update", language: "en", params: ["Ravi", "SR-1"] } }));
      await deliverDueMessages(new Date(Date.now() + 1000));
      await deliveriesSettled();
      const [row] = await db()
        .select()
        .from(conversationMessages)
        .where(and(eq(conversationMessages.mobile, c.mobile!), eq(conversationMessages.channel, "whatsapp"), eq(conversationMessages.direction, "out")));
      expect(row!.status).toBe("logged");
      expect(lines.map((l) => l.trim()).filter((l) => l.includes('"type":"whatsapp"')).map((l) => JSON.parse(l))).toContainEqual({
        type: "whatsapp",
        to: c.mobile,
        body: "Hello Ravi, an update on your request SR-1. Reply here to talk to us.",
        template: "service_update",
        key: (row!.meta as { key: string }).key,
      });
    } finally {
      spy.mockRestore();
      setServerConfig(readConfig({ ...wa.env }));
    }
  });

  it("marketing never reaches anyone without marketing consent: no consent, opted out, erased, consenting: only the last gets a message", async () => {
    const city = "Warangal";
    const none = await customer({}, city);
    const optedOut = await customer({ ...consenting, marketingOptedOutAt: new Date() }, city);
    const erased = await customer({ ...consenting, mobile: null, email: null, name: "Erased", erasedAt: new Date() }, city);
    const yes = await customer({ ...consenting }, city);
    for (const channel of ["sms", "email", "whatsapp"] as const) expect(await audienceCount(db(), { city: "warangal" }, channel)).toBe(1);
    const form = campaignSchema.parse({ name: "Warangal drive camp", channel: "sms", body: "Free drive health check this week, book now", city, ratePerMinute: "60", idempotencyKey: randomUUID() });
    const created = await createCampaign({ userId: office.userId, label: "Asha", ipAddress: null }, form);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    // The same form again: the same campaign.
    expect(await createCampaign({ userId: office.userId, label: "Asha", ipAddress: null }, form)).toMatchObject({ ok: true, id: created.id });
    const [c] = await db().select().from(campaigns).where(eq(campaigns.id, created.id));
    expect(await changeCampaign({ userId: office.userId, label: "Asha", ipAddress: null }, created.id, "start", c!.version)).toMatchObject({ ok: true });
    // A stale page is refused.
    expect(await changeCampaign({ userId: office.userId, label: "Asha", ipAddress: null }, created.id, "pause", c!.version)).toMatchObject({ ok: false, reason: "refused" });
    expect(await runCampaignBatch(created.id, null)).toMatchObject({ sent: 1, remaining: 0 });
    const messages = await db().select().from(outbox).where(like(outbox.dedupeKey, `campaign:${created.id}:%`));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ recipient: yes.mobile, customerId: yes.id, channel: "sms" });
    expect(messages[0]!.body).toMatch(/Reply STOP to opt out, or open http:\/\/localhost:3000\/d\/optout\/\S+$/);
    for (const other of [none, optedOut, erased]) {
      expect(await db().select().from(outbox).where(eq(outbox.customerId, other.id))).toHaveLength(0);
      expect(await db().select().from(conversationMessages).where(eq(conversationMessages.customerId, other.id))).toHaveLength(0);
    }
    expect(await campaignResults(db(), created.id)).toMatchObject({ audience: 1, sent: 1, queued: 0 });
    expect((await listCampaigns()).find((r) => r.id === created.id)).toMatchObject({ status: "finished", results: { audience: 1, sent: 1, queued: 0, optedOut: 0 } });
    const [done] = await db().select().from(campaigns).where(eq(campaigns.id, created.id));
    expect(done!.status).toBe("finished");
  });

  it("sends in batches at the campaign's rate, re-checking consent at send time; STOP and the opt-out link take effect at once", async () => {
    const city = "Karimnagar";
    const list = [];
    for (let i = 0; i < 5; i += 1) list.push(await customer({ ...consenting }, city));
    const actor = { userId: office.userId, label: "Asha", ipAddress: null };
    const created = await createCampaign(actor, campaignSchema.parse({ name: "Karimnagar AMC", channel: "whatsapp", template: "december_offer", city, ratePerMinute: "2", idempotencyKey: randomUUID() }));
    if (!created.ok) throw new Error(created.message);
    const [c] = await db().select().from(campaigns).where(eq(campaigns.id, created.id));
    const now = new Date();
    await changeCampaign(actor, created.id, "start", c!.version, now);
    const first = await runCampaignBatch(created.id, c!.version + 1, now);
    expect(first).toEqual({ sent: 2, skipped: 0, remaining: 3 });
    // The next batch waits a minute.
    const next = await db().select().from(outbox).where(like(outbox.dedupeKey, `marketing:${created.id}:v%`));
    expect(next).toHaveLength(1);
    expect(next[0]!.nextAttemptAt.getTime() - now.getTime()).toBe(60_000);

    // The third customer replies STOP on WhatsApp: opted out at once, their queued message stopped.
    const third = list[2]!;
    expect((await post(wa.inbound({ from: third.mobile!.replace("+", ""), text: "STOP" }))).status).toBe(200);
    const [t] = await db().select().from(customers).where(eq(customers.id, third.id));
    expect(t!.marketingOptedOutAt).not.toBeNull();
    expect(await db().select().from(tickets).where(eq(tickets.customerId, third.id))).toHaveLength(0);

    // The fourth opens the opt-out link from the message they got... (not yet sent: use their own link)
    const fourth = list[3]!;
    const token = signLinkToken("optout", fourth.id);
    const page = (await optOutLoader(args(`/d/optout/${token}`, { token }))) as { data: { optedOutAt: string | null } };
    expect(page.data.optedOutAt).toBeNull();
    const done = (await optOutAction(args(`/d/optout/${token}`, { token }, { method: "POST", body: new URLSearchParams(), headers: { "content-type": "application/x-www-form-urlencoded", origin: APP } }))) as Response;
    expect(done.status).toBe(303);
    const after = (await optOutLoader(args(`/d/optout/${token}`, { token }))) as { data: { optedOutAt: string | null } };
    expect(after.data.optedOutAt).not.toBeNull();
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const bad = (await optOutLoader(args(`/d/optout/${tampered}`, { token: tampered }))) as { init: { status: number } };
    expect(bad.init.status).toBe(403);

    const second = await runCampaignBatch(created.id, c!.version + 1, new Date(now.getTime() + 60_000));
    expect(second).toEqual({ sent: 1, skipped: 0, remaining: 0 });
    const recipients = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, created.id));
    const statusOf = (id: number) => recipients.find((r) => r.customerId === id)!.status;
    expect(statusOf(third.id)).toBe("opted_out");
    expect(statusOf(fourth.id)).toBe("opted_out");
    expect(statusOf(list[4]!.id)).toBe("sent");
    const out = await db()
      .select()
      .from(conversationMessages)
      .where(and(eq(conversationMessages.channel, "whatsapp"), eq(conversationMessages.direction, "out"), eq(conversationMessages.template, "december_offer")));
    expect(out.map((m) => m.customerId).sort()).toEqual([list[0]!.id, list[1]!.id, list[4]!.id].sort());
    expect(out[0]!.body).toMatch(/Reply STOP to opt out or open http:\/\/localhost:3000\/d\/optout\//);
    expect(await campaignResults(db(), created.id)).toMatchObject({ audience: 5, sent: 3, optedOut: 2, queued: 0 });

    // Delivered, from WhatsApp's status: counted on the campaign.
    await deliverDueMessages(new Date(Date.now() + 1000));
    await deliveriesSettled();
    const [sentRow] = await db()
      .select()
      .from(conversationMessages)
      .where(and(eq(conversationMessages.customerId, list[0]!.id), eq(conversationMessages.channel, "whatsapp"), eq(conversationMessages.direction, "out")));
    expect(sentRow!.externalId).toMatch(/^wamid\./);
    expect((await post(wa.status({ wamid: sentRow!.externalId!, status: "delivered", recipient: list[0]!.mobile!.replace("+", "") }))).status).toBe(200);
    expect(await campaignResults(db(), created.id)).toMatchObject({ delivered: 1, sent: 3 });
  });

  it("the screens refuse what they must: unknown records 404, bad forms 400 beside the field, a stale campaign page 400", async () => {
    expect(can("office", "communications")).toBe(true);
    expect(can("accounts", "communications")).toBe(false);
    const form = (body: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(body), headers: { "content-type": "application/x-www-form-urlencoded", origin: APP } });
    const status = async (p: Promise<unknown>) => {
      try {
        const r = await p;
        return r instanceof Response ? r.status : ((r as { init?: { status?: number } }).init?.status ?? 200);
      } catch (e) {
        return e instanceof Response ? e.status : ((e as { init?: { status?: number } }).init?.status ?? 0);
      }
    };
    expect(await status(conversationLoader(args("/admin/whatsapp/919999999998", { mobile: "919999999998" })))).toBe(404);
    expect(await status(conversationLoader(args("/admin/whatsapp/abc", { mobile: "abc" })))).toBe(404);
    expect(await status(campaignLoader(args("/admin/marketing/MC-2611-9999", { reference: "MC-2611-9999" })))).toBe(404);
    const badTemplate = (await whatsappScreenAction(args("/admin/whatsapp", {}, form({ intent: "save-template", name: "Bad Name", language: "en", category: "utility", body: "x", status: "approved" })))) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(badTemplate.init.status).toBe(400);
    expect(badTemplate.data.errors.name).toMatch(/lower-case letters/);
    const badCampaign = (await marketingAction(args("/admin/marketing", {}, form({ intent: "create", name: "", channel: "sms", body: "x".repeat(61), ratePerMinute: "0", idempotencyKey: randomUUID() })))) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(badCampaign.init.status).toBe(400);
    expect(Object.keys(badCampaign.data.errors).sort()).toEqual(["body", "name", "ratePerMinute"]);
    const preview = (await marketingAction(args("/admin/marketing", {}, form({ intent: "preview", channel: "sms", city: "Nowhere at all" })))) as unknown as { data: { preview: number } };
    expect(preview.data.preview).toBe(0);
    // A conversation's reply outside the window: 400 with the reason beside the message.
    const c = await customer();
    await db().insert(conversationMessages).values({ customerId: c.id, mobile: c.mobile, channel: "whatsapp", direction: "in", body: "old", createdAt: new Date(Date.now() - 30 * 3_600_000) });
    const key = c.mobile!.slice(1);
    const closed = (await conversationAction(args(`/admin/whatsapp/${key}`, { mobile: key }, form({ intent: "reply-text", text: "Hello", idempotencyKey: randomUUID() })))) as {
      data: { errors: Record<string, string> };
      init: { status: number };
    };
    expect(closed.init.status).toBe(400);
    expect(closed.data.errors.text).toMatch(/24-hour window is closed/);
    // A campaign page drawn before a change: refused.
    const created = await createCampaign({ userId: office.userId, label: "Asha", ipAddress: null }, campaignSchema.parse({ name: "Stale", channel: "email", subject: "Hi", body: "Offer", ratePerMinute: "5", idempotencyKey: randomUUID() }));
    if (!created.ok) throw new Error(created.message);
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, created.id));
    expect(await status(campaignAction(args(`/admin/marketing/${created.reference}`, { reference: created.reference }, form({ intent: "cancel", version: String(row!.version), confirmed: "yes" }))))).toBe(303);
    expect(await status(campaignAction(args(`/admin/marketing/${created.reference}`, { reference: created.reference }, form({ intent: "cancel", version: String(row!.version), confirmed: "yes" }))))).toBe(400);
  });

  it("starting a draft campaign is confirmed on a page step, not by the browser's confirm() box: an unconfirmed post sends nothing and shows the step", async () => {
    const form = (body: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(body), headers: { "content-type": "application/x-www-form-urlencoded", origin: APP } });
    const created = await createCampaign({ userId: office.userId, label: "Asha", ipAddress: null }, campaignSchema.parse({ name: "Confirm step", channel: "email", subject: "Hi", body: "Offer", ratePerMinute: "5", idempotencyKey: randomUUID() }));
    if (!created.ok) throw new Error(created.message);
    const path = `/admin/marketing/${created.reference}`;
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, created.id));
    // The page offers "Start sending" as a link to the step; a post without the step's answer goes there.
    const unconfirmed = (await campaignAction(args(path, { reference: created.reference }, form({ intent: "start", version: String(row!.version) })))) as Response;
    expect(unconfirmed.status).toBe(303);
    expect(unconfirmed.headers.get("location")).toBe(`${path}?confirm=start`);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, created.id)))[0]!.status).toBe("draft");
    const step = (await campaignLoader(args(`${path}?confirm=start`, { reference: created.reference }))) as { data: { confirm: string | null } };
    expect(step.data.confirm).toBe("start");
    const plain = (await campaignLoader(args(path, { reference: created.reference }))) as { data: { confirm: string | null } };
    expect(plain.data.confirm).toBeNull();
    // "Yes, start sending": it starts.
    const confirmed = (await campaignAction(args(path, { reference: created.reference }, form({ intent: "start", version: String(row!.version), confirmed: "yes" })))) as Response;
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe(path);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, created.id)))[0]!.status).toBe("sending");
  });

  it("the customer gives and withdraws marketing consent in the portal (My data), at once", async () => {
    const portalConsent = inPortal("customer", portalConsentRouteAction);
    const myData = inPortal("customer", myDataRouteLoader);
    const c = await customer();
    const user = await upsertUserWithRole(c.mobile!, "customer", db(), c.name);
    const url = new URL(APP);
    const cookie = (await startSession({ userId: user.id, role: "customer", method: "otp", request: new Request(url), url, address: "203.0.113.9" })).split(";")[0]!;
    const call = (path: string, body?: Record<string, string>) => {
      const context = new RouterContextProvider();
      context.set(clientAddressContext, "203.0.113.9");
      const init: RequestInit = body
        ? { method: "POST", body: new URLSearchParams(body), headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: APP } }
        : { headers: { cookie } };
      const request = new Request(new URL(path, APP), init);
      return { request, url: new URL(request.url), params: {}, context } as never;
    };
    const page = (await myData(call("/customer/my-data"))) as { marketing: { given: boolean; recordVersion: number } };
    expect(page.marketing).toMatchObject({ given: false });
    const given = (await portalConsent(call("/customer/my-data/marketing", { consent: "given", version: String(page.marketing.recordVersion) }))) as Response;
    expect(given.status).toBe(303);
    expect(given.headers.get("location")).toBe("/customer/my-data#marketing");
    const after = (await myData(call("/customer/my-data"))) as { marketing: { given: boolean; source: string; recordVersion: number } };
    expect(after.marketing).toMatchObject({ given: true, source: "portal" });
    await portalConsent(call("/customer/my-data/marketing", { consent: "withdrawn", version: String(after.marketing.recordVersion) }));
    const [row] = await db().select().from(customers).where(eq(customers.id, c.id));
    expect(row!.marketingOptedOutAt).not.toBeNull();
  });

  it("erasing a customer blanks their WhatsApp conversation, and a message still queued to them is never sent", async () => {
    const c = await customer();
    const from = c.mobile!.replace("+", "");
    expect((await post(wa.inbound({ from, text: "My address is Plot 9, Jeedimetla" }))).status).toBe(200);
    await db().transaction((tx) => sendWhatsApp(tx, { customerId: c.id, mobile: c.mobile!, text: "We will come tomorrow" }));
    expect(await eraseCustomer(db(), c.id, { userId: office.userId, label: "Asha", ipAddress: null })).toMatchObject({ ok: true });
    const sentBefore = wa.sent().length;
    await deliverDueMessages(new Date(Date.now() + 1000));
    await deliveriesSettled();
    expect(wa.sent().slice(sentBefore).filter((call) => call.body.to === from)).toHaveLength(0);
    const rows = await db().select().from(conversationMessages).where(eq(conversationMessages.customerId, c.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.body === "[erased]" && r.mobile === null)).toBe(true);
    expect(rows.find((r) => r.direction === "out")!.status).toBe("failed");
  });

  it("the office records a customer's marketing consent and its withdrawal, audited", async () => {
    const c = await customer();
    const actor = { userId: office.userId, label: "Asha", ipAddress: null };
    await db().transaction((tx) => setMarketingConsent(tx, actor, c.id, { given: true, source: "office", version: "1" }));
    let [row] = await db().select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ marketingConsentSource: "office", marketingOptedOutAt: null });
    expect(row!.marketingConsentAt).not.toBeNull();
    await db().transaction((tx) => setMarketingConsent(tx, actor, c.id, { given: false, source: "office", version: "1" }));
    [row] = await db().select().from(customers).where(eq(customers.id, c.id));
    expect(row!.marketingOptedOutAt).not.toBeNull();
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, String(c.id))));
    expect(entries.map((e) => e.action).sort()).toEqual(["customer.marketing-consent", "customer.marketing-opt-out"]);
    // From the customer page: on the version drawn; a stale page is refused and changes nothing.
    const stale = await recordMarketingConsent(db(), actor, c.id, { given: true, expectedVersion: row!.version - 1, source: "office", notice: { consentVersion: "2", consentLegalVersionId: null } });
    expect(stale).toMatchObject({ ok: false, reason: "stale" });
    expect((await marketingConsentOf(db(), c.id))!.given).toBe(false);
    const fresh = await recordMarketingConsent(db(), actor, c.id, { given: true, expectedVersion: row!.version, source: "office", notice: { consentVersion: "2", consentLegalVersionId: null } });
    expect(fresh).toMatchObject({ ok: true });
    expect(await marketingConsentOf(db(), c.id)).toMatchObject({ given: true, version: "2", source: "office", optedOutAt: null });
    // Erased customers cannot be given consent.
    const gone = await customer({ mobile: null, erasedAt: new Date() });
    expect(await recordMarketingConsent(db(), actor, gone.id, { given: true, expectedVersion: gone.version, source: "office", notice: { consentVersion: "2", consentLegalVersionId: null } })).toMatchObject({ ok: false, reason: "not-found" });
  });

});
