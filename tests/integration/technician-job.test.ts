import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSession } from "~/.server/auth/sessions.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, jobParts, jobSignoffs, jobStageRequirements, outbox, requestEvents, requestPhotos, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { resetRateLimits } from "~/.server/forms/index.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import {
  addNote,
  addPart,
  addPhotos,
  fieldJobPage,
  jobRecord,
  sendSignoffCode,
  setStage,
  signOffDrawn,
  verifySignoffCode,
  type FieldActor,
} from "~/.server/technicians/field-work.ts";
import { absoluteStoredPath } from "~/.server/uploads/storage.ts";
import { noteSchema, partSchema, photosSchema, signoffSchema, signoffVerifySchema, stageSchema } from "~/lib/forms/technician-job.ts";
import { action as jobRouteAction, loader as jobRouteLoader } from "~/routes/technician/job.tsx";
import { inPortal } from "../support/portal.ts";
import { codeSentTo } from "../support/sms-capture.ts";
import { describeEachEngine } from "../support/test-databases.ts";

const jobLoader = inPortal("technician", jobRouteLoader);
const jobAction = inPortal("technician", jobRouteAction);

const APP = "http://localhost:3000";
const T0 = new Date("2026-11-24T04:30:00Z"); // 10:00 India time

const stage = (value: string, key = randomUUID(), happenedAt?: Date) => stageSchema.parse({ intent: "stage", stage: value, idempotencyKey: key, happenedAt: happenedAt?.toISOString() });
const note = (text: string, key = randomUUID(), internal = false) => noteSchema.parse({ intent: "note", note: text, internal: internal ? "on" : undefined, idempotencyKey: key });
const part = (description: string, key = randomUUID()) => partSchema.parse({ intent: "part", description, quantity: "2", unit: "nos", idempotencyKey: key });

/** A signature as the canvas sends it: a white 600x200 PNG with a dark stroke across (or blank). */
async function signaturePng(options: { blank?: boolean } = {}): Promise<string> {
  const width = 600;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3, 255);
  if (!options.blank) for (let x = 50; x < 550; x++) for (let y = 95; y < 103; y++) pixels.fill(20, (y * width + x) * 3, (y * width + x) * 3 + 3);
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

async function jpeg(name: string): Promise<File> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } }).jpeg().toBuffer();
  return new File([new Uint8Array(data)], name, { type: "image/jpeg" });
}

function routeArgs(urlPath: string, cookie: string, params: Record<string, string>, body?: FormData) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "203.0.113.7");
  const request = new Request(new URL(urlPath, APP), body ? { method: "POST", body, headers: { cookie } } : { headers: { cookie } });
  return { request, url: new URL(request.url), params, context } as never;
}

async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error.status;
    return (error as { init?: { status?: number } }).init?.status ?? 0;
  }
  return 200;
}

describe("technician job forms", () => {
  it("explain each mistake", () => {
    expect(partSchema.safeParse({ intent: "part", description: "", quantity: "0", unit: "crate" }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["description", "Describe the part (name, make, rating)."],
      ["quantity", "Enter the quantity as a whole number from 1 to 9999."],
      ["unit", "Choose the unit."],
    ]);
    expect(noteSchema.safeParse({ intent: "note", note: "  " }).error?.issues[0]?.message).toBe("Write the note.");
    expect(signoffSchema.safeParse({ intent: "signoff", signerName: "Ravi", signature: "data:image/jpeg;base64,AAAA" }).error?.issues[0]?.message).toMatch(/could not be read/);
    expect(signoffVerifySchema.safeParse({ intent: "signoff-verify", signerName: "Ravi", challengeId: "3", code: "12a456" }).error?.issues[0]?.message).toMatch(/6-digit code/);
    expect(stageSchema.safeParse({ intent: "stage", stage: "lunch" }).success).toBe(false);
  });
});

