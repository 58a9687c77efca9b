import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, outbox, requestEvents, serviceRequests, type technicianProfiles, users } from "~/.server/db/schema.ts";
import { backOfficeUrl } from "~/.server/notifications/links.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { findRequestOf, findRequestWithHistory } from "~/.server/requests/index.ts";
import {
  assignmentCandidates,
  assignTechnician,
  cancelRequest,
  changeStatus,
  logContact,
  markDuplicate,
  recordPo,
  requestWorkPage,
  scheduleVisit,
  statusChanges,
} from "~/.server/requests/work.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can, type StaffRole } from "~/lib/auth/permissions.ts";
import { STALE_REQUEST_MESSAGE } from "~/lib/forms/admin/request-actions.ts";
import { action as pageAction, loader as pageLoader } from "~/routes/admin/service-requests/request.tsx";
import { scheduleSchema, STATUS_CHOICES } from "~/lib/forms/admin/request-actions.ts";
import { insertServiceRequest, insertTechnician } from "../support/work-fixtures.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf } from "../support/staff-routes.ts";

/** An India-time wall clock: ist("2026-11-24 10:00"). */
const ist = (s: string) => new Date(`${s.replace(" ", "T")}:00+05:30`);

describe("back-office links", () => {
  it("point at ADMIN_HOST when set, else at the site's address on 127.0.0.1", () => {
    expect(backOfficeUrl("/admin/service-requests/SR-2611-0001", "http://localhost:3000", "office.example.in")).toBe(
      "https://office.example.in/admin/service-requests/SR-2611-0001",
    );
    const previous = getServerConfig();
    setServerConfig(readConfig({}));
    try {
      expect(backOfficeUrl("/admin/service-requests/SR-2611-0001", "http://localhost:3000")).toBe("http://127.0.0.1:3000/admin/service-requests/SR-2611-0001");
      expect(backOfficeUrl("/admin/technicians", "https://www.example.in")).toBe("https://127.0.0.1/admin/technicians");
    } finally {
      setServerConfig(previous);
    }
  });
});

describe("the pause and completion stamps of a status change", () => {
  it("entering a waiting status starts the pause, leaving it adds the pause, completing stamps the time", () => {
    const t0 = ist("2026-11-24 10:00");
    const t1 = ist("2026-11-24 12:30");
    expect(statusChanges({ status: "in_progress", pausedAt: null, pausedSeconds: 0 }, "awaiting_parts", t0)).toEqual({ status: "awaiting_parts", pausedAt: t0 });
    // From one waiting status to the other: the same pause goes on.
    expect(statusChanges({ status: "awaiting_parts", pausedAt: t0, pausedSeconds: 0 }, "awaiting_customer", t1)).toEqual({ status: "awaiting_customer" });
    expect(statusChanges({ status: "awaiting_parts", pausedAt: t0, pausedSeconds: 60 }, "in_progress", t1)).toEqual({
      status: "in_progress",
      pausedAt: null,
      pausedSeconds: 60 + 150 * 60,
    });
    expect(statusChanges({ status: "awaiting_customer", pausedAt: t0, pausedSeconds: 0 }, "completed", t1)).toEqual({
      status: "completed",
      pausedAt: null,
      pausedSeconds: 150 * 60,
      completedAt: t1,
    });
  });
});

describe("who may open the page and do what", () => {
  it("the page needs 'requests' (checked by the admin layout); assigning and scheduling need 'dispatch'", () => {
    expect(screenFor("/admin/service-requests/SR-2611-0001")).toMatchObject({ path: "/admin/service-requests", permission: "requests", built: true });
    expect(can("office", "requests")).toBe(true);
    expect(can("office", "dispatch")).toBe(true);
    expect(can("accounts", "requests")).toBe(false);
    expect(can("accounts", "dispatch")).toBe(false);
  });
});

