import { z } from "zod";
import { optionalText, requiredText } from "~/lib/forms/fields.ts";
import { changedMeanwhile } from "~/lib/forms/stale.ts";

/**
 * The content screen's forms and filters (/admin/cms): every kind of site content the office writes (pages,
 * articles, FAQs, case studies, projects, places, careers and courses), one record form per kind made of the
 * fields every entry has (title, slug, summary, markdown body) and the kind's own fields described below.
 * Shared by the server (parseForm, parseListQuery) and the browser. Legal texts (kind "page", the slugs in
 * LEGAL_PAGE_SLUGS) keep every version and are edited under /admin/cms/legal, not here.
 */

export const STALE_CONTENT_MESSAGE = changedMeanwhile("entry");

export const CMS_KINDS = ["page", "article", "faq", "case-study", "project", "place", "career", "course"] as const;
export type CmsKind = (typeof CMS_KINDS)[number];

export const CMS_KIND_INFO: Record<CmsKind, { label: string; one: string; title: string; summary: string; body: string }> = {
  page: { label: "Pages", one: "page", title: "Title", summary: "Summary", body: "The page's text" },
  article: { label: "Articles", one: "article", title: "Title", summary: "Summary", body: "The article" },
  faq: { label: "FAQs", one: "question", title: "Question", summary: "Summary", body: "Answer" },
  "case-study": { label: "Case studies", one: "case study", title: "Title", summary: "Summary", body: "The case study" },
  project: { label: "Projects", one: "project", title: "Title", summary: "Summary", body: "More about it" },
  place: { label: "Places", one: "place", title: "Name", summary: "Summary", body: "The place's introduction" },
  career: { label: "Careers", one: "opening", title: "Job title", summary: "Summary", body: "More about the job" },
  course: { label: "Courses", one: "course", title: "Course name", summary: "Summary", body: "More about the course" },
};

/** The legal texts: pages of their own screen, whose every version is kept (consent records name them). */
export const LEGAL_PAGE_SLUGS = ["privacy", "terms", "return-policy"] as const;

export function isCmsKind(v: unknown): v is CmsKind {
  return (CMS_KINDS as readonly unknown[]).includes(v);
}

