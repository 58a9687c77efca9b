import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { csrf } from "hono/csrf";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { readConfig, getServerConfig, setServerConfig } from "~/.server/config.ts";
import { handleInboundSms, isStopText, signInboundSms, SMS_INBOUND_PROVIDER_NAME } from "~/.server/communications/inbound-sms.ts";
import { auditLog, campaignRecipients, campaigns, conversationMessages, customers, webhookEvents } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { action as inboundAction } from "~/routes/api/sms-webhook.ts";
import { describeEachEngine } from "../support/test-databases.ts";

const APP = "http://localhost:3000";
const SECRET = "test-sms-webhook-secret";

it("STOP, STOP ALL and UNSUBSCRIBE, alone and in any case, are an opt-out; anything more is not", () => {
  for (const t of ["STOP", " stop ", "Stop all", "STOP  ALL", "unsubscribe", "STOP."]) expect(isStopText(t)).toBe(true);
  for (const t of ["stop sending me the quote", "please stop", "STOPPED", "unsubscribe me", ""]) expect(isStopText(t)).toBe(false);
});

it("the server's CSRF check (hono/csrf, as server.ts uses it) lets the provider's JSON post through without an Origin", async () => {
  const app = new Hono();
  app.use(csrf());
  app.post("/api/sms/inbound", (c) => c.text("reached"));
  const post = (contentType: string) => app.request("/api/sms/inbound", { method: "POST", body: "{}", headers: { "content-type": contentType } });
  expect((await post("application/json")).status).toBe(200);
  // A form type without Origin is what the check stops: the provider must post JSON, as for delivery reports.
  expect((await post("text/plain")).status).toBe(403);
});

