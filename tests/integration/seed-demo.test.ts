import { count, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { auditLog, benchJobs, customers, products, requestEvents, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { seedDemo } from "~/.server/demo/seed-demo.ts";
import { seedSettings } from "~/.server/settings/index.ts";
import type { BenchStage } from "~/lib/bench/stages.ts";
import { REQUEST_STATUSES } from "~/lib/requests/status.ts";
import { describeEachEngine } from "../support/test-databases.ts";

describeEachEngine("seed:demo", (database) => {
  const db = () => database().handle.db;
  beforeAll(async () => {
    await seedSettings(db(), "http://localhost:3000");
    await seedContent(db());
    clearContentCache();
    process.env.STORAGE_DIR ??= database().location;
  });

  it("loads a month of work in every state, with staff in each role, technicians, customers with plants and units, the workshop and the audit log; once only", async () => {
    const summary = await seedDemo(new Date("2026-11-24T06:00:00Z"));
    expect(summary.requests).toBe(90);
    const statuses = await db().select({ status: serviceRequests.status, n: count() }).from(serviceRequests).groupBy(serviceRequests.status);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(REQUEST_STATUSES.map((s) => s.value)));
    const staff = await db().select({ role: users.staffRole }).from(users).where(sql`'admin' = any(${users.roles})`);
    expect(new Set(staff.map((s) => s.role))).toEqual(new Set(["owner", "office", "accounts"]));
    const [approved] = await db().select({ n: count() }).from(technicianProfiles).where(eq(technicianProfiles.status, "approved"));
    expect(approved!.n).toBeGreaterThanOrEqual(5);
    // Every request has a reference of its month, unique; every non-new request has its first call logged.
    const rows = await db().select().from(serviceRequests);
    expect(new Set(rows.map((r) => r.reference)).size).toBe(90);
    for (const r of rows) {
      expect(r.reference).toMatch(/^SR-\d{4}-\d{4}$/);
      if (r.status !== "new") expect(r.firstContactAt).not.toBeNull();
      if (r.visitStart && r.assignedAt) expect(r.visitStart.getTime()).toBeGreaterThan(r.assignedAt.getTime());
    }
    const [events] = await db().select({ n: count() }).from(requestEvents);
    const [audits] = await db().select({ n: count() }).from(auditLog);
    expect(events!.n).toBeGreaterThan(200);
    expect(audits!.n).toBeGreaterThan(50);
    // Today's visits exist for the dashboard.
    const today = rows.filter((r) => r.visitStart && r.visitStart.toISOString().slice(0, 10) === "2026-11-24");
    expect(today.length).toBeGreaterThanOrEqual(1);
    // Every request belongs to a customer, who has plants and equipment; the workshop has units at every step.
    expect(rows.every((r) => r.customerId !== null)).toBe(true);
    const [customerCount] = await db().select({ n: count() }).from(customers);
    expect(summary.customers.customers).toBe(customerCount!.n);
    expect(summary.customers.sites).toBeGreaterThanOrEqual(summary.customers.customers);
    expect(summary.customers.units).toBeGreaterThan(summary.customers.sites);
    const stages = await db().select({ stage: benchJobs.stage }).from(benchJobs);
    expect(stages.length).toBe(summary.bench.jobs);
    // From just received to returned (and so under warranty): the board has something in each part.
    const seen = new Set(stages.map((s) => s.stage));
    for (const stage of ["received", "diagnosis", "testing", "ready", "returned"] satisfies BenchStage[]) expect(seen).toContain(stage);
    const [repeat] = await db().select({ n: count() }).from(benchJobs).where(isNotNull(benchJobs.warrantyRepeatOfId));
    expect(repeat!.n).toBeGreaterThanOrEqual(1);
    // The products list that quotes and parts price from.
    const [productCount] = await db().select({ n: count() }).from(products);
    expect(summary.products).toBe(productCount!.n);
    expect(summary.products).toBeGreaterThanOrEqual(20);
    await expect(seedDemo()).rejects.toThrow(/already loaded/);
  });
});