export const CONTENT_STATUSES = ["draft", "published", "scheduled"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const STATUS_LABEL: Record<ContentStatus, string> = { draft: "Draft", published: "Published", scheduled: "Scheduled" };

// ── The kinds' own fields ────────────────────────────────────────────────────────────────────────

export type KindField =
  | { name: string; label: string; type: "text"; required?: boolean; hint?: string }
  | { name: string; label: string; type: "textarea"; required?: boolean; hint?: string }
  | { name: string; label: string; type: "lines"; hint?: string }
  | { name: string; label: string; type: "number"; hint?: string }
  | { name: string; label: string; type: "date"; hint?: string }
  | { name: string; label: string; type: "select"; options: readonly string[]; hint?: string };

export const PLACE_REGIONS = ["Hyderabad industrial belt", "Telangana", "Andhra Pradesh", "Major industrial hub"] as const;
export const ARTICLE_KINDS = ["guide", "checklist", "case-study", "troubleshooting"] as const;

const line = "One per line.";

/** Each kind's fields (its content_entries.data), in the form's order. Page fields not listed are kept as they are. */
export const KIND_FIELDS: Record<CmsKind, readonly KindField[]> = {
  page: [
    { name: "standard", label: "Standard", type: "text", hint: "The certifications page's standard, e.g. ISO 9001:2015. Empty on other pages." },
    { name: "industries", label: "Industries", type: "lines", hint: `The about page's industries. ${line}` },
  ],
  article: [
    { name: "author", label: "Author", type: "text", required: true },
    { name: "articleKind", label: "Type", type: "select", options: ARTICLE_KINDS },
    { name: "tags", label: "Tags", type: "lines", hint: line },
    { name: "relatedServices", label: "Related services", type: "lines", hint: "Their address after /services/, e.g. vfd-repair. One per line." },
    { name: "updatedOn", label: "Updated on", type: "date", hint: "Only when the article was revised after it was published." },
  ],
  faq: [{ name: "group", label: "Group", type: "text", required: true, hint: "The heading it is listed under on /faq, e.g. Service and pricing." }],
  "case-study": [
    { name: "industry", label: "Industry", type: "text", required: true },
    { name: "location", label: "Location", type: "text", required: true },
    { name: "challenge", label: "Challenge", type: "textarea", required: true },
    { name: "approach", label: "Approach", type: "textarea", required: true },
    { name: "result", label: "Result", type: "textarea", required: true },
  ],
  project: [
    { name: "industry", label: "Industry", type: "text", required: true },
    { name: "location", label: "Location", type: "text", required: true },
    { name: "scope", label: "Scope", type: "lines", hint: line },
    { name: "systems", label: "Systems", type: "lines", hint: line },
    { name: "outcome", label: "Outcome", type: "textarea", required: true },
  ],
  place: [
    { name: "state", label: "State", type: "text", required: true },
    { name: "region", label: "Region", type: "select", options: PLACE_REGIONS },
    { name: "industrialAreas", label: "Industrial areas", type: "lines", hint: line },
    { name: "industries", label: "Industries", type: "lines", hint: line },
    { name: "response", label: "Response", type: "text", required: true, hint: "e.g. Same day, within 4 hours in the belt." },
    { name: "travel", label: "Travel", type: "text", required: true },
  ],
  career: [
    { name: "location", label: "Location", type: "text", required: true },
    { name: "type", label: "Type", type: "text", required: true, hint: "e.g. Full-time" },
    { name: "experience", label: "Experience", type: "text", required: true, hint: "e.g. 3+ years" },
    { name: "responsibilities", label: "Responsibilities", type: "lines", hint: line },
    { name: "requirements", label: "Requirements", type: "lines", hint: line },
  ],
  course: [
    { name: "durationDays", label: "Days", type: "number" },
    { name: "mode", label: "Mode", type: "text", required: true, hint: "e.g. Classroom and hands-on lab" },
    { name: "audience", label: "Audience", type: "text", required: true },
    { name: "prerequisites", label: "Prerequisites", type: "text", required: true },
    { name: "syllabus", label: "Syllabus", type: "lines", hint: line },
    { name: "outcomes", label: "Outcomes", type: "lines", hint: line },
  ],
};

/** A kind field's form name: prefixed, so that it never meets the entry's own fields. */
export const fieldName = (name: string) => `d_${name}`;

/** A kind field's stored value as the form's text. */
export function fieldText(field: KindField, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (field.type === "lines") return Array.isArray(value) ? value.join("\n") : "";
  return String(value);
}

const lines = optionalText(8000).transform((v) =>
  (v ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(0, 100),
);

function fieldSchema(f: KindField): z.ZodType {
  switch (f.type) {
    case "text":
      return f.required ? requiredText(`Enter the ${f.label.toLowerCase()}.`, 300) : optionalText(300).transform((v) => v ?? "");
    case "textarea":
      return f.required ? requiredText(`Enter the ${f.label.toLowerCase()}.`, 4000) : optionalText(4000).transform((v) => v ?? "");
    case "lines":
      return lines;
    case "number":
      return z.coerce.number(`Enter the ${f.label.toLowerCase()} as a number.`).int("Enter a whole number.").min(1, "At least 1.").max(365, "At most 365.");
    case "date":
      return z
        .string()
        .trim()
        .optional()
        .transform((v) => v || undefined)
        .pipe(z.iso.date("Enter a date, e.g. 2026-03-01.").optional());
    case "select":
      return z.enum(f.options as unknown as [string, ...string[]], `Choose the ${f.label.toLowerCase()}.`);
  }
}

/** A slug: lower-case letters, digits and hyphens, as in the public addresses. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The slug made from a title: lower case, each run of other characters one hyphen. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(80, "Keep the address under 80 characters.")
  .optional()
  .refine((v) => !v || SLUG_PATTERN.test(v), "Use lower-case letters, digits and single hyphens, e.g. vfd-fault-guide.");

export interface EntryInput {
  title: string;
  slug: string;
  summary: string;
  body: string;
  /** The kind's own fields as typed (merged with the stored data on save). */
  fields: Record<string, unknown>;
}

type Typed = { title: string; slug?: string; summary: string; body: string };

/** The record form of a kind: title, slug (made from the title when left empty), summary, body, its fields. */
export function entrySchema(kind: CmsKind) {
  return entryObject(kind, {});
}

/** The record page's form: the same fields, on the version the page was drawn from. */
export function editEntrySchema(kind: CmsKind) {
  return entryObject(kind, { version });
}

function entryObject(kind: CmsKind, extra: Record<string, z.ZodType>) {
  const info = CMS_KIND_INFO[kind];
  const own: Record<string, z.ZodType> = Object.fromEntries(KIND_FIELDS[kind].map((f) => [fieldName(f.name), fieldSchema(f)]));
  return z
    .object({
      title: requiredText(`Enter the ${info.title.toLowerCase()}.`, 200),
      slug: slugField,
      summary: kind === "faq" ? optionalText(600).transform((v) => v ?? "") : requiredText("Write a sentence or two: it is the page's description.", 600),
      body: kind === "faq" ? requiredText("Write the answer.", 50_000) : optionalText(50_000).transform((v) => v ?? ""),
      ...own,
      ...extra,
    })
    .superRefine((raw, ctx) => {
      const v = raw as unknown as Typed;
      if (!v.slug && !slugOf(v.title)) ctx.addIssue({ code: "custom", path: ["slug"], message: "Give it an address: the title has no letters or digits to make one from." });
    })
    .transform((raw): EntryInput & { version: number } => {
      const v = raw as unknown as Typed;
      const values = raw as Record<string, unknown>;
      return {
        version: Number(values.version ?? 0),
        title: v.title,
        slug: v.slug || slugOf(v.title),
        summary: v.summary,
        body: v.body,
        fields: Object.fromEntries(KIND_FIELDS[kind].map((f) => [f.name, values[fieldName(f.name)]])),
      };
    });
}


/** A time typed in India's time (datetime-local), as an instant. */
const indiaTime = z
  .string("Choose the date and time to publish it.")
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Choose the date and time to publish it.")
  .transform((v, ctx) => {
    const at = new Date(`${v}:00+05:30`);
    if (Number.isNaN(at.getTime())) {
      ctx.addIssue({ code: "custom", message: "Choose the date and time to publish it." });
      return z.NEVER;
    }
    return at;
  });

export const CMS_STATE_INTENTS = ["publish", "unpublish", "unschedule"] as const;
export type CmsStateIntent = (typeof CMS_STATE_INTENTS)[number];
export const stateSchema = z.object({ intent: z.enum(CMS_STATE_INTENTS), version });
export const scheduleSchema = z.object({ intent: z.literal("schedule"), version, publishAt: indiaTime });
export const restoreSchema = z.object({ intent: z.literal("restore"), version, revision: z.coerce.number().int().min(1) });

export const CMS_INTENTS = ["save", "preview", "schedule", "restore", ...CMS_STATE_INTENTS] as const;
export function isCmsIntent(v: unknown): v is (typeof CMS_INTENTS)[number] {
  return (CMS_INTENTS as readonly unknown[]).includes(v);
}

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export const CMS_FILTERS = [
  { value: "all", label: "All" },
  { value: "published", label: "Published" },
  { value: "scheduled", label: "Scheduled" },
  { value: "draft", label: "Drafts" },
] as const;
export type CmsFilter = (typeof CMS_FILTERS)[number]["value"];

export const cmsListSchema = z.object({
  show: z.enum(CMS_FILTERS.map((f) => f.value)).default("all"),
  kind: z.enum(CMS_KINDS).optional().catch(undefined),
  /** Part of a title or slug. */
  q: z.string().trim().min(1).max(100).optional(),
});
export type CmsListFilters = z.output<typeof cmsListSchema>;


/**
 * The content screen's legal-text and image forms (/admin/cms/legal/{slug}, /admin/cms/images): one schema per
 * form, shared by the server (parseForm) and the browser.
 */

export const STALE_LEGAL_MESSAGE =
  "Someone else published a new version of this text while you were looking at it. Your text is kept below: reload the page in another tab to see theirs, then publish again.";
export const STALE_IMAGE_MESSAGE = changedMeanwhile("image");

// `version` above is also the version a legal-text form was drawn on: the number of the text's current version.

/** Publish a new version of a legal text: its whole text, as it will read from today. */
export const publishLegalSchema = z.object({
  intent: z.literal("publish"),
  version,
  title: requiredText("Give the page's title, e.g. Privacy Notice.", 120),
  summary: requiredText("Give one or two sentences for the page's header and search results.", 160),
  body: requiredText("Write the text: the whole text, as it reads from today.", 100_000),
  /** What changed, for the log (optional). */
  note: z
    .string()
    .trim()
    .max(300, "Please keep this under 300 characters.")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type PublishLegalInput = z.output<typeof publishLegalSchema>;

/** Upload one image: the file is read by the server (app/.server/uploads); the alt text is required. */
export const uploadImageSchema = z.object({
  intent: z.literal("upload"),
  alt: requiredText("Describe the image for people who cannot see it (alt text), e.g. “VFD control board with burnt capacitor”.", 250),
});

export const deleteImageSchema = z.object({ intent: z.literal("delete"), id: z.coerce.number("Reload the page and try again.").int().min(1), version });
