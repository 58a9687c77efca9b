import fs from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { sql } from "drizzle-orm";
import { HtmlValidate } from "html-validate";
import { expect, it } from "vitest";
import { readDatabaseDashboard } from "~/.server/database/index.ts";
import { backups, outbox } from "~/.server/db/schema.ts";
import DatabasePage, { loader } from "~/routes/admin/database/route.tsx";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs } from "../support/staff-routes.ts";

/**
 * The database dashboard (/database, issue 19 §9) on both engines: the engine and its size, every table with
 * its size, index usage, the migrations against the folder shipped, and the job queue's figures against
 * rows put in the outbox. Its refusals (owner only, never on the public host) are in admin-refusals.test.ts.
 */
const SHIPPED = fs.readdirSync(path.resolve(import.meta.dirname, "../../drizzle")).filter((f) => f.endsWith(".sql")).sort();
const HOUR = 3_600_000;

describeEachEngine("the database dashboard", (database, engine) => {
  it("names the engine and its version, and the database's size", async () => {
    const d = await readDatabaseDashboard();
    expect(d.engine.engine).toBe(engine);
    expect(d.engine.serverVersion).toMatch(/^\d+(\.\d+)?/);
    expect(d.engine.label).toMatch(engine === "pglite" ? /^PGlite \d[\w.]* \(PostgreSQL \d+(\.\d+)?, embedded\)$/ : /^PostgreSQL \d+(\.\d+)?/);
    expect(d.engine.sizeBytes).toBeGreaterThan(1_000_000);
    expect(d.engine.size).toMatch(/\d+ (bytes|kB|MB|GB)$/);
  });

  it("counts the migrations applied against those shipped in drizzle/, and names the last", async () => {
    const { migrations } = await readDatabaseDashboard();
    expect(migrations.applied).toBe(SHIPPED.length);
    expect(migrations.shipped).toBe(SHIPPED.length);
    expect(migrations.pending).toEqual([]);
    expect(migrations.unknown).toBe(0);
    expect(migrations.changed).toEqual([]);
    expect(migrations.last?.name).toBe(SHIPPED.at(-1)!.replace(/\.sql$/, ""));
    expect(migrations.last?.writtenAt).toMatch(/\d{4}, \d{1,2}:\d{2}/);

    // A migration the code ships that the database has not had yet shows as pending.
    const { db } = database().handle;
    type Rows<T> = { rows: T[] };
    const saved = ((await db.execute(sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as Rows<{ id: unknown; hash: string; created_at: string }>).rows[0]!;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${saved.id}`);
    try {
      const behind = (await readDatabaseDashboard()).migrations;
      expect(behind.applied).toBe(SHIPPED.length - 1);
      expect(behind.pending).toEqual([SHIPPED.at(-1)!.replace(/\.sql$/, "")]);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${saved.hash}, ${saved.created_at}::bigint)`);
    }

    // One applied by a newer version of the code, and one whose shipped file was edited after it ran.
    await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${saved.created_at}::bigint + 1)`);
    await db.execute(sql`update drizzle.__drizzle_migrations set hash = 'edited' where created_at = ${saved.created_at}::bigint`);
    try {
      const odd = (await readDatabaseDashboard()).migrations;
      expect(odd).toMatchObject({ applied: SHIPPED.length + 1, unknown: 1, pending: [], changed: [SHIPPED.at(-1)!.replace(/\.sql$/, "")] });
      expect(odd.last?.name).toBe("(not shipped with this version)");
    } finally {
      await db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'newer'`);
      await db.execute(sql`update drizzle.__drizzle_migrations set hash = ${saved.hash} where created_at = ${saved.created_at}::bigint`);
    }
    expect((await readDatabaseDashboard()).migrations).toMatchObject({ applied: SHIPPED.length, unknown: 0, changed: [], pending: [] });
  });

  it("lists every table with its size and estimated rows, largest first, and every index with its scans", async () => {
    const { db } = database().handle;
    await db.delete(outbox);
    const now = Date.now();
    const row = (n: number, values: Partial<typeof outbox.$inferInsert>) => ({
      channel: "job" as const,
      recipient: "test-job",
      body: "",
      template: "test-job",
      dedupeKey: `dashboard-${n}`,
      ...values,
    });
    await db.insert(outbox).values([
      row(1, { template: "response-escalation", nextAttemptAt: new Date(now - 3 * HOUR), attempts: 2 }),
      row(2, { nextAttemptAt: new Date(now - HOUR) }),
      row(3, { nextAttemptAt: new Date(now + 24 * HOUR) }),
      row(4, { channel: "sms", recipient: "+919848012345", body: "Hello", template: "1107000000000000001", status: "failed", attempts: 12 }),
      row(5, { channel: "email", recipient: "a@example.com", subject: "Your quote", body: "Hi", template: "quote", status: "sending", nextAttemptAt: new Date(now - 60_000) }),
      row(6, { channel: "email", recipient: "b@example.com", subject: "Sent already", body: "Hi", template: "quote", status: "sent", nextAttemptAt: new Date(now - 5 * HOUR) }),
      row(7, { channel: "sms", recipient: "+919848012346", body: "Hi", template: "1107000000000000002", nextAttemptAt: new Date(now - 2 * HOUR) }),
    ]);
    await db.execute(sql`analyze outbox`);
    await db.execute(sql`create index dashboard_test_unused on outbox (body)`);

    const d = await readDatabaseDashboard({ unusedIndexMinBytes: 1 });
    const names = d.tables.map((t) => t.name);
    for (const table of ["outbox", "customers", "service_requests", "audit_log", "drizzle.__drizzle_migrations"]) expect(names, table).toContain(table);
    expect(d.tables.every((t) => t.totalBytes > 0 && /\d/.test(t.total) && /\d/.test(t.data) && /\d/.test(t.indexes))).toBe(true);
    expect(d.tables.map((t) => t.totalBytes)).toEqual([...d.tables.map((t) => t.totalBytes)].sort((a, b) => b - a));
    expect(d.tables.find((t) => t.name === "outbox")?.rows).toBe(7);

    const due = d.indexes.find((i) => i.name === "outbox_due");
    expect(due).toMatchObject({ table: "outbox", enforces: false });
    expect(d.indexes.find((i) => i.name === "outbox_pkey")).toMatchObject({ table: "outbox", enforces: true, unusedLarge: false });
    expect(d.indexes.find((i) => i.name === "dashboard_test_unused")).toMatchObject({ scans: 0, unusedLarge: true });
    // At the real threshold (1 MB) an index of a few pages is not flagged.
    expect((await readDatabaseDashboard()).indexes.find((i) => i.name === "dashboard_test_unused")?.unusedLarge).toBe(false);
    await db.execute(sql`drop index dashboard_test_unused`);

    // The queue: what is due and not taken, what is booked for later, held, failed; sent rows are not counted.
    const byKind = Object.fromEntries(d.queue.rows.map((r) => [r.kind, r]));
    expect(byKind.job).toMatchObject({ label: "Scheduled jobs", waiting: 2, scheduled: 1, sending: 0, failed: 0 });
    expect(byKind.sms).toMatchObject({ waiting: 1, scheduled: 0, sending: 0, failed: 1 });
    expect(byKind.email).toMatchObject({ waiting: 0, scheduled: 0, sending: 1, failed: 0, oldestWaitingSince: null });
    expect(byKind.job?.oldestWaitingSince).toMatch(/\d{4}, \d{1,2}:\d{2}/);
    expect(d.queue.totals).toEqual({ waiting: 3, scheduled: 1, sending: 1, failed: 1 });
    expect(d.queue.oldest).toMatchObject({ kind: "Job", what: "response-escalation", attempts: 2 });

    await db.delete(outbox);
    const empty = (await readDatabaseDashboard()).queue;
    expect(empty.totals).toEqual({ waiting: 0, scheduled: 0, sending: 0, failed: 0 });
    expect(empty.oldest).toBeNull();
  });

  it(engine === "postgres" ? "shows PostgreSQL's connections, and says plainly whether pg_stat_statements is there" : "has no connections or statement timings on PGlite, and says so", async () => {
    const d = await readDatabaseDashboard();
    if (engine === "pglite") {
      expect(d.connections).toBeNull();
      expect(d.statements).toEqual({ state: "embedded" });
      return;
    }
    expect(d.connections?.maxConnections).toBeGreaterThan(0);
    expect(d.connections?.serverTotal).toBeGreaterThanOrEqual(1);
    expect(d.connections?.byState.reduce((s, c) => s + c.count, 0)).toBeGreaterThanOrEqual(1);
    expect(d.connections?.byState.map((c) => c.state)).toContain("Running a query");

    const { db } = database().handle;
    if (d.statements.state === "not-installed" && d.statements.available) {
      // Installed without the server loading it at start: the dashboard says so instead of failing.
      await db.execute(sql`create extension pg_stat_statements`);
      try {
        const after = (await readDatabaseDashboard()).statements;
        expect(["not-loaded", "ready"]).toContain(after.state);
        if (after.state === "not-loaded") expect(after.reason).toMatch(/shared_preload_libraries/);
      } finally {
        await db.execute(sql`drop extension pg_stat_statements`);
      }
    } else {
      expect(["not-installed", "ready"]).toContain(d.statements.state);
    }
  });

  it("draws the page for the owner as valid HTML, every table with its caption and headers", async () => {
    const loaderData = await loader(routeArgs("/database", { staff: asStaff("owner") }));
    const Stub = createRoutesStub([{ id: "database", path: "/database", Component: () => createElement(DatabasePage, { loaderData } as never) }]);
    const html = renderToStaticMarkup(createElement(Stub, { initialEntries: ["/database"], hydrationData: { loaderData: { database: loaderData } } }));
    expect(html).toContain("<h1");
    expect(html).toContain(loaderData.engine.label);
    expect(html).toContain(engine === "pglite" ? "Not recorded on PGlite" : "pg_stat_statements");
    const tables = html.match(/<table/g)?.length ?? 0;
    expect(tables).toBeGreaterThanOrEqual(engine === "pglite" ? 3 : 4);
    expect(html.match(/<caption/g)?.length).toBe(tables);
    // Each table scrolls sideways inside its own named, focusable region (390 px wide screens).
    expect(html.match(/role="region"[^>]*tabindex="0"|tabindex="0"[^>]*role="region"/g)?.length).toBe(tables);
    const report = await new HtmlValidate({ extends: ["html-validate:standard"], rules: { "void-style": "off" } }).validateString(
      `<!doctype html><html lang="en"><head><title>Database</title></head><body><main>${html}</main></body></html>`,
    );
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
  });

  it("says when there is no backup, and when the last one was restored in a test and matched", async () => {
    const draw = async () => {
      const loaderData = await loader(routeArgs("/database", { staff: asStaff("owner") }));
      const Stub = createRoutesStub([{ id: "database", path: "/database", Component: () => createElement(DatabasePage, { loaderData } as never) }]);
      return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/database"], hydrationData: { loaderData: { database: loaderData } } }));
    };
    const db = database().handle.db;
    await db.delete(backups);
    expect(await draw()).toContain("No backup yet: one disk failure would lose every record.");
    const at = new Date("2026-12-05T21:00:00Z");
    await db.insert(backups).values({
      fileName: "backup-test.tar.gz",
      createdAt: at,
      trigger: "scheduled",
      jobKey: `test-${Date.now()}`,
      engine,
      schemaVersion: "0022_backups",
      sizeBytes: 1_000,
      sha256: "0".repeat(64),
      totalRows: 12_345,
      uploadFiles: 0,
      durationMs: 900,
      testRestoredAt: new Date(at.getTime() + 600_000),
      testRestoreMatched: true,
    });
    const html = await draw();
    expect(html).toContain("(nightly), 12,345 rows.");
    expect(html).toContain(": every table matched.");
    await db.delete(backups);
  });
});
