import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "~/.server/db/index.ts";
import {
  clearContentCache,
  findServiceByPath,
  listArticles,
  listEntries,
  listServices,
  seedContent,
} from "~/.server/content/index.ts";
import { seedEntries } from "~/.server/content/seed.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/test-databases.ts";

describe.each(engines)("content on %s", (engine) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(engine);
    setDatabase(testDb.handle);
  });
  afterAll(async () => {
    await testDb?.destroy();
    setDatabase(undefined);
  });

  it("seeds every entry once; a second seed adds nothing and keeps edits", async () => {
    const expected = seedEntries().length;
    expect(await seedContent(testDb.handle.db)).toBe(expected);
    await testDb.handle.db.execute(sql`update content_entries set title = 'VFD Repair (edited)' where kind = 'service' and slug = 'vfd-repair'`);
    expect(await seedContent(testDb.handle.db)).toBe(0);
    clearContentCache();
    expect((await findServiceByPath("/services/vfd-repair"))?.name).toBe("VFD Repair (edited)");
  });

  it("serves about 65 services, each at one canonical address, and finds them by any of their paths", async () => {
    const services = await listServices();
    expect(services.length).toBeGreaterThanOrEqual(60);
    expect((await findServiceByPath("/services/vfd-drive-repair"))?.canonicalPath).toBe("/services/vfd-repair");
    expect((await findServiceByPath("/service/plc-repair--programming"))?.canonicalPath).toBe("/services/plc-repair");
    expect((await findServiceByPath("/service/mcc-panels"))?.canonicalPath).toBe("/service/mcc-panels");
    expect(await findServiceByPath("/services/nothing")).toBeUndefined();
  });

  it("gives every kind its typed fields, and articles newest first", async () => {
    const articles = await listArticles();
    expect(articles).toHaveLength(10);
    expect(articles.map((a) => a.publishedOn)).toEqual(articles.map((a) => a.publishedOn).sort().reverse());
    const tables = await listEntries("fault-table");
    expect(tables.map((t) => t.data.brand)).toContain("Siemens");
    expect(tables.every((t) => t.data.codes.length >= 10)).toBe(true);
    expect((await listEntries("place")).find((p) => p.slug === "hyderabad")?.data.region).toBe("Hyderabad industrial belt");
    expect((await listEntries("page")).map((p) => p.slug)).toEqual(
      expect.arrayContaining(["about", "privacy", "terms", "return-policy", "certifications", "investors", "power-electronics"]),
    );
  });

  it("finds content by full-text search, fault codes included", async () => {
    const rows = (await testDb.handle.db.execute(
      sql`select kind, slug from content_entries where search @@ websearch_to_tsquery('english', 'overcurrent IGBT') order by ts_rank(search, websearch_to_tsquery('english', 'overcurrent IGBT')) desc limit 20`,
    )) as unknown as { rows: Array<{ kind: string; slug: string }> };
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.map((r) => r.kind)).toContain("fault-table");
  });
});
