/**
 * Test-only (ADR 014): makes (or reuses) an account for one of the five kinds of person the tests play,
 * and opens a session for it with the same startSession that a real sign-in uses. Reached only through
 * e2e-hook.ts, which server.ts loads only when E2E_FIXTURE_TOKEN is set.
 */
import { randomInt } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { SESSION_LIFETIME_SECONDS, startSession } from "~/.server/auth/sessions.ts";
import { recordSignIn, upsertUserWithRole } from "~/.server/auth/users.ts";
import { getDb } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { isStaffRole, type StaffRole } from "~/lib/auth/permissions.ts";
import type { Role } from "~/lib/auth/roles.ts";

export const FIXTURE_ROLES = ["owner", "office", "accounts", "technician", "customer"] as const;
export type FixtureRole = (typeof FIXTURE_ROLES)[number];

/** The body of `POST /__e2e/session`. `mobile`: ten digits, or +91 and ten digits; random when absent. */
export const fixtureSessionRequest = z.object({
  role: z.enum(FIXTURE_ROLES),
  mobile: z
    .string()
    .regex(/^(?:\+91)?[6-9]\d{9}$/, "ten digits starting 6-9, optionally after +91")
    .transform((m) => `+91${m.slice(-10)}`)
    .optional(),
  name: z.string().trim().min(1).max(100).optional(),
  /**
   * Technician only: references of service requests to assign to this technician, each with a visit window
   * from now to three hours later (as the office's "schedule the visit" would leave it).
   */
  assign: z.array(z.string().regex(/^SR-\d{4}-\d{4,6}$/)).max(10).optional(),
});
export type FixtureSessionRequest = z.infer<typeof fixtureSessionRequest>;

export interface FixtureSession {
  role: FixtureRole;
  /** The portal the session belongs to. */
  portal: Role;
  userId: number;
  /** +91 and ten digits, as stored. */
  mobile: string;
  /** The session cookie: its name and value, and when it expires (seconds since the epoch). */
  cookie: { name: string; value: string; expires: number };
}

const DEFAULT_NAMES: Record<FixtureRole, string> = {
  owner: "E2E Owner",
  office: "E2E Office",
  accounts: "E2E Accounts",
  technician: "E2E Technician",
  customer: "E2E Customer",
};

/** A number no real test account is likely to have: 7 and nine random digits. */
function randomMobile(): string {
  return `+917${String(randomInt(0, 1e9)).padStart(9, "0")}`;
}

export function portalOf(role: FixtureRole): Role {
  return isStaffRole(role) ? "admin" : role;
}

/** The account for input, with the role (and, for staff, the staff role; for a technician, an approved profile). */
async function ensureUser(role: FixtureRole, mobile: string, name: string): Promise<number> {
  const portal = portalOf(role);
  const user = await upsertUserWithRole(mobile, portal, getDb(), name);
  if (isStaffRole(role)) {
    await getDb().update(users).set({ staffRole: role satisfies StaffRole }).where(eq(users.id, user.id));
  }
  if (role === "technician") await ensureApprovedProfile(user.id, mobile, name);
  return user.id;
}

/** An approved technician application for the account, as the office's review would leave it. */
async function ensureApprovedProfile(userId: number, mobile: string, name: string, now = new Date()): Promise<void> {
  const [existing] = await getDb().select({ id: technicianProfiles.id }).from(technicianProfiles).where(eq(technicianProfiles.mobile, mobile));
  if (existing) {
    await getDb()
      .update(technicianProfiles)
      .set({ userId, status: "approved", reviewedAt: now, reviewNote: null })
      .where(eq(technicianProfiles.id, existing.id));
    return;
  }
  await getDb()
    .insert(technicianProfiles)
    .values({
      reference: await nextReference(getDb(), "TA", now),
      mobile,
      userId,
      name,
      city: "Hyderabad",
      skills: ["vfd-ac-drives", "plc"],
      yearsExperience: 5,
      availability: "full_time",
      availableNow: true,
      idProofType: "aadhaar",
      // No file behind it: the tests that need the ID proof register through the form.
      idProofPath: "e2e-fixture/none.pdf",
      idProofName: "id-proof.pdf",
      status: "approved",
      reviewedAt: now,
      consentVersion: "e2e-fixture",
      consentAt: now,
      createdAt: now,
      verifiedAt: now,
    });
}

/** Assigns the requests to the technician with this mobile, with a visit window from now. */
async function assignJobs(mobile: string, references: string[], now: Date): Promise<void> {
  const [profile] = await getDb().select({ id: technicianProfiles.id }).from(technicianProfiles).where(eq(technicianProfiles.mobile, mobile));
  if (!profile) throw new Error(`no technician profile for ${mobile}`);
  await getDb()
    .update(serviceRequests)
    .set({ assignedTechnicianId: profile.id, assignedAt: now, visitStart: now, visitEnd: new Date(now.getTime() + 3 * 3600_000) })
    .where(inArray(serviceRequests.reference, references));
}

/** Makes or reuses the account and opens a session in its portal, as a sign-in would. */
export async function createFixtureSession(input: FixtureSessionRequest, request: Request, now = new Date()): Promise<FixtureSession> {
  const mobile = input.mobile ?? randomMobile();
  const userId = await ensureUser(input.role, mobile, input.name ?? DEFAULT_NAMES[input.role]);
  const portal = portalOf(input.role);
  if (input.role === "technician" && input.assign?.length) await assignJobs(mobile, input.assign, now);
  const setCookie = await startSession({
    userId,
    role: portal,
    method: "otp",
    request,
    url: new URL(request.url),
    address: "127.0.0.1",
    now,
  });
  await recordSignIn(userId, now);
  const [, name, value] = /^([^=;]+)=([^;]*)/.exec(setCookie) ?? [];
  if (!name || !value) throw new Error("startSession returned no session cookie");
  return {
    role: input.role,
    portal,
    userId,
    mobile,
    cookie: { name, value, expires: Math.floor(now.getTime() / 1000) + SESSION_LIFETIME_SECONDS[portal] },
  };
}
