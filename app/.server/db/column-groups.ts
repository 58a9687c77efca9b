import { serviceRequests } from "./schema.ts";

/**
 * Columns read together in many selects. The person to call about a request, as the request gave it (the
 * contact's name, mobile and company): the bench, the technician's job, a video call, a rating and the
 * follow-up of an overdue response all show the same three.
 */
export const requestContact = {
  contactName: serviceRequests.contactName,
  mobile: serviceRequests.mobile,
  company: serviceRequests.company,
};
