/** The technician registration page's steps and posts: the route parses, calls these, and responds. */
import { readSession, revokeSession, startSession } from "~/.server/auth/index.ts";
import { developmentCode, resendWait } from "~/.server/auth/otp.ts";
import { recordSignIn } from "~/.server/auth/users.ts";
import { checkForm, readForm, UNREADABLE_FORM, isUnreadable } from "~/.server/forms/index.ts";
import { chosenFiles, UploadError } from "~/.server/uploads/index.ts";
import { fieldErrors } from "~/lib/forms/fields.ts";
import type { FormFailure } from "~/lib/forms/form-basics.ts";
import { verifyCodeSchema } from "~/lib/forms/sign-in.ts";
import { ID_PROOF_MISSING, SKILLS_FIELD, technicianRegistrationSchema } from "~/lib/forms/technician-registration.ts";
import { findProfileForUser } from "./jobs.ts";
import {
  clearRegistration,
  findDraft,
  readRegistration,
  saveApplication,
  saveRegistration,
  sendRegistrationCode,
  verifyApplication,
  type RegistrationDraft,
} from "./registration.ts";

/** The registration page, and where a verified (or already registered) technician goes. */
export const REGISTRATION_PATH = "/technician/register";
export const DASHBOARD_PATH = "/technician/dashboard";

/**
 * The application of a technician who is signed in: one under review or approved has nothing to do on the
 * registration page (the dashboard); a rejected one may apply again, starting from the details they sent before.
 */
async function ownApplication(request: Request) {
  const session = await readSession(request);
  return session?.role === "technician" ? findProfileForUser(session.user) : undefined;
}

/** Which step the registration page shows. */
export type RegistrationStep =
  /** A signed-in technician whose application is under review or approved: the dashboard instead. */
  | { step: "registered" }
  /** Step 2: the code sent to the number. */
  | { step: "code"; mobile: string; resendIn: number; developmentCode: string | undefined }
  /** Step 1: the form, filled in again from an earlier attempt when there is one. */
  | { step: "form"; draft: RegistrationDraft | undefined };

/** The registration page's step for this browser (its registration cookie) and whoever is signed in. */
export async function registrationStep(request: Request, url: URL): Promise<RegistrationStep> {
  const own = await ownApplication(request);
  if (own && own.status !== "rejected") return { step: "registered" };
  const state = await readRegistration(request, url);
  if (state?.challengeId && state.mobile) {
    return {
      step: "code",
      mobile: state.mobile,
      resendIn: await resendWait(state.challengeId),
      developmentCode: await developmentCode(state.mobile, state.challengeId),
    };
  }
  const draft = state ? await findDraft(state.profileId, state.proof) : own ? await findDraft(own.id, null) : undefined;
  return { step: "form", draft };
}

/** What a refused post of the registration page answers: the step's messages, and on step 1 whether to offer sign-in. */
export type RegistrationFailure = FormFailure & { registered?: boolean };

/**
 * What a post of the registration page comes to: a page to go to (with the cookies to set), or the step
 * again with its messages (and, maybe, when to try again and the registration cookie to set).
 */
export type RegistrationOutcome =
  | { ok: true; location: string; cookies: string[] }
  | { ok: false; status: 400 | 429; failure: RegistrationFailure; retryAfter?: number; cookie?: string };

function failed(failure: RegistrationFailure, extra: { status?: 400 | 429; retryAfter?: number; cookie?: string } = {}): RegistrationOutcome {
  return { ok: false, status: extra.status ?? 400, failure, retryAfter: extra.retryAfter, cookie: extra.cookie };
}

/** A post of the registration page: intent register (step 1), verify or resend (step 2), or restart. */
export async function postRegistration(request: Request, url: URL, address: string): Promise<RegistrationOutcome> {
  const form = await readForm(request);
  if (isUnreadable(form)) return failed({ errors: { form: UNREADABLE_FORM }, values: {} });
  const state = await readRegistration(request, url);
  const intent = form.get("intent");

  if (intent === "restart") {
    // Back to the form, which keeps what was typed (and the ID proof) for the new number.
    const cookie = state ? await saveRegistration({ profileId: state.profileId, proof: state.proof }, url) : await clearRegistration(url);
    return { ok: true, location: REGISTRATION_PATH, cookies: [cookie] };
  }
  if (intent === "resend" || intent === "verify") {
    if (!state?.challengeId || !state.mobile) {
      return failed({ errors: { form: "Your registration timed out. Please fill in the form again." }, values: {} });
    }
    if (intent === "resend") {
      const sent = await sendRegistrationCode(state.mobile, address, new Date(), { resend: true });
      if (!sent.ok) return failed({ errors: { form: sent.message }, values: {} }, { status: 429, retryAfter: sent.retryAfter });
      const cookie = await saveRegistration({ ...state, challengeId: sent.challengeId }, url);
      return { ok: true, location: `${REGISTRATION_PATH}?resent=1`, cookies: [cookie] };
    }
    return verifyStep(request, url, address, form, { profileId: state.profileId, challengeId: state.challengeId, mobile: state.mobile });
  }
  const own = state ? undefined : await ownApplication(request);
  const draft = state
    ? { id: state.profileId, found: await findDraft(state.profileId, state.proof) }
    : own?.status === "rejected"
      ? { id: own.id, found: await findDraft(own.id, null) }
      : undefined;
  return registerStep(request, url, address, form, draft?.found ? draft.id : undefined);
}

