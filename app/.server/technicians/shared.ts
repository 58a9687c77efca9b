/** What the technicians module's parts share: the profile's types and the per-number lock. */
import { sql } from "drizzle-orm";
import type { Transaction } from "~/.server/db/index.ts";
import type { technicianProfiles } from "~/.server/db/schema.ts";

export type TechnicianProfile = typeof technicianProfiles.$inferSelect;
export type ApplicationStatus = TechnicianProfile["status"];

/** Serialises everything done to one mobile number's application (PGlite and PostgreSQL alike). */
export async function lockMobile(tx: Transaction, mobile: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`technician:${mobile}`}))`);
}
