import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import { sendCode, verifyCode, type SendOutcome, type VerifyOutcome } from "~/.server/auth/otp.ts";
import { signedCookie } from "~/.server/auth/cookies.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { otpChallenges, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { DLT_TEMPLATES, queueMessages, sms } from "~/.server/notifications/index.ts";
import { technicianApplicationNotifications } from "~/.server/notifications/templates.ts";
import { currentPrivacyVersion } from "~/.server/requests/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { detectDocument, detectPhoto } from "~/.server/uploads/detect.ts";
import { UploadError } from "~/.server/uploads/index.ts";
import { absoluteStoredPath, deleteStored, sanitiseName, writeStored } from "~/.server/uploads/storage.ts";
import { optionalText } from "~/lib/forms/fields.ts";
import {
  availabilityLabel,
  ID_PROOF_LIMITS,
  idProofLabel,
  skillLabel,
  type ReviewableStatus,
  type TechnicianRegistrationInput,
} from "~/lib/forms/technician-registration.ts";

/**
 * Technicians (issue 5, section 3): the registration (written when the form is sent, "unverified"), its
 * verification by a one-time code ("pending", and the person becomes a technician who can sign in), the
 * office's review (approved or rejected with a note, the technician told by SMS), and what an approved
 * technician's dashboard shows (availability, the jobs assigned to them).
 */

export type TechnicianProfile = typeof technicianProfiles.$inferSelect;
export type ApplicationStatus = TechnicianProfile["status"];

/** The one-time code's purpose for a registration. */
export const REGISTRATION_PURPOSE = "technician-registration" as const;

// ── ID proof files ──────────────────────────────────────────────────────────────────────────────
// Kept under the storage directory (never served as static files), in id-proofs/YYYY/MM/<uuid>.<ext>;
// only an admin can open one (routes/admin/technician-id-proof.ts). A PDF is kept as sent; a photo is
// re-encoded, which drops its metadata (the phone's location included).

/** Larger images are refused before they are decoded (as for request photos). */
const MAX_PIXELS = 8192 * 8192;

const ID_PROOF_FORMATS = {
  PDF: { extension: "pdf", contentType: "application/pdf" },
  JPEG: { extension: "jpg", contentType: "image/jpeg" },
  PNG: { extension: "png", contentType: "image/png" },
} as const;

type IdProofFormat = keyof typeof ID_PROOF_FORMATS;

export interface StoredIdProof {
  path: string;
  name: string;
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

async function inspectIdProof(file: File): Promise<{ format: IdProofFormat; bytes: Buffer; name: string }> {
  const name = sanitiseName(file.name);
  const tooLarge = new UploadError(`${name} is larger than ${megabytes(ID_PROOF_LIMITS.maxBytes)}. Attach a smaller scan or photo.`);
  if (file.size > ID_PROOF_LIMITS.maxBytes) throw tooLarge;
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length > ID_PROOF_LIMITS.maxBytes) throw tooLarge;
  const photo = detectPhoto(bytes.subarray(0, 256));
  const format: IdProofFormat | undefined =
    detectDocument(bytes) === "PDF" ? "PDF" : photo === "JPEG" || photo === "PNG" ? photo : undefined;
  if (!format) throw new UploadError(`${name} is not a PDF, JPEG or PNG file.`);
  return { format, bytes, name };
}

/** A photo re-encoded in its own format, turned upright, without metadata. */
async function cleanPhoto(format: "JPEG" | "PNG", bytes: Buffer, name: string): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "warning" }).autoOrient();
    return await (format === "JPEG" ? image.jpeg({ quality: 90, mozjpeg: true }) : image.png()).toBuffer();
  } catch (error) {
    throw new UploadError(`${name} could not be read as an image. Attach a clear scan or photo.`, { cause: error });
  }
}

