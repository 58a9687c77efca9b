import { randomUUID } from "node:crypto";
import type { Database } from "~/.server/db/client.ts";
import { serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";

/**
 * Rows as the public forms and the technicians' registration store them, for the tests of the office's work on
 * a job (the request page, the schedule board). Each file gives its own references and mobiles, so that files
 * sharing a template never collide.
 */

/** A service request received at `at` (by default `over.createdAt`, else now), due two hours later. */
export async function insertServiceRequest(
  db: Database,
  ids: { reference: string; mobile: string },
  over: Partial<typeof serviceRequests.$inferInsert> = {},
  at: Date = over.createdAt ?? new Date(),
) {
  const [row] = await db
    .insert(serviceRequests)
    .values({
      reference: ids.reference,
      kind: "full",
      contactName: "Ravi Kumar",
      mobile: ids.mobile,
      company: "Sri Venkateswara Pharma",
      siteAddress: "Plot 12, IDA Jeedimetla",
      city: "Hyderabad",
      serviceSlug: "plc-repair-programming",
      serviceName: "PLC Repair & Programming",
      faultDescription: "PLC goes to STOP after a power dip.",
      urgency: "planned",
      consentVersion: "1",
      consentAt: at,
      idempotencyKey: randomUUID(),
      responseDueAt: new Date(at.getTime() + 2 * 3_600_000),
      createdAt: at,
      ...over,
    })
    .returning();
  return row!;
}

/** An approved technician in Hyderabad with the PLC skill. */
export async function insertTechnician(
  db: Database,
  ids: { reference: string; mobile: string; name: string },
  over: Partial<typeof technicianProfiles.$inferInsert> = {},
) {
  const [row] = await db
    .insert(technicianProfiles)
    .values({
      reference: ids.reference,
      mobile: ids.mobile,
      name: ids.name,
      city: "Hyderabad",
      skills: ["plc"],
      yearsExperience: 5,
      availability: "full_time",
      idProofType: "aadhaar",
      idProofPath: "id-proofs/none.pdf",
      idProofName: "aadhaar.pdf",
      status: "approved",
      consentVersion: "1",
      consentAt: new Date(),
      ...over,
    })
    .returning();
  return row!;
}
