import { and, asc, eq, gt } from "drizzle-orm";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { getDb } from "~/.server/db/index.ts";
import { technicianProfiles, technicianTimeOff } from "~/.server/db/schema.ts";
import { indiaTime, visitText } from "~/.server/requests/work.ts";
import type { TimeOffInput } from "~/lib/forms/admin/schedule.ts";

/**
 * A technician's leave and unavailable hours (issue 21 §2): one table, written by the technician from their
 * portal or by the office for them, read by the schedule board and by a move's clash check. Each change is its
 * own small transaction with its audit entry on the technician.
 */

export type TimeOffResult = { ok: true; message: string } | { ok: false; field: string; message: string };

/** Marks leave or unavailable hours for `technicianId`. */
export async function addTimeOff(actor: AuditActor, technicianId: number, input: Omit<TimeOffInput, "intent" | "technicianId">, now = new Date()): Promise<TimeOffResult> {
  const startsAt = indiaTime(input.startDate, input.startTime);
  const endsAt = indiaTime(input.endDate, input.endTime);
  if (endsAt.getTime() <= now.getTime()) return { ok: false, field: "endDate", message: "This time is already over: choose a later end." };
  return getDb().transaction(async (tx) => {
    const [technician] = await tx.select({ name: technicianProfiles.name, status: technicianProfiles.status }).from(technicianProfiles).where(eq(technicianProfiles.id, technicianId));
    if (!technician || technician.status !== "approved") return { ok: false, field: "technicianId", message: "Choose an approved technician." } as const;
    const [row] = await tx
      .insert(technicianTimeOff)
      .values({ technicianId, kind: input.kind, startsAt, endsAt, note: input.note || null, createdByUserId: actor.userId, createdAt: now })
      .returning({ id: technicianTimeOff.id });
    await audit(
      tx,
      actor,
      { action: "technician.time-off", entityType: "technician", entityId: technicianId, entityLabel: technician.name, after: { id: row!.id, kind: input.kind, startsAt, endsAt, note: input.note || null } },
      now,
    );
    const when = describe(startsAt, endsAt);
    return { ok: true, message: `${input.kind === "leave" ? "Leave" : "Unavailable hours"} marked for ${technician.name}: ${when}.` } as const;
  });
}

/** Removes one entry; `ownTechnicianId` (the portal) limits it to the technician's own. */
export async function removeTimeOff(actor: AuditActor, id: number, ownTechnicianId?: number, now = new Date()): Promise<TimeOffResult> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .delete(technicianTimeOff)
      .where(and(eq(technicianTimeOff.id, id), ownTechnicianId === undefined ? undefined : eq(technicianTimeOff.technicianId, ownTechnicianId)))
      .returning();
    if (!row) return { ok: false, field: "form", message: "This entry is no longer there: it may have been removed already." } as const;
    const [technician] = await tx.select({ name: technicianProfiles.name }).from(technicianProfiles).where(eq(technicianProfiles.id, row.technicianId));
    await audit(
      tx,
      actor,
      { action: "technician.time-off-remove", entityType: "technician", entityId: row.technicianId, entityLabel: technician?.name ?? null, before: { id: row.id, kind: row.kind, startsAt: row.startsAt, endsAt: row.endsAt, note: row.note } },
      now,
    );
    return { ok: true, message: `Removed: ${describe(row.startsAt, row.endsAt)}.` } as const;
  });
}

function describe(startsAt: Date, endsAt: Date): string {
  const a = visitText(startsAt, startsAt);
  const b = visitText(endsAt, endsAt);
  return `${a.date} ${a.window.split(" - ")[0]} to ${b.date} ${b.window.split(" - ")[0]}`;
}

/** Time off not yet over, soonest first: one technician's, or everyone's (the office's page). */
export async function upcomingTimeOff(technicianId: number | undefined, now = new Date()) {
  const rows = await getDb()
    .select({
      id: technicianTimeOff.id,
      technicianId: technicianTimeOff.technicianId,
      technician: technicianProfiles.name,
      kind: technicianTimeOff.kind,
      startsAt: technicianTimeOff.startsAt,
      endsAt: technicianTimeOff.endsAt,
      note: technicianTimeOff.note,
    })
    .from(technicianTimeOff)
    .innerJoin(technicianProfiles, eq(technicianProfiles.id, technicianTimeOff.technicianId))
    .where(and(gt(technicianTimeOff.endsAt, now), technicianId === undefined ? undefined : eq(technicianTimeOff.technicianId, technicianId)))
    .orderBy(asc(technicianTimeOff.startsAt), asc(technicianTimeOff.id))
    .limit(200);
  return rows.map((r) => ({ id: r.id, technicianId: r.technicianId, technician: r.technician, kind: r.kind, note: r.note, when: describe(r.startsAt, r.endsAt) }));
}
