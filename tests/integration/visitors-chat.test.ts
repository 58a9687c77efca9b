import { and, eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staffContext, type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { answerQuestion } from "~/.server/chat/index.ts";
import { parseTranscript } from "~/.server/chat/handoff.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { inboundMessages, liveEvents, outbox, ticketMessages, tickets, visitorSessions } from "~/.server/db/schema.ts";
import { resetRateLimits } from "~/.server/forms/rate-limit.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import {
  clearVisitorFiguresCache,
  dashboardVisitors,
  isRecorded,
  onlineByPage,
  parsePing,
  PING_LIMIT,
  readVisitorFigures,
  topPages,
  trackVisitor,
  visitorFigures,
  visitorsPerDay,
} from "~/.server/visitors/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { STAFF_ROLE_INFO, type StaffRole } from "~/lib/auth/permissions.ts";
import { todayFigure } from "~/lib/visitors.ts";
import { loader as analyticsLoader } from "~/routes/admin/analytics/route.tsx";
import { action as chatAction, loader as chatLoader } from "~/routes/api/chat.ts";
import { action as pingAction } from "~/routes/api/visitors.ts";
import { describeEachEngine } from "../support/test-databases.ts";

const APP = "http://localhost:3000";

function context(address = "203.0.113.50", staff?: StaffMember) {
  const c = new RouterContextProvider();
  c.set(clientAddressContext, address);
  if (staff) c.set(staffContext, staff);
  return c;
}

const sid = (n: number) => `session-${1764000000000 + n}-abc${String(n).padStart(5, "0")}`;

function ping(body: unknown, address?: string) {
  const request = new Request(`${APP}/api/visitors`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } });
  return pingAction({ request, context: context(address), params: {}, url: new URL(request.url) } as never) as Promise<Response>;
}

describe("visitor pings: what is accepted", () => {
  it("takes the spec's session id and a public path, keeping the path only", () => {
    expect(parsePing("session-1764151234567-k3j9x2", "/services?q=mobile+9848#top")).toEqual({ sessionId: "session-1764151234567-k3j9x2", pagePath: "/services" });
    expect(parsePing("session-1764151234567k3j9x2", "/")).toBeDefined();
  });
  it("answers but does not record pings from the back office and the portals", () => {
    for (const path of ["/admin/customers", "/customer/request/12", "/technician/jobs/3"]) expect(isRecorded(parsePing("session-1764151234567-k3j9x2", path)!)).toBe(false);
    for (const path of ["/", "/technician/register", "/customers-we-serve"]) expect(isRecorded(parsePing("session-1764151234567-k3j9x2", path)!)).toBe(true);
  });
  it("refuses other ids, foreign paths and control characters", () => {
    expect(parsePing("abc", "/")).toBeUndefined();
    expect(parsePing("session-12-x", "/")).toBeUndefined();
    expect(parsePing(`session-1764151234567-${"a".repeat(60)}`, "/")).toBeUndefined();
    expect(parsePing("session-1764151234567-k3j9x2", "https://evil.example/")).toBeUndefined();
    expect(parsePing("session-1764151234567-k3j9x2", "//evil.example/")).toBeUndefined();
    expect(parsePing("session-1764151234567-k3j9x2", "/a\u0000b")).toBeUndefined();
    expect(parsePing(42, "/")).toBeUndefined();
  });
  it("the Today figure is max(online x 10, 100)", () => {
    expect(todayFigure(0)).toBe(100);
    expect(todayFigure(9)).toBe(100);
    expect(todayFigure(23)).toBe(230);
  });
  it("the analytics screen is built, under the activity permission", () => {
    expect(screenFor("/admin/analytics")).toMatchObject({ permission: "activity", built: true });
  });
});

