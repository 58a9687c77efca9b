import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { referenceCounters } from "./schema.ts";

type Executor = Pick<Database, "insert">;

/** Year and month in India (IST) as YYMM: 2611 for November 2026. */
export function yearMonthInIndia(now = new Date()): string {
  const ist = new Date(now.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(2, 4)}${ist.slice(5, 7)}`;
}

/**
 * The next reference of the month for a prefix: SR-2611-0042. The counter row is locked until the caller's
 * transaction ends, so references are unique and, within a month, consecutive; a rolled-back
 * transaction gives its number back.
 */
export async function nextReference(tx: Executor, prefix: string, now = new Date()): Promise<string> {
  const [reference] = await nextReferences(tx, prefix, 1, now);
  return reference!;
}

/** The month's next `count` references for a prefix, consecutive, taken in one statement (a group commit). */
export async function nextReferences(tx: Executor, prefix: string, count: number, now = new Date()): Promise<string[]> {
  const key = `${prefix}-${yearMonthInIndia(now)}`;
  const [row] = await tx
    .insert(referenceCounters)
    .values({ prefix: key, value: count })
    .onConflictDoUpdate({ target: referenceCounters.prefix, set: { value: sql`${referenceCounters.value} + ${count}` } })
    .returning({ value: referenceCounters.value });
  const first = row!.value - count + 1;
  return Array.from({ length: count }, (_, i) => `${key}-${String(first + i).padStart(4, "0")}`);
}

/** True when error is PostgreSQL's unique violation (Drizzle wraps the driver's error in cause). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