/** Checks (by content, not by name) and stores an ID proof; throws UploadError with a message for the field. */
export async function storeIdProof(file: File, now = new Date()): Promise<StoredIdProof> {
  const { format, bytes, name } = await inspectIdProof(file);
  const data = format === "PDF" ? bytes : await cleanPhoto(format, bytes, name);
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  const path = `id-proofs/${year}/${month}/${randomUUID()}.${ID_PROOF_FORMATS[format].extension}`;
  await writeStored(path, data);
  return { path, name };
}

/** What an admin's browser is told a stored ID proof is. */
export function idProofContentType(path: string): string {
  const extension = path.split(".").pop()?.toLowerCase();
  const found = Object.values(ID_PROOF_FORMATS).find((f) => f.extension === extension);
  return found?.contentType ?? "application/octet-stream";
}

async function removeFiles(paths: Iterable<string>): Promise<void> {
  await Promise.all([...new Set(paths)].map((p) => deleteStored(p).catch(() => undefined)));
}

// ── Registration ────────────────────────────────────────────────────────────────────────────────

/**
 * Between the form and the code, the registration page remembers in a signed cookie which application this
 * browser wrote and, once a code is on its way, which code it waits for and the number it went to. The
 * number never appears in an address.
 */
const REGISTRATION_COOKIE = "technician_registration";
const REGISTRATION_MAX_AGE_SECONDS = 60 * 60;

const registrationStateSchema = z.object({
  profileId: z.number().int().positive(),
  /**
   * The application's ID proof path when this browser saved it: a secret only this browser knows. Someone
   * else registering the same (unverified) number attaches a file of their own, and this browser then no
   * longer sees the application.
   */
  proof: z.string().max(200),
  challengeId: z.number().int().positive().optional(),
  mobile: z
    .string()
    .regex(/^\+91[6-9]\d{9}$/)
    .optional(),
});

export type RegistrationState = z.infer<typeof registrationStateSchema>;

