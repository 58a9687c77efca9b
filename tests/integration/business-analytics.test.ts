import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { businessFigures } from "~/.server/analytics/index.ts";
import { staffContext, type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { readConfig, setServerConfig } from "~/.server/config.ts";
import { benchJobs, contracts, customers, equipmentUnits, feedback, invoices, payments, quotes, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { parsePeriod, periodOf } from "~/lib/analytics.ts";
import { STAFF_ROLE_INFO } from "~/lib/auth/permissions.ts";
import { loader, middleware } from "~/routes/admin/analytics/route.tsx";
import { describeEachEngine } from "../support/test-databases.ts";

/**
 * /admin/analytics, the business part (issue 19 §6), on a small known data set: requests counted on their India
 * day (one received at 00:10 India time, still the day before in UTC), response median and p90 against the
 * promise, the funnel (a quote's invoice belongs to the quote's request), revenue less a credit note,
 * collected and outstanding in paise, utilisation over the working hours, ratings, bench turnaround and
 * renewals; each compared with the ten days before; and the figures as CSV.
 */
const APP = "http://localhost:3000";
const NOW = new Date("2026-11-10T06:30:00Z"); // 10 Nov 2026, 12:00 in India
const PERIOD = periodOf("2026-11-01", "2026-11-10"); // previous: 22 to 31 Oct
const ist = (local: string) => new Date(`${local}+05:30`);
const H = 3_600_000;

describeEachEngine("business analytics", (database) => {
  const db = () => database().handle.db;
  let owner: StaffMember;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    setServerConfig(readConfig({}));
    await seedSettings(db(), APP);
    clearSettingsCache();
    const u = await upsertUserWithRole("+919000000511", "admin", db(), "Omkar Owner");
    owner = { userId: u.id, sessionId: 0, name: "Owner", mobile: null, role: "owner", permissions: STAFF_ROLE_INFO.owner.permissions, ipAddress: "203.0.113.7" };

    const [c] = await db().insert(customers).values({ reference: "CU-2611-8001", mobile: "+919876580001", name: "Ravi Kumar", company: "Deccan Pharma" }).returning();
    const [tech] = await db()
      .insert(technicianProfiles)
      .values({
        reference: "TA-2611-8001",
        mobile: "+919000000812",
        name: "Mahesh",
        city: "Hyderabad",
        skills: ["vfd"],
        yearsExperience: 6,
        availability: "full_time",
        idProofType: "aadhaar",
        idProofPath: "x.pdf",
        idProofName: "x.pdf",
        status: "approved",
        consentVersion: "test",
        consentAt: NOW,
      })
      .returning();
    ids.tech = tech!.id;

    let k = 0;
    const request = async (name: string, at: Date, over: Partial<typeof serviceRequests.$inferInsert>) => {
      k += 1;
      const [r] = await db()
        .insert(serviceRequests)
        .values({
          reference: `SR-2611-8${String(k).padStart(3, "0")}`,
          kind: "full",
          contactName: "Ravi Kumar",
          mobile: c!.mobile!,
          faultDescription: "Drive trips on overcurrent",
          urgency: "planned",
          consentVersion: "2026-11",
          consentAt: at,
          idempotencyKey: `analytics-${k}`,
          customerId: c!.id,
          createdAt: at,
          ...over,
        })
        .returning();
      ids[name] = r!.id;
      return r!;
    };
    const contact = (at: Date, hours: number, dueHours: number) => ({ firstContactAt: new Date(at.getTime() + hours * H), responseDueAt: new Date(at.getTime() + dueHours * H) });

    // This period.
    const r1 = ist("2026-11-02T10:00:00");
    await request("r1", r1, { urgency: "emergency", city: "Hyderabad", serviceName: "VFD repair", ...contact(r1, 1, 2), status: "completed", completedAt: ist("2026-11-04T15:00:00"), assignedTechnicianId: tech!.id, labourMinutes: 120 });
    const r2 = ist("2026-11-03T00:10:00"); // 2 Nov in UTC
    await request("r2", r2, { urgency: "within_24h", city: " hyderabad ", serviceName: "VFD repair", ...contact(r2, 3, 4), status: "completed", completedAt: ist("2026-11-05T15:00:00"), assignedTechnicianId: tech!.id, onSiteMinutes: 60 });
    const r3 = ist("2026-11-05T10:00:00");
    await request("r3", r3, { urgency: "planned", city: "Pune", serviceName: "PLC programming", ...contact(r3, 5, 4) });
    const r4 = ist("2026-11-05T12:00:00");
    await request("r4", r4, { urgency: "emergency", responseDueAt: new Date(r4.getTime() + 2 * H) });
    // The previous period.
    const p1 = ist("2026-10-25T10:00:00");
    await request("p1", p1, { urgency: "emergency", city: "Hyderabad", serviceName: "VFD repair", ...contact(p1, 0.5, 2) });
    const p2 = ist("2026-10-31T23:00:00");
    await request("p2", p2, { urgency: "emergency", city: "Pune", serviceName: "VFD repair", ...contact(p2, 2.5, 2) });
    // Outside both: the day before the previous period, and 00:30 on 11 Nov in India (still 10 Nov in UTC).
    await request("before", ist("2026-10-21T10:00:00"), { urgency: "planned", city: "Pune" });
    await request("after", ist("2026-11-11T00:30:00"), { urgency: "planned", city: "Pune" });

    await db()
      .insert(quotes)
      .values([
        { reference: "QT-2611-8001", customerId: c!.id, requestId: ids.r1, status: "approved", title: "Repair", totalPaise: 11_800_00, validUntil: "2026-12-10", sentAt: ist("2026-11-02T15:00:00") },
        { reference: "QT-2611-8002", customerId: c!.id, requestId: ids.r3, status: "draft", title: "Not sent yet", totalPaise: 1_00, validUntil: "2026-12-10" },
        { reference: "QT-2611-8003", customerId: c!.id, requestId: ids.p1, status: "sent", title: "Earlier", totalPaise: 5_00, validUntil: "2026-12-10", sentAt: ist("2026-10-26T10:00:00") },
      ]);
    const [q1] = await db().select({ id: quotes.id }).from(quotes).where(eq(quotes.reference, "QT-2611-8001"));
    const document = (over: Partial<typeof invoices.$inferInsert> & { number: string; serial: number; issueDate: string; taxablePaise: number; totalPaise: number }) =>
      ({
        kind: "invoice" as const,
        financialYear: "2026-27",
        customerId: c!.id,
        dueDate: "2026-11-30",
        supplier: {},
        recipient: {},
        placeOfSupplyCode: "36",
        placeOfSupplyName: "Telangana",
        placeOfSupplyBasis: "recipient-address",
        lines: [],
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 0,
        taxPaise: over.totalPaise - over.taxablePaise,
        amountInWords: "Rupees",
        ...over,
      }) satisfies typeof invoices.$inferInsert;
    const [inv0] = await db()
      .insert(invoices)
      .values(document({ number: "INV/2026-27/8000", serial: 8000, issueDate: "2026-10-25", dueDate: "2026-11-20", taxablePaise: 2_000_00, totalPaise: 2_360_00, paidPaise: 1_000_00, creditedPaise: 1_180_00, status: "partly_paid" }))
      .returning();
    await db()
      .insert(invoices)
      .values([
        // The quote's invoice: no request of its own, yet it is r1's.
        document({ number: "INV/2026-27/8001", serial: 8001, quoteId: q1!.id, issueDate: "2026-11-03", taxablePaise: 10_000_00, totalPaise: 11_800_00, paidPaise: 11_800_00, status: "paid" }),
        document({ number: "INV/2026-27/8002", serial: 8002, requestId: ids.r2, issueDate: "2026-11-04", dueDate: "2026-11-09", taxablePaise: 5_000_00, totalPaise: 5_900_00 }),
        document({ kind: "credit_note", number: "CN/2026-27/8001", serial: 8001, creditOfId: inv0!.id, issueDate: "2026-11-06", taxablePaise: 1_000_00, totalPaise: 1_180_00, status: "paid" }),
      ]);
    await db()
      .insert(payments)
      .values([
        { reference: "RC-2611-8001", customerId: c!.id, method: "upi", amountPaise: 11_800_00, receivedOn: "2026-11-03", instrumentRef: "612345670001" },
        { reference: "RC-2610-8002", customerId: c!.id, method: "cash", amountPaise: 1_000_00, receivedOn: "2026-10-28" },
      ]);
    await db()
      .insert(feedback)
      .values([
        { requestId: ids.r1!, customerId: c!.id, technicianId: tech!.id, rating: 5, ratedAt: ist("2026-11-06T10:00:00") },
        { requestId: ids.r2!, customerId: c!.id, technicianId: tech!.id, rating: 4, ratedAt: ist("2026-11-07T10:00:00") },
      ]);
    const [unit] = await db().insert(equipmentUnits).values({ customerId: c!.id, make: "ABB", model: "ACS580", serialNumber: "AN-8001" }).returning();
    const bench = (card: string, requestId: number, createdAt: Date, returnedAt: Date | null) => ({
      jobCard: card,
      requestId,
      unitId: unit!.id,
      stage: returnedAt ? "returned" : "repair",
      faultReported: "OC trip",
      conditionOnArrival: "Dusty",
      createdAt,
      returnedAt,
    });
    await db()
      .insert(benchJobs)
      .values([
        bench("JC-2611-8001", ids.r1!, ist("2026-11-01T10:00:00"), ist("2026-11-04T10:00:00")),
        bench("JC-2610-8002", ids.p1!, ist("2026-10-20T10:00:00"), ist("2026-10-30T10:00:00")),
        bench("JC-2611-8003", ids.r3!, ist("2026-11-06T10:00:00"), null),
      ]);
    const contract = (reference: string, startsOn: string, endsOn: string, renewedFromId?: number) => ({
      reference,
      customerId: c!.id,
      plan: "silver" as const,
      startsOn,
      endsOn,
      visitsPerYear: 4,
      responseHours: 8,
      pricePaise: 60_000_00,
      billing: "advance" as const,
      renewedFromId,
    });
    const [c1] = await db().insert(contracts).values(contract("AMC-2511-8001", "2025-11-08", "2026-11-07")).returning();
    await db()
      .insert(contracts)
      .values([contract("AMC-2611-8002", "2026-11-08", "2027-11-07", c1!.id), contract("AMC-2512-8003", "2025-12-21", "2026-12-20")]);
  });

  it("counts requests per India day and by service, urgency and city, with the previous period", async () => {
    const { requests } = await businessFigures(PERIOD, NOW);
    expect(requests.total).toEqual({ current: 4, previous: 2 });
    expect(requests.perBucket).toHaveLength(10);
    expect(requests.perBucket.filter((b) => b.value > 0)).toEqual([
      { bucket: "2026-11-02", value: 1 },
      { bucket: "2026-11-03", value: 1 },
      { bucket: "2026-11-05", value: 2 },
    ]);
    expect(requests.byUrgency.map((u) => [u.urgency, u.current, u.previous])).toEqual([
      ["emergency", 2, 2],
      ["within_24h", 1, 0],
      ["planned", 1, 0],
    ]);
    expect(requests.byCity).toEqual([
      { label: "Hyderabad", current: 2, previous: 1 },
      { label: "Pune", current: 1, previous: 1 },
      { label: "Not given", current: 1, previous: 0 },
    ]);
    expect(requests.byService[0]).toEqual({ label: "VFD repair", current: 2, previous: 2 });
  });

  it("measures the response against the promise: median, p90, within 2 and 4 hours, promise kept", async () => {
    const { response } = await businessFigures(PERIOD, NOW);
    const all = response.current[0]!;
    expect(all).toMatchObject({ urgency: null, received: 4, responded: 3, within2h: 1, within4h: 2, promised: 4, kept: 2 });
    expect(all.medianSeconds).toBe(3 * 3600);
    // percentile_cont: 3 h + 0.8 of the way to 5 h.
    expect(Math.round(all.p90Seconds!)).toBe(16_560);
    expect(response.previous[0]).toMatchObject({ received: 2, responded: 2, medianSeconds: 1.5 * 3600, within2h: 1, within4h: 2, kept: 1 });
    expect(response.current.find((r) => r.urgency === "emergency")).toMatchObject({ received: 2, responded: 1, within2h: 1, kept: 1 });
  });

  it("follows the period's requests to a quote, an invoice and payment", async () => {
    const { funnel } = await businessFigures(PERIOD, NOW);
    expect(funnel.map((s) => [s.stage, s.current, s.previous])).toEqual([
      ["requests", 4, 2],
      ["quoted", 1, 1],
      ["invoiced", 2, 0],
      ["paid", 1, 0],
    ]);
  });

  it("adds up revenue less credit notes, collections and what is outstanding, in paise", async () => {
    const { money } = await businessFigures(PERIOD, NOW);
    expect(money.revenuePaise).toEqual({ current: 14_000_00, previous: 2_000_00 });
    expect(money.invoicedPaise).toEqual({ current: 16_520_00, previous: 2_360_00 });
    expect(money.collectedPaise).toEqual({ current: 11_800_00, previous: 1_000_00 });
    // 5,900 due on INV 8002 (past due on 9 Nov) and 180 left on INV 8000 (due 20 Nov).
    expect(money).toMatchObject({ outstandingPaise: 6_080_00, overduePaise: 5_900_00, openInvoices: 2 });
    expect(money.perBucket.find((b) => b.bucket === "2026-11-03")).toEqual({ bucket: "2026-11-03", invoicedPaise: 11_800_00, collectedPaise: 11_800_00 });
    expect(money.perBucket.find((b) => b.bucket === "2026-11-06")?.invoicedPaise).toBe(-1_180_00);
  });

  it("gives each technician's utilisation over the working hours and their ratings; the bench's turnaround; renewals", async () => {
    const { team, bench, renewals } = await businessFigures(PERIOD, NOW);
    // Eight working days (1 and 8 Nov are Sundays) of nine hours; 2 h of labour plus 1 h on site.
    expect(team.workingMinutes).toBe(8 * 9 * 60);
    expect(team.technicians).toEqual([
      { id: ids.tech, reference: "TA-2611-8001", name: "Mahesh", city: "Hyderabad", jobs: 2, minutes: 180, utilisation: 4.2, rating: 4.5, ratings: 2 },
    ]);
    expect(team.jobs).toEqual({ current: 2, previous: 0 });
    expect(bench).toEqual({ returned: { current: 1, previous: 1 }, medianDays: { current: 3, previous: 10 }, p90Days: { current: 3, previous: 10 }, onBenchNow: 1 });
    expect(renewals.due).toEqual({ current: 1, previous: 0 });
    expect(renewals.renewed).toEqual({ current: 1, previous: 0 });
    expect(renewals.upcoming.map((r) => [r.reference, r.endsOn])).toEqual([["AMC-2512-8003", "2026-12-20"]]);
  });

  function args(url: string) {
    const request = new Request(`${APP}${url}`);
    const context = new RouterContextProvider();
    context.set(clientAddressContext, "203.0.113.7");
    context.set(staffContext, owner);
    return { request, context, params: {}, url: new URL(request.url) } as never;
  }

  it("reads the period from the address, and explains dates it cannot use", async () => {
    const data = (await loader(args("/admin/analytics?from=2026-11-01&to=2026-11-10"))) as Awaited<ReturnType<typeof loader>>;
    expect(data.period).toMatchObject({ from: "2026-11-01", to: "2026-11-10", days: 10, previous: { from: "2026-10-22", to: "2026-10-31" } });
    expect(data.business.requests.total).toEqual({ current: 4, previous: 2 });
    expect(data.days).toHaveLength(10);
    const bad = parsePeriod(new URL(`${APP}/admin/analytics?from=2026-11-10&to=2026-11-01`), NOW);
    expect(bad.errors.from).toBe("The first day must be on or before the last day");
    expect(bad.period).toMatchObject({ from: "2026-10-12", to: "2026-11-10", days: 30 });
    expect(parsePeriod(new URL(`${APP}/admin/analytics?to=2026-13-01`), NOW).errors.to).toMatch(/as a date/);
  });

  async function csv(url: string): Promise<string[]> {
    const next = () => Promise.resolve(new Response("page"));
    for (const mw of middleware) {
      const answer = (await (mw as (a: never, n: typeof next) => Promise<Response | undefined>)(args(url), next)) as Response;
      if (answer && (await answer.clone().text()) !== "page") return (await answer.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    }
    throw new Error("no CSV");
  }

  it("exports each chart's figures as CSV for the period", async () => {
    const q = "from=2026-11-01&to=2026-11-10";
    expect(await csv(`/admin/analytics?${q}&chart=funnel&format=csv`)).toEqual([
      'Stage,"Requests, this period","Requests, previous period"',
      "Requests received,4,2",
      "Quote sent,1,1",
      "Invoiced,2,0",
      "Paid in full,1,0",
    ]);
    const days = await csv(`/admin/analytics?${q}&chart=requests-per-day&format=csv`);
    expect(days).toHaveLength(11);
    expect(days).toContain("2026-11-05,2");
    expect(await csv(`/admin/analytics?${q}&chart=money&format=csv`)).toContain("2026-11-03,11800.00,11800.00");
    // The visitors' CSV is still ?format=csv alone.
    expect((await csv(`/admin/analytics?${q}&format=csv`))[0]).toBe("Day (India time),Visitors");
  });
});
