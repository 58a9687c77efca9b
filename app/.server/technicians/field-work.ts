/**
 * The technician's work on a job from the phone (issue 10, section 5): the stage (on the way, on site, needs
 * parts, needs a quote, work done), notes, photos, parts used and the customer's sign-off.
 *
 * A technician reads and changes only the jobs assigned to them (service_requests.assigned_technician_id is
 * their approved profile); any other job is "not-found" (the page's 404). Every change is one transaction
 * with its audit entry (the technician as actor), and is idempotent by the form's key: phones send forms
 * again from their offline queue, so a key already stored answers "saved" and stores nothing twice (a
 * check first, and ON CONFLICT (idempotency_key) DO NOTHING for two copies arriving together).
 */
import { randomBytes, randomInt } from "node:crypto";
import { publishRequestUpdated } from "~/.server/live/requests.ts";
import { and, asc, count, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { OTP_ADDRESS_LIMITS } from "~/.server/auth/otp.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { queueFeedbackRequest } from "~/.server/feedback/request.ts";
import {
  jobParts,
  jobSignoffs,
  jobStageRequirements,
  otpChallenges,
  requestEvents,
  requestPhotos,
  serviceRequests,
  technicianProfiles,
} from "~/.server/db/schema.ts";
import { takeToken, waitText } from "~/.server/forms/index.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, requestUpdateNotifications, sms } from "~/.server/notifications/templates.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { photoColumns, removeStored, storeChosenPhotos } from "~/.server/uploads/index.ts";
import { deleteStored, newStoredPath, writeStored } from "~/.server/uploads/storage.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { OTP_RULES } from "~/lib/forms/sign-in.ts";
import { SIGNATURE_MAX_BYTES, SIGNATURE_PREFIX, type JobInput } from "~/lib/forms/technician-job.ts";
import { FIELD_STAGES, fieldStageLabel, type FieldStage } from "~/lib/requests/field-stages.ts";
import { promiseText } from "~/lib/requests/sla.ts";
import { officeStatusLabel, PAUSED_STATUSES, statusLabel, statusNext, type RequestStatus } from "~/lib/requests/status.ts";
import { productByLabel } from "~/.server/products/catalogue.ts";
import { findProfileForUser, type TechnicianUser } from "./jobs.ts";
import type { TechnicianProfile } from "./shared.ts";
import { keyedMac, keyedMacMatches } from "~/.server/signing/keyed-mac.ts";
import { refusedBy } from "~/.server/admin/changes.ts";
import { insertPartsRequest, takeForJob } from "~/.server/stock/parts-requests.ts";

/** What a change comes to: the ?saved= code of the page it goes back to, or a refusal beside `field`. */
export type FieldResult =
  | { ok: true; saved: string; replay: boolean; challengeId?: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; field: string; message: string };

/** Who is acting, from where. */
export interface FieldActor {
  user: TechnicianUser;
  /** The client's network address (audit, code limits). */
  address: string;
}

type Job = typeof serviceRequests.$inferSelect;

/** A refusal thrown inside a transaction: it rolls back, and the caller answers with the message. */
class Refusal extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/** The same key arrived twice at once: the other copy stored it; this one rolls back and answers "saved". */
class Replayed extends Error {}

export const CANCELLED_MESSAGE = "The office cancelled this job. Call the office if you think that is wrong.";
export const CLOSED_MESSAGE = "This job is marked done. Call the office if it needs to be reopened.";

/** The signed-in technician's approved profile, or undefined (the page is then the 404). */
async function approvedProfile(user: TechnicianUser): Promise<TechnicianProfile | undefined> {
  const profile = await findProfileForUser(user);
  return profile?.status === "approved" ? profile : undefined;
}

/** The job in the page's address: its id, or its reference (SR-2611-0042), as the job page accepts both. */
function jobKey(key: string | number): SQL | undefined {
  if (typeof key === "number") return Number.isInteger(key) && key > 0 ? eq(serviceRequests.id, key) : undefined;
  if (/^\d{1,9}$/.test(key)) return eq(serviceRequests.id, Number(key));
  return /^SR-\d{4}-\d{4,6}$/i.test(key) ? eq(serviceRequests.reference, key.toUpperCase()) : undefined;
}

function actorOf(profile: TechnicianProfile, actor: FieldActor): AuditActor {
  return { userId: actor.user.id, label: `${profile.name} (technician)`, ipAddress: actor.address };
}

/** The job, locked for this transaction, when it is assigned to profile. */
async function lockOwnJob(tx: Transaction, profileId: number, key: SQL): Promise<Job | undefined> {
  const [job] = await tx
    .select()
    .from(serviceRequests)
    .where(and(key, eq(serviceRequests.assignedTechnicianId, profileId)))
    .for("update");
  return job;
}

/**
 * Runs one change on a job of the technician's: their approved profile, the job (locked), then step. A
 * Refusal rolls back and becomes the answer; so does a concurrent copy of the same key (Replayed: saved).
 */
async function onOwnJob(
  actor: FieldActor,
  key: string | number,
  saved: string,
  step: (tx: Transaction, job: Job, profile: TechnicianProfile) => Promise<FieldResult>,
): Promise<FieldResult> {
  const byKey = jobKey(key);
  const profile = await approvedProfile(actor.user);
  if (!byKey || !profile) return { ok: false, reason: "not-found" };
  try {
    return await getDb().transaction(async (tx) => {
      const job = await lockOwnJob(tx, profile.id, byKey);
      if (!job) return { ok: false as const, reason: "not-found" as const };
      return step(tx, job, profile);
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: "refused", field: error.field, message: error.message };
    if (error instanceof Replayed) return { ok: true, saved, replay: true };
    // A stock rule refused (~/.server/stock/ledger.ts): said beside the field, nothing written.
    const refused = refusedBy(error);
    if (refused) return refused;
    throw error;
  }
}

/**
 * The moment a change happened: the phone's (a queued form says when it was pressed) when it is recent and
 * not in the future, else the server's.
 */
function effectiveTime(happenedAt: Date | undefined, now: Date, notBefore?: Date | null): Date {
  if (!happenedAt) return now;
  const t = happenedAt.getTime();
  if (t > now.getTime() + 2 * 60_000 || t < now.getTime() - 24 * 3600_000) return now;
  if (notBefore && t < notBefore.getTime()) return now;
  return t > now.getTime() ? now : happenedAt;
}

/** The idempotency key as stored: the form's own (a page without one sends the server-made key). */
function storedKey(given: string | undefined): string | undefined {
  return given ? given.slice(0, 100) : undefined;
}

// ── Stage gates ─────────────────────────────────────────────────────────────────────────────────

export interface StageRequirement {
  requireSignoff: boolean;
  requireNoteOrPhoto: boolean;
  requirePhoto: boolean;
  requireParts: boolean;
}

/** The office's requirements, by stage (a stage without a row requires nothing). */
export async function stageRequirements(db: Database | Transaction = getDb()): Promise<Record<string, StageRequirement>> {
  const rows = await db.select().from(jobStageRequirements);
  return Object.fromEntries(
    rows.map((r) => [r.stage, { requireSignoff: r.requireSignoff, requireNoteOrPhoto: r.requireNoteOrPhoto, requirePhoto: r.requirePhoto, requireParts: r.requireParts }]),
  );
}

/** What the job has that the gates look at. */
async function jobEvidence(db: Database | Transaction, requestId: number) {
  const [[notes], [photos], [parts], [signoff]] = await Promise.all([
    // Notes written in the field: by a technician's account.
    db
      .select({ n: count() })
      .from(requestEvents)
      .innerJoin(technicianProfiles, eq(technicianProfiles.userId, requestEvents.actorUserId))
      .where(and(eq(requestEvents.requestId, requestId), eq(requestEvents.kind, "note"))),
    db
      .select({ n: count() })
      .from(requestPhotos)
      .where(and(eq(requestPhotos.requestId, requestId), eq(requestPhotos.source, "technician"))),
    db.select({ n: count() }).from(jobParts).where(eq(jobParts.requestId, requestId)),
    db.select({ n: count() }).from(jobSignoffs).where(eq(jobSignoffs.requestId, requestId)),
  ]);
  return { notes: notes?.n ?? 0, photos: photos?.n ?? 0, parts: parts?.n ?? 0, signoff: (signoff?.n ?? 0) > 0 };
}

/** What is still missing before stage may be set: each item as the technician reads it. */
export function missingFor(requirement: StageRequirement | undefined, evidence: Awaited<ReturnType<typeof jobEvidence>>): string[] {
  if (!requirement) return [];
  const missing: string[] = [];
  if (requirement.requireSignoff && !evidence.signoff) missing.push("the customer's sign-off");
  if (requirement.requirePhoto && evidence.photos === 0) missing.push("at least one photo");
  else if (requirement.requireNoteOrPhoto && evidence.notes === 0 && evidence.photos === 0) missing.push("at least one note or photo");
  if (requirement.requireParts && evidence.parts === 0) missing.push("the parts used");
  return missing;
}

function listText(items: string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

// ── Stage ───────────────────────────────────────────────────────────────────────────────────────

/** What the customer reads in their request's history for each stage. */
function stageNote(stage: FieldStage, engineer: string, signer: string | undefined): string {
  switch (stage) {
    case "on_the_way":
      return `Our engineer ${engineer} is on the way to your site.`;
    case "on_site":
      return `Our engineer ${engineer} has arrived at your site.`;
    case "needs_parts":
      return "Our engineer found that a part must be replaced. We will tell you when it arrives and book the next visit.";
    case "needs_quote":
      return "Our engineer will send you a quote for the work needed before going on.";
    case "work_done":
      return signer ? `Our engineer ${engineer} has finished the work, signed off by ${signer}.` : `Our engineer ${engineer} has finished the work.`;
  }
}

/**
 * The request's status fields for a new status (the office's rule, ~/.server/requests/work.ts): entering a
 * paused status (waiting on the customer or parts) starts the pause; leaving one adds it up; completing
 * stamps completedAt.
 */
function statusFields(job: Job, next: RequestStatus, at: Date): Partial<Job> {
  const changes: Partial<Job> = { status: next };
  const pausing = PAUSED_STATUSES.includes(next);
  if (pausing && !job.pausedAt) changes.pausedAt = at;
  if (!pausing && job.pausedAt) {
    changes.pausedSeconds = job.pausedSeconds + Math.max(0, Math.floor((at.getTime() - job.pausedAt.getTime()) / 1000));
    changes.pausedAt = null;
  }
  if (next === "completed") changes.completedAt = at;
  return changes;
}

/** Minutes on site so far: those added up, and the current stay. */
export function minutesOnSite(job: Pick<Job, "onSiteMinutes" | "onSiteSince">, now: Date): number {
  const current = job.onSiteSince ? Math.max(0, Math.floor((now.getTime() - job.onSiteSince.getTime()) / 60_000)) : 0;
  return job.onSiteMinutes + current;
}

async function keyUsed(tx: Transaction, table: typeof requestEvents | typeof jobParts | typeof jobSignoffs | typeof requestPhotos, key: string) {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.idempotencyKey, key)).limit(1);
  return row !== undefined;
}

/**
 * Sets the technician's stage on the job and the request's status with it, after the stage's gates (the
 * office's requirements); records a status event the customer reads. Arriving on site starts the clock on
 * site; leaving adds the minutes up.
 */
export function setStage(actor: FieldActor, key: string | number, input: JobInput<"stage">, now = new Date()): Promise<FieldResult> {
  const stage = FIELD_STAGES.find((s) => s.value === input.stage)!;
  const saved = `stage-${stage.value}`;
  const idempotencyKey = storedKey(input.idempotencyKey);
  // The key changes reach the customer by SMS (and e-mail) as when the office makes them: the work is done
  // (with the warranty), or the job waits on them (a quote to approve). Settings are read before the
  // transaction: inside it, only its own connection may be used.
  // Setting off is its own message too (issue 17 §5), with the engineer's name.
  const told = stage.status === "completed" ? "completed" : stage.status === "awaiting_customer" ? "awaiting_customer" : stage.status === "on_the_way" ? "on_the_way" : undefined;
  const sitePromise = told ? getSiteSettings() : undefined;
  // A refusal before it is awaited must not leave a rejection unhandled (awaiting it later still throws).
  sitePromise?.catch(() => undefined);
  return onOwnJob(actor, key, saved, async (tx, job, profile) => {
    if (idempotencyKey && (await keyUsed(tx, requestEvents, idempotencyKey))) return { ok: true, saved, replay: true };
    if (job.status === "cancelled") throw new Refusal("stage", CANCELLED_MESSAGE);
    if (job.status === "completed") throw new Refusal("stage", CLOSED_MESSAGE);
    if (job.fieldStage === stage.value) throw new Refusal("stage", `The job is already at "${stage.label}".`);
    const requirement = (await stageRequirements(tx))[stage.value];
    const evidence = await jobEvidence(tx, job.id);
    const missing = missingFor(requirement, evidence);
    if (missing.length > 0) throw new Refusal("stage", `Before you mark this job "${stage.label}", add ${listText(missing)}.`);

    const at = effectiveTime(input.happenedAt, now, job.onSiteSince);
    const changes: Partial<Job> = { ...statusFields(job, stage.status, at), fieldStage: stage.value };
    if (job.onSiteSince && stage.value !== "on_site") {
      changes.onSiteMinutes = minutesOnSite(job, at);
      changes.onSiteSince = null;
    }
    if (stage.value === "on_site" && !job.onSiteSince) changes.onSiteSince = at;
    if (!job.firstContactAt) changes.firstContactAt = at;

    let signer: string | undefined;
    if (stage.value === "work_done") {
      const [s] = await tx.select({ name: jobSignoffs.signerName }).from(jobSignoffs).where(eq(jobSignoffs.requestId, job.id));
      signer = s?.name;
    }
    const [event] = await tx
      .insert(requestEvents)
      .values({
        requestId: job.id,
        kind: "status",
        status: stage.status,
        note: stageNote(stage.value, profile.name, signer),
        internal: false,
        idempotencyKey,
        actorUserId: actor.user.id,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: requestEvents.id });
    if (!event) throw new Replayed();
    await tx
      .update(serviceRequests)
      .set({ ...changes, version: job.version + 1, updatedAt: now })
      .where(eq(serviceRequests.id, job.id));
    // Live (issue 12 §1): the office and the customer see the stage without a reload.
    await publishRequestUpdated(tx, job.id);
    if (told && sitePromise) {
      const site = await sitePromise;
      const within = promiseText({ urgency: job.urgency, receivedAt: job.createdAt, responseDueAt: job.responseDueAt }, site.operations);
      await queueMessages(
        tx,
        requestUpdateNotifications(
          {
            kind: told,
            reference: job.reference,
            contactName: job.contactName,
            mobile: job.mobile,
            email: job.email,
            statusLabel: statusLabel(stage.status),
            next: statusNext(stage.status, { within, warranty: site.promises.warrantyMonths }),
            note: null,
            engineer: told === "on_the_way" ? profile.name : undefined,
            eventId: event.id,
          },
          site,
        ),
      );
      // The customer is asked to rate the job, once (~/.server/feedback: a second completion asks nothing).
      if (stage.status === "completed") await queueFeedbackRequest(tx, { request: job, site, now: at });
    }
    await audit(
      tx,
      actorOf(profile, actor),
      {
        action: "job.stage",
        entityType: "request",
        entityId: job.id,
        entityLabel: job.reference,
        before: { fieldStage: job.fieldStage, status: job.status, onSiteMinutes: job.onSiteMinutes },
        after: { fieldStage: stage.value, status: stage.status, onSiteMinutes: changes.onSiteMinutes ?? job.onSiteMinutes },
      },
      now,
    );
    return { ok: true, saved, replay: false };
  });
}

// ── Notes, photos, parts ────────────────────────────────────────────────────────────────────────

/** A note on the job: the customer reads it, unless the technician marks it for the office only. */
export function addNote(actor: FieldActor, key: string | number, input: JobInput<"note">, now = new Date()): Promise<FieldResult> {
  const saved = input.internal ? "note-internal" : "note";
  const idempotencyKey = storedKey(input.idempotencyKey);
  return onOwnJob(actor, key, saved, async (tx, job, profile) => {
    if (idempotencyKey && (await keyUsed(tx, requestEvents, idempotencyKey))) return { ok: true, saved, replay: true };
    if (job.status === "cancelled") throw new Refusal("note", CANCELLED_MESSAGE);
    const at = effectiveTime(input.happenedAt, now);
    const [event] = await tx
      .insert(requestEvents)
      .values({ requestId: job.id, kind: "note", status: job.status, note: input.note, internal: input.internal, idempotencyKey, actorUserId: actor.user.id, createdAt: at })
      .onConflictDoNothing()
      .returning({ id: requestEvents.id });
    if (!event) throw new Replayed();
    await audit(tx, actorOf(profile, actor), { action: "job.note", entityType: "request", entityId: job.id, entityLabel: job.reference, after: { note: input.note, internal: input.internal } }, now);
    return { ok: true, saved, replay: false };
  });
}

/**
 * Photos from the phone's camera, with a caption: checked and re-encoded as WebP like the customer's photos,
 * each stored under the form's key and its position (`key:1`, `key:2`, ...). A replay is answered before any
 * file is written.
 */
export async function addPhotos(actor: FieldActor, key: string | number, input: JobInput<"photos">, values: FormDataEntryValue[], now = new Date()): Promise<FieldResult> {
  const saved = "photos";
  const idempotencyKey = storedKey(input.idempotencyKey);
  const photoKey = (i: number) => (idempotencyKey ? `${idempotencyKey}:${i + 1}` : null);
  const byKey = jobKey(key);
  const profile = await approvedProfile(actor.user);
  if (!byKey || !profile) return { ok: false, reason: "not-found" };
  const [job] = await getDb()
    .select({ id: serviceRequests.id, status: serviceRequests.status })
    .from(serviceRequests)
    .where(and(byKey, eq(serviceRequests.assignedTechnicianId, profile.id)));
  if (!job) return { ok: false, reason: "not-found" };
  if (idempotencyKey) {
    const [seen] = await getDb().select({ id: requestPhotos.id }).from(requestPhotos).where(eq(requestPhotos.idempotencyKey, photoKey(0)!));
    if (seen) return { ok: true, saved, replay: true };
  }
  if (job.status === "cancelled") return { ok: false, reason: "refused", field: "photos", message: CANCELLED_MESSAGE };
  const photos = await storeChosenPhotos(values, "Choose or take at least one photo.");
  if (!photos.ok) return { ok: false, reason: "refused", field: "photos", message: photos.message };
  const stored = photos.stored;
  try {
    const result = await onOwnJob(actor, job.id, saved, async (tx, locked, p) => {
      const at = effectiveTime(input.happenedAt, now);
      const rows = await tx
        .insert(requestPhotos)
        .values(
          stored.map((f, i) => ({
            requestId: locked.id,
            ...photoColumns(f),
            source: "technician" as const,
            uploadedBy: actor.user.id,
            caption: input.caption ?? null,
            idempotencyKey: photoKey(i),
            createdAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: requestPhotos.id });
      if (rows.length < stored.length) throw new Replayed();
      await audit(
        tx,
        actorOf(p, actor),
        { action: "job.photos", entityType: "request", entityId: locked.id, entityLabel: locked.reference, after: { photos: rows.map((r) => r.id), caption: input.caption ?? null } },
        now,
      );
      return { ok: true, saved, replay: false };
    });
    if (!(result.ok && !result.replay)) await removeStored(stored);
    return result;
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}

/** A part used on the job, with a quantity and unit: picked from the products list, or free text. */
export function addPart(actor: FieldActor, key: string | number, input: JobInput<"part">, now = new Date()): Promise<FieldResult> {
  const saved = "part";
  const idempotencyKey = storedKey(input.idempotencyKey);
  return onOwnJob(actor, key, saved, async (tx, job, profile) => {
    if (idempotencyKey && (await keyUsed(tx, jobParts, idempotencyKey))) return { ok: true, saved, replay: true };
    if (job.status === "cancelled") throw new Refusal("description", CANCELLED_MESSAGE);
    // Picked from the products list (or typed exactly as its label): linked, so the office sees its HSN.
    const product = (input.product && (await productByLabel(tx, input.product))) || (await productByLabel(tx, input.description));
    const [part] = await tx
      .insert(jobParts)
      .values({
        requestId: job.id,
        productId: product?.id ?? null,
        description: input.description,
        quantity: input.quantity,
        unit: input.unit,
        addedBy: actor.user.id,
        idempotencyKey,
        createdAt: effectiveTime(input.happenedAt, now),
      })
      .onConflictDoNothing()
      .returning({ id: jobParts.id });
    if (!part) throw new Replayed();
    // One of our products: taken off the shelf (what is reserved for this job first); the rest was bought on site.
    const fromStock = product ? await takeForJob(tx, { requestId: job.id, reference: job.reference, productId: product.id, quantity: input.quantity, jobPartId: part.id, actorUserId: actor.user.id }, now) : 0;
    await audit(
      tx,
      actorOf(profile, actor),
      { action: "job.part", entityType: "request", entityId: job.id, entityLabel: job.reference, after: { part: part.id, productId: product?.id ?? null, description: input.description, quantity: input.quantity, unit: input.unit, fromStock } },
      now,
    );
    return { ok: true, saved, replay: false };
  });
}

/**
 * "Parts needed" (issue 19 §5): the technician asks for a part the job waits for; purchasing is told and
 * sees it in the parts requests. Stored once per form key, like every form from the phone.
 */
export function requestParts(actor: FieldActor, key: string | number, input: JobInput<"parts-needed">, now = new Date()): Promise<FieldResult> {
  const saved = "parts-needed";
  return onOwnJob(actor, key, saved, async (tx, job, profile) => {
    if (job.status === "cancelled") throw new Refusal("description", CANCELLED_MESSAGE);
    if (job.status === "completed") throw new Refusal("description", CLOSED_MESSAGE);
    const made = await insertPartsRequest(tx, { job, input: { ...input, idempotencyKey: storedKey(input.idempotencyKey) }, source: "technician", actor: actorOf(profile, actor) }, now);
    return { ok: true, saved, replay: made.replay };
  });
}

// ── Labour time ─────────────────────────────────────────────────────────────────────────────────

/**
 * The labour time the technician entered (issue 17 §4): stored on the job (the latest entry stands, so a
 * second one corrects the first), recorded in the office's history (not the customer's) and audited. The
 * invoice draft's labour line is this time; without it, the time on site.
 */
export function setLabour(actor: FieldActor, key: string | number, input: JobInput<"labour">, now = new Date()): Promise<FieldResult> {
  const saved = "labour";
  const idempotencyKey = storedKey(input.idempotencyKey);
  return onOwnJob(actor, key, saved, async (tx, job, profile) => {
    if (idempotencyKey && (await keyUsed(tx, requestEvents, idempotencyKey))) return { ok: true, saved, replay: true };
    if (job.status === "cancelled") throw new Refusal("hours", CANCELLED_MESSAGE);
    const [event] = await tx
      .insert(requestEvents)
      .values({
        requestId: job.id,
        kind: "labour",
        status: job.status,
        note: `Labour time: ${labourText(input.totalMinutes)}`,
        internal: true,
        idempotencyKey,
        actorUserId: actor.user.id,
        createdAt: effectiveTime(input.happenedAt, now),
      })
      .onConflictDoNothing()
      .returning({ id: requestEvents.id });
    if (!event) throw new Replayed();
    await tx.update(serviceRequests).set({ labourMinutes: input.totalMinutes, version: job.version + 1, updatedAt: now }).where(eq(serviceRequests.id, job.id));
    await publishRequestUpdated(tx, job.id);
    await audit(
      tx,
      actorOf(profile, actor),
      { action: "job.labour", entityType: "request", entityId: job.id, entityLabel: job.reference, before: { labourMinutes: job.labourMinutes }, after: { labourMinutes: input.totalMinutes } },
      now,
    );
    return { ok: true, saved, replay: false };
  });
}

/** "2 h 30 min", "45 min". */
function labourText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : "", m ? `${m} min` : ""].filter(Boolean).join(" ");
}

// ── Sign-off ────────────────────────────────────────────────────────────────────────────────────

const SIGNATURE_MAX_SIDE = 2000;

/**
 * The drawn signature, from its data URL: a real PNG (by its bytes, not its label) of at most 200 KB and
 * 2000 px a side, with something drawn on it. Returns the PNG re-encoded (nothing but the pixels kept).
 */
export async function readSignature(dataUrl: string): Promise<Buffer> {
  if (!dataUrl.startsWith(SIGNATURE_PREFIX)) throw new Refusal("signature", "The signature could not be read. Clear it and sign again.");
  const bytes = Buffer.from(dataUrl.slice(SIGNATURE_PREFIX.length), "base64");
  if (bytes.length > SIGNATURE_MAX_BYTES) throw new Refusal("signature", "The signature is too large. Clear it and sign again.");
  const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 8 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw new Refusal("signature", "The signature could not be read. Clear it and sign again.");
  try {
    const image = sharp(bytes, { limitInputPixels: SIGNATURE_MAX_SIDE * SIGNATURE_MAX_SIDE, failOn: "warning" });
    const meta = await image.metadata();
    if (meta.format !== "png" || !meta.width || !meta.height || meta.width > SIGNATURE_MAX_SIDE || meta.height > SIGNATURE_MAX_SIDE) {
      throw new Refusal("signature", "The signature could not be read. Clear it and sign again.");
    }
    // Blank: every channel has one value everywhere (a white or an empty box).
    const stats = await sharp(bytes).stats();
    if (stats.channels.every((c) => c.min === c.max)) throw new Refusal("signature", "Ask the customer to sign in the box.");
    return await sharp(bytes).png({ compressionLevel: 9 }).toBuffer();
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal("signature", "The signature could not be read. Clear it and sign again.");
  }
}

async function existingSignoff(tx: Transaction, requestId: number) {
  const [row] = await tx.select().from(jobSignoffs).where(eq(jobSignoffs.requestId, requestId));
  return row;
}

function alreadySigned(row: typeof jobSignoffs.$inferSelect): Refusal {
  return new Refusal("signerName", `The customer has already signed off this job (${row.signerName}).`);
}

/** The customer's name and the signature drawn on the phone, stored as a PNG. */
export async function signOffDrawn(actor: FieldActor, key: string | number, input: JobInput<"signoff">, now = new Date()): Promise<FieldResult> {
  const saved = "signoff";
  const idempotencyKey = storedKey(input.idempotencyKey);
  if (idempotencyKey) {
    // A replay is answered before the signature is decoded or written (checked again inside the change).
    const [seen] = await getDb().select({ id: jobSignoffs.id }).from(jobSignoffs).where(eq(jobSignoffs.idempotencyKey, idempotencyKey));
    if (seen) return { ok: true, saved, replay: true };
  }
  let png: Buffer;
  try {
    png = await readSignature(input.signature);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: "refused", field: error.field, message: error.message };
    throw error;
  }
  const path = newStoredPath("requests", "png", now);
  let written = false;
  try {
    const result = await onOwnJob(actor, key, saved, async (tx, job, profile) => {
      if (idempotencyKey && (await keyUsed(tx, jobSignoffs, idempotencyKey))) return { ok: true, saved, replay: true };
      if (job.status === "cancelled") throw new Refusal("signerName", CANCELLED_MESSAGE);
      const existing = await existingSignoff(tx, job.id);
      if (existing) throw alreadySigned(existing);
      await writeStored(path, png);
      written = true;
      const at = effectiveTime(input.happenedAt, now);
      const [row] = await tx
        .insert(jobSignoffs)
        .values({ requestId: job.id, signerName: input.signerName, method: "drawn", signaturePath: path, technicianUserId: actor.user.id, idempotencyKey, signedAt: at })
        .onConflictDoNothing()
        .returning({ id: jobSignoffs.id });
      if (!row) throw new Replayed();
      await audit(tx, actorOf(profile, actor), { action: "job.signoff", entityType: "request", entityId: job.id, entityLabel: job.reference, after: { signerName: input.signerName, method: "drawn" } }, now);
      return { ok: true, saved, replay: false };
    });
    if (written && !(result.ok && !result.replay)) await deleteStored(path);
    return result;
  } catch (error) {
    if (written) await deleteStored(path).catch(() => undefined);
    throw error;
  }
}

/** What a sign-off code is for: stored in otp_challenges beside the sign-in codes. */
export const SIGNOFF_PURPOSE = "job-signoff";

const signoffMessage = (requestId: number, salt: string, code: string) => `signoff:${requestId}:${salt}:${code}`;

function signoffHash(requestId: number, salt: string, code: string): string {
  return keyedMac(signoffMessage(requestId, salt, code));
}

function signoffCodeMatches(requestId: number, code: string, stored: string): boolean {
  const [salt, hash] = stored.split(".");
  if (!salt || !hash) return false;
  return keyedMacMatches(signoffMessage(requestId, salt, code), hash);
}

/**
 * Without a drawn signature (no JavaScript, or a customer who prefers it): a one-time code by SMS to the
 * customer's mobile on the request. Only a keyed hash of the code is kept, bound to this job; it lasts
 * 5 minutes and 5 tries, and the sign-in codes' limits apply (one per 30 s, 5 an hour per number).
 */
export async function sendSignoffCode(actor: FieldActor, key: string | number, input: JobInput<"signoff-code">, now = new Date()): Promise<FieldResult> {
  const saved = "code-sent";
  const wait = await takeToken(`otp-send:${actor.address}`, OTP_ADDRESS_LIMITS.send, now.getTime());
  if (wait !== undefined) return { ok: false, reason: "refused", field: "signerName", message: `Too many codes have been asked for from this phone. Try again in ${waitText(wait)}.` };
  const site = await getSiteSettings();
  const code = String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, "0");
  const salt = randomBytes(12).toString("base64url");
  const hourAgo = new Date(now.getTime() - 3600_000);
  return onOwnJob(actor, key, saved, async (tx, job, profile) => {
    if (job.status === "cancelled") throw new Refusal("signerName", CANCELLED_MESSAGE);
    const existing = await existingSignoff(tx, job.id);
    if (existing) throw alreadySigned(existing);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${job.mobile}`}))`);
    const recent = await tx
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.mobile, job.mobile), gt(otpChallenges.createdAt, hourAgo)))
      .orderBy(asc(otpChallenges.createdAt));
    const latest = recent.at(-1);
    if (latest) {
      const seconds = Math.ceil((latest.createdAt.getTime() + OTP_RULES.resendAfterSeconds * 1000 - now.getTime()) / 1000);
      if (seconds > 0) throw new Refusal("signerName", `A code was sent a moment ago. You can send a new one in ${waitText(seconds)}.`);
    }
    if (recent.length >= OTP_RULES.perNumberPerHour) {
      throw new Refusal("signerName", `${OTP_RULES.perNumberPerHour} codes have been sent to the customer's mobile in the last hour. Ask the customer to sign on the screen instead, or try again later.`);
    }
    // Earlier sign-off codes for this number stop working. (The purpose is a text column; the schema's list
    // of purposes is for the sign-in codes, hence the plain SQL.)
    await tx.execute(sql`update otp_challenges set consumed_at = ${now} where mobile = ${job.mobile} and purpose = ${SIGNOFF_PURPOSE} and consumed_at is null`);
    const inserted = await tx.execute(
      sql`insert into otp_challenges (mobile, purpose, code_hash, ip_address, created_at, expires_at)
          values (${job.mobile}, ${SIGNOFF_PURPOSE}, ${`${salt}.${signoffHash(job.id, salt, code)}`}, ${actor.address}, ${now}, ${new Date(now.getTime() + OTP_RULES.ttlSeconds * 1000)})
          returning id`,
    );
    const challengeId = Number((inserted as unknown as { rows: Array<{ id: number }> }).rows[0]!.id);
    await queueMessages(tx, [sms(DLT_TEMPLATES.jobSignoffCode, job.mobile, { code, reference: job.reference, business: site.identity.legalName }, `signoff-otp:${challengeId}`)]);
    await audit(
      tx,
      actorOf(profile, actor),
      { action: "job.signoff-code", entityType: "request", entityId: job.id, entityLabel: job.reference, after: { signerName: input.signerName, sentTo: formatIndianPhone(job.mobile) } },
      now,
    );
    return { ok: true, saved, replay: false, challengeId };
  });
}

