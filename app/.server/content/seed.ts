import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";
import { contentEntries, contentRedirects, trash } from "~/.server/db/schema.ts";
import { seedLegalVersions } from "~/.server/legal/index.ts";
import { faultTableSlug } from "~/lib/forms/admin/technical-library.ts";
import { serviceSlug } from "~/lib/slug.ts";
import { bumpContentVersion } from "./version.ts";
import type { ArticleData, ContentKind, KindData, ServiceData } from "./schemas.ts";
import { articles } from "./seed/articles.ts";
import {
  aboutPage,
  careerOpenings,
  certificationsPage,
  faqs,
  investorsPage,
  legalPages,
  trainingCourses,
} from "./seed/company.ts";
import { faultCodeTables } from "./seed/fault-codes.ts";
import {
  caseStudies,
  cityServiceAngles,
  futureServices,
  places,
  powerElectronics,
  products,
  projects,
} from "./seed/places-and-projects.ts";
import { automationServices } from "./seed/services-automation.ts";
import { electricalServices } from "./seed/services-electrical.ts";

type NewEntry = typeof contentEntries.$inferInsert & { kind: ContentKind };

/** A row of one kind, its `data` typed by the kind's schema. */
function entry<K extends ContentKind>(
  kind: K,
  fields: { slug: string; title: string; summary?: string; body?: string; position: number; publishedOn?: string },
  data: KindData<K>,
): NewEntry {
  return { kind, ...fields, data };
}

/** Where each city-page service's own page is (the seed names them by a short slug). */
const CITY_SERVICE_PATHS: Record<keyof typeof cityServiceAngles, string> = {
  "vfd-repair": "/services/vfd-repair",
  "plc-repair-programming": "/services/plc-repair",
  "servo-drive-repair": "/services/servo-drive",
  "motor-repair-rewinding": "/services/motor-repair",
  "24-7-emergency-breakdown-service": "/services/breakdown",
  "control-panel-fabrication": "/services/control-panel-fabrication",
  "annual-maintenance-contracts": "/services/amc",
  "energy-audit": "/services/energy-audit",
};

