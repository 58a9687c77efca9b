import { z } from "zod";
import { SERVICE_CATEGORIES } from "~/lib/settings-schema.ts";

/** Kind-specific fields of content entries (content_entries.data), one schema per kind. */
const faq = z.object({ question: z.string().min(1), answer: z.string().min(1) });

export const serviceData = z.object({
  category: z.enum(SERVICE_CATEGORIES),
  brands: z.array(z.string()),
  faults: z.array(z.string()),
  deliverables: z.array(z.string()),
  turnaround: z.string(),
  faqs: z.array(faq),
  /** /services/{slug} paths showing this service; the first is canonical. */
  servicePaths: z.array(z.string().regex(/^\/services\/[\w-]+$/)),
  featured: z.boolean().default(false),
});
export type ServiceData = z.infer<typeof serviceData>;

export const articleData = z.object({
  author: z.string(),
  articleKind: z.enum(["guide", "checklist", "case-study", "troubleshooting"]),
  tags: z.array(z.string()),
  relatedServices: z.array(z.string()),
  updatedOn: z.string().optional(),
});
export type ArticleData = z.infer<typeof articleData>;

export const CONTENT_KINDS = ["service", "article"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
