import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { benchJobs, equipmentUnits } from "~/.server/db/schema.ts";

/**
 * What the bench modules share: the result of a staff step, the refusal that rolls a step back, and the
 * warranty look-up that intake and the pages use.
 */

export type BenchResult =
  | { ok: true; message: string; jobCard: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "refused"; field: string; message: string };

/** A step the job's state does not allow (or a stale version): said beside `field`, nothing written. */
export class Refusal extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

export type BenchJob = typeof benchJobs.$inferSelect;

/** "ABB ACS580 (S/N 1234)": how a unit reads in a sentence, a list and an SMS. */
export function unitText(unit: { make: string; model: string | null; serialNumber: string | null }): string {
  const name = [unit.make, unit.model].filter(Boolean).join(" ");
  return unit.serialNumber ? `${name} (S/N ${unit.serialNumber})` : name;
}

/**
 * The earlier repair whose warranty still runs at `now` on a unit with this serial number, whatever its
 * case and whichever customer it was booked in for (a unit sold on keeps its repair's warranty): the one
 * whose warranty ends last. A unit without a serial number cannot be matched.
 */
export async function runningWarranty(db: Database | Transaction, serialNumber: string | null, now: Date, exceptJobId?: number) {
  const serial = serialNumber?.trim();
  if (!serial) return undefined;
  const [row] = await db
    .select({ id: benchJobs.id, jobCard: benchJobs.jobCard, warrantyUntil: benchJobs.warrantyUntil, returnedAt: benchJobs.returnedAt })
    .from(benchJobs)
    .innerJoin(equipmentUnits, eq(equipmentUnits.id, benchJobs.unitId))
    .where(
      and(
        sql`lower(${equipmentUnits.serialNumber}) = lower(${serial})`,
        gt(benchJobs.warrantyUntil, now),
        exceptJobId === undefined ? undefined : ne(benchJobs.id, exceptJobId),
      ),
    )
    .orderBy(desc(benchJobs.warrantyUntil))
    .limit(1);
  return row;
}
