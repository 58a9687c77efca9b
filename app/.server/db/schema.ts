import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The settings the whole site reads (identity, business details, claims, promises, charges).
 * One row per group; each group's value is validated by its Zod schema in ~/.server/settings.
 */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