/** The typed name confirmed by the code the customer received: the sign-off, method "otp". */
export async function verifySignoffCode(actor: FieldActor, key: string | number, input: JobInput<"signoff-verify">, now = new Date()): Promise<FieldResult> {
  const saved = "signoff";
  const idempotencyKey = storedKey(input.idempotencyKey);
  const wait = await takeToken(`otp-verify:${actor.address}`, OTP_ADDRESS_LIMITS.verify, now.getTime());
  if (wait !== undefined) return { ok: false, reason: "refused", field: "code", message: `Too many codes have been tried from this phone. Try again in ${waitText(wait)}.` };
  return onOwnJob(actor, key, saved, async (tx, job, profile) => {
    if (idempotencyKey && (await keyUsed(tx, jobSignoffs, idempotencyKey))) return { ok: true, saved, replay: true };
    if (job.status === "cancelled") throw new Refusal("code", CANCELLED_MESSAGE);
    const existing = await existingSignoff(tx, job.id);
    if (existing) throw alreadySigned(existing);
    const result = await tx.execute(
      sql`select id, code_hash, attempts, expires_at, consumed_at from otp_challenges
          where id = ${input.challengeId} and mobile = ${job.mobile} and purpose = ${SIGNOFF_PURPOSE} for update`,
    );
    const challenge = (result as unknown as { rows: Array<{ id: number; code_hash: string; attempts: number; expires_at: Date | string; consumed_at: Date | string | null }> }).rows[0];
    const expired = "This code has expired (codes work for 5 minutes). Send a new code.";
    if (!challenge || challenge.consumed_at || new Date(challenge.expires_at) <= now) {
      return { ok: false, reason: "refused", field: "code", message: expired };
    }
    if (challenge.attempts >= OTP_RULES.maxAttempts) {
      return { ok: false, reason: "refused", field: "code", message: `This code was tried ${OTP_RULES.maxAttempts} times and no longer works. Send a new code.` };
    }
    if (!signoffCodeMatches(job.id, input.code, challenge.code_hash)) {
      const attempts = challenge.attempts + 1;
      await tx.update(otpChallenges).set({ attempts }).where(eq(otpChallenges.id, challenge.id));
      const left = OTP_RULES.maxAttempts - attempts;
      // Returned, not thrown: the counted try must be kept.
      return {
        ok: false,
        reason: "refused",
        field: "code",
        message: left > 0 ? `That code is not right. ${left === 1 ? "1 try" : `${left} tries`} left.` : "That code is not right, and it no longer works. Send a new code.",
      };
    }
    await tx.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge.id));
    const [row] = await tx
      .insert(jobSignoffs)
      .values({ requestId: job.id, signerName: input.signerName, method: "otp", confirmedMobile: job.mobile, technicianUserId: actor.user.id, idempotencyKey, signedAt: now })
      .onConflictDoNothing()
      .returning({ id: jobSignoffs.id });
    if (!row) throw new Replayed();
    await audit(tx, actorOf(profile, actor), { action: "job.signoff", entityType: "request", entityId: job.id, entityLabel: job.reference, after: { signerName: input.signerName, method: "otp" } }, now);
    return { ok: true, saved, replay: false };
  });
}

