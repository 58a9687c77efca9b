import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, count, eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { setDatabase } from "~/.server/db/index.ts";
import { outbox, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { resetRateLimits } from "~/.server/forms/index.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import {
  countApplications,
  findAssignedJob,
  findDraft,
  findProfileForUser,
  listApplications,
  listAssignedJobs,
  REJECT_NOTE_MISSING,
  reviewApplication,
  reviewSchema,
  saveApplication,
  sendRegistrationCode,
  setAvailability,
  verifyApplication,
} from "~/.server/technicians/index.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { absoluteStoredPath } from "~/.server/uploads/storage.ts";
import { technicianRegistrationSchema } from "~/lib/forms/technician-registration.ts";
import { loader as dashboardRouteLoader } from "~/routes/technician/dashboard.tsx";
import { loader as jobRouteLoader } from "~/routes/technician/job.tsx";
import { inPortal } from "../support/portal.ts";
import { codeSentTo } from "../support/sms-capture.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";

const dashboardLoader = inPortal("technician", dashboardRouteLoader);
const jobLoader = inPortal("technician", jobRouteLoader);

const APP = "http://localhost:3000";

/** What React Router hands a loader: the request, its URL, the params and the context with the client address. */
function routeArgs(path: string, cookie: string, params: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "203.0.113.9");
  const request = new Request(new URL(path, APP), { headers: { cookie } });
  return { request, url: new URL(request.url), params, context } as never;
}

/** A session cookie ("sid=...") for userId in role's portal. */
async function sessionCookie(userId: number, role: "customer" | "technician"): Promise<string> {
  const url = new URL(APP);
  const setCookie = await startSession({ userId, role, method: "otp", request: new Request(url), url, address: "203.0.113.9" });
  return setCookie.split(";")[0]!;
}

/** What a loader threw: a redirect Response, or the 404's data(). */
async function thrown(promise: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("location") };
    return { status: (error as { init?: { status?: number } }).init?.status ?? 0 };
  }
  throw new Error("the loader did not throw");
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
const pdf = (name = "aadhaar.pdf") => new File([PDF], name, { type: "application/pdf" });

let counter = 0;
/** A number of its own for each application. */
function newMobile(): string {
  counter += 1;
  return `+9170000${String(process.pid % 100).padStart(2, "0")}${String(counter).padStart(3, "0")}`;
}

function application(mobile: string, overrides: Record<string, string> = {}) {
  return technicianRegistrationSchema.parse({
    name: "Srinivas Rao",
    mobile,
    email: "srinivas@example.in",
    city: "Hyderabad",
    skills: "vfd-ac-drives,plc,vfd-ac-drives",
    yearsExperience: "7",
    currentEmployer: "",
    availability: "weekends",
    idProofType: "aadhaar",
    consent: "yes",
    ...overrides,
  });
}

describe("technician registration schema", () => {
  it("takes the ticked skills, once each, and explains each mistake", () => {
    const ok = application("98480 12345");
    expect(ok).toMatchObject({ mobile: "+919848012345", skills: ["vfd-ac-drives", "plc"], yearsExperience: 7 });
    expect(ok.currentEmployer).toBeUndefined();
    const bad = technicianRegistrationSchema.safeParse({ name: "", mobile: "12345", skills: "", yearsExperience: "51", availability: "always", idProofType: "ration" });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [String(i.path[0]), i.message]));
    expect(messages).toMatchObject({
      name: "Enter your name.",
      skills: "Choose at least one skill.",
      yearsExperience: "Enter your years of experience as a number from 0 to 50.",
      availability: "Choose when you are available.",
      idProofType: "Choose the kind of ID proof you are attaching.",
    });
    expect(messages.mobile).toMatch(/10-digit Indian mobile number/);
    expect(technicianRegistrationSchema.shape.skills.safeParse("welding").success).toBe(false);
  });

  it("a note is needed to reject, not to approve", () => {
    expect(reviewSchema.safeParse({ id: "3", decision: "approve" }).success).toBe(true);
    const refused = reviewSchema.safeParse({ id: "3", decision: "reject", note: "  " });
    expect(refused.error?.issues[0]).toMatchObject({ path: ["note"], message: REJECT_NOTE_MISSING });
  });
});

