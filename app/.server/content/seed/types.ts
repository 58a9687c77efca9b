/**
 * Shapes of the typed seed files the public website's content is loaded from (public-website issue).
 * The seed files hold genuine, technically accurate content; start-up inserts what is missing into the
 * database, where the back office edits it. Long text is Markdown (GitHub flavour: headings from ##,
 * lists, tables, bold, links to site paths).
 */
import type { ServiceCategory } from "~/lib/settings-schema.ts";

export interface FaqSeed {
  question: string;
  /** Markdown, one or two short paragraphs. */
  answer: string;
}

export interface ServiceSeed {
  /** Display name. The /service/{slug} slug is derived from it by the spec's rule. */
  name: string;
  category: ServiceCategory;
  /** One or two sentences for cards and meta descriptions (at most 160 characters). */
  summary: string;
  /** Markdown body of the service page: what it is, how the work is done, what is checked. */
  description: string;
  /** Makes and series covered, e.g. "ABB ACS550/ACS580/ACS880". */
  brands: string[];
  /** Faults handled, in the words a maintenance engineer uses. */
  faults: string[];
  /** What the customer receives (report, test certificate, warranty...). */
  deliverables: string[];
  /** e.g. "24-48 hours in the workshop; on-site visit within 2-4 hours". */
  turnaround: string;
  faqs: FaqSeed[];
  /**
   * /services/{slug} paths that show this service: its fixed page (spec: breakdown, vfd-repair...), the search
   * index's slugs and the footer's. The first one is canonical for the /services/ family.
   */
  servicePaths: string[];
  /** Shown on the home page catalogue and in "featured" lists. */
  featured?: boolean;
}

export interface ArticleSeed {
  slug: string;
  title: string;
  /** At most 160 characters. */
  summary: string;
  /** ISO date, e.g. "2026-03-14". */
  publishedOn: string;
  updatedOn?: string;
  author: string;
  /** "guide" | "checklist" | "case-study" | "troubleshooting" */
  kind: "guide" | "checklist" | "case-study" | "troubleshooting";
  tags: string[];
  /** Markdown body, 900-2000 words, with ## headings and at least one table or checklist where it helps. */
  body: string;
  /** Slugs of catalogue services this article relates to (by ServiceSeed.servicePaths' last segment). */
  relatedServices: string[];
}

export interface FaultCodeSeed {
  /** As shown on the drive's keypad, e.g. "F0001", "2310", "oC", "E.OC1", "ocA". */
  code: string;
  /** Short name as in the manufacturer's manual, e.g. "Overcurrent". */
  name: string;
  /** What usually causes it, in plain words. */
  causes: string;
  /** What a technician checks and does, in order. */
  remedy: string;
}

export interface FaultCodeTableSeed {
  brand: string;
  /** The drive series the codes belong to, e.g. "SINAMICS G120 / MICROMASTER 440". */
  series: string;
  /** Which manual family the codes come from, for the reader to verify. */
  source: string;
  codes: FaultCodeSeed[];
}
