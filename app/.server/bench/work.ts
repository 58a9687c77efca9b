import { and, eq } from "drizzle-orm";
import { audit, changedFields } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { benchEvents, benchJobs, equipmentUnits, quotes, requestEvents, requestPhotos, serviceRequests } from "~/.server/db/schema.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { benchReadyNotifications } from "~/.server/notifications/templates.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { photoColumns, removeStored, storeChosenPhotos } from "~/.server/uploads/index.ts";
import { canMove, listText, missingFor, STAGE_INFO, stageLabel, testParametersText, warrantyUntil, type BenchStage } from "~/lib/bench/stages.ts";
import { formatPaise, formatDate } from "~/lib/format.ts";
import {
  APPROVAL_NEEDED_MESSAGE,
  OVERRIDE_REASON_MESSAGE,
  STALE_BENCH_MESSAGE,
  type DiagnosisInput,
  type EstimateInput,
  type MoveInput,
  type PhotosInput,
  type RepairInput,
  type TestInput,
} from "~/lib/forms/admin/bench.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { Refusal, unitText, type BenchJob, type BenchResult } from "./shared.ts";

/**
 * The workshop's steps on one job card (/admin/bench/{jobCard}): stage moves (each with a note the customer
 * reads unless internal), the diagnosis, the estimate, the repair notes, the test report and photos. Each
 * step is one transaction on the version the staff member saw (a step made meanwhile by someone else refuses
 * this one): the job updated, one bench event, one audit entry; "ready" queues the customer's SMS and
 * "returned" starts the warranty and adds a "bench" event to the request's history.
 */

/** Where each record may be written: the forms the page shows at each stage. */
export const STEP_STAGES = {
  diagnosis: ["received", "diagnosis", "estimate"],
  estimate: ["diagnosis", "estimate"],
  repair: ["repair", "testing"],
  test: ["testing"],
} as const satisfies Record<string, readonly BenchStage[]>;

function stepAllowed(step: keyof typeof STEP_STAGES, stage: string): boolean {
  return (STEP_STAGES[step] as readonly string[]).includes(stage);
}

/** India's date of a moment: "5 March 2026". */
export function indiaDate(at: Date): string {
  return formatDate(new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10));
}

interface Step {
  tx: Transaction;
  job: BenchJob;
  site: SiteSettings;
  now: Date;
  save: (values: Partial<BenchJob>) => Promise<void>;
  event: (stage: string, note: string | null, internal: boolean) => Promise<number>;
  audit: (action: string, before: Record<string, unknown>, after: Record<string, unknown>) => Promise<void>;
}

