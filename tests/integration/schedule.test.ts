import { and, asc, eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { auditActor } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, outbox, requestEvents, serviceRequests, type technicianProfiles, technicianTimeOff, users } from "~/.server/db/schema.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { assignmentCandidates, indiaTime } from "~/.server/requests/work.ts";
import { scheduleBoard } from "~/.server/schedule/board.ts";
import { clashFingerprint, findClashes } from "~/.server/schedule/clashes.ts";
import { moveJob } from "~/.server/schedule/move.ts";
import { addTimeOff, removeTimeOff, upcomingTimeOff } from "~/.server/schedule/time-off.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import { boardQuerySchema } from "~/lib/forms/admin/schedule.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { addDays, weekStartOf } from "~/lib/schedule/week.ts";
import { action as moveAction, loader as moveLoader } from "~/routes/admin/schedule/move.tsx";
import { loader as boardLoader } from "~/routes/admin/schedule/route.tsx";
import { action as portalTimeOffRoute, loader as portalTimeOffLoaderRoute } from "~/routes/technician/time-off.tsx";
import { inPortal } from "../support/portal.ts";
import { insertServiceRequest, insertTechnician } from "../support/work-fixtures.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf } from "../support/staff-routes.ts";

const ist = (date: string, clock: string) => indiaTime(date, clock);