/** A sign-off code still waiting to be entered for this job (by its id from the page's address). */
export async function pendingSignoffCode(jobMobile: string, challengeId: number, now = new Date()): Promise<boolean> {
  const [row] = await getDb()
    .select({ expiresAt: otpChallenges.expiresAt, consumedAt: otpChallenges.consumedAt, attempts: otpChallenges.attempts })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.id, challengeId), eq(otpChallenges.mobile, jobMobile), sql`${otpChallenges.purpose} = ${SIGNOFF_PURPOSE}`));
  return !!row && !row.consumedAt && row.expiresAt > now && row.attempts < OTP_RULES.maxAttempts;
}

// ── Reading: the job page and the job report ────────────────────────────────────────────────────

/** The job's field record: notes, photos, parts and sign-off, oldest first. `customer`: only what they read. */
export async function jobRecord(requestId: number, options: { customer: boolean }) {
  const db = getDb();
  const [notes, photos, parts, [signoff]] = await Promise.all([
    db
      .select({ id: requestEvents.id, note: requestEvents.note, internal: requestEvents.internal, createdAt: requestEvents.createdAt, author: technicianProfiles.name })
      .from(requestEvents)
      .innerJoin(technicianProfiles, eq(technicianProfiles.userId, requestEvents.actorUserId))
      .where(and(eq(requestEvents.requestId, requestId), eq(requestEvents.kind, "note"), options.customer ? eq(requestEvents.internal, false) : undefined))
      .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
    db
      .select({
        id: requestPhotos.id,
        caption: requestPhotos.caption,
        width: requestPhotos.width,
        height: requestPhotos.height,
        createdAt: requestPhotos.createdAt,
        // Who took it (issue 17 §4): the office reads whose photo it is.
        takenBy: technicianProfiles.name,
      })
      .from(requestPhotos)
      .leftJoin(technicianProfiles, eq(technicianProfiles.userId, requestPhotos.uploadedBy))
      .where(and(eq(requestPhotos.requestId, requestId), eq(requestPhotos.source, "technician")))
      .orderBy(asc(requestPhotos.id)),
    db
      .select({ id: jobParts.id, description: jobParts.description, quantity: jobParts.quantity, unit: jobParts.unit, createdAt: jobParts.createdAt })
      .from(jobParts)
      .where(eq(jobParts.requestId, requestId))
      .orderBy(asc(jobParts.id)),
    db
      .select({ signerName: jobSignoffs.signerName, method: jobSignoffs.method, signaturePath: jobSignoffs.signaturePath, confirmedMobile: jobSignoffs.confirmedMobile, signedAt: jobSignoffs.signedAt })
      .from(jobSignoffs)
      .where(eq(jobSignoffs.requestId, requestId)),
  ]);
  return {
    notes: notes.map((n) => ({ ...n, createdAt: n.createdAt.toISOString() })),
    photos: photos.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    parts: parts.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
    signoff: signoff
      ? {
          signerName: signoff.signerName,
          method: signoff.method,
          hasSignature: !!signoff.signaturePath,
          confirmedMobile: signoff.confirmedMobile,
          signedAt: signoff.signedAt.toISOString(),
        }
      : null,
  };
}

