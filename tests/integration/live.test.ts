import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { revokeSession, startSession } from "~/.server/auth/sessions.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { customers, liveEvents, sessions, users } from "~/.server/db/schema.ts";
import { audiencesOf, mayRead, principalFor, type LivePrincipal } from "~/.server/live/access.ts";
import { handleLiveEvents } from "~/.server/live/endpoint.ts";
import { issueLiveGrant, verifyLiveGrant } from "~/.server/live/grants.ts";
import { LiveHub, pruneLiveEvents, startLiveHub, stopLiveHub, type LiveSink } from "~/.server/live/hub.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { submitQuickRequest } from "~/.server/requests/index.ts";
import { backoffDelay, kindMatches } from "~/lib/live/use-live.ts";
import { describeEachEngine } from "../support/test-databases.ts";

const URL_BASE = "http://localhost:3000";

/** A stream's sink that keeps what was written, parsed into events. */
function recorder() {
  const chunks: string[] = [];
  let ended: string | undefined | null = null;
  const sink: LiveSink = {
    write: (chunk) => (chunks.push(chunk), true),
    end: (chunk) => void (ended = chunk),
  };
  return {
    sink,
    get ended() {
      return ended !== null;
    },
    get endChunk() {
      return ended;
    },
    events() {
      return chunks
        .filter((c) => c.startsWith("id: "))
        .map((c) => {
          const [idLine, dataLine] = c.split("\n");
          const body = JSON.parse(dataLine!.slice(6)) as { kind: string; data: Record<string, unknown> };
          return { id: Number(idLine!.slice(4)), ...body };
        });
    },
  };
}

const until = async (check: () => boolean, ms = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("live: the client's backoff and kinds", () => {
  it("reconnects after 1 s doubling to 16 s, with jitter in the upper half of each step", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((a) => backoffDelay(a, () => 1))).toEqual([1000, 2000, 4000, 8000, 16000, 16000, 16000]);
    expect([0, 1, 4].map((a) => backoffDelay(a, () => 0))).toEqual([500, 1000, 8000]);
  });
  it("matches kinds exactly or by prefix, and a resync matches every page", () => {
    expect(kindMatches("ticket.message", ["ticket."])).toBe(true);
    expect(kindMatches("ticket.message", ["ticket"])).toBe(true);
    expect(kindMatches("tickets.x", ["ticket"])).toBe(false);
    expect(kindMatches("request.updated", ["request.created"])).toBe(false);
    expect(kindMatches("live.resync", ["request.updated"])).toBe(true);
  });
});

