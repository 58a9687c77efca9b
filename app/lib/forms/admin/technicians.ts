import { z } from "zod";
import { requiredText } from "~/lib/forms/fields.ts";
import { AVAILABILITY, SKILLS, type Availability, type SkillId } from "~/lib/forms/technician-registration.ts";
import { FIELD_STAGES, type FieldStage } from "~/lib/requests/field-stages.ts";

/**
 * The office's technicians screen (/admin/technicians): the list's filters (in the query string), the form
 * that edits what the office manages of a technician, and the stage requirements form. Shared with the
 * browser; the server parses the list with parseListQuery and each post with parseForm.
 */

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

/** The tabs: approved technicians ("active"), applications waiting for review, rejected ones, all. */
export const TECHNICIAN_TABS = [
  { value: "approved", label: "Active technicians" },
  { value: "pending", label: "Applications" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All" },
] as const;
export type TechnicianTab = (typeof TECHNICIAN_TABS)[number]["value"];

export const TECHNICIAN_SORTS = [
  { value: "name", label: "Name, A to Z" },
  { value: "newest", label: "Newest application first" },
] as const;
export type TechnicianSort = (typeof TECHNICIAN_SORTS)[number]["value"];

const text = (max: number) => z.string().trim().min(1).max(max);

const SKILL_IDS = SKILLS.map((s) => s.id) as [SkillId, ...SkillId[]];
const AVAILABILITY_VALUES = AVAILABILITY.map((a) => a.value) as [Availability, ...Availability[]];

/** A catalogue service's slug (the form offers those of the services content). */
const serviceSlug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/);

export const technicianListSchema = z.object({
  status: z.enum(TECHNICIAN_TABS.map((t) => t.value)).default("approved"),
  /** The start of the base city's name, any case. */
  city: text(80).optional(),
  skill: z.enum(SKILL_IDS).optional(),
  service: serviceSlug.optional(),
  /** The technician's own "Available for jobs" switch. */
  available: z.enum(["yes", "no"]).optional(),
  /** A name (any part), a mobile number, or a reference (TA-2611-0003, or its start). */
  q: text(100).optional(),
  /** Left out: applications newest first, every other tab by name. */
  sort: z.enum(TECHNICIAN_SORTS.map((s) => s.value)).optional(),
});

export type TechnicianListFilters = z.output<typeof technicianListSchema>;

/** The sort a list uses: the one asked for, else the tab's own. */
export function sortOf(f: Pick<TechnicianListFilters, "status" | "sort">): TechnicianSort {
  return f.sort ?? (f.status === "pending" ? "newest" : "name");
}

// ── One technician: what the office manages ────────────────────────────────────────────────────

export const TECHNICIAN_NOT_FOUND = "This technician could not be found: reload the page.";
export const TECHNICIAN_CHANGED_MEANWHILE =
  "Someone else changed this technician while you were looking at it (the office, or the technician's own availability switch). Reload to see the change, then make yours again.";

const id = z.string(TECHNICIAN_NOT_FOUND).regex(/^\d{1,9}$/, TECHNICIAN_NOT_FOUND).transform(Number);

/**
 * What the form showed when it was drawn (a hidden field: a digest of the fields it edits). The table has
 * no version column: the server compares this with the row's values now, and a change made meanwhile
 * refuses the save instead of being overwritten.
 */
const shown = z.string(TECHNICIAN_CHANGED_MEANWHILE).regex(/^[0-9a-f]{64}$/, TECHNICIAN_CHANGED_MEANWHILE);

/** A group of checkboxes arrives as nothing, one value or several: always a list. */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), z.array(item));

export const updateTechnicianSchema = z.object({
  intent: z.literal("update"),
  id,
  shown,
  skills: list(z.enum(SKILL_IDS, "Choose skills from the list."))
    .refine((v) => v.length > 0, "Tick at least one skill.")
    .transform((v) => SKILLS.map((s) => s.id).filter((s) => v.includes(s))),
  /** Checked against the catalogue by the server (a service removed meanwhile is refused by name). */
  services: list(z.string().regex(/^[a-z0-9][a-z0-9-]{0,119}$/, "Choose services from the list."))
    .refine((v) => v.length <= 200, "Choose services from the list.")
    .transform((v) => [...new Set(v)]),
  city: requiredText("Enter the city the technician works from.", 80),
  availability: z.enum(AVAILABILITY_VALUES, "Choose when the technician is available."),
  /** The checkbox: sent as "yes" when ticked, absent when not. */
  availableNow: z
    .literal("yes", "Tick the box, or leave it empty.")
    .optional()
    .transform((v) => v === "yes"),
});

export type UpdateTechnicianInput = z.output<typeof updateTechnicianSchema>;

// ── Stage requirements ───────────────────────────────────────────────────────────────────────────

/** What a field stage may require before a technician can set it on a job. */
export const STAGE_REQUIREMENTS = [
  { value: "signoff", label: "Customer's sign-off" },
  { value: "noteOrPhoto", label: "A note or a photo" },
  { value: "photo", label: "A photo" },
  { value: "parts", label: "Parts used recorded" },
] as const;
export type StageRequirement = (typeof STAGE_REQUIREMENTS)[number]["value"];

export type StageRequirementSet = Record<StageRequirement, boolean>;

export const STAGES_CHANGED_MEANWHILE = "Someone else changed the stage requirements while you were looking at them. Reload to see the change, then make yours again.";

/** One checkbox per stage and requirement, all named "require", each valued "stage:requirement". */
export function requirementValue(stage: FieldStage, requirement: StageRequirement): string {
  return `${stage}:${requirement}`;
}

const REQUIREMENT_VALUES = FIELD_STAGES.flatMap((s) => STAGE_REQUIREMENTS.map((r) => requirementValue(s.value, r.value)));

export const stageRequirementsSchema = z.object({
  intent: z.literal("stages"),
  shown: z.string(STAGES_CHANGED_MEANWHILE).regex(/^[0-9a-f]{64}$/, STAGES_CHANGED_MEANWHILE),
  require: list(z.string().refine((v) => REQUIREMENT_VALUES.includes(v), "Choose requirements from the table.")).transform((ticked) => {
    const out = {} as Record<FieldStage, StageRequirementSet>;
    for (const stage of FIELD_STAGES) {
      out[stage.value] = {
        signoff: ticked.includes(requirementValue(stage.value, "signoff")),
        noteOrPhoto: ticked.includes(requirementValue(stage.value, "noteOrPhoto")),
        photo: ticked.includes(requirementValue(stage.value, "photo")),
        parts: ticked.includes(requirementValue(stage.value, "parts")),
      };
    }
    return out;
  }),
});

export type StageRequirementsInput = z.output<typeof stageRequirementsSchema>;
