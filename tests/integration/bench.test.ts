import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { bookIn } from "~/.server/bench/intake.ts";
import { seedDemoBench } from "~/.server/bench/demo.ts";
import { benchForRequest } from "~/.server/bench/view.ts";
import { moveStage, recordDiagnosis, recordEstimate, recordRepair, recordTest } from "~/.server/bench/work.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, benchJobs, customers, equipmentUnits, outbox, quotes, requestEvents, requestPhotos, serviceRequests, users } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { canMove, missingFor, warrantyUntil } from "~/lib/bench/stages.ts";
import { type StaffRole } from "~/lib/auth/permissions.ts";
import { APPROVAL_NEEDED_MESSAGE, intakeSchema, OVERRIDE_REASON_MESSAGE, STALE_BENCH_MESSAGE, testSchema } from "~/lib/forms/admin/bench.ts";
import { action as intakeAction, loader as intakeLoader } from "~/routes/admin/service-requests/bench-intake.tsx";
import { action as jobAction, loader as jobLoader } from "~/routes/admin/bench/job.tsx";
import { loader as labelLoader } from "~/routes/admin/bench/label.tsx";
import { loader as listLoader, middleware as listMiddleware } from "~/routes/admin/bench/route.tsx";
import { middleware as layoutMiddleware } from "~/routes/admin/layout.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, statusOf, BACK_OFFICE } from "../support/staff-routes.ts";

/**
 * Bench repair (issue 10, section 4): intake against a request, the steps and their gates, the warranty from
 * the return and the flag on a unit that comes back within it, one job per intake form, stale steps refused,
 * what the customer reads, the label's QR code, the board, and who may open the screens at all.
 */

