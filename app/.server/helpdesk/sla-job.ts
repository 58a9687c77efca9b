import { eq } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { tickets } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs } from "~/.server/jobs/index.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { raiseStaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { formatDateTime } from "~/lib/format.ts";
import { TICKET_PRIORITY_LABELS } from "~/lib/helpdesk.ts";

/**
 * A ticket's SLA breaches, flagged when they happen: a job on the queue at each due time (the first reply's
 * and the resolution's), stored with the ticket in the same transaction. When it runs and the target is still
 * unmet, the staff who work the help desk get a "response overdue" alert (the alert kind the response promise
 * uses: owners get it by SMS by default) and the queue is told live, so it shows the breach without a reload.
 * A new priority moves the due times: the job carries the due time it was made for, and an outdated one does
 * nothing (the new time has its own job).
 */
export const TICKET_SLA_JOB = "ticket-sla";

type Target = "first-response" | "resolution";

export function scheduleSlaChecks(tx: Database | Transaction, ticket: { id: number; firstResponseDueAt: Date; resolutionDueAt: Date }) {
  const job = (target: Target, due: Date) => ({
    name: TICKET_SLA_JOB,
    payload: { ticketId: ticket.id, target, due: due.toISOString() },
    runAt: due,
    dedupeKey: `job:${TICKET_SLA_JOB}:${ticket.id}:${target}:${due.getTime()}`,
  });
  return scheduleJobs(tx, [job("first-response", ticket.firstResponseDueAt), job("resolution", ticket.resolutionDueAt)]);
}

/** Flags one target of one ticket if it is missed: "sent", or "not-needed" (met, closed, moved, flagged before). */
export async function flagSlaBreach(ticketId: number, target: Target, due: string): Promise<"sent" | "not-needed"> {
  return getDb().transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!ticket || (ticket.status !== "open" && ticket.status !== "pending")) return "not-needed";
    const dueAt = target === "first-response" ? ticket.firstResponseDueAt : ticket.resolutionDueAt;
    if (dueAt.toISOString() !== due) return "not-needed";
    if (target === "first-response" ? ticket.firstRespondedAt : ticket.resolvedAt) return "not-needed";
    // The title is what an SMS alert carries (30 characters): the reference and what is late.
    const what = target === "first-response" ? "reply late" : "resolution late";
    const raised = await raiseStaffAlert(tx, {
      kind: "request.response-overdue",
      title: `${ticket.reference} ${what}`,
      body: `Ticket ${ticket.reference}, ${TICKET_PRIORITY_LABELS[ticket.priority].toLowerCase()} priority, was due ${formatDateTime(dueAt)}: ${ticket.subject}${ticket.contactName ? ` (${ticket.contactName})` : ""}`,
      link: `/admin/help-desk/${ticket.reference}`,
      dedupeKey: `ticket:${ticket.id}:breach:${target}:${dueAt.getTime()}`,
      permission: "communications",
      about: { reference: ticket.reference, name: ticket.contactName, mobile: ticket.contactMobile },
    });
    await publishLive(tx, { audience: "staff:communications", kind: "ticket.updated", data: { id: ticket.id, reference: ticket.reference, change: "sla-breach" } });
    return raised.inApp.length > 0 ? "sent" : "not-needed";
  });
}

registerJob(TICKET_SLA_JOB, async (payload) => {
  const ticketId = Number(payload.ticketId);
  const target = payload.target;
  if (!Number.isInteger(ticketId) || (target !== "first-response" && target !== "resolution") || typeof payload.due !== "string") {
    throw new Error(`${TICKET_SLA_JOB}: bad payload ${JSON.stringify(payload)}`);
  }
  await flagSlaBreach(ticketId, target, payload.due);
});
