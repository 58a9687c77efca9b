import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseListQuery, PAGE_SIZE } from "~/.server/admin/list.ts";
import { startSession } from "~/.server/auth/sessions.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { auditLog, jobStageRequirements, requestEvents, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { setAvailability } from "~/.server/technicians/jobs.ts";
import {
  completedPerWeek,
  listTechnicians,
  managedDigest,
  serviceCatalogue,
  technicianPage,
  technicianReferenceQuery,
  updateTechnician,
  weekBounds,
  type TechnicianListItem,
} from "~/.server/technicians/office.ts";
import { requirementsDigest, saveStageRequirements, stageRequirementsPage } from "~/.server/technicians/stage-requirements.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { can } from "~/lib/auth/permissions.ts";
import {
  STAGES_CHANGED_MEANWHILE,
  stageRequirementsSchema,
  TECHNICIAN_CHANGED_MEANWHILE,
  technicianListSchema,
  updateTechnicianSchema,
  type TechnicianListFilters,
} from "~/lib/forms/admin/technicians.ts";
import { middleware as layoutMiddleware } from "~/routes/admin/layout.tsx";
import { middleware as listMiddleware } from "~/routes/admin/technicians/route.tsx";
import { action as technicianAction } from "~/routes/admin/technicians/technician.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { routeArgs, staffRouteContext, BACK_OFFICE } from "../support/staff-routes.ts";

/**
 * The office's technicians screen on both engines: the list's tabs, counts, filters, search, keyset pages
 * and CSV; jobs done per India-time week (Monday 00:00 IST, not UTC); the office's edit (audited, and
 * refused when the row changed meanwhile); the stage requirements; and who may open the screen.
 */

// Wednesday 18 November 2026, 12:00 India time. This India week began Monday 16 Nov 00:00 IST (15 Nov 18:30 UTC).
const NOW = new Date("2026-11-18T06:30:00Z");
const ist = (local: string) => new Date(`${local}+05:30`);

describe("technicians screen: registry and query string", () => {
  it("needs the permission 'technicians', for the list, a technician's page and the stage requirements alike", () => {
    for (const path of ["/admin/technicians", "/admin/technicians/12", "/admin/technicians/stages", "/admin/technicians/12/id-proof"]) {
      expect(screenFor(path)).toMatchObject({ path: "/admin/technicians", permission: "technicians", built: true });
    }
    expect(can("owner", "technicians")).toBe(true);
    expect(can("office", "technicians")).toBe(true);
    expect(can("accounts", "technicians")).toBe(false);
  });

  it("reads the filters from the address, dropping a bad value and keeping the rest", () => {
    const parse = (qs: string) => parseListQuery(new URL(`/admin/technicians${qs}`, BACK_OFFICE), technicianListSchema).filters;
    expect(parse("")).toEqual({ status: "approved" });
    expect(parse("?status=nope&skill=plc&available=maybe&service=../x&city=%20Pune%20&sort=sideways")).toEqual({ status: "approved", skill: "plc", city: "Pune" });
    expect(parse("?status=pending&available=no&q=ta-2611")).toEqual({ status: "pending", available: "no", q: "ta-2611" });
  });

  it("reads a technician's reference however it is typed", () => {
    expect(technicianReferenceQuery("ta-2611-0003")).toEqual({ exact: true, value: "TA-2611-0003" });
    expect(technicianReferenceQuery("TA 2611 0003")).toEqual({ exact: true, value: "TA-2611-0003" });
    expect(technicianReferenceQuery("2611-0003")).toEqual({ exact: true, value: "TA-2611-0003" });
    expect(technicianReferenceQuery("TA-2611")).toEqual({ exact: false, value: "TA-2611" });
    expect(technicianReferenceQuery("Tarun")).toBeUndefined();
  });

  it("validates the edit form: at least one skill, skills and availability from the lists, a city", () => {
    const base = { intent: "update", id: "4", shown: "a".repeat(64), city: "Pune", availability: "on_call" };
    const ok = updateTechnicianSchema.safeParse({ ...base, skills: ["plc", "vfd-ac-drives", "plc"], services: "plc-repair" });
    // Skills come back in the list's order, once each; a single ticked box is a list of one.
    expect(ok.success && ok.data).toMatchObject({ id: 4, skills: ["vfd-ac-drives", "plc"], services: ["plc-repair"], availableNow: false });
    const bad = updateTechnicianSchema.safeParse({ ...base, city: " ", availability: "sometimes", skills: undefined, availableNow: "on" });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error!.issues.map((i) => i.path[0]));
    expect(fields).toEqual(new Set(["city", "availability", "skills", "availableNow"]));
    expect(updateTechnicianSchema.safeParse({ ...base, skills: ["welding"] }).success).toBe(false);
    expect(stageRequirementsSchema.safeParse({ intent: "stages", shown: "b".repeat(64), require: ["work_done:flying"] }).success).toBe(false);
  });
});

