import { and, eq, isNull } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, calendarFeeds, type serviceRequests, type technicianProfiles, users } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { indiaTime } from "~/.server/requests/work.ts";
import { issueFeed } from "~/.server/schedule/calendar-feed.ts";
import { moveJob } from "~/.server/schedule/move.ts";
import { addTimeOff } from "~/.server/schedule/time-off.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { addDays } from "~/lib/schedule/week.ts";
import { action as boardFeedAction, loader as boardFeedLoader } from "~/routes/admin/schedule/calendar.tsx";
import { action as recordAction, loader as recordLoader } from "~/routes/admin/technicians/technician.tsx";
import { loader as feedRoute } from "~/routes/public/calendar-feed.ts";
import { action as agendaActionRoute, loader as agendaLoaderRoute } from "~/routes/technician/agenda.tsx";
import { inPortal } from "../support/portal.ts";
import { asStaff, routeArgs, thrownStatus } from "../support/staff-routes.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { insertServiceRequest, insertTechnician } from "../support/work-fixtures.ts";

const APP = "http://localhost:3000";
const agendaLoader = inPortal("technician", agendaLoaderRoute);
const agendaAction = inPortal("technician", agendaActionRoute);

/** The feed's text with folded lines unfolded (RFC 5545 §3.1), as a calendar reads it. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "");
const eventOf = (ics: string, reference: string) => unfold(ics).split("BEGIN:VEVENT").find((e) => e.includes(`UID:visit-${reference}@`) || e.includes(`UID:board-${reference}@`));

describe("calendar feeds without a database", () => {
  it("the board's feed page is the schedule's (dispatch): the office has it, accounts does not", () => {
    expect(screenFor("/admin/schedule/calendar")?.permission).toBe("dispatch");
    expect(can("office", "dispatch")).toBe(true);
    expect(can("accounts", "dispatch")).toBe(false);
  });
});

describeEachEngine("technician agenda and calendar feeds", (database, engine) => {
  const db = () => database().handle.db;
  let office: StaffMember;
  let counter = 0;
  const tomorrow = addDays(todayInIndia(), 1);

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), APP);
    clearSettingsCache();
    const a = await upsertUserWithRole("+919000000401", "admin", db(), "Asha Office");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    office = asStaff("office", { userId: a.id, name: "Asha Office", ipAddress: "203.0.113.7" });
  });

  async function newRequest(over: Partial<typeof serviceRequests.$inferInsert> = {}) {
    counter += 1;
    return insertServiceRequest(db(), { reference: `SR-2612-${String(8000 + counter)}`, mobile: `+9198482${String(10000 + counter)}` }, over, new Date(Date.now() - 3_600_000));
  }

  async function withAccount(name: string, over: Partial<typeof technicianProfiles.$inferInsert> = {}) {
    counter += 1;
    const mobile = `+9197002${String(10000 + counter)}`;
    const user = await upsertUserWithRole(mobile, "technician", db(), name);
    const profile = await insertTechnician(db(), { reference: `TA-2612-${String(8000 + counter)}`, mobile, name }, { userId: user.id, ...over });
    const cookie = (await startSession({ userId: user.id, role: "technician", method: "otp", request: new Request(APP), url: new URL(APP), address: "203.0.113.7" })).split(";")[0]!;
    return { profile, cookie };
  }

  const portalArgs = (cookie: string, body?: Record<string, string>) => {
    const context = new RouterContextProvider();
    context.set(clientAddressContext, "203.0.113.7");
    const request = new Request(new URL("/technician/agenda", APP), body ? { method: "POST", body: new URLSearchParams(body), headers: { cookie } } : { headers: { cookie } });
    return { request, url: new URL(request.url), params: {}, context } as never;
  };

  let address = 0;
  /** The feed as a phone's calendar fetches it (each call from its own address, clear of the rate limit). */
  async function fetchFeed(path: string, from?: string) {
    address += 1;
    const file = path.split("/").pop()!;
    return (await feedRoute(routeArgs(`${APP}/calendar-feeds/${file}`, { params: { file }, address: from ?? `198.51.100.${address % 250}` }))) as Response;
  }

  /** A technician's own "Get a calendar link" on the agenda: the https link shown once. */
  async function ownLink(cookie: string, extra: Record<string, string> = {}) {
    const answer = (await agendaAction(portalArgs(cookie, { intent: "calendar-feed-new", ...extra }))) as { data: { link: { https: string; webcal: string } } };
    return answer.data.link;
  }

  it("the agenda: this week's visit on its day with its window, site and stage, the technician's leave, nobody else's visits", async () => {
    const me = await withAccount("Agenda Arjun");
    const other = await withAccount("Agenda Bala");
    const mine = await newRequest({ assignedTechnicianId: me.profile.id, status: "scheduled", visitStart: indiaTime(tomorrow, "10:00"), visitEnd: indiaTime(tomorrow, "12:00"), city: "Hyderabad", siteAddress: "Plot 7, IDA Jeedimetla" });
    const theirs = await newRequest({ assignedTechnicianId: other.profile.id, status: "scheduled", visitStart: indiaTime(tomorrow, "10:00"), visitEnd: indiaTime(tomorrow, "12:00") });
    await addTimeOff({ userId: null, label: "Agenda Arjun (technician)", ipAddress: null }, me.profile.id, { kind: "unavailable", startDate: tomorrow, startTime: "15:00", endDate: tomorrow, endTime: "17:00", note: "Training" });
    const page = (await agendaLoader(portalArgs(me.cookie))) as Awaited<ReturnType<typeof agendaLoaderRoute>>;
    const days = page.agenda!.weeks.flatMap((w) => w.days);
    expect(days).toHaveLength(14);
    const day = days.find((d) => d.date === tomorrow)!;
    expect(day.visits.map((v) => [v.reference, v.window, v.site, v.stageLabel])).toEqual([[mine.reference, "10:00 am - 12:00 pm", "Plot 7, IDA Jeedimetla, Hyderabad", "Scheduled"]]);
    expect(day.timeOff.map((o) => [o.label, o.window, o.note])).toEqual([["Unavailable", "3:00 pm - 5:00 pm", "Training"]]);
    expect(days.flatMap((d) => d.visits).map((v) => v.reference)).not.toContain(theirs.reference);
    expect(page.feed).toBeUndefined();
  });

  it("a technician's feed: the visit with a stable UID, no phone number, private no-store; another's visits not in it; a new link makes the old one 410", async () => {
    const me = await withAccount("Feed Farhan");
    const other = await withAccount("Feed Gopal");
    const mine = await newRequest({ assignedTechnicianId: me.profile.id, status: "scheduled", visitStart: indiaTime(tomorrow, "09:00"), visitEnd: indiaTime(tomorrow, "11:00"), city: "Hyderabad", siteAddress: "Shed 4, Balanagar" });
    const theirs = await newRequest({ assignedTechnicianId: other.profile.id, status: "scheduled", visitStart: indiaTime(tomorrow, "13:00"), visitEnd: indiaTime(tomorrow, "14:00") });
    // The form cannot choose whose feed: a technicianId sent along is ignored.
    const link = await ownLink(me.cookie, { technicianId: String(other.profile.id) });
    expect(link.https).toMatch(/^http:\/\/localhost:3000\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(link.webcal).toBe(link.https.replace(/^http:/, "webcal:"));
    const answer = await fetchFeed(link.https);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const ics = await answer.text();
    const event = eventOf(ics, mine.reference)!;
    expect(event).toContain(`UID:visit-${mine.reference}@localhost`);
    expect(event).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(event).toContain(`DTSTART:${tomorrow.replaceAll("-", "")}T033000Z`);
    expect(event).toContain(`DTEND:${tomorrow.replaceAll("-", "")}T053000Z`);
    expect(event).toContain(`SUMMARY:${mine.reference} · `);
    expect(event).toContain("LOCATION:Shed 4\\, Balanagar\\, Hyderabad");
    expect(event).toContain(`URL;VALUE=URI:${APP}/technician/jobs/${mine.id}`);
    expect(event).toContain("SEQUENCE:1");
    expect(event).toContain("LAST-MODIFIED:");
    expect(unfold(ics)).not.toContain(mine.mobile.slice(3));
    expect(eventOf(ics, theirs.reference)).toBeUndefined();
    // The token is stored only as its hash; making it is audited on the technician.
    const token = link.https.split("/").pop()!.replace(".ics", "");
    const rows = await db().select().from(calendarFeeds).where(eq(calendarFeeds.technicianId, me.profile.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    const audited = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "technician"), eq(auditLog.entityId, String(me.profile.id))));
    expect(audited.map((a) => a.action)).toContain("technician.calendar-feed");
    // The agenda now says a link is live (it cannot show it again).
    expect(((await agendaLoader(portalArgs(me.cookie))) as Awaited<ReturnType<typeof agendaLoaderRoute>>).feed?.since).toBeTruthy();

    // A new link: the old address is gone (410), the new one works; turned off: 410 too.
    const second = await ownLink(me.cookie);
    expect((await fetchFeed(link.https)).status).toBe(410);
    expect((await fetchFeed(second.https)).status).toBe(200);
    const off = (await agendaAction(portalArgs(me.cookie, { intent: "calendar-feed-revoke" }))) as { data: { message: string } };
    expect(off.data.message).toContain("turned off");
    expect((await fetchFeed(second.https)).status).toBe(410);
    const actions = (await db().select().from(auditLog).where(and(eq(auditLog.entityType, "technician"), eq(auditLog.entityId, String(me.profile.id))))).map((a) => a.action);
    expect(actions.filter((a) => a === "technician.calendar-feed")).toHaveLength(2);
    expect(actions).toContain("technician.calendar-feed-revoke");

    // A guessed token (well formed, never made) and a malformed one: 404.
    expect((await fetchFeed(`/calendar-feeds/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await fetchFeed("/calendar-feeds/nope.ics")).status).toBe(404);
  });

  it("a moved visit changes the event's DTSTART and raises its SEQUENCE; a cancelled one is STATUS:CANCELLED", async () => {
    const me = await withAccount("Move Manoj");
    const r = await newRequest({ assignedTechnicianId: me.profile.id, status: "scheduled", visitStart: indiaTime(tomorrow, "10:00"), visitEnd: indiaTime(tomorrow, "11:00") });
    const link = await ownLink(me.cookie);
    const before = eventOf(await (await fetchFeed(link.https)).text(), r.reference)!;
    const sequence = Number(/SEQUENCE:(\d+)/.exec(before)![1]);
    const moved = await moveJob(office, r.reference, { intent: "move", version: r.version, technicianId: me.profile.id, date: tomorrow, from: "15:00", to: "17:00", acknowledged: "" });
    expect(moved).toMatchObject({ ok: true });
    const after = eventOf(await (await fetchFeed(link.https)).text(), r.reference)!;
    expect(after).toContain(`DTSTART:${tomorrow.replaceAll("-", "")}T093000Z`);
    expect(Number(/SEQUENCE:(\d+)/.exec(after)![1])).toBeGreaterThan(sequence);
    const cancelled = await newRequest({ assignedTechnicianId: me.profile.id, status: "cancelled", visitStart: indiaTime(tomorrow, "18:00"), visitEnd: indiaTime(tomorrow, "19:00") });
    expect(eventOf(await (await fetchFeed(link.https)).text(), cancelled.reference)).toContain("STATUS:CANCELLED");
  });

  it("the office: a technician's feed from their record page (dispatch needed), the whole board's for itself, gone when it loses dispatch", async () => {
    const t = await withAccount("Office Omkar");
    const u = await withAccount("Office Usha");
    const a = await newRequest({ assignedTechnicianId: t.profile.id, status: "scheduled", visitStart: indiaTime(tomorrow, "10:00"), visitEnd: indiaTime(tomorrow, "11:00") });
    const b = await newRequest({ assignedTechnicianId: u.profile.id, status: "scheduled", visitStart: indiaTime(tomorrow, "12:00"), visitEnd: indiaTime(tomorrow, "13:00") });
    const params = { id: String(t.profile.id) };

    // The record page: the panel for a dispatcher; the action refused (403) to a role without dispatch.
    const page = (await recordLoader(routeArgs(`/admin/technicians/${t.profile.id}`, { staff: office, params }))) as Awaited<ReturnType<typeof recordLoader>>;
    expect(page.feed).toEqual({ live: undefined });
    const accounts = asStaff("accounts", { userId: office.userId, name: "Anil Accounts" });
    expect(await thrownStatus(recordAction(routeArgs(`/admin/technicians/${t.profile.id}`, { staff: accounts, params, body: { intent: "calendar-feed-new" } })))).toBe(403);
    const made = (await recordAction(routeArgs(`/admin/technicians/${t.profile.id}`, { staff: office, params, body: { intent: "calendar-feed-new" } }))) as { data: { link: { https: string } } };
    const ics = await (await fetchFeed(made.data.link.https)).text();
    expect(eventOf(ics, a.reference)).toBeDefined();
    expect(eventOf(ics, b.reference)).toBeUndefined();
    const entry = (await db().select().from(auditLog).where(and(eq(auditLog.action, "technician.calendar-feed"), eq(auditLog.entityId, String(t.profile.id)))))[0];
    expect(entry?.actorLabel).toBe("Asha Office");
    const revoked = (await recordAction(routeArgs(`/admin/technicians/${t.profile.id}`, { staff: office, params, body: { intent: "calendar-feed-revoke" } }))) as { data: { message: string } };
    expect(revoked.data.message).toContain("turned off");
    expect((await fetchFeed(made.data.link.https)).status).toBe(410);

    // The board's feed: every technician's visits, links to the back office.
    expect(((await boardFeedLoader(routeArgs("/admin/schedule/calendar", { staff: office }))) as Awaited<ReturnType<typeof boardFeedLoader>>).own).toBeUndefined();
    const board = (await boardFeedAction(routeArgs("/admin/schedule/calendar", { staff: office, body: { intent: "calendar-feed-new" } }))) as { data: { link: { https: string } } };
    const all = await (await fetchFeed(board.data.link.https)).text();
    expect(eventOf(all, a.reference)).toContain(`SUMMARY:Office Omkar: ${a.reference}`);
    expect(eventOf(all, b.reference)).toContain("URL;VALUE=URI:http://127.0.0.1:3000/admin/service-requests/");
    // Its owner loses the dispatch permission: the link answers 410.
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, office.userId));
    try {
      expect((await fetchFeed(board.data.link.https)).status).toBe(410);
    } finally {
      await db().update(users).set({ staffRole: "office" }).where(eq(users.id, office.userId));
    }
    expect((await fetchFeed(board.data.link.https)).status).toBe(200);
  });

  it("the feed is rate-limited per address like the other public endpoints", async () => {
    const from = `192.0.2.${engine === "postgres" ? 11 : 12}`;
    for (let i = 0; i < 60; i++) expect((await fetchFeed("/calendar-feeds/x.ics", from)).status).toBe(404);
    const limited = await fetchFeed("/calendar-feeds/x.ics", from);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("many new links at once for one technician: each revokes the one before, exactly one stays live", async () => {
    const t = await withAccount("Race Ravi");
    const made = await Promise.all(Array.from({ length: 8 }, () => issueFeed({ userId: null, label: "test", ipAddress: null }, { scope: "technician", technicianId: t.profile.id })));
    expect(made.every((m) => m.ok)).toBe(true);
    const live = await db().select().from(calendarFeeds).where(and(eq(calendarFeeds.technicianId, t.profile.id), isNull(calendarFeeds.revokedAt)));
    expect(live).toHaveLength(1);
    const statuses = await Promise.all(made.map((m) => (m.ok ? fetchFeed(`/calendar-feeds/${m.token}.ics`) : undefined)));
    expect(statuses.map((s) => s!.status).sort()).toEqual([200, 410, 410, 410, 410, 410, 410, 410]);
  });
});
