import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { readRequests, requestFigures, responseFigures } from "~/.server/analytics/index.ts";
import { analyticsRequestDayState, serviceRequests } from "~/.server/db/schema.ts";
import { addDays, periodOf, type Period } from "~/lib/analytics.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * The analytics' per-day rollups (ADR 070): the figures read from the closed days' rollups plus the open day
 * counted live are exactly the figures counted live from every request, before and after the edits an office
 * makes to old requests (first contact logged late, a duplicate, city, urgency and service changed, the
 * receipt time corrected, a request imported with an old date, one erased), over a month (day bars) and a
 * long period (month bars). And the public form's insert of today's request leaves the rollups alone.
 */
const H = 3_600_000;
const URGENCIES = ["emergency", "within_24h", "planned"] as const;
const CITIES = ["Hyderabad", " hyderabad ", "Pune", null, "Warangal"];
const SERVICES = ["VFD repair", "PLC programming", null];

describeEachEngine("analytics per-day rollups", (database) => {
  const db = () => database().handle.db;
  const now = new Date();
  const today = todayInIndia(now);
  const month = periodOf(addDays(today, -29), today);
  const long = periodOf(addDays(today, -400), today);
  let k = 0;
  const request = (createdAt: Date, over: Partial<typeof serviceRequests.$inferInsert> = {}) => {
    k += 1;
    return {
      reference: `SR-RD-${String(k).padStart(4, "0")}`,
      kind: "full" as const,
      contactName: "Ravi Kumar",
      mobile: "+919876580001",
      faultDescription: "Drive trips on overcurrent",
      urgency: URGENCIES[k % 3]!,
      city: CITIES[k % 5],
      serviceName: SERVICES[k % 3],
      consentVersion: "2026-11",
      consentAt: createdAt,
      idempotencyKey: `rollup-${k}`,
      createdAt,
      // Some never answered, some late, some within the hour; every third with a promise.
      firstContactAt: k % 7 === 0 ? null : new Date(createdAt.getTime() + ((k * 37) % 300) * 60_000 + (k % 11) * 1_001),
      responseDueAt: k % 3 === 0 ? null : new Date(createdAt.getTime() + (k % 2 === 0 ? 2 : 4) * H),
      ...over,
    } satisfies typeof serviceRequests.$inferInsert;
  };
  const rolled = async (p: Period) => {
    const read = readRequests(p);
    return { requests: await requestFigures(p, read), response: await responseFigures(p, read) };
  };
  const live = async (p: Period) => {
    const read = readRequests(p, { rollups: false });
    return { requests: await requestFigures(p, read), response: await responseFigures(p, read) };
  };
  const state = async () => (await db().select().from(analyticsRequestDayState).orderBy(analyticsRequestDayState.day)).map((s) => `${s.day}:${s.changes}:${s.built}`);

  beforeAll(async () => {
    // Every 5 hours over the last 800 days, up to the hour before now: closed days and today's open day.
    const rows = [];
    for (let t = now.getTime() - H; t > now.getTime() - 800 * 24 * H; t -= 5 * H + ((t / H) % 3) * 60_000) rows.push(request(new Date(t)));
    for (let i = 0; i < rows.length; i += 500) await db().insert(serviceRequests).values(rows.slice(i, i + 500));
  });

  it("gives the live figures, and after edits to old requests the new live figures", async () => {
    const first = await rolled(long);
    expect(first).toEqual(await live(long));
    expect(first.requests.total.current).toBeGreaterThan(1_000);
    expect(await rolled(month)).toEqual(await live(month));

    // The office's edits to requests of closed days, as their write paths make them.
    const old = await db().select({ id: serviceRequests.id, createdAt: serviceRequests.createdAt, firstContactAt: serviceRequests.firstContactAt }).from(serviceRequests).orderBy(serviceRequests.createdAt).limit(4000);
    const inMonth = old.filter((r) => r.createdAt.getTime() > now.getTime() - 20 * 24 * H && r.createdAt.getTime() < now.getTime() - 48 * H);
    const waiting = inMonth.find((r) => r.firstContactAt === null)!;
    await db().update(serviceRequests).set({ firstContactAt: new Date(waiting.createdAt.getTime() + 30 * 60_000) }).where(eq(serviceRequests.id, waiting.id));
    await db().update(serviceRequests).set({ duplicateOfId: inMonth[0]!.id }).where(eq(serviceRequests.id, inMonth[1]!.id));
    await db().update(serviceRequests).set({ city: "Secunderabad", urgency: "emergency", serviceName: "Motor rewinding" }).where(eq(serviceRequests.id, inMonth[2]!.id));
    await db().update(serviceRequests).set({ createdAt: new Date(inMonth[3]!.createdAt.getTime() - 3 * 24 * H) }).where(eq(serviceRequests.id, inMonth[3]!.id));
    await db().delete(serviceRequests).where(eq(serviceRequests.id, inMonth[4]!.id));
    await db().insert(serviceRequests).values(request(new Date(now.getTime() - 10 * 24 * H), { city: "Chennai", firstContactAt: new Date(now.getTime() - 10 * 24 * H + 60_000) }));
    // A request a year back, edited too (the long period's previous half).
    await db().update(serviceRequests).set({ firstContactAt: null }).where(eq(serviceRequests.id, old[10]!.id));

    const after = await rolled(month);
    expect(after).toEqual(await live(month));
    expect(after.requests.byCity.find((c) => c.label === "Chennai")?.current).toBe(1);
    expect(after.requests.byCity.find((c) => c.label === "Secunderabad")?.current).toBe(1);
    expect(after.requests.byService.find((c) => c.label === "Motor rewinding")?.current).toBe(1);
    expect(await rolled(long)).toEqual(await live(long));
  });

  it("eight screens building the same missing days at once leave one rollup per day and value, and the live figures", async () => {
    // Every closed day missing, as after the migration on an existing database, and eight owners opening the
    // long period at the same moment: on PostgreSQL they run on eight connections (the advisory lock's case).
    await db().execute(sql`delete from analytics_request_days`);
    await db().execute(sql`delete from analytics_request_day_state`);
    const answers = await Promise.all(Array.from({ length: 8 }, () => rolled(long)));
    const expected = await live(long);
    for (const answer of answers) expect(answer).toEqual(expected);
    const doubled = await db().execute(sql`
      select day, dimension, value, count(*)::int as n from analytics_request_days
       group by day, dimension, value having count(*) > 1 limit 5`);
    expect((doubled as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it("leaves the rollups alone when today's request is submitted", async () => {
    await rolled(month);
    const before = await state();
    // The public form's insert: received now.
    await db().insert(serviceRequests).values(request(new Date(), { firstContactAt: null }));
    await db().update(serviceRequests).set({ city: "Pune" }).where(sql`${serviceRequests.createdAt} > now() - interval '5 minutes'`);
    expect(await state()).toEqual(before);
    const figures = await rolled(month);
    expect(figures).toEqual(await live(month));
    expect(await state()).toEqual(before);
  });
});
