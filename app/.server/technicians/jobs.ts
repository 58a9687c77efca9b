/** The technician's own portal: their application, the "Available for jobs" switch and the jobs assigned to them. */
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { requestContact } from "~/.server/db/column-groups.ts";
import { serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { availabilityLabel, idProofLabel, skillLabel } from "~/lib/forms/technician-registration.ts";
import type { RouterContextProvider } from "react-router";
import { portalSessionOf } from "~/.server/auth/portal.ts";
import type { TechnicianProfile } from "./shared.ts";

/** The signed-in account the portal's pages are for. */
export interface TechnicianUser {
  id: number;
  mobile: string | null;
}

/**
 * The signed-in technician's session and their profile when approved (a portal page that only an approved
 * technician may use: the agenda, their time off). The profile comes from the session, never from a form.
 */
export async function ownApprovedProfile(context: Readonly<RouterContextProvider>) {
  const session = portalSessionOf(context, "technician");
  const profile = await findProfileForUser(session.user);
  return { session, profile: profile?.status === "approved" ? profile : undefined };
}

/** The application of a signed-in technician: by account, else by the account's mobile number. */
export async function findProfileForUser(user: TechnicianUser): Promise<TechnicianProfile | undefined> {
  const [row] = await getDb()
    .select()
    .from(technicianProfiles)
    .where(
      and(
        ne(technicianProfiles.status, "unverified"),
        user.mobile
          ? or(eq(technicianProfiles.userId, user.id), eq(technicianProfiles.mobile, user.mobile))
          : eq(technicianProfiles.userId, user.id),
      ),
    )
    .orderBy(sql`case when ${technicianProfiles.userId} = ${user.id} then 0 else 1 end`)
    .limit(1);
  return row;
}

/**
 * What the dashboard shows of the technician's own application: labels instead of codes, dates as ISO
 * strings, and nothing the office keeps to itself (the ID proof's file, who reviewed it).
 */
function dashboardProfile(profile: TechnicianProfile) {
  return {
    reference: profile.reference,
    status: profile.status,
    name: profile.name,
    mobile: profile.mobile,
    email: profile.email,
    city: profile.city,
    skills: profile.skills.map(skillLabel),
    yearsExperience: profile.yearsExperience,
    currentEmployer: profile.currentEmployer,
    availability: availabilityLabel(profile.availability),
    availableNow: profile.availableNow,
    idProofType: idProofLabel(profile.idProofType),
    reviewNote: profile.reviewNote,
    reviewedAt: profile.reviewedAt?.toISOString() ?? null,
    verifiedAt: (profile.verifiedAt ?? profile.createdAt).toISOString(),
  };
}

export type DashboardProfile = ReturnType<typeof dashboardProfile>;

/** The dashboard of a signed-in technician: their application (if any) and, once approved, their jobs. */
export async function technicianDashboard(user: TechnicianUser): Promise<{ profile: DashboardProfile | undefined; jobs: AssignedJob[] }> {
  const profile = await findProfileForUser(user);
  const jobs = profile?.status === "approved" ? await listAssignedJobs(profile.id) : [];
  return { profile: profile && dashboardProfile(profile), jobs };
}

/** The dashboard's "Available for jobs" switch; only an approved technician has one. Returns the value now stored. */
export async function setAvailability(profileId: number, availableNow: boolean): Promise<boolean | undefined> {
  const [row] = await getDb()
    .update(technicianProfiles)
    .set({ availableNow })
    .where(and(eq(technicianProfiles.id, profileId), eq(technicianProfiles.status, "approved")))
    .returning({ availableNow: technicianProfiles.availableNow });
  return row?.availableNow;
}

/** The switch, for a signed-in technician; undefined when they have no approved application. */
export async function setOwnAvailability(user: TechnicianUser, availableNow: boolean): Promise<boolean | undefined> {
  const profile = await findProfileForUser(user);
  return profile ? setAvailability(profile.id, availableNow) : undefined;
}

/** A job's dates as the page gets them (ISO strings). */
function withIsoDates<T extends { assignedAt: Date | null; createdAt: Date }>(job: T) {
  return { ...job, assignedAt: job.assignedAt?.toISOString() ?? null, createdAt: job.createdAt.toISOString() };
}

/** The same for the dashboard's list, which also has the visit window and when the job was done. */
function listDates<T extends { assignedAt: Date | null; createdAt: Date; visitStart: Date | null; visitEnd: Date | null; completedAt: Date | null }>(job: T) {
  return {
    ...withIsoDates(job),
    visitStart: job.visitStart?.toISOString() ?? null,
    visitEnd: job.visitEnd?.toISOString() ?? null,
    completedAt: job.completedAt?.toISOString() ?? null,
  };
}

/** Jobs (service requests) the office assigned to this technician, latest assignment first. */
export async function listAssignedJobs(profileId: number) {
  const rows = await getDb()
    .select({
      id: serviceRequests.id,
      reference: serviceRequests.reference,
      serviceName: serviceRequests.serviceName,
      city: serviceRequests.city,
      urgency: serviceRequests.urgency,
      preferredDate: serviceRequests.preferredDate,
      status: serviceRequests.status,
      assignedAt: serviceRequests.assignedAt,
      createdAt: serviceRequests.createdAt,
      // What the technician needs to get there: the site, the customer's number, the visit window, the stage.
      contactName: serviceRequests.contactName,
      company: serviceRequests.company,
      mobile: serviceRequests.mobile,
      siteAddress: serviceRequests.siteAddress,
      visitStart: serviceRequests.visitStart,
      visitEnd: serviceRequests.visitEnd,
      fieldStage: serviceRequests.fieldStage,
      completedAt: serviceRequests.completedAt,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.assignedTechnicianId, profileId))
    .orderBy(sql`${serviceRequests.assignedAt} desc nulls last`, desc(serviceRequests.createdAt))
    .limit(200);
  return rows.map(listDates);
}

export type AssignedJob = Awaited<ReturnType<typeof listAssignedJobs>>[number];

/** One job, by its reference (SR-2611-0042) or id, only when it is assigned to this technician. */
export async function findAssignedJob(profileId: number, key: string) {
  const byKey = /^\d{1,9}$/.test(key) ? eq(serviceRequests.id, Number(key)) : eq(serviceRequests.reference, key.toUpperCase());
  const [row] = await getDb()
    .select({
      id: serviceRequests.id,
      reference: serviceRequests.reference,
      status: serviceRequests.status,
      ...requestContact,
      siteAddress: serviceRequests.siteAddress,
      city: serviceRequests.city,
      serviceName: serviceRequests.serviceName,
      equipmentBrand: serviceRequests.equipmentBrand,
      equipmentModel: serviceRequests.equipmentModel,
      equipmentRating: serviceRequests.equipmentRating,
      faultDescription: serviceRequests.faultDescription,
      faultCode: serviceRequests.faultCode,
      urgency: serviceRequests.urgency,
      preferredDate: serviceRequests.preferredDate,
      assignedAt: serviceRequests.assignedAt,
      createdAt: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(and(byKey, eq(serviceRequests.assignedTechnicianId, profileId)));
  return row && withIsoDates(row);
}

/**
 * A job of a signed-in technician's, by the key in its address: only once their application is approved,
 * and only a job assigned to them. Undefined for anything else (the page is then the 404).
 */
export async function findOwnJob(user: TechnicianUser, key: string) {
  const profile = await findProfileForUser(user);
  return profile?.status === "approved" && key.length <= 40 ? findAssignedJob(profile.id, key) : undefined;
}