describeEachEngine("technicians office", (database) => {
  const previousConfig = getServerConfig();
  const db = () => database().handle.db;
  let owner: StaffMember;
  let accountsCookie: string;
  let serviceSlugs: string[];
  let sequence = 0;

  async function technician(values: Partial<typeof technicianProfiles.$inferInsert> & { name: string }) {
    sequence += 1;
    const [row] = await db()
      .insert(technicianProfiles)
      .values({
        reference: `TA-2611-${String(sequence).padStart(4, "0")}`,
        mobile: `+9176000${String(sequence).padStart(5, "0")}`,
        city: "Hyderabad",
        skills: ["vfd-ac-drives"],
        yearsExperience: 5,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "technicians/x.pdf",
        idProofName: "aadhaar.pdf",
        consentVersion: "test",
        consentAt: NOW,
        status: "approved",
        createdAt: new Date(NOW.getTime() - (100 - sequence) * 3_600_000),
        verifiedAt: new Date(NOW.getTime() - (100 - sequence) * 3_600_000),
        ...values,
      })
      .returning();
    return row!;
  }

  async function job(technicianId: number | null, values: Partial<typeof serviceRequests.$inferInsert> = {}) {
    sequence += 1;
    const [row] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(sequence).padStart(4, "0")}`,
        kind: "full",
        contactName: `Customer ${sequence}`,
        mobile: `+9198480${String(sequence).padStart(5, "0")}`,
        faultDescription: "Drive trips on overcurrent at start.",
        urgency: "within_24h",
        consentVersion: "test",
        consentAt: NOW,
        idempotencyKey: randomUUID(),
        city: "Hyderabad",
        serviceName: "VFD repair",
        assignedTechnicianId: technicianId,
        assignedAt: technicianId ? ist("2026-11-02T10:00:00") : null,
        createdAt: ist("2026-11-02T09:00:00"),
        ...values,
      })
      .returning();
    return row!;
  }

  const t: Record<string, typeof technicianProfiles.$inferSelect> = {};

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "test", SESSION_SECRET: "s".repeat(40) }));
    clearSettingsCache();
    clearContentCache();
    await seedSettings(db(), "http://localhost:3000");
    await seedContent(db());
    clearContentCache();
    serviceSlugs = (await serviceCatalogue()).map((s) => s.slug);
    expect(serviceSlugs.length).toBeGreaterThan(3);

    const ownerUser = await upsertUserWithRole("+919000000160", "admin");
    await db().update(users).set({ staffRole: "owner", name: "Ramesh Owner" }).where(eq(users.id, ownerUser.id));
    owner = { userId: ownerUser.id, sessionId: 0, name: "Ramesh Owner", mobile: "+919000000160", role: "owner", permissions: [], ipAddress: "203.0.113.5" };
    const accounts = await upsertUserWithRole("+919000000161", "admin");
    await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, accounts.id));
    const url = new URL(BACK_OFFICE);
    accountsCookie = (await startSession({ userId: accounts.id, role: "admin", method: "otp", request: new Request(url), url, address: "198.51.100.7" })).split(";")[0]!;

    const [s0, s1, s2] = serviceSlugs as [string, string, string];
    t.arjun = await technician({ name: "Arjun Rao", city: "Hyderabad", skills: ["vfd-ac-drives", "plc"], serviceSlugs: [s0, s1] });
    t.bhavana = await technician({ name: "Bhavana Iyer", city: "Secunderabad", skills: ["plc", "hmi-scada"], serviceSlugs: [s1], availableNow: false });
    t.chandra = await technician({ name: "Chandra Shekar", city: "Pune", skills: ["cnc-vmc"], serviceSlugs: [s2] });
    t.deepa = await technician({ name: "Deepa Nair", city: "hyderabad", skills: ["industrial-ups"], mobile: "+919848022334" });
    t.farhan = await technician({ name: "Farhan Ali", status: "pending", city: "Medak", skills: ["plc"] });
    t.gita = await technician({ name: "Gita Rani", status: "pending", city: "Hyderabad", skills: ["dc-drives"] });
    t.harish = await technician({ name: "Harish Kumar", status: "rejected", city: "Hyderabad", skills: ["plc"], reviewNote: "No references." });
    t.ishaan = await technician({ name: "Ishaan Unverified", status: "unverified", skills: ["plc"] });

    // Arjun's jobs, against the India week (this week: from Mon 16 Nov 00:00 IST; last week: Mon 9 Nov 00:00 IST to then).
    const done = (at: string | Date) => ({ status: "completed", completedAt: typeof at === "string" ? ist(at) : at });
    await job(t.arjun.id, done("2026-11-16T00:00:00")); // this week's first moment
    await job(t.arjun.id, done(new Date("2026-11-15T20:00:00Z"))); // Sunday in UTC, Monday 01:30 in India: this week
    await job(t.arjun.id, done("2026-11-15T23:59:59")); // last week's last second
    await job(t.arjun.id, done("2026-11-09T00:00:00")); // last week's first moment
    await job(t.arjun.id, done("2026-11-08T23:59:00")); // the week before
    await job(t.arjun.id, done("2026-09-28T10:00:00")); // more than 8 weeks ago
    await job(t.arjun.id, { status: "cancelled", updatedAt: ist("2026-11-03T10:00:00") });
    await job(t.arjun.id, { status: "scheduled", assignedAt: ist("2026-11-17T15:00:00"), visitStart: ist("2026-11-19T10:00:00") });
    await job(t.arjun.id, { status: "awaiting_parts" });
    await job(t.bhavana.id, { status: "in_progress", assignedAt: ist("2026-11-18T09:00:00") });
    await job(t.bhavana.id, done("2026-11-17T18:00:00"));
    await job(null, { status: "new" });
  });

  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    clearContentCache();
  });

  const filters = (f: Partial<TechnicianListFilters> = {}): TechnicianListFilters => ({ status: "approved", ...f });
  const names = (rows: TechnicianListItem[]) => rows.map((r) => r.name);

  it("counts each tab under the other filters, never an unverified application", async () => {
    const page = await listTechnicians(filters(), undefined, { now: NOW });
    expect(page.counts).toEqual({ approved: 4, pending: 2, rejected: 1, all: 7 });
    expect(page.total).toBe(4);
    expect(names(page.rows)).toEqual(["Arjun Rao", "Bhavana Iyer", "Chandra Shekar", "Deepa Nair"]);
    // Applications: newest first.
    expect(names((await listTechnicians(filters({ status: "pending" }), undefined, { now: NOW })).rows)).toEqual(["Gita Rani", "Farhan Ali"]);
    const all = await listTechnicians(filters({ status: "all", city: "hyd" }), undefined, { now: NOW });
    expect(all.counts).toEqual({ approved: 2, pending: 1, rejected: 1, all: 4 });
    expect(names(all.rows)).toEqual(["Arjun Rao", "Deepa Nair", "Gita Rani", "Harish Kumar"]);
  });

  it("filters by skill, service and the available-now switch, and searches name, mobile and reference", async () => {
    const list = async (f: Partial<TechnicianListFilters>) => names((await listTechnicians(filters(f), undefined, { now: NOW })).rows);
    expect(await list({ skill: "plc" })).toEqual(["Arjun Rao", "Bhavana Iyer"]);
    expect(await list({ status: "all", skill: "plc" })).toEqual(["Arjun Rao", "Bhavana Iyer", "Farhan Ali", "Harish Kumar"]);
    expect(await list({ service: serviceSlugs[1] })).toEqual(["Arjun Rao", "Bhavana Iyer"]);
    expect(await list({ service: serviceSlugs[2] })).toEqual(["Chandra Shekar"]);
    expect(await list({ available: "no" })).toEqual(["Bhavana Iyer"]);
    expect(await list({ available: "yes", city: "HYD" })).toEqual(["Arjun Rao", "Deepa Nair"]);
    expect(await list({ q: "shekar" })).toEqual(["Chandra Shekar"]);
    expect(await list({ q: "98480 22334" })).toEqual(["Deepa Nair"]);
    expect(await list({ q: "022334" })).toEqual(["Deepa Nair"]);
    expect(await list({ q: t.bhavana!.reference.toLowerCase() })).toEqual(["Bhavana Iyer"]);
    expect(await list({ q: "100%" })).toEqual([]);
    const counted = await listTechnicians(filters({ skill: "plc" }), undefined, { now: NOW });
    expect(counted.counts).toEqual({ approved: 2, pending: 1, rejected: 1, all: 4 });
  });

  it("shows each technician's current jobs, jobs done this and last India-time week, and the last assignment", async () => {
    expect(weekBounds(NOW)).toEqual({ thisWeek: new Date("2026-11-15T18:30:00Z"), lastWeek: new Date("2026-11-08T18:30:00Z") });
    const rows = (await listTechnicians(filters(), undefined, { now: NOW })).rows;
    const arjun = rows.find((r) => r.name === "Arjun Rao")!;
    expect(arjun).toMatchObject({
      currentJobs: 2, // scheduled and awaiting parts; completed and cancelled are not current
      doneThisWeek: 2,
      doneLastWeek: 2,
      lastJobAt: ist("2026-11-17T15:00:00").toISOString(),
      skills: ["VFD / AC drive repair", "PLC programming & troubleshooting"],
      availability: "Full time",
      availableNow: true,
    });
    expect(arjun.services).toHaveLength(2);
    expect(rows.find((r) => r.name === "Bhavana Iyer")).toMatchObject({ currentJobs: 1, doneThisWeek: 1, doneLastWeek: 0, availableNow: false });
    expect(rows.find((r) => r.name === "Deepa Nair")).toMatchObject({ currentJobs: 0, doneThisWeek: 0, doneLastWeek: 0, lastJobAt: null, services: [] });
  });

  it("counts jobs done per India-time week for the last 8 weeks, oldest first", async () => {
    const weeks = await completedPerWeek(t.arjun!.id, { now: NOW });
    expect(weeks).toHaveLength(8);
    expect(weeks.map((w) => w.weekStart)).toEqual(["2026-09-28", "2026-10-05", "2026-10-12", "2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"]);
    expect(weeks.map((w) => w.count)).toEqual([1, 0, 0, 0, 0, 1, 2, 2]);
    // A week later the oldest of them has left the window.
    expect((await completedPerWeek(t.arjun!.id, { now: ist("2026-11-23T00:00:00") })).map((w) => w.count)).toEqual([0, 0, 0, 0, 1, 2, 2, 0]);
  });

  it("pages with a keyset cursor, by name and by newest application, without a gap or a repeat", async () => {
    for (const sort of ["name", "newest"] as const) {
      const f = filters({ status: "all", sort });
      const whole = names((await listTechnicians(f, undefined, { now: NOW })).rows);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const url: URL = new URL(`/admin/technicians${cursor ? `?after=${cursor}` : ""}`, BACK_OFFICE);
        const page = await listTechnicians(f, parseListQuery(url, technicianListSchema).cursor, { now: NOW, size: 3 });
        expect(page.total).toBe(7);
        seen.push(...names(page.rows));
        cursor = page.next;
        if (!cursor) break;
      }
      expect(seen).toEqual(whole);
      expect(whole).toHaveLength(7);
    }
    expect(PAGE_SIZE).toBeGreaterThanOrEqual(7);
  });

  it("exports the current filter as CSV through the route's middleware", async () => {
    const next = () => Promise.reject(new Error("the CSV is answered by the middleware"));
    const response = (await listMiddleware[0]!(routeArgs("/admin/technicians?status=approved&skill=plc&format=csv&after=junk", { staff: owner, address: "127.0.0.1" }), next as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="technicians-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "Reference,Status,Name,Mobile,Base city,Skills,Services,Availability,Available now,Current jobs,Done this week,Done last week,Last job assigned,Applied",
    );
    expect(lines).toHaveLength(3);
    // A cell a spreadsheet would run as a formula (+, =, -, @ first) is kept as text.
    expect(lines[1]).toContain(`${t.arjun!.reference},Active (approved),Arjun Rao,'+9176000`);
    expect(lines[1]).toContain("VFD / AC drive repair; PLC programming & troubleshooting");
    expect(lines[2]).toContain("Bhavana Iyer");
    expect(lines[2]).toContain(",no,1,");
  });

  it("shows a technician's page: the application, current and past jobs, weekly counts and average times", async () => {
    const page = (await technicianPage(t.arjun!.id, { now: NOW }))!;
    expect(page).toMatchObject({ name: "Arjun Rao", statusLabel: "Active (approved)", idProofType: "Aadhaar", idProofName: "aadhaar.pdf", doneThisWeek: 2, doneLastWeek: 2 });
    expect(page.currentJobs.map((j) => j.statusLabel)).toEqual(["Visit scheduled", "Waiting for parts"]);
    expect(page.pastJobs).toHaveLength(7);
    // Latest first: Monday 01:30 India time (Sunday evening in UTC) comes before Monday 00:00.
    expect(page.pastJobs.slice(0, 2).map((j) => j.completedAt)).toEqual(["2026-11-15T20:00:00.000Z", ist("2026-11-16T00:00:00").toISOString()]);
    // A cancelled job goes by when it was last changed.
    expect(page.pastJobs.map((j) => j.statusLabel)).toEqual([...Array<string>(5).fill("Completed"), "Cancelled", "Completed"]);
    expect(page.weeks.at(-1)).toEqual({ weekStart: "2026-11-16", count: 2 });
    expect(page.shown).toBe(managedDigest(t.arjun!));
    // Six completed jobs, each assigned 2 Nov 10:00 IST and received an hour before.
    expect(page.averages.resolution.jobs).toBe(6);
    expect(page.averages.assignedToDone.jobs).toBe(5); // the one completed in September predates its assignment
    expect(page.averages.firstUpdate).toEqual({ text: null, jobs: 0 });
    expect(await technicianPage(t.ishaan!.id)).toBeUndefined();
    expect(await technicianPage(999_999)).toBeUndefined();
  });

  it("measures the first update from the field once the technician's account has written one", async () => {
    const tech = await upsertUserWithRole("+919000000170", "technician");
    const kiran = await technician({ name: "Kiran Babu", userId: tech.id });
    const a = await job(kiran.id, { status: "in_progress", assignedAt: ist("2026-11-17T10:00:00") });
    const b = await job(kiran.id, { status: "in_progress", assignedAt: ist("2026-11-17T11:00:00") });
    await db()
      .insert(requestEvents)
      .values([
        { requestId: a.id, kind: "status", status: "scheduled", actorUserId: owner.userId, createdAt: ist("2026-11-17T10:05:00") },
        { requestId: a.id, kind: "status", status: "in_progress", actorUserId: tech.id, createdAt: ist("2026-11-17T10:30:00") },
        { requestId: a.id, kind: "status", status: "in_progress", actorUserId: tech.id, createdAt: ist("2026-11-17T12:00:00") },
        { requestId: b.id, kind: "status", status: "in_progress", actorUserId: tech.id, createdAt: ist("2026-11-17T12:30:00") },
      ]);
    const page = (await technicianPage(kiran.id, { now: NOW }))!;
    // 30 min and 1 h 30 min: an hour on average.
    expect(page.averages.firstUpdate).toEqual({ text: "1 h 00 min", jobs: 2 });
  });

  it("saves the office's edit with an audit entry of what changed; a second identical save changes nothing", async () => {
    const before = (await technicianPage(t.chandra!.id))!;
    const input = updateTechnicianSchema.parse({
      intent: "update",
      id: String(t.chandra!.id),
      shown: before.shown,
      skills: ["cnc-vmc", "servo-drives"],
      services: [serviceSlugs[2], serviceSlugs[0]],
      city: "Pune",
      availability: "on_call",
      availableNow: "yes",
    });
    const saved = await updateTechnician({ userId: owner.userId, label: "Ramesh Owner", ipAddress: "203.0.113.5" }, input, NOW);
    expect(saved).toEqual({ ok: true, changed: true, name: "Chandra Shekar", reference: t.chandra!.reference });
    const [row] = await db().select().from(technicianProfiles).where(eq(technicianProfiles.id, t.chandra!.id));
    expect(row).toMatchObject({ skills: ["servo-drives", "cnc-vmc"], serviceSlugs: [serviceSlugs[2], serviceSlugs[0]], availability: "on_call", city: "Pune" });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "technician.update"), eq(auditLog.entityId, String(t.chandra!.id))))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      actorUserId: owner.userId,
      actorLabel: "Ramesh Owner",
      entityType: "technician",
      entityLabel: t.chandra!.reference,
      ipAddress: "203.0.113.5",
      before: { skills: ["cnc-vmc"], serviceSlugs: [serviceSlugs[2]], availability: "full_time" },
      after: { skills: ["servo-drives", "cnc-vmc"], serviceSlugs: [serviceSlugs[2], serviceSlugs[0]], availability: "on_call" },
    });
    // The same values again, from the page as it now reads: nothing to change, nothing logged.
    const again = await updateTechnician(auditActor(owner), { ...input, shown: managedDigest(row!) }, NOW);
    expect(again).toMatchObject({ ok: true, changed: false });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "technician.update"), eq(auditLog.entityId, String(t.chandra!.id))))).toHaveLength(1);
  });

  it("refuses a save made on values changed meanwhile (here the technician's own switch), writing nothing", async () => {
    const page = (await technicianPage(t.deepa!.id))!;
    expect(await setAvailability(t.deepa!.id, false)).toBe(false);
    const input = updateTechnicianSchema.parse({
      intent: "update",
      id: String(t.deepa!.id),
      shown: page.shown,
      skills: ["industrial-ups", "plc"],
      city: "Hyderabad",
      availability: "full_time",
      availableNow: "yes",
    });
    expect(await updateTechnician(auditActor(owner), input, NOW)).toEqual({ ok: false, reason: "refused", field: "form", message: TECHNICIAN_CHANGED_MEANWHILE });
    const [row] = await db().select().from(technicianProfiles).where(eq(technicianProfiles.id, t.deepa!.id));
    expect(row).toMatchObject({ skills: ["industrial-ups"], availableNow: false });
    expect(await db().select().from(auditLog).where(and(eq(auditLog.action, "technician.update"), eq(auditLog.entityId, String(t.deepa!.id))))).toHaveLength(0);
    // A service that is not in the catalogue, and a technician that does not exist.
    const fresh = managedDigest(row!);
    expect(await updateTechnician(auditActor(owner), { ...input, shown: fresh, services: ["no-such-service"] }, NOW)).toMatchObject({ ok: false, reason: "refused", field: "services" });
    expect(await updateTechnician(auditActor(owner), { ...input, id: t.ishaan!.id }, NOW)).toEqual({ ok: false, reason: "not-found" });
  });

  /** Posts a form to the technician's page as the browser would: the redirect, or the refusal's data. */
  async function post(id: number, fields: Record<string, string | string[]>) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
    const url = new URL(`/admin/technicians/${id}`, BACK_OFFICE);
    const request = new Request(url, { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
    const context = staffRouteContext({ staff: owner, address: owner.ipAddress });
    const result = (await technicianAction({ request, url, params: { id: String(id) }, context } as never)) as
      | Response
      | { data: { errors: Record<string, string>; values: Record<string, string>; lists?: Record<string, string[]> }; init: { status: number } };
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), flash: result.headers.get("set-cookie") };
    return { status: result.init.status, errors: result.data.errors, values: result.data.values, lists: result.data.lists };
  }

  it("through the page: a refused edit answers 400 with each message beside its field and every ticked box kept", async () => {
    const page = (await technicianPage(t.arjun!.id))!;
    const refused = await post(t.arjun!.id, { intent: "update", id: String(t.arjun!.id), shown: page.shown, services: [serviceSlugs[0]!, serviceSlugs[1]!], city: "", availability: "full_time" });
    expect(refused).toMatchObject({ status: 400, errors: { skills: "Tick at least one skill.", city: "Enter the city the technician works from." } });
    expect(refused.lists).toEqual({ skills: [], services: [serviceSlugs[0], serviceSlugs[1]] });
    expect(refused.values).toMatchObject({ city: "", availability: "full_time" });
    expect(refused.values).not.toHaveProperty("availableNow");
    const stale = await post(t.arjun!.id, { intent: "update", id: String(t.arjun!.id), shown: "0".repeat(64), skills: ["plc"], city: "Hyderabad", availability: "full_time" });
    expect(stale).toMatchObject({ status: 400, errors: { form: TECHNICIAN_CHANGED_MEANWHILE }, lists: { skills: ["plc"], services: [] } });
    const saved = await post(t.arjun!.id, { intent: "update", id: String(t.arjun!.id), shown: page.shown, skills: ["plc", "vfd-ac-drives"], services: serviceSlugs[0]!, city: "Hyderabad", availability: "weekends", availableNow: "yes" });
    expect(saved).toMatchObject({ status: 303, location: `/admin/technicians/${t.arjun!.id}` });
    expect((await technicianPage(t.arjun!.id))!).toMatchObject({ availability: "weekends", serviceSlugs: [serviceSlugs[0]] });
  });

  it("through the page: approves an application (the review keeps working), and needs a note to reject", async () => {
    const noNote = await post(t.farhan!.id, { intent: "review", id: String(t.farhan!.id), decision: "reject", note: "" });
    expect(noNote).toMatchObject({ status: 400, errors: { note: expect.stringContaining("Write a note") as unknown } });
    const approved = await post(t.farhan!.id, { intent: "review", id: String(t.farhan!.id), decision: "approve", note: "Welcome." });
    expect(approved).toMatchObject({ status: 303, location: `/admin/technicians/${t.farhan!.id}` });
    const flash = /^flash=([^;]+)/.exec(approved.flash ?? "")![1]!;
    expect(Buffer.from(flash, "base64url").toString("utf8")).toContain(`${t.farhan!.reference} is approved. The technician has been told by SMS.`);
    const [row] = await db().select().from(technicianProfiles).where(eq(technicianProfiles.id, t.farhan!.id));
    expect(row).toMatchObject({ status: "approved", reviewNote: "Welcome.", reviewedBy: owner.userId });
    // A form of another technician's page posted here is refused, not applied to either.
    expect(await post(t.gita!.id, { intent: "review", id: String(t.farhan!.id), decision: "reject", note: "x" })).toMatchObject({ status: 400 });
  });

  it("saves the stage requirements in one audited change, and refuses a save made on older ones", async () => {
    const first = await stageRequirementsPage();
    // The migration's seed: work done needs the customer's sign-off and a note or photo.
    expect(first.requirements.work_done).toEqual({ signoff: true, noteOrPhoto: true, photo: false, parts: false });
    expect(first.requirements.on_site).toEqual({ signoff: false, noteOrPhoto: false, photo: false, parts: false });
    const input = stageRequirementsSchema.parse({ intent: "stages", shown: first.shown, require: ["work_done:signoff", "work_done:photo", "needs_parts:parts"] });
    expect(await saveStageRequirements({ userId: owner.userId, label: "Ramesh Owner", ipAddress: "203.0.113.5" }, input, NOW)).toEqual({ ok: true, changed: true });
    const second = await stageRequirementsPage();
    expect(second.requirements.work_done).toEqual({ signoff: true, noteOrPhoto: false, photo: true, parts: false });
    expect(second.requirements.needs_parts).toEqual({ signoff: false, noteOrPhoto: false, photo: false, parts: true });
    expect(second).toMatchObject({ updatedAt: NOW.toISOString(), updatedBy: "Ramesh Owner" });
    const rows = await db().select().from(jobStageRequirements);
    expect(rows.find((r) => r.stage === "needs_parts")).toMatchObject({ requireParts: true, updatedBy: owner.userId });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "technician.stage-requirements"));
    expect(entry).toMatchObject({
      actorUserId: owner.userId,
      entityType: "stage-requirements",
      before: { work_done: { signoff: true, noteOrPhoto: true, photo: false, parts: false }, needs_parts: { parts: false } },
      after: { work_done: { signoff: true, noteOrPhoto: false, photo: true, parts: false }, needs_parts: { parts: true } },
    });
    // The first page's form, posted after the change: refused, nothing written.
    const stale = stageRequirementsSchema.parse({ intent: "stages", shown: first.shown, require: [] });
    expect(await saveStageRequirements(auditActor(owner), stale, NOW)).toEqual({ ok: false, message: STAGES_CHANGED_MEANWHILE });
    expect((await stageRequirementsPage()).shown).toBe(requirementsDigest(second.requirements));
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "technician.stage-requirements"))).toHaveLength(1);
  });

  it("refuses accounts staff at the layout, before the page's loader or action runs", async () => {
    for (const path of [`/admin/technicians/${t.arjun!.id}`, "/admin/technicians/stages", "/admin/technicians?format=csv"]) {
      const request = new Request(new URL(path, BACK_OFFICE), { headers: { cookie: accountsCookie } });
      const c = new RouterContextProvider();
      c.set(clientAddressContext, "198.51.100.7");
      const refused = await Promise.resolve(layoutMiddleware[0]!({ request, url: new URL(request.url), params: {}, context: c } as never, async () => new Response("ok"))).then(
        () => ({ status: 200 }),
        (e: { init?: { status?: number }; data?: { reason?: string } }) => ({ status: e.init?.status, reason: e.data?.reason }),
      );
      expect(refused).toMatchObject({ status: 403, reason: expect.stringContaining("Technicians: applications, skills, availability") as unknown });
    }
  });
});
