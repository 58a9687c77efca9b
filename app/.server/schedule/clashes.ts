import { and, eq, gt, lt, ne, notInArray } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { serviceRequests, technicianProfiles, technicianTimeOff } from "~/.server/db/schema.ts";
import { cityKey, skillsForService } from "~/.server/requests/assignment.ts";
import { visitText } from "~/.server/requests/work.ts";
import { skillLabel } from "~/lib/forms/technician-registration.ts";
import { CLOSED_STATUSES } from "~/lib/requests/status.ts";

/**
 * The clashes of a move on the schedule board (issue 21 §1), said before it is saved: another visit of the
 * technician's overlapping the window; the technician on leave or unavailable then; a service they have no
 * skill for; a visit in another city back to back, with less than the travel time between them. A clash never
 * blocks: the dispatcher may save anyway, and the warnings are kept in the audit entry (~/.server/requests/work.ts).
 */

/** The time allowed to travel between two cities' visits; less than this back to back is a clash. */
export const TRAVEL_MINUTES = 60;

export interface Clash {
  /** Stable for the same clash: the fingerprint is built from these. */
  code: string;
  text: string;
}

export interface ClashFacts {
  technician: { name: string; skills: readonly string[] };
  move: { start: Date; end: Date; city: string | null; serviceSlug: string | null; serviceName: string | null };
  /** The technician's other open visits near the window. */
  visits: ReadonlyArray<{ reference: string; start: Date; end: Date; city: string | null }>;
  timeOff: ReadonlyArray<{ id: number; kind: "leave" | "unavailable"; startsAt: Date; endsAt: Date; note: string | null }>;
}

const windowOf = (start: Date, end: Date) => visitText(start, end).window;

/** The clashes of a move, from its facts (pure: tested without a database). */
export function findClashes(f: ClashFacts): Clash[] {
  const { start, end } = f.move;
  const clashes: Clash[] = [];
  for (const off of f.timeOff) {
    if (off.startsAt < end && off.endsAt > start) {
      const what = off.kind === "leave" ? "on leave" : "unavailable";
      const when = `${visitText(off.startsAt, off.endsAt).date}, ${windowOf(off.startsAt, off.endsAt)}`;
      clashes.push({ code: `time-off:${off.id}`, text: `${f.technician.name} is ${what} then (${when}${off.note ? `: ${off.note}` : ""}).` });
    }
  }
  for (const v of f.visits) {
    if (v.start < end && v.end > start) {
      clashes.push({ code: `overlap:${v.reference}`, text: `Overlaps ${v.reference} (${windowOf(v.start, v.end)}) for ${f.technician.name}.` });
      continue;
    }
    const otherCity = v.city && f.move.city && cityKey(v.city) !== cityKey(f.move.city);
    const gap = v.end <= start ? (start.getTime() - v.end.getTime()) / 60_000 : (v.start.getTime() - end.getTime()) / 60_000;
    if (otherCity && gap < TRAVEL_MINUTES) {
      clashes.push({
        code: `travel:${v.reference}`,
        text: `Back to back with ${v.reference} in ${v.city} (${windowOf(v.start, v.end)}): less than ${TRAVEL_MINUTES} minutes to travel.`,
      });
    }
  }
  const wanted = skillsForService(f.move.serviceSlug, f.move.serviceName);
  if (wanted.length > 0 && !wanted.some((s) => f.technician.skills.includes(s))) {
    clashes.push({ code: "skill", text: `${f.technician.name} has no ${wanted.map(skillLabel).join(" or ")} skill for ${f.move.serviceName ?? "this service"}.` });
  }
  return clashes;
}

/** What the dispatcher was shown, as one string: a move saves only over the same clashes. */
export function clashFingerprint(clashes: readonly Clash[]): string {
  return clashes
    .map((c) => c.code)
    .sort()
    .join("|");
}

/**
 * The clashes of moving request `requestId` to `technicianId` for [start, end), read in `db` (the move's own
 * transaction, after it has locked the technician's row, or the database for the preview).
 */
export async function clashesFor(db: Database | Transaction, move: { requestId: number; technicianId: number; start: Date; end: Date }): Promise<Clash[]> {
  const near = TRAVEL_MINUTES * 60_000;
  const [[request], [technician], visits, timeOff] = await Promise.all([
    db
      .select({ city: serviceRequests.city, serviceSlug: serviceRequests.serviceSlug, serviceName: serviceRequests.serviceName })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, move.requestId)),
    db.select({ name: technicianProfiles.name, skills: technicianProfiles.skills }).from(technicianProfiles).where(eq(technicianProfiles.id, move.technicianId)),
    db
      .select({ reference: serviceRequests.reference, start: serviceRequests.visitStart, end: serviceRequests.visitEnd, city: serviceRequests.city })
      .from(serviceRequests)
      .where(
        and(
          eq(serviceRequests.assignedTechnicianId, move.technicianId),
          ne(serviceRequests.id, move.requestId),
          notInArray(serviceRequests.status, [...CLOSED_STATUSES]),
          lt(serviceRequests.visitStart, new Date(move.end.getTime() + near)),
          gt(serviceRequests.visitEnd, new Date(move.start.getTime() - near)),
        ),
      ),
    db
      .select({ id: technicianTimeOff.id, kind: technicianTimeOff.kind, startsAt: technicianTimeOff.startsAt, endsAt: technicianTimeOff.endsAt, note: technicianTimeOff.note })
      .from(technicianTimeOff)
      .where(and(eq(technicianTimeOff.technicianId, move.technicianId), lt(technicianTimeOff.startsAt, move.end), gt(technicianTimeOff.endsAt, move.start))),
  ]);
  if (!request || !technician) return [];
  return findClashes({
    technician,
    move: { start: move.start, end: move.end, ...request },
    visits: visits.flatMap((v) => (v.start && v.end ? [{ reference: v.reference, start: v.start, end: v.end, city: v.city }] : [])),
    timeOff,
  });
}

/** The clash check a move runs inside its transaction (dispatchVisit's ClashCheck). */
export async function checkMoveClashes(tx: Transaction, move: { requestId: number; technicianId: number; start: Date; end: Date }) {
  const clashes = await clashesFor(tx, move);
  return { warnings: clashes.map((c) => c.text), fingerprint: clashFingerprint(clashes) };
}