describeEachEngine("inbound SMS", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const previousSecret = process.env.SMS_WEBHOOK_SECRET;
  let customer: { id: number; mobile: string };
  let campaignId: number;

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    process.env.SMS_WEBHOOK_SECRET = SECRET;
    await seedSettings(db(), APP);
    clearSettingsCache();
    const [c] = await db()
      .insert(customers)
      .values({ reference: "CU-2611-0951", mobile: "+919812300051", name: "Kavita Shah", company: "Shah Pumps", marketingConsentAt: new Date(), marketingConsentVersion: "v1", marketingConsentSource: "office" })
      .returning();
    customer = { id: c!.id, mobile: c!.mobile! };
    const [campaign] = await db().insert(campaigns).values({ reference: "MK-2611-0951", name: "Monsoon offer", channel: "sms", status: "sending" }).returning();
    campaignId = campaign!.id;
    await db().insert(campaignRecipients).values({ campaignId, customerId: customer.id, status: "queued" });
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  afterAll(() => {
    vi.mocked(console.warn).mockRestore();
    setServerConfig(previousConfig);
    if (previousSecret === undefined) delete process.env.SMS_WEBHOOK_SECRET;
    else process.env.SMS_WEBHOOK_SECRET = previousSecret;
  });

  const now = () => Math.floor(Date.now() / 1000);
  const body = (id: string, text: string, extra: Record<string, unknown> = {}) => JSON.stringify({ id, from: "098123 00051", text, timestamp: now(), ...extra });
  const call = (raw: string, signature: string | null = signInboundSms(raw, SECRET)) => handleInboundSms({ rawBody: raw, signature, ipAddress: "198.51.100.8" });
  const optedOutAt = async () => (await db().select({ at: customers.marketingOptedOutAt }).from(customers).where(eq(customers.id, customer.id)))[0]!.at;
  const thread = () => db().select().from(conversationMessages).where(eq(conversationMessages.customerId, customer.id));
  const events = () => db().select().from(webhookEvents).where(eq(webhookEvents.provider, SMS_INBOUND_PROVIDER_NAME));

  it("a bad signature, an old timestamp and a malformed body are refused, logged, and change nothing", async () => {
    const before = (await events()).length;
    expect(await call(body("in-1", "STOP"), "0".repeat(64))).toMatchObject({ status: 401, outcome: "refused" });
    expect(await call(body("in-1", "STOP"), signInboundSms(body("in-1", "STOP"), "another-secret"))).toMatchObject({ status: 401 });
    expect(await call(body("in-1", "STOP"), null)).toMatchObject({ status: 401 });
    expect(await call(body("in-old", "STOP", { timestamp: now() - 3600 }))).toMatchObject({ status: 400, reason: "Stale timestamp" });
    expect(await call("{not json")).toMatchObject({ status: 400, outcome: "refused" });
    expect(await call(JSON.stringify({ id: "in-x", from: "12345", text: "STOP", timestamp: now() }))).toMatchObject({ status: 400, reason: "No Indian mobile number in from" });
    expect(await call(JSON.stringify({ id: "in-x", from: customer.mobile, timestamp: now() }))).toMatchObject({ status: 400, reason: "No text" });
    expect(await call(JSON.stringify({ from: customer.mobile, text: "STOP", timestamp: now() }))).toMatchObject({ status: 400, reason: "No message id" });
    delete process.env.SMS_WEBHOOK_SECRET;
    expect(await call(body("in-1", "STOP"))).toMatchObject({ status: 404, outcome: "refused" });
    process.env.SMS_WEBHOOK_SECRET = SECRET;

    const logged = (await events()).slice(before);
    expect(logged).toHaveLength(9);
    expect(logged.every((e) => e.outcome === "refused" && e.externalId.startsWith("refused:"))).toBe(true);
    expect(await optedOutAt()).toBeNull();
    expect(await thread()).toEqual([]);
    expect((await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId)))[0]).toMatchObject({ status: "queued", optedOutAt: null });
  });

  it("a signed ordinary message joins the customer's thread and does not opt them out", async () => {
    expect(await call(body("in-2", "Stop by on Monday? The pump is ready."))).toMatchObject({ status: 200, outcome: "applied", reason: "Recorded" });
    expect(await optedOutAt()).toBeNull();
    const rows = await thread();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customerId: customer.id, mobile: customer.mobile, channel: "sms", direction: "in", body: "Stop by on Monday? The pump is ready.", externalId: "sms:in-2" });
    expect((await events()).filter((e) => e.externalId === "in-2")).toMatchObject([{ outcome: "applied" }]);
  });

  it("a signed STOP, through the route, opts the customer out at once, stops their queued campaign message and is on their thread; a replay changes nothing", async () => {
    const raw = body("in-3", " stop ");
    const request = (signature: string) => {
      const context = new RouterContextProvider();
      context.set(clientAddressContext, "198.51.100.8");
      const req = new Request(new URL("/api/sms/inbound", APP), { method: "POST", body: raw, headers: { "content-type": "application/json", "x-sms-signature": signature } });
      return { request: req, url: new URL(req.url), params: {}, context } as never;
    };
    const response = (await inboundAction(request(signInboundSms(raw, SECRET)))) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ outcome: "applied", reason: "Opted out" });

    const at = await optedOutAt();
    expect(at).toBeInstanceOf(Date);
    expect((await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId)))[0]).toMatchObject({ status: "opted_out" });
    expect((await thread()).map((m) => [m.body, m.direction, m.channel])).toEqual([
      ["Stop by on Monday? The pump is ready.", "in", "sms"],
      [" stop ", "in", "sms"],
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "customer.marketing-opt-out"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entityId: String(customer.id), actorUserId: null, actorLabel: "Customer (SMS STOP)" });

    // The same message again: refused (200, so that the provider's retry stops), logged, nothing changed.
    const before = await events();
    const again = (await inboundAction(request(signInboundSms(raw, SECRET)))) as Response;
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ outcome: "refused", reason: "Already received" });
    const after = await events();
    expect(after).toHaveLength(before.length + 1);
    expect(after.filter((e) => e.externalId === "in-3")).toHaveLength(1);
    expect(after.at(-1)).toMatchObject({ outcome: "refused" });
    expect(await thread()).toHaveLength(2);
    expect((await optedOutAt())!.getTime()).toBe(at!.getTime());
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "customer.marketing-opt-out"))).toHaveLength(1);
  });
});
