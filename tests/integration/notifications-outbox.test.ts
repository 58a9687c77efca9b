import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { setDatabase } from "~/.server/db/index.ts";
import { outbox } from "~/.server/db/schema.ts";
import {
  deliverDueMessages,
  deliveriesSettled,
  queueMessages,
  startOutboxWorker,
  type OutboxMessage,
} from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, requestNotifications, type RequestNotice } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";

/** A stand-in for an SMS gateway: answers with `status`, and remembers every request and its answer. */
interface FakeGateway {
  url: string;
  status: number;
  delayMs: number;
  requests: Array<{ authorization: string | undefined; json: Record<string, unknown>; status: number }>;
  /** How many requests for this body were answered 200. */
  delivered(body: string): number;
  close(): Promise<void>;
}

async function startFakeGateway(): Promise<FakeGateway> {
  const server = http.createServer((req, res) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (data += chunk));
    req.on("end", () => {
      void (async () => {
        if (gateway.delayMs) await sleep(gateway.delayMs);
        const status = gateway.status;
        gateway.requests.push({ authorization: req.headers.authorization, json: JSON.parse(data) as Record<string, unknown>, status });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(status === 200 ? '{"accepted":true}' : '{"error":"service unavailable"}');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const gateway: FakeGateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    status: 200,
    delayMs: 0,
    requests: [],
    delivered: (body) => gateway.requests.filter((r) => r.status === 200 && r.json.body === body).length,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return gateway;
}

const notice: RequestNotice = {
  reference: "SR-2611-0042",
  kind: "full",
  contactName: "Ramesh Kumar",
  mobile: "+919876543210",
  email: "ramesh@example.net",
  company: "Sri Balaji Plastics",
  city: "Hyderabad",
  serviceName: "VFD repair",
  urgency: "emergency",
  promise: "2 hours",
  faultDescription: "The extruder's drive trips with an overcurrent fault on start.",
};

function smsMessage(n: number): OutboxMessage {
  return {
    channel: "sms",
    recipient: `+9198765${String(n).padStart(5, "0")}`,
    body: `Test message ${n}`,
    template: DLT_TEMPLATES.requestAcknowledgement.id,
    variables: { business: "Deccan Automation Services", reference: `SR-2611-${String(n).padStart(4, "0")}`, hours: "2-4" },
    dedupeKey: `test:${n}:sms`,
  };
}

describe.each(engines)("outbox on %s", (engine) => {
  let testDb: TestDatabase;
  let gateway: FakeGateway;

  const rowByKey = async (dedupeKey: string) => {
    const [row] = await testDb.handle.db.select().from(outbox).where(eq(outbox.dedupeKey, dedupeKey));
    if (!row) throw new Error(`no outbox row ${dedupeKey}`);
    return row;
  };
  /** A row as a failed attempt or a crashed sender leaves it, for the worker to take up. */
  const insertAsLeft = (m: OutboxMessage, state: Partial<typeof outbox.$inferInsert>) =>
    testDb.handle.db.insert(outbox).values({ ...m, variables: m.variables ?? {}, nextAttemptAt: new Date(Date.now() - 1_000), ...state });
  const useHttpSms = () =>
    setServerConfig(readConfig({ SMS_PROVIDER: "http", SMS_HTTP_URL: gateway.url, SMS_HTTP_TOKEN: "test-token", SMS_SENDER_ID: "DECAUT" }));
  const useLogProviders = () => setServerConfig(readConfig({}));

  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    setDatabase(testDb.handle);
    await seedSettings(testDb.handle.db, "https://www.example.com");
    clearSettingsCache();
    gateway = await startFakeGateway();
  });
  afterAll(async () => {
    setServerConfig(readConfig({}));
    await gateway?.close();
    await testDb?.destroy();
    setDatabase(undefined);
  });
  beforeEach(async () => {
    await testDb.handle.db.delete(outbox);
    gateway.requests = [];
    gateway.status = 200;
    gateway.delayMs = 0;
    useHttpSms();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("sends each message once per dedupeKey, however often the event is reported", async () => {
    const messages = requestNotifications(notice, await getSiteSettings());
    const smsBodies = messages.filter((m) => m.channel === "sms").map((m) => m.body);
    await queueMessages(testDb.handle.db, messages);
    const changed = messages.map((m) => ({ ...m, body: `${m.body} (reported again)` }));
    await queueMessages(testDb.handle.db, [...changed, smsMessage(1), smsMessage(1)]);
    await deliveriesSettled();
    const rows = await testDb.handle.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual([...messages.map((m) => m.dedupeKey), "test:1:sms"].sort());
    // The first report's text is what is stored and what goes out, once.
    for (const m of messages) expect((await rowByKey(m.dedupeKey)).body).toBe(m.body);
    for (const body of smsBodies) expect(gateway.delivered(body)).toBe(1);
    expect(gateway.delivered("Test message 1")).toBe(1);
    expect(gateway.requests).toHaveLength(smsBodies.length + 1);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.lockedUntil === null)).toBe(true);
  });

  it("sends only once the transaction has committed, and nothing when it rolls back", async () => {
    await expect(
      testDb.handle.db.transaction(async (tx) => {
        await queueMessages(tx, [smsMessage(1)]);
        throw new Error("the request could not be stored");
      }),
    ).rejects.toThrow("could not be stored");
    let beforeCommit = -1;
    await testDb.handle.db.transaction(async (tx) => {
      await queueMessages(tx, [smsMessage(2)]);
      await sleep(100);
      beforeCommit = gateway.requests.length;
    });
    await deliveriesSettled();
    expect(beforeCommit).toBe(0);
    const rows = await testDb.handle.db.select().from(outbox);
    expect(rows.map((r) => [r.dedupeKey, r.status])).toEqual([["test:2:sms", "sent"]]);
    expect(gateway.delivered("Test message 1")).toBe(0);
    expect(gateway.delivered("Test message 2")).toBe(1);
  });

  it("sends a message within a fraction of a second of its commit, without the worker", async () => {
    const started = Date.now();
    await testDb.handle.db.transaction(async (tx) => queueMessages(tx, [smsMessage(1)]));
    while (gateway.delivered("Test message 1") === 0 && Date.now() - started < 5_000) await sleep(5);
    expect(Date.now() - started).toBeLessThan(500);
    await deliveriesSettled();
    expect(await rowByKey("test:1:sms")).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps an SMS while the provider is down and delivers it exactly once when it is back", async () => {
    const site = await getSiteSettings();
    const customerSms = requestNotifications(notice, site).find((m) => m.dedupeKey.endsWith(":customer-sms"))!;
    gateway.status = 503;
    const before = Date.now();
    // The first attempt, straight after the commit, fails: the message waits for the worker.
    await queueMessages(testDb.handle.db, [customerSms]);
    await deliveriesSettled();
    const failed = await rowByKey(customerSms.dedupeKey);
    expect(failed).toMatchObject({ status: "pending", attempts: 1, sentAt: null, lockedUntil: null });
    expect(failed.lastError).toMatch(/503/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 10_000);
    expect(gateway.requests).toHaveLength(1);
    expect(gateway.delivered(customerSms.body)).toBe(0);

    // Not due yet: nothing is tried before the back-off has passed.
    gateway.status = 200;
    expect(await deliverDueMessages()).toBe(0);
    expect(await deliverDueMessages(new Date(failed.nextAttemptAt.getTime() - 1_000))).toBe(0);
    expect(gateway.requests).toHaveLength(1);

    const later = new Date(failed.nextAttemptAt.getTime() + 1);
    expect(await deliverDueMessages(later)).toBe(1);
    expect(gateway.delivered(customerSms.body)).toBe(1);
    const sent = await rowByKey(customerSms.dedupeKey);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, lockedUntil: null, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);

    // What the gateway was given: the DLT sender, the template and its variables in the template's order.
    const request = gateway.requests.at(-1)!;
    expect(request.authorization).toBe("Bearer test-token");
    expect(request.json).toEqual({
      sender: "DECAUT",
      to: notice.mobile,
      body: customerSms.body,
      templateId: DLT_TEMPLATES.requestReceived.id,
      variables: customerSms.variables,
    });
    expect(Object.keys(request.json.variables as object)).toEqual(DLT_TEMPLATES.requestReceived.variables);

    // Sent means sent: no later round sends it again.
    expect(await deliverDueMessages(new Date(later.getTime() + 86_400_000))).toBe(0);
    expect(gateway.delivered(customerSms.body)).toBe(1);
    expect(gateway.requests).toHaveLength(2);
  });

  it("backs off longer after each failure and gives up after 12 attempts", async () => {
    gateway.status = 503;
    await queueMessages(testDb.handle.db, [smsMessage(1)]);
    await deliveriesSettled();
    let row = await rowByKey("test:1:sms");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    let now = new Date(row.nextAttemptAt.getTime() + 1);
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 4; attempt++) {
      expect(await deliverDueMessages(now)).toBe(1);
      row = await rowByKey("test:1:sms");
      expect(row).toMatchObject({ status: "pending", attempts: attempt });
      waits.push(row.nextAttemptAt.getTime() - now.getTime());
      now = new Date(row.nextAttemptAt.getTime() + 1);
    }
    expect(waits[0]).toBeGreaterThanOrEqual(30_000);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[2]).toBeGreaterThan(waits[1]!);

    await testDb.handle.db.update(outbox).set({ attempts: 11 }).where(eq(outbox.dedupeKey, "test:1:sms"));
    expect(await deliverDueMessages(now)).toBe(1);
    const given = await rowByKey("test:1:sms");
    expect(given).toMatchObject({ status: "failed", attempts: 12 });
    expect(given.lastError).toMatch(/503/);
    gateway.status = 200;
    expect(await deliverDueMessages(new Date(now.getTime() + 7 * 86_400_000))).toBe(0);
    expect(gateway.delivered("Test message 1")).toBe(0);
  });

  it("keeps an unreachable provider's error short and the message pending", async () => {
    const closed = await startFakeGateway();
    const url = closed.url;
    await closed.close();
    setServerConfig(readConfig({ SMS_PROVIDER: "http", SMS_HTTP_URL: url }));
    await queueMessages(testDb.handle.db, [smsMessage(1)]);
    await deliveriesSettled();
    const row = await rowByKey("test:1:sms");
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/unreachable/);
    expect(row.lastError!.length).toBeLessThanOrEqual(500);
  });

  it("takes over a message whose sender died before sending it, once the hold has expired", async () => {
    // What a process that crashed between its commit and the send leaves: held rows, never sent.
    const past = new Date(Date.now() - 1_000);
    const future = new Date(Date.now() + 30_000);
    await insertAsLeft(smsMessage(1), { status: "sending", lockedUntil: past, attempts: 1 });
    await insertAsLeft(smsMessage(2), { status: "sending", lockedUntil: future, attempts: 1 });
    expect(await deliverDueMessages()).toBe(1);
    expect(await rowByKey("test:1:sms")).toMatchObject({ status: "sent", attempts: 2 });
    expect(await rowByKey("test:2:sms")).toMatchObject({ status: "sending" });
    expect(gateway.delivered("Test message 1")).toBe(1);
    expect(gateway.delivered("Test message 2")).toBe(0);
  });

  it("two rounds running at once never send the same message twice", async () => {
    const messages = Array.from({ length: 45 }, (_, i) => smsMessage(i + 1));
    for (const m of messages) await insertAsLeft(m, { status: "pending", attempts: 1 });
    gateway.delayMs = 20;
    const now = new Date(Date.now() + 1_000);
    let attempted = 0;
    for (let round = 0; round < 5; round++) {
      const counts = await Promise.all([deliverDueMessages(now), deliverDueMessages(now), deliverDueMessages(now)]);
      attempted += counts.reduce((a, b) => a + b, 0);
    }
    expect(attempted).toBe(45);
    expect(gateway.requests).toHaveLength(45);
    for (const m of messages) expect(gateway.delivered(m.body), m.body).toBe(1);
    const notSent = await testDb.handle.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(outbox)
      .where(sql`${outbox.status} <> 'sent'`);
    expect(notSent[0]!.n).toBe(0);
  });

  it("the log providers print exactly one JSON line per message and count it as delivered", async () => {
    useLogProviders();
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const messages = requestNotifications(notice, await getSiteSettings());
    await queueMessages(testDb.handle.db, messages);
    await deliveriesSettled();
    vi.mocked(process.stdout.write).mockRestore();

    const customerSms = messages.find((m) => m.dedupeKey.endsWith(":customer-sms"))!;
    const customerEmail = messages.find((m) => m.dedupeKey.endsWith(":customer-email"))!;
    expect(lines).toContain(`{"type":"sms","to":"+919876543210","body":${JSON.stringify(customerSms.body)}}\n`);
    expect(lines).toContain(
      `${JSON.stringify({ type: "email", to: "ramesh@example.net", subject: customerEmail.subject, body: customerEmail.body })}\n`,
    );
    expect(lines.filter((l) => l.startsWith('{"type":'))).toHaveLength(messages.length);
    const rows = await testDb.handle.db.select().from(outbox);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    expect(gateway.requests).toHaveLength(0);
  });

  it("the worker retries due messages on its own, and stop() waits for the sends in flight", async () => {
    const worker = startOutboxWorker({ intervalMs: 50 });
    try {
      expect(startOutboxWorker()).toBe(worker);
      await insertAsLeft(smsMessage(1), { status: "pending", attempts: 1 });
      const started = Date.now();
      while ((await rowByKey("test:1:sms")).status !== "sent" && Date.now() - started < 5_000) await sleep(10);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(gateway.delivered("Test message 1")).toBe(1);

      // A send straight after a commit, still waiting for the provider when the server stops.
      gateway.delayMs = 400;
      await queueMessages(testDb.handle.db, [smsMessage(2)]);
      await sleep(100);
      expect((await rowByKey("test:2:sms")).status).toBe("sending");
      await worker.stop();
      expect(await rowByKey("test:2:sms")).toMatchObject({ status: "sent", attempts: 1 });
      expect(gateway.delivered("Test message 2")).toBe(1);
    } finally {
      await worker.stop();
    }
    // Stopped: nothing more is taken up.
    await insertAsLeft(smsMessage(3), { status: "pending", attempts: 1 });
    await sleep(200);
    expect((await rowByKey("test:3:sms")).status).toBe("pending");
  });
});