export type JobRecord = Awaited<ReturnType<typeof jobRecord>>;

/** The job page of a signed-in technician: the job, its stage and time on site, the record and the gates. */
export async function fieldJobPage(user: TechnicianUser, key: string, now = new Date()) {
  const byKey = key.length <= 40 ? jobKey(key) : undefined;
  const profile = await approvedProfile(user);
  if (!byKey || !profile) return undefined;
  const [job] = await getDb()
    .select()
    .from(serviceRequests)
    .where(and(byKey, eq(serviceRequests.assignedTechnicianId, profile.id)));
  if (!job) return undefined;
  const [record, requirements, stages] = await Promise.all([
    jobRecord(job.id, { customer: false }),
    stageRequirements(),
    getDb()
      .select({ status: requestEvents.status, note: requestEvents.note, createdAt: requestEvents.createdAt })
      .from(requestEvents)
      .where(and(eq(requestEvents.requestId, job.id), eq(requestEvents.kind, "status"), eq(requestEvents.internal, false)))
      .orderBy(desc(requestEvents.createdAt))
      .limit(20),
  ]);
  return {
    job: {
      id: job.id,
      reference: job.reference,
      status: job.status,
      contactName: job.contactName,
      mobile: job.mobile,
      company: job.company,
      siteAddress: job.siteAddress,
      city: job.city,
      serviceName: job.serviceName,
      equipmentBrand: job.equipmentBrand,
      equipmentModel: job.equipmentModel,
      equipmentRating: job.equipmentRating,
      faultDescription: job.faultDescription,
      faultCode: job.faultCode,
      urgency: job.urgency,
      preferredDate: job.preferredDate,
      poNumber: job.poNumber,
      visitStart: job.visitStart?.toISOString() ?? null,
      visitEnd: job.visitEnd?.toISOString() ?? null,
      assignedAt: job.assignedAt?.toISOString() ?? null,
      createdAt: job.createdAt.toISOString(),
      fieldStage: job.fieldStage,
      fieldStageLabel: fieldStageLabel(job.fieldStage),
      onSiteSince: job.onSiteSince?.toISOString() ?? null,
      minutesOnSite: minutesOnSite(job, now),
      labourMinutes: job.labourMinutes,
    },
    technicianName: profile.name,
    record,
    requirements,
    stageHistory: stages.map((s) => ({ ...s, statusLabel: officeStatusLabel(s.status), createdAt: s.createdAt.toISOString() })),
  };
}