describeEachEngine("live updates", (database, engine) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let counter = 0;
  const hubs: LiveHub[] = [];
  const newHub = (options: ConstructorParameters<typeof LiveHub>[0] = {}) => {
    const hub = new LiveHub({ heartbeatMs: 60_000, sessionCheckMs: 600_000, ...options }).start();
    hubs.push(hub);
    return hub;
  };
  const mobile = () => `+9198${String(process.pid % 1000).padStart(3, "0")}${String(++counter).padStart(5, "0")}`;

  async function staffCookie(staffRole: "owner" | "office" | "accounts") {
    const user = await upsertUserWithRole(mobile(), "admin", db(), `Staff ${counter}`);
    await db().update(users).set({ staffRole }).where(eq(users.id, user.id));
    const url = new URL(`${URL_BASE}/admin`);
    const cookie = (await startSession({ userId: user.id, role: "admin", method: "otp", request: new Request(url), url, address: "203.0.113.9" })).split(";")[0]!;
    return { user, cookie };
  }
  async function customerCookie() {
    const phone = mobile();
    const [customer] = await db().insert(customers).values({ reference: `CU-LIVE-${process.pid}-${++counter}`, name: `Customer ${counter}`, mobile: phone }).returning({ id: customers.id });
    const user = await upsertUserWithRole(phone, "customer", db(), `Customer ${counter}`);
    const url = new URL(`${URL_BASE}/customer/mobile`);
    const cookie = (await startSession({ userId: user.id, role: "customer", method: "otp", request: new Request(url), url, address: "203.0.113.9" })).split(";")[0]!;
    return { user, cookie, customerId: customer!.id };
  }
  const principalOf = (cookie: string | undefined, grants: string[] = []) =>
    principalFor(new Request(`${URL_BASE}/live/events`, { headers: cookie ? { cookie } : {} }), grants);

  beforeAll(() => {
    setServerConfig(readConfig({ DATA_DIR: "./data", SESSION_SECRET: "live-tests-secret-0123456789-abcdefghij" }));
  });
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.stop();
    await stopLiveHub();
  });
  afterAll(() => setServerConfig(previousConfig));

  it("delivers an event once its transaction commits, and never after a rollback", async () => {
    const hub = newHub();
    const { cookie } = await staffCookie("office");
    const out = recorder();
    await hub.open(await principalOf(cookie), "203.0.113.1", out.sink);
    let seenInside = -1;
    await db().transaction(async (tx) => {
      await publishLive(tx, { audience: "staff:requests", kind: "request.created", data: { reference: "SR-T-1" } });
      // Not before the commit.
      seenInside = out.events().length;
    });
    expect(seenInside).toBe(0);
    expect(out.events()).toMatchObject([{ kind: "request.created", data: { reference: "SR-T-1" } }]);

    await expect(
      db().transaction(async (tx) => {
        await publishLive(tx, { audience: "staff:requests", kind: "request.created", data: { reference: "SR-T-2" } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new Promise((r) => setTimeout(r, 50));
    expect(out.events().map((e) => e.data.reference)).toEqual(["SR-T-1"]);
    const stored = await db().select({ kind: liveEvents.kind }).from(liveEvents).where(eq(liveEvents.audience, "staff:requests"));
    expect(stored.length).toBe(1);
  });

  it("gives each stream only what its session may read: customer A never gets B's; office never gets money", async () => {
    const hub = newHub();
    const a = await customerCookie();
    const b = await customerCookie();
    const office = await staffCookie("office");
    const owner = await staffCookie("owner");
    const [outA, outB, outOffice, outOwner, outAnon] = [recorder(), recorder(), recorder(), recorder(), recorder()];
    const principalA = await principalOf(a.cookie);
    expect(principalA.customerId).toBe(a.customerId);
    await hub.open(principalA, "203.0.113.1", outA.sink);
    await hub.open(await principalOf(b.cookie), "203.0.113.2", outB.sink);
    await hub.open(await principalOf(office.cookie), "203.0.113.3", outOffice.sink);
    await hub.open(await principalOf(owner.cookie), "203.0.113.4", outOwner.sink);
    await hub.open(await principalOf(undefined), "203.0.113.5", outAnon.sink);

    await publishLive(db(), { audience: `customer:${a.customerId}`, kind: "request.updated", data: { reference: "A" } });
    await publishLive(db(), { audience: `customer:${b.customerId}`, kind: "request.updated", data: { reference: "B" } });
    await publishLive(db(), { audience: "staff:money", kind: "payment.received", data: { reference: "INV" } });
    await publishLive(db(), { audience: "staff:requests", kind: "request.created", data: { reference: "R" } });
    await publishLive(db(), { audience: `user:${office.user.id}`, kind: "notification", data: { title: "yours" } });
    await publishLive(db(), { audience: "public", kind: "visitors", data: { online: 3 } });

    const refs = (o: ReturnType<typeof recorder>) => o.events().map((e) => e.data.reference ?? e.data.title ?? e.kind);
    expect(refs(outA)).toEqual(["A", "visitors"]);
    expect(refs(outB)).toEqual(["B", "visitors"]);
    expect(refs(outOffice)).toEqual(["R", "yours", "visitors"]);
    expect(refs(outOwner)).toEqual(["INV", "R", "visitors"]);
    expect(refs(outAnon)).toEqual(["visitors"]);
    // The per-event check itself, for every kind of audience.
    const officeP = await principalOf(office.cookie);
    expect(mayRead(officeP, "staff:money")).toBe(false);
    expect(mayRead(officeP, "staff:requests")).toBe(true);
    expect(mayRead(officeP, `customer:${a.customerId}`)).toBe(false);
    expect(mayRead(principalA, `user:${office.user.id}`)).toBe(false);
    expect(mayRead(principalA, "ticket:1")).toBe(false);
  });

  it("grants admit one audience, signed and time-limited; a tampered or expired grant admits nothing", async () => {
    const grant = issueLiveGrant("ticket:5");
    expect(verifyLiveGrant(grant)).toMatchObject({ ok: true, audience: "ticket:5" });
    const tampered = grant.replace(/^[^.]+/, Buffer.from("ticket:6").toString("base64url"));
    expect(verifyLiveGrant(tampered)).toEqual({ ok: false, problem: "tampered" });
    expect(verifyLiveGrant(issueLiveGrant("video:2", 60, new Date(Date.now() - 120_000)))).toEqual({ ok: false, problem: "expired" });
    const visitor = await principalOf(undefined, [grant, tampered, "junk"]);
    expect(audiencesOf(visitor)).toEqual(["public", "ticket:5"]);
    const hub = newHub();
    const out = recorder();
    await hub.open(visitor, "203.0.113.6", out.sink);
    await publishLive(db(), { audience: "ticket:6", kind: "ticket.message", data: { n: 6 } });
    await publishLive(db(), { audience: "ticket:5", kind: "ticket.message", data: { n: 5 } });
    expect(out.events().map((e) => e.data.n)).toEqual([5]);
  });

  it("catches a reconnecting stream up from its last event id, only with what it may read, then goes on live", async () => {
    const hub = newHub();
    const a = await customerCookie();
    const first = await publishLive(db(), { audience: `customer:${a.customerId}`, kind: "request.updated", data: { n: 1 } });
    await publishLive(db(), { audience: `customer:${a.customerId}`, kind: "request.updated", data: { n: 2 } });
    await publishLive(db(), { audience: "staff:requests", kind: "request.updated", data: { n: 99 } });
    await publishLive(db(), { audience: `customer:${a.customerId}`, kind: "request.updated", data: { n: 3 } });
    const out = recorder();
    await hub.open(await principalOf(a.cookie), "203.0.113.7", out.sink, first.id);
    await publishLive(db(), { audience: `customer:${a.customerId}`, kind: "request.updated", data: { n: 4 } });
    expect(out.events().map((e) => e.data.n)).toEqual([2, 3, 4]);

    // A first connect: what happened since the page was loaded.
    const out3 = recorder();
    await hub.open(await principalOf(a.cookie), "203.0.113.7", out3.sink, { since: new Date(Date.now() - 60_000) });
    expect(out3.events().filter((e) => e.kind === "request.updated").map((e) => e.data.n)).toEqual([1, 2, 3, 4]);

    // Too much missed: told to reload (live.resync) rather than sent it all.
    const small = newHub({ catchUpLimit: 1 });
    const out2 = recorder();
    await small.open(await principalOf(a.cookie), "203.0.113.7", out2.sink, first.id);
    expect(out2.events().map((e) => e.kind)).toEqual(["live.resync"]);
  });

  it("publishes request.created for a request from the public form, to the office and to its customer", async () => {
    const hub = newHub();
    const office = await staffCookie("office");
    const out = recorder();
    await hub.open(await principalOf(office.cookie), "203.0.113.8", out.sink);
    const phone = mobile();
    const { reference } = await submitQuickRequest({ name: "Live Test", phone, description: "VFD trips", consent: true, idempotencyKey: `live-${counter}` } as never);
    await until(() => out.events().some((e) => e.data.reference === reference));
    expect(out.events().find((e) => e.data.reference === reference)).toMatchObject({ kind: "request.created" });
    const rows = await db().select({ audience: liveEvents.audience }).from(liveEvents).where(eq(liveEvents.kind, "request.created"));
    expect(rows.some((r) => r.audience.startsWith("customer:"))).toBe(true);
  });

  it("ends a stream whose session was revoked or has expired (the minute's check and each event)", async () => {
    const hub = newHub();
    const office = await staffCookie("office");
    const principal = await principalOf(office.cookie);
    const out = recorder();
    await hub.open(principal, "203.0.113.9", out.sink);
    expect(hub.count()).toBe(1);
    await revokeSession(principal.sessionId!);
    await hub.checkSessions();
    expect(out.ended).toBe(true);
    expect(out.endChunk).toContain("event: end");
    expect(hub.count()).toBe(0);

    // Expired between two checks: the next event ends it instead of being delivered.
    const other = await staffCookie("office");
    const p2 = await principalOf(other.cookie);
    const out2 = recorder();
    await hub.open(p2, "203.0.113.9", out2.sink);
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, p2.sessionId!));
    p2.sessionExpiresAt = new Date(Date.now() - 1000);
    await publishLive(db(), { audience: "staff:requests", kind: "request.updated", data: { reference: "late" } });
    expect(out2.events()).toEqual([]);
    expect(out2.ended).toBe(true);
  });

  it("GET /live/events: streams over HTTP, never cached; more streams than allowed per session or address get 429", async () => {
    startLiveHub({ maxStreamsPerSession: 2, maxStreamsPerAddress: 3, heartbeatMs: 60_000 });
    const server = http.createServer((req, res) => void handleLiveEvents(req, res, String(req.headers["x-test-address"] ?? "198.51.100.1")));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live/events`;
    const controllers: AbortController[] = [];
    const open = async (headers: Record<string, string>) => {
      const c = new AbortController();
      controllers.push(c);
      return fetch(base, { headers, signal: c.signal });
    };
    try {
      const office = await staffCookie("office");
      const first = await open({ cookie: office.cookie, "x-test-address": "198.51.100.1" });
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toContain("text/event-stream");
      expect(first.headers.get("cache-control")).toBe("no-store");
      const reader = first.body!.getReader();
      await reader.read(); // ": live"
      await publishLive(db(), { audience: "staff:requests", kind: "request.created", data: { reference: "HTTP-1" } });
      let text = "";
      while (!text.includes("HTTP-1")) text += new TextDecoder().decode((await reader.read()).value);
      expect(text).toMatch(/id: \d+\ndata: \{"kind":"request.created","data":\{"reference":"HTTP-1"\}\}/);

      expect((await open({ cookie: office.cookie, "x-test-address": "198.51.100.2" })).status).toBe(200);
      // A third stream for the same session, from anywhere: refused.
      expect((await open({ cookie: office.cookie, "x-test-address": "198.51.100.3" })).status).toBe(429);
      // Per address: two more anonymous streams fill 198.51.100.1 (3), the next is refused.
      expect((await open({ "x-test-address": "198.51.100.1" })).status).toBe(200);
      expect((await open({ "x-test-address": "198.51.100.1" })).status).toBe(200);
      const refused = await open({ "x-test-address": "198.51.100.1" });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("30");
      // Closing one frees its place.
      controllers[0]!.abort();
      await new Promise((r) => setTimeout(r, 100));
      expect((await open({ cookie: office.cookie, "x-test-address": "198.51.100.4" })).status).toBe(200);
    } finally {
      for (const c of controllers) c.abort();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it("prunes events older than a day", async () => {
    await publishLive(db(), { audience: "public", kind: "old", data: {} });
    const removed = await pruneLiveEvents(new Date(Date.now() + 2 * 86_400_000));
    expect(removed).toBeGreaterThan(0);
    expect(await db().select().from(liveEvents)).toEqual([]);
  });

  if (engine === "postgres") {
    it("fans out between instances with LISTEN/NOTIFY, each event once, only after commit", async () => {
      const url = database().location;
      const here = newHub({ databaseUrl: url });
      // Another instance: it does not hear this process's local bus, only PostgreSQL.
      const there = newHub({ databaseUrl: url, local: false });
      await Promise.all([here.ready, there.ready]);
      const office = await staffCookie("office");
      const principal: LivePrincipal = await principalOf(office.cookie);
      const [outHere, outThere] = [recorder(), recorder()];
      await here.open(principal, "203.0.113.10", outHere.sink);
      await there.open({ ...principal, grants: new Map() }, "203.0.113.11", outThere.sink);
      await expect(
        db().transaction(async (tx) => {
          await publishLive(tx, { audience: "staff:requests", kind: "request.updated", data: { reference: "rolled-back" } });
          throw new Error("no");
        }),
      ).rejects.toThrow();
      await db().transaction(async (tx) => {
        await publishLive(tx, { audience: "staff:requests", kind: "request.updated", data: { reference: "PG-1" } });
      });
      await until(() => outThere.events().length > 0);
      await new Promise((r) => setTimeout(r, 200));
      expect(outThere.events().map((e) => e.data.reference)).toEqual(["PG-1"]);
      expect(outHere.events().map((e) => e.data.reference)).toEqual(["PG-1"]);
    });
  }
});
