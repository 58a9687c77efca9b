import { eq } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { serviceRequests } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs, type JobPayload, type ScheduledJob } from "~/.server/jobs/index.ts";
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
 * The jobs for new requests: the escalation, due escalateBeforeMinutes before the response is (at once if
 * already late), and the overdue alert, due at the promise. One pair per promise time, not per request
 * (ADR 071): the requests of one group commit were received at the same moment, so they share a few
 * promise times (one per urgency, or per contract's hours), and a batch of 50 books a handful of jobs instead
 * of 100. A job names its requests (`requestIds`) and its key its first one, so a lone request's jobs are
 * keyed by its own id as before (`job:response-escalation:42`).
 */
export function escalationJobs(requests: Array<{ id: number; responseDueAt: Date }>, escalateBeforeMinutes: number): ScheduledJob[] {
  const byDue = new Map<number, number[]>();
  for (const r of requests) {
    const due = r.responseDueAt.getTime();
    byDue.set(due, [...(byDue.get(due) ?? []), r.id]);
  }
  return [...byDue].flatMap(([due, ids]) => {
    const first = Math.min(...ids);
    const payload = { requestIds: ids.sort((a, b) => a - b) };
    return [
      { name: RESPONSE_ESCALATION_JOB, payload, runAt: new Date(due - escalateBeforeMinutes * 60_000), dedupeKey: `job:${RESPONSE_ESCALATION_JOB}:${first}` },
      { name: RESPONSE_OVERDUE_JOB, payload, runAt: new Date(due), dedupeKey: `job:${RESPONSE_OVERDUE_JOB}:${first}` },
    ];
  });
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

/**
 * The requests a promise job names: `requestIds` (one job per promise time), or `requestId` (a job booked
 * before they were grouped, still waiting in a database).
 */
export function promiseJobRequests(name: string, payload: JobPayload): number[] {
  const ids = Array.isArray(payload.requestIds) ? payload.requestIds : [payload.requestId];
  const valid = ids.map(Number).filter((id) => Number.isInteger(id));
  if (valid.length === 0 || valid.length !== ids.length) throw new Error(`${name}: bad payload ${JSON.stringify(payload)}`);
  return valid;
}

/**
 * Runs a promise job's work for each of its requests, each in its own transaction; one that fails does not
 * keep the others from theirs, and the job is retried (the work is idempotent: escalatedAt and the alerts'
 * dedupe keys tell nobody twice).
 */
async function eachRequest(name: string, payload: JobPayload, run: (requestId: number) => Promise<unknown>): Promise<void> {
  let failure: unknown;
  for (const id of promiseJobRequests(name, payload)) {
    try {
      await run(id);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}

registerJob(RESPONSE_ESCALATION_JOB, (payload) => eachRequest(RESPONSE_ESCALATION_JOB, payload, (id) => escalateResponse(id)));

registerJob(RESPONSE_OVERDUE_JOB, (payload) => eachRequest(RESPONSE_OVERDUE_JOB, payload, alertResponseOverdue));
