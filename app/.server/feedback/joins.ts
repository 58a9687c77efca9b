import { eq } from "drizzle-orm";
import { feedback, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";

/**
 * How a rating joins what it is about, written once for every query of this area: the request it rates
 * (every rating has one: an inner join) and the technician who did the job (may be unknown: a left join).
 */
export const ratedRequest = eq(serviceRequests.id, feedback.requestId);
export const ratedTechnician = eq(technicianProfiles.id, feedback.technicianId);