/** The message beside the number when it already has an application. */
function registeredMessage(status: "pending" | "approved" | "rejected"): string {
  return status === "approved"
    ? "This number is already registered as a technician. Sign in with it instead."
    : status === "rejected"
      ? "This number's application was not approved. Sign in with it to read why and apply again."
      : "This number already has an application waiting for review. Sign in with it to see its status.";
}

/** Step 1: the application. draftId: the application this browser (or signed-in technician) wrote before. */
async function registerStep(request: Request, url: URL, address: string, form: FormData, draftId: number | undefined): Promise<RegistrationOutcome> {
  // Ticked skills arrive one value each: the schema takes them joined.
  const normalised = new FormData();
  for (const [key, value] of form) if (key !== SKILLS_FIELD && key !== "skills") normalised.append(key, value);
  normalised.set("skills", form.getAll(SKILLS_FIELD).filter((v) => typeof v === "string").join(","));
  const files = chosenFiles(form.getAll("idProof"));
  const checked = await checkForm(normalised, technicianRegistrationSchema, {
    limit: { name: "technician-registration", address },
    extraErrors: files.length === 0 && !draftId ? { idProof: ID_PROOF_MISSING } : {},
  });
  if (!checked.ok) {
    const outcome = checked.outcome;
    if (outcome.ok) return { ok: true, location: outcome.location, cookies: [] };
    // The message about skills goes beside the tick boxes, under their name.
    const { skills: skillsError, ...errors } = outcome.failure.errors;
    const failure = { ...outcome.failure, errors: skillsError ? { ...errors, [SKILLS_FIELD]: skillsError } : errors };
    return failed(failure, { status: outcome.status, retryAfter: outcome.retryAfter });
  }
  const { values } = checked;
  let saved;
  try {
    const session = await readSession(request);
    const signedInMobile = session?.role === "technician" ? (session.user.mobile ?? undefined) : undefined;
    saved = await saveApplication(checked.data, files[0], draftId, new Date(), signedInMobile);
  } catch (error) {
    if (error instanceof UploadError) return failed({ errors: { idProof: error.message }, values });
    throw error;
  }
  if (!saved.ok) {
    if (saved.reason === "no-file") return failed({ errors: { idProof: ID_PROOF_MISSING }, values });
    return failed({ errors: { mobile: registeredMessage(saved.status) }, values, registered: true });
  }
  const sent = await sendRegistrationCode(saved.mobile, address);
  if (!sent.ok) {
    // The application is kept: sending the form again later needs no new file.
    const cookie = await saveRegistration({ profileId: saved.profileId, proof: saved.idProofPath }, url);
    return failed({ errors: { mobile: sent.message }, values }, { status: 429, retryAfter: sent.retryAfter, cookie });
  }
  const cookie = await saveRegistration(
    { profileId: saved.profileId, proof: saved.idProofPath, challengeId: sent.challengeId, mobile: saved.mobile },
    url,
  );
  return { ok: true, location: REGISTRATION_PATH, cookies: [cookie] };
}

/** Step 2: the code. A right one signs the technician in (a new session replaces this browser's). */
async function verifyStep(
  request: Request,
  url: URL,
  address: string,
  form: FormData,
  state: { profileId: number; challengeId: number; mobile: string },
): Promise<RegistrationOutcome> {
  const values = { code: String(form.get("code") ?? "") };
  const parsed = verifyCodeSchema.safeParse(values);
  if (!parsed.success) return failed({ errors: fieldErrors(parsed.error), values });
  const verified = await verifyApplication({ ...state, code: parsed.data.code, address });
  if (!verified.ok) {
    if (verified.reason === "gone") return failed({ errors: { form: verified.message }, values: {} }, { cookie: await clearRegistration(url) });
    const limited = verified.reason === "address-limit";
    return failed({ errors: { code: verified.message }, values }, { status: limited ? 429 : 400, retryAfter: verified.retryAfter });
  }
  // A new sign-in replaces whatever session this browser had.
  const previous = await readSession(request);
  if (previous) await revokeSession(previous.id);
  const session = await startSession({ userId: verified.userId, role: "technician", method: "otp", request, url, address });
  const cleared = await clearRegistration(url);
  await recordSignIn(verified.userId);
  return { ok: true, location: DASHBOARD_PATH, cookies: [session, cleared] };
}
