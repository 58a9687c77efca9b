import type { Database, Transaction } from "~/.server/db/index.ts";
import { feedback, type serviceRequests } from "~/.server/db/schema.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import { queueMessages, type OutboxMessage } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";

/**
 * The request for feedback when a job is completed (issue 11 §6): one feedback row per job (request_id is
 * unique) and, with it, the customer's SMS with a signed link to rate the job (and an e-mail with the same
 * link when they gave an address). Called inside the transaction that completes the job, by the office
 * (~/.server/requests/work.ts) and by the technician's "Work done" (~/.server/technicians/field-work.ts):
 * a rollback sends nothing, and a job completed a second time (or by both at once) makes no second row and
 * no second SMS (ON CONFLICT (request_id) DO NOTHING; the SMS's dedupe key names the feedback row).
 */

type CompletedJob = Pick<
  typeof serviceRequests.$inferSelect,
  "id" | "reference" | "mobile" | "email" | "contactName" | "customerId" | "assignedTechnicianId" | "serviceSlug"
>;

export interface FeedbackRequestInput {
  /** The request as it was when completed: its technician then is the one the rating is for. */
  request: CompletedJob;
  /** Read by the caller before its transaction (inside it, only the transaction may query). */
  site: SiteSettings;
  now?: Date;
}

export type FeedbackRequestResult = { queued: true; feedbackId: number; token: string } | { queued: false };

/** The rating page's address for a feedback row: siteUrl/d/feedback/<token>. */
export function feedbackLink(site: SiteSettings, feedbackId: number, now = new Date()): { token: string; url: string } {
  const token = signLinkToken("feedback", feedbackId, undefined, now);
  return { token, url: `${site.identity.siteUrl}/d/feedback/${token}` };
}

export async function queueFeedbackRequest(tx: Transaction | Database, input: FeedbackRequestInput): Promise<FeedbackRequestResult> {
  const { request, site } = input;
  const now = input.now ?? new Date();
  const [row] = await tx
    .insert(feedback)
    .values({
      requestId: request.id,
      customerId: request.customerId,
      technicianId: request.assignedTechnicianId,
      serviceSlug: request.serviceSlug,
      requestedAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: feedback.requestId })
    .returning({ id: feedback.id });
  // Asked once already (the job was completed before): the customer is not asked again.
  if (!row) return { queued: false };
  const { token, url } = feedbackLink(site, row.id, now);
  const business = site.identity.legalName;
  const messages: OutboxMessage[] = [
    sms(
      DLT_TEMPLATES.feedbackRequest,
      request.mobile,
      { business, reference: request.reference, siteUrl: site.identity.siteUrl, token },
      `feedback:${row.id}:request-sms`,
    ),
  ];
  if (request.email) {
    messages.push({
      channel: "email",
      recipient: request.email,
      subject: `How did we do? Rate job ${request.reference}`,
      body: [
        `Dear ${request.contactName.trim()},`,
        "",
        `Your job ${request.reference} is complete. How did we do? It takes a minute to rate it (1 to 5) and tell us why:`,
        url,
        "",
        "If something is not right, say so: the owner reads every low rating and will call you.",
        "",
        "Regards,",
        business,
        site.identity.siteUrl,
      ].join("\n"),
      template: "feedback-request",
      variables: { reference: request.reference },
      dedupeKey: `feedback:${row.id}:request-email`,
    });
  }
  await queueMessages(tx, messages);
  return { queued: true, feedbackId: row.id, token };
}
