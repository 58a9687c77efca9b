import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { setDatabase } from "~/.server/db/index.ts";
import { outbox } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs, type JobContext } from "~/.server/jobs/index.ts";
import {
  deliverDueMessages,
  deliveriesSettled,
  queueMessages,
  renewClaims,
  setClaimTiming,
  startOutboxWorker,
  type OutboxMessage,
} from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, requestNotifications, type RequestNotice } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, getSiteSettings, seedSettings } from "~/.server/settings/index.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";

/**
 * A stand-in for an SMS gateway: answers with `status`, and remembers every request and its answer. Like a
 * gateway that honours idempotency keys, it sends a message once per Idempotency-Key: a repeat is answered
 * with the first acceptance (the same id) and is not a second SMS (`replay`).
 */
interface FakeGateway {
  url: string;
  status: number;
  delayMs: number;
  /**
   * Called with each request once it is accepted (the SMS is on its way to the phone): "drop" closes the
   * connection without an answer, "hang" never answers.
   */
  afterAccept: ((json: Record<string, unknown>) => "drop" | "hang" | void) | undefined;
  requests: Array<{ authorization: string | undefined; idempotencyKey: string | undefined; json: Record<string, unknown>; status: number; replay: boolean }>;
  /** How many SMS with this body reached the phone: accepted requests, repeats of a key not counted. */
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
        const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
        const first = idempotencyKey ? gateway.requests.findIndex((r) => r.status === 200 && r.idempotencyKey === idempotencyKey) : -1;
        const json = JSON.parse(data) as Record<string, unknown>;
        gateway.requests.push({ authorization: req.headers.authorization, idempotencyKey, json, status, replay: first >= 0 });
        const id = first >= 0 ? first : gateway.requests.length - 1;
        if (status === 200) {
          const then = gateway.afterAccept?.(json);
          if (then === "drop") {
            req.socket.destroy();
            return;
          }
          if (then === "hang") return;
        }
        res.writeHead(status, { "content-type": "application/json" });
        res.end(status === 200 ? JSON.stringify({ accepted: true, id: `gw-${id}` }) : '{"error":"service unavailable"}');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const gateway: FakeGateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
    status: 200,
    delayMs: 0,
    afterAccept: undefined,
    requests: [],
    delivered: (body) => gateway.requests.filter((r) => r.status === 200 && !r.replay && r.json.body === body).length,
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
    gateway.afterAccept = undefined;
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
      reference: sent.messageKey,
    });
    expect(Object.keys(request.json.variables as object)).toEqual(DLT_TEMPLATES.requestReceived.variables);
    // Both attempts carried the message's own key, as the reference and as the idempotency key.
    expect(gateway.requests.map((r) => [r.json.reference, r.idempotencyKey])).toEqual([
      [sent.messageKey, sent.messageKey],
      [sent.messageKey, sent.messageKey],
    ]);

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
    // Each line carries the message's own key: a resend after a crash prints the same one.
    const smsKey = (await rowByKey(customerSms.dedupeKey)).messageKey;
    const emailKey = (await rowByKey(customerEmail.dedupeKey)).messageKey;
    expect(smsKey).not.toBe(emailKey);
    expect(lines).toContain(`{"type":"sms","to":"+919876543210","body":${JSON.stringify(customerSms.body)},"key":"${smsKey}"}\n`);
    expect(lines).toContain(
      `${JSON.stringify({ type: "email", to: "ramesh@example.net", subject: customerEmail.subject, body: customerEmail.body, key: emailKey })}\n`,
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
  // ── Exactly once, also across a crash (issue 20 §1, ADR 055) ──────────────────────────────────

  /** Rounds of `workers` workers polling at once (the database's clock), until `until` resolves. */
  async function pollWhile(workers: number, until: Promise<unknown>): Promise<number> {
    let done = false;
    void until.finally(() => (done = true));
    let attempted = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (!done) {
          const n = await deliverDueMessages();
          attempted += n;
          await sleep(10);
        }
      }),
    );
    return attempted;
  }

  it("work that outlasts the hold is renewed, not run again, however many workers poll meanwhile", async () => {
    // A hold of 0.8 s renewed every 0.2 s; each job and each SMS takes 2 s, more than twice the hold.
    const previous = setClaimTiming({ holdMs: 800, renewMs: 200 });
    const runs = new Map<number, number>();
    registerJob("test.long-job", async (payload) => {
      const n = Number(payload.n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await sleep(2_000);
    });
    try {
      await scheduleJobs(
        testDb.handle.db,
        [1, 2, 3].map((n) => ({ name: "test.long-job", payload: { n }, runAt: new Date(Date.now() - 1_000), dedupeKey: `test:long-job:${n}` })),
      );
      for (const n of [1, 2, 3]) await insertAsLeft(smsMessage(n), { status: "pending", attempts: 1 });
      gateway.delayMs = 2_000;
      const jobsDone = (async () => {
        const started = Date.now();
        while (Date.now() - started < 15_000) {
          const [left] = await testDb.handle.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(outbox).where(sql`${outbox.status} <> 'sent'`);
          if (left!.n === 0) return;
          await sleep(50);
        }
      })();
      // Eight workers, as eight instances would, polling every 10 ms for the whole run.
      const attempted = await pollWhile(8, jobsDone);
      expect(attempted).toBe(6);
      expect([...runs.entries()].sort()).toEqual([
        [1, 1],
        [2, 1],
        [3, 1],
      ]);
      for (const n of [1, 2, 3]) expect(gateway.delivered(`Test message ${n}`)).toBe(1);
      expect(gateway.requests).toHaveLength(3);
      const rows = await testDb.handle.db.select().from(outbox);
      expect(rows.map((r) => [r.status, r.claimToken, r.lockedUntil])).toEqual(rows.map(() => ["sent", null, null]));
      expect(rows.filter((r) => r.channel === "job").map((r) => r.attempts)).toEqual([1, 1, 1]);
    } finally {
      setClaimTiming(previous);
    }
  });

  it("a holder whose claim was taken over is told, and does not mark the work done", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let context: JobContext | undefined;
    registerJob("test.held-job", async (_payload, ctx) => {
      context = ctx;
      await released;
    });
    await scheduleJobs(testDb.handle.db, [{ name: "test.held-job", payload: {}, runAt: new Date(Date.now() - 1_000), dedupeKey: "test:held-job" }]);
    const round = deliverDueMessages();
    while (!context) await sleep(5);
    const claimed = await rowByKey("test:held-job");
    expect(context.key).toBe(claimed.messageKey);
    // Still this process's: renewed, and the hold only ever moves forward.
    expect(await renewClaims()).toBe(1);
    expect((await rowByKey("test:held-job")).lockedUntil!.getTime()).toBeGreaterThanOrEqual(claimed.lockedUntil!.getTime());
    expect(context.signal.aborted).toBe(false);

    // What another instance leaves after taking the job over (this one could not reach the database).
    const theirs = "7f2a3c1e-0d6b-4f4e-9a51-3c8f1e2b5d90";
    await testDb.handle.db.update(outbox).set({ claimToken: theirs, lockedUntil: new Date(Date.now() + 60_000) }).where(eq(outbox.dedupeKey, "test:held-job"));
    expect(await renewClaims()).toBe(0);
    expect(context.signal.aborted).toBe(true);
    release();
    expect(await round).toBe(1);
    // Not marked sent by the old holder: the new holder records the outcome.
    expect(await rowByKey("test:held-job")).toMatchObject({ status: "sending", claimToken: theirs, attempts: 1 });
  });

  it("an answer lost after the gateway accepted: the retry carries the same key, and the customer gets one SMS", async () => {
    gateway.afterAccept = () => "drop";
    await queueMessages(testDb.handle.db, [smsMessage(1)]);
    await deliveriesSettled();
    const failed = await rowByKey("test:1:sms");
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    gateway.afterAccept = undefined;
    expect(await deliverDueMessages(new Date(failed.nextAttemptAt.getTime() + 1))).toBe(1);
    expect(gateway.requests.map((r) => [r.idempotencyKey, r.replay])).toEqual([
      [failed.messageKey, false],
      [failed.messageKey, true],
    ]);
    expect(gateway.delivered("Test message 1")).toBe(1);
    // The gateway's id for the one SMS sent, as its delivery reports will quote it.
    expect(await rowByKey("test:1:sms")).toMatchObject({ status: "sent", attempts: 2, providerMessageId: "gw-0" });
  });

  if (engine === "postgres") {
    it("an instance killed between the gateway's call and marking it sent: resent under the same key, delivered once", async () => {
      // A real crash: another process queues and sends the SMS, and is killed with SIGKILL once the gateway
      // has accepted it, before the answer reaches it.
      let child: ReturnType<typeof spawn> | undefined;
      const exited = new Promise<NodeJS.Signals | null>((resolve) => {
        gateway.afterAccept = () => {
          child?.kill("SIGKILL");
          return "hang";
        };
        child = spawn(
          process.execPath,
          // tsx as a loader in this one process (its CLI would run the script in a grandchild, out of the kill's reach).
          ["--import", "tsx", "tests/support/outbox-crash-child.ts", testDb.location, gateway.url, JSON.stringify(smsMessage(1))],
          { stdio: ["ignore", "ignore", "inherit"] },
        );
        child.on("exit", (_code, signal) => resolve(signal));
      });
      expect(await exited).toBe("SIGKILL");
      const left = await rowByKey("test:1:sms");
      expect(left).toMatchObject({ status: "sending", attempts: 1 });
      expect(gateway.requests).toHaveLength(1);
      expect(gateway.requests[0]!.idempotencyKey).toBe(left.messageKey);

      // Not before its hold has expired (the process might only be slow)...
      gateway.afterAccept = undefined;
      expect(await deliverDueMessages()).toBe(0);
      // ... then taken over by this instance and sent again, under the same key.
      expect(await deliverDueMessages(new Date(left.lockedUntil!.getTime() + 1))).toBe(1);
      expect(gateway.requests.map((r) => [r.idempotencyKey, r.json.reference, r.replay])).toEqual([
        [left.messageKey, left.messageKey, false],
        [left.messageKey, left.messageKey, true],
      ]);
      expect(gateway.delivered("Test message 1")).toBe(1);
      expect(await rowByKey("test:1:sms")).toMatchObject({ status: "sent", attempts: 2, messageKey: left.messageKey, claimToken: null });
    });
  }
});
