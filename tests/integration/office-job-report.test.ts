import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { auditLog, customers, requestEvents, requestPhotos, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { invoiceDraft } from "~/.server/invoices/sources.ts";
import { findRequestOf } from "~/.server/requests/index.ts";
import { logContact } from "~/.server/requests/work.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { addNote, addPart, addPhotos, setLabour, setStage, signOffDrawn, type FieldActor } from "~/.server/technicians/field-work.ts";
import { labourSchema, noteSchema, partSchema, photosSchema, signoffSchema, stageSchema } from "~/lib/forms/technician-job.ts";
import { photoAlt, photoOriginText, type PhotoSource } from "~/lib/requests/photo-origin.ts";
import { loader as pageLoader } from "~/routes/admin/service-requests/request.tsx";
import { loader as signatureLoader } from "~/routes/admin/service-requests/signature.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

const APP = "http://localhost:3000";

async function jpeg(name: string): Promise<File> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } }).jpeg().toBuffer();
  return new File([new Uint8Array(data)], name, { type: "image/jpeg" });
}

async function signaturePng(): Promise<string> {
  const width = 600;
  const height = 200;
  const pixels = Buffer.alloc(width * height * 3, 255);
  for (let x = 50; x < 550; x++) for (let y = 95; y < 103; y++) pixels.fill(20, (y * width + x) * 3, (y * width + x) * 3 + 3);
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** Issue 17 §4 and §5: the office sees the technician's whole report, and each photo and note says whose it is. */
describeEachEngine("the office's view of a finished job", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  let storage: string;
  let tech: FieldActor;
  let profileId: number;
  let office: StaffMember;

  beforeAll(async () => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), "office-report-test-"));
    setServerConfig(readConfig({ DATA_DIR: storage }));
    await seedSettings(db(), APP);
    clearSettingsCache();
    const user = await upsertUserWithRole("+919700000601", "technician", db(), "Srinivas Rao");
    const [profile] = await db()
      .insert(technicianProfiles)
      .values({
        reference: "TA-2611-9601",
        mobile: "+919700000601",
        userId: user.id,
        name: "Srinivas Rao",
        city: "Hyderabad",
        skills: ["vfd-ac-drives"],
        yearsExperience: 6,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "none.pdf",
        idProofName: "id.pdf",
        status: "approved",
        consentVersion: "test",
        consentAt: new Date(),
      })
      .returning();
    tech = { user: { id: user.id, mobile: "+919700000601" }, address: "203.0.113.7" };
    profileId = profile!.id;
    const staffUser = await upsertUserWithRole("+919000000601", "admin", db(), "Asha Office");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, staffUser.id));
    office = asStaff("office", { userId: staffUser.id, name: "Asha Office", mobile: "+919000000601", ipAddress: "203.0.113.7" });
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    fs.rmSync(storage, { recursive: true, force: true });
  });

  let counter = 0;
  async function job() {
    counter += 1;
    const [customer] = await db().insert(customers).values({ reference: `CU-2611-96${String(counter).padStart(2, "0")}`, mobile: `+9198480196${String(counter).padStart(2, "0")}`, name: "Ravi Kumar" }).returning();
    const [row] = await db()
      .insert(serviceRequests)
      .values({
        reference: `SR-2611-96${String(counter).padStart(2, "0")}`,
        kind: "full",
        status: "scheduled",
        contactName: "Ravi Kumar",
        mobile: customer!.mobile!,
        customerId: customer!.id,
        siteAddress: "Plot 12, IDA Jeedimetla",
        city: "Hyderabad",
        faultDescription: "ACS580 trips on 2310 at start.",
        urgency: "emergency",
        consentVersion: "test",
        consentAt: new Date(),
        idempotencyKey: randomUUID(),
        assignedTechnicianId: profileId,
        assignedAt: new Date(),
      })
      .returning();
    // The customer's own photo, sent with the request.
    await db().insert(requestPhotos).values({ requestId: row!.id, path: "none.jpg", contentType: "image/jpeg", width: 64, height: 48, bytes: 10, originalName: "drive.jpg" });
    return row!;
  }

  const args = (reference: string, url = `/admin/service-requests/${reference}`) => routeArgs(url, { staff: office, params: { reference }, address: "203.0.113.7" });

  it("the office's request page shows the technician's notes, photos with who took them, parts, time on site, labour and the signed sign-off", async () => {
    const r = await job();
    const key = () => randomUUID();
    expect(await setStage(tech, r.id, stageSchema.parse({ intent: "stage", stage: "on_site", idempotencyKey: key() }), new Date(Date.now() - 95 * 60_000))).toMatchObject({ ok: true });
    expect(await addNote(tech, r.id, noteSchema.parse({ intent: "note", note: "Replaced the cooling fan; DC bus OK.", idempotencyKey: key() }))).toMatchObject({ ok: true });
    expect(await addNote(tech, r.id, noteSchema.parse({ intent: "note", note: "Customer's earthing is poor.", internal: "on", idempotencyKey: key() }))).toMatchObject({ ok: true });
    expect(await addPhotos(tech, r.id, photosSchema.parse({ intent: "photos", caption: "Fan after replacement", idempotencyKey: key() }), [await jpeg("fan.jpg")])).toMatchObject({ ok: true });
    expect(await addPart(tech, r.id, partSchema.parse({ intent: "part", description: "Cooling fan 24 V DC", quantity: "1", unit: "nos", idempotencyKey: key() }))).toMatchObject({ ok: true });
    expect(await setLabour(tech, r.id, labourSchema.parse({ intent: "labour", hours: "2", minutes: "30", idempotencyKey: key() }))).toMatchObject({ ok: true, saved: "labour" });
    expect(await signOffDrawn(tech, r.id, signoffSchema.parse({ intent: "signoff", signerName: "Ravi Kumar", signature: await signaturePng(), idempotencyKey: key() }))).toMatchObject({ ok: true });

    const page = (await pageLoader(args(r.reference))) as {
      report: { engineer: string; base: string; record: { notes: Array<{ note: string; author: string; internal: boolean }>; photos: Array<{ caption: string; takenBy: string }>; parts: Array<{ description: string }>; signoff: { signerName: string; hasSignature: boolean } } };
      request: { minutesOnSite: number; labourMinutes: number | null };
      photos: Array<{ originalName: string; source: PhotoSource; takenBy: string | null }>;
    };
    expect(page.report.engineer).toBe("Srinivas Rao");
    expect(page.report.record.notes.map((n) => [n.note, n.author, n.internal])).toEqual([
      ["Replaced the cooling fan; DC bus OK.", "Srinivas Rao", false],
      ["Customer's earthing is poor.", "Srinivas Rao", true],
    ]);
    expect(page.report.record.photos).toMatchObject([{ caption: "Fan after replacement", takenBy: "Srinivas Rao" }]);
    expect(photoOriginText({ source: "technician", takenBy: page.report.record.photos[0]!.takenBy })).toBe("Taken on site by Srinivas Rao");
    expect(page.report.record.parts.map((p) => p.description)).toEqual(["Cooling fan 24 V DC"]);
    expect(page.report.record.signoff).toMatchObject({ signerName: "Ravi Kumar", hasSignature: true });
    expect(page.request.minutesOnSite).toBeGreaterThanOrEqual(94);
    expect(page.request.labourMinutes).toBe(150);
    // The photos beside the request are the customer's own: the technician's are in the report, captioned by who took them.
    expect(page.photos.map((p) => [p.originalName, p.source])).toEqual([["drive.jpg", "customer"]]);
    expect(photoAlt({ ...page.photos[0]!, caption: null })).toBe("Sent with the request: drive.jpg");

    // The signature is served to the office from the back office's own address.
    const signature = (await signatureLoader(args(r.reference, `http://127.0.0.1:3000/admin/service-requests/${r.reference}/signature`))) as Response;
    expect(signature.status).toBe(200);
    expect(signature.headers.get("content-type")).toBe("image/png");
  });

  it("a video call's snapshot is captioned as one, with who took it (not 'Photo sent with the request')", async () => {
    const r = await job();
    await db().insert(requestPhotos).values({ requestId: r.id, path: "snap.jpg", contentType: "image/jpeg", width: 64, height: 48, bytes: 10, originalName: "Drive display", caption: "Drive display", source: "video", uploadedBy: office.userId });
    const page = (await pageLoader(args(r.reference))) as { photos: Array<{ originalName: string; source: PhotoSource; takenBy: string | null; caption: string | null }> };
    const snapshot = page.photos.find((p) => p.source === "video")!;
    expect(photoAlt(snapshot)).toBe("Snapshot from the video call by Asha Office: Drive display");
    expect(photoAlt(page.photos.find((p) => p.source === "customer")!)).toBe("Sent with the request: drive.jpg");
    // The customer's page: the snapshot is one, the staff member not named.
    const mine = await findRequestOf({ mobile: r.mobile, email: null, emailVerified: false }, r.id);
    expect(photoAlt(mine!.photos.find((p) => p.source === "video")!)).toBe("Snapshot from the video call: Drive display");
  });

  it("labour time: entered by the technician, checked, stored once, corrected by a second entry, audited, and in the invoice draft", async () => {
    const r = await job();
    expect(labourSchema.safeParse({ intent: "labour", hours: "", minutes: "" }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([["hours", "Enter the time worked on the job."]]);
    expect(labourSchema.safeParse({ intent: "labour", hours: "1", minutes: "75" }).error?.issues[0]?.message).toBe("Enter the minutes as a whole number from 0 to 59.");
    expect(labourSchema.safeParse({ intent: "labour", hours: "200", minutes: "0" }).error?.issues[0]?.message).toBe("That is more than a week: check the hours.");
    const key = randomUUID();
    const input = labourSchema.parse({ intent: "labour", hours: "3", minutes: "15", idempotencyKey: key });
    // The same form from the phone's offline queue, twice at once and again later: stored once.
    const results = await Promise.all([setLabour(tech, r.id, input), setLabour(tech, r.id, input)]);
    expect(results.map((x) => x.ok)).toEqual([true, true]);
    expect((await setLabour(tech, r.id, input)) as { replay: boolean }).toMatchObject({ ok: true, replay: true });
    const events = await db().select().from(requestEvents).where(eq(requestEvents.requestId, r.id));
    expect(events.filter((e) => e.kind === "labour")).toHaveLength(1);
    expect(events[0]).toMatchObject({ internal: true, note: "Labour time: 3 h 15 min" });
    expect(await setLabour(tech, r.id, labourSchema.parse({ intent: "labour", hours: "2", minutes: "0", idempotencyKey: randomUUID() }))).toMatchObject({ ok: true });
    const [row] = await db().select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row!.labourMinutes).toBe(120);
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "job.labour"));
    expect(audits.filter((a) => a.entityId === String(r.id)).map((a) => a.after)).toEqual([{ labourMinutes: 195 }, { labourMinutes: 120 }]);
    // The customer's history does not carry it.
    const mine = await findRequestOf({ mobile: r.mobile, email: null, emailVerified: false }, r.id);
    expect(mine!.events.some((e) => e.note?.includes("Labour"))).toBe(false);

    await db().update(serviceRequests).set({ status: "completed", completedAt: new Date() }).where(eq(serviceRequests.id, r.id));
    const draft = await invoiceDraft(db(), { kind: "request", reference: r.reference });
    expect(draft.ok).toBe(true);
    const labour = draft.ok ? draft.draft.lines.find((l) => l.kind === "labour") : undefined;
    expect(labour).toMatchObject({ quantityMilli: 2000, unit: "hrs" });
  });

  it("a technician's note reads as the technician's on the customer's page; the office's history names staff, never by mobile number", async () => {
    const r = await job();
    await addNote(tech, r.id, noteSchema.parse({ intent: "note", note: "Drive cleaned and tested.", idempotencyKey: randomUUID() }));
    const [now] = await db().select({ version: serviceRequests.version }).from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(await logContact(office, r.reference, { intent: "contact", version: now!.version, kind: "note", note: "Customer asked for a quote.", internal: false })).toMatchObject({ ok: true });
    const mine = await findRequestOf({ mobile: r.mobile, email: null, emailVerified: false }, r.id);
    const notes = mine!.events.filter((e) => e.kind === "note");
    expect(notes.map((n) => [n.note, n.engineer])).toEqual([
      ["Drive cleaned and tested.", "Srinivas Rao"],
      ["Customer asked for a quote.", null],
    ]);
    const page = (await pageLoader(args(r.reference))) as { events: Array<{ note: string | null; by: string | null }> };
    expect(page.events.map((e) => [e.note, e.by])).toEqual([
      ["Drive cleaned and tested.", "Srinivas Rao (technician)"],
      ["Customer asked for a quote.", "Asha Office"],
    ]);
    expect(JSON.stringify(page.events)).not.toContain("+91");
  });
});
