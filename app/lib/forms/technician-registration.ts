import { z } from "zod";
import { indianMobile, optionalEmail, optionalText, privacyConsent, requiredText } from "./fields.ts";

/**
 * The technician registration form (/technician/register): the one schema the server applies and the
 * browser checks with, and the choices it offers. The ID proof file is checked on the server by its content
 * (~/.server/technicians); the browser only offers the right file types.
 */

/** Trades a technician may offer, as the office dispatches them. Stored by id; the label is shown. */
export const SKILLS = [
  { id: "vfd-ac-drives", label: "VFD / AC drive repair" },
  { id: "dc-drives", label: "DC drive repair" },
  { id: "servo-drives", label: "Servo drives and motors" },
  { id: "plc", label: "PLC programming & troubleshooting" },
  { id: "hmi-scada", label: "HMI / SCADA" },
  { id: "control-panels", label: "Control panels & wiring" },
  { id: "cnc-vmc", label: "CNC / VMC maintenance" },
  { id: "motor-rewinding", label: "Motor rewinding & repair" },
  { id: "electrical-maintenance", label: "Electrical maintenance (HT/LT)" },
  { id: "transformers-dg", label: "Transformers & DG sets" },
  { id: "industrial-ups", label: "Industrial UPS" },
  { id: "instrumentation", label: "Instrumentation & calibration" },
  { id: "apfc-power-quality", label: "APFC panels & power quality" },
  { id: "industrial-electronics", label: "Industrial electronics (PCB) repair" },
] as const;

export type SkillId = (typeof SKILLS)[number]["id"];
const SKILL_IDS = SKILLS.map((s) => s.id) as [SkillId, ...SkillId[]];

export function skillLabel(id: string): string {
  return SKILLS.find((s) => s.id === id)?.label ?? id;
}

/** What a technician can offer. */
export const AVAILABILITY = [
  { value: "full_time", label: "Full time", hint: "Available on working days" },
  { value: "part_time", label: "Part time", hint: "Some days or hours a week" },
  { value: "weekends", label: "Weekends", hint: "Saturdays and Sundays" },
  { value: "on_call", label: "On call", hint: "Breakdowns, when called" },
] as const;

export type Availability = (typeof AVAILABILITY)[number]["value"];

export function availabilityLabel(value: string): string {
  return AVAILABILITY.find((a) => a.value === value)?.label ?? value;
}

/** Government photo IDs accepted as proof of identity. */
export const ID_PROOF_TYPES = [
  { value: "aadhaar", label: "Aadhaar" },
  { value: "pan", label: "PAN card" },
  { value: "voter_id", label: "Voter ID" },
  { value: "driving_licence", label: "Driving licence" },
  { value: "passport", label: "Passport" },
] as const;

export type IdProofType = (typeof ID_PROOF_TYPES)[number]["value"];

export function idProofLabel(value: string): string {
  return ID_PROOF_TYPES.find((t) => t.value === value)?.label ?? value;
}

/** The ID proof upload: a scan or photo, at most 5 MB. */
export const ID_PROOF_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  types: ["PDF", "JPEG", "PNG"],
  accept: ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png",
} as const;

export const ID_PROOF_MISSING = "Attach a scan or photo of your ID proof (PDF, JPEG or PNG, at most 5 MB).";

export const YEARS_MAX = 50;

/**
 * Skills arrive as one value per ticked box. The server joins them with commas before validation; the
 * browser's check sees one of them. Either way this gives the list.
 */
const skills = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.enum(SKILL_IDS, "Choose your skills from the list."))
      .min(1, "Choose at least one skill.")
      .transform((list) => [...new Set(list)]),
  );

const yearsExperience = z
  .string(`Enter your years of experience, from 0 to ${YEARS_MAX}.`)
  .trim()
  .refine((v) => /^\d{1,2}$/.test(v) && Number(v) <= YEARS_MAX, `Enter your years of experience as a number from 0 to ${YEARS_MAX}.`)
  .transform(Number);

export const technicianRegistrationSchema = z.object({
  name: requiredText("Enter your name.", 100),
  mobile: indianMobile,
  email: optionalEmail,
  city: requiredText("Enter the city you work from.", 80),
  skills,
  yearsExperience,
  currentEmployer: optionalText(150),
  availability: z.enum(
    AVAILABILITY.map((a) => a.value) as [Availability, ...Availability[]],
    "Choose when you are available.",
  ),
  idProofType: z.enum(
    ID_PROOF_TYPES.map((t) => t.value) as [IdProofType, ...IdProofType[]],
    "Choose the kind of ID proof you are attaching.",
  ),
  consent: privacyConsent,
});

export type TechnicianRegistrationInput = z.output<typeof technicianRegistrationSchema>;

/** The states of an application the office sees (an unverified one is not an application yet). */
export const REVIEWABLE_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewableStatus = (typeof REVIEWABLE_STATUSES)[number];

/**
 * The skills' tick boxes share one name, written with brackets ("skills[]") as HTML allows for a group of
 * checkboxes. The browser checks the form under that name; the server joins the ticked values into `skills`.
 */
export const SKILLS_FIELD = "skills[]";

export const technicianRegistrationBrowserSchema = technicianRegistrationSchema
  .omit({ skills: true })
  .extend({ [SKILLS_FIELD]: skills });
