/** Technicians (issue 5, section 3), a barrel: registration (and its page), the office's review, the technician's jobs, ID proofs. */

export type { ApplicationStatus, TechnicianProfile } from "./shared.ts";
export { idProofContentType, idProofFile, storeIdProof, type StoredIdProof } from "./id-proof.ts";
export {
  clearRegistration,
  findDraft,
  readRegistration,
  REGISTRATION_PURPOSE,
  saveApplication,
  saveRegistration,
  sendRegistrationCode,
  verifyApplication,
  type RegistrationDraft,
  type RegistrationState,
  type SaveOutcome,
  type VerifyApplicationOutcome,
} from "./registration.ts";
export {
  DASHBOARD_PATH,
  postRegistration,
  REGISTRATION_PATH,
  registrationStep,
  type RegistrationFailure,
  type RegistrationOutcome,
  type RegistrationStep,
} from "./registration-form.ts";
export {
  findAssignedJob,
  findOwnJob,
  findProfileForUser,
  listAssignedJobs,
  setAvailability,
  setOwnAvailability,
  technicianDashboard,
  type AssignedJob,
  type DashboardProfile,
  type TechnicianUser,
} from "./jobs.ts";
export {
  countApplications,
  findApplication,
  listApplications,
  REJECT_NOTE_MISSING,
  reviewApplication,
  reviewSchema,
  type ReviewOutcome,
} from "./review.ts";