export async function readRegistration(request: Request, url: URL): Promise<RegistrationState | undefined> {
  const value: unknown = await signedCookie(REGISTRATION_COOKIE, url, REGISTRATION_MAX_AGE_SECONDS).parse(request.headers.get("cookie"));
  const parsed = registrationStateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** The Set-Cookie value that keeps state. */
export function saveRegistration(state: RegistrationState, url: URL): Promise<string> {
  return signedCookie(REGISTRATION_COOKIE, url, REGISTRATION_MAX_AGE_SECONDS).serialize(state);
}

export function clearRegistration(url: URL): Promise<string> {
  return signedCookie(REGISTRATION_COOKIE, url, REGISTRATION_MAX_AGE_SECONDS).serialize("", { maxAge: 0 });
}

/** Serialises everything done to one mobile number's application (PGlite and PostgreSQL alike). */
async function lockMobile(tx: Transaction, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`technician:${mobile}`}))`);
}

export type SaveOutcome =
  | { ok: true; profileId: number; reference: string; mobile: string; idProofPath: string }
  /**
   * The number already has an application under review or approved (the person should sign in), or a
   * rejected one and the sender is not signed in with that number (only its owner may apply again).
   */
  | { ok: false; reason: "registered"; status: "pending" | "approved" | "rejected" }
  /** No ID proof was attached, and none is kept from this browser's earlier attempt. */
  | { ok: false; reason: "no-file" };

async function statusOf(mobile: string): Promise<ApplicationStatus | undefined> {
  const [row] = await getDb()
    .select({ status: technicianProfiles.status })
    .from(technicianProfiles)
    .where(eq(technicianProfiles.mobile, mobile));
  return row?.status;
}

function isUnderReview(status: ApplicationStatus | undefined): status is "pending" | "approved" {
  return status === "pending" || status === "approved";
}

/**
 * Writes an application from the registration form, before the number is verified. One application per
 * mobile number, however often the form is sent: a number's unverified application is updated, and a
 * rejected applicant's application takes the new details (it becomes pending only once the number is
 * verified again). A number whose application is pending or approved is refused: that person signs in.
 *
 * draftId is the application this browser wrote last (kept in its registration cookie): after "Use a
 * different number", that application moves to the new number and keeps its ID proof unless a new file is
 * attached. Throws UploadError for a bad file, before anything is written.
 */
export async function saveApplication(
  input: TechnicianRegistrationInput,
  file: File | undefined,
  draftId?: number,
  now = new Date(),
  signedInMobile?: string,
): Promise<SaveOutcome> {
  const { mobile } = input;
  // A rejected application keeps its details until its own technician, signed in with the number, applies
  // again: nobody else can overwrite it (or its ID proof) by knowing the number.
  const locked = (status: ApplicationStatus | undefined) => isUnderReview(status) || (status === "rejected" && signedInMobile !== mobile);
  const before = await statusOf(mobile);
  if (locked(before)) return { ok: false, reason: "registered", status: before as "pending" | "approved" | "rejected" };
  const [consentVersion, stored] = await Promise.all([currentPrivacyVersion(), file ? storeIdProof(file, now) : undefined]);
  const removeAfter: string[] = [];

  const details = {
    name: input.name,
    email: input.email ?? null,
    city: input.city,
    skills: input.skills,
    yearsExperience: input.yearsExperience,
    currentEmployer: input.currentEmployer ?? null,
    availability: input.availability,
    idProofType: input.idProofType,
    consentVersion,
    consentAt: now,
  };

  let outcome: SaveOutcome;
  try {
    outcome = await getDb().transaction(async (tx): Promise<SaveOutcome> => {
      await lockMobile(tx, mobile);
      const [target] = await tx.select().from(technicianProfiles).where(eq(technicianProfiles.mobile, mobile)).for("update");
      if (target && locked(target.status)) return { ok: false, reason: "registered", status: target.status as "pending" | "approved" | "rejected" };
      const [draft] =
        draftId && draftId !== target?.id
          ? await tx
              .select()
              .from(technicianProfiles)
              .where(and(eq(technicianProfiles.id, draftId), eq(technicianProfiles.status, "unverified")))
              .for("update")
          : [];
      // The file: the one just attached, else the one this browser attached before.
      const own = target && target.id === draftId ? target : draft;
      const proof = stored ?? (own ? { path: own.idProofPath, name: own.idProofName } : undefined);
      if (!proof) return { ok: false, reason: "no-file" };
      const fileColumns = { idProofPath: proof.path, idProofName: proof.name };

      if (target) {
        await tx
          .update(technicianProfiles)
          .set({ ...details, ...fileColumns })
          .where(eq(technicianProfiles.id, target.id));
        if (target.idProofPath !== proof.path) removeAfter.push(target.idProofPath);
        if (draft) {
          // The earlier attempt under another number is now this one.
          await tx.delete(technicianProfiles).where(eq(technicianProfiles.id, draft.id));
          if (draft.idProofPath !== proof.path) removeAfter.push(draft.idProofPath);
        }
        return { ok: true, profileId: target.id, reference: target.reference, mobile, idProofPath: proof.path };
      }
      if (draft) {
        await tx
          .update(technicianProfiles)
          .set({ ...details, ...fileColumns, mobile })
          .where(eq(technicianProfiles.id, draft.id));
        if (draft.idProofPath !== proof.path) removeAfter.push(draft.idProofPath);
        return { ok: true, profileId: draft.id, reference: draft.reference, mobile, idProofPath: proof.path };
      }
      const reference = await nextReference(tx, "TA", now);
      const [row] = await tx
        .insert(technicianProfiles)
        .values({ ...details, ...fileColumns, reference, mobile, status: "unverified", createdAt: now })
        .returning({ id: technicianProfiles.id });
      return { ok: true, profileId: row!.id, reference, mobile, idProofPath: proof.path };
    });
  } catch (error) {
    if (stored) await removeFiles([stored.path]);
    throw error;
  }
  if (!outcome.ok && stored) removeAfter.push(stored.path);
  await removeFiles(removeAfter);
  return outcome;
}

/**
 * The fields of an unverified (or rejected) application that its own browser may see again to correct
 * them: `proof` is the ID proof path the browser's registration cookie holds (null: the owner is signed in).
 */
export async function findDraft(id: number, proof: string | null) {
  const [row] = await getDb()
    .select()
    .from(technicianProfiles)
    .where(and(eq(technicianProfiles.id, id), inArray(technicianProfiles.status, ["unverified", "rejected"])));
  if (!row || (proof !== null && row.idProofPath !== proof)) return undefined;
  return {
    values: {
      name: row.name,
      mobile: row.mobile,
      email: row.email ?? "",
      city: row.city,
      skills: row.skills.join(","),
      yearsExperience: String(row.yearsExperience),
      currentEmployer: row.currentEmployer ?? "",
      availability: row.availability,
      idProofType: row.idProofType,
    },
    idProofName: row.idProofName,
  };
}

/**
 * Sends the registration's code. A repeat of the form within the 30 seconds before a new code may be sent
 * (the form sent twice) goes on with the code already on its way instead of failing; "Send a new code"
 * (`resend`) is told to wait instead.
 */
export async function sendRegistrationCode(
  mobile: string,
  address: string,
  now = new Date(),
  { resend = false }: { resend?: boolean } = {},
): Promise<SendOutcome> {
  const sent = await sendCode({ mobile, purpose: REGISTRATION_PURPOSE, address, now });
  if (sent.ok || sent.reason !== "too-soon" || resend) return sent;
  const [live] = await getDb()
    .select({ id: otpChallenges.id })
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.mobile, mobile),
        eq(otpChallenges.purpose, REGISTRATION_PURPOSE),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.expiresAt, now),
      ),
    )
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return live ? { ok: true, challengeId: live.id } : sent;
}

export type VerifyApplicationOutcome =
  | { ok: true; userId: number; reference: string }
  | Extract<VerifyOutcome, { ok: false }>
  | { ok: false; reason: "gone"; message: string };

/**
 * Checks the registration's code. A right code makes the application pending (a rejected applicant's
 * too: the earlier review is cleared), gives the number's account the technician role, and tells the
 * office, all in one transaction.
 */
export async function verifyApplication(input: {
  profileId: number;
  mobile: string;
  challengeId: number;
  code: string;
  address: string;
  now?: Date;
}): Promise<VerifyApplicationOutcome> {
  const { profileId, mobile, challengeId, code, address, now = new Date() } = input;
  const checked = await verifyCode({ challengeId, mobile, purpose: REGISTRATION_PURPOSE, code, address, now });
  if (!checked.ok) return checked;
  const site = await getSiteSettings();
  const outcome = await getDb().transaction(async (tx): Promise<VerifyApplicationOutcome> => {
    await lockMobile(tx, mobile);
    const [row] = await tx
      .select()
      .from(technicianProfiles)
      .where(and(eq(technicianProfiles.id, profileId), eq(technicianProfiles.mobile, mobile)))
      .for("update");
    if (!row) {
      return { ok: false, reason: "gone", message: "Your registration could not be found. Please fill in the form again." };
    }
    const user = await upsertUserWithRole(mobile, "technician", tx, row.name);
    if (row.status === "unverified" || row.status === "rejected") {
      await tx
        .update(technicianProfiles)
        .set({ status: "pending", verifiedAt: now, userId: user.id, reviewNote: null, reviewedAt: null, reviewedBy: null })
        .where(eq(technicianProfiles.id, row.id));
      await queueMessages(
        tx,
        technicianApplicationNotifications(
          {
            reference: row.reference,
            name: row.name,
            mobile: row.mobile,
            email: row.email,
            city: row.city,
            skills: row.skills.map(skillLabel),
            yearsExperience: row.yearsExperience,
            currentEmployer: row.currentEmployer,
            availability: availabilityLabel(row.availability),
            idProofType: idProofLabel(row.idProofType),
            reapplication: row.status === "rejected",
          },
          site,
          `technician:${row.reference}:application:${now.getTime()}`,
        ),
      );
    } else if (row.userId !== user.id) {
      await tx.update(technicianProfiles).set({ userId: user.id }).where(eq(technicianProfiles.id, row.id));
    }
    return { ok: true, userId: user.id, reference: row.reference };
  });
  return outcome;
}

// ── The technician's own profile ───────────────────────────────────────────────────────────────

/** The application of a signed-in technician: by account, else by the account's mobile number. */
export async function findProfileForUser(user: { id: number; mobile: string | null }): Promise<TechnicianProfile | undefined> {
  const [row] = await getDb()
    .select()
    .from(technicianProfiles)
    .where(
      and(
        ne(technicianProfiles.status, "unverified"),
        user.mobile
          ? or(eq(technicianProfiles.userId, user.id), eq(technicianProfiles.mobile, user.mobile))
          : eq(technicianProfiles.userId, user.id),
      ),
    )
    .orderBy(sql`case when ${technicianProfiles.userId} = ${user.id} then 0 else 1 end`)
    .limit(1);
  return row;
}

/** The dashboard's "Available for jobs" switch; only an approved technician has one. Returns the value now stored. */
export async function setAvailability(profileId: number, availableNow: boolean): Promise<boolean | undefined> {
  const [row] = await getDb()
    .update(technicianProfiles)
    .set({ availableNow })
    .where(and(eq(technicianProfiles.id, profileId), eq(technicianProfiles.status, "approved")))
    .returning({ availableNow: technicianProfiles.availableNow });
  return row?.availableNow;
}

/** Jobs (service requests) the office assigned to this technician, latest assignment first. */
export async function listAssignedJobs(profileId: number) {
  return getDb()
    .select({
      id: serviceRequests.id,
      reference: serviceRequests.reference,
      serviceName: serviceRequests.serviceName,
      city: serviceRequests.city,
      urgency: serviceRequests.urgency,
      preferredDate: serviceRequests.preferredDate,
      status: serviceRequests.status,
      assignedAt: serviceRequests.assignedAt,
      createdAt: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.assignedTechnicianId, profileId))
    .orderBy(sql`${serviceRequests.assignedAt} desc nulls last`, desc(serviceRequests.createdAt))
    .limit(200);
}

/** One job, by its reference (SR-2611-0042) or id, only when it is assigned to this technician. */
export async function findAssignedJob(profileId: number, key: string) {
  const byKey = /^\d{1,9}$/.test(key) ? eq(serviceRequests.id, Number(key)) : eq(serviceRequests.reference, key.toUpperCase());
  const [row] = await getDb()
    .select({
      id: serviceRequests.id,
      reference: serviceRequests.reference,
      status: serviceRequests.status,
      contactName: serviceRequests.contactName,
      mobile: serviceRequests.mobile,
      company: serviceRequests.company,
      siteAddress: serviceRequests.siteAddress,
      city: serviceRequests.city,
      serviceName: serviceRequests.serviceName,
      equipmentBrand: serviceRequests.equipmentBrand,
      equipmentModel: serviceRequests.equipmentModel,
      equipmentRating: serviceRequests.equipmentRating,
      faultDescription: serviceRequests.faultDescription,
      faultCode: serviceRequests.faultCode,
      urgency: serviceRequests.urgency,
      preferredDate: serviceRequests.preferredDate,
      assignedAt: serviceRequests.assignedAt,
      createdAt: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(and(byKey, eq(serviceRequests.assignedTechnicianId, profileId)));
  return row;
}

// ── The office's review ────────────────────────────────────────────────────────────────────────

const STATUS_ORDER = sql`case ${technicianProfiles.status} when 'pending' then 0 when 'approved' then 1 else 2 end`;


/** Applications whose number is verified: pending first, then approved, then rejected; newest first in each. */
export async function listApplications(status?: ReviewableStatus, limit = 300): Promise<TechnicianProfile[]> {
  return getDb()
    .select()
    .from(technicianProfiles)
    .where(status ? eq(technicianProfiles.status, status) : ne(technicianProfiles.status, "unverified"))
    .orderBy(STATUS_ORDER, sql`coalesce(${technicianProfiles.verifiedAt}, ${technicianProfiles.createdAt}) desc`, asc(technicianProfiles.id))
    .limit(limit);
}

/** How many applications are in each state (the filter's counts). */
export async function countApplications(): Promise<Record<ReviewableStatus, number>> {
  const rows = await getDb()
    .select({ status: technicianProfiles.status, n: sql<number>`count(*)`.mapWith(Number) })
    .from(technicianProfiles)
    .where(ne(technicianProfiles.status, "unverified"))
    .groupBy(technicianProfiles.status);
  const counts: Record<ReviewableStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) if (r.status !== "unverified") counts[r.status] = r.n;
  return counts;
}

/** An application the office may see (its number verified), by id. */
export async function findApplication(id: number): Promise<TechnicianProfile | undefined> {
  const [row] = await getDb()
    .select()
    .from(technicianProfiles)
    .where(and(eq(technicianProfiles.id, id), ne(technicianProfiles.status, "unverified")));
  return row;
}

export const REJECT_NOTE_MISSING = "Write a note saying why the application is not approved: the technician reads it on their dashboard.";

/** The review form of one application. A note is optional to approve and required to reject. */
export const reviewSchema = z
  .object({
    id: z.string().regex(/^\d{1,9}$/, "This application could not be found.").transform(Number),
    decision: z.enum(["approve", "reject"], "Choose Approve or Reject."),
    note: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "reject" && !v.note) ctx.addIssue({ code: "custom", path: ["note"], message: REJECT_NOTE_MISSING });
  });

export type ReviewOutcome =
  | { ok: true; changed: boolean; reference: string; status: "approved" | "rejected" }
  | { ok: false; reason: "not-found" };

/**
 * Approves or rejects an application, records who did and the note, and queues the technician's SMS in
 * the same transaction. Reviewing again with the same decision (a repeated post, two admins at once)
 * changes nothing and sends nothing; the office may change its decision later, which the technician is
 * told about too.
 */
export async function reviewApplication(input: {
  id: number;
  decision: "approve" | "reject";
  note?: string;
  reviewerId: number;
  now?: Date;
}): Promise<ReviewOutcome> {
  const { id, decision, note, reviewerId, now = new Date() } = input;
  const status = decision === "approve" ? "approved" : "rejected";
  const site = await getSiteSettings();
  const outcome = await getDb().transaction(async (tx): Promise<ReviewOutcome> => {
    const [row] = await tx.select().from(technicianProfiles).where(eq(technicianProfiles.id, id)).for("update");
    if (!row || row.status === "unverified") return { ok: false, reason: "not-found" };
    if (row.status === status) return { ok: true, changed: false, reference: row.reference, status };
    await tx
      .update(technicianProfiles)
      .set({ status, reviewNote: note ?? null, reviewedAt: now, reviewedBy: reviewerId })
      .where(eq(technicianProfiles.id, row.id));
    // Named after the state it changed from: the same change can only ever queue one message.
    const dedupeKey = `technician:${row.reference}:${status}:from-${row.status}-${(row.reviewedAt ?? row.verifiedAt ?? row.createdAt).getTime()}`;
    await queueMessages(tx, [
      sms(
        status === "approved" ? DLT_TEMPLATES.technicianApproved : DLT_TEMPLATES.technicianRejected,
        row.mobile,
        { business: site.identity.legalName, reference: row.reference },
        dedupeKey,
      ),
    ]);
    return { ok: true, changed: true, reference: row.reference, status };
  });
  return outcome;
}

/** The stored ID proof of an application, for the admin's browser; undefined when it is missing. */
export async function idProofFile(id: number): Promise<{ absolutePath: string; name: string; contentType: string } | undefined> {
  const row = await findApplication(id);
  if (!row) return undefined;
  const absolutePath = absoluteStoredPath(row.idProofPath);
  if (!absolutePath) return undefined;
  return { absolutePath, name: row.idProofName, contentType: idProofContentType(row.idProofPath) };
}