/** The seed files as content rows. */
export function seedEntries(): NewEntry[] {
  const services = [...automationServices, ...electricalServices].map((s, position): NewEntry => {
    const data: ServiceData = {
      category: s.category,
      brands: s.brands,
      faults: s.faults,
      deliverables: s.deliverables,
      turnaround: s.turnaround,
      faqs: s.faqs,
      servicePaths: s.servicePaths,
      featured: s.featured ?? false,
      shown: true,
      cities: [],
    };
    return { kind: "service", slug: serviceSlug(s.name), title: s.name, summary: s.summary, body: s.description, data, position };
  });
  const posts = articles.map((a, position): NewEntry => {
    const data: ArticleData = {
      author: a.author,
      articleKind: a.kind,
      tags: a.tags,
      relatedServices: a.relatedServices,
      ...(a.updatedOn ? { updatedOn: a.updatedOn } : {}),
    };
    return { kind: "article", slug: a.slug, title: a.title, summary: a.summary, body: a.body, data, position, publishedOn: a.publishedOn };
  });
  const pages = [
    entry(
      "page",
      {
        slug: "about",
        title: "About Us",
        summary: "Industrial electrical and automation service from Hyderabad since 2010.",
        body: `${aboutPage.intro}\n\n## Our history\n\n${aboutPage.history}\n\n## The workshop\n\n${aboutPage.workshop}`,
        position: 0,
      },
      { values: aboutPage.values, industries: aboutPage.industries },
    ),
    entry(
      "page",
      { slug: "certifications", title: certificationsPage.title, summary: certificationsPage.summary, body: certificationsPage.body, position: 1 },
      { standard: certificationsPage.standard },
    ),
    entry("page", { slug: "investors", title: investorsPage.title, summary: investorsPage.summary, body: investorsPage.body, position: 2 }, {}),
    entry(
      "page",
      {
        slug: "power-electronics",
        title: "Power Electronics Repair",
        summary: "Component-level repair of IGBT, thyristor, gate-driver, SMPS and DC-bus assemblies, tested at load.",
        body: powerElectronics,
        position: 3,
      },
      {},
    ),
    ...legalPages.map((l, i) =>
      entry("page", { slug: l.slug, title: l.title, summary: l.summary, body: l.body, position: 10 + i }, { version: l.version }),
    ),
  ];
  const rest: NewEntry[] = [
    ...faqs.map((f, position) =>
      entry("faq", { slug: `faq-${position + 1}`, title: f.question, body: f.answer, position }, { group: f.group }),
    ),
    ...careerOpenings.map((c, position) =>
      entry(
        "career",
        { slug: c.slug, title: c.title, summary: c.summary, position },
        { location: c.location, type: c.type, experience: c.experience, responsibilities: c.responsibilities, requirements: c.requirements },
      ),
    ),
    ...trainingCourses.map((c, position) =>
      entry(
        "course",
        { slug: c.slug, title: c.title, summary: c.audience, position },
        { durationDays: c.durationDays, mode: c.mode, audience: c.audience, prerequisites: c.prerequisites, syllabus: c.syllabus, outcomes: c.outcomes },
      ),
    ),
    ...products.map((p, position) =>
      entry("product", { slug: p.slug, title: p.name, summary: p.summary, position }, { brands: p.brands, notes: p.notes }),
    ),
    ...projects.map((p, position) =>
      entry(
        "project",
        { slug: p.slug, title: p.title, summary: p.outcome, position },
        { industry: p.industry, location: p.location, scope: p.scope, systems: p.systems, outcome: p.outcome },
      ),
    ),
    ...caseStudies.map((c, position) =>
      entry(
        "case-study",
        { slug: c.slug, title: c.title, summary: c.challenge, body: c.body, position },
        { industry: c.industry, location: c.location, challenge: c.challenge, approach: c.approach, result: c.result },
      ),
    ),
    ...futureServices.map((f, position) =>
      entry("future-service", { slug: f.slug, title: f.title, summary: f.summary, body: f.body, position }, { status: f.status }),
    ),
    ...places.map((p, position) =>
      entry(
        "place",
        { slug: p.slug, title: p.name, summary: p.response, body: p.intro, position },
        { state: p.state, region: p.region, industrialAreas: p.industrialAreas, industries: p.industries, response: p.response, travel: p.travel },
      ),
    ),
    ...faultCodeTables.map((t, position) =>
      entry(
        "fault-table",
        {
          slug: faultTableSlug(t.brand, t.series),
          title: `${t.brand} ${t.series}`,
          // The codes, so that full-text search finds a table by a code typed from a keypad.
          body: t.codes.map((c) => `${c.code} ${c.name}`).join("\n"),
          position,
        },
        { brand: t.brand, series: t.series, source: t.source, codes: t.codes, public: true },
      ),
    ),
    ...Object.entries(cityServiceAngles).map(([slug, angles], position) =>
      entry(
        "city-service",
        { slug, title: slug, position },
        { servicePath: CITY_SERVICE_PATHS[slug as keyof typeof cityServiceAngles], angles },
      ),
    ),
  ];
  return [...services, ...posts, ...pages, ...rest];
}

/**
 * Inserts the seed entries that are missing, on every start: a first run gets the whole site, a later one
 * gets entries added to the seed files since, and an entry edited in the back office is never overwritten.
 * A legal page without versions gets its text as version 1 (app/.server/legal).
 */
export async function seedContent(db: Database): Promise<number> {
  // An entry whose slug was changed in /admin/cms keeps its old one as a redirect, and an entry the office
  // deleted (in the trash, or purged from it: ADR 046) stays deleted: the seed brings neither back.
  const moved = new Set((await db.select({ kind: contentRedirects.kind, slug: contentRedirects.fromSlug }).from(contentRedirects)).map((r) => `${r.kind}:${r.slug}`));
  const deleted = new Set(
    (await db.select({ key: trash.naturalKey }).from(trash).where(and(eq(trash.kind, "content"), isNotNull(trash.naturalKey)))).map((t) => t.key),
  );
  const rows = seedEntries().filter((r) => !moved.has(`${r.kind}:${r.slug}`) && !deleted.has(`${r.kind}/${r.slug}`));
  const inserted =
    rows.length === 0
      ? []
      : await db
          .insert(contentEntries)
          .values(rows)
          .onConflictDoNothing({ target: [contentEntries.kind, contentEntries.slug] })
          .returning({ id: contentEntries.id });
  // The legal pages' texts as their version 1 (consent records point at versions), once.
  await seedLegalVersions(db);
  if (inserted.length > 0) bumpContentVersion();
  return inserted.length;
}
