import { and, eq, isNotNull, sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "~/.server/db/index.ts";
import { serviceRequests, users } from "~/.server/db/schema.ts";
import { registerJob, scheduleJobs, type ScheduledJob } from "~/.server/jobs/index.ts";
import { queueMessages, type OutboxMessage } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms, URGENCY_LABELS } from "~/.server/notifications/templates.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatDateTime } from "~/lib/format.ts";
import { CLOSED_STATUSES, type RequestStatus } from "~/lib/requests/status.ts";

/**
 * The response promise's escalation: a request still without a logged call shortly before its response is
 * due warns the owner, once, by SMS and e-mail. The timer is a scheduled job stored with the request (in
 * the same transaction), not a timer in memory: it fires after a restart, and on one server only.
 */
export const RESPONSE_ESCALATION_JOB = "response-escalation";

/** The job for each new request, due escalateBeforeMinutes before its response is (at once if already late). */
export function escalationJobs(requests: Array<{ id: number; responseDueAt: Date }>, escalateBeforeMinutes: number): ScheduledJob[] {
  return requests.map((r) => ({
    name: RESPONSE_ESCALATION_JOB,
    payload: { requestId: r.id },
    runAt: new Date(r.responseDueAt.getTime() - escalateBeforeMinutes * 60_000),
    dedupeKey: `job:${RESPONSE_ESCALATION_JOB}:${r.id}`,
  }));
}

export function scheduleEscalations(tx: Database | Transaction, requests: Array<{ id: number; responseDueAt: Date }>, escalateBeforeMinutes: number) {
  return scheduleJobs(tx, escalationJobs(requests, escalateBeforeMinutes));
}

/** Runs the escalation of one request: nothing if it was called meanwhile, closed, or already escalated. */
export async function escalateResponse(requestId: number, now = new Date()): Promise<"sent" | "not-needed"> {
  const site = await getSiteSettings();
  const db = getDb();
  const owners = await db
    .select({ mobile: users.mobile, email: users.email })
    .from(users)
    .where(and(eq(users.staffRole, "owner"), sql`'admin' = any(${users.roles})`, isNotNull(users.mobile)));
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(serviceRequests).where(eq(serviceRequests.id, requestId)).for("update");
    if (!request || request.firstContactAt || request.escalatedAt || CLOSED_STATUSES.includes(request.status as RequestStatus)) return "not-needed";
    await tx.update(serviceRequests).set({ escalatedAt: now }).where(eq(serviceRequests.id, requestId));
    const due = request.responseDueAt ? formatDateTime(request.responseDueAt) : "now";
    const urgency = URGENCY_LABELS[request.urgency];
    const key = (suffix: string) => `request:${request.reference}:escalation:${suffix}`;
    const messages: OutboxMessage[] = owners.map((owner) =>
      sms(DLT_TEMPLATES.responseEscalation, owner.mobile!, { reference: request.reference, urgency, name: request.contactName, due }, key(`sms:${owner.mobile}`)),
    );
    const emails = new Set(owners.map((o) => o.email).filter((e): e is string => Boolean(e)));
    if (emails.size === 0) emails.add(site.identity.supportEmail);
    for (const email of emails) {
      messages.push({
        channel: "email",
        recipient: email,
        subject: `No call yet: ${request.reference} (${urgency}), response due ${due}`,
        body: [
          `Service request ${request.reference} from ${request.contactName}${request.company ? `, ${request.company}` : ""} has no call or note logged yet.`,
          `Urgency: ${urgency}. The response is due at ${due} (India time).`,
          "",
          `Log the call on the request's page in the back office: /admin/service-requests/${request.reference}`,
        ].join("\n"),
        template: "response-escalation",
        variables: { reference: request.reference },
        dedupeKey: key(`email:${email}`),
      });
    }
    await queueMessages(tx, messages);
    return "sent";
  });
}

registerJob(RESPONSE_ESCALATION_JOB, async (payload) => {
  const requestId = Number(payload.requestId);
  if (!Number.isInteger(requestId)) throw new Error(`${RESPONSE_ESCALATION_JOB}: bad payload ${JSON.stringify(payload)}`);
  await escalateResponse(requestId);
});