describeEachEngine("technician field work", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let storage: string;
  let me: FieldActor;
  let other: FieldActor;
  let myProfileId: number;
  let counter = 0;

  async function technician(mobile: string, name: string) {
    const user = await upsertUserWithRole(mobile, "technician", db(), name);
    const [profile] = await db()
      .insert(technicianProfiles)
      .values({
        reference: `TA-2611-${String(9000 + counter++)}`,
        mobile,
        userId: user.id,
        name,
        city: "Hyderabad",
        skills: ["vfd-ac-drives"],
        yearsExperience: 6,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "none.pdf",
        idProofName: "id.pdf",
        status: "approved",
        consentVersion: "test",
        consentAt: T0,
      })
      .returning();
    return { actor: { user: { id: user.id, mobile }, address: "203.0.113.7" }, profileId: profile!.id };
  }

  async function job(assignedTo: number, mobile = "+919848012345") {
    counter += 1;
    const [row] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-${String(7000 + counter)}`,
        kind: "full",
        status: "contacted",
        contactName: "Ravi Kumar",
        mobile,
        siteAddress: "Plot 12, IDA Jeedimetla",
        city: "Hyderabad",
        faultDescription: "ACS580 trips on 2310 at start.",
        urgency: "emergency",
        consentVersion: "test",
        consentAt: T0,
        idempotencyKey: randomUUID(),
        assignedTechnicianId: assignedTo,
        assignedAt: T0,
        visitStart: T0,
        visitEnd: new Date(T0.getTime() + 3 * 3600_000),
      })
      .returning();
    return row!;
  }

  const requestRow = async (id: number) => (await db().select().from(serviceRequests).where(eq(serviceRequests.id, id)))[0]!;

  beforeAll(async () => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), "technician-job-test-"));
    setServerConfig(readConfig({ DATA_DIR: storage }));
    await seedSettings(db(), APP);
    const a = await technician("+919700000501", "Srinivas Rao");
    const b = await technician("+919700000502", "Mahesh Goud");
    me = a.actor;
    other = b.actor;
    myProfileId = a.profileId;
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    fs.rmSync(storage, { recursive: true, force: true });
  });
  beforeEach(() => resetRateLimits());

  it("a technician reads and changes only their own jobs", async () => {
    const mine = await job(myProfileId);
    expect((await fieldJobPage(me.user, String(mine.id)))?.job).toMatchObject({ reference: mine.reference, contactName: "Ravi Kumar" });
    expect(await fieldJobPage(me.user, mine.reference.toLowerCase())).toBeDefined();
    expect(await fieldJobPage(other.user, String(mine.id))).toBeUndefined();
    expect(await setStage(other, mine.id, stage("on_site"))).toEqual({ ok: false, reason: "not-found" });
    expect(await addNote(other, mine.id, note("Not my job"))).toEqual({ ok: false, reason: "not-found" });
    expect(await addPart(other, mine.id, part("Fan"))).toEqual({ ok: false, reason: "not-found" });
    expect(await addPhotos(other, mine.id, photosSchema.parse({ intent: "photos", idempotencyKey: randomUUID() }), [await jpeg("a.jpg")])).toEqual({ ok: false, reason: "not-found" });
    expect(await db().select().from(requestEvents).where(eq(requestEvents.requestId, mine.id))).toHaveLength(0);

    // The page and its action: another technician's job is the 404.
    const url = new URL(APP);
    const cookieOf = async (userId: number) => (await startSession({ userId, role: "technician", method: "otp", request: new Request(url), url, address: "203.0.113.7" })).split(";")[0]!;
    const theirs = await cookieOf(other.user.id);
    expect(await thrownStatus(jobLoader(routeArgs(`/technician/jobs/${mine.id}`, theirs, { id: String(mine.id) })))).toBe(404);
    const form = new FormData();
    form.set("intent", "note");
    form.set("note", "Trying someone else's job");
    form.set("idempotencyKey", randomUUID());
    expect(await thrownStatus(jobAction(routeArgs(`/technician/jobs/${mine.id}`, theirs, { id: String(mine.id) }, form)))).toBe(404);

    // The owner posts the same form without JavaScript: 303 back to the job with ?saved=.
    const mineCookie = await cookieOf(me.user.id);
    const response = (await jobAction(routeArgs(`/technician/jobs/${mine.id}`, mineCookie, { id: String(mine.id) }, form))) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/technician/jobs/${mine.id}?saved=note#record`);
    const page = await jobLoader(routeArgs(`/technician/jobs/${mine.id}?saved=note`, mineCookie, { id: String(mine.id) }));
    expect((page as { saved: string }).saved).toMatch(/^Note added/);
    // A refused form: 400 with the message beside the field, nothing stored.
    const empty = new FormData();
    empty.set("intent", "part");
    empty.set("description", "");
    empty.set("quantity", "1");
    empty.set("unit", "nos");
    const refused = (await jobAction(routeArgs(`/technician/jobs/${mine.id}`, mineCookie, { id: String(mine.id) }, empty))) as { data: { errors: Record<string, string> }; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.description).toBe("Describe the part (name, make, rating).");
  });

  it("each stage sets the request's status and tells the customer; time on site adds up", async () => {
    const j = await job(myProfileId);
    const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
    expect(await setStage(me, j.id, stage("on_the_way"), at(0))).toMatchObject({ ok: true, saved: "stage-on_the_way", replay: false });
    // "On the way" is its own status (issue 17 §5), not a second "Visit scheduled"; the customer gets an SMS with the engineer's name.
    expect(await requestRow(j.id)).toMatchObject({ fieldStage: "on_the_way", status: "on_the_way", version: j.version + 1 });
    const [onTheWaySms] = await db().select().from(outbox).where(and(like(outbox.dedupeKey, `request:${j.reference}:event:%:sms`), eq(outbox.template, DLT_TEMPLATES.requestOnTheWay.id)));
    expect(onTheWaySms).toMatchObject({ recipient: j.mobile, body: `Deccan Automation Services: our engineer Srinivas Rao is on the way to your site for service request ${j.reference}.` });
    expect((await requestRow(j.id)).firstContactAt).toEqual(at(0));

    await setStage(me, j.id, stage("on_site"), at(30));
    expect(await requestRow(j.id)).toMatchObject({ fieldStage: "on_site", status: "in_progress", onSiteSince: at(30), onSiteMinutes: 0 });
    expect((await fieldJobPage(me.user, String(j.id), at(50)))?.job.minutesOnSite).toBe(20);

    await setStage(me, j.id, stage("needs_parts"), at(75));
    const waiting = await requestRow(j.id);
    expect(waiting).toMatchObject({ fieldStage: "needs_parts", status: "awaiting_parts", onSiteSince: null, onSiteMinutes: 45, pausedAt: at(75) });

    // Back on site the next visit, then a quote is needed: the minutes add up; the pause ends and a new one starts.
    await setStage(me, j.id, stage("on_site"), at(200));
    expect(await requestRow(j.id)).toMatchObject({ status: "in_progress", pausedAt: null, pausedSeconds: 125 * 60 });
    await setStage(me, j.id, stage("needs_quote"), at(215));
    expect(await requestRow(j.id)).toMatchObject({ fieldStage: "needs_quote", status: "awaiting_customer", onSiteMinutes: 60 });

    // The same stage again is refused; so is a stage on a cancelled job.
    expect(await setStage(me, j.id, stage("needs_quote"), at(216))).toMatchObject({ ok: false, field: "stage", message: 'The job is already at "Needs a quote".' });

    // What the customer reads: each stage as a status event with its note.
    const events = await db().select().from(requestEvents).where(and(eq(requestEvents.requestId, j.id), eq(requestEvents.kind, "status")));
    expect(events.map((e) => e.status)).toEqual(["on_the_way", "in_progress", "awaiting_parts", "in_progress", "awaiting_customer"]);
    expect(events[0]).toMatchObject({ internal: false, note: "Our engineer Srinivas Rao is on the way to your site.", actorUserId: me.user.id });
    expect(events[1]!.createdAt).toEqual(at(30));
    // The audit log: one entry per change, the technician as actor.
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(j.id)), eq(auditLog.action, "job.stage")));
    expect(entries).toHaveLength(5);
    expect(entries[0]).toMatchObject({ actorUserId: me.user.id, actorLabel: "Srinivas Rao (technician)", entityLabel: j.reference, ipAddress: "203.0.113.7" });

    await db().update(serviceRequests).set({ status: "cancelled" }).where(eq(serviceRequests.id, j.id));
    expect(await setStage(me, j.id, stage("on_site"))).toMatchObject({ ok: false, message: /cancelled/ });
  });

  it("a phone's clock is trusted only for a recent, past moment", async () => {
    const j = await job(myProfileId);
    const now = new Date();
    await setStage(me, j.id, stage("on_site", randomUUID(), new Date(now.getTime() + 3600_000)), now);
    expect((await requestRow(j.id)).onSiteSince).toEqual(now);
  });

  it("stage gates: work done needs the sign-off and a note or photo; the office's requirements apply to any stage", async () => {
    const j = await job(myProfileId);
    await setStage(me, j.id, stage("on_site"));
    expect(await setStage(me, j.id, stage("work_done"))).toEqual({
      ok: false,
      reason: "refused",
      field: "stage",
      message: `Before you mark this job "Work done", add the customer's sign-off and at least one note or photo.`,
    });
    expect((await requestRow(j.id)).fieldStage).toBe("on_site");
    await addNote(me, j.id, note("Replaced the DC bus capacitors; drive runs at full load."));
    expect(await setStage(me, j.id, stage("work_done"))).toMatchObject({ ok: false, message: `Before you mark this job "Work done", add the customer's sign-off.` });
    expect(await signOffDrawn(me, j.id, signoffSchema.parse({ intent: "signoff", signerName: "Ravi Kumar", signature: await signaturePng(), idempotencyKey: randomUUID() }))).toMatchObject({ ok: true, saved: "signoff" });
    expect(await setStage(me, j.id, stage("work_done"))).toMatchObject({ ok: true, saved: "stage-work_done" });
    const done = await requestRow(j.id);
    expect(done).toMatchObject({ status: "completed", fieldStage: "work_done", onSiteSince: null });
    expect(done.completedAt).not.toBeNull();
    const [last] = await db().select().from(requestEvents).where(and(eq(requestEvents.requestId, j.id), eq(requestEvents.status, "completed")));
    expect(last!.note).toBe("Our engineer Srinivas Rao has finished the work, signed off by Ravi Kumar.");
    // The customer is told by SMS, as when the office completes a job: once, with the warranty.
    const completedSms = await db().select().from(outbox).where(eq(outbox.dedupeKey, `request:${done.reference}:event:${last!.id}:sms`));
    expect(completedSms).toHaveLength(1);
    expect(completedSms[0]).toMatchObject({ channel: "sms", recipient: done.mobile });
    expect(completedSms[0]!.body).toMatch(new RegExp(`your service request ${done.reference} is completed\\. Repairs carry a 6-month warranty`));
    // Done is done: no more stages from the phone.
    expect(await setStage(me, j.id, stage("on_site"))).toMatchObject({ ok: false, message: /marked done/ });

    // Photos and parts, when the office asks for them.
    await db().insert(jobStageRequirements).values({ stage: "needs_parts", requirePhoto: true, requireParts: true }).onConflictDoUpdate({ target: jobStageRequirements.stage, set: { requirePhoto: true, requireParts: true } });
    const k = await job(myProfileId);
    await addNote(me, k.id, note("A note is not a photo"));
    expect(await setStage(me, k.id, stage("needs_parts"))).toMatchObject({ ok: false, message: `Before you mark this job "Needs parts", add at least one photo and the parts used.` });
    await addPart(me, k.id, part("IGBT module 1200 V 300 A"));
    await addPhotos(me, k.id, photosSchema.parse({ intent: "photos", caption: "Burnt IGBT", idempotencyKey: randomUUID() }), [await jpeg("igbt.jpg")]);
    expect(await setStage(me, k.id, stage("needs_parts"))).toMatchObject({ ok: true });
    await db().delete(jobStageRequirements).where(eq(jobStageRequirements.stage, "needs_parts"));
  });

  it("replays of a note, photos, a part, a sign-off and a stage store once", async () => {
    const j = await job(myProfileId);
    const keys = { note: randomUUID(), photos: randomUUID(), part: randomUUID(), signoff: randomUUID(), stage: randomUUID() };
    const noteInput = note("Checked the motor insulation: 500 MΩ.", keys.note, true);
    const results = await Promise.all([addNote(me, j.id, noteInput), addNote(me, j.id, noteInput)]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(await addNote(me, j.id, noteInput)).toEqual({ ok: true, saved: "note-internal", replay: true });
    expect(await db().select().from(requestEvents).where(eq(requestEvents.idempotencyKey, keys.note))).toHaveLength(1);

    const photoInput = photosSchema.parse({ intent: "photos", caption: "Nameplate", idempotencyKey: keys.photos });
    const files = [await jpeg("one.jpg"), await jpeg("two.jpg")];
    expect(await addPhotos(me, j.id, photoInput, files)).toMatchObject({ ok: true, replay: false });
    expect(await addPhotos(me, j.id, photoInput, [await jpeg("one.jpg"), await jpeg("two.jpg")])).toMatchObject({ ok: true, replay: true });
    const photos = await db().select().from(requestPhotos).where(eq(requestPhotos.requestId, j.id));
    expect(photos.map((p) => [p.idempotencyKey, p.source, p.caption, p.contentType, p.uploadedBy])).toEqual([
      [`${keys.photos}:1`, "technician", "Nameplate", "image/webp", me.user.id],
      [`${keys.photos}:2`, "technician", "Nameplate", "image/webp", me.user.id],
    ]);
    for (const p of photos) expect(fs.existsSync(absoluteStoredPath(p.path)!)).toBe(true);
    // The replay wrote no file.
    const webps = fs.readdirSync(storage, { recursive: true }).filter((f) => String(f).endsWith(".webp"));
    expect(webps.length).toBe((await db().select().from(requestPhotos)).length);

    const partInput = part("Cooling fan 24 V DC, 120 mm", keys.part);
    await Promise.all([addPart(me, j.id, partInput), addPart(me, j.id, partInput)]);
    expect(await addPart(me, j.id, partInput)).toMatchObject({ ok: true, replay: true });
    expect(await db().select().from(jobParts).where(eq(jobParts.requestId, j.id))).toEqual([
      expect.objectContaining({ description: "Cooling fan 24 V DC, 120 mm", quantity: 2, unit: "nos", productId: null, addedBy: me.user.id }),
    ]);

    const signoffInput = signoffSchema.parse({ intent: "signoff", signerName: "Ravi Kumar", signature: await signaturePng(), idempotencyKey: keys.signoff });
    const signed = await Promise.all([signOffDrawn(me, j.id, signoffInput), signOffDrawn(me, j.id, signoffInput)]);
    expect(signed.every((r) => r.ok)).toBe(true);
    expect(await signOffDrawn(me, j.id, signoffInput)).toMatchObject({ ok: true, replay: true });
    const signoffs = await db().select().from(jobSignoffs).where(eq(jobSignoffs.requestId, j.id));
    expect(signoffs).toHaveLength(1);
    expect(fs.readdirSync(storage, { recursive: true }).filter((f) => String(f).endsWith(".png"))).toHaveLength((await db().select().from(jobSignoffs)).filter((s) => s.signaturePath).length);
    // A second sign-off (a new key) is refused.
    expect(await signOffDrawn(me, j.id, { ...signoffInput, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, message: /already signed off/ });

    const stageInput = stage("on_site", keys.stage);
    await Promise.all([setStage(me, j.id, stageInput), setStage(me, j.id, stageInput)]);
    await setStage(me, j.id, stage("needs_quote"));
    // Replayed after the stage moved on: answered "saved", nothing changes.
    expect(await setStage(me, j.id, stageInput)).toMatchObject({ ok: true, replay: true });
    expect((await requestRow(j.id)).fieldStage).toBe("needs_quote");
    expect(await db().select().from(requestEvents).where(eq(requestEvents.idempotencyKey, keys.stage))).toHaveLength(1);
    // One audit entry per stored change.
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityId, String(j.id)))).map((e) => e.action).sort();
    expect(actions).toEqual(["job.note", "job.part", "job.photos", "job.signoff", "job.stage", "job.stage"]);

    // The customer's report leaves out the internal note.
    expect((await jobRecord(j.id, { customer: true })).notes).toHaveLength(0);
    expect((await jobRecord(j.id, { customer: false })).notes).toHaveLength(1);
  });

  it("a signature must be a real, non-blank PNG under 200 KB", async () => {
    const j = await job(myProfileId);
    const input = async (signature: string) => signoffSchema.parse({ intent: "signoff", signerName: "Ravi Kumar", signature, idempotencyKey: randomUUID() });
    const jpegBytes = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#000" } }).jpeg().toBuffer();
    expect(await signOffDrawn(me, j.id, await input(`data:image/png;base64,${jpegBytes.toString("base64")}`))).toMatchObject({ ok: false, field: "signature", message: /could not be read/ });
    expect(await signOffDrawn(me, j.id, await input(await signaturePng({ blank: true })))).toMatchObject({ ok: false, field: "signature", message: "Ask the customer to sign in the box." });
    // Random noise does not compress: a PNG over 200 KB.
    const noise = Buffer.from(Array.from({ length: 400 * 300 * 3 }, () => Math.floor(Math.random() * 256)));
    const big = await sharp(noise, { raw: { width: 400, height: 300, channels: 3 } }).png().toBuffer();
    expect(big.length).toBeGreaterThan(200 * 1024);
    expect(signoffSchema.safeParse({ intent: "signoff", signerName: "R", signature: `data:image/png;base64,${big.toString("base64")}` }).error?.issues[0]?.message).toMatch(/too large/);
    expect(await db().select().from(jobSignoffs).where(eq(jobSignoffs.requestId, j.id))).toHaveLength(0);
    expect(await signOffDrawn(me, j.id, await input(await signaturePng()))).toMatchObject({ ok: true });
    const [row] = await db().select().from(jobSignoffs).where(eq(jobSignoffs.requestId, j.id));
    expect(row).toMatchObject({ method: "drawn", signerName: "Ravi Kumar", technicianUserId: me.user.id });
    const stored = fs.readFileSync(absoluteStoredPath(row!.signaturePath!)!);
    expect((await sharp(stored).metadata()).format).toBe("png");
  });

  it("without a drawn signature: the typed name confirmed by a code sent to the customer's mobile", async () => {
    const j = await job(myProfileId, "+919848055555");
    const sent = await sendSignoffCode(me, j.id, { intent: "signoff-code", signerName: "Ravi Kumar" });
    expect(sent).toMatchObject({ ok: true, saved: "code-sent" });
    const challengeId = (sent as { challengeId: number }).challengeId;
    const [message] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `signoff-otp:${challengeId}`));
    expect(message).toMatchObject({ channel: "sms", recipient: "+919848055555", template: DLT_TEMPLATES.jobSignoffCode.id });
    expect(DLT_TEMPLATES.jobSignoffCode.id).toBe("1007000000000000031");
    expect(message!.body).toContain(j.reference);
    const code = await codeSentTo("+919848055555", DLT_TEMPLATES.jobSignoffCode.id);
    expect(message!.body).toMatch(/^•••••• is your code/);
    // Another code at once is refused (30 s between codes).
    expect(await sendSignoffCode(me, j.id, { intent: "signoff-code", signerName: "Ravi Kumar" })).toMatchObject({ ok: false, message: /a moment ago/ });

    const verify = (c: string, key = randomUUID()) => signoffVerifySchema.parse({ intent: "signoff-verify", signerName: "Ravi Kumar", challengeId: String(challengeId), code: c, idempotencyKey: key });
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await verifySignoffCode(me, j.id, verify(wrong))).toMatchObject({ ok: false, field: "code", message: "That code is not right. 4 tries left." });
    // Another technician cannot use it; nor does it work on another job.
    expect(await verifySignoffCode(other, j.id, verify(code))).toEqual({ ok: false, reason: "not-found" });
    const k = await job(myProfileId, "+919848055555");
    expect(await verifySignoffCode(me, k.id, verify(code))).toMatchObject({ ok: false, message: /expired/ });
    const key = randomUUID();
    expect(await verifySignoffCode(me, j.id, verify(code, key))).toMatchObject({ ok: true, saved: "signoff", replay: false });
    expect(await verifySignoffCode(me, j.id, verify(code, key))).toMatchObject({ ok: true, replay: true });
    expect(await db().select().from(jobSignoffs).where(eq(jobSignoffs.requestId, j.id))).toEqual([
      expect.objectContaining({ method: "otp", signerName: "Ravi Kumar", confirmedMobile: "+919848055555", signaturePath: null }),
    ]);
    // Used once: the same code again (a new key) finds the job signed off.
    expect(await verifySignoffCode(me, j.id, verify(code))).toMatchObject({ ok: false, message: /already signed off/ });
  });

  it("a code stops working after 5 wrong tries", async () => {
    const j = await job(myProfileId, "+919848066666");
    const sent = (await sendSignoffCode(me, j.id, { intent: "signoff-code", signerName: "Anil" })) as { challengeId: number };
    const code = await codeSentTo("+919848066666", DLT_TEMPLATES.jobSignoffCode.id);
    const wrong = code === "000000" ? "111111" : "000000";
    const verify = (c: string) => signoffVerifySchema.parse({ intent: "signoff-verify", signerName: "Anil", challengeId: String(sent.challengeId), code: c, idempotencyKey: randomUUID() });
    for (let i = 0; i < 4; i++) await verifySignoffCode(me, j.id, verify(wrong));
    expect(await verifySignoffCode(me, j.id, verify(wrong))).toMatchObject({ ok: false, message: /no longer works/ });
    expect(await verifySignoffCode(me, j.id, verify(code))).toMatchObject({ ok: false, message: /tried 5 times/ });
    expect(await db().select().from(jobSignoffs).where(eq(jobSignoffs.requestId, j.id))).toHaveLength(0);
  });
});