async function step(jobCard: string, version: number, staff: StaffMember, run: (s: Step) => Promise<string>, now = new Date()): Promise<BenchResult> {
  const site = await getSiteSettings();
  try {
    return await getDb().transaction(async (tx): Promise<BenchResult> => {
      const [job] = await tx.select().from(benchJobs).where(eq(benchJobs.jobCard, jobCard));
      if (!job) return { ok: false, reason: "not-found" };
      if (job.version !== version) throw new Refusal("form", STALE_BENCH_MESSAGE);
      const save = async (values: Partial<BenchJob>) => {
        const updated = await tx
          .update(benchJobs)
          .set({ ...values, version: job.version + 1, updatedAt: now })
          .where(and(eq(benchJobs.id, job.id), eq(benchJobs.version, job.version)))
          .returning({ id: benchJobs.id });
        if (updated.length === 0) throw new Refusal("form", STALE_BENCH_MESSAGE);
      };
      const event = async (stage: string, note: string | null, internal: boolean) => {
        const [row] = await tx.insert(benchEvents).values({ benchJobId: job.id, stage, note, internal, actorUserId: staff.userId, createdAt: now }).returning({ id: benchEvents.id });
        return row!.id;
      };
      const record = (action: string, before: Record<string, unknown>, after: Record<string, unknown>) => {
        const diff = changedFields(before, after);
        return audit(tx, auditActor(staff), { action, entityType: "bench", entityId: job.id, entityLabel: job.jobCard, before: diff.before, after: diff.after }, now);
      };
      const message = await run({ tx, job, site, now, save, event, audit: record });
      return { ok: true, jobCard: job.jobCard, message };
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: "refused", field: error.field, message: error.message };
    throw error;
  }
}

const RETURNED_MESSAGE = "This unit has been returned: its job card is closed.";

async function unitAndRequest(tx: Transaction, job: BenchJob) {
  const [row] = await tx
    .select({
      make: equipmentUnits.make,
      model: equipmentUnits.model,
      serialNumber: equipmentUnits.serialNumber,
      requestId: serviceRequests.id,
      requestStatus: serviceRequests.status,
      mobile: serviceRequests.mobile,
    })
    .from(equipmentUnits)
    .innerJoin(serviceRequests, eq(serviceRequests.id, job.requestId))
    .where(eq(equipmentUnits.id, job.unitId));
  return row!;
}

/** Moves the job to the next stage (or back to repair after a failed test), when what the stage needs is there. */
export function moveStage(staff: StaffMember, jobCard: string, input: MoveInput, now = new Date()): Promise<BenchResult> {
  return step(
    jobCard,
    input.version,
    staff,
    async (s) => {
      const { job } = s;
      const to = input.to;
      if (job.stage === to) throw new Refusal("to", `The job is already at "${stageLabel(to)}".`);
      if (!canMove(job.stage, to)) {
        const next = STAGE_INFO[job.stage as BenchStage]?.next ?? [];
        throw new Refusal("to", next.length ? `From "${stageLabel(job.stage)}" the job goes to ${listText(next.map((n) => `"${stageLabel(n)}"`))}.` : RETURNED_MESSAGE);
      }
      const missing = missingFor(to, { ...job, testResult: job.testResult ?? null });
      if (missing.length) throw new Refusal("to", `Before "${stageLabel(to)}", record ${listText(missing)}.`);
      // Issue 17 §4: the repair starts on the customer's approval of the estimate (its quote), or on an
      // explicit override whose reason is kept in the audit log.
      let approvalOverride: string | null = null;
      if (job.stage === "estimate" && to === "repair") {
        const [approved] = await s.tx
          .select({ reference: quotes.reference })
          .from(quotes)
          .where(and(eq(quotes.benchJobId, job.id), eq(quotes.status, "approved")))
          .limit(1);
        if (!approved) {
          const overriding = input.override === "yes" || input.override === "on";
          if (!overriding) throw new Refusal("to", APPROVAL_NEEDED_MESSAGE);
          const reason = input.overrideReason?.trim();
          if (!reason) throw new Refusal("overrideReason", OVERRIDE_REASON_MESSAGE);
          approvalOverride = reason;
        }
      }

      const changes: Partial<BenchJob> = { stage: to };
      // Back to repair after a failed load test: the next test report decides again.
      if (job.stage === "testing" && to === "repair") changes.testResult = null;
      if (to === "returned") {
        changes.returnedAt = now;
        changes.warrantyUntil = warrantyUntil(now, s.site.promises.warrantyMonths);
      }
      await s.save(changes);
      const eventId = await s.event(to, input.note ?? null, input.internal);
      await s.audit(
        "bench.stage",
        { stage: job.stage, returnedAt: job.returnedAt, warrantyUntil: job.warrantyUntil, testResult: job.testResult },
        { ...changes, note: input.note ?? null, internal: input.internal, ...(approvalOverride ? { approvalOverride } : {}) },
      );

      const context = await unitAndRequest(s.tx, job);
      let told = "";
      if (to === "ready") {
        await queueMessages(s.tx, benchReadyNotifications({ jobCard: job.jobCard, mobile: context.mobile, unit: [context.make, context.model].filter(Boolean).join(" "), eventId }, s.site));
        told = " The customer has been told by SMS.";
      }
      if (to === "returned") {
        await s.tx.insert(requestEvents).values({
          requestId: context.requestId,
          kind: "bench",
          status: context.requestStatus,
          note: `${unitText(context)} returned to the customer (job card ${job.jobCard}); warranty until ${indiaDate(changes.warrantyUntil!)}.`,
          internal: false,
          actorUserId: staff.userId,
          createdAt: now,
        });
        told = ` Warranty until ${indiaDate(changes.warrantyUntil!)}.`;
      }
      return `Moved to ${stageLabel(to)}.${told}`;
    },
    now,
  );
}

export function recordDiagnosis(staff: StaffMember, jobCard: string, input: DiagnosisInput, now = new Date()): Promise<BenchResult> {
  return step(
    jobCard,
    input.version,
    staff,
    async (s) => {
      if (!stepAllowed("diagnosis", s.job.stage)) throw new Refusal("diagnosis", `The diagnosis is recorded before the repair starts (the job is at "${stageLabel(s.job.stage)}").`);
      await s.save({ diagnosis: input.diagnosis });
      await s.event(s.job.stage, `Diagnosis: ${input.diagnosis}`, false);
      await s.audit("bench.diagnosis", { diagnosis: s.job.diagnosis }, { diagnosis: input.diagnosis });
      return "Diagnosis saved (the customer can read it).";
    },
    now,
  );
}

export function recordEstimate(staff: StaffMember, jobCard: string, input: EstimateInput, now = new Date()): Promise<BenchResult> {
  return step(
    jobCard,
    input.version,
    staff,
    async (s) => {
      if (!stepAllowed("estimate", s.job.stage)) throw new Refusal("estimate", `The estimate is given after the diagnosis and before the repair (the job is at "${stageLabel(s.job.stage)}").`);
      await s.save({ estimatePaise: input.estimate });
      await s.event(s.job.stage, `Estimate for the repair: ${formatPaise(input.estimate, { wholeRupeesBare: true })}.`, false);
      await s.audit("bench.estimate", { estimatePaise: s.job.estimatePaise }, { estimatePaise: input.estimate });
      return `Estimate of ${formatPaise(input.estimate, { wholeRupeesBare: true })} saved.`;
    },
    now,
  );
}

export function recordRepair(staff: StaffMember, jobCard: string, input: RepairInput, now = new Date()): Promise<BenchResult> {
  return step(
    jobCard,
    input.version,
    staff,
    async (s) => {
      if (!stepAllowed("repair", s.job.stage)) throw new Refusal("repairNotes", `Repair notes are written during the repair (the job is at "${stageLabel(s.job.stage)}").`);
      await s.save({ repairNotes: input.repairNotes });
      // The workshop's own record (parts, rework): the customer reads the test report instead.
      await s.event(s.job.stage, `Repair notes: ${input.repairNotes}`, true);
      await s.audit("bench.repair", { repairNotes: s.job.repairNotes }, { repairNotes: input.repairNotes });
      return "Repair notes saved.";
    },
    now,
  );
}

export function recordTest(staff: StaffMember, jobCard: string, input: TestInput, now = new Date()): Promise<BenchResult> {
  return step(
    jobCard,
    input.version,
    staff,
    async (s) => {
      if (!stepAllowed("test", s.job.stage)) throw new Refusal("result", `Move the job to "Testing" first (it is at "${stageLabel(s.job.stage)}").`);
      const changes = { testResult: input.result, testParameters: input.parameters, testNotes: input.testNotes ?? null };
      await s.save(changes);
      const measured = testParametersText(input.parameters);
      const note = `Load test ${input.result === "pass" ? "passed" : "failed"}${measured ? `: ${measured}` : ""}.${input.testNotes ? ` ${input.testNotes}` : ""}`;
      await s.event(s.job.stage, note, false);
      await s.audit("bench.test", { testResult: s.job.testResult, testParameters: s.job.testParameters, testNotes: s.job.testNotes }, changes);
      return input.result === "pass" ? "Test report saved: passed. The unit can be marked Ready." : "Test report saved: failed. Move the job back to Repair.";
    },
    now,
  );
}

/**
 * Photos of the unit on the bench (a burnt board, the test set-up), stored as the request's photos with the
 * job's id. Each is keyed by the form's key and position: a second post of the same form stores nothing.
 */
export async function addBenchPhotos(staff: StaffMember, jobCard: string, input: PhotosInput, values: FormDataEntryValue[], now = new Date()): Promise<BenchResult> {
  const key = (i: number) => `${input.idempotencyKey}:${i + 1}`;
  const [seen] = await getDb().select({ id: requestPhotos.id }).from(requestPhotos).where(eq(requestPhotos.idempotencyKey, key(0)));
  if (seen) return { ok: true, jobCard, message: "These photos were already added." };
  const photos = await storeChosenPhotos(values, "Choose at least one photo.");
  if (!photos.ok) return { ok: false, reason: "refused", field: "photos", message: photos.message };
  const stored = photos.stored;
  try {
    const result = await step(
      jobCard,
      input.version,
      staff,
      async (s) => {
        const rows = await s.tx
          .insert(requestPhotos)
          .values(
            stored.map((f, i) => ({
              requestId: s.job.requestId,
              benchJobId: s.job.id,
              ...photoColumns(f),
              source: "office" as const,
              uploadedBy: staff.userId,
              caption: input.caption ?? null,
              idempotencyKey: key(i),
              createdAt: now,
            })),
          )
          .returning({ id: requestPhotos.id });
        // A photo is a change to the job: the version moves on, so a form open elsewhere sees it.
        await s.save({});
        await s.audit("bench.photos", {}, { photos: rows.map((r) => r.id), caption: input.caption ?? null });
        return `${rows.length === 1 ? "Photo" : `${rows.length} photos`} added.`;
      },
      now,
    );
    if (!result.ok) await removeStored(stored);
    return result;
  } catch (error) {
    await removeStored(stored);
    // The same form posted twice at once: the other post stored them.
    if (isUniqueViolation(error)) return { ok: true, jobCard, message: "These photos were already added." };
    throw error;
  }
}
