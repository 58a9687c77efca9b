import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { tsvector } from "./tsvector.ts";

/**
 * The settings the whole site reads (identity, business details, claims, promises, charges).
 * One row per group; each group's value is validated by its Zod schema in ~/.server/settings.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The public website's content: services, articles, pages, FAQs, fault-code tables, courses, openings,
 * places, products, projects. One table, because every kind has the same editorial life (seeded, edited in
 * the back office, searched); each kind's own fields live in `data`, validated by the kind's Zod schema in
 * ~/.server/content. Bodies are Markdown.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull().default(""),
    data: jsonb("data").notNull().default({}),
    position: integer("position").notNull().default(0),
    publishedOn: text("published_on"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Weighted full-text document: title, then summary, then body and the searchable text of `data`. */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', coalesce("summary", '')), 'B') || setweight(to_tsvector('english', coalesce("body", '')), 'C') || setweight(jsonb_to_tsvector('english', "data", '["string"]'), 'D')`,
      ),
  },
  (t) => [
    uniqueIndex("content_entries_kind_slug").on(t.kind, t.slug),
    index("content_entries_kind_position").on(t.kind, t.position),
    index("content_entries_search").using("gin", t.search),
  ],
);
