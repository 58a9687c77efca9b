import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { developmentCode, OTP_TOTAL_LIMIT, sendCode, verifyCode } from "~/.server/auth/otp.ts";
import { readSession, revokeSession, revokeUserSessions, startSession } from "~/.server/auth/sessions.ts";
import { grantAdmin, upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { setDatabase } from "~/.server/db/index.ts";
import { otpChallenges, outbox, requestPhotos, sessions } from "~/.server/db/schema.ts";
import { resetRateLimits } from "~/.server/forms/index.ts";
import { listInbox } from "~/.server/inbox/index.ts";
import { findRequestOf, findRequestPhoto, listRequestsOf, submitQuickRequest } from "~/.server/requests/index.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import { quickRequestSchema } from "~/lib/forms/service-request.ts";
import { codeSentTo } from "../support/sms-capture.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";

const url = new URL("http://localhost:3000/customer/login");

/** The code in the SMS sent for a challenge: what the customer reads on their phone. */
async function smsCode(testDb: TestDatabase, challengeId: number): Promise<string> {
  const [message] = await testDb.handle.db.select().from(outbox).where(eq(outbox.dedupeKey, `otp:${challengeId}`));
  return codeSentTo(message!.recipient);
}

function requestWithCookie(setCookie: string): Request {
  return new Request("http://localhost:3000/customer/mobile", { headers: { cookie: setCookie.split(";")[0]! } });
}

describe.each(engines)("accounts on %s", (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }));
    testDb = await createTestDatabase(engine);
    setDatabase(testDb.handle);
    await seedSettings(testDb.handle.db, "http://localhost:3000");
  });
  afterAll(async () => {
    await testDb?.destroy();
    setDatabase(undefined);
  });
  beforeEach(() => resetRateLimits());

  const mobile = () => `+9162${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const address = () => `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it("a code is stored hashed, sent by SMS from the registered template, and works once", async () => {
    const number = mobile();
    const sent = await sendCode({ mobile: number, purpose: "customer", address: address() });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    const code = await smsCode(testDb, sent.challengeId);
    const [row] = await testDb.handle.db.select().from(otpChallenges).where(eq(otpChallenges.id, sent.challengeId));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(5 * 60_000);
    const [message] = await testDb.handle.db.select().from(outbox).where(eq(outbox.dedupeKey, `otp:${sent.challengeId}`));
    expect(message).toMatchObject({ channel: "sms", recipient: number, template: "1007000000000000006" });
    // The outbox keeps the text with the code masked; the SMS that went out has it.
    expect(message!.body).toMatch(/^•••••• is your .+ verification code\. It is valid for 5 minutes\./);
    expect(JSON.stringify(message)).not.toContain(code);

    const check = { challengeId: sent.challengeId, mobile: number, purpose: "customer" as const, address: address() };
    expect(await verifyCode({ ...check, code })).toEqual({ ok: true });
    expect(await verifyCode({ ...check, code })).toMatchObject({ ok: false, reason: "expired" });
  });

  it("5 wrong codes void it, even the right one afterwards; each wrong try says how many are left", async () => {
    const number = mobile();
    const sent = await sendCode({ mobile: number, purpose: "customer", address: address() });
    if (!sent.ok) throw new Error("not sent");
    const code = await smsCode(testDb, sent.challengeId);
    const wrong = code === "000000" ? "111111" : "000000";
    const check = { challengeId: sent.challengeId, mobile: number, purpose: "customer" as const, address: address() };
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await verifyCode({ ...check, code: wrong })) as { message: string });
    expect(messages[0]!.message).toBe("That code is not right. 4 tries left.");
    expect(messages[3]!.message).toBe("That code is not right. 1 try left.");
    expect(messages[4]!.message).toMatch(/tried 5 times/);
    expect(await verifyCode({ ...check, code })).toMatchObject({ ok: false, reason: "used-up" });
  });

  it("parallel guesses cannot get past 5 tries", async () => {
    const number = mobile();
    const sent = await sendCode({ mobile: number, purpose: "customer", address: address() });
    if (!sent.ok) throw new Error("not sent");
    const code = await smsCode(testDb, sent.challengeId);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1e6).padStart(6, "0"));
    await Promise.all(guesses.map((g) => verifyCode({ challengeId: sent.challengeId, mobile: number, purpose: "customer", code: g, address: address() })));
    const [row] = await testDb.handle.db.select().from(otpChallenges).where(eq(otpChallenges.id, sent.challengeId));
    expect(row!.attempts).toBe(5);
    expect(await verifyCode({ challengeId: sent.challengeId, mobile: number, purpose: "customer", code, address: address() })).toMatchObject({ ok: false });
  });

  it("a code expires after 5 minutes", async () => {
    const number = mobile();
    const then = new Date(Date.now() - 6 * 60_000);
    const sent = await sendCode({ mobile: number, purpose: "customer", address: address(), now: then });
    if (!sent.ok) throw new Error("not sent");
    const code = await smsCode(testDb, sent.challengeId);
    expect(await verifyCode({ challengeId: sent.challengeId, mobile: number, purpose: "customer", code, address: address() })).toMatchObject({
      ok: false,
      reason: "expired",
      message: "This code has expired: codes work for 5 minutes. Ask for a new code.",
    });
  });

  it("a new code after 30 s, and at most 5 an hour per number, each with its own message", async () => {
    const number = mobile();
    const start = Date.now() - 50 * 60_000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    expect((await sendCode({ mobile: number, purpose: "customer", address: address(), now: at(0) })).ok).toBe(true);
    const tooSoon = await sendCode({ mobile: number, purpose: "customer", address: address(), now: at(10) });
    expect(tooSoon).toMatchObject({ ok: false, reason: "too-soon", retryAfter: 20 });
    expect(tooSoon.ok ? "" : tooSoon.message).toBe("A code was sent a moment ago. You can ask for a new one in 20 seconds.");
    for (const s of [31, 62, 93, 124]) expect((await sendCode({ mobile: number, purpose: "customer", address: address(), now: at(s) })).ok).toBe(true);
    const sixth = await sendCode({ mobile: number, purpose: "customer", address: address(), now: at(200) });
    expect(sixth).toMatchObject({ ok: false, reason: "number-limit" });
    expect(sixth.ok ? "" : sixth.message).toMatch(/^5 codes have been sent to this number in the last hour\. Please try again in 57 minutes/);
    // Only the newest code works: asking again replaced the earlier ones.
    const live = await testDb.handle.db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.mobile, number)));
    expect(live.filter((c) => !c.consumedAt)).toHaveLength(1);
  });

  it("one network address may ask for at most 20 codes an hour", async () => {
    const from = address();
    const outcomes = [];
    for (let i = 0; i < 21; i++) outcomes.push(await sendCode({ mobile: mobile(), purpose: "customer", address: from }));
    expect(outcomes.slice(0, 20).every((o) => o.ok)).toBe(true);
    expect(outcomes[20]).toMatchObject({ ok: false, reason: "address-limit" });
  });

  it("codes sent in all are capped per hour, whatever the numbers and addresses: an attack rotating both is stopped", async () => {
    await resetRateLimits();
    const ceiling = { ...OTP_TOTAL_LIMIT };
    try {
      OTP_TOTAL_LIMIT.max = 6;
      const outcomes = [];
      for (let i = 0; i < 8; i++) outcomes.push(await sendCode({ mobile: mobile(), purpose: "customer", address: address() }));
      expect(outcomes.filter((o) => o.ok)).toHaveLength(6);
      expect(outcomes.slice(6)).toEqual([expect.objectContaining({ ok: false, reason: "total-limit" }), expect.objectContaining({ ok: false, reason: "total-limit" })]);
      expect(outcomes[7]!.ok ? "" : outcomes[7]!.message).toMatch(/Too many sign-in codes .* try again in \d+ minutes, or call us on /);
      // A number that gets no SMS (not an admin's, on the admin sign-in) costs nothing and is not counted.
      expect(await sendCode({ mobile: mobile(), purpose: "admin", address: address(), deliver: false })).toMatchObject({ ok: true });
    } finally {
      Object.assign(OTP_TOTAL_LIMIT, ceiling);
      await resetRateLimits();
    }
  });

  it("an admin code is only delivered to an admin's number, and the banner code is never given in production", async () => {
    const stranger = mobile();
    const sent = await sendCode({ mobile: stranger, purpose: "admin", address: address(), deliver: false });
    if (!sent.ok) throw new Error("not sent");
    expect(await testDb.handle.db.select().from(outbox).where(eq(outbox.recipient, stranger))).toEqual([]);
    const customer = mobile();
    const delivered = await sendCode({ mobile: customer, purpose: "customer", address: address() });
    if (!delivered.ok) throw new Error("not sent");
    expect(await developmentCode(customer, delivered.challengeId)).toBeUndefined();
    // The banner's code exists only in development...
    const nodeEnv = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = "development";
      setServerConfig(readConfig({ NODE_ENV: "development", SESSION_SECRET: "x".repeat(40) }));
      await resetRateLimits();
      const inDevelopment = await sendCode({ mobile: mobile(), purpose: "customer", address: address() });
      if (!inDevelopment.ok) throw new Error("not sent");
      const code = await smsCode(testDb, inDevelopment.challengeId);
      expect(await developmentCode(customer, delivered.challengeId)).toBeUndefined();
      const [developer] = await testDb.handle.db.select().from(otpChallenges).where(eq(otpChallenges.id, inDevelopment.challengeId));
      expect(await developmentCode(developer!.mobile, inDevelopment.challengeId)).toBe(code);
      // ...and never in production, even when the process's NODE_ENV says otherwise.
      setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }));
      expect(await developmentCode(developer!.mobile, inDevelopment.challengeId)).toBeUndefined();
    } finally {
      process.env.NODE_ENV = nodeEnv;
      setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }));
    }
  });

  it("sessions: only the token's hash is stored; sign-out and 'everywhere' end them on the server", async () => {
    const user = await upsertUserWithRole(mobile(), "customer");
    const request = new Request("http://localhost:3000/customer/login", { headers: { "user-agent": "test" } });
    const open = () => startSession({ userId: user.id, role: "customer", method: "otp", request, url, address: "10.0.0.1" });
    const first = await open();
    expect(first).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/);
    const token = first.split(";")[0]!.slice(4);
    const rows = await testDb.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows[0]!.tokenHash).not.toContain(token);

    const session = await readSession(requestWithCookie(first));
    expect(session).toMatchObject({ role: "customer", user: { id: user.id } });
    await revokeSession(session!.id);
    expect(await readSession(requestWithCookie(first))).toBeNull();

    const [a, b] = [await open(), await open()];
    expect(await readSession(requestWithCookie(a))).not.toBeNull();
    expect(await revokeUserSessions(user.id)).toBe(2);
    expect(await readSession(requestWithCookie(a))).toBeNull();
    expect(await readSession(requestWithCookie(b))).toBeNull();
    expect(await readSession(requestWithCookie("sid=not-a-token"))).toBeNull();
  });

  it("in production the session cookie is __Host- prefixed, Secure and HttpOnly; a plain 'sid' is not read there; signing in ends the session the browser came with", async () => {
    const previous = getServerConfig();
    try {
      setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }));
      const user = await upsertUserWithRole(mobile(), "customer");
      const site = new URL("https://www.example.in/customer/login");
      const on = (cookie: string) => new Request("https://www.example.in/customer/mobile", { headers: { cookie } });
      const first = await startSession({ userId: user.id, role: "customer", method: "otp", request: new Request(site), url: site, address: "10.0.0.1" });
      expect(first).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000; Secure$/);
      const token = first.split(";")[0]!.slice("__Host-sid=".length);
      expect(await readSession(on(`__Host-sid=${token}`))).toMatchObject({ user: { id: user.id } });
      // A cookie without the prefix could have been set by a sibling subdomain: never read where cookies are Secure.
      expect(await readSession(on(`sid=${token}`))).toBeNull();

      // Signing in again from that browser (here: into the same portal) rotates: the old token is dead.
      const second = await startSession({ userId: user.id, role: "customer", method: "otp", request: on(`__Host-sid=${token}`), url: site, address: "10.0.0.1" });
      expect(second.split(";")[0]).not.toBe(first.split(";")[0]);
      expect(await readSession(on(`__Host-sid=${token}`))).toBeNull();
      expect(await readSession(on(second.split(";")[0]!))).toMatchObject({ user: { id: user.id } });
    } finally {
      setServerConfig(previous);
    }
  });

  it("a session for a role the account no longer has stops working", async () => {
    const [admin] = await grantAdmin([mobile()]);
    const cookie = await startSession({ userId: admin!.id, role: "admin", method: "otp", request: new Request(url), url, address: "10.0.0.1" });
    expect(await readSession(requestWithCookie(cookie))).not.toBeNull();
    const customerCookie = await startSession({ userId: admin!.id, role: "customer", method: "otp", request: new Request(url), url, address: "10.0.0.1" });
    expect(await readSession(requestWithCookie(customerCookie))).toBeNull();
  });

  it("a first sign-in shows the requests made earlier with the number, and nobody else's", async () => {
    const number = mobile();
    const quick = (phone: string) =>
      submitQuickRequest(
        quickRequestSchema.parse({
          name: "Meena",
          phone,
          description: "Quotation for an AMC on 12 drives.",
          consent: "yes",
          idempotencyKey: randomUUID(),
        }),
      );
    const mine = await quick(number.slice(3));
    const theirs = await quick(mobile().slice(3));
    const user = await upsertUserWithRole(number, "customer");
    const list = await listRequestsOf(user);
    expect(list.map((r) => r.reference)).toEqual([mine.reference]);
    const id = list[0]!.id;
    expect((await findRequestOf(user, id))?.request.reference).toBe(mine.reference);
    const other = (await listInbox({ kind: "request" })).items.find((i) => i.reference === theirs.reference);
    expect(other).toBeDefined();
    const [otherRow] = await testDb.handle.db.query.serviceRequests.findMany({ where: (r, { eq }) => eq(r.reference, theirs.reference) });
    expect(await findRequestOf(user, otherRow!.id)).toBeUndefined();

    // Photos: the customer's own, by its request; never another's, nor one named under the wrong request.
    const photo = (requestId: number, path: string) => ({ requestId, path, contentType: "image/webp", width: 1600, height: 1200, bytes: 98_000, originalName: "drive.jpg" });
    const [minePhoto, theirPhoto] = await testDb.handle.db
      .insert(requestPhotos)
      .values([photo(id, "requests/mine.webp"), photo(otherRow!.id, "requests/theirs.webp")])
      .returning({ id: requestPhotos.id });
    expect(await findRequestPhoto(id, minePhoto!.id, user)).toEqual({ path: "requests/mine.webp", contentType: "image/webp" });
    expect(await findRequestPhoto(otherRow!.id, theirPhoto!.id, user)).toBeUndefined();
    expect(await findRequestPhoto(id, theirPhoto!.id, user)).toBeUndefined();
    // Without an owner (the back office), any request's photo.
    expect(await findRequestPhoto(otherRow!.id, theirPhoto!.id)).toEqual({ path: "requests/theirs.webp", contentType: "image/webp" });
  });
});
