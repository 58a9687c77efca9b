import { spawn } from "node:child_process";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { afterCommit, applyMigrations, bulkInsert, setDatabase } from "~/.server/db/index.ts";
import { outbox, siteSettings } from "~/.server/db/schema.ts";
import { clearSettingsCache, getSiteSettings, seedSettings, updateSettingsGroup } from "~/.server/settings/index.ts";
import { allSettingsGroupSchemas } from "~/lib/settings-schema.ts";
import { createEmptyDatabase, createTestDatabase, engines, openAt, type TestDatabase } from "../support/test-databases.ts";

describe.each(engines)("data layer on %s", (engine) => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase(engine, { fromScratch: true });
    setDatabase(testDb.handle);
  });
  afterAll(async () => {
    await testDb?.destroy();
    setDatabase(undefined);
  });

  it("applies the committed migrations, and applying them again changes nothing", async () => {
    await applyMigrations(testDb.handle);
    const tables = (await testDb.handle.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    )) as unknown as { rows: Array<{ table_name: string }> };
    expect(tables.rows.map((r) => r.table_name)).toContain("site_settings");
  });

  it("reading through the shared handle inside a transaction fails at once, and the database stays usable", async () => {
    await seedSettings(testDb.handle.db, "https://www.example.com");
    await getSiteSettings(); // cached: the mistake must show even when no query would be made
    const attempt = testDb.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await getSiteSettings();
    });
    await expect(attempt).rejects.toThrow(/inside a transaction: query through the transaction's tx/);
    // On PGlite the same mistake used to leave the transaction waiting for itself, and every later query behind it.
    const after = (await testDb.handle.db.execute(sql`select 2 as n`)) as unknown as { rows: Array<{ n: number }> };
    expect(after.rows[0]?.n).toBe(2);
    // A timer started inside a transaction does not carry the restriction once it has ended.
    let later: Promise<unknown> | undefined;
    await testDb.handle.db.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 10)).then(() => getSiteSettings());
    });
    await expect(later).resolves.toBeDefined();
  });

  it("bulk-inserts rows as one JSON parameter: every value back as it went in, a conflicting one skipped", async () => {
    const hostile = [
      `'; drop table outbox; --`,
      `"quoted", {braced}, back\\slash \\" and a\nnew line\ttab`,
      "NULL",
      "",
      "Unicode: ₹ 4,500 — తెలుగు 🙂",
      "\u0001 control",
    ];
    // Half of a surrogate pair (a string cut in the middle of an emoji) is stored as U+FFFD, as a text
    // parameter's UTF-8 encoding stores it.
    const halfEmoji = "👷".slice(0, 1);
    const rows = hostile.map((text, i) => ({
      channel: "sms" as const,
      recipient: "+919876543210",
      subject: i % 2 ? null : text,
      body: text,
      template: "bulk-test",
      variables: { text, n: i, nested: { list: [text, null] } },
      dedupeKey: `bulk:${i}`,
      nextAttemptAt: new Date(Date.UTC(2026, 10, 22, 9, 30, i, 123)),
    }));
    const inserted = await bulkInsert(testDb.handle.db, outbox, [...rows, { ...rows[0]!, body: "a second copy" }], {
      computed: { status: sql`'sent'` },
      onConflictDoNothing: outbox.dedupeKey,
      returning: { id: outbox.id, dedupeKey: outbox.dedupeKey, nextAttemptAt: outbox.nextAttemptAt },
    });
    expect(inserted.map((r) => r.dedupeKey)).toEqual(rows.map((r) => r.dedupeKey));
    expect(inserted[2]!.nextAttemptAt).toEqual(rows[2]!.nextAttemptAt);
    const stored = await testDb.handle.db.select().from(outbox).where(sql`${outbox.template} = 'bulk-test'`).orderBy(outbox.id);
    expect(stored.map((r) => ({ subject: r.subject, body: r.body, variables: r.variables, nextAttemptAt: r.nextAttemptAt }))).toEqual(
      rows.map((r) => ({ subject: r.subject, body: r.body, variables: r.variables, nextAttemptAt: r.nextAttemptAt })),
    );
    // Columns not given keep their defaults; the computed one is set.
    expect(stored.every((r) => r.status === "sent" && r.attempts === 0 && r.createdAt instanceof Date)).toBe(true);
    // A half after a backslash is still replaced; a backslash followed by the letters of an escape is text.
    const [half] = await bulkInsert(
      testDb.handle.db,
      outbox,
      [{ ...rows[0]!, body: `name ${halfEmoji}`, variables: { name: halfEmoji, slash: `\\${halfEmoji}`, text: "\\ud800 \\\\ud83d" }, dedupeKey: "bulk:half" }],
      { returning: { body: outbox.body, variables: outbox.variables } },
    );
    expect(half).toEqual({ body: "name \uFFFD", variables: { name: "\uFFFD", slash: "\\\uFFFD", text: "\\ud800 \\\\ud83d" } });
    await testDb.handle.db.delete(outbox);
  });

  it("runs an action after its transaction commits, never before it and never after a rollback", async () => {
    const ran: string[] = [];
    await testDb.handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      afterCommit(() => ran.push("committed"));
      ran.push("inside");
    });
    await expect(
      testDb.handle.db.transaction(async () => {
        afterCommit(() => ran.push("rolled back"));
        throw new Error("fails");
      }),
    ).rejects.toThrow("fails");
    afterCommit(() => ran.push("outside a transaction"));
    expect(ran).toEqual(["inside", "committed", "outside a transaction"]);
  });

  it("seeds the settings on first run with the spec's figures and sample contact details", async () => {
    await seedSettings(testDb.handle.db, "https://www.example.com");
    clearSettingsCache();
    const site = await getSiteSettings();
    expect(site.identity.tagline).toBe("Powering Industrial Excellence");
    expect(site.identity.supportEmail).toMatch(/@example\.com$/);
    expect(site.identity.siteUrl).toBe("https://www.example.com");
    expect(site.claims).toMatchObject({
      foundedYear: 2010,
      yearsExperience: 15,
      happyClients: 500,
      isoCertification: "ISO 9001:2015",
      ratingValue: 4.8,
      ratingBest: 5,
      ratingCount: 2500,
    });
    expect(site.promises).toMatchObject({ responseHoursMin: 2, responseHoursMax: 4, repairHoursMin: 24, repairHoursMax: 48, warrantyMonths: 6 });
    expect(site.business).toMatchObject({ open24x7: true, state: "Telangana", stateCode: "36" });
    expect(site.charges).toEqual([
      { category: "Automation", minRupees: 2500, maxRupees: 15000 },
      { category: "Electrical", minRupees: 1500, maxRupees: 12000 },
      { category: "Mechanical", minRupees: 3000, maxRupees: 25000 },
      { category: "Utility", minRupees: 2000, maxRupees: 18000 },
      { category: "Emergency", minRupees: 5000, maxRupees: 50000 },
    ]);
  });

  it("keeps an admin's edit when the seed runs again on the next start", async () => {
    const site = await getSiteSettings();
    await updateSettingsGroup("identity", { ...site.identity, supportPhone: "+919123456789" });
    await seedSettings(testDb.handle.db, "https://www.example.com");
    expect((await getSiteSettings()).identity.supportPhone).toBe("+919123456789");
    const rows = await testDb.handle.db.select().from(siteSettings);
    expect(rows).toHaveLength(Object.keys(allSettingsGroupSchemas).length);
  });

  it("refuses an invalid edit and leaves the stored value as it was", async () => {
    const before = await getSiteSettings();
    await expect(
      updateSettingsGroup("business", { ...before.business, gstin: "36AAAAA0000A1Z4" }),
    ).rejects.toThrow(/check character/);
    await expect(updateSettingsGroup("identity", { ...before.identity, supportPhone: "12345" })).rejects.toThrow();
    clearSettingsCache();
    expect((await getSiteSettings()).business.gstin).toBe(before.business.gstin);
  });

  it("falls back to the default for a group corrupted by hand, instead of failing every page", async () => {
    await testDb.handle.db.execute(sql`update site_settings set value = '{"nonsense": true}'::jsonb where key = 'claims'`);
    clearSettingsCache();
    const site = await getSiteSettings();
    expect(site.claims.foundedYear).toBe(2010);
  });

  // Every migration from scratch, three or four times at once: a minute's margin beyond the default 30 s,
  // which it outgrew on a loaded machine with a test file per core (vitest.config.ts).
  it("lets several instances migrate one database at the same time (advisory lock)", { timeout: 90_000 }, async () => {
    const empty = await createEmptyDatabase(engine);
    if (engine === "pglite") {
      // One process per PGlite directory: concurrency there is within one handle.
      const handle = await openAt(engine, empty.location);
      await Promise.all([applyMigrations(handle), applyMigrations(handle), applyMigrations(handle)]);
      await handle.close();
    } else {
      // Four separate processes, as four app instances starting together would be.
      const startAt = String(Date.now() + 3000);
      const runs = await Promise.all(
        [1, 2, 3, 4].map(
          () =>
            new Promise<number | null>((resolve) => {
              const child = spawn(process.execPath, ["tests/support/migrate-once.ts", empty.location, startAt], { stdio: "inherit" });
              child.on("exit", resolve);
            }),
        ),
      );
      expect(runs).toEqual([0, 0, 0, 0]);
      const handle = await openAt(engine, empty.location);
      const applied = (await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(Number(applied.rows[0]!.n)).toBe(fs.readdirSync("drizzle").filter((f) => f.endsWith(".sql")).length);
      await handle.close();
    }
    await empty.destroy();
  });
});
