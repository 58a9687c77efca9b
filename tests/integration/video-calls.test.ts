import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, liveEvents, outbox, requestPhotos, serviceRequests, users, videoCalls } from "~/.server/db/schema.ts";
import { resetRateLimits } from "~/.server/forms/rate-limit.ts";
import { signLinkToken, verifyLinkToken } from "~/.server/links/signed.ts";
import { mayRead, type LivePrincipal } from "~/.server/live/access.ts";
import { issueLiveGrant, verifyLiveGrant } from "~/.server/live/grants.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, readSettingsForEditing, saveSettingsGroup, seedSettings } from "~/.server/settings/index.ts";
import { integrationsView } from "~/.server/settings/integrations.ts";
import {
  callForToken,
  callRecord,
  cancelCall,
  endCall,
  exportCalls,
  iceServers,
  iceServersFrom,
  joinCall,
  listCalls,
  parseSignal,
  relaySignal,
  rescheduleCall,
  saveNotes,
  saveSnapshot,
  scheduleCall,
} from "~/.server/video/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can, type StaffRole } from "~/lib/auth/permissions.ts";
import { applyIntegrationsChange, integrationsForm } from "~/lib/forms/admin/settings.ts";
import { indiaParts, rescheduleCallSchema, scheduleCallSchema, SIGNAL_MAX_BYTES, STALE_CALL_MESSAGE } from "~/lib/forms/admin/video-calls.ts";
import { action as staffSignalAction } from "~/routes/admin/video-calls/signal.ts";
import { action as customerSignalAction } from "~/routes/documents/video-signal.ts";
import { loader as customerLoader } from "~/routes/documents/video.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, staffRouteContext } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";

describe("the video calls screen", () => {
  it("is built, under the communications permission (owner and office), with the call pages and signals below it", () => {
    for (const p of ["/admin/video-calls", "/admin/video-calls/new", "/admin/video-calls/VC-2611-0001", "/admin/video-calls/VC-2611-0001/signal"]) {
      expect(screenFor(p)).toMatchObject({ path: "/admin/video-calls", permission: "communications", built: true });
    }
    expect(can("office", "communications")).toBe(true);
    expect(can("accounts", "communications")).toBe(false);
  });

  it("the forms explain a bad time or request, and signals are checked for shape and size", () => {
    const now = new Date("2026-11-26T10:00:00Z"); // 15:30 in India
    const schema = scheduleCallSchema(now);
    expect(schema.safeParse({ request: "sr-2611-0001", date: "2026-11-26", time: "16:00" }).data).toMatchObject({ request: "SR-2611-0001" });
    expect(schema.safeParse({ request: "2611", date: "2026-11-26", time: "16:00" }).error?.issues[0]?.message).toMatch(/reference/);
    expect(schema.safeParse({ request: "SR-2611-0001", date: "2026-11-26", time: "14:00" }).error?.issues[0]).toMatchObject({ path: ["time"], message: "This time has passed: choose a later one." });
    expect(schema.safeParse({ request: "SR-2611-0001", date: "2026-11-25", time: "16:00" }).error?.issues[0]?.message).toBe("Choose today or a later date.");
    expect(schema.safeParse({ request: "SR-2611-0001", date: "2026-02-30", time: "16:00" }).error?.issues[0]?.message).toBe("Choose a real date.");
    expect(schema.safeParse({ request: "SR-2611-0001", date: "2026-11-26", time: "25:00" }).success).toBe(false);

    const peer = "abcdefgh12";
    expect(parseSignal(JSON.stringify({ type: "hello", peer }))).toMatchObject({ ok: true });
    expect(parseSignal(JSON.stringify({ type: "offer", peer, session: peer, to: peer, payload: { type: "offer", sdp: "v=0" } }))).toMatchObject({ ok: true });
    expect(parseSignal(JSON.stringify({ type: "candidate", peer, session: peer, payload: { candidate: "candidate:1 1 udp 1 10.0.0.2 5000 typ host", sdpMid: "0", sdpMLineIndex: 0 } }))).toMatchObject({ ok: true });
    expect(parseSignal("not json")).toMatchObject({ ok: false, status: 400 });
    expect(parseSignal(JSON.stringify({ type: "shout", peer }))).toMatchObject({ ok: false, status: 400 });
    expect(parseSignal(JSON.stringify({ type: "hello", peer: "x" }))).toMatchObject({ ok: false, status: 400 });
    expect(parseSignal(JSON.stringify({ type: "offer", peer, session: peer, to: peer, payload: { type: "offer", sdp: "x".repeat(SIGNAL_MAX_BYTES) } }))).toMatchObject({ ok: false, status: 413 });
  });

  it("ICE servers: none by default (one network needs none); STUN, and TURN only with its credentials", () => {
    expect(iceServersFrom({})).toEqual([]);
    expect(iceServersFrom({ stunUrls: "stun:stun.example.in:3478, https://evil.example" })).toEqual([{ urls: ["stun:stun.example.in:3478"] }]);
    expect(iceServersFrom({ turnUrls: "turn:turn.example.in:3478" })).toEqual([]);
    expect(iceServersFrom({ turnUrls: "turn:turn.example.in:3478 turns:turn.example.in:5349", turnUsername: "u", turnCredential: "p" })).toEqual([
      { urls: ["turn:turn.example.in:3478", "turns:turn.example.in:5349"], username: "u", credential: "p" },
    ]);
  });
});

