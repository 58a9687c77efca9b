import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "~/.server/db/index.ts";
import { requestContact } from "~/.server/db/column-groups.ts";
import { benchEvents, benchJobs, customers, equipmentUnits, requestPhotos, serviceRequests, users } from "~/.server/db/schema.ts";
import { customerStageText, STAGE_INFO, stageLabel, testParametersText, type BenchStage, type TestParameters } from "~/lib/bench/stages.ts";
import { statusLabel } from "~/lib/requests/status.ts";
import { unitText } from "./shared.ts";
import { indiaDate, STEP_STAGES } from "./work.ts";
import { formatPaise } from "~/lib/format.ts";

/**
 * What the pages show of bench jobs, view-ready (ISO strings, labels and dates resolved): the unit's page in
 * the back office (benchJobPage), and a request's units on the office's request page and on the customer's
 * (benchForRequest; the customer reads only the events not marked internal).
 */

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The unit's page (/admin/bench/{jobCard}); undefined when there is no such job card. */
export async function benchJobPage(jobCard: string, now = new Date()) {
  const earlier = alias(benchJobs, "earlier");
  const [row] = await getDb()
    .select({
      job: benchJobs,
      unit: equipmentUnits,
      request: {
        id: serviceRequests.id,
        reference: serviceRequests.reference,
        status: serviceRequests.status,
        ...requestContact,
      },
      customer: { reference: customers.reference, name: customers.name, company: customers.company },
      repeatOf: { jobCard: earlier.jobCard, warrantyUntil: earlier.warrantyUntil, returnedAt: earlier.returnedAt },
    })
    .from(benchJobs)
    .innerJoin(equipmentUnits, eq(equipmentUnits.id, benchJobs.unitId))
    .innerJoin(serviceRequests, eq(serviceRequests.id, benchJobs.requestId))
    .leftJoin(customers, eq(customers.id, equipmentUnits.customerId))
    .leftJoin(earlier, eq(earlier.id, benchJobs.warrantyRepeatOfId))
    .where(eq(benchJobs.jobCard, jobCard));
  if (!row) return undefined;
  const { job, unit } = row;
  const [events, photos, repeats] = await Promise.all([
    getDb()
      .select({ id: benchEvents.id, stage: benchEvents.stage, note: benchEvents.note, internal: benchEvents.internal, createdAt: benchEvents.createdAt, name: users.name, mobile: users.mobile })
      .from(benchEvents)
      .leftJoin(users, eq(users.id, benchEvents.actorUserId))
      .where(eq(benchEvents.benchJobId, job.id))
      .orderBy(asc(benchEvents.createdAt), asc(benchEvents.id)),
    getDb()
      .select({ id: requestPhotos.id, width: requestPhotos.width, height: requestPhotos.height, originalName: requestPhotos.originalName, caption: requestPhotos.caption })
      .from(requestPhotos)
      .where(eq(requestPhotos.benchJobId, job.id))
      .orderBy(asc(requestPhotos.id)),
    getDb().select({ jobCard: benchJobs.jobCard }).from(benchJobs).where(eq(benchJobs.warrantyRepeatOfId, job.id)).orderBy(asc(benchJobs.id)),
  ]);
  const stage = job.stage as BenchStage;
  const facts = { diagnosis: job.diagnosis, estimatePaise: job.estimatePaise, repairNotes: job.repairNotes, testResult: job.testResult };
  return {
    job: {
      id: job.id,
      jobCard: job.jobCard,
      stage,
      stageLabel: stageLabel(stage),
      version: job.version,
      faultReported: job.faultReported,
      conditionOnArrival: job.conditionOnArrival,
      accessories: job.accessories,
      diagnosis: job.diagnosis,
      estimatePaise: job.estimatePaise,
      estimate: job.estimatePaise === null ? null : formatPaise(job.estimatePaise, { wholeRupeesBare: true }),
      repairNotes: job.repairNotes,
      testResult: job.testResult,
      testParameters: (job.testParameters ?? {}) as TestParameters,
      testParametersText: testParametersText(job.testParameters as TestParameters | null),
      testNotes: job.testNotes,
      receivedAt: job.createdAt.toISOString(),
      returnedAt: iso(job.returnedAt),
      warrantyUntil: job.warrantyUntil ? indiaDate(job.warrantyUntil) : null,
      underWarranty: job.warrantyUntil !== null && job.warrantyUntil > now,
    },
    unit: { id: unit.id, kind: unit.kind, make: unit.make, model: unit.model, rating: unit.rating, serialNumber: unit.serialNumber, text: unitText(unit) },
    request: { ...row.request, statusLabel: statusLabel(row.request.status) },
    customer: row.customer?.reference ? row.customer : null,
    /** The earlier repair whose warranty was still running when this unit came back. */
    repeatOf: row.repeatOf?.jobCard
      ? { jobCard: row.repeatOf.jobCard, warrantyUntil: row.repeatOf.warrantyUntil ? indiaDate(row.repeatOf.warrantyUntil) : null, returnedAt: iso(row.repeatOf.returnedAt) }
      : null,
    repeats: repeats.map((r) => r.jobCard),
    moves: STAGE_INFO[stage]?.next.map((to) => ({ value: to, label: STAGE_INFO[to].label, missing: STAGE_INFO[to].needs(facts) })) ?? [],
    steps: {
      diagnosis: (STEP_STAGES.diagnosis as readonly string[]).includes(stage),
      estimate: (STEP_STAGES.estimate as readonly string[]).includes(stage),
      repair: (STEP_STAGES.repair as readonly string[]).includes(stage),
      test: (STEP_STAGES.test as readonly string[]).includes(stage),
    },
    events: events.map((e) => ({
      id: e.id,
      stage: e.stage,
      stageLabel: stageLabel(e.stage),
      note: e.note,
      internal: e.internal,
      by: e.name ?? e.mobile ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    photos,
  };
}

export type BenchJobPage = NonNullable<Awaited<ReturnType<typeof benchJobPage>>>;

/**
 * The units of a request booked in for bench repair, oldest first, each with its steps. `customer`: only what
 * the customer reads (events not marked internal, no repair notes).
 */
export async function benchForRequest(requestId: number, { customer }: { customer: boolean }, now = new Date()) {
  const earlier = alias(benchJobs, "earlier");
  const jobs = await getDb()
    .select({ job: benchJobs, unit: equipmentUnits, repeatOf: earlier.jobCard })
    .from(benchJobs)
    .innerJoin(equipmentUnits, eq(equipmentUnits.id, benchJobs.unitId))
    .leftJoin(earlier, eq(earlier.id, benchJobs.warrantyRepeatOfId))
    .where(eq(benchJobs.requestId, requestId))
    .orderBy(asc(benchJobs.id));
  if (jobs.length === 0) return [];
  const ids = jobs.map((j) => j.job.id);
  const [events, photos] = await Promise.all([
    getDb()
      .select({ id: benchEvents.id, benchJobId: benchEvents.benchJobId, stage: benchEvents.stage, note: benchEvents.note, createdAt: benchEvents.createdAt })
      .from(benchEvents)
      .where(and(inArray(benchEvents.benchJobId, ids), customer ? eq(benchEvents.internal, false) : undefined))
      .orderBy(asc(benchEvents.createdAt), asc(benchEvents.id)),
    getDb()
      .select({ id: requestPhotos.id, benchJobId: requestPhotos.benchJobId, width: requestPhotos.width, height: requestPhotos.height, caption: requestPhotos.caption })
      .from(requestPhotos)
      .where(and(eq(requestPhotos.requestId, requestId), isNotNull(requestPhotos.benchJobId)))
      .orderBy(asc(requestPhotos.id)),
  ]);
  return jobs.map(({ job, unit, repeatOf }) => ({
    jobCard: job.jobCard,
    unit: unitText(unit),
    stage: job.stage,
    stageLabel: stageLabel(job.stage),
    stageText: customerStageText(job.stage),
    receivedAt: job.createdAt.toISOString(),
    estimate: job.estimatePaise === null ? null : formatPaise(job.estimatePaise, { wholeRupeesBare: true }),
    testResult: job.testResult,
    returnedAt: iso(job.returnedAt),
    warrantyUntil: job.warrantyUntil ? indiaDate(job.warrantyUntil) : null,
    underWarranty: job.warrantyUntil !== null && job.warrantyUntil > now,
    /** Booked in while an earlier repair's warranty on the same serial number was running. */
    warrantyRepeatOf: repeatOf,
    events: events
      .filter((e) => e.benchJobId === job.id)
      .map((e) => ({ id: e.id, stage: e.stage, stageLabel: stageLabel(e.stage), note: e.note, createdAt: e.createdAt.toISOString() })),
    photos: photos.filter((p) => p.benchJobId === job.id).map((p) => ({ id: p.id, width: p.width, height: p.height, caption: p.caption })),
  }));
}

export type RequestBenchJob = Awaited<ReturnType<typeof benchForRequest>>[number];

/**
 * The request's customer record (by its link, else by its mobile number for requests from before the link)
 * and its bench jobs, for the office's request page.
 */
export async function requestBenchSummary(requestId: number) {
  const [request] = await getDb()
    .select({ customerId: serviceRequests.customerId, mobile: serviceRequests.mobile })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId));
  if (!request) return { customer: null, jobs: [] };
  const [customer] = await getDb()
    .select({ reference: customers.reference, name: customers.name })
    .from(customers)
    .where(request.customerId !== null ? eq(customers.id, request.customerId) : eq(customers.mobile, request.mobile));
  const jobs = await benchForRequest(requestId, { customer: false });
  return { customer: customer ?? null, jobs };
}
