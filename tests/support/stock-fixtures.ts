import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db/index.ts";
import { products, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import type { StaffRole } from "~/lib/auth/permissions.ts";

/** Stock and purchasing tests' records: a product, a staff member, a technician and a job assigned to them. */

let n = 0;
const pid = String(process.pid % 1000).padStart(3, "0");
const next = () => ++n;

export async function stockProduct(db: Database, over: Partial<typeof products.$inferInsert> = {}) {
  const i = next();
  const [p] = await db
    .insert(products)
    .values({ name: `Cooling fan ${i} ${randomUUID().slice(0, 6)}`, make: "ebm-papst", model: `4114-${i}-${randomUUID().slice(0, 4)}`, hsnSac: "8414", gstRate: 18, unit: "nos", pricePaise: 3_250_00, ...over })
    .returning();
  return p!;
}

export async function staffUser(db: Database, role: StaffRole, name: string) {
  const i = next();
  const u = await upsertUserWithRole(`+9191${pid}${String(i).padStart(5, "0")}`, "admin", db, name);
  await db.update(users).set({ staffRole: role }).where(eq(users.id, u.id));
  return u;
}

export async function assignedJob(db: Database) {
  const i = next();
  const mobile = `+9196${pid}${String(i).padStart(5, "0")}`;
  const user = await upsertUserWithRole(mobile, "technician", db, "Srinivas Rao");
  const [profile] = await db
    .insert(technicianProfiles)
    .values({
      reference: `TA-2611-${7000 + i}${pid}`,
      mobile,
      userId: user.id,
      name: "Srinivas Rao",
      city: "Hyderabad",
      skills: ["vfd-ac-drives"],
      yearsExperience: 6,
      availability: "full_time",
      idProofType: "aadhaar",
      idProofPath: "none.pdf",
      idProofName: "id.pdf",
      status: "approved",
      consentVersion: "test",
      consentAt: new Date(),
    })
    .returning();
  const [job] = await db
    .insert(serviceRequests)
    .values({
      reference: `SR-2611-${String(6000 + i)}${pid}`,
      kind: "full",
      status: "in_progress",
      contactName: "Ravi",
      mobile: "+919848012345",
      faultDescription: "Drive trips on overcurrent",
      urgency: "planned",
      consentVersion: "t",
      consentAt: new Date(),
      idempotencyKey: randomUUID(),
      assignedTechnicianId: profile!.id,
      assignedAt: new Date(),
    })
    .returning();
  const actor = { user: { id: user.id, mobile }, address: "203.0.113.7" };
  return { job: job!, actor, technicianUserId: user.id };
}