describeEachEngine("video calls", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let office: StaffMember;
  let counter = 0;
  let storage: string;

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.7" });

  beforeAll(async () => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), "video-calls-"));
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "v".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), APP);
    clearSettingsCache();
    const a = await upsertUserWithRole("+919000000401", "admin", db(), "Vikram Engineer");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    office = staffMember(a.id, "office", "Vikram Engineer");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  async function newRequest(over: Partial<typeof serviceRequests.$inferInsert> = {}) {
    counter += 1;
    const [row] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(7000 + counter)}`,
        kind: "full",
        status: "contacted",
        contactName: `Lakshmi ${counter}`,
        mobile: `+9198482${String(10000 + counter)}`,
        city: "Hyderabad",
        faultDescription: "ACS580 shows 2310 overcurrent at start.",
        urgency: "within_24h",
        consentVersion: "1",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        ...over,
      })
      .returning();
    return row!;
  }

  /** A call booked 20 minutes from `now` for a new request, with the token its SMS carries. */
  async function booked(now = new Date()) {
    const request = await newRequest();
    const [date, time] = indiaParts(new Date(now.getTime() + 20 * 60_000));
    const input = scheduleCallSchema(now).parse({ request: request.reference, date, time, notes: "Check the DC bus voltage on the panel." });
    const result = await scheduleCall(office, input, now);
    if (!result.ok) throw new Error(JSON.stringify(result));
    const [call] = await db().select().from(videoCalls).where(eq(videoCalls.reference, result.reference));
    const [sms] = await db().select().from(outbox).where(like(outbox.dedupeKey, `video:${result.reference}:v1:booked-sms`));
    const token = /\/d\/video\/(\S+)$/.exec(sms!.body)![1]!;
    return { request, call: call!, sms: sms!, token, input };
  }

  function args(p: string, params: Record<string, string>, init?: RequestInit, staff?: StaffMember) {
    const request = new Request(new URL(p, APP), init);
    return { request, url: new URL(request.url), params, context: staffRouteContext({ staff, address: `203.0.113.${counter % 200}` }) } as never;
  }

  function signalPost(body: unknown): RequestInit {
    return { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin: APP } };
  }

  it("books a call from a request: VC reference, the SMS with a signed link short enough for DLT; the same form twice books one call", async () => {
    const now = new Date();
    const { request, call, sms, token, input } = await booked(now);
    expect(call.reference).toMatch(/^VC-\d{4}-\d{4}$/);
    expect(call).toMatchObject({ serviceRequestId: request.id, status: "scheduled", createdBy: office.userId, version: 1, notes: "Check the DC bus voltage on the panel." });
    expect(sms).toMatchObject({ channel: "sms", recipient: request.mobile, template: DLT_TEMPLATES.videoCallBooked.id });
    expect(sms.body).toMatch(new RegExp(`^Deccan Automation Services: a video call with our engineer about request ${request.reference} is booked for .+\\. Join from your phone at ${APP}/d/video/`));
    expect(token.length).toBeLessThanOrEqual(30);
    expect(verifyLinkToken("video", token)).toMatchObject({ ok: true, id: call.id });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "video-call.schedule"), eq(auditLog.entityId, String(call.id))))).toHaveLength(1);

    const again = await scheduleCall(office, input, now);
    expect(again).toMatchObject({ ok: true, reference: call.reference, created: false });
    expect(await db().select().from(videoCalls).where(eq(videoCalls.serviceRequestId, request.id))).toHaveLength(1);

    const cancelled = await newRequest({ status: "cancelled" });
    expect(await scheduleCall(office, { ...input, request: cancelled.reference }, now)).toMatchObject({ ok: false, reason: "refused", field: "request" });
    expect(await scheduleCall(office, { ...input, request: "SR-2611-0999" }, now)).toMatchObject({ ok: false, reason: "refused", field: "request", message: "No service request has the reference SR-2611-0999." });
  });

  it("the customer's link: the page with the call; a tampered, another call's or an expired link is refused", async () => {
    const { call, token, request } = await booked();
    const page = (await customerLoader(args(`/d/video/${token}`, { token }))) as { data: { problem: null; call: { reference: string; requestReference: string; status: string }; grant: string; signalUrl: string }; init: { status?: number } };
    expect(page.data.problem).toBeNull();
    expect(page.data.call).toMatchObject({ reference: call.reference, requestReference: request.reference, status: "scheduled" });
    expect(page.data.signalUrl).toBe(`/d/video/${token}/signal`);
    expect(verifyLiveGrant(page.data.grant)).toMatchObject({ ok: true, audience: `video:${call.id}` });

    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await callForToken(tampered)).toEqual({ ok: false, reason: "tampered" });
    const tamperedPage = (await customerLoader(args(`/d/video/${tampered}`, { token: tampered }))) as { data: { problem: string; grant: null }; init: { status: number } };
    expect(tamperedPage.init.status).toBe(403);
    expect(tamperedPage.data).toMatchObject({ problem: "tampered", grant: null });
    // The same signature with another call's id is not a link to that call.
    const other = token.replace(/^\d+/, String(call.id + 1));
    expect(await callForToken(other)).toEqual({ ok: false, reason: "tampered" });
    // A link signed for another kind of document does not open a call.
    expect(await callForToken(signLinkToken("quote", call.id))).toEqual({ ok: false, reason: "tampered" });
    const expired = signLinkToken("video", call.id, new Date(Date.now() - 60_000));
    expect(await callForToken(expired)).toEqual({ ok: false, reason: "expired" });
    const expiredPage = (await customerLoader(args(`/d/video/${expired}`, { token: expired }))) as { init: { status: number } };
    expect(expiredPage.init.status).toBe(410);
    // And no signal through them.
    for (const bad of [tampered, expired]) {
      const response = (await customerSignalAction(args(`/d/video/${bad}/signal`, { token: bad }, signalPost({ type: "hello", peer: "customer01" })))) as Response;
      expect(response.status).toBe(404);
    }
  });

  it("signals: each call's go to its own audience only; a link to call A posts to A alone; checked, size-limited and rate-limited", async () => {
    await resetRateLimits();
    const a = await booked();
    const b = await booked();
    const grantA = issueLiveGrant(`video:${a.call.id}`);
    const grantB = issueLiveGrant(`video:${b.call.id}`);
    const principal = (grant: string): LivePrincipal => {
      const check = verifyLiveGrant(grant);
      if (!check.ok) throw new Error("grant");
      return { permissions: [], grants: new Map([[check.audience, check.expiresAt]]) };
    };

    // Before anyone says hello, only a hello is accepted (it is the join).
    const early = (await customerSignalAction(args(`/d/video/${a.token}/signal`, { token: a.token }, signalPost({ type: "candidate", peer: "customer01", session: "session01", payload: { candidate: "" } })))) as Response;
    expect(early.status).toBe(409);

    const hello = (await customerSignalAction(args(`/d/video/${a.token}/signal`, { token: a.token }, signalPost({ type: "hello", peer: "customer01" })))) as Response;
    expect(hello.status).toBe(202);
    const offer = (await staffSignalAction(
      args(`/admin/video-calls/${a.call.reference}/signal`, { reference: a.call.reference }, signalPost({ type: "offer", peer: "engineer01", session: "session01", to: "customer01", payload: { type: "offer", sdp: "v=0 offer-for-a" } }), office),
    )) as Response;
    expect(offer.status).toBe(202);

    const events = await db().select().from(liveEvents).where(eq(liveEvents.kind, "video.signal"));
    const ofA = events.filter((e) => e.audience === `video:${a.call.id}`);
    expect(ofA.map((e) => (e.data as { type: string; from: string }).type)).toEqual(["hello", "offer"]);
    expect(ofA.map((e) => (e.data as { from: string }).from)).toEqual(["customer", "engineer"]);
    expect(events.filter((e) => e.audience === `video:${b.call.id}`)).toHaveLength(0);
    // The grant for B never reads A's events; A's grant reads A's and nothing else.
    for (const e of ofA) {
      expect(mayRead(principal(grantB), e.audience)).toBe(false);
      expect(mayRead(principal(grantA), e.audience)).toBe(true);
    }
    expect(mayRead(principal(grantA), `video:${b.call.id}`)).toBe(false);
    // The customer's hello was their join: the call is live, they are its participant.
    const [liveA] = await db().select().from(videoCalls).where(eq(videoCalls.id, a.call.id));
    expect(liveA).toMatchObject({ status: "live" });
    expect(liveA!.participants).toEqual([expect.objectContaining({ role: "customer", name: a.request.contactName, leftAt: null })]);
    expect((await db().select().from(videoCalls).where(eq(videoCalls.id, b.call.id)))[0]).toMatchObject({ status: "scheduled", participants: [] });

    // Not JSON, a foreign page, too large, a wrong shape: refused before anything is published.
    const before = (await db().select().from(liveEvents)).length;
    const refusals: Array<[RequestInit, number]> = [
      [{ method: "POST", body: "type=hello", headers: { "content-type": "application/x-www-form-urlencoded", origin: APP } }, 400],
      [{ method: "POST", body: JSON.stringify({ type: "hello", peer: "customer01" }), headers: { "content-type": "application/json", origin: "https://evil.example" } }, 400],
      [signalPost({ type: "answer", peer: "customer01", session: "session01", payload: { type: "answer", sdp: "x".repeat(SIGNAL_MAX_BYTES + 10) } }), 413],
      [signalPost({ type: "answer", peer: "customer01" }), 400],
    ];
    for (const [init, status] of refusals) {
      const response = (await customerSignalAction(args(`/d/video/${a.token}/signal`, { token: a.token }, init))) as Response;
      expect(response.status).toBe(status);
    }
    expect((await db().select().from(liveEvents)).length).toBe(before);

    // A browser in a loop is stopped.
    let limited = 0;
    for (let i = 0; i < 260 && limited === 0; i++) {
      const r = await relaySignal(a.call.id, "customer", { type: "candidate", peer: "customer01", session: "session01", payload: { candidate: "" } }, { address: "198.51.100.9", name: "x" });
      if (!r.ok && r.status === 429) limited = i;
    }
    expect(limited).toBeGreaterThanOrEqual(200);
    await resetRateLimits();
  });

  it("a snapshot is saved among the request's photos, source video, once per key; only JPEG, size-limited, during the call", async () => {
    const { call, request } = await booked();
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#224466" } }).jpeg().toBuffer();
    const file = () => new File([new Uint8Array(jpeg)], "snapshot.jpg", { type: "image/jpeg" });
    expect(await saveSnapshot(office, call.reference, file(), randomUUID())).toMatchObject({ ok: false, status: 409 });
    await joinCall(call.id, { role: "engineer", name: "Vikram Engineer", staff: office });
    const key = randomUUID();
    const saved = await saveSnapshot(office, call.reference, file(), key);
    expect(saved).toMatchObject({ ok: true, created: true });
    const photos = await db().select().from(requestPhotos).where(eq(requestPhotos.requestId, request.id));
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({ source: "video", videoCallId: call.id, uploadedBy: office.userId, contentType: "image/webp", width: 320, height: 240 });
    expect(photos[0]!.caption).toMatch(new RegExp(`^Snapshot from video call ${call.reference}, `));
    expect(fs.existsSync(path.join(getServerConfig().storageDir, photos[0]!.path))).toBe(true);
    // The same snapshot sent again (a double click, a retry): one photo.
    expect(await saveSnapshot(office, call.reference, file(), key)).toMatchObject({ ok: true, created: false, photoId: photos[0]!.id });
    expect(await db().select().from(requestPhotos).where(eq(requestPhotos.requestId, request.id))).toHaveLength(1);
    // Not a JPEG, too large, nothing: refused.
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).png().toBuffer();
    expect(await saveSnapshot(office, call.reference, new File([new Uint8Array(png)], "x.jpg"), randomUUID())).toMatchObject({ ok: false, status: 400 });
    expect(await saveSnapshot(office, call.reference, new File([new Uint8Array(4 * 1024 * 1024)], "x.jpg"), randomUUID())).toMatchObject({ ok: false, status: 413 });
    expect(await saveSnapshot(office, call.reference, null, undefined)).toMatchObject({ ok: false, status: 400 });
    const record = await callRecord(call.reference);
    expect(record!.snapshots).toHaveLength(1);
  });

  it("joining records who and when (a reload is not a new participant); ending computes the duration and closes the log; the list and CSV show it", async () => {
    const t0 = new Date();
    const { call, request } = await booked(t0);
    expect(await endCall(office, call.reference, t0)).toMatchObject({ ok: false, field: "form", message: "Nobody has joined this call yet: cancel it instead." });
    // The customer is let in from half an hour before the call's time, the engineer at any time.
    expect(await joinCall(call.id, { role: "customer", name: request.contactName }, new Date(call.scheduledAt.getTime() - 31 * 60_000))).toMatchObject({ ok: false, message: expect.stringMatching(/^The call opens at .+, 30 minutes before its time\./) });
    expect(await joinCall(call.id, { role: "engineer", name: "Vikram Engineer", staff: office }, t0)).toEqual({ ok: true });
    const t1 = new Date(t0.getTime() + 20_000);
    expect(await joinCall(call.id, { role: "customer", name: request.contactName }, t1)).toEqual({ ok: true });
    // The customer's page reloads: the same stay.
    expect(await joinCall(call.id, { role: "customer", name: request.contactName }, new Date(t1.getTime() + 5000))).toEqual({ ok: true });
    const t2 = new Date(t0.getTime() + 125_000);
    const ended = await endCall(office, call.reference, t2);
    expect(ended).toMatchObject({ ok: true, message: "Call ended after 2 min 05 s." });
    const [row] = await db().select().from(videoCalls).where(eq(videoCalls.id, call.id));
    expect(row).toMatchObject({ status: "ended", durationSeconds: 125, engineerId: office.userId, version: 2 });
    expect(row!.startedAt!.getTime()).toBe(t0.getTime());
    expect(row!.endedAt!.getTime()).toBe(t2.getTime());
    expect(row!.participants).toEqual([
      { role: "engineer", name: "Vikram Engineer", userId: office.userId, joinedAt: t0.toISOString(), leftAt: t2.toISOString() },
      { role: "customer", name: request.contactName, joinedAt: t1.toISOString(), leftAt: t2.toISOString() },
    ]);
    // The customer's page is told the call is over.
    const [bye] = await db().select().from(liveEvents).where(and(eq(liveEvents.audience, `video:${call.id}`), eq(liveEvents.kind, "video.signal")));
    expect(bye!.data).toMatchObject({ from: "engineer", type: "bye", ended: true });
    expect(await endCall(office, call.reference, t2)).toMatchObject({ ok: false, message: "This call has already ended." });
    expect(await joinCall(call.id, { role: "customer", name: request.contactName })).toEqual({ ok: false, message: "This call is ended." });

    // The log: the past tab, found by the request's reference, with who took part; the CSV has the same.
    const page = await listCalls({ show: "past", q: request.reference }, undefined);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ reference: call.reference, status: "ended", durationSeconds: 125, engineerName: "Vikram Engineer", requestReference: request.reference });
    expect(page.rows[0]!.participants.map((p) => p.role)).toEqual(["engineer", "customer"]);
    expect(page.counts.past).toBeGreaterThanOrEqual(1);
    expect((await listCalls({ show: "upcoming", q: request.reference }, undefined)).rows).toHaveLength(0);
    const csv = await exportCalls({ show: "all", q: call.reference });
    expect(csv.map((r) => r.reference)).toEqual([call.reference]);
  });

  it("ICE servers from the stored integrations (the TURN password write-only), each VIDEO_* variable winning", async () => {
    expect(await iceServers()).toEqual([]);
    const change = integrationsForm.parse({ videoStunUrls: "stun:stun.example.in:3478", videoTurnUrls: "turn:turn.example.in:3478", videoTurnUsername: "deccan", videoTurnCredential: "turn-secret-1" });
    expect(integrationsForm.safeParse({ videoStunUrls: "http://stun.example.in" }).error?.issues[0]).toMatchObject({ path: ["videoStunUrls"] });
    const editing = await readSettingsForEditing();
    const saved = await saveSettingsGroup({ group: "integrations", expectedVersion: editing.versions.integrations, next: (current) => applyIntegrationsChange(current as Record<string, unknown>, change), actor: { userId: office.userId, label: "test", ipAddress: null } });
    expect(saved).toMatchObject({ ok: true });
    clearSettingsCache();
    expect(await iceServers()).toEqual([{ urls: ["stun:stun.example.in:3478"] }, { urls: ["turn:turn.example.in:3478"], username: "deccan", credential: "turn-secret-1" }]);
    const view = integrationsView((await readSettingsForEditing()).values.integrations);
    expect(view.secrets).toMatchObject({ videoTurnCredential: true });
    expect(JSON.stringify(view)).not.toContain("turn-secret-1");
    const previous = getServerConfig();
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "v".repeat(40), DATA_DIR: storage, VIDEO_STUN_URLS: "stun:env.example.in:3478" }));
    try {
      expect((await iceServers())[0]).toEqual({ urls: ["stun:env.example.in:3478"] });
      expect(integrationsView((await readSettingsForEditing()).values.integrations).fromEnvironment).toMatchObject({ videoStunUrls: true, videoTurnUrls: false });
    } finally {
      setServerConfig(previous);
      // Back to none, for the other tests.
      const again = await readSettingsForEditing();
      const none = integrationsForm.parse({ removeVideoTurnCredential: "on" });
      await saveSettingsGroup({ group: "integrations", expectedVersion: again.versions.integrations, next: (current) => applyIntegrationsChange(current as Record<string, unknown>, none), actor: { userId: office.userId, label: "test", ipAddress: null } });
      clearSettingsCache();
    }
    expect(await iceServers()).toEqual([]);
  });

  it("moving and cancelling: on the version seen (a stale one refused), the customer told by SMS each time", async () => {
    const now = new Date();
    const { call, request } = await booked(now);
    const [date, time] = indiaParts(new Date(now.getTime() + 2 * 3_600_000));
    const moved = await rescheduleCall(office, call.reference, rescheduleCallSchema(now).parse({ intent: "reschedule", version: "1", date, time }), now);
    expect(moved).toMatchObject({ ok: true });
    const sms = await db().select().from(outbox).where(like(outbox.dedupeKey, `video:${call.reference}:%`));
    expect(sms.map((m) => m.dedupeKey).sort()).toEqual([`video:${call.reference}:v1:booked-sms`, `video:${call.reference}:v2:booked-sms`]);
    expect(await rescheduleCall(office, call.reference, rescheduleCallSchema(now).parse({ intent: "reschedule", version: "1", date, time }), now)).toMatchObject({ ok: false, message: STALE_CALL_MESSAGE });
    expect(await saveNotes(office, call.reference, { intent: "notes", version: 1, notes: "old" })).toMatchObject({ ok: false, message: STALE_CALL_MESSAGE });
    expect(await saveNotes(office, call.reference, { intent: "notes", version: 2, notes: "Customer will have the panel open." })).toMatchObject({ ok: true });
    expect(await cancelCall(office, call.reference, { intent: "cancel", version: 3, reason: "Engineer on site instead" })).toMatchObject({ ok: true, message: "Call cancelled. The customer has been told by SMS." });
    const [cancelled] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `video:${call.reference}:cancelled-sms`));
    expect(cancelled).toMatchObject({ recipient: request.mobile, template: DLT_TEMPLATES.videoCallCancelled.id });
    const [row] = await db().select().from(videoCalls).where(eq(videoCalls.id, call.id));
    expect(row).toMatchObject({ status: "cancelled", notes: "Customer will have the panel open.\n\nCancelled: Engineer on site instead" });
    expect(await joinCall(call.id, { role: "customer", name: "x" })).toEqual({ ok: false, message: "This call is cancelled." });
    const audits = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(call.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(["video-call.cancel", "video-call.notes", "video-call.reschedule", "video-call.schedule"]);
  });
});
