import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import { clearContentCache, seedContent } from "~/.server/content/index.ts";
import { invoiceBilling } from "~/.server/contracts/billing.ts";
import { cancelContract, createContract, editContract, renewContract } from "~/.server/contracts/changes.ts";
import { CONTRACTS_JOB, makePastVisitJob, nextContractsRunAt, runContractsDay, runContractsJob, VISIT_LEAD_DAYS } from "~/.server/contracts/daily.ts";
import { contractRecord } from "~/.server/contracts/record.ts";
import { listContracts } from "~/.server/contracts/list.ts";
import { customerContracts } from "~/.server/contracts/portal.ts";
import { billingDates, visitDates } from "~/.server/contracts/schedule.ts";
import { activeContractFor } from "~/.server/contracts/sla.ts";
import { auditLog, contractBillings, contracts, contractVisits, customers, customerSites, equipmentUnits, invoices, outbox, serviceRequests, staffNotifications, users } from "~/.server/db/schema.ts";
import { submitServiceRequest } from "~/.server/requests/index.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { screenFor } from "~/lib/admin/screens.ts";
import { type StaffRole } from "~/lib/auth/permissions.ts";
import {
  addDays,
  addMonths,
  contractListSchema,
  defaultEndsOn,
  editContractSchema,
  newContractSchema,
  STALE_CONTRACT_MESSAGE,
} from "~/lib/forms/admin/contracts.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { serviceRequestSchema } from "~/lib/forms/service-request.ts";
import { action as newAction } from "~/routes/admin/contracts/new.tsx";
import { action as recordAction, loader as recordLoader } from "~/routes/admin/contracts/record.tsx";
import { middleware as listMiddleware, loader as listLoader } from "~/routes/admin/contracts/route.tsx";
import { deliveriesSettled } from "~/.server/notifications/index.ts";
import { describeEachEngine } from "../support/test-databases.ts";
import { asStaff, routeArgs, thrownStatus } from "../support/staff-routes.ts";

const DAY = 86_400_000;

const errorsOf = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

const form = (over: Record<string, unknown> = {}) => ({
  plan: "silver",
  startsOn: "2026-04-01",
  endsOn: "",
  visitsPerYear: "",
  responseHours: "",
  price: "48,000",
  gstRate: "18",
  sacCode: "998719",
  billing: "quarterly",
  scope: "Breakdown call-outs and labour included; parts charged",
  ...over,
});