describeEachEngine("request work", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let office: StaffMember;
  let owner: StaffMember;
  let counter = 0;

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.7" });

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole("+919000000201", "admin", db(), "Asha Office");
    const b = await upsertUserWithRole("+919000000202", "admin", db(), "Omkar Owner");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, b.id));
    office = staffMember(a.id, "office", "Asha Office");
    owner = staffMember(b.id, "owner", "Omkar Owner");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
  });

  /** A request as the public form stores it, received at `at`. */
  async function newRequest(over: Partial<typeof serviceRequests.$inferInsert> = {}, at = new Date(Date.now() - 30 * 60_000)) {
    counter += 1;
    const ids = { reference: `SR-2611-${String(9000 + counter)}`, mobile: `+9198480${String(10000 + counter)}` };
    return insertServiceRequest(db(), ids, { email: "ravi@example.net", urgency: "emergency", ...over }, at);
  }

  async function technician(name: string, over: Partial<typeof technicianProfiles.$inferInsert> = {}) {
    counter += 1;
    return insertTechnician(db(), { reference: `TA-2611-${String(9000 + counter)}`, mobile: `+9197000${String(10000 + counter)}`, name }, over);
  }

  const requestRow = async (id: number) => (await db().select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!;
  const eventsOf = (id: number) => db().select().from(requestEvents).where(eq(requestEvents.requestId, id)).orderBy(asc(requestEvents.id));
  /** What the customer was sent about the request's events (not the technician's SMS). */
  const messagesOf = async (reference: string) =>
    (await db().select().from(outbox).where(like(outbox.dedupeKey, `request:${reference}:event:%`)).orderBy(asc(outbox.id))).filter(
      (m) => !m.dedupeKey.endsWith(":technician-sms"),
    );
  const auditOf = (id: number) => db().select().from(auditLog).where(and(eq(auditLog.entityType, "request"), eq(auditLog.entityId, String(id)))).orderBy(asc(auditLog.id));

  it("a call or a note: the first stops the response clock, a call moves a new request to 'Engineer called'", async () => {
    const r = await newRequest();
    const at = new Date(r.createdAt.getTime() + 42 * 60_000);
    const note = await logContact(office, r.reference, { intent: "contact", version: 1, kind: "note", note: "Customer sent the fault log by WhatsApp.", internal: true }, at);
    expect(note).toEqual({ ok: true, message: "Internal note added. The response clock is stopped." });
    let row = await requestRow(r.id);
    expect(row).toMatchObject({ status: "new", firstContactAt: at, version: 2, updatedAt: at });

    const later = new Date(at.getTime() + 10 * 60_000);
    expect(await logContact(office, r.reference, { intent: "contact", version: 2, kind: "call", note: "Spoke to Ravi: PLC in STOP, battery low.", internal: false }, later)).toMatchObject({
      ok: true,
      message: "Call logged; status is now Engineer called.",
    });
    row = await requestRow(r.id);
    // The first contact stays the first one.
    expect(row).toMatchObject({ status: "contacted", firstContactAt: at, version: 3 });
    const events = await eventsOf(r.id);
    expect(events.map((e) => [e.kind, e.status, e.internal, e.actorUserId])).toEqual([
      ["note", "new", true, office.userId],
      ["call", "contacted", true, office.userId],
      ["status", "contacted", false, office.userId],
    ]);
    expect((await auditOf(r.id)).map((a) => [a.action, a.actorLabel, a.entityLabel])).toEqual([
      ["request.note", "Asha Office", r.reference],
      ["request.call", "Asha Office", r.reference],
    ]);

    // The page's response clock: responded in 42 minutes.
    const page = await requestWorkPage(r.reference, later);
    expect(page?.clocks.response).toMatchObject({ state: "met", text: "Responded in 42 min" });
    expect(page?.events.map((e) => [e.kindLabel, e.internal, e.by])).toEqual([
      ["Note", true, "Asha Office"],
      ["Call", true, "Asha Office"],
      ["Status", false, "Asha Office"],
    ]);
  });

  it("the response clock before any contact: due in, then overdue by", async () => {
    const r = await newRequest({}, ist("2026-11-24 09:00"));
    expect((await requestWorkPage(r.reference, ist("2026-11-24 10:25")))?.clocks.response).toMatchObject({ state: "on_track", text: "Due in 35 min" });
    // Within the escalation lead (30 minutes in the default settings): due soon.
    expect((await requestWorkPage(r.reference, ist("2026-11-24 10:40")))?.clocks.response).toMatchObject({ state: "due_soon", tone: "warning", text: "Due in 20 min" });
    expect((await requestWorkPage(r.reference, ist("2026-11-24 12:05")))?.clocks.response).toMatchObject({ state: "breached", text: "Response overdue by 1 h 05 min" });
  });

  it("the customer's page never shows calls, internal notes, assignments or PO numbers", async () => {
    const r = await newRequest();
    const t = await technician("Srinivas Rao");
    await logContact(office, r.reference, { intent: "contact", version: 1, kind: "call", note: "Customer rude on the phone.", internal: false });
    await logContact(office, r.reference, { intent: "contact", version: 2, kind: "note", note: "Quote 20% above list.", internal: true });
    await logContact(office, r.reference, { intent: "contact", version: 3, kind: "note", note: "We will bring a spare CPU.", internal: false });
    await assignTechnician(office, r.reference, { intent: "assign", version: 4, technicianId: t.id });
    await recordPo(office, r.reference, { intent: "po", version: 5, poNumber: "PO/2026/7788" });
    await changeStatus(office, r.reference, { intent: "status", version: 6, status: "in_progress", note: "Engineer on site." });

    for (const found of [await findRequestOf({ mobile: r.mobile, email: null, emailVerified: false }, r.id), await findRequestWithHistory(r.reference)]) {
      const seen = found!.events.map((e) => [e.kind, e.status, e.note]);
      expect(seen).toEqual([
        ["status", "contacted", null],
        ["note", "contacted", "We will bring a spare CPU."],
        ["status", "in_progress", "Engineer on site."],
      ]);
      const text = JSON.stringify(found!.events);
      expect(text).not.toContain("rude");
      expect(text).not.toContain("20%");
      expect(text).not.toContain("Srinivas");
      expect(text).not.toContain("PO/2026");
    }
    // The office sees everything.
    expect((await requestWorkPage(r.reference))?.events).toHaveLength(7);
  });

  it("a stale version is refused with the reason, and nothing is written", async () => {
    const r = await newRequest();
    await logContact(office, r.reference, { intent: "contact", version: 1, kind: "note", note: "First", internal: true });
    const stale = await logContact(owner, r.reference, { intent: "contact", version: 1, kind: "note", note: "Second, typed on an old page", internal: true });
    expect(stale).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_REQUEST_MESSAGE });
    expect(await eventsOf(r.id)).toHaveLength(1);
    expect((await requestRow(r.id)).version).toBe(2);
    expect(await logContact(office, "SR-2611-0000", { intent: "contact", version: 1, kind: "note", note: "x", internal: true })).toEqual({ ok: false, reason: "not-found" });
  });

  it("status: the waiting statuses pause the resolution clock; key changes tell the customer once", async () => {
    const r = await newRequest({}, ist("2026-11-24 08:00"));
    const step = (version: number, status: "in_progress" | "awaiting_parts" | "awaiting_customer" | "completed", at: string, note?: string) =>
      changeStatus(office, r.reference, { intent: "status", version, status, note }, ist(at));
    expect(await step(1, "in_progress", "2026-11-24 09:00")).toMatchObject({ ok: true, message: "Status changed to Work in progress." });
    expect(await step(2, "awaiting_parts", "2026-11-24 10:00")).toMatchObject({ ok: true });
    expect(await requestRow(r.id)).toMatchObject({ status: "awaiting_parts", pausedAt: ist("2026-11-24 10:00"), pausedSeconds: 0 });
    expect((await requestWorkPage(r.reference, ist("2026-11-24 11:00")))?.clocks.resolution).toMatchObject({
      label: "Paused: Waiting for parts",
      text: "2 h 00 min so far (not counting 1 h 00 min waiting)",
    });
    expect(await step(3, "awaiting_customer", "2026-11-24 11:00", "Please approve the quote for the CPU.")).toMatchObject({
      ok: true,
      // Each reader's side (issue 17 §5): the office reads "Waiting for customer", the customer "Waiting for you".
      message: "Status changed to Waiting for customer. The customer has been told by SMS.",
    });
    expect((await requestWorkPage(r.reference, ist("2026-11-24 11:30")))?.request.statusLabel).toBe("Waiting for customer");
    expect(await requestRow(r.id)).toMatchObject({ pausedAt: ist("2026-11-24 10:00") });
    expect(await step(4, "in_progress", "2026-11-24 12:30")).toMatchObject({ ok: true });
    expect(await requestRow(r.id)).toMatchObject({ pausedAt: null, pausedSeconds: 150 * 60 });
    expect(await step(5, "completed", "2026-11-24 14:00", "Replaced the CPU battery and reloaded the program.")).toMatchObject({ ok: true });
    const done = await requestRow(r.id);
    expect(done).toMatchObject({ status: "completed", completedAt: ist("2026-11-24 14:00"), version: 6 });
    expect((await requestWorkPage(r.reference))?.clocks.resolution).toMatchObject({ text: "Completed in 3 h 30 min (not counting 2 h 30 min waiting)" });

    const messages = await messagesOf(r.reference);
    expect(messages.map((m) => [m.channel, m.template, m.recipient])).toEqual([
      ["sms", DLT_TEMPLATES.requestAwaitingCustomer.id, r.mobile],
      ["email", "request-awaiting-customer", "ravi@example.net"],
      ["sms", DLT_TEMPLATES.requestCompleted.id, r.mobile],
      ["email", "request-completed", "ravi@example.net"],
    ]);
    const events = await eventsOf(r.id);
    const awaitingEvent = events.find((e) => e.status === "awaiting_customer")!;
    expect(messages[0]!.dedupeKey).toBe(`request:${r.reference}:event:${awaitingEvent.id}:sms`);
    expect(messages[0]!.body).toBe(`Deccan Automation Services: your service request ${r.reference} is on hold until we hear from you. Please call us quoting this reference.`);
    expect(messages[1]!.body).toContain("Please approve the quote for the CPU.");
    expect(messages[1]!.subject).toBe(`Your service request ${r.reference}: Waiting for you`);
    expect(messages[2]!.body).toContain("is completed. Repairs carry a");
    for (const m of messages.filter((x) => x.channel === "sms")) expect(m.body).not.toMatch(/https?:|www\.|\+91/);

    // Closed: no more status changes (a note still goes in).
    expect(await step(6, "in_progress", "2026-11-24 15:00")).toMatchObject({ ok: false, field: "status", message: expect.stringMatching(/closed/) as unknown });
    expect(await logContact(office, r.reference, { intent: "contact", version: 6, kind: "note", note: "Customer thanked us.", internal: true })).toMatchObject({ ok: true });
  });

  it("status: the same status, or 'Visit scheduled' without a booked visit, is refused", async () => {
    const r = await newRequest({ status: "contacted" });
    expect(await changeStatus(office, r.reference, { intent: "status", version: 1, status: "contacted", note: undefined })).toMatchObject({ ok: false, field: "status", message: "The request is already Engineer called." });
    expect(await changeStatus(office, r.reference, { intent: "status", version: 1, status: "scheduled", note: undefined })).toMatchObject({ ok: false, field: "status", message: expect.stringMatching(/Book the visit first/) as unknown });
    expect((await requestRow(r.id)).version).toBe(1);
  });

  it("assign: approved technicians only, suggested by skill, city, availability and today's load; the technician gets an SMS", async () => {
    const now = ist("2026-11-24 09:30");
    const r = await newRequest({ city: "Hyderabad" });
    const best = await technician("Best PLC Hyderabad");
    const busy = await technician("Busy PLC Hyderabad");
    const far = await technician("PLC in Vizag", { city: "Visakhapatnam" });
    const pending = await technician("Pending applicant", { status: "pending" });
    // Busy has two open jobs with a visit today (and one that is completed, which does not count).
    for (const status of ["scheduled", "in_progress", "completed"]) {
      await newRequest({ status, assignedTechnicianId: busy.id, visitStart: ist("2026-11-24 14:00"), visitEnd: ist("2026-11-24 16:00") });
    }
    const candidates = await assignmentCandidates(now);
    expect(candidates.find((c) => c.id === busy.id)?.visitsToday).toBe(2);
    expect(candidates.some((c) => c.id === pending.id)).toBe(false);
    const page = await requestWorkPage(r.reference, now);
    const names = page!.suggestions.map((s) => s.name);
    expect(names.indexOf("Best PLC Hyderabad")).toBeLessThan(names.indexOf("Busy PLC Hyderabad"));
    expect(names.indexOf("Busy PLC Hyderabad")).toBeLessThan(names.indexOf("PLC in Vizag"));
    expect(page!.suggestions.find((s) => s.id === busy.id)?.reasons).toEqual(["PLC skill", "Hyderabad", "2 visits today"]);
    expect(page!.suggestions.find((s) => s.id === far.id)?.reasons).toEqual(["PLC skill", "Based in Visakhapatnam", "No visits today"]);

    expect(await assignTechnician(office, r.reference, { intent: "assign", version: 1, technicianId: pending.id })).toMatchObject({ ok: false, field: "technicianId", message: "Choose an approved technician." });
    expect(await assignTechnician(office, r.reference, { intent: "assign", version: 1, technicianId: best.id }, now)).toMatchObject({
      ok: true,
      message: "Assigned to Best PLC Hyderabad. The technician has been told by SMS.",
    });
    expect(await requestRow(r.id)).toMatchObject({ assignedTechnicianId: best.id, assignedAt: now, version: 2 });
    const [sms] = await db().select().from(outbox).where(eq(outbox.recipient, best.mobile));
    expect(sms).toMatchObject({ channel: "sms", template: DLT_TEMPLATES.technicianJobAssigned.id });
    expect(sms!.body).toBe(`Deccan Automation Services: new job ${r.reference} assigned to you, Hyderabad. Open your jobs in the technician portal.`);
    expect(await assignTechnician(office, r.reference, { intent: "assign", version: 2, technicianId: best.id })).toMatchObject({ ok: false, message: "Best PLC Hyderabad is already assigned to this request." });
    expect(await assignTechnician(office, r.reference, { intent: "assign", version: 2, technicianId: far.id })).toMatchObject({
      ok: true,
      message: "Reassigned from Best PLC Hyderabad to PLC in Vizag. Both technicians have been told by SMS.",
    });
    // The technician taken off the job is told it left their list.
    const toBest = await db().select().from(outbox).where(eq(outbox.recipient, best.mobile)).orderBy(outbox.id);
    expect(toBest.map((m) => m.template)).toEqual([DLT_TEMPLATES.technicianJobAssigned.id, DLT_TEMPLATES.technicianJobUnassigned.id]);
    expect(toBest[1]!.body).toBe(`Deccan Automation Services: job ${r.reference} is no longer assigned to you. Open your jobs in the technician portal.`);
    const events = await eventsOf(r.id);
    expect(events.map((e) => [e.kind, e.internal])).toEqual([
      ["assign", true],
      ["assign", true],
    ]);
    expect((await auditOf(r.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ["request.assign", { assignedTechnicianId: null }, { assignedTechnicianId: best.id }],
      ["request.assign", { assignedTechnicianId: best.id }, { assignedTechnicianId: far.id }],
    ]);
  });

  it("two staff assigning at once: one wins, the other is told the request changed", async () => {
    const r = await newRequest();
    const a = await technician("Anand");
    const b = await technician("Bhaskar");
    const results = await Promise.all([
      assignTechnician(office, r.reference, { intent: "assign", version: 1, technicianId: a.id }),
      assignTechnician(owner, r.reference, { intent: "assign", version: 1, technicianId: b.id }),
    ]);
    const won = results.filter((x) => x.ok);
    const lost = results.filter((x) => !x.ok);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([{ ok: false, reason: "refused", field: "form", message: STALE_REQUEST_MESSAGE }]);
    const row = await requestRow(r.id);
    expect(row.version).toBe(2);
    expect(await eventsOf(r.id)).toHaveLength(1);
    expect(await auditOf(r.id)).toHaveLength(1);
    // Only the winner's technician was told.
    const told = await db().select().from(outbox).where(like(outbox.dedupeKey, `request:${r.reference}:event:%:technician-sms`));
    expect(told.map((m) => m.recipient)).toEqual([row.assignedTechnicianId === a.id ? a.mobile : b.mobile]);
  });

  it("schedule: needs a technician; books the window in India time and tells the customer who is coming", async () => {
    const now = ist("2026-11-24 09:00");
    const r = await newRequest({ email: null });
    const input = { intent: "schedule" as const, version: 1, date: "2026-11-25", from: "10:00", to: "13:00" };
    expect(await scheduleVisit(office, r.reference, input, now)).toMatchObject({ ok: false, field: "form", message: "Assign a technician first: the customer is told who is coming." });
    const t = await technician("Srinivas Rao");
    await assignTechnician(office, r.reference, { intent: "assign", version: 1, technicianId: t.id }, now);
    expect(await scheduleVisit(office, r.reference, { ...input, version: 2, date: "2026-11-24", from: "06:00", to: "08:00" }, now)).toMatchObject({ ok: false, field: "to" });
    expect(await scheduleVisit(office, r.reference, { ...input, version: 2 }, now)).toMatchObject({
      ok: true,
      message: "Visit booked for Wed, 25 Nov 2026, 10:00 am - 1:00 pm with Srinivas Rao. The customer has been told by SMS.",
    });
    const row = await requestRow(r.id);
    expect(row).toMatchObject({ status: "scheduled", visitStart: new Date("2026-11-25T04:30:00Z"), visitEnd: new Date("2026-11-25T07:30:00Z"), version: 3 });
    const messages = await messagesOf(r.reference);
    // No e-mail address: the SMS only.
    expect(messages.map((m) => m.channel)).toEqual(["sms"]);
    expect(messages[0]!.body).toBe(
      `Deccan Automation Services: the visit for your service request ${r.reference} is booked for Wed, 25 Nov 2026, 10:00 am - 1:00 pm. Engineer: Srinivas Rao.`,
    );
    // The customer's history shows the booked visit.
    const seen = await findRequestWithHistory(r.reference);
    expect(seen!.events.map((e) => [e.kind, e.status])).toEqual([["schedule", "scheduled"]]);
    expect(seen!.events[0]!.note).toContain("Srinivas Rao");

    // A night shift's breakdown: a window that ends at an earlier clock time ends the next day.
    const night = await scheduleVisit(office, r.reference, { ...input, version: 3, date: "2026-11-25", from: "22:00", to: "02:00" }, now);
    expect(night).toMatchObject({ ok: true, message: "Visit booked for Wed, 25 Nov 2026, 10:00 pm - 2:00 am (next day) with Srinivas Rao. The customer has been told by SMS." });
    expect(await requestRow(r.id)).toMatchObject({ visitStart: new Date("2026-11-25T16:30:00Z"), visitEnd: new Date("2026-11-25T20:30:00Z") });
    expect(scheduleSchema().safeParse({ ...input, date: "2099-01-01", from: "10:00", to: "10:00" }).error?.issues[0]).toMatchObject({
      path: ["to"],
      message: "The window must end at another time than it starts.",
    });

    // Reassigned after the visit is booked: the customer hears who is coming now, for the same window.
    const other = await technician("Kiran Reddy");
    expect(await assignTechnician(office, r.reference, { intent: "assign", version: 4, technicianId: other.id }, now)).toMatchObject({
      ok: true,
      message: "Reassigned from Srinivas Rao to Kiran Reddy. Both technicians and the customer have been told by SMS.",
    });
    const latest = (await messagesOf(r.reference)).filter((m) => m.channel === "sms" && m.recipient === r.mobile).at(-1)!;
    expect(latest.body).toBe(
      `Deccan Automation Services: the visit for your service request ${r.reference} is booked for Wed, 25 Nov 2026, 10:00 pm - 2:00 am (next day). Engineer: Kiran Reddy.`,
    );
  });

  it("on the way, set by the office: offered in the status form, needs a technician, and tells the customer the engineer's name as the technician's phone does", async () => {
    const now = ist("2026-11-24 09:00");
    expect(STATUS_CHOICES).toContain("on_the_way");
    const r = await newRequest({ email: null, status: "contacted" });
    expect(await changeStatus(office, r.reference, { intent: "status", version: 1, status: "on_the_way", note: undefined }, now)).toMatchObject({
      ok: false,
      field: "status",
      message: "Assign a technician first: the customer is told who is coming.",
    });
    const t = await technician("Venkat Naidu");
    await assignTechnician(office, r.reference, { intent: "assign", version: 1, technicianId: t.id }, now);
    expect(await changeStatus(office, r.reference, { intent: "status", version: 2, status: "on_the_way", note: undefined }, now)).toMatchObject({
      ok: true,
      message: "Status changed to Engineer on the way. The customer has been told by SMS.",
    });
    expect(await requestRow(r.id)).toMatchObject({ status: "on_the_way", fieldStage: "on_the_way" });
    const sms = (await messagesOf(r.reference)).filter((m) => m.channel === "sms" && m.recipient === r.mobile);
    expect(sms.map((m) => m.body)).toEqual([`Deccan Automation Services: our engineer Venkat Naidu is on the way to your site for service request ${r.reference}.`]);
    const seen = await findRequestWithHistory(r.reference);
    expect(seen!.events.at(-1)).toMatchObject({ kind: "status", status: "on_the_way" });
  });

  it("PO number, duplicate and cancel", async () => {
    const original = await newRequest();
    const r = await newRequest();
    expect(await recordPo(office, r.reference, { intent: "po", version: 1, poNumber: "4500012345" })).toMatchObject({ ok: true, message: "PO number 4500012345 recorded." });
    expect(await requestRow(r.id)).toMatchObject({ poNumber: "4500012345", version: 2 });

    const dup = (o: string, version = 2) => markDuplicate(office, r.reference, { intent: "duplicate", version, original: o });
    expect(await dup("SR-2611-0000")).toMatchObject({ ok: false, field: "original", message: "There is no request SR-2611-0000." });
    expect(await dup(r.reference)).toMatchObject({ ok: false, field: "original", message: expect.stringMatching(/itself/) as unknown });
    expect(await dup(original.reference)).toMatchObject({ ok: true });
    expect(await requestRow(r.id)).toMatchObject({ status: "cancelled", duplicateOfId: original.id, cancelReason: `Duplicate of ${original.reference}`, version: 3 });
    const sms = (await messagesOf(r.reference)).find((m) => m.channel === "sms")!;
    expect(sms.template).toBe(DLT_TEMPLATES.requestDuplicate.id);
    expect(sms.body).toContain(`repeats request ${original.reference}`);
    // The original cannot now be marked a duplicate of this one.
    expect(await markDuplicate(office, original.reference, { intent: "duplicate", version: 1, original: r.reference })).toMatchObject({ ok: false, message: expect.stringMatching(/already marked as a duplicate/) as unknown });
    expect((await requestWorkPage(original.reference))?.request.duplicates).toEqual([r.reference]);

    const c = await newRequest({ status: "awaiting_customer", pausedAt: new Date(Date.now() - 3_600_000) });
    expect(await cancelRequest(office, c.reference, { intent: "cancel", version: 1, reason: "The plant replaced the drive with a new one." })).toMatchObject({ ok: true });
    const cancelled = await requestRow(c.id);
    expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "The plant replaced the drive with a new one.", pausedAt: null });
    expect(cancelled.pausedSeconds).toBeGreaterThanOrEqual(3600);
    expect((await messagesOf(c.reference)).map((m) => m.template)).toEqual([DLT_TEMPLATES.requestCancelled.id, "request-cancelled"]);
    expect(await cancelRequest(office, c.reference, { intent: "cancel", version: 2, reason: "Again" })).toMatchObject({ ok: false, field: "reason" });
  });

  describe("through the route", () => {
    const args = (staff: StaffMember, reference: string, body?: Record<string, string>) => routeArgs(`/admin/service-requests/${reference}`, { staff, params: { reference }, body, address: "203.0.113.7" });

    it("a change redirects with the result; a refusal answers 400 with the message and what was typed", async () => {
      const r = await newRequest();
      const done = (await pageAction(args(office, r.reference, { intent: "contact", version: "1", kind: "call", note: "Spoke to Ravi." }))) as Response;
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe(`/admin/service-requests/${r.reference}`);

      const invalid = (await pageAction(args(office, r.reference, { intent: "cancel", version: "2", reason: "  " }))) as { data: { errors: Record<string, string>; intent: string }; init: { status: number } };
      expect(invalid.init.status).toBe(400);
      expect(invalid.data).toMatchObject({ intent: "cancel", errors: { reason: "Say why the request is cancelled." } });

      const stale = (await pageAction(args(office, r.reference, { intent: "po", version: "1", poNumber: "PO-77" }))) as { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };
      expect(stale.init.status).toBe(400);
      expect(stale.data.errors.form).toBe(STALE_REQUEST_MESSAGE);
      expect(stale.data.values.poNumber).toBe("PO-77");

      const loaded = (await pageLoader(args(office, r.reference))) as { request: { version: number }; canDispatch: boolean };
      expect(loaded).toMatchObject({ request: { version: 2 }, canDispatch: true });
    });

    it("assigning and scheduling are refused (403) without 'dispatch'; an unknown request is 404", async () => {
      const r = await newRequest();
      const t = await technician("Forbidden Test");
      const noDispatch = staffMember(office.userId, "accounts", "Accounts person");
      const bodies: Array<Record<string, string>> = [
        { intent: "assign", version: "1", technicianId: String(t.id) },
        { intent: "schedule", version: "1", date: "2099-01-01", from: "10:00", to: "11:00" },
      ];
      for (const body of bodies) {
        let thrown: unknown;
        try {
          await pageAction(args(noDispatch, r.reference, body));
        } catch (error) {
          thrown = error;
        }
        expect(statusOf(thrown)).toBe(403);
      }
      expect((await requestRow(r.id)).assignedTechnicianId).toBeNull();
      let missing: unknown;
      try {
        await pageLoader(args(office, "SR-2611-0000"));
      } catch (error) {
        missing = error;
      }
      expect(statusOf(missing)).toBe(404);
    });
  });
});
