/**
 * What each field stage requires before a technician may set it on a job (job_stage_requirements): the
 * customer's sign-off, a note or a photo, a photo, the parts used. The office sets them on
 * /admin/technicians/stages; the technician's job page reads the table (./field-work.ts) and refuses a
 * stage whose requirements are not met. A stage without a row requires nothing.
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { jobStageRequirements, users } from "~/.server/db/schema.ts";
import { STAGES_CHANGED_MEANWHILE, type StageRequirementSet, type StageRequirementsInput } from "~/lib/forms/admin/technicians.ts";
import { FIELD_STAGES, type FieldStage } from "~/lib/requests/field-stages.ts";

export type StageRequirements = Record<FieldStage, StageRequirementSet>;

const NONE: StageRequirementSet = { signoff: false, noteOrPhoto: false, photo: false, parts: false };

async function read(db: Database | Transaction): Promise<{ requirements: StageRequirements; updatedAt: Date | null; updatedBy: string | null }> {
  const rows = await db
    .select({
      stage: jobStageRequirements.stage,
      signoff: jobStageRequirements.requireSignoff,
      noteOrPhoto: jobStageRequirements.requireNoteOrPhoto,
      photo: jobStageRequirements.requirePhoto,
      parts: jobStageRequirements.requireParts,
      updatedAt: jobStageRequirements.updatedAt,
      updatedBy: sql<string | null>`coalesce(${users.name}, ${users.mobile})`,
    })
    .from(jobStageRequirements)
    .leftJoin(users, eq(users.id, jobStageRequirements.updatedBy));
  const requirements = Object.fromEntries(FIELD_STAGES.map((s) => [s.value, { ...NONE }])) as StageRequirements;
  let latest: { at: Date; by: string | null } | undefined;
  for (const row of rows) {
    const stage = FIELD_STAGES.find((s) => s.value === row.stage)?.value;
    if (!stage) continue;
    requirements[stage] = { signoff: row.signoff, noteOrPhoto: row.noteOrPhoto, photo: row.photo, parts: row.parts };
    if (!latest || row.updatedAt > latest.at) latest = { at: row.updatedAt, by: row.updatedBy };
  }
  return { requirements, updatedAt: latest?.at ?? null, updatedBy: latest?.by ?? null };
}

/** A digest of the requirements a form showed (its hidden "shown" field): a save on older ones is refused. */
export function requirementsDigest(requirements: StageRequirements): string {
  const canonical = FIELD_STAGES.map((s) => {
    const r = requirements[s.value];
    return [s.value, r.signoff, r.noteOrPhoto, r.photo, r.parts];
  });
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** The stages form: each stage's requirements, the digest it was drawn from, and the last change. */
export async function stageRequirementsPage() {
  const { requirements, updatedAt, updatedBy } = await read(getDb());
  return { requirements, shown: requirementsDigest(requirements), updatedAt: updatedAt?.toISOString() ?? null, updatedBy };
}

export type SaveStagesOutcome = { ok: true; changed: boolean } | { ok: false; message: string };

/**
 * Saves every stage's requirements in one transaction with one audit entry ("technician.stage-requirements":
 * the stages that changed, before and after). Refused, with nothing written, when they changed since the
 * form was drawn.
 */
export async function saveStageRequirements(actor: AuditActor, input: StageRequirementsInput, now = new Date()): Promise<SaveStagesOutcome> {
  return getDb().transaction(async (tx): Promise<SaveStagesOutcome> => {
    // Rows may not exist yet (nothing to lock): one lock for the whole table's edits.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('job_stage_requirements'))`);
    const { requirements: current } = await read(tx);
    if (requirementsDigest(current) !== input.shown) return { ok: false, message: STAGES_CHANGED_MEANWHILE };
    const before: Partial<StageRequirements> = {};
    const after: Partial<StageRequirements> = {};
    for (const { value: stage } of FIELD_STAGES) {
      const next = input.require[stage];
      if (JSON.stringify(current[stage]) === JSON.stringify(next)) continue;
      before[stage] = current[stage];
      after[stage] = next;
      const values = {
        requireSignoff: next.signoff,
        requireNoteOrPhoto: next.noteOrPhoto,
        requirePhoto: next.photo,
        requireParts: next.parts,
        updatedAt: now,
        updatedBy: actor.userId,
      };
      await tx
        .insert(jobStageRequirements)
        .values({ stage, ...values })
        .onConflictDoUpdate({ target: jobStageRequirements.stage, set: values });
    }
    if (Object.keys(after).length === 0) return { ok: true, changed: false };
    await audit(
      tx,
      actor,
      { action: "technician.stage-requirements", entityType: "stage-requirements", entityId: "field-stages", entityLabel: "Job stage requirements", before, after },
      now,
    );
    return { ok: true, changed: true };
  });
}
