import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { upsertUserWithRole } from "~/.server/auth/users.ts";
import { getServerConfig, readConfig, setServerConfig } from "~/.server/config.ts";
import type { Database } from "~/.server/db/index.ts";
import { products, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { clearSettingsCache, seedSettings } from "~/.server/settings/index.ts";
import { partsRequestsForJob, raisePartsRequest } from "~/.server/stock/parts-requests.ts";
import type { StaffRole } from "~/lib/auth/permissions.ts";
import { partsRequestSchema } from "~/lib/forms/admin/stock.ts";
import { asStaff } from "./staff-routes.ts";

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

export interface StockTeam {
  /** Anil, in the accounts role: raises purchase orders, adjusts stock. */
  accounts: StaffMember;
  /** Asha, in the office role: raises parts requests. */
  office: StaffMember;
}

/**
 * The set-up the stock and purchasing test files share, registered in the calling describe block: the server's
 * config (production, with a storage dir of its own for files such as order PDFs), the settings seeded, and an
 * accounts and an office staff member; the config and settings cache are put back afterwards. The team's
 * members are there from the first test on.
 */
export function stockTeam(db: () => Database): StockTeam {
  const previousConfig = getServerConfig();
  const team = {} as StockTeam;
  let storage: string | undefined;
  beforeAll(async () => {
    storage = fs.mkdtempSync(path.join(os.tmpdir(), "stock-test-"));
    setServerConfig(readConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: storage }));
    await seedSettings(db(), "http://localhost:3000");
    clearSettingsCache();
    const a = await staffUser(db(), "accounts", "Anil Accounts");
    const o = await staffUser(db(), "office", "Asha Office");
    team.accounts = asStaff("accounts", { userId: a.id, name: "Anil Accounts" });
    team.office = asStaff("office", { userId: o.id, name: "Asha Office" });
  });
  afterAll(() => {
    setServerConfig(previousConfig);
    clearSettingsCache();
    if (storage) fs.rmSync(storage, { recursive: true, force: true });
  });
  return team;
}

/** A job assigned to a technician, and the office's parts request on it (for a listed product, or described). */
export async function openPartsRequest(
  db: Database,
  office: StaffMember,
  part: { product?: string; description?: string; quantity?: number },
) {
  const { job } = await assignedJob(db);
  await raisePartsRequest(office, job.reference, partsRequestSchema.parse({ product: part.product, description: part.description ?? "", quantity: String(part.quantity ?? 1) }));
  const [pr] = await partsRequestsForJob(job.id);
  return { job, pr: pr! };
}
