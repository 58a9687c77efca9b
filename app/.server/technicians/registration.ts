/** Technician registration: the application (saved before the number is verified), the code that verifies it, the page's cookie. */
import { and, desc, eq, gt, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { sendCode, verifyCode, type SendOutcome, type VerifyOutcome } from "~/.server/auth/otp.ts";
import { signedCookie } from "~/.server/auth/cookies.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getDb } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { otpChallenges, technicianProfiles } from "~/.server/db/schema.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { technicianApplicationNotifications } from "~/.server/notifications/templates.ts";
import { privacyConsent } from "~/.server/legal/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { availabilityLabel, idProofLabel, skillLabel, type TechnicianRegistrationInput } from "~/lib/forms/technician-registration.ts";
import { removeFiles, storeIdProof } from "./id-proof.ts";
import { lockMobile, type ApplicationStatus } from "./shared.ts";

/**
 * Technicians (issue 5, section 3): the registration (written when the form is sent, "unverified"), its
 * verification by a one-time code ("pending", and the person becomes a technician who can sign in). The
 * page's steps are in registration-form.ts, the office's review in review.ts, the technician's dashboard in jobs.ts.
 */

/** The one-time code's purpose for a registration. */
export const REGISTRATION_PURPOSE = "technician-registration" as const;

// ── The registration cookie ─────────────────────────────────────────────────────────────────────

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

// ── The application ─────────────────────────────────────────────────────────────────────────────

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
  const [consent, stored] = await Promise.all([privacyConsent(), file ? storeIdProof(file, now) : undefined]);
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
    ...consent,
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

/** What the registration form is filled in with again: an earlier attempt's values and its ID proof's name. */
export type RegistrationDraft = NonNullable<Awaited<ReturnType<typeof findDraft>>>;

// ── The code ────────────────────────────────────────────────────────────────────────────────────

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
