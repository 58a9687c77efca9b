import type { Database } from "~/.server/db/index.ts";
import { contentEntries } from "~/.server/db/schema.ts";
import { serviceSlug } from "~/lib/slug.ts";
import type { ArticleData, ContentKind, ServiceData } from "./schemas.ts";
import { articles } from "./seed/articles.ts";
import { automationServices } from "./seed/services-automation.ts";
import { electricalServices } from "./seed/services-electrical.ts";

type NewEntry = typeof contentEntries.$inferInsert & { kind: ContentKind };

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
  return [...services, ...posts];
}

/**
 * Inserts the seed entries that are missing, on every start: a first run gets the whole site, a later one
 * gets entries added to the seed files since, and an entry edited in the back office is never overwritten.
 */
export async function seedContent(db: Database): Promise<number> {
  const rows = seedEntries();
  const inserted = await db
    .insert(contentEntries)
    .values(rows)
    .onConflictDoNothing({ target: [contentEntries.kind, contentEntries.slug] })
    .returning({ id: contentEntries.id });
  return inserted.length;
}
