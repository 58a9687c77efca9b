import { eq } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { serviceRequests } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs, type ScheduledJob } from "~/.server/jobs/index.ts";
import { raiseStaffAlert, type StaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { DLT_TEMPLATES, URGENCY_LABELS } from "~/.server/notifications/templates.ts";
import { formatDateTime } from "~/lib/format.ts";
import { CLOSED_STATUSES, type RequestStatus } from "~/lib/requests/status.ts";

/**
 * The response promise's escalation: a request still without a logged call shortly before its response is
 * due warns the staff, once (a "response due soon" alert: owners by SMS and e-mail), and one still without
 * a call when it is due raises a "response overdue" alert. The timer is a scheduled job stored with the request (in
 * the same transaction), not a timer in memory: it fires after a restart, and on one server only.
 */
export const RESPONSE_ESCALATION_JOB = "response-escalation";

/** The "response overdue" alert's job, due when the promise is (issue 12, staff notifications). */
export const RESPONSE_OVERDUE_JOB = "response-overdue";

/**
 * The jobs for each new request: the escalation, due escalateBeforeMinutes before its response is (at once
 * if already late), and the overdue alert, due at the promise.
 */
export function escalationJobs(requests: Array<{ id: number; responseDueAt: Date }>, escalateBeforeMinutes: number): ScheduledJob[] {
  return requests.flatMap((r) => [
    {
      name: RESPONSE_ESCALATION_JOB,
      payload: { requestId: r.id },
      runAt: new Date(r.responseDueAt.getTime() - escalateBeforeMinutes * 60_000),
      dedupeKey: `job:${RESPONSE_ESCALATION_JOB}:${r.id}`,
    },
    {
      name: RESPONSE_OVERDUE_JOB,
      payload: { requestId: r.id },
      runAt: r.responseDueAt,
      dedupeKey: `job:${RESPONSE_OVERDUE_JOB}:${r.id}`,
    },
  ]);
}

export function scheduleEscalations(tx: Database | Transaction, requests: Array<{ id: number; responseDueAt: Date }>, escalateBeforeMinutes: number) {
  return scheduleJobs(tx, escalationJobs(requests, escalateBeforeMinutes));
}

/**
 * Runs the escalation of one request: nothing if it was called meanwhile, closed, or already escalated.
 * The warning is a staff alert, "response due soon" (~/.server/notifications/staff-alerts.ts): everyone who
 * works requests sees it in the app, and owners get it by SMS and e-mail unless they chose otherwise.
 */
export async function escalateResponse(requestId: number, now = new Date()): Promise<"sent" | "not-needed"> {
  return getDb().transaction(async (tx) => {
    const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, requestId)).for("update");
    if (!request || request.firstContactAt || request.escalatedAt || CLOSED_STATUSES.includes(request.status as RequestStatus)) return "not-needed";
    await tx.update(serviceRequests).set({ escalatedAt: now }).where(eq(serviceRequests.id, requestId));
    const due = request.responseDueAt ? formatDateTime(request.responseDueAt) : "now";
    const urgency = URGENCY_LABELS[request.urgency];
    await raiseStaffAlert(tx, {
      kind: "request.response-due",
      title: `No call yet: ${request.reference}, response due ${due}`,
      body: `${urgency}. ${request.contactName}${request.company ? `, ${request.company}` : ""} has no call or note logged yet.`,
      link: `/admin/service-requests/${request.reference}`,
      dedupeKey: `request:${request.reference}:escalation`,
      permission: "requests",
      sms: { template: DLT_TEMPLATES.responseEscalation, values: { reference: request.reference, urgency, name: request.contactName, due } },
      email: {
        subject: `No call yet: ${request.reference} (${urgency}), response due ${due}`,
        body: [
          `Service request ${request.reference} from ${request.contactName}${request.company ? `, ${request.company}` : ""} has no call or note logged yet.`,
          `Urgency: ${urgency}. The response is due at ${due} (India time).`,
          "",
          "Log the call on the request's page in the back office.",
        ].join("\n"),
      },
    });
    return "sent";
  });
}

/**
 * When the response promise has passed with still no call logged: a "response overdue" alert, once (its
 * dedupeKey: run again, it tells nobody twice and says "not-needed"). Scheduled with the escalation, at the
 * promise itself.
 */
export async function alertResponseOverdue(requestId: number): Promise<"sent" | "not-needed"> {
  return getDb().transaction(async (tx) => {
    const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, requestId));
    if (!request || request.firstContactAt || CLOSED_STATUSES.includes(request.status as RequestStatus)) return "not-needed";
    const raised = await raiseStaffAlert(tx, responseOverdueAlert(request));
    return raised.inApp.length > 0 ? "sent" : "not-needed";
  });
}

/** The "response overdue" alert for a request (also what the demo data raises, so its SMS reads the same). */
export function responseOverdueAlert(request: Pick<typeof serviceRequests.$inferSelect, "reference" | "responseDueAt" | "urgency" | "contactName" | "company" | "mobile">): StaffAlert {
  const due = request.responseDueAt ? formatDateTime(request.responseDueAt) : "now";
  return {
    kind: "request.response-overdue",
    title: `Response overdue: ${request.reference} (due ${due})`,
    body: `${URGENCY_LABELS[request.urgency]}. ${request.contactName}${request.company ? `, ${request.company}` : ""} still has no call logged: the promised response time has passed.`,
    link: `/admin/service-requests/${request.reference}`,
    dedupeKey: `request:${request.reference}:overdue`,
    permission: "requests",
    about: { reference: request.reference, name: request.contactName, mobile: request.mobile },
  };
}

registerJob(RESPONSE_ESCALATION_JOB, async (payload) => {
  const requestId = Number(payload.requestId);
  if (!Number.isInteger(requestId)) throw new Error(`${RESPONSE_ESCALATION_JOB}: bad payload ${JSON.stringify(payload)}`);
  await escalateResponse(requestId);
});

registerJob(RESPONSE_OVERDUE_JOB, async (payload) => {
  const requestId = Number(payload.requestId);
  if (!Number.isInteger(requestId)) throw new Error(`${RESPONSE_OVERDUE_JOB}: bad payload ${JSON.stringify(payload)}`);
  await alertResponseOverdue(requestId);
});