describe("a contract's calendar", () => {
  it("spreads the visits evenly from the start: by months when they divide the year, else by days", () => {
    expect(visitDates("2026-04-01", "2027-03-31", 4)).toEqual(["2026-04-01", "2026-07-01", "2026-10-01", "2027-01-01"]);
    expect(visitDates("2026-01-31", "2027-01-30", 12).slice(0, 4)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
    expect(visitDates("2026-04-01", "2027-03-31", 12)).toHaveLength(12);
    expect(visitDates("2026-04-01", "2028-03-31", 6)).toHaveLength(12);
    const weekly = visitDates("2026-04-01", "2027-03-31", 52);
    expect(weekly).toHaveLength(52);
    expect(weekly.slice(0, 2)).toEqual(["2026-04-01", "2026-04-08"]);
    expect(visitDates("2026-04-01", "2027-03-31", 5)).toEqual(["2026-04-01", "2026-06-13", "2026-08-25", "2026-11-06", "2027-01-18"]);
  });

  it("bills in advance once, or quarterly in four equal parts with the odd paise on the last, adding up to the price", () => {
    expect(billingDates("2026-04-01", "2027-03-31", "advance", 48_000_00)).toEqual([{ seq: 1, dueOn: "2026-04-01", amountPaise: 48_000_00 }]);
    const q = billingDates("2026-04-01", "2027-03-31", "quarterly", 10_000_01);
    expect(q).toEqual([
      { seq: 1, dueOn: "2026-04-01", amountPaise: 2_500_00 },
      { seq: 2, dueOn: "2026-07-01", amountPaise: 2_500_00 },
      { seq: 3, dueOn: "2026-10-01", amountPaise: 2_500_00 },
      { seq: 4, dueOn: "2027-01-01", amountPaise: 2_500_01 },
    ]);
    expect(q.reduce((s, b) => s + b.amountPaise, 0)).toBe(10_000_01);
    expect(addMonths("2027-01-31", 1)).toBe("2027-02-28");
    expect(defaultEndsOn("2026-04-01")).toBe("2027-03-31");
  });

  it("books the daily run at 06:00 India time", () => {
    expect(nextContractsRunAt(new Date("2026-11-20T00:29:59Z")).toISOString()).toBe("2026-11-20T00:30:00.000Z");
    expect(nextContractsRunAt(new Date("2026-11-20T00:30:00Z")).toISOString()).toBe("2026-11-21T00:30:00.000Z");
  });
});

describe("the contract form", () => {
  it("fills the plan's defaults and a year's period, and turns rupees into paise", () => {
    expect(newContractSchema.parse(form())).toMatchObject({ plan: "silver", endsOn: "2027-03-31", visitsPerYear: 6, responseHours: 4, price: 48_000_00, gstRate: 18, unitIds: [] });
    expect(newContractSchema.parse(form({ plan: "gold" }))).toMatchObject({ visitsPerYear: 12, responseHours: 2 });
    expect(newContractSchema.parse(form({ plan: "bronze", unitIds: ["3", "7", "3"] }))).toMatchObject({ visitsPerYear: 4, responseHours: 4, unitIds: [3, 7] });
  });

  it("explains bad input beside each field", () => {
    expect(errorsOf(newContractSchema.safeParse(form({ price: "0", visitsPerYear: "0", responseHours: "0", gstRate: "12", sacCode: "8504" })))).toEqual({
      price: "The price must be more than zero.",
      visitsPerYear: "A contract has at least one preventive visit a year.",
      responseHours: "The response time is at least 1 hour.",
      gstRate: "GST rate must be 0%, 5%, 18% or 40%",
      sacCode: "A maintenance contract is a service: its SAC code starts 99 (e.g. 998719).",
    });
    expect(errorsOf(newContractSchema.safeParse(form({ price: "5,00,00,000", visitsPerYear: "53", responseHours: "200", plan: "platinum", billing: "monthly" })))).toEqual({
      price: "The price is more than ₹1 crore: check the amount.",
      visitsPerYear: "At most 52 visits a year (one a week).",
      responseHours: "The response time is at most 168 hours (a week).",
      plan: "Choose the plan: Bronze, Silver or Gold.",
      billing: "Choose how it is billed: in advance or quarterly.",
    });
    expect(errorsOf(newContractSchema.safeParse(form({ endsOn: "2026-03-01" })))).toEqual({ endsOn: "The end date must be after the start date." });
    expect(errorsOf(newContractSchema.safeParse(form({ endsOn: "2036-03-01" })))).toEqual({ endsOn: "A contract runs at most five years: check the end date." });
    expect(errorsOf(newContractSchema.safeParse(form({ startsOn: "2026-02-30", price: "-5", visitsPerYear: "four" })))).toEqual({
      startsOn: "Enter a date, e.g. 2026-04-01.",
      price: "The price cannot be negative.",
      visitsPerYear: "Enter the visits per year as a whole number.",
    });
  });

  it("is a Work screen for the office (permission requests)", () => {
    expect(screenFor("/admin/contracts/AMC-2611-0001")).toMatchObject({ path: "/admin/contracts", permission: "requests", built: true });
  });
});

describeEachEngine("contracts", (database) => {
  const db = () => database().handle.db;
  const previousConfig = getServerConfig();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), "contracts-test-"));
  let office: StaffMember;
  let owner: StaffMember;
  let serial = 0;

  const staffMember = (userId: number, role: StaffRole, name: string): StaffMember => asStaff(role, { userId, name, ipAddress: "203.0.113.8" });

  /** A customer with two sites and three units (two at the first site, one at the second). */
  async function customer() {
    const n = ++serial;
    const mobile = `+9198480${String(20000 + n).padStart(5, "0")}`;
    const [c] = await db()
      .insert(customers)
      .values({ reference: `CU-2611-${9200 + n}`, mobile, name: `Ravi ${n}`, company: `Deccan Polymers ${n}`, email: `plant${n}@example.com` })
      .returning();
    const [a, b] = await db()
      .insert(customerSites)
      .values([
        { customerId: c!.id, name: "Patancheru plant", address: "Plot 12, IDA Patancheru", city: "Patancheru", stateCode: "36" },
        { customerId: c!.id, name: "Medak works", city: "Medak", stateCode: "36" },
      ])
      .returning();
    const units = await db()
      .insert(equipmentUnits)
      .values([
        { customerId: c!.id, siteId: a!.id, kind: "VFD", make: "ABB", model: "ACS580", serialNumber: `S${n}A` },
        { customerId: c!.id, siteId: a!.id, kind: "PLC", make: "Siemens", model: "S7-1200" },
        { customerId: c!.id, siteId: b!.id, kind: "HMI", make: "Delta", model: "DOP-107EV" },
      ])
      .returning();
    return { ...c!, sites: [a!, b!] as const, units };
  }

  async function made(c: { reference: string }, over: Record<string, unknown> = {}, now = new Date()) {
    const result = await createContract(office, c.reference, newContractSchema.parse(form({ idempotencyKey: randomUUID(), ...over })), now);
    if (!result.ok) throw new Error(result.message);
    return (await db().select().from(contracts).where(eq(contracts.reference, result.reference)))[0]!;
  }

  const visitsOf = (contractId: number) => db().select().from(contractVisits).where(eq(contractVisits.contractId, contractId)).orderBy(asc(contractVisits.seq));
  const jobsOf = (contractId: number) => db().select().from(serviceRequests).where(eq(serviceRequests.contractId, contractId)).orderBy(asc(serviceRequests.id));

  beforeAll(async () => {
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    await seedContent(db());
    clearContentCache();
    clearSettingsCache();
    const o = await upsertUserWithRole("+919000055501", "admin", db(), "Asha Office");
    const w = await upsertUserWithRole("+919000055502", "admin", db(), "Omkar Owner");
    await db().update(users).set({ staffRole: "office" }).where(eq(users.id, o.id));
    await db().update(users).set({ staffRole: "owner" }).where(eq(users.id, w.id));
    office = staffMember(o.id, "office", "Asha Office");
    owner = staffMember(w.id, "owner", "Omkar Owner");
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    fs.rmSync(storage, { recursive: true, force: true });
  });

  it("makes a contract with its units, visits and billing dates, once however often the form is sent, with its audit entry", async () => {
    const c = await customer();
    const key = randomUUID();
    const input = newContractSchema.parse(form({ idempotencyKey: key, siteId: String(c.sites[0].id), unitIds: [String(c.units[0]!.id), String(c.units[1]!.id)] }));
    const [first, again] = await Promise.all([createContract(office, c.reference, input), createContract(office, c.reference, input)]);
    expect(first).toMatchObject({ ok: true });
    expect(again).toMatchObject({ ok: true, reference: (first as { reference: string }).reference });
    const rows = await db().select().from(contracts).where(eq(contracts.customerId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ plan: "silver", startsOn: "2026-04-01", endsOn: "2027-03-31", visitsPerYear: 6, responseHours: 4, pricePaise: 48_000_00, status: "active", version: 1 });
    expect(rows[0]!.reference).toMatch(/^AMC-\d{4}-\d{4}$/);
    expect((await visitsOf(rows[0]!.id)).map((v) => v.dueOn)).toEqual(["2026-04-01", "2026-06-01", "2026-08-01", "2026-10-01", "2026-12-01", "2027-02-01"]);
    expect((await db().select().from(contractBillings).where(eq(contractBillings.contractId, rows[0]!.id))).map((b) => [b.dueOn, b.amountPaise])).toEqual([
      ["2026-04-01", 12_000_00],
      ["2026-07-01", 12_000_00],
      ["2026-10-01", 12_000_00],
      ["2027-01-01", 12_000_00],
    ]);
    expect(await db().select().from(auditLog).where(and(eq(auditLog.entityType, "contract"), eq(auditLog.entityId, String(rows[0]!.id))))).toMatchObject([
      { action: "contract.add", actorLabel: "Asha Office", entityLabel: rows[0]!.reference },
    ]);
    // The contract asks for a run at once (a visit due this week is not left to the next morning).
    expect(await db().select().from(outbox).where(like(outbox.dedupeKey, `job:${CONTRACTS_JOB}:contract:${rows[0]!.id}:%`))).toHaveLength(1);
  });

  it("refuses a unit or site of another customer, and a unit at another site than the contract's", async () => {
    const c = await customer();
    const other = await customer();
    const refused = (over: Record<string, unknown>) => createContract(office, c.reference, newContractSchema.parse(form({ idempotencyKey: randomUUID(), ...over })));
    expect(await refused({ unitIds: [String(other.units[0]!.id)] })).toEqual({ ok: false, field: "unitIds", message: "Pick the units from this customer's equipment." });
    expect(await refused({ siteId: String(other.sites[0].id) })).toEqual({ ok: false, field: "siteId", message: "Pick one of this customer's sites." });
    expect(await refused({ siteId: String(c.sites[0].id), unitIds: [String(c.units[2]!.id)] })).toMatchObject({ ok: false, field: "unitIds" });
    expect(await createContract(office, "CU-2611-0000", newContractSchema.parse(form()))).toMatchObject({ ok: false, field: "customer" });
    expect(await db().select().from(contracts).where(eq(contracts.customerId, c.id))).toHaveLength(0);
  });

  describe("An AMC contract creates its visits on schedule, exactly once", () => {
    it("makes each visit due within the week into one job, across repeated, concurrent and restarted runs, and none before its time", async () => {
      const c = await customer();
      const today = todayInIndia();
      const contract = await made(c, { plan: "bronze", startsOn: today, siteId: String(c.sites[0].id), billing: "advance" });
      const visits = await visitsOf(contract.id);
      expect(visits).toHaveLength(4);
      expect(visits[1]!.dueOn).toBe(addMonths(today, 3));

      // The first run makes visit 1 (due today), and not visit 2 (three months off).
      const now = new Date();
      const first = await runContractsDay(now);
      expect(first.errors).toEqual([]);
      // Twice more at once, and once more as a restarted process would: nothing new.
      const again = await Promise.all([runContractsDay(now), runContractsDay(now), runContractsDay(new Date(now.getTime() + 60_000))]);
      expect(again.flatMap((r) => r.visits.filter((v) => visits.some((x) => x.id === v.visitId)))).toEqual([]);
      let jobs = await jobsOf(contract.id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        kind: "full",
        urgency: "planned",
        status: "new",
        contactName: c.name,
        mobile: c.mobile,
        email: c.email,
        company: c.company,
        siteId: c.sites[0].id,
        siteAddress: "Plot 12, IDA Patancheru",
        city: "Patancheru",
        customerId: c.id,
        contractId: contract.id,
        serviceSlug: "amc-bronze",
        preferredDate: today,
        faultDescription: `Preventive maintenance visit 1 of 4 under contract ${contract.reference}`,
      });
      expect(jobs[0]!.reference).toMatch(/^SR-\d{4}-\d{4}$/);
      expect((await visitsOf(contract.id))[0]!.requestId).toBe(jobs[0]!.id);
      const texts = await db().select().from(outbox).where(like(outbox.dedupeKey, `contract:${contract.reference}:visit:%`));
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatchObject({ channel: "sms", recipient: c.mobile });
      expect(texts[0]!.body).toContain(`preventive maintenance visit ${jobs[0]!.reference} under contract ${contract.reference}`);

      // Eight days before visit 2 it is not made yet; six days before, it is, once.
      const visit2 = Date.parse(`${visits[1]!.dueOn}T09:00:00+05:30`);
      await runContractsDay(new Date(visit2 - (VISIT_LEAD_DAYS + 1) * DAY));
      expect(await jobsOf(contract.id)).toHaveLength(1);
      const soon = new Date(visit2 - (VISIT_LEAD_DAYS - 1) * DAY);
      await Promise.all([runContractsDay(soon), runContractsDay(soon)]);
      await runContractsDay(soon);
      jobs = await jobsOf(contract.id);
      expect(jobs.map((j) => [j.faultDescription, j.preferredDate])).toEqual([
        [`Preventive maintenance visit 1 of 4 under contract ${contract.reference}`, today],
        [`Preventive maintenance visit 2 of 4 under contract ${contract.reference}`, visits[1]!.dueOn],
      ]);
      expect((await visitsOf(contract.id)).map((v) => v.requestId !== null)).toEqual([true, true, false, false]);

      // The job itself, as the worker runs it: it books the next morning, and makes nothing twice.
      await runContractsJob({ at: soon.toISOString() }, soon);
      expect(await jobsOf(contract.id)).toHaveLength(2);
      expect(await db().select().from(outbox).where(like(outbox.dedupeKey, `job:${CONTRACTS_JOB}:20%`))).not.toHaveLength(0);
    });

    it("makes no job for a cancelled contract, nor for visits dated before the contract was entered", async () => {
      const c = await customer();
      const today = todayInIndia();
      const backdated = await made(c, { plan: "gold", startsOn: addMonths(today, -3), billing: "advance" });
      const cancelled = await made(c, { plan: "gold", startsOn: today, billing: "advance" });
      expect(await cancelContract(office, cancelled.reference, { intent: "cancel", version: 1, reason: "Plant closed" })).toMatchObject({ ok: true });
      await runContractsDay(new Date());
      expect(await jobsOf(cancelled.id)).toHaveLength(0);
      // The backdated one: the three past monthly visits stay with the office; this month's is made.
      const jobs = await jobsOf(backdated.id);
      expect(jobs.map((j) => j.faultDescription)).toEqual([`Preventive maintenance visit 4 of 12 under contract ${backdated.reference}`]);
    });

    it("says truthfully that a visit dated before the contract was entered is left to the office, which may make it a job, once", async () => {
      const c = await customer();
      const today = todayInIndia();
      const backdated = await made(c, { plan: "gold", startsOn: addMonths(today, -3), billing: "advance" });
      await runContractsDay(new Date());
      const record = (await contractRecord(backdated.reference))!;
      const [first, second, third] = record.visits;
      // Not "made into a job at the next daily run", which would never happen.
      expect([first, second, third].map((v) => ({ past: v!.past, soon: v!.soon, request: v!.request }))).toEqual(Array(3).fill({ past: true, soon: false, request: null }));
      expect(record.visits[3]).toMatchObject({ past: false, request: { reference: expect.stringMatching(/^SR-/) } });

      // The office makes the first into a job: one job, the customer's SMS, audited under their name.
      expect(await makePastVisitJob(auditActor(office), backdated.reference, first!.id)).toMatchObject({ ok: true, message: expect.stringMatching(/^Visit 1 made into job SR-/) });
      // Eight presses at once on the second: one job (the row lock and the request's unique key).
      const presses = await Promise.all(Array.from({ length: 8 }, () => makePastVisitJob(auditActor(office), backdated.reference, second!.id)));
      expect(presses.every((p) => p.ok)).toBe(true);
      await runContractsDay(new Date());
      const jobs = await jobsOf(backdated.id);
      expect(jobs.map((j) => j.faultDescription.split(" under")[0]).sort()).toEqual(["Preventive maintenance visit 1 of 12", "Preventive maintenance visit 2 of 12", "Preventive maintenance visit 4 of 12"]);
      const after = (await contractRecord(backdated.reference))!;
      expect(after.visits[2]).toMatchObject({ past: true, request: null });
      const entries = await db().select().from(auditLog).where(and(eq(auditLog.entityId, String(backdated.id)), eq(auditLog.action, "contract.visit")));
      expect(entries.filter((e) => e.actorUserId === office.userId)).toHaveLength(2);
      // A visit still to come is the daily run's; another contract's visit is not found.
      expect(await makePastVisitJob(auditActor(office), backdated.reference, record.visits[6]!.id)).toMatchObject({ ok: false, reason: "refused" });
      expect(await makePastVisitJob(auditActor(office), "AMC-2611-9999", first!.id)).toEqual({ ok: false, reason: "not-found" });
    });
  });

  it("reminds the customer and the office once, 30 days before the end", async () => {
    const c = await customer();
    const today = todayInIndia();
    const ending = await made(c, { startsOn: addMonths(today, -11), endsOn: addDays(today, 20), billing: "advance" });
    // Two runs (and one at once) send one reminder.
    await Promise.all([runContractsDay(), runContractsDay()]);
    await runContractsDay();
    const texts = await db().select().from(outbox).where(like(outbox.dedupeKey, `contract:${ending.reference}:renewal:%`));
    // The office's copy reaches the staff whose role covers contracts (the owner by SMS by default, both in
    // the app), never the public support number.
    expect(texts.map((t) => t.recipient).sort()).toEqual([c.mobile, "+919000055502"].sort());
    expect(texts.find((t) => t.recipient === c.mobile)!.body).toContain(`your maintenance contract ${ending.reference} ends on`);
    expect(texts.find((t) => t.recipient !== c.mobile)!.body).toContain(`Renewal due: contract ${ending.reference} (${c.company})`);
    const alerts = await db().select().from(staffNotifications).where(like(staffNotifications.dedupeKey, `contract:${ending.reference}:renewal:%`));
    expect(alerts.map((a) => a.userId).sort()).toEqual([office.userId, owner.userId].sort());
    expect(alerts[0]).toMatchObject({ kind: "contract.renewal", link: `/admin/contracts/${ending.reference}` });
    expect((await db().select().from(contracts).where(eq(contracts.id, ending.id)))[0]!.renewalRemindedAt).not.toBeNull();
    // A contract ending later is not reminded yet.
    const later = await made(c, { startsOn: today, billing: "advance" });
    await runContractsDay();
    expect((await db().select().from(contracts).where(eq(contracts.id, later.id)))[0]!.renewalRemindedAt).toBeNull();
    // The expiring tab lists the one ending soon.
    const expiring = await listContracts(contractListSchema.parse({ show: "expiring", q: c.reference }), undefined);
    expect(expiring.rows.map((r) => r.reference)).toEqual([ending.reference]);
    expect(expiring.counts).toMatchObject({ active: 2, expiring: 1 });
  });

  it("invoices each billing date once, on its date: the daily run and Invoice now together make one invoice", async () => {
    const c = await customer();
    const today = todayInIndia();
    const contract = await made(c, { plan: "gold", startsOn: today, siteId: String(c.sites[0].id), price: "1,00,000.03", billing: "quarterly" });
    const billings = await db().select().from(contractBillings).where(eq(contractBillings.contractId, contract.id)).orderBy(asc(contractBillings.seq));
    const actor = { userId: owner.userId, label: "Omkar Owner", ipAddress: null };
    const [run, clicked] = await Promise.all([runContractsDay(), invoiceBilling(billings[0]!.id, actor, new Date(), contract.id)]);
    expect(run.errors).toEqual([]);
    // Whichever came first issued it; the other found it done.
    expect(clicked.ok || clicked.reason === "already").toBe(true);
    await runContractsDay();
    const issued = await db().select().from(invoices).where(eq(invoices.contractId, contract.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ customerId: c.id, taxablePaise: 25_000_00, cgstPaise: 2_250_00, sgstPaise: 2_250_00, igstPaise: 0, placeOfSupplyCode: "36" });
    const line = (issued[0]!.lines as Array<{ description: string; hsnSac: string; unit: string; gstRate: number }>)[0]!;
    expect(line).toMatchObject({ hsnSac: "998719", unit: "nos", gstRate: 18 });
    expect(line.description).toMatch(new RegExp(`^AMC Gold ${contract.reference}, \\d+ \\w+ \\d{4} to \\d+ \\w+ \\d{4}$`));
    expect((await db().select().from(contractBillings).where(eq(contractBillings.id, billings[0]!.id)))[0]!.invoiceId).toBe(issued[0]!.id);
    // The second quarter is not due yet: refused now, invoiced on its date with the odd paise on the last quarter.
    expect(await invoiceBilling(billings[1]!.id, actor, new Date(), contract.id)).toMatchObject({ ok: false, reason: "not-due" });
    const lastDay = new Date(Date.parse(`${billings[3]!.dueOn}T09:00:00+05:30`));
    await runContractsDay(lastDay);
    const all = await db().select().from(invoices).where(eq(invoices.contractId, contract.id)).orderBy(asc(invoices.id));
    expect(all.map((i) => i.taxablePaise)).toEqual([25_000_00, 25_000_00, 25_000_00, 25_000_03]);
    expect(await invoiceBilling(billings[3]!.id, actor, lastDay, contract.id)).toMatchObject({ ok: false, reason: "already" });
  });

  it("edits on the version seen, keeps the calendar once acted on, cancels, and renews once from the day after the end", async () => {
    const c = await customer();
    const contract = await made(c, { startsOn: "2030-01-01", billing: "advance" });
    const edit = (version: number, over: Record<string, unknown>) =>
      editContract(office, contract.reference, editContractSchema.parse({ intent: "edit", version: String(version), ...form({ startsOn: "2030-01-01", billing: "advance", visitsPerYear: "6", ...over }) }));
    expect(await edit(1, { plan: "gold", responseHours: "2", unitIds: [String(c.units[0]!.id)] })).toEqual({ ok: true, message: "Contract saved." });
    expect(await edit(1, { plan: "bronze" })).toEqual({ ok: false, reason: "refused", field: "form", message: STALE_CONTRACT_MESSAGE });
    expect(await edit(2, { plan: "gold", responseHours: "2", unitIds: [String(c.units[0]!.id)] })).toMatchObject({ ok: false, message: "Nothing was changed." });
    // Nothing acted on yet: the calendar may change, and is made again.
    expect(await edit(2, { plan: "gold", responseHours: "2", unitIds: [String(c.units[0]!.id)], visitsPerYear: "4" })).toMatchObject({ ok: true });
    expect(await visitsOf(contract.id)).toHaveLength(4);
    // Once a visit is a job, the calendar stays.
    const [job] = await db()
      .insert(serviceRequests)
      .values({ reference: `SR-2611-${9700 + serial}`, kind: "full", contactName: "x", mobile: c.mobile!, faultDescription: "x", urgency: "planned", consentVersion: "t", consentAt: new Date(), idempotencyKey: randomUUID() })
      .returning();
    await db().update(contractVisits).set({ requestId: job!.id }).where(and(eq(contractVisits.contractId, contract.id), eq(contractVisits.seq, 1)));
    expect(await edit(3, { plan: "gold", responseHours: "2", unitIds: [String(c.units[0]!.id)], visitsPerYear: "12" })).toMatchObject({ ok: false, field: "visitsPerYear" });
    expect(await edit(3, { plan: "gold", responseHours: "3", unitIds: [String(c.units[0]!.id)], visitsPerYear: "4" })).toMatchObject({ ok: true });

    const renewed = await renewContract(office, contract.reference, { version: 4 });
    expect(renewed).toMatchObject({ ok: true });
    const next = (await db().select().from(contracts).where(eq(contracts.renewedFromId, contract.id)))[0]!;
    expect(next).toMatchObject({ startsOn: "2031-01-01", endsOn: "2031-12-31", plan: "gold", responseHours: 3, visitsPerYear: 4, pricePaise: 48_000_00, billing: "advance" });
    expect(await renewContract(office, contract.reference, { version: 5 })).toMatchObject({ ok: false, message: `This contract was already renewed as ${next.reference}.` });
    expect(await cancelContract(office, next.reference, { intent: "cancel", version: 1, reason: "Customer declined" })).toMatchObject({ ok: true });
    expect(await cancelContract(office, next.reference, { intent: "cancel", version: 2, reason: "again" })).toMatchObject({ ok: false, message: "This contract is already cancelled." });
    const actions = (await db().select().from(auditLog).where(eq(auditLog.entityType, "contract")).orderBy(asc(auditLog.id))).filter((e) => e.entityLabel === contract.reference || e.entityLabel === next.reference);
    expect(actions.map((a) => a.action)).toEqual(["contract.add", "contract.update", "contract.update", "contract.update", "contract.renew", "contract.cancel"]);
  });

  describe("the response promise on the customer's requests", () => {
    const submit = (mobile: string, urgency: "emergency" | "planned") =>
      submitServiceRequest(
        serviceRequestSchema.parse({
          contactName: "Ravi",
          mobile,
          siteAddress: "Plot 12, IDA Patancheru",
          city: "Patancheru",
          service: "vfd-drive-repair",
          faultDescription: "Drive trips on overcurrent at start",
          urgency,
          consent: "yes",
          idempotencyKey: randomUUID(),
        }),
        [],
      );
    const row = async (reference: string) => (await db().select().from(serviceRequests).where(eq(serviceRequests.reference, reference)))[0]!;

    it("links a request to the customer's active contract and brings its response forward to the contract's hours, never later than the default", async () => {
      const c = await customer();
      const today = todayInIndia();
      const gold = await made(c, { plan: "gold", startsOn: addMonths(today, -1), siteId: String(c.sites[0].id), billing: "advance" });
      const planned = await row((await submit(c.mobile!, "planned")).reference);
      expect(planned.contractId).toBe(gold.id);
      expect(Math.abs(planned.responseDueAt!.getTime() - planned.createdAt.getTime() - 2 * 3_600_000)).toBeLessThan(10_000);
      // The escalation job follows the contract's promise (booked by the batch's follow-up, right after its commit).
      await deliveriesSettled();
      const [job] = await db().select().from(outbox).where(eq(outbox.dedupeKey, `job:response-escalation:${planned.id}`));
      expect(planned.responseDueAt!.getTime() - job!.nextAttemptAt.getTime()).toBe(30 * 60_000);

      // Bronze (4 hours) does not make an emergency's 2 hours later.
      const b = await customer();
      const bronze = await made(b, { plan: "bronze", startsOn: today, billing: "advance" });
      const emergency = await row((await submit(b.mobile!, "emergency")).reference);
      expect(emergency.contractId).toBe(bronze.id);
      expect(Math.abs(emergency.responseDueAt!.getTime() - emergency.createdAt.getTime() - 2 * 3_600_000)).toBeLessThan(10_000);

      // No contract, a cancelled one or one not started: the default promise, no link.
      const n = await customer();
      const notYet = await made(n, { plan: "gold", startsOn: addMonths(today, 1), billing: "advance" });
      const gone = await made(n, { plan: "gold", startsOn: today, billing: "advance" });
      await cancelContract(office, gone.reference, { intent: "cancel", version: 1, reason: "test" });
      const plain = await row((await submit(n.mobile!, "planned")).reference);
      expect(plain.contractId).toBeNull();
      expect(plain.responseDueAt!.getTime() - plain.createdAt.getTime()).toBeGreaterThan(2 * 3_600_000 + 60_000);
      expect(await activeContractFor(n.id)).toBeUndefined();
      expect(notYet.startsOn > today).toBe(true);

      // By site: the Patancheru contract answers for Patancheru and for a request with no site, not for Medak.
      expect(await activeContractFor(c.id, c.sites[0].id)).toMatchObject({ reference: gold.reference, responseHours: 2 });
      expect(await activeContractFor(c.id)).toMatchObject({ reference: gold.reference });
      expect(await activeContractFor(c.id, c.sites[1].id)).toBeUndefined();
      expect(await activeContractFor(b.id, b.sites[1].id)).toMatchObject({ reference: bronze.reference });
    });
  });

  it("shows the customer their own contracts, visits and what is covered, and nobody else's", async () => {
    const c = await customer();
    const other = await customer();
    const contract = await made(c, { plan: "silver", startsOn: todayInIndia(), siteId: String(c.sites[0].id), unitIds: [String(c.units[0]!.id)], billing: "advance" });
    await made(other, { plan: "gold", startsOn: todayInIndia(), billing: "advance" });
    await runContractsDay();
    const mine = await customerContracts(c.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ reference: contract.reference, planLabel: "Silver", state: "active", site: "Patancheru plant, Patancheru", units: [{ label: "VFD ABB ACS580" }] });
    expect(mine[0]!.visits).toHaveLength(6);
    expect(mine[0]!.visits[0]!.request?.reference).toMatch(/^SR-/);
    expect(mine[0]!.visits[1]!.request).toBeNull();
  });

  describe("through the routes", () => {
    const args = (staff: StaffMember, p: string, params: Record<string, string>, body?: Record<string, string | string[]>) => routeArgs(p, { staff, params, body, address: "203.0.113.8" });
    type Refused = { data: { errors: Record<string, string>; values: Record<string, string> }; init: { status: number } };

    it("make, list, CSV and record; bad input comes back beside its field with the units ticked; Invoice now needs accounts' permission", async () => {
      const c = await customer();
      const newPath = `/admin/contracts/new?customer=${c.reference}`;
      const bad = (await newAction(args(office, newPath, {}, { ...form({ price: "0", endsOn: "", unitIds: [String(c.units[0]!.id), String(c.units[1]!.id)] }), idempotencyKey: randomUUID() } as never))) as Refused;
      expect(bad).toMatchObject({ init: { status: 400 }, data: { errors: { price: "The price must be more than zero." }, values: { price: "0" }, lists: { unitIds: [String(c.units[0]!.id), String(c.units[1]!.id)] } } });
      const done = (await newAction(args(office, newPath, {}, { ...form({ startsOn: todayInIndia() }), idempotencyKey: randomUUID() } as never))) as Response;
      expect(done.status).toBe(303);
      const reference = /^\/admin\/contracts\/(AMC-\d{4}-\d{4,})$/.exec(done.headers.get("location")!)![1]!;

      const list = (await listLoader(args(office, `/admin/contracts?q=${c.reference}`, {}))) as { rows: Array<{ reference: string }>; total: number };
      expect(list).toMatchObject({ total: 1, rows: [{ reference }] });
      const csv = (await listMiddleware[0]!(args(office, `/admin/contracts?q=${c.reference}&format=csv`, {}), () => Promise.reject(new Error("answered by the middleware")))) as Response;
      expect(await csv.text()).toContain(`${reference},${c.company} (${c.name}),${c.reference},,Silver,`);

      const page = (await recordLoader(args(office, `/admin/contracts/${reference}`, { reference }))) as { contract: { version: number }; billings: Array<{ id: number; due: boolean }>; canInvoice: boolean };
      expect(page.canInvoice).toBe(false);
      expect(await thrownStatus(recordAction(args(office, `/admin/contracts/${reference}`, { reference }, { intent: "invoice", billingId: String(page.billings[0]!.id) })))).toBe(403);
      const invoiced = (await recordAction(args(owner, `/admin/contracts/${reference}`, { reference }, { intent: "invoice", billingId: String(page.billings[0]!.id) }))) as Response;
      expect(invoiced.status).toBe(303);
      expect(await db().select().from(invoices).where(eq(invoices.contractId, (await db().select().from(contracts).where(eq(contracts.reference, reference)))[0]!.id))).toHaveLength(1);
      const stale = (await recordAction(args(office, `/admin/contracts/${reference}`, { reference }, { intent: "cancel", version: "9", reason: "x" }))) as Refused;
      expect(stale).toMatchObject({ init: { status: 400 }, data: { errors: { form: STALE_CONTRACT_MESSAGE } } });
      expect(await thrownStatus(recordLoader(args(office, "/admin/contracts/AMC-2611-99999", { reference: "AMC-2611-99999" })))).toBe(404);
      expect(await thrownStatus(recordLoader(args(office, "/admin/contracts/nonsense", { reference: "nonsense" })))).toBe(404);
    });
  });
});