describe("the schedule's rules without a database", () => {
  it("the week starts on the settings' day, in India's dates", () => {
    // 2026-11-25 is a Wednesday.
    expect(weekStartOf("2026-11-25", 1)).toBe("2026-11-23");
    expect(weekStartOf("2026-11-25", 0)).toBe("2026-11-22");
    expect(weekStartOf("2026-11-23", 1)).toBe("2026-11-23");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("clashes: overlap, leave, a missing skill, and another city back to back", () => {
    const d = "2026-11-25";
    const clashes = findClashes({
      technician: { name: "Anand", skills: ["vfd-ac-drives"] },
      move: { start: ist(d, "10:00"), end: ist(d, "12:00"), city: "Hyderabad", serviceSlug: "plc-repair-programming", serviceName: "PLC Repair & Programming" },
      visits: [
        { reference: "SR-2611-0001", start: ist(d, "11:00"), end: ist(d, "13:00"), city: "Hyderabad" },
        { reference: "SR-2611-0002", start: ist(d, "12:30"), end: ist(d, "14:00"), city: "Pune" },
        // Secunderabad is Hyderabad's twin: no travel clash.
        { reference: "SR-2611-0003", start: ist(d, "08:00"), end: ist(d, "09:45"), city: "Secunderabad" },
      ],
      timeOff: [{ id: 7, kind: "leave", startsAt: ist(d, "00:00"), endsAt: ist(d, "23:59"), note: "Wedding" }],
    });
    expect(clashes.map((c) => c.code)).toEqual(["time-off:7", "overlap:SR-2611-0001", "travel:SR-2611-0002", "skill"]);
    expect(clashes[1]!.text).toBe("Overlaps SR-2611-0001 (11:00 am - 1:00 pm) for Anand.");
    expect(clashes[2]!.text).toContain("Back to back with SR-2611-0002 in Pune");
    expect(clashes[3]!.text).toBe("Anand has no PLC programming & troubleshooting skill for PLC Repair & Programming.");
    expect(clashFingerprint(clashes)).toBe("overlap:SR-2611-0001|skill|time-off:7|travel:SR-2611-0002");
  });

  it("the board and every move need 'dispatch': the office has it, accounts does not", () => {
    expect(screenFor("/admin/schedule")).toMatchObject({ permission: "dispatch", group: "Work", built: true });
    expect(screenFor("/admin/schedule/move/SR-2611-0001")?.path).toBe("/admin/schedule");
    expect(screenFor("/admin/schedule/time-off")?.path).toBe("/admin/schedule");
    expect(can("office", "dispatch")).toBe(true);
    expect(can("accounts", "dispatch")).toBe(false);
  });
});

describeEachEngine("schedule board", (database, engine) => {
  const db = () => database().handle.db;
  let office: StaffMember;
  let owner: StaffMember;
  let counter = 0;
  const tomorrow = addDays(todayInIndia(), 1);

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole("+919000000301", "admin", db(), "Asha Office");
    const b = await upsertUserWithRole("+919000000302", "admin", db(), "Omkar Owner");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, b.id));
    office = asStaff("office", { userId: a.id, name: "Asha Office", ipAddress: "203.0.113.7" });
    owner = asStaff("owner", { userId: b.id, name: "Omkar Owner", ipAddress: "203.0.113.8" });
  });

  async function newRequest(over: Partial<typeof serviceRequests.$inferInsert> = {}) {
    counter += 1;
    const at = over.createdAt ?? new Date(Date.now() - 60 * 60_000 + counter * 1000);
    return insertServiceRequest(db(), { reference: `SR-2612-${String(7000 + counter)}`, mobile: `+9198481${String(10000 + counter)}` }, over, at);
  }

  async function technician(name: string, over: Partial<typeof technicianProfiles.$inferInsert> = {}) {
    counter += 1;
    return insertTechnician(db(), { reference: `TA-2612-${String(7000 + counter)}`, mobile: `+9197001${String(10000 + counter)}`, name }, over);
  }

  const requestRow = async (id: number) => (await db().select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!;
  const auditOf = (id: number) => db().select().from(auditLog).where(and(eq(auditLog.entityType, "request"), eq(auditLog.entityId, String(id)))).orderBy(asc(auditLog.id));
  const eventsOf = (id: number) => db().select().from(requestEvents).where(eq(requestEvents.requestId, id));
  const move = (version: number, technicianId: number, from: string, to: string, acknowledged = "") => ({ intent: "move" as const, version, technicianId, date: tomorrow, from, to, acknowledged });

  it("the board: a row per technician, the visit in its day with its stage and flags, the queue with emergencies first", async () => {
    const t = await technician("Board Bhaskar", { city: "Pune" });
    const visit = await newRequest({ assignedTechnicianId: t.id, status: "scheduled", visitStart: ist(tomorrow, "10:00"), visitEnd: ist(tomorrow, "12:00"), urgency: "emergency", city: "Pune" });
    // A visit whose start has passed with nobody on the way: behind schedule.
    const late = await newRequest({ assignedTechnicianId: t.id, status: "scheduled", visitStart: new Date(Date.now() - 30 * 60_000), visitEnd: new Date(Date.now() + 60 * 60_000), city: "Pune" });
    const oldEmergency = await newRequest({ urgency: "emergency", city: "Pune", createdAt: new Date(Date.now() - 5 * 3_600_000) });
    const planned = await newRequest({ city: "Pune", createdAt: new Date(Date.now() - 60_000) });
    const newEmergency = await newRequest({ urgency: "emergency", city: "Pune", createdAt: new Date(Date.now() - 2 * 60_000) });
    const noVisit = await newRequest({ assignedTechnicianId: t.id, status: "contacted", city: "Pune", createdAt: new Date(Date.now() - 3 * 60_000) });

    const q = boardQuerySchema().parse({ view: "week", date: tomorrow, city: "pune" });
    const board = await scheduleBoard(q);
    expect(board.days).toHaveLength(7);
    expect(board.days[0]!.date).toBe(weekStartOf(tomorrow, 1));
    const row = board.technicians.find((r) => r.id === t.id)!;
    expect(row).toBeDefined();
    const day = row.days.find((d) => d.date === tomorrow)!;
    expect(day.visits.map((v) => [v.reference, v.stageLabel, v.emergency, v.window, v.customer, v.city, v.phone])).toContainEqual([
      visit.reference,
      "Scheduled",
      true,
      "10:00 am - 12:00 pm",
      "Sri Venkateswara Pharma",
      "Pune",
      visit.mobile,
    ]);
    const lateCard = row.days.flatMap((d) => d.visits).find((v) => v.reference === late.reference);
    expect(lateCard?.flags).toEqual(["Behind schedule: not on the way"]);
    // The queue: the newest emergency, then the older one, then the rest newest first.
    expect(board.queue.items.map((j) => j.reference)).toEqual([newEmergency.reference, oldEmergency.reference, planned.reference, noVisit.reference]);
    expect(board.queue.items.find((j) => j.reference === noVisit.reference)?.waitingFor).toBe("A visit");
    expect(board.queue.items[0]!.clock.text).toMatch(/^Due in /);
    // Another city's technicians are not on a Pune board; the urgency filter keeps the emergencies only.
    expect(board.technicians.every((r) => r.city === "Pune")).toBe(true);
    const emergencies = await scheduleBoard(boardQuerySchema().parse({ view: "day", date: tomorrow, city: "Pune", urgency: "emergency" }));
    expect(emergencies.technicians.find((r) => r.id === t.id)!.days[0]!.visits.map((v) => v.reference)).toEqual([visit.reference]);
    expect(emergencies.queue.items.map((j) => j.reference)).toEqual([newEmergency.reference, oldEmergency.reference]);

    // Through the route: a bad filter value falls back (no 500).
    const loaded = (await boardLoader(routeArgs(`/admin/schedule?view=sideways&date=yesterday&technician=${t.id}&urgency=nope`, { staff: office }))) as Awaited<ReturnType<typeof boardLoader>>;
    expect(loaded.query).toMatchObject({ view: "week", date: todayInIndia(), technician: t.id });
    expect(loaded.board.technicians.map((r) => r.id)).toEqual([t.id]);
  });

  it("a move from the queue: assigned and booked in one change, the same SMS and audit entries as the request page", async () => {
    const t = await technician("Move Mohan");
    const r = await newRequest({ urgency: "emergency" });
    const result = await moveJob(office, r.reference, move(1, t.id, "10:00", "12:00"));
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.message).toContain("Assigned to Move Mohan. The technician has been told by SMS. Visit booked for");
    const row = await requestRow(r.id);
    expect(row).toMatchObject({ assignedTechnicianId: t.id, status: "scheduled", visitStart: ist(tomorrow, "10:00"), visitEnd: ist(tomorrow, "12:00"), version: 2 });
    expect((await auditOf(r.id)).map((a) => a.action)).toEqual(["request.assign", "request.schedule"]);
    expect((await eventsOf(r.id)).map((e) => e.kind).sort()).toEqual(["assign", "schedule"]);
    const sent = await db().select().from(outbox).where(like(outbox.dedupeKey, `request:${r.reference}:event:%`));
    expect(sent.filter((m) => m.recipient === t.mobile).map((m) => m.template)).toEqual([DLT_TEMPLATES.technicianJobAssigned.id]);
    expect(sent.filter((m) => m.recipient === r.mobile && m.channel === "sms").map((m) => m.body)).toEqual([
      expect.stringContaining(`the visit for your service request ${r.reference} is booked for`),
    ]);
    // A stale version is refused, nothing written.
    expect(await moveJob(office, r.reference, move(1, t.id, "14:00", "15:00"))).toMatchObject({ ok: false, field: "form", message: expect.stringContaining("changed") });
  });

  it("the board's drag: a visit carries its version and window; a longer visit saved as a move, a stale drop refused", async () => {
    const t = await technician("Handle Harish", { city: "Nagpur" });
    const r = await newRequest({ assignedTechnicianId: t.id, status: "scheduled", visitStart: ist(tomorrow, "10:00"), visitEnd: ist(tomorrow, "12:00"), city: "Nagpur" });
    const board = await scheduleBoard(boardQuerySchema().parse({ view: "day", date: tomorrow, technician: String(t.id) }));
    const card = board.technicians[0]!.days[0]!.visits.find((v) => v.reference === r.reference)!;
    expect(card).toMatchObject({ version: r.version, technicianId: t.id, move: { date: tomorrow, from: "10:00", to: "12:00" } });

    // The length handle posts the same move with a later end (the same technician and start).
    const longer = await moveJob(office, r.reference, { ...move(card.version, t.id, "10:00", "13:30"), ...card.move, to: "13:30" });
    expect(longer.ok).toBe(true);
    const saved = await requestRow(r.id);
    expect([saved.assignedTechnicianId, saved.visitStart, saved.visitEnd]).toEqual([t.id, ist(tomorrow, "10:00"), ist(tomorrow, "13:30")]);

    // A drop from a board drawn before that save carries the old version: refused, nothing changed.
    const stale = await moveJob(office, r.reference, move(card.version, t.id, "14:00", "16:00"));
    expect(stale.ok).toBe(false);
    expect((await requestRow(r.id)).visitStart).toEqual(ist(tomorrow, "10:00"));
  });

  it("clashes are shown before saving and nothing is saved; saving anyway keeps the warning in the audit entry", async () => {
    const t = await technician("Leave Lakshmi");
    await addTimeOff(auditActor(office), t.id, { kind: "leave", startDate: tomorrow, startTime: "00:00", endDate: tomorrow, endTime: "23:59", note: "Family function" });
    const r = await newRequest();
    const first = await moveJob(office, r.reference, move(1, t.id, "10:00", "12:00"));
    expect(first).toMatchObject({ ok: false, field: "form", message: "This move clashes: check below, then save anyway or choose another time." });
    const clashes = !first.ok && first.reason === "refused" ? first : undefined;
    expect(clashes?.clashes).toEqual([expect.stringContaining("Leave Lakshmi is on leave then")]);
    expect((await requestRow(r.id)).version).toBe(1);
    expect(await auditOf(r.id)).toEqual([]);
    const saved = await moveJob(office, r.reference, move(1, t.id, "10:00", "12:00", clashes!.fingerprint!));
    expect(saved).toMatchObject({ ok: true });
    const entries = await auditOf(r.id);
    expect(entries.find((e) => e.action === "request.schedule")?.after).toMatchObject({ clashWarnings: [expect.stringContaining("on leave")] });
    // The time off is on the board, and its entries are audited on the technician.
    const board = await scheduleBoard(boardQuerySchema().parse({ view: "day", date: tomorrow, technician: String(t.id) }));
    expect(board.technicians[0]!.days[0]!.timeOff).toEqual([expect.objectContaining({ kind: "leave", note: "Family function" })]);
    const [entry] = await upcomingTimeOff(t.id);
    expect(await removeTimeOff(auditActor(office), entry!.id, t.id + 1000)).toMatchObject({ ok: false });
    expect(await removeTimeOff(auditActor(office), entry!.id)).toMatchObject({ ok: true });
    expect(await db().select().from(technicianTimeOff).where(eq(technicianTimeOff.technicianId, t.id))).toEqual([]);
    const techAudit = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "technician"), eq(auditLog.entityId, String(t.id)))).orderBy(asc(auditLog.id));
    expect(techAudit.map((a) => [a.action, a.actorLabel])).toEqual([
      ["technician.time-off", "Asha Office"],
      ["technician.time-off-remove", "Asha Office"],
    ]);
  });

  it("through the route: bad input beside the field, a clash shown with its 'Save anyway', a move saved and redirected", async () => {
    const t = await technician("Route Ramesh", { skills: ["motor-rewinding"] });
    const r = await newRequest();
    const page = (await moveLoader(routeArgs(`/admin/schedule/move/${r.reference}?technicianId=${t.id}&date=${tomorrow}&from=10:00&to=11:00`, { staff: office, params: { reference: r.reference } }))) as Awaited<
      ReturnType<typeof moveLoader>
    >;
    // The preview: the missing skill, read only.
    expect(page.preview?.clashes).toEqual([expect.stringContaining("Route Ramesh has no PLC")]);
    const bad = await moveAction(routeArgs(`/admin/schedule/move/${r.reference}`, { staff: office, params: { reference: r.reference }, body: { intent: "move", version: "1", technicianId: String(t.id), date: "2020-01-01", from: "10:00", to: "10:00" } }));
    expect(statusOf(bad)).toBe(400);
    const refused = await moveAction(routeArgs(`/admin/schedule/move/${r.reference}`, { staff: office, params: { reference: r.reference }, body: { intent: "move", version: "1", technicianId: String(t.id), date: tomorrow, from: "10:00", to: "11:00" } }));
    expect(statusOf(refused)).toBe(400);
    const saved = await moveAction(
      routeArgs(`/admin/schedule/move/${r.reference}`, {
        staff: office,
        params: { reference: r.reference },
        body: { intent: "move", version: "1", technicianId: String(t.id), date: tomorrow, from: "10:00", to: "11:00", acknowledged: page.preview!.fingerprint, back: "https://evil.example/" },
      }),
    );
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("location")).toBe("/admin/schedule");
    expect((await requestRow(r.id)).assignedTechnicianId).toBe(t.id);
  });

  it("a technician marks their own leave from the portal, removes only their own, and the board reads it", async () => {
    const portalTimeOffLoader = inPortal("technician", portalTimeOffLoaderRoute);
    const portalTimeOffAction = inPortal("technician", portalTimeOffRoute);
    const APP = "http://localhost:3000";
    const withAccount = async (mobile: string, name: string) => {
      const user = await upsertUserWithRole(mobile, "technician", db(), name);
      const profile = await technician(name, { mobile, userId: user.id });
      const cookie = (await startSession({ userId: user.id, role: "technician", method: "otp", request: new Request(APP), url: new URL(APP), address: "203.0.113.7" })).split(";")[0]!;
      return { profile, cookie };
    };
    const args = (cookie: string, body?: Record<string, string>) => {
      const context = new RouterContextProvider();
      context.set(clientAddressContext, "203.0.113.7");
      const request = new Request(new URL("/technician/time-off", APP), body ? { method: "POST", body: new URLSearchParams(body), headers: { cookie } } : { headers: { cookie } });
      return { request, url: new URL(request.url), params: {}, context } as never;
    };
    const me = await withAccount("+919700077701", "Portal Prasad");
    const other = await withAccount("+919700077702", "Portal Pavan");
    // The form's technician is ignored: the entry is always the signed-in technician's own.
    const added = await portalTimeOffAction(args(me.cookie, { intent: "add", technicianId: String(other.profile.id), kind: "unavailable", startDate: tomorrow, startTime: "14:00", endDate: tomorrow, endTime: "16:00", note: "Doctor" }));
    expect(statusOf(added)).toBe(303);
    const mine = (await portalTimeOffLoader(args(me.cookie))) as Awaited<ReturnType<typeof portalTimeOffLoaderRoute>>;
    expect(mine.entries.map((e) => [e.kind, e.note])).toEqual([["unavailable", "Doctor"]]);
    expect(await upcomingTimeOff(other.profile.id)).toEqual([]);
    // Bad input: beside the field, never a 500.
    const bad = await portalTimeOffAction(args(me.cookie, { intent: "add", kind: "leave", startDate: tomorrow, startTime: "18:00", endDate: tomorrow, endTime: "09:00" }));
    expect(statusOf(bad)).toBe(400);
    // Someone else's entry cannot be removed from the portal.
    const refused = await portalTimeOffAction(args(other.cookie, { intent: "remove", id: String(mine.entries[0]!.id) }));
    expect(statusOf(refused)).toBe(400);
    expect(await upcomingTimeOff(me.profile.id)).toHaveLength(1);
    // The board greys those hours, and a move onto them is a clash.
    const board = await scheduleBoard(boardQuerySchema().parse({ view: "day", date: tomorrow, technician: String(me.profile.id) }));
    expect(board.technicians[0]!.days[0]!.timeOff).toEqual([expect.objectContaining({ kind: "unavailable", window: "2:00 pm - 4:00 pm" })]);
    const r = await newRequest();
    expect(await moveJob(office, r.reference, move(1, me.profile.id, "15:00", "17:00"))).toMatchObject({ ok: false, clashes: [expect.stringContaining("Portal Prasad is unavailable then")] });
    // The request page's suggestions read the same table: on leave now is "Not available now".
    await addTimeOff(auditActor(office), other.profile.id, { kind: "leave", startDate: todayInIndia(), startTime: "00:00", endDate: tomorrow, endTime: "23:59", note: undefined });
    const candidates = await assignmentCandidates();
    expect(candidates.find((c) => c.id === other.profile.id)?.availableNow).toBe(false);
    expect(candidates.find((c) => c.id === me.profile.id)?.availableNow).toBe(true);
    const techAudit = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "technician"), eq(auditLog.entityId, String(me.profile.id))));
    expect(techAudit.map((a) => [a.action, a.actorLabel])).toEqual([["technician.time-off", "Portal Prasad (technician)"]]);
  });

  // Real concurrency on PostgreSQL (the technician's row lock and the version check); PGlite runs them one after another.
  it(`racing dispatchers (${engine}): many jobs dropped on one technician's slot at once, one wins, the others are told and nothing is half-saved`, async () => {
    const t = await technician("Race Raju");
    const jobs = await Promise.all(Array.from({ length: 8 }, () => newRequest()));
    const results = await Promise.all(jobs.map((j, i) => moveJob(i % 2 ? office : owner, j.reference, move(1, t.id, "15:00", "17:00"))));
    const won = results.filter((x) => x.ok);
    expect(won).toHaveLength(1);
    for (const lost of results.filter((x) => !x.ok)) {
      expect(lost).toMatchObject({ ok: false, field: "form", message: "This move clashes: check below, then save anyway or choose another time.", clashes: [expect.stringMatching(/^Overlaps SR-/)] });
    }
    const rows = await Promise.all(jobs.map((j) => requestRow(j.id)));
    expect(rows.filter((row) => row.assignedTechnicianId === t.id)).toHaveLength(1);
    expect(rows.filter((row) => row.version !== 1 || row.visitStart !== null)).toHaveLength(1);
    const events = (await Promise.all(jobs.map((j) => eventsOf(j.id)))).flat();
    expect(events).toHaveLength(2);

    // The same job dropped on many technicians at once: one technician gets it.
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => technician(`Race Tech ${i}`)));
    const job = await newRequest();
    const answers = await Promise.all(many.map((m) => moveJob(office, job.reference, move(1, m.id, "09:00", "10:00"))));
    expect(answers.filter((x) => x.ok)).toHaveLength(1);
    const row = await requestRow(job.id);
    expect(row.version).toBe(2);
    expect(await auditOf(job.id)).toHaveLength(2);
    const told = await db().select().from(outbox).where(like(outbox.dedupeKey, `request:${job.reference}:event:%:technician-sms`));
    expect(told.map((m) => m.recipient)).toEqual([many.find((m) => m.id === row.assignedTechnicianId)!.mobile]);
  });
});