describe("the bench stages", () => {
  it("allow only the next stage (and back to repair from testing), each with what it needs", () => {
    expect(canMove("received", "diagnosis")).toBe(true);
    expect(canMove("received", "ready")).toBe(false);
    expect(canMove("testing", "repair")).toBe(true);
    expect(canMove("returned", "received")).toBe(false);
    const blank = { diagnosis: null, estimatePaise: null, repairNotes: null, testResult: null };
    expect(missingFor("repair", blank)).toEqual(["the diagnosis", "the estimate"]);
    expect(missingFor("ready", { ...blank, testResult: "fail" })).toEqual(["a passing test report (the last load test failed)"]);
    expect(missingFor("ready", { ...blank, testResult: "pass" })).toEqual([]);
  });

  it("run the warranty in calendar months from the return, to the month's last day when shorter", () => {
    expect(warrantyUntil(new Date("2026-11-25T10:00:00Z"), 6).toISOString()).toBe("2027-05-25T10:00:00.000Z");
    expect(warrantyUntil(new Date("2026-08-31T10:00:00Z"), 6).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    // 31 August in India (20:00 UTC on the 30th is 01:30 on the 31st, IST): also to the end of February.
    expect(warrantyUntil(new Date("2026-08-30T20:00:00Z"), 6).toISOString()).toBe("2027-02-27T20:00:00.000Z");
  });

  it("forms: a new unit needs its make; rupees become paise; test values are numbers", () => {
    const bad = intakeSchema.safeParse({ idempotencyKey: randomUUID(), unit: "new", faultReported: "Trips", conditionOnArrival: "" });
    expect(Object.fromEntries(bad.error!.issues.map((i) => [String(i.path[0]), i.message]))).toMatchObject({
      make: "Enter the make of the new unit (e.g. ABB, Siemens, Delta).",
      conditionOnArrival: expect.stringContaining("condition on arrival") as unknown,
    });
    const test = testSchema.safeParse({ intent: "test", version: "3", result: "pass", inputVoltage: "415", loadPercent: "80", frequency: "" });
    expect(test.data).toMatchObject({ result: "pass", parameters: { inputVoltage: 415, loadPercent: 80 } });
    expect(testSchema.safeParse({ intent: "test", version: "3", result: "pass", outputCurrent: "lots" }).error!.issues[0]).toMatchObject({ path: ["outputCurrent"] });
  });
});

describeEachEngine("bench repair", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "bench-test-"));
  let office: StaffMember;
  let counter = 0;

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.9" });

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await upsertUserWithRole(`+9190${String(process.pid % 100000).padStart(5, "0")}401`, "admin", db(), "Asha Bench");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, a.id));
    office = staffMember(a.id, "office", "Asha Bench");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  /** A request as the public form stores it, without a customer link (as older requests are). */
  async function newRequest(over: Partial<typeof serviceRequests.$inferInsert> = {}) {
    counter += 1;
    const [row] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(7000 + counter)}`,
        kind: "full",
        contactName: "Ravi Kumar",
        mobile: `+9198490${String(10000 + counter + (process.pid % 1000) * 10)}`.slice(0, 13),
        company: "Sri Venkateswara Pharma",
        equipmentBrand: "ABB",
        equipmentModel: "ACS580",
        faultDescription: "Drive trips on overcurrent at start.",
        urgency: "planned",
        consentVersion: "1",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        ...over,
      })
      .returning();
    return row!;
  }

  const intake = (over: Partial<Parameters<typeof bookIn>[2]> = {}) => ({
    idempotencyKey: randomUUID(),
    unit: "new",
    kind: "VFD",
    make: "ABB",
    model: "ACS580-01",
    serialNumber: "1234ABC",
    rating: "7.5 kW 415 V",
    faultReported: "Trips on overcurrent at start.",
    conditionOnArrival: "Cover cracked at one corner.",
    accessories: "Keypad",
    ...over,
  });

  async function jobOf(jobCard: string) {
    const [row] = await db().select().from(benchJobs).where(eq(benchJobs.jobCard, jobCard));
    return row!;
  }

  async function photo(): Promise<File> {
    const bytes = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#aa3322" } }).jpeg().toBuffer();
    return new File([new Uint8Array(bytes)], "arrival.jpg", { type: "image/jpeg" });
  }

  it("books a unit in, takes it through every step with its gates, and starts the warranty on return", async () => {
    const request = await newRequest();
    const booked = await bookIn(office, request.reference, intake({ serialNumber: "WX-9001" }), [await photo()]);
    expect(booked).toMatchObject({ ok: true, jobCard: expect.stringMatching(/^JC-\d{4}-\d{4}$/) as unknown });
    if (!booked.ok) return;
    const job = await jobOf(booked.jobCard);
    expect(job).toMatchObject({ stage: "received", version: 1, warrantyRepeatOfId: null, faultReported: "Trips on overcurrent at start.", accessories: "Keypad" });
    // The request had no customer: intake made the record and linked it; the unit is the customer's.
    const [linked] = await db()
      .select({ customerId: serviceRequests.customerId, status: serviceRequests.status, firstContactAt: serviceRequests.firstContactAt, version: serviceRequests.version })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, request.id));
    // The unit is in the office's hands: the new request is in progress, its response clock stopped.
    expect(linked).toMatchObject({ status: "in_progress", version: 2 });
    expect(linked!.firstContactAt).not.toBeNull();
    const [unit] = await db().select().from(equipmentUnits).where(eq(equipmentUnits.id, job.unitId));
    expect(linked!.customerId).not.toBeNull();
    expect(unit).toMatchObject({ customerId: linked!.customerId, make: "ABB", serialNumber: "WX-9001" });
    const photos = await db().select().from(requestPhotos).where(eq(requestPhotos.benchJobId, job.id));
    expect(photos).toMatchObject([{ requestId: request.id, source: "office", uploadedBy: office.userId, contentType: "image/webp" }]);
    expect(fs.existsSync(path.join(storage, "uploads", photos[0]!.path))).toBe(true);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "bench"), eq(auditLog.entityId, String(job.id))));
    expect(entry).toMatchObject({ action: "bench.intake", entityLabel: booked.jobCard, actorUserId: office.userId });

    const card = booked.jobCard;
    let v = 1;
    expect(await moveStage(office, card, { intent: "move", version: v, to: "estimate", note: undefined, internal: false })).toMatchObject({ ok: false, field: "to", message: 'From "Received" the job goes to "Diagnosis".' });
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "diagnosis", note: "On the bench today.", internal: false })).toMatchObject({ ok: true });
    expect(await moveStage(office, card, { intent: "move", version: v, to: "estimate", note: undefined, internal: false })).toMatchObject({ ok: false, message: 'Before "Estimate", record the diagnosis.' });
    expect(await recordDiagnosis(office, card, { intent: "diagnosis", version: v++, diagnosis: "Two output IGBTs shorted." })).toMatchObject({ ok: true });
    expect(await recordEstimate(office, card, { intent: "estimate", version: v++, estimate: 1_250_050 })).toMatchObject({ ok: true, message: "Estimate of ₹12,500.50 saved." });
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "estimate", note: undefined, internal: false })).toMatchObject({ ok: true });
    // Issue 17 §4: the repair waits for the customer's approval of the estimate's quote, or an override with a reason.
    expect(await moveStage(office, card, { intent: "move", version: v, to: "repair", note: undefined, internal: false })).toMatchObject({ ok: false, field: "to", message: APPROVAL_NEEDED_MESSAGE });
    expect(await moveStage(office, card, { intent: "move", version: v, to: "repair", note: undefined, internal: false, override: "yes" })).toMatchObject({ ok: false, field: "overrideReason", message: OVERRIDE_REASON_MESSAGE });
    expect(await moveStage(office, card, { intent: "move", version: v, to: "repair", note: undefined, internal: false })).toMatchObject({ ok: false });
    const [quote] = await db()
      .insert(quotes)
      .values({ reference: "QT-2611-9701", customerId: linked!.customerId!, benchJobId: job.id, requestId: request.id, status: "sent", title: "IGBT replacement", validUntil: "2099-12-31" })
      .returning();
    // A quote sent but not yet approved is not the approval.
    expect(await moveStage(office, card, { intent: "move", version: v, to: "repair", note: undefined, internal: false })).toMatchObject({ ok: false, message: APPROVAL_NEEDED_MESSAGE });
    await db().update(quotes).set({ status: "approved", approvedVersion: 1 }).where(eq(quotes.id, quote!.id));
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "repair", note: undefined, internal: false })).toMatchObject({ ok: true });
    expect(await moveStage(office, card, { intent: "move", version: v, to: "testing", note: undefined, internal: false })).toMatchObject({ ok: false, message: 'Before "Testing", record the repair notes.' });
    expect(await recordRepair(office, card, { intent: "repair", version: v++, repairNotes: "Replaced both IGBTs and the gate driver." })).toMatchObject({ ok: true });
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "testing", note: undefined, internal: false })).toMatchObject({ ok: true });
    // Ready needs a passing test report: none, then a failed one, are refused.
    expect(await moveStage(office, card, { intent: "move", version: v, to: "ready", note: undefined, internal: false })).toMatchObject({ ok: false, message: 'Before "Ready", record a passing test report.' });
    expect(await recordTest(office, card, { intent: "test", version: v++, result: "fail", parameters: { loadPercent: 50 }, testNotes: "Trips at 50 % load." })).toMatchObject({ ok: true });
    expect(await moveStage(office, card, { intent: "move", version: v, to: "ready", note: undefined, internal: false })).toMatchObject({ ok: false, field: "to" });
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "repair", note: "Rework: the snubber.", internal: true })).toMatchObject({ ok: true });
    expect((await jobOf(card)).testResult).toBeNull();
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "testing", note: undefined, internal: false })).toMatchObject({ ok: true });
    expect(
      await recordTest(office, card, { intent: "test", version: v++, result: "pass", parameters: { inputVoltage: 415, outputVoltage: 410, outputCurrent: 14.2, frequency: 50, loadPercent: 100, runMinutes: 60 }, testNotes: undefined }),
    ).toMatchObject({ ok: true });
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "ready", note: undefined, internal: false })).toMatchObject({ ok: true, message: "Moved to Ready. The customer has been told by SMS." });
    const sms = await db().select().from(outbox).where(eq(outbox.recipient, request.mobile));
    expect(sms.map((m) => m.template)).toEqual([DLT_TEMPLATES.benchReady.id]);
    expect(sms[0]!.body).toContain(card);

    const returnedAt = new Date();
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "returned", note: undefined, internal: false }, returnedAt)).toMatchObject({ ok: true });
    const done = await jobOf(card);
    expect(done).toMatchObject({ stage: "returned", returnedAt, version: v });
    expect(done.warrantyUntil!.toISOString()).toBe(warrantyUntil(returnedAt, 6).toISOString());
    const history = await db().select().from(requestEvents).where(and(eq(requestEvents.requestId, request.id), eq(requestEvents.kind, "bench"))).orderBy(asc(requestEvents.id));
    expect(history.map((e) => e.note)).toEqual([expect.stringContaining(`booked in for bench repair: job card ${card}`), expect.stringContaining(`returned to the customer (job card ${card}); warranty until`)]);
    expect(await moveStage(office, card, { intent: "move", version: v, to: "received", note: undefined, internal: false })).toMatchObject({ ok: false, message: "This unit has been returned: its job card is closed." });

    // The customer reads the steps but not the internal note (nor the repair notes).
    const [view] = await benchForRequest(request.id, { customer: true });
    expect(view).toMatchObject({ jobCard: card, stage: "returned", underWarranty: true, estimate: "₹12,500.50", testResult: "pass" });
    const notes = view!.events.map((e) => e.note ?? "");
    expect(notes.some((n) => n.includes("On the bench today."))).toBe(true);
    expect(notes.some((n) => n.includes("Rework"))).toBe(false);
    expect(notes.some((n) => n.includes("Replaced both IGBTs"))).toBe(false);
    expect(view!.photos).toHaveLength(1);
  });

  it("flags a unit with the same serial number (any case, any customer) that comes back within warranty", async () => {
    const first = await newRequest();
    const a = await bookIn(office, first.reference, intake({ serialNumber: "SN-REPEAT-77" }));
    if (!a.ok) throw new Error("not booked");
    // Returned a month ago: its warranty still runs.
    const back = new Date(Date.now() - 30 * 86_400_000);
    await db().update(benchJobs).set({ stage: "returned", returnedAt: back, warrantyUntil: warrantyUntil(back, 6) }).where(eq(benchJobs.jobCard, a.jobCard));
    const other = await newRequest({ contactName: "Another Plant" });
    const b = await bookIn(office, other.reference, intake({ serialNumber: "sn-repeat-77" }));
    expect(b).toMatchObject({ ok: true, message: expect.stringContaining(`Within warranty: the same serial number was repaired under ${a.jobCard}.`) as unknown });
    if (!b.ok) return;
    expect((await jobOf(b.jobCard)).warrantyRepeatOfId).toBe((await jobOf(a.jobCard)).id);
    const [onRequest] = await benchForRequest(other.id, { customer: false });
    expect(onRequest).toMatchObject({ jobCard: b.jobCard, warrantyRepeatOf: a.jobCard });

    // After the warranty ended, the same serial is not flagged.
    await db().update(benchJobs).set({ warrantyUntil: new Date(Date.now() - 1000) }).where(eq(benchJobs.jobCard, a.jobCard));
    await db().update(benchJobs).set({ stage: "returned", warrantyUntil: new Date(Date.now() - 1000) }).where(eq(benchJobs.jobCard, b.jobCard));
    const c = await bookIn(office, other.reference, intake({ serialNumber: "SN-REPEAT-77" }));
    if (!c.ok) throw new Error("not booked");
    expect((await jobOf(c.jobCard)).warrantyRepeatOfId).toBeNull();
  });

  it("makes one job from one intake form however often it is sent; an existing unit is picked only from the customer's", async () => {
    const request = await newRequest();
    const form = intake({ serialNumber: "ONCE-1" });
    const [one, two] = await Promise.all([bookIn(office, request.reference, form), bookIn(office, request.reference, form)]);
    const again = await bookIn(office, request.reference, form);
    expect(one.ok && two.ok && again.ok).toBe(true);
    if (!one.ok || !two.ok || !again.ok) return;
    expect(new Set([one.jobCard, two.jobCard, again.jobCard]).size).toBe(1);
    expect(await db().select().from(benchJobs).where(eq(benchJobs.requestId, request.id))).toHaveLength(1);
    expect(await db().select().from(equipmentUnits).where(eq(equipmentUnits.serialNumber, "ONCE-1"))).toHaveLength(1);

    const job = await jobOf(one.jobCard);
    // The same unit again while it is still in the workshop: refused; another customer's unit: refused.
    expect(await bookIn(office, request.reference, intake({ unit: String(job.unitId) }))).toMatchObject({ ok: false, field: "unit", message: `This unit is already in the workshop under ${one.jobCard}.` });
    const stranger = await newRequest({ contactName: "Stranger" });
    expect(await bookIn(office, stranger.reference, intake({ unit: String(job.unitId) }))).toMatchObject({ ok: false, field: "unit" });
  });

  it("the same serial typed in another case or with spaces is the same unit, not a second record (issue 17 §4)", async () => {
    const first = await newRequest();
    const a = await bookIn(office, first.reference, intake({ serialNumber: "SR 77-ab01" }));
    if (!a.ok) throw new Error("not booked");
    const unitId = (await jobOf(a.jobCard)).unitId;
    // Still in the workshop: the same serial typed differently is refused as that unit, not made again.
    expect(await bookIn(office, first.reference, intake({ serialNumber: "sr77-AB01" }))).toMatchObject({ ok: false, field: "unit", message: `This unit is already in the workshop under ${a.jobCard}.` });
    await db().update(benchJobs).set({ stage: "returned" }).where(eq(benchJobs.jobCard, a.jobCard));
    // Back later on another request of the same customer, typed again at once from two screens: one unit.
    const second = await newRequest({ mobile: first.mobile });
    const [b, c] = await Promise.all([bookIn(office, second.reference, intake({ serialNumber: " sr77-ab01 " })), bookIn(office, second.reference, intake({ serialNumber: "SR77-AB 01" }))]);
    const booked = [b, c].filter((r) => r.ok);
    expect(booked).toHaveLength(1);
    expect([b, c].find((r) => !r.ok)).toMatchObject({ ok: false, field: "unit" });
    const jobCard = (booked[0] as { jobCard: string }).jobCard;
    expect((await jobOf(jobCard)).unitId).toBe(unitId);
    const customerId = (await db().select().from(equipmentUnits).where(eq(equipmentUnits.id, unitId)))[0]!.customerId;
    expect(await db().select().from(equipmentUnits).where(eq(equipmentUnits.customerId, customerId))).toHaveLength(1);
  });

  it("estimate to repair without the customer's approval: only with a reason, which the audit log keeps (issue 17 §4)", async () => {
    const request = await newRequest();
    const booked = await bookIn(office, request.reference, intake({ serialNumber: "OVR-1" }));
    if (!booked.ok) throw new Error("not booked");
    const card = booked.jobCard;
    let v = 1;
    await moveStage(office, card, { intent: "move", version: v++, to: "diagnosis", note: undefined, internal: false });
    await recordDiagnosis(office, card, { intent: "diagnosis", version: v++, diagnosis: "DC bus capacitors dried out." });
    await recordEstimate(office, card, { intent: "estimate", version: v++, estimate: 800_000 });
    expect(await moveStage(office, card, { intent: "move", version: v++, to: "estimate", note: undefined, internal: false })).toMatchObject({ ok: true });
    expect(await moveStage(office, card, { intent: "move", version: v, to: "repair", note: undefined, internal: false, override: "yes", overrideReason: "  " })).toMatchObject({ ok: false, field: "overrideReason" });
    const reason = "Plant manager approved on the phone; PO to follow.";
    expect(await moveStage(office, card, { intent: "move", version: v, to: "repair", note: undefined, internal: false, override: "yes", overrideReason: reason })).toMatchObject({ ok: true });
    const job = await jobOf(card);
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityType, "bench"), eq(auditLog.entityId, String(job.id)), eq(auditLog.action, "bench.stage")));
    expect(entries.at(-1)!.after).toMatchObject({ stage: "repair", approvalOverride: reason });
  });

  it("refuses a step made on an older version, writing nothing", async () => {
    const request = await newRequest();
    const booked = await bookIn(office, request.reference, intake({ serialNumber: null as unknown as undefined }));
    if (!booked.ok) throw new Error("not booked");
    expect(await moveStage(office, booked.jobCard, { intent: "move", version: 1, to: "diagnosis", note: undefined, internal: false })).toMatchObject({ ok: true });
    expect(await recordDiagnosis(office, booked.jobCard, { intent: "diagnosis", version: 1, diagnosis: "Old page" })).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_BENCH_MESSAGE });
    expect((await jobOf(booked.jobCard))).toMatchObject({ diagnosis: null, version: 2 });
  });

  describe("through the routes", () => {
    const args = (params: Record<string, string>, pathName: string, body?: FormData) => routeArgs(pathName, { staff: office, params, body });
    const form = (values: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(values)) f.append(k, v);
      return f;
    };

    it("intake redirects to the job card; bad input answers 400 beside the fields; the page, label and board show the job", async () => {
      const request = await newRequest();
      const path = `/admin/service-requests/${request.reference}/bench`;
      const page = (await intakeLoader(args({ reference: request.reference }, path))) as { idempotencyKey: string; request: { reference: string } };
      expect(page.request.reference).toBe(request.reference);

      const refused = (await intakeAction(args({ reference: request.reference }, path, form({ idempotencyKey: page.idempotencyKey, unit: "new", faultReported: "Trips", conditionOnArrival: "" })))) as {
        data: { errors: Record<string, string> };
        init: { status: number };
      };
      expect(refused.init.status).toBe(400);
      expect(Object.keys(refused.data.errors).sort()).toEqual(["conditionOnArrival", "make"]);

      const body = form({ idempotencyKey: page.idempotencyKey, unit: "new", make: "Siemens", model: "G120", serialNumber: "ROUTE-55", faultReported: "Trips", conditionOnArrival: "Good" });
      const done = (await intakeAction(args({ reference: request.reference }, path, body))) as Response;
      expect(done.status).toBe(303);
      const jobCard = decodeURIComponent(done.headers.get("location")!.split("/").pop()!);
      expect(jobCard).toMatch(/^JC-/);

      const jobPath = `/admin/bench/${jobCard}`;
      const loaded = (await jobLoader(args({ jobCard }, jobPath))) as { job: { version: number; stage: string }; moves: Array<{ value: string }> };
      expect(loaded).toMatchObject({ job: { version: 1, stage: "received" }, moves: [{ value: "diagnosis" }] });
      const stale = (await jobAction(args({ jobCard }, jobPath, form({ intent: "move", version: "7", to: "diagnosis" })))) as { data: { errors: Record<string, string> }; init: { status: number } };
      expect(stale).toMatchObject({ init: { status: 400 }, data: { errors: { form: STALE_BENCH_MESSAGE } } });
      const moved = (await jobAction(args({ jobCard }, jobPath, form({ intent: "move", version: "1", to: "diagnosis", note: "Started" })))) as Response;
      expect(moved.status).toBe(303);

      const label = (await labelLoader(args({ jobCard }, `${jobPath}/label`))) as { qr: string; target: string; unit: string; serialNumber: string };
      expect(label.qr).toMatch(/^<svg[^>]*viewBox/);
      expect(label).toMatchObject({ target: `${BACK_OFFICE}${jobPath}`, unit: "Siemens G120", serialNumber: "ROUTE-55" });

      const board = (await listLoader(args({}, "/admin/bench?q=route-55"))) as { rows: Array<{ jobCard: string; stageLabel: string }>; total: number };
      expect(board).toMatchObject({ total: 1, rows: [{ jobCard, stageLabel: "Diagnosis" }] });
      const csv = (await listMiddleware[0]!(args({}, `/admin/bench?stage=all&q=${jobCard}&format=csv`), () => Promise.reject(new Error("answered by the middleware")))) as Response;
      expect(csv.headers.get("content-type")).toContain("text/csv");
      expect(await csv.text()).toContain(`${jobCard},`);

      let missing: unknown;
      try {
        await jobLoader(args({ jobCard: "JC-2611-9999" }, "/admin/bench/JC-2611-9999"));
      } catch (error) {
        missing = error;
      }
      expect(statusOf(missing)).toBe(404);
    });

    it("are refused at the layout: signed out, a customer, a technician, staff without 'requests', and the public host", async () => {
      const request = await newRequest();
      const booked = await bookIn(office, request.reference, intake({ serialNumber: "GUARD-1" }));
      if (!booked.ok) throw new Error("not booked");
      const paths = ["/admin/bench", `/admin/bench/${booked.jobCard}`, `/admin/bench/${booked.jobCard}/label`, `/admin/service-requests/${request.reference}/bench`];
      const cookieFor = async (userId: number, role: "admin" | "customer" | "technician") => {
        const url = new URL(BACK_OFFICE);
        return (await startSession({ userId, role, method: "otp", request: new Request(url), url, address: "198.51.100.9" })).split(";")[0]!;
      };
      const accounts = await upsertUserWithRole(`+9190${String(process.pid % 100000).padStart(5, "0")}402`, "admin", db(), "Anil Accounts");
      await db().update(users).set({ staffRole: "accounts" }).where(eq(users.id, accounts.id));
      const customer = await upsertUserWithRole(request.mobile, "customer", db(), "Ravi Kumar");
      const technician = await upsertUserWithRole(`+9190${String(process.pid % 100000).padStart(5, "0")}403`, "technician", db(), "Tech");
      const through = async (origin: string, p: string, cookie: string) => {
        const context = new RouterContextProvider();
        context.set(clientAddressContext, "198.51.100.9");
        const req = new Request(new URL(p, origin), { headers: { cookie } });
        try {
          await layoutMiddleware[0]!({ request: req, url: new URL(req.url), params: {}, context, unstable_pattern: p } as never, async () => new Response("ok"));
          return { status: 200 };
        } catch (error) {
          if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
          return { status: (error as { init?: { status?: number } }).init?.status ?? 0, reason: (error as { data?: { reason?: string } }).data?.reason };
        }
      };
      const officeCookie = await cookieFor(office.userId, "admin");
      for (const p of paths) {
        expect(await through(BACK_OFFICE, p, officeCookie), p).toEqual({ status: 200 });
        expect(await through(BACK_OFFICE, p, ""), p).toMatchObject({ status: 302, location: expect.stringMatching(/^\/admin\/login/) as unknown });
        expect(await through(BACK_OFFICE, p, await cookieFor(customer.id, "customer")), p).toMatchObject({ status: 302 });
        expect(await through(BACK_OFFICE, p, await cookieFor(technician.id, "technician")), p).toMatchObject({ status: 302 });
        expect(await through(BACK_OFFICE, p, await cookieFor(accounts.id, "admin")), p).toMatchObject({
          status: 403,
          reason: expect.stringMatching(/^(Bench repair|Service requests) needs the permission .+ your role \(Accounts\)/) as unknown,
        });
        expect((await through("http://localhost:3000", p, officeCookie)).status, p).toBe(403);
      }
    });
  });

  it("seeds the demo workshop once: every stage, one returned and one flagged repeat within its warranty", async () => {
    // The demo picks the newest requests: make sure there are enough of them.
    for (let i = 0; i < 6; i++) await newRequest();
    await db().delete(benchJobs);
    const seeded = await seedDemoBench(db(), { actorUserId: office.userId });
    expect(seeded.jobs).toBe(7);
    const jobs = await db().select().from(benchJobs).orderBy(asc(benchJobs.id));
    expect(new Set(jobs.map((j) => j.stage))).toEqual(new Set(["received", "diagnosis", "estimate", "testing", "ready", "returned"]));
    const returned = jobs.find((j) => j.stage === "returned")!;
    expect(returned.warrantyUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(jobs.filter((j) => j.warrantyRepeatOfId === returned.id)).toHaveLength(1);
    expect(await db().select().from(customers)).not.toHaveLength(0);
    expect((await seedDemoBench(db())).jobs).toBe(0);
  });
});
