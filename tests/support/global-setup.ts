import pg from "pg";
import type { TestProject } from "vitest/node";
import { makeDatabaseTemplates } from "./database-templates.ts";

/**
 * The data layer must be tested on PostgreSQL in CI: when CI=true, an unset or unreachable
 * TEST_DATABASE_URL fails the run instead of silently testing PGlite only.
 * Then the migrated template databases every test file's database is copied from (database-templates.ts).
 */
export default async function globalSetup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL || undefined;
  if (!url) {
    if (process.env.CI === "true") throw new Error("CI=true but TEST_DATABASE_URL is not set: PostgreSQL tests cannot run");
    console.warn("TEST_DATABASE_URL is not set: data-layer tests run on PGlite only.");
  } else {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query("select 1");
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL (${url}) is unreachable: ${(error as Error).message}`, { cause: error });
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  const { templates, remove } = await makeDatabaseTemplates(url);
  project.provide("databaseTemplates", templates);
  return remove;
}