describe.each(engines)("technicians on %s", (engine) => {
  let testDb: TestDatabase;
  let storage: string;
  let adminId: number;
  const previousConfig = getServerConfig();

  beforeAll(async () => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), "technicians-test-"));
    setServerConfig(readConfig({ DATA_DIR: storage }));
    testDb = await createTestDatabase(engine);
    setDatabase(testDb.handle);
    await seedSettings(testDb.handle.db, "http://localhost:3000");
    await seedContent(testDb.handle.db);
    clearContentCache();
    adminId = (await upsertUserWithRole("+919000000009", "admin")).id;
  });
  afterAll(async () => {
    await testDb?.destroy();
    setDatabase(undefined);
    setServerConfig(previousConfig);
    fs.rmSync(storage, { recursive: true, force: true });
  });
  beforeEach(() => resetRateLimits());

  const db = () => testDb.handle.db;

  async function codeOf(challengeId: number): Promise<string> {
    const [message] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `otp:${challengeId}`));
    return codeSentTo(message!.recipient);
  }

  async function profileOf(mobile: string) {
    const [row] = await db().select().from(technicianProfiles).where(eq(technicianProfiles.mobile, mobile));
    return row!;
  }

  /** Registers and verifies mobile: a pending application. */
  async function registered(mobile = newMobile()) {
    const saved = await saveApplication(application(mobile), pdf());
    if (!saved.ok) throw new Error(saved.reason);
    const sent = await sendRegistrationCode(mobile, "10.0.0.1");
    if (!sent.ok) throw new Error(sent.message);
    const verified = await verifyApplication({ profileId: saved.profileId, mobile, challengeId: sent.challengeId, code: await codeOf(sent.challengeId), address: "10.0.0.1" });
    if (!verified.ok) throw new Error(verified.message);
    return { ...saved, userId: verified.userId };
  }

  async function smsTo(mobile: string, templateId: string) {
    return db().select().from(outbox).where(and(eq(outbox.recipient, mobile), eq(outbox.template, templateId)));
  }

  it("register -> verify: one application per number, pending once the code is right, the office told once", async () => {
    const mobile = newMobile();
    const first = await saveApplication(application(mobile), pdf());
    expect(first).toMatchObject({ ok: true, mobile, reference: expect.stringMatching(/^TA-\d{4}-\d{4}$/) as unknown });
    if (!first.ok) return;
    const firstFile = (await profileOf(mobile)).idProofPath;
    // The form sent again (say, after a correction): the same application, the new file in place of the old.
    const again = await saveApplication(application(mobile, { city: "Secunderabad" }), pdf("pan.pdf"));
    expect(again).toMatchObject({ ok: true, profileId: first.profileId, reference: first.reference });
    const [n] = await db().select({ n: count() }).from(technicianProfiles).where(eq(technicianProfiles.mobile, mobile));
    expect(n!.n).toBe(1);
    const unverified = await profileOf(mobile);
    expect(unverified).toMatchObject({ status: "unverified", city: "Secunderabad", idProofName: "pan.pdf", skills: ["vfd-ac-drives", "plc"], userId: null });
    expect(unverified.idProofPath).toMatch(/^id-proofs\/\d{4}\/\d{2}\/[\w-]+\.pdf$/);
    expect(fs.existsSync(absoluteStoredPath(unverified.idProofPath)!)).toBe(true);
    expect(fs.existsSync(absoluteStoredPath(firstFile)!)).toBe(false);
    expect((await countApplications()).pending).toBe(0);

    const sent = await sendRegistrationCode(mobile, "10.0.0.2");
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    // Sent twice within the 30 seconds: the same code goes on, and no second SMS.
    expect(await sendRegistrationCode(mobile, "10.0.0.2")).toEqual({ ok: true, challengeId: sent.challengeId });
    expect(await smsTo(mobile, DLT_TEMPLATES.signInCode.id)).toHaveLength(1);
    // "Send a new code" within those 30 seconds is told to wait.
    expect(await sendRegistrationCode(mobile, "10.0.0.2", new Date(), { resend: true })).toMatchObject({ ok: false, reason: "too-soon" });

    const code = await codeOf(sent.challengeId);
    const wrong = await verifyApplication({ profileId: first.profileId, mobile, challengeId: sent.challengeId, code: code === "000000" ? "111111" : "000000", address: "10.0.0.2" });
    expect(wrong).toMatchObject({ ok: false, reason: "wrong" });
    expect((await profileOf(mobile)).status).toBe("unverified");

    const verified = await verifyApplication({ profileId: first.profileId, mobile, challengeId: sent.challengeId, code, address: "10.0.0.2" });
    expect(verified).toMatchObject({ ok: true, reference: first.reference });
    if (!verified.ok) return;
    const pending = await profileOf(mobile);
    expect(pending).toMatchObject({ status: "pending", userId: verified.userId });
    expect(pending.verifiedAt).toBeInstanceOf(Date);
    const [user] = await db().select().from(users).where(eq(users.id, verified.userId));
    expect(user).toMatchObject({ mobile, name: "Srinivas Rao", roles: ["technician"] });
    const office = await db().select().from(outbox).where(like(outbox.dedupeKey, `technician:${first.reference}:application:%`));
    expect(office).toHaveLength(1);
    expect(office[0]).toMatchObject({ channel: "email", recipient: "support@example.com" });
    expect(office[0]!.body).toContain("VFD / AC drive repair");
    // The code is used up.
    expect(await verifyApplication({ profileId: first.profileId, mobile, challengeId: sent.challengeId, code, address: "10.0.0.2" })).toMatchObject({ ok: false });

    // Once pending, the number cannot register again: that person signs in.
    expect(await saveApplication(application(mobile), pdf())).toEqual({ ok: false, reason: "registered", status: "pending" });
    expect(await findProfileForUser({ id: verified.userId, mobile })).toMatchObject({ id: first.profileId });
    expect((await listApplications("pending")).map((a) => a.reference)).toContain(first.reference);
  });

  it("the ID proof is checked by its content; a photo is re-encoded; nothing is written for a bad one", async () => {
    const mobile = newMobile();
    await expect(saveApplication(application(mobile), new File([Buffer.from("MZ\x90\x00 not a pdf")], "id.pdf"))).rejects.toThrow(UploadError);
    await expect(saveApplication(application(mobile), new File([Buffer.alloc(5 * 1024 * 1024 + 1, 0x25)], "huge.pdf"))).rejects.toThrow(/larger than 5 MB/);
    expect(await db().select().from(technicianProfiles).where(eq(technicianProfiles.mobile, mobile))).toHaveLength(0);
    expect(await saveApplication(application(mobile), undefined)).toEqual({ ok: false, reason: "no-file" });

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } }).png().toBuffer();
    const saved = await saveApplication(application(mobile), new File([png], "voter-id.png", { type: "image/png" }));
    expect(saved.ok).toBe(true);
    const row = await profileOf(mobile);
    expect(row.idProofPath).toMatch(/\.png$/);
    const metadata = await sharp(fs.readFileSync(absoluteStoredPath(row.idProofPath)!)).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 40, height: 30 });
  });

  it("'Use a different number': the application moves to the new number with its ID proof", async () => {
    const wrongNumber = newMobile();
    const saved = await saveApplication(application(wrongNumber), pdf("dl.pdf"));
    if (!saved.ok) throw new Error(saved.reason);
    expect((await findDraft(saved.profileId, saved.idProofPath))?.values).toMatchObject({ mobile: wrongNumber, skills: "vfd-ac-drives,plc", yearsExperience: "7" });
    // Only the browser that saved it (it holds the file's path) sees it again.
    expect(await findDraft(saved.profileId, "id-proofs/2026/01/guessed.pdf")).toBeUndefined();
    const rightNumber = newMobile();
    const moved = await saveApplication(application(rightNumber), undefined, saved.profileId);
    expect(moved).toEqual({ ok: true, profileId: saved.profileId, reference: saved.reference, mobile: rightNumber, idProofPath: saved.idProofPath });
    const row = await profileOf(rightNumber);
    expect(row.idProofName).toBe("dl.pdf");
    expect(fs.existsSync(absoluteStoredPath(row.idProofPath)!)).toBe(true);
    expect(await db().select().from(technicianProfiles).where(eq(technicianProfiles.mobile, wrongNumber))).toHaveLength(0);
  });

  it("review: approve or reject with a note, the SMS queued exactly once however often it is repeated", async () => {
    const a = await registered();
    const approve = { id: a.profileId, decision: "approve" as const, note: "Welcome aboard", reviewerId: adminId };
    const [first, second] = await Promise.all([reviewApplication(approve), reviewApplication(approve)]);
    expect([first, second].map((r) => r.ok && r.changed).sort()).toEqual([false, true]);
    expect(await reviewApplication(approve)).toEqual({ ok: true, changed: false, reference: a.reference, status: "approved" });
    const approved = await profileOf(a.mobile);
    expect(approved).toMatchObject({ status: "approved", reviewNote: "Welcome aboard", reviewedBy: adminId });
    const sms = await smsTo(a.mobile, DLT_TEMPLATES.technicianApproved.id);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(a.reference);

    const b = await registered();
    const reject = { id: b.profileId, decision: "reject" as const, note: "ID proof unreadable: please upload a clear scan.", reviewerId: adminId };
    expect(await reviewApplication(reject)).toMatchObject({ ok: true, changed: true, status: "rejected" });
    expect(await reviewApplication(reject)).toMatchObject({ ok: true, changed: false });
    expect(await smsTo(b.mobile, DLT_TEMPLATES.technicianRejected.id)).toHaveLength(1);
    expect(await profileOf(b.mobile)).toMatchObject({ status: "rejected", reviewNote: reject.note });
    expect(await reviewApplication({ ...approve, id: 987654 })).toEqual({ ok: false, reason: "not-found" });

    // Pending first, newest first.
    const c = await registered();
    const listed = (await listApplications()).map((x) => x.reference);
    expect(listed.indexOf(c.reference)).toBeLessThan(listed.indexOf(a.reference));
    expect(listed.indexOf(a.reference)).toBeLessThan(listed.indexOf(b.reference));

    // Nobody else can overwrite a rejected application by knowing the number: only its technician, signed in.
    expect(await saveApplication(application(b.mobile, { name: "Someone Else" }), pdf("other.pdf"))).toEqual({
      ok: false,
      reason: "registered",
      status: "rejected",
    });
    expect((await profileOf(b.mobile)).name).not.toBe("Someone Else");
    // A rejected applicant may apply again: pending once verified, the old review cleared, the office told again.
    const again = await saveApplication(application(b.mobile, { yearsExperience: "8" }), pdf("clear-scan.pdf"), undefined, new Date(), b.mobile);
    expect(again).toMatchObject({ ok: true, profileId: b.profileId });
    expect((await profileOf(b.mobile)).status).toBe("rejected");
    // (A new code may be sent 30 seconds after the last one.)
    const later = new Date(Date.now() + 60_000);
    const sent = await sendRegistrationCode(b.mobile, "10.0.0.3", later);
    if (!sent.ok) throw new Error(sent.message);
    const code = await codeOf(sent.challengeId);
    expect(await verifyApplication({ profileId: b.profileId, mobile: b.mobile, challengeId: sent.challengeId, code, address: "10.0.0.3", now: later })).toMatchObject({ ok: true });
    expect(await profileOf(b.mobile)).toMatchObject({ status: "pending", reviewNote: null, reviewedAt: null, yearsExperience: 8 });
    expect(await db().select().from(outbox).where(like(outbox.dedupeKey, `technician:${b.reference}:application:%`))).toHaveLength(2);
  });

  it("availability: only an approved technician has the switch", async () => {
    const t = await registered();
    expect(await setAvailability(t.profileId, false)).toBeUndefined();
    await reviewApplication({ id: t.profileId, decision: "approve", reviewerId: adminId });
    expect(await setAvailability(t.profileId, false)).toBe(false);
    expect((await profileOf(t.mobile)).availableNow).toBe(false);
    expect(await setAvailability(t.profileId, false)).toBe(false);
    expect(await setAvailability(t.profileId, true)).toBe(true);
  });

  it("jobs: a technician sees only the jobs assigned to them", async () => {
    const mine = await registered();
    const theirs = await registered();
    const job = (reference: string, technician: number | null, assignedAt: Date | null) => ({
      reference,
      kind: "full" as const,
      contactName: "Plant engineer",
      mobile: "+919848012345",
      siteAddress: "Plot 7, IDA Patancheru",
      city: "Sangareddy",
      serviceName: "VFD Repair",
      faultDescription: "ACS580 trips on 2310",
      urgency: "emergency" as const,
      consentVersion: "1",
      consentAt: new Date(),
      idempotencyKey: randomUUID(),
      assignedTechnicianId: technician,
      assignedAt,
    });
    const stamp = `${Date.now() % 10000}`.padStart(4, "0");
    const [older, newer, other, unassigned] = await db()
      .insert(serviceRequests)
      .values([
        job(`SR-9901-${stamp}`, mine.profileId, new Date("2026-01-01T10:00:00Z")),
        job(`SR-9902-${stamp}`, mine.profileId, new Date("2026-01-02T10:00:00Z")),
        job(`SR-9903-${stamp}`, theirs.profileId, new Date()),
        job(`SR-9904-${stamp}`, null, null),
      ])
      .returning();
    expect((await listAssignedJobs(mine.profileId)).map((j) => j.reference)).toEqual([newer!.reference, older!.reference]);
    expect((await listAssignedJobs(theirs.profileId)).map((j) => j.reference)).toEqual([other!.reference]);
    expect(await findAssignedJob(mine.profileId, String(older!.id))).toMatchObject({ reference: older!.reference, mobile: "+919848012345", siteAddress: "Plot 7, IDA Patancheru" });
    expect(await findAssignedJob(mine.profileId, newer!.reference.toLowerCase())).toMatchObject({ id: newer!.id });
    expect(await findAssignedJob(mine.profileId, String(other!.id))).toBeUndefined();
    expect(await findAssignedJob(mine.profileId, other!.reference)).toBeUndefined();
    expect(await findAssignedJob(mine.profileId, String(unassigned!.id))).toBeUndefined();

    // The pages: the job's own technician only, and only once approved.
    const cookie = await sessionCookie(mine.userId, "technician");
    const pendingJob = await thrown(jobLoader(routeArgs(`/technician/jobs/${older!.id}`, cookie, { id: String(older!.id) })));
    expect(pendingJob.status).toBe(404);
    await reviewApplication({ id: mine.profileId, decision: "approve", reviewerId: adminId });
    const page = await jobLoader(routeArgs(`/technician/jobs/${older!.id}`, cookie, { id: String(older!.id) }));
    expect(page.job).toMatchObject({ reference: older!.reference, contactName: "Plant engineer", mobile: "+919848012345" });
    expect((await thrown(jobLoader(routeArgs(`/technician/jobs/${other!.id}`, cookie, { id: String(other!.id) })))).status).toBe(404);
    const dashboard = await dashboardLoader(routeArgs("/technician/dashboard", cookie));
    expect(dashboard.profile?.status).toBe("approved");
    expect(dashboard.jobs.map((j) => j.reference)).toEqual([newer!.reference, older!.reference]);

    // Another portal's session (a customer) is sent to the technician sign-in, brought back afterwards.
    const customer = await upsertUserWithRole("+919811100000", "customer");
    const asCustomer = await sessionCookie(customer.id, "customer");
    expect(await thrown(jobLoader(routeArgs(`/technician/jobs/${older!.id}`, asCustomer, { id: String(older!.id) })))).toEqual({
      status: 302,
      location: `/technician/login?returnTo=${encodeURIComponent(`/technician/jobs/${older!.id}`)}`,
    });
    expect(await thrown(dashboardLoader(routeArgs("/technician/dashboard", asCustomer)))).toEqual({ status: 302, location: "/technician/login" });
  });
});
