import { desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { ensureCustomers } from "~/.server/customers/link.ts";
import { unitOfCustomerBySerial } from "~/.server/customers/units.ts";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { benchEvents, benchJobs, equipmentUnits, requestEvents, serviceRequests } from "~/.server/db/schema.ts";
import { BENCH_STAGES, warrantyUntil, type BenchStage, type TestParameters } from "~/lib/bench/stages.ts";
import { unitText } from "./shared.ts";
import { formatPaise } from "~/lib/format.ts";

/**
 * Demo data for the workshop (`seedDemoBench`, called by the demo seed after the requests exist): seven units
 * booked in against the newest demo requests, at every stage; one booked in against the oldest request and
 * returned, and the same serial number (typed in another case) back within its warranty, flagged. Makes, models and serial numbers are invented for
 * the demo. Does nothing when the database already has bench jobs.
 */

interface DemoUnit {
  kind: string;
  make: string;
  model: string;
  rating: string;
  serial: string;
  stage: BenchStage;
  daysAgo: number;
  fault: string;
  condition: string;
  accessories: string | null;
  diagnosis?: string;
  estimateRupees?: number;
  repairNotes?: string;
  test?: { result: "pass" | "fail"; parameters: TestParameters; notes?: string };
}

const UNITS: DemoUnit[] = [
  {
    kind: "VFD",
    make: "ABB",
    model: "ACS580-01-017A-4",
    rating: "7.5 kW 415 V",
    serial: "DEMO-ABB-41077",
    stage: "received",
    daysAgo: 0.2,
    fault: "No display after a supply surge.",
    condition: "Cover intact; slight soot near the input terminals.",
    accessories: "Keypad",
  },
  {
    kind: "PLC",
    make: "Siemens",
    model: "S7-1200 CPU 1214C",
    rating: "24 V DC",
    serial: "DEMO-S7-88120",
    stage: "diagnosis",
    daysAgo: 1,
    fault: "CPU goes to STOP every few hours; SF LED red.",
    condition: "Good; one terminal cover missing.",
    accessories: "Memory card",
  },
  {
    kind: "VFD",
    make: "Delta",
    model: "VFD-C2000 VFD150C43A",
    rating: "15 kW 415 V",
    serial: "DEMO-DL-55301",
    stage: "estimate",
    daysAgo: 3,
    fault: "Trips on OC at start.",
    condition: "Dusty; fan noisy.",
    accessories: null,
    diagnosis: "Two IGBTs of the output bridge shorted; gate driver board damaged; cooling fan bearing worn.",
    estimateRupees: 18500,
  },
  {
    kind: "Servo drive",
    make: "Yaskawa",
    model: "SGD7S-5R5A00A",
    rating: "750 W 230 V",
    serial: "DEMO-YK-20931",
    stage: "testing",
    daysAgo: 6,
    fault: "A.710 overload alarm under light load.",
    condition: "Good.",
    accessories: "Encoder cable",
    diagnosis: "Current sensing op-amp drifting; DC bus capacitors dried out.",
    estimateRupees: 12000,
    repairNotes: "Replaced the DC bus capacitors and the current-sense op-amp; cleaned the heat sink.",
  },
  {
    kind: "HMI",
    make: "Schneider",
    model: "HMIGTO5310",
    rating: "24 V DC",
    serial: "DEMO-SE-77014",
    stage: "ready",
    daysAgo: 9,
    fault: "Touch screen does not respond in the lower half.",
    condition: "Screen scratched; bezel cracked at one corner.",
    accessories: null,
    diagnosis: "Touch panel delaminated.",
    estimateRupees: 9500,
    repairNotes: "Fitted a new resistive touch panel; recalibrated.",
    test: { result: "pass", parameters: { inputVoltage: 24, runMinutes: 120 }, notes: "Calibrated at 9 points; soak test two hours." },
  },
  {
    kind: "VFD",
    make: "Danfoss",
    model: "FC-302 P11K",
    rating: "11 kW 415 V",
    serial: "DEMO-DF-30277",
    stage: "returned",
    daysAgo: 25,
    fault: "DC link overvoltage trip when decelerating.",
    condition: "Good.",
    accessories: "LCP keypad",
    diagnosis: "Brake chopper IGBT open circuit.",
    estimateRupees: 14200,
    repairNotes: "Replaced the brake chopper IGBT and the snubber.",
    test: { result: "pass", parameters: { inputVoltage: 415, outputVoltage: 410, outputCurrent: 19.5, frequency: 50, loadPercent: 80, runMinutes: 60 } },
  },
  {
    kind: "VFD",
    make: "Danfoss",
    model: "FC-302 P11K",
    rating: "11 kW 415 V",
    serial: "demo-df-30277",
    stage: "received",
    daysAgo: 0.5,
    fault: "DC link overvoltage trip again on fast stops.",
    condition: "Good; warranty seal intact.",
    accessories: "LCP keypad",
  },
];

export interface DemoBenchSummary {
  jobs: number;
  jobCards: string[];
}

/** Seeds the demo workshop. `actorUserId`: the office member the steps are made by (a demo staff account). */
export async function seedDemoBench(db: Database, { now = new Date(), actorUserId = null, warrantyMonths = 6 }: { now?: Date; actorUserId?: number | null; warrantyMonths?: number } = {}): Promise<DemoBenchSummary> {
  const [existing] = await db.select({ id: benchJobs.id }).from(benchJobs).limit(1);
  if (existing) return { jobs: 0, jobCards: [] };
  const requests = await db
    .select()
    .from(serviceRequests)
    .where(notInArray(serviceRequests.status, ["cancelled"]))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(UNITS.length - 2);
  const [oldest] = await db.select().from(serviceRequests).where(notInArray(serviceRequests.status, ["cancelled"])).orderBy(serviceRequests.createdAt, serviceRequests.id).limit(1);
  if (requests.length === 0 || !oldest) return { jobs: 0, jobCards: [] };
  const involved = [...requests, oldest];
  return db.transaction(async (tx) => {
    const customerIds = await ensureCustomers(
      tx,
      involved.map((r) => ({ mobile: r.mobile, name: r.contactName, company: r.company, email: r.email })),
    );
    await tx
      .update(serviceRequests)
      .set({ customerId: sql`(SELECT id FROM customers WHERE customers.mobile = ${serviceRequests.mobile})` })
      .where(inArray(serviceRequests.id, involved.map((r) => r.id)));
    const jobCards: string[] = [];
    const byIndex: number[] = [];
    for (const [i, u] of UNITS.entries()) {
      // The returned unit was booked in against the oldest request; its repeat comes in with a new request
      // (the warranty follows the serial number, whoever brings it).
      const request = u.stage === "returned" ? oldest : requests[i % requests.length]!;
      const customerId = customerIds.get(request.mobile)!;
      const repeatOf = i === UNITS.length - 1 ? byIndex[UNITS.length - 2] : undefined;
      const jobId = await demoJob(tx, u, request, customerId, repeatOf, now, actorUserId, warrantyMonths);
      byIndex.push(jobId.id);
      jobCards.push(jobId.jobCard);
    }
    return { jobs: jobCards.length, jobCards };
  });
}

async function demoJob(
  tx: Transaction,
  u: DemoUnit,
  request: typeof serviceRequests.$inferSelect,
  customerId: number,
  repeatOfId: number | undefined,
  now: Date,
  actorUserId: number | null,
  warrantyMonths: number,
): Promise<{ id: number; jobCard: string }> {
  const HOUR = 3_600_000;
  const receivedAt = new Date(now.getTime() - u.daysAgo * 24 * HOUR);
  // A unit back with the customer who brought it before is that unit again (one row per serial per customer).
  const unit =
    (await unitOfCustomerBySerial(tx, customerId, u.serial)) ??
    (await tx.insert(equipmentUnits).values({ customerId, kind: u.kind, make: u.make, model: u.model, rating: u.rating, serialNumber: u.serial, createdAt: receivedAt }).returning())[0];
  const jobCard = await nextReference(tx, "JC", receivedAt);
  const reached = BENCH_STAGES.indexOf(u.stage);
  // Each stage a few hours after the one before (the returned unit's over its first week).
  const step = u.stage === "returned" ? 24 * HOUR : Math.min(4 * HOUR, (u.daysAgo * 24 * HOUR) / (reached + 1));
  const at = (i: number) => new Date(receivedAt.getTime() + i * step);
  const returnedAt = u.stage === "returned" ? at(reached) : null;
  const [job] = await tx
    .insert(benchJobs)
    .values({
      jobCard,
      requestId: request.id,
      unitId: unit!.id,
      stage: u.stage,
      faultReported: u.fault,
      conditionOnArrival: u.condition,
      accessories: u.accessories,
      diagnosis: u.diagnosis ?? null,
      estimatePaise: u.estimateRupees === undefined ? null : u.estimateRupees * 100,
      repairNotes: u.repairNotes ?? null,
      testResult: u.test?.result ?? null,
      testParameters: u.test?.parameters ?? null,
      testNotes: u.test?.notes ?? null,
      returnedAt,
      warrantyUntil: returnedAt ? warrantyUntil(returnedAt, warrantyMonths) : null,
      warrantyRepeatOfId: repeatOfId ?? null,
      receivedBy: actorUserId,
      createdAt: receivedAt,
      updatedAt: at(reached),
    })
    .returning({ id: benchJobs.id });
  const events: Array<typeof benchEvents.$inferInsert> = [
    {
      benchJobId: job!.id,
      stage: "received",
      note: `Received at our workshop under job card ${jobCard}.${repeatOfId ? " Came back within the warranty of an earlier repair." : ""}`,
      actorUserId,
      createdAt: receivedAt,
    },
  ];
  for (let i = 1; i <= reached; i++) {
    const stage = BENCH_STAGES[i]!;
    const note =
      stage === "estimate" && u.estimateRupees !== undefined
        ? `Diagnosis: ${u.diagnosis} Estimate for the repair: ${formatPaise(u.estimateRupees * 100, { wholeRupeesBare: true })}.`
        : stage === "ready" && u.test
          ? "Load test passed: ready for collection."
          : null;
    events.push({ benchJobId: job!.id, stage, note, actorUserId, createdAt: at(i) });
  }
  await tx.insert(benchEvents).values(events);
  await tx.insert(requestEvents).values({
    requestId: request.id,
    kind: "bench",
    status: request.status,
    note: `${unitText({ make: u.make, model: u.model, serialNumber: u.serial })} booked in for bench repair: job card ${jobCard}.`,
    actorUserId,
    createdAt: receivedAt,
  });
  if (returnedAt) {
    await tx.insert(requestEvents).values({
      requestId: request.id,
      kind: "bench",
      status: request.status,
      note: `${unitText({ make: u.make, model: u.model, serialNumber: u.serial })} returned to the customer (job card ${jobCard}).`,
      actorUserId,
      createdAt: returnedAt,
    });
  }
  // Each stage move bumped the version, as the office's steps do.
  await tx.update(benchJobs).set({ version: 1 + reached }).where(eq(benchJobs.id, job!.id));
  return { id: job!.id, jobCard };
}
