import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeCursor } from "~/.server/admin/list.ts";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { activityOptions, allActivity, changesOf, countActivity, listActivity, parseActivityQuery, type ActivityFilters } from "~/.server/audit/list.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, technicianProfiles, users } from "~/.server/db/schema.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { reviewApplication } from "~/.server/technicians/index.ts";
import { STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import { loader as activityLoader, middleware as activityMiddleware } from "~/routes/admin/activity/route.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

/** The CSV export's rows: every batch of allActivity, in order. */
async function exported(filters: ActivityFilters, batch?: number) {
  const rows = [];
  for await (const rowsOfBatch of allActivity(filters, batch)) rows.push(...rowsOfBatch);
  return rows;
}

const ist = (local: string) => new Date(`${local}+05:30`);

describe("activity filters from the address", () => {
  it("keeps the values that fit and drops the rest; a range typed backwards is turned round", () => {
    const q = parseActivityQuery(
      new URL("http://x/admin/activity?person=12&type=request&record=%20SR-2611-0004%20&action=request.status&from=2026-11-20&to=2026-11-02&after=junk"),
    );
    expect(q).toEqual({
      filters: { person: 12, type: "request", record: "SR-2611-0004", action: "request.status", from: "2026-11-02", to: "2026-11-20" },
      cursor: undefined,
      csv: false,
    });
    const bad = parseActivityQuery(new URL("http://x/admin/activity?person=abc&type=DROP%20TABLE&from=2026-02-30&to=yesterday&format=csv"));
    expect(bad.filters).toEqual({ person: undefined, type: undefined, record: undefined, action: undefined, from: undefined, to: undefined });
    expect(bad.csv).toBe(true);
  });

  it("shows only the fields that changed", () => {
    expect(changesOf({ status: "new", reviewNote: null, same: 1 }, { status: "scheduled", reviewNote: "Monday", same: 1 })).toEqual([
      { field: "Status", before: "Received", after: "Visit scheduled" },
      { field: "Note", before: "none", after: "Monday" },
    ]);
    expect(changesOf(null, { staffRole: "office", roles: ["admin"] })).toEqual([
      { field: "Role", before: "none", after: "Office" },
      { field: "Portals", before: "none", after: "admin" },
    ]);
  });
});

describeEachEngine("audit list", (database) => {
  let ravi: AuditActor;
  let sita: AuditActor;
  const previousConfig = getServerConfig();
  const db = () => database().handle.db;

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) }));
    clearSettingsCache();
    await seedSettings(db(), "http://localhost:3000");
    const r = await upsertUserWithRole("+919000000201", "admin", db(), "Ravi");
    const s = await upsertUserWithRole("+919000000202", "admin", db(), "Sita");
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, r.id));
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, s.id));
    ravi = { userId: r.id, label: "Ravi", ipAddress: "203.0.113.1" };
    sita = { userId: s.id, label: "Sita", ipAddress: "203.0.113.2" };

    // 1 Nov 2026 00:00 IST (31 Oct 18:30 UTC) .. 3 Nov 23:59 IST, and more on one instant (keyset ties).
    await audit(db(), ravi, { action: "staff.add", entityType: "user", entityId: s.id, entityLabel: "Sita", after: { staffRole: "office" } }, ist("2026-11-01T00:00:00"));
    await audit(
      db(),
      sita,
      { action: "request.status", entityType: "request", entityId: 41, entityLabel: "SR-2611-0004", before: { status: "new", note: "x" }, after: { status: "scheduled", note: "x" } },
      ist("2026-11-01T10:00:00"),
    );
    await audit(db(), sita, { action: "request.note", entityType: "request", entityId: 42, entityLabel: "SR-2611-0005" }, ist("2026-11-02T23:59:59"));
    await audit(db(), ravi, { action: "auth.sign-in", entityType: "user", entityId: r.id, entityLabel: "Ravi", after: { method: "otp" } }, ist("2026-11-03T00:00:00"));
    await audit(db(), sita, { action: "request.frobnicate", entityType: "request", entityId: 43, entityLabel: "=HYPERLINK(\"x\")" }, ist("2026-11-03T09:00:00"));
    const tie = ist("2026-11-03T12:00:00");
    for (let i = 0; i < 5; i++) await audit(db(), sita, { action: "request.call", entityType: "request", entityId: 100 + i, entityLabel: `SR-2611-01${i}0` }, tie);
    // Two entries a microsecond apart (a database clock, not a JavaScript date).
    await db().execute(
      sql.raw(`insert into audit_log (at, actor_user_id, actor_label, action, entity_type, entity_id) values
       ('2026-11-03T08:00:00.000001Z', ${s.id}, 'Sita', 'request.call', 'request', '200'),
       ('2026-11-03T08:00:00.000002Z', ${s.id}, 'Sita', 'request.call', 'request', '201')`),
    );
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
  });

  const none: ActivityFilters = {};

  /** Every page of a filter, following the keyset cursors. */
  async function allPages(filters: ActivityFilters, size: number) {
    const seen: number[] = [];
    let cursor: [string, number] | undefined;
    for (let i = 0; i < 50; i++) {
      const page = await listActivity(filters, cursor, size);
      seen.push(...page.entries.map((e) => e.id));
      if (!page.next) break;
      const decoded = JSON.parse(Buffer.from(page.next, "base64url").toString()) as [string, number];
      cursor = decoded;
    }
    return seen;
  }

  it("lists newest first, in keyset pages that neither repeat nor skip an entry, ties and microseconds included", async () => {
    const everything = (await exported(none)).map((e) => e.id);
    expect(everything).toHaveLength(12);
    expect(await countActivity(none)).toEqual({ count: 12, capped: false });
    const ats = (await exported(none)).map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    for (const size of [1, 2, 3, 5, 50]) expect(await allPages(none, size), `pages of ${size}`).toEqual(everything);
    // The export walks the same keyset in batches: none repeats or skips an entry either.
    for (const batch of [1, 2, 5, 12, 1000]) expect((await exported(none, batch)).map((e) => e.id), `batches of ${batch}`).toEqual(everything);
  });

  it("filters by person, record (kind and id or label), action and India dates, and counts the matches", async () => {
    const ids = async (f: ActivityFilters) => (await exported(f)).map((e) => e.action);
    expect(await countActivity({ person: ravi.userId! })).toEqual({ count: 2, capped: false });
    expect(await ids({ person: ravi.userId! })).toEqual(["auth.sign-in", "staff.add"]);
    expect(await ids({ type: "request", record: "SR-2611-0004" })).toEqual(["request.status"]);
    expect(await ids({ type: "request", record: "42" })).toEqual(["request.note"]);
    expect(await countActivity({ record: "sr-2611-01" })).toEqual({ count: 5, capped: false });
    // A % or _ typed in the record box is a character, not a wildcard.
    expect(await countActivity({ record: "%" })).toEqual({ count: 0, capped: false });
    expect(await countActivity({ action: "request.call" })).toEqual({ count: 7, capped: false });
    // India days: 1 Nov starts at 00:00 IST; 2 Nov ends at 23:59:59 IST; 3 Nov 00:00 IST is the next day.
    expect(await ids({ from: "2026-11-01", to: "2026-11-02" })).toEqual(["request.note", "request.status", "staff.add"]);
    expect(await ids({ from: "2026-11-02", to: "2026-11-02" })).toEqual(["request.note"]);
    expect(await countActivity({ from: "2026-11-03" })).toEqual({ count: 9, capped: false });
    expect(await countActivity({ to: "2026-10-31" })).toEqual({ count: 0, capped: false });
    expect(await countActivity({ person: sita.userId!, action: "request.call", from: "2026-11-03", to: "2026-11-03" })).toEqual({ count: 7, capped: false });
    expect(await allPages({ action: "request.call" }, 2)).toEqual((await exported({ action: "request.call" })).map((e) => e.id));
  });

  it("reads each entry as a sentence, links a request to its page, and offers the people, kinds and actions of the log", async () => {
    const [status] = await exported({ action: "request.status" });
    expect(status).toMatchObject({
      who: "Sita",
      what: { lead: "changed the status of", record: "SR-2611-0004", href: "/admin/service-requests/SR-2611-0004", tail: " to Visit scheduled" },
      sentence: "Sita changed the status of SR-2611-0004 to Visit scheduled",
      ipAddress: "203.0.113.2",
      changes: [{ field: "Status", before: "Received", after: "Visit scheduled" }],
    });
    const [signIn] = await exported({ action: "auth.sign-in" });
    expect(signIn).toMatchObject({ sentence: "Ravi signed in to the back office", what: { record: null, href: null }, changes: [] });
    const [added] = await exported({ action: "staff.add" });
    expect(added!.sentence).toBe("Ravi added Sita to the staff as Office");
    const [unknown] = await exported({ action: "request.frobnicate" });
    expect(unknown!.sentence).toBe('Sita recorded “request.frobnicate” on =HYPERLINK("x")');

    const options = await activityOptions();
    expect(options.people).toEqual(
      expect.arrayContaining([
        { value: String(ravi.userId), label: `Ravi (${STAFF_ROLE_INFO.owner.label})` },
        { value: String(sita.userId), label: "Sita (Office)" },
      ]),
    );
    expect(options.types).toEqual(expect.arrayContaining([{ value: "request", label: "Service request" }]));
    expect(options.actions).toEqual(expect.arrayContaining([{ value: "request.frobnicate", label: "request.frobnicate" }, { value: "request.call", label: "Logged a call" }]));
  });

  const staffArgs = (path: string) =>
    routeArgs(path, { staff: asStaff("owner", { userId: ravi.userId!, sessionId: 1, name: "Ravi", mobile: "+919000000201", ipAddress: "203.0.113.1" }), address: "203.0.113.1" });

  it("the screen pages with the filters kept in the address, and exports the filter as CSV", async () => {
    const first = await activityLoader(staffArgs("/admin/activity?action=request.call&after=bad"));
    expect(first.total).toBe(7);
    expect(first.totalCapped).toBe(false);
    expect(first.entries).toHaveLength(7);
    expect(first.next).toBeNull();
    expect(first.first).toBeNull();
    expect(first.csv).toBe("/admin/activity?action=request.call&format=csv");
    expect(first.filters).toMatchObject({ action: "request.call", person: "" });

    const everything = await exported(none);
    const cursor = encodeCursor([everything[0]!.at, everything[0]!.id]);
    const later = await activityLoader(staffArgs(`/admin/activity?after=${cursor}`));
    expect(later.first).toBe("/admin/activity");
    expect(later.total).toBe(12);

    // Without ?format=csv the page goes on to its loader; with it, the route's middleware answers with the file.
    const page = new Response("the page");
    expect(await activityMiddleware[0]!(staffArgs("/admin/activity?type=request"), async () => page)).toBe(page);
    const csv = (await activityMiddleware[0]!(staffArgs("/admin/activity?type=request&format=csv"), async () => page)) as Response;
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toBe("When (India time),When (UTC),Who,Action,What,Record type,Record id,Record,Address,Changes");
    expect(lines).toHaveLength(1 + 10);
    expect(lines.find((l) => l.includes("request.status"))).toContain("Sita changed the status of SR-2611-0004 to Visit scheduled");
    expect(lines.find((l) => l.includes("request.status"))).toContain("1 Nov 2026, 10:00 am");
    // A label that a spreadsheet would run as a formula is exported as text.
    expect(lines.find((l) => l.includes("frobnicate"))).toContain(`'=HYPERLINK(""x"")`);
  });

  it("logs a technician review in the review's own transaction, once per change", async () => {
    const [row] = await db()
      .insert(technicianProfiles)
      .values({
        reference: "TA-2611-0099",
        mobile: "+919000000299",
        name: "Mahesh",
        city: "Hyderabad",
        skills: ["plc"],
        yearsExperience: 4,
        availability: "weekends",
        idProofType: "aadhaar",
        idProofPath: "x.pdf",
        idProofName: "x.pdf",
        status: "pending",
        consentVersion: "test",
        consentAt: new Date(),
      })
      .returning();
    await reviewApplication({ id: row!.id, decision: "approve", reviewerId: sita.userId!, actor: sita });
    await reviewApplication({ id: row!.id, decision: "approve", reviewerId: sita.userId!, actor: sita });
    await reviewApplication({ id: row!.id, decision: "reject", note: "ID unreadable", reviewerId: ravi.userId! });
    const entries = await exported({ type: "technician", record: "TA-2611-0099" });
    expect(entries.map((e) => e.sentence)).toEqual(["Ravi rejected the technician application TA-2611-0099", "Sita approved the technician application TA-2611-0099"]);
    expect(entries[0]!.changes).toEqual([
      { field: "Status", before: "approved", after: "rejected" },
      { field: "Note", before: "none", after: "ID unreadable" },
    ]);
    expect(entries[1]).toMatchObject({ ipAddress: "203.0.113.2", what: { href: `/admin/technicians/${row!.id}` } });
    // No actor given (an older caller): the reviewer's account, without an address.
    expect(entries[0]!.ipAddress).toBeNull();
    const raw = await db().select().from(auditLog).where(eq(auditLog.entityType, "technician"));
    expect(raw).toHaveLength(2);
  });
});