describeEachEngine("visitors and the chat assistant", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();

  function staffMember(userId: number, role: StaffRole): StaffMember {
    return { userId, sessionId: 0, name: role, mobile: null, role, permissions: STAFF_ROLE_INFO[role].permissions, ipAddress: "203.0.113.7" };
  }
  let owner: StaffMember;

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), APP);
    clearSettingsCache();
    await seedContent(db());
    clearContentCache();
    const u = await upsertUserWithRole("+919000000411", "admin", db(), "Omkar Owner");
    owner = staffMember(u.id, "owner");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
  });
  beforeEach(async () => {
    await resetRateLimits();
    clearVisitorFiguresCache();
    await db().delete(visitorSessions);
  });

  it("a burst of pings is written in a few batches, one row per session, every ping counted", async () => {
    // 300 pings from 100 sessions, all at once: group commit gathers them (ADR 011).
    const pings = Array.from({ length: 300 }, (_, i) => trackVisitor(sid(i % 100), i < 200 ? "/" : `/services/page-${i % 3}`));
    await Promise.all(pings);
    const rows = await db().select().from(visitorSessions);
    expect(rows).toHaveLength(100);
    expect(rows.reduce((n, r) => n + r.pings, 0)).toBe(300);
    // The last ping of a session sets its page (session 0's last is ping 200).
    expect(rows.find((r) => r.sessionId === sid(0))?.pagePath).toBe("/services/page-2");
    const figures = await readVisitorFigures();
    expect(figures).toEqual({ online: 100, total: 100, today: 1000 });
  });

  it("online now counts the last five minutes; the total every session; per page and per day for the office", async () => {
    await Promise.all([trackVisitor(sid(1), "/"), trackVisitor(sid(2), "/"), trackVisitor(sid(3), "/faq"), trackVisitor(sid(4), "/faq")]);
    // Two sessions left a while ago.
    await db()
      .update(visitorSessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 60_000), firstSeenAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(visitorSessions.pagePath, "/faq"));
    expect(await readVisitorFigures()).toEqual({ online: 2, total: 4, today: 100 });
    expect(await onlineByPage()).toEqual([{ pagePath: "/", sessions: 2 }]);
    const top = await topPages();
    expect(top).toEqual([
      { pagePath: "/", sessions: 2 },
      { pagePath: "/faq", sessions: 2 },
    ]);
    const days = await visitorsPerDay(30);
    expect(days).toHaveLength(30);
    expect(days.at(-1)!.visitors).toBe(2);
    expect(days.reduce((n, d) => n + d.visitors, 0)).toBe(4);
    expect(await dashboardVisitors(owner.permissions)).toMatchObject({ online: 2, pages: [{ pagePath: "/", sessions: 2 }] });
    expect(await dashboardVisitors(STAFF_ROLE_INFO.accounts.permissions.filter((p) => p !== "activity"))).toBeNull();
  });

  it("the ping endpoint records the ping and answers with the public figures; bad pings get 400", async () => {
    const res = await ping({ sessionId: sid(7), pagePath: "/contact" });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(await res.json()).toEqual({ online: 1, total: 1, today: 100 });
    const [row] = await db().select().from(visitorSessions).where(eq(visitorSessions.sessionId, sid(7)));
    expect(row?.pagePath).toBe("/contact");
    expect((await ping({ sessionId: "x", pagePath: "/" })).status).toBe(400);
    const broken = new Request(`${APP}/api/visitors`, { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(((await pingAction({ request: broken, context: context(), params: {}, url: new URL(broken.url) } as never)) as Response).status).toBe(400);
  });

  it("the public figures are cached for a few seconds, and a change of the number online is published to staff:activity", async () => {
    await trackVisitor(sid(1), "/");
    expect((await visitorFigures()).online).toBe(1);
    await trackVisitor(sid(2), "/");
    // Still the cached answer...
    expect((await visitorFigures()).online).toBe(1);
    const before = await db().select().from(liveEvents).where(eq(liveEvents.kind, "visitors.changed"));
    // ...until it is older than its few seconds: the stale one answers while the fresh one is read.
    expect((await visitorFigures(Date.now() + 6_000)).online).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect((await visitorFigures(Date.now() + 6_000)).online).toBe(2);
    const after = await db().select().from(liveEvents).where(eq(liveEvents.kind, "visitors.changed"));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ audience: "staff:activity", data: { online: 2 } });
  });

  it("figures read before the cache is cleared are not put back by that read", async () => {
    await Promise.all([trackVisitor(sid(41), "/"), trackVisitor(sid(42), "/")]);
    // A read of the two sessions in flight when the cache is cleared (as beforeEach does between tests).
    const reading = visitorFigures();
    clearVisitorFiguresCache();
    await db().delete(visitorSessions);
    await reading;
    await trackVisitor(sid(43), "/");
    expect(await visitorFigures()).toMatchObject({ online: 1, total: 1 });
  });

  it("the ping served on Node's own request (server.ts) answers as the route does", async () => {
    const { createServer } = await import("node:http");
    const { handleVisitorPing } = await import("~/.server/visitors/endpoint.ts");
    const server = createServer((req, res) => void handleVisitorPing(req, res, "198.51.100.77"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/api/visitors`;
    try {
      const ok = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sessionId: sid(31), pagePath: "/about" }) });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("set-cookie")).toBeNull();
      expect(await ok.json()).toMatchObject({ online: 1, total: 1, today: 100 });
      const portal = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ sessionId: sid(32), pagePath: "/customer/request/12" }) });
      expect(portal.status).toBe(200);
      expect((await fetch(url, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" })).status).toBe(415);
      expect((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status).toBe(400);
      expect((await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(5000) })).status).toBe(413);
      expect((await fetch(url, { method: "PUT" })).status).toBe(405);
      expect((await fetch(url)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const [row] = await db().select().from(visitorSessions).where(eq(visitorSessions.sessionId, sid(31)));
    expect(row?.pagePath).toBe("/about");
    expect(await db().select().from(visitorSessions).where(eq(visitorSessions.sessionId, sid(32)))).toEqual([]);
  });

  it("pings are rate-limited per address, and the address is not stored", async () => {
    for (let i = 0; i < PING_LIMIT.max; i++) expect((await ping({ sessionId: sid(500 + i), pagePath: "/" }, "198.51.100.1")).status).toBe(200);
    const limited = await ping({ sessionId: sid(999), pagePath: "/" }, "198.51.100.1");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is not held back.
    expect((await ping({ sessionId: sid(998), pagePath: "/" }, "198.51.100.2")).status).toBe(200);
    const rows = await db().select().from(visitorSessions);
    expect(JSON.stringify(rows)).not.toContain("198.51.100");
  });

  it("the analytics screen's loader refuses staff without the activity permission and shows the pages", async () => {
    await Promise.all([trackVisitor(sid(1), "/technical-data"), trackVisitor(sid(2), "/technical-data")]);
    const args = (staff: StaffMember) => {
      const request = new Request(`${APP}/admin/analytics`);
      return { request, context: context("203.0.113.7", staff), params: {}, url: new URL(request.url) } as never;
    };
    const data = (await analyticsLoader(args(owner))) as Awaited<ReturnType<typeof analyticsLoader>>;
    expect(data.online).toEqual([{ pagePath: "/technical-data", sessions: 2 }]);
    expect(data.today).toBe(2);
    expect(data.days).toHaveLength(30);
    const accounts = staffMember(owner.userId, "accounts");
    if (!accounts.permissions.includes("activity")) {
      await expect(analyticsLoader(args(accounts))).rejects.toMatchObject({ init: { status: 403 } });
    }
  });

  it("the chat answers F0001 with the Siemens overcurrent entry first", async () => {
    const answers = await answerQuestion("F0001");
    expect(answers[0]).toMatchObject({ kind: "fault-code", title: "Siemens F0001: Overcurrent" });
    expect(answers[0]!.path).toBe("/technical-data?brand=Siemens&q=F0001#fault-codes");
    expect(answers[0]!.snippet).toMatch(/short circuit/i);
    // Typed in a sentence, lower case, with punctuation.
    expect((await answerQuestion("my drive shows f0001, what now?"))[0]?.title).toBe("Siemens F0001: Overcurrent");
  });

  it("the chat answers from services, FAQ, articles and calculators through the site's search", async () => {
    const servo = await answerQuestion("servo drive repair");
    expect(servo.length).toBeGreaterThan(0);
    expect(servo.some((a) => a.kind === "service" && /servo/i.test(a.title))).toBe(true);
    const kvar = await answerQuestion("capacitor kvar calculator");
    expect(kvar[0]).toMatchObject({ kind: "calculator", path: "/technical-data#capacitor-kvar" });
    const amc = await answerQuestion("AMC");
    expect(amc.length).toBeGreaterThan(0);
    for (const a of [...servo, ...kvar, ...amc]) {
      expect(a.path.startsWith("/")).toBe(true);
      expect(a.snippet.length).toBeLessThanOrEqual(220);
    }
    expect(await answerQuestion("zzqqxx nothing like this")).toEqual([]);
    expect(await answerQuestion("   ")).toEqual([]);
  });

  it("GET /api/chat answers JSON, refuses a blank or long question, and limits questions per address", async () => {
    const get = (q: string, address = "192.0.2.10") => {
      const request = new Request(`${APP}/api/chat?${new URLSearchParams({ q })}`);
      return chatLoader({ request, context: context(address), params: {}, url: new URL(request.url) } as never) as Promise<Response>;
    };
    const ok = await get("F0001");
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { answers: Array<{ title: string }> }).answers[0]?.title).toBe("Siemens F0001: Overcurrent");
    expect((await get("")).status).toBe(400);
    expect((await get("x".repeat(201))).status).toBe(400);
    let last = 200;
    for (let i = 0; i < 70 && last === 200; i++) last = (await get("vfd", "192.0.2.11")).status;
    expect(last).toBe(429);
  });

  function callbackPost(fields: Record<string, string>, address = "192.0.2.20") {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const request = new Request(`${APP}/api/chat`, { method: "POST", body: form, headers: { origin: APP } });
    return chatAction({ request, context: context(address), params: {}, url: new URL(request.url) } as never) as Promise<Response>;
  }

  it("a callback request from the chat is the callback form, and reaches the help desk with the conversation (once)", async () => {
    const key = crypto.randomUUID();
    const transcript = JSON.stringify([
      { author: "bot", body: "Hello! Ask me about a drive fault code." },
      { author: "customer", body: "F0001 on our Siemens drive" },
      { author: "bot", body: "Here is what I found: Siemens F0001: Overcurrent (/technical-data?brand=Siemens&q=F0001#fault-codes)" },
    ]);
    const fields = {
      name: "Lakshmi Devi",
      mobile: "98480 12345",
      callbackTime: "As soon as possible",
      subject: "Drive trips with F0001",
      consent: "yes",
      idempotencyKey: key,
      transcript,
      fax_number_2: "",
    };
    const res = await callbackPost(fields);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { reference: string; ticket: string };
    expect(body.reference).toMatch(/^CB-/);
    expect(body.ticket).toMatch(/^TK-/);
    const [inbound] = await db().select().from(inboundMessages).where(eq(inboundMessages.reference, body.reference));
    expect(inbound).toMatchObject({ form: "callback", name: "Lakshmi Devi", mobile: "+919848012345" });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.reference, body.ticket));
    expect(ticket).toMatchObject({ source: "chatbot", subject: "Drive trips with F0001" });
    const messages = await db().select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket!.id));
    const text = JSON.stringify(messages);
    expect(text).toContain("F0001 on our Siemens drive");
    expect(text).toContain("Siemens F0001: Overcurrent");
    // One acknowledgement SMS to the customer (the callback's), not the ticket's as well; the office's e-mail
    // says what they asked and when to call, not "(no message)".
    const toCustomer = await db().select().from(outbox).where(and(eq(outbox.channel, "sms"), eq(outbox.recipient, "+919848012345")));
    expect(toCustomer.map((m) => m.body)).toEqual([expect.stringContaining(body.reference)]);
    const [office] = await db().select().from(outbox).where(and(eq(outbox.channel, "email"), eq(outbox.template, "inbound-business"), like(outbox.body, `%${body.reference}%`)));
    expect(office!.body).not.toContain("(no message)");
    expect(office!.body).toContain("F0001 on our Siemens drive");
    expect(office!.body).toContain("As soon as possible");
    // The same submission again (a double press): the same records, nothing new.
    const again = (await (await callbackPost(fields)).json()) as { reference: string; ticket: string };
    expect(again).toEqual(body);
    expect(await db().select().from(tickets).where(eq(tickets.source, "chatbot"))).toHaveLength(1);
  });

  it("a bad callback request gets 400 with the messages beside the fields, and creates nothing", async () => {
    const before = await db().select().from(tickets);
    const res = await callbackPost({ name: "", mobile: "12", callbackTime: "Midnight", fax_number_2: "", transcript: "not json" }, "192.0.2.21");
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual(["callbackTime", "consent", "mobile", "name"]);
    expect(await db().select().from(tickets)).toHaveLength(before.length);
    // A bot filling the honeypot is turned away.
    const bot = await callbackPost({ name: "Bot", mobile: "9848012345", callbackTime: "As soon as possible", consent: "yes", fax_number_2: "x" }, "192.0.2.22");
    expect(bot.status).toBe(400);
  });

  it("a transcript is kept only in its expected shape, clipped", () => {
    expect(parseTranscript("nope")).toEqual([]);
    expect(parseTranscript(JSON.stringify([{ author: "staff", body: "x" }]))).toEqual([]);
    const long = parseTranscript(JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ author: "customer", body: `q${i} ${"x".repeat(1100)}` }))));
    expect(long).toHaveLength(40);
    expect(long[0]!.body.startsWith("q20 ")).toBe(true);
    expect(long[0]!.body.length).toBe(1000);
  });
});
