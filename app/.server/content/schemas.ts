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
  /** Set in /admin/services. The SAC code its quote and invoice lines take. */
  sac: z.string().optional(),
  /** The indicative price band the quotes' reference band reads; without one, the category's (settings). */
  band: z.object({ minPaise: z.number().int().min(0), maxPaise: z.number().int().min(0) }).optional(),
  /** Hidden: off the home catalogue, the services pages, the search and the sitemap; its page answers 404. */
  shown: z.boolean().default(true),
  /** The place slugs it is offered in; none: every place we serve. */
  cities: z.array(z.string()).default([]),
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

export type ContentKind =
  | "service"
  | "article"
  | "page"
  | "faq"
  | "career"
  | "course"
  | "product"
  | "project"
  | "case-study"
  | "future-service"
  | "place"
  | "fault-table"
  | "city-service";

const text = z.string();
const texts = z.array(z.string());

/** Standalone pages: about, certifications, investors, power electronics and the legal pages. */
export const pageData = z.object({
  /** Legal pages: the text's version (consent records store the privacy notice's). */
  version: text.optional(),
  standard: text.optional(),
  values: z.array(z.object({ title: text, description: text })).optional(),
  industries: texts.optional(),
});
export const faqData = z.object({ group: text });
export const careerData = z.object({
  location: text,
  type: text,
  experience: text,
  responsibilities: texts,
  requirements: texts,
});
export const courseData = z.object({
  durationDays: z.number(),
  mode: text,
  audience: text,
  prerequisites: text,
  syllabus: texts,
  outcomes: texts,
});
export const productData = z.object({ brands: texts, notes: texts });
export const projectData = z.object({ industry: text, location: text, scope: texts, systems: texts, outcome: text });
export const caseStudyData = z.object({ industry: text, location: text, challenge: text, approach: text, result: text });
export const futureServiceData = z.object({ status: text });
export const placeData = z.object({
  state: text,
  region: z.enum(["Hyderabad industrial belt", "Telangana", "Andhra Pradesh", "Major industrial hub"]),
  industrialAreas: texts,
  industries: texts,
  response: text,
  travel: text,
});
export const faultTableData = z.object({
  brand: text,
  series: text,
  source: text,
  codes: z.array(z.object({ code: text, name: text, causes: text, remedy: text })),
  /** On /technical-data, in the chat assistant and the site search; false: staff and technicians only. */
  public: z.boolean().default(true),
});
/** How one service is delivered in each region, for the {city}/{service} pages. */
export const cityServiceData = z.object({ servicePath: text, angles: z.record(text, text) });

/** Every kind of content entry and the schema of its `data`. */
export const kindSchemas = {
  service: serviceData,
  article: articleData,
  page: pageData,
  faq: faqData,
  career: careerData,
  course: courseData,
  product: productData,
  project: projectData,
  "case-study": caseStudyData,
  "future-service": futureServiceData,
  place: placeData,
  "fault-table": faultTableData,
  "city-service": cityServiceData,
} as const;
export type KindData<K extends ContentKind> = z.infer<(typeof kindSchemas)[K]>;
