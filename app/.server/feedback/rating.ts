import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { feedback, serviceRequests, technicianProfiles } from "~/.server/db/schema.ts";
import { ratedRequest, ratedTechnician } from "~/.server/feedback/joins.ts";
import { verifyLinkToken } from "~/.server/links/signed.ts";
import { raiseStaffAlert, type StaffAlert } from "~/.server/notifications/staff-alerts.ts";
import { DLT_TEMPLATES } from "~/.server/notifications/templates.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { LOW_RATING_MAX, RATING_WORDS, reviewerName, type RatingInput } from "~/lib/forms/feedback.ts";
import { privacyConsent } from "~/.server/legal/index.ts";

/**
 * The customer's side of feedback: the rating page behind the signed link (/d/feedback/{token}) and the
 * rating itself. One rating per job: it is written only while the row has none (UPDATE ... WHERE rating IS
 * NULL), so a second post, or two at once, keeps the first. A rating of 1 or 2 opens a follow-up and raises a
 * staff alert (owners by SMS and e-mail) in the same transaction.
 */

export type LinkProblem = "tampered" | "expired";

export interface GivenRating {
  rating: number;
  comment: string | null;
  ratedAt: string;
  publishConsent: boolean;
  displayName: string | null;
}

export interface FeedbackPageData {
  id: number;
  reference: string;
  serviceName: string | null;
  completedAt: string | null;
  technicianName: string | null;
  /** How a published rating would name the customer ("Ravi Kumar, Hyderabad"), as the consent says it. */
  displayName: string;
  given: GivenRating | null;
}

export type FeedbackPageResult = { ok: true; page: FeedbackPageData } | { ok: false; reason: "not-found" } | { ok: false; reason: LinkProblem };

async function loadPage(id: number): Promise<FeedbackPageData | undefined> {
  const [row] = await getDb()
    .select({
      feedback,
      reference: serviceRequests.reference,
      serviceName: serviceRequests.serviceName,
      completedAt: serviceRequests.completedAt,
      contactName: serviceRequests.contactName,
      city: serviceRequests.city,
      technicianName: technicianProfiles.name,
    })
    .from(feedback)
    .innerJoin(serviceRequests, ratedRequest)
    .leftJoin(technicianProfiles, ratedTechnician)
    .where(eq(feedback.id, id));
  if (!row) return undefined;
  const f = row.feedback;
  return {
    id: f.id,
    reference: row.reference,
    serviceName: row.serviceName,
    completedAt: row.completedAt?.toISOString() ?? null,
    technicianName: row.technicianName,
    displayName: reviewerName(row.contactName, row.city),
    given:
      f.rating !== null && f.ratedAt
        ? { rating: f.rating, comment: f.comment, ratedAt: f.ratedAt.toISOString(), publishConsent: f.publishConsent, displayName: f.displayName }
        : null,
  };
}

/** What the rating page shows for a token: the job and the rating given, or why the link does not open. */
export async function feedbackPage(token: string, now = new Date()): Promise<FeedbackPageResult> {
  const check = verifyLinkToken("feedback", token, now);
  if (!check.ok) return { ok: false, reason: check.problem };
  const page = await loadPage(check.id);
  return page ? { ok: true, page } : { ok: false, reason: "not-found" };
}

export type RatingResult =
  | { ok: true; low: boolean }
  | { ok: false; reason: "not-found" | LinkProblem }
  /** Rated before (a second visit, the form sent twice): the first rating stands. */
  | { ok: false; reason: "already-rated" };

/** Saves the customer's rating once; a low one opens a follow-up and alerts the owner. */
export async function submitRating(token: string, input: RatingInput, now = new Date()): Promise<RatingResult> {
  const check = verifyLinkToken("feedback", token, now);
  if (!check.ok) return { ok: false, reason: check.problem };
  // The privacy notice's version the publish consent is given on: read before the transaction.
  const consent = input.publish ? await privacyConsent() : undefined;
  return getDb().transaction(async (tx): Promise<RatingResult> => {
    const [row] = await tx
      .select({ id: feedback.id, rating: feedback.rating, version: feedback.version, reference: serviceRequests.reference, contactName: serviceRequests.contactName, mobile: serviceRequests.mobile, city: serviceRequests.city })
      .from(feedback)
      .innerJoin(serviceRequests, ratedRequest)
      .where(eq(feedback.id, check.id));
    if (!row) return { ok: false, reason: "not-found" };
    if (row.rating !== null) return { ok: false, reason: "already-rated" };
    const low = input.rating <= LOW_RATING_MAX;
    const updated = await tx
      .update(feedback)
      .set({
        rating: input.rating,
        comment: input.comment ?? null,
        ratedAt: now,
        publishConsent: input.publish,
        consentAt: input.publish ? now : null,
        consentLegalVersionId: consent?.consentLegalVersionId ?? null,
        displayName: input.publish ? reviewerName(row.contactName, row.city) : null,
        followUp: low ? "open" : "none",
        version: sql`${feedback.version} + 1`,
      })
      .where(and(eq(feedback.id, row.id), isNull(feedback.rating)))
      .returning({ id: feedback.id });
    if (updated.length === 0) return { ok: false, reason: "already-rated" };
    if (low) {
      await raiseStaffAlert(tx, lowRatingAlert({ id: row.id, reference: row.reference, contactName: row.contactName, mobile: row.mobile, rating: input.rating, comment: input.comment ?? null }));
    }
    return { ok: true, low };
  });
}

interface LowRatingNotice {
  id: number;
  reference: string;
  contactName: string;
  mobile: string;
  rating: number;
  comment: string | null;
}

/**
 * The staff alert for a rating of 1 or 2 (~/.server/notifications/staff-alerts.ts): everyone who works with
 * customers sees it in the app; owners get it by SMS (the registered low-rating template) and by e-mail with
 * the comment, unless they chose otherwise (an owner with no number or address on record: the business's).
 */
export function lowRatingAlert(notice: LowRatingNotice): StaffAlert {
  return {
    kind: "feedback.low",
    title: `Low rating: job ${notice.reference} rated ${notice.rating} of 5 by ${notice.contactName}`,
    body: notice.comment?.trim() || "(no comment)",
    link: `/admin/feedback/${notice.id}`,
    dedupeKey: `feedback:${notice.id}:low-rating`,
    permission: "customers",
    sms: { template: DLT_TEMPLATES.lowRatingAlert, values: { reference: notice.reference, rating: String(notice.rating), name: notice.contactName } },
    email: {
      subject: `Low rating: job ${notice.reference} rated ${notice.rating} of 5 by ${notice.contactName}`,
      body: [
        `${notice.contactName} (${formatIndianPhone(notice.mobile)}) rated job ${notice.reference} ${notice.rating} of 5 (${RATING_WORDS[notice.rating]}).`,
        "",
        "Their comment:",
        notice.comment?.trim() || "(no comment)",
        "",
        "A follow-up is open: call the customer, then close it with a note on what was done.",
      ].join("\n"),
    },
  };
}