export type FieldJobPage = NonNullable<Awaited<ReturnType<typeof fieldJobPage>>>;

/** A stored file of a job of the technician's: a photo by id, or the drawn signature. */
export async function ownJobFile(user: TechnicianUser, id: number, file: { photoId: number } | "signature") {
  const profile = await approvedProfile(user);
  if (!profile) return undefined;
  return jobFile(id, file, profile.id);
}

/**
 * A stored file of a job: a photo by id, or the drawn signature. With assignedTo, only on a job assigned to
 * that technician (checked in the same query); the customer's routes check ownership before asking.
 */
export async function jobFile(requestId: number, file: { photoId: number } | "signature", assignedTo?: number) {
  const db = getDb();
  const assigned = assignedTo === undefined ? undefined : eq(serviceRequests.assignedTechnicianId, assignedTo);
  if (file === "signature") {
    const [row] = await db
      .select({ path: jobSignoffs.signaturePath })
      .from(jobSignoffs)
      .innerJoin(serviceRequests, eq(serviceRequests.id, jobSignoffs.requestId))
      .where(and(eq(jobSignoffs.requestId, requestId), assigned));
    return row?.path ? { path: row.path, contentType: "image/png" } : undefined;
  }
  const [row] = await db
    .select({ path: requestPhotos.path, contentType: requestPhotos.contentType })
    .from(requestPhotos)
    .innerJoin(serviceRequests, eq(serviceRequests.id, requestPhotos.requestId))
    .where(and(eq(requestPhotos.id, file.photoId), eq(requestPhotos.requestId, requestId), assigned));
  return row;
}

/** The engineer on a request, for the customer: name only. */
export async function engineerName(technicianId: number | null): Promise<string | null> {
  if (technicianId === null) return null;
  const [row] = await getDb().select({ name: technicianProfiles.name }).from(technicianProfiles).where(eq(technicianProfiles.id, technicianId));
  return row?.name ?? null;
}
