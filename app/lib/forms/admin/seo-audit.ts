import { z } from "zod";

/** Every kind of finding of the SEO audit, with the words the screen shows for it (in this order). */
export const FINDING_KINDS = {
  status: "Does not answer 200",
  "title-missing": "No title",
  "title-length": "Title too long or too short",
  "title-duplicate": "Title used on another page too",
  "description-missing": "No meta description",
  "description-length": "Description too long or too short",
  "description-duplicate": "Description used on another page too",
  "canonical-missing": "No canonical link",
  "canonical-relative": "Canonical link not absolute",
  "canonical-elsewhere": "Canonical link points at another address",
  "jsonld-missing": "No structured data (JSON-LD)",
  "jsonld-invalid": "Structured data that does not parse",
  "jsonld-property": "Structured data missing a required property",
  "broken-link": "Broken internal link",
  "image-alt": "Image without alt text",
  heavy: "Heavy page",
} as const;
export type FindingKind = keyof typeof FINDING_KINDS;
export const FINDING_KIND_NAMES = Object.keys(FINDING_KINDS) as [FindingKind, ...FindingKind[]];

/** Search results show about this many characters of a title, and of a description (Google's snippet). */
export const TITLE_LENGTH = { min: 15, max: 60 } as const;
export const DESCRIPTION_LENGTH = { min: 50, max: 160 } as const;

/** A size as the audit shows it: "42 KB". */
export function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-IN")} KB`;
}

/** The screen's address: which run (default: the latest finished one) and which kind of finding. */
export const seoAuditListSchema = z.object({
  run: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  kind: z.enum([...FINDING_KIND_NAMES, "all"]).default("all"),
});
export type SeoAuditListFilters = z.output<typeof seoAuditListSchema>;

/** "Run audit now": nothing to fill in. */
export const runAuditSchema = z.object({});
