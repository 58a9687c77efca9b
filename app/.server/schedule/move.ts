import { eq } from "drizzle-orm";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { serviceRequests } from "~/.server/db/schema.ts";
import { dispatchVisit, indiaTime, visitEndTime, visitText } from "~/.server/requests/work.ts";
import type { MoveInput } from "~/lib/forms/admin/schedule.ts";
import { skillLabel } from "~/lib/forms/technician-registration.ts";
import { urgencyLabel } from "~/lib/forms/urgency.ts";
import { CLOSED_STATUSES, officeStatusLabel } from "~/lib/requests/status.ts";
import { indiaParts } from "~/lib/schedule/week.ts";
import { approvedTechnicians } from "./board.ts";
import { checkMoveClashes, clashesFor, clashFingerprint } from "./clashes.ts";

/**
 * Moving one job on the schedule board without JavaScript (issue 21 §1): its page shows the request's
 * essentials and a form (technician, date, window); "Check" shows the clashes before anything is saved, and the
 * save goes through the request page's own steps (dispatchVisit, ~/.server/requests/work.ts).
 */

export interface Proposal {
  technicianId: number;
  date: string;
  from: string;
  to: string;
}

/** The job and the move form's choices; with a proposal, its clashes (read only: nothing is saved). */
export async function movePage(reference: string, proposal: Proposal | undefined) {
  const [row] = await getDb().select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
  if (!row) return undefined;
  const technicians = await approvedTechnicians();
  const [date, from] = row.visitStart ? indiaParts(row.visitStart) : [undefined, undefined];
  const to = row.visitEnd ? indiaParts(row.visitEnd)[1] : undefined;
  let preview: { clashes: string[]; fingerprint: string } | null = null;
  if (proposal) {
    const clashes = await clashesFor(getDb(), {
      requestId: row.id,
      technicianId: proposal.technicianId,
      start: indiaTime(proposal.date, proposal.from),
      end: visitEndTime(proposal.date, proposal.from, proposal.to),
    });
    preview = { clashes: clashes.map((c) => c.text), fingerprint: clashFingerprint(clashes) };
  }
  const assigned = technicians.find((t) => t.id === row.assignedTechnicianId);
  return {
    request: {
      reference: row.reference,
      version: row.version,
      closed: (CLOSED_STATUSES as readonly string[]).includes(row.status),
      statusLabel: officeStatusLabel(row.status),
      customer: row.company?.trim() || row.contactName,
      contactName: row.contactName,
      phone: row.mobile,
      site: row.siteAddress,
      city: row.city,
      service: row.serviceName ?? "Service not chosen",
      fault: row.faultDescription,
      urgencyLabel: urgencyLabel(row.urgency),
      emergency: row.urgency === "emergency",
      technician: assigned?.name ?? null,
      visit: row.visitStart && row.visitEnd ? visitText(row.visitStart, row.visitEnd) : null,
    },
    current: { technicianId: row.assignedTechnicianId ?? undefined, date, from, to },
    technicians: technicians.map((t) => ({ value: String(t.id), label: `${t.name} · ${t.city} · ${t.skills.map(skillLabel).slice(0, 2).join(", ")}` })),
    preview,
  };
}

/** The move itself: assigned and booked in one change, the clashes checked again inside it. */
export function moveJob(staff: StaffMember, reference: string, input: MoveInput, now = new Date()) {
  return dispatchVisit(staff, reference, input, checkMoveClashes, now);
}
