import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { bumpContentVersion } from "~/.server/content/version.ts";
import { changeRecord, Refusal, type ChangeResult, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb } from "~/.server/db/index.ts";
import { requestContact } from "~/.server/db/column-groups.ts";
import { feedback, serviceRequests, technicianProfiles, users } from "~/.server/db/schema.ts";
import { ratedRequest, ratedTechnician } from "~/.server/feedback/joins.ts";
import {
  NO_CONSENT_MESSAGE,
  STALE_FEEDBACK_MESSAGE,
  type CloseFollowUpInput,
  type FeedbackFilter,
  type FeedbackListFilters,
  type PublishInput,
} from "~/lib/forms/admin/feedback.ts";

/**
 * The office's side of feedback (/admin/feedback): the ratings list with its tabs, one rating's page, and
 * its changes: closing a low rating's follow-up with a note, publishing a rating to /reviews (only with the
 * customer's recorded consent) and hiding it again. Each change is one transaction on the version the staff
 * member saw (a change made meanwhile refuses it), with its audit entry. Publishing and hiding make the
 * cached public pages stale (the content version), so /reviews shows the change on the next request.
 */

type Feedback = typeof feedback.$inferSelect;

// ── The list ─────────────────────────────────────────────────────────────────────────────────────

export interface FeedbackListItem {
  id: number;
  reference: string;
  contactName: string;
  rating: number | null;
  comment: string | null;
  /** ISO: when rated, or when asked for a rating not given yet. */
  at: string;
  technicianName: string | null;
  serviceName: string | null;
  publishConsent: boolean;
  publishStatus: Feedback["publishStatus"];
  followUp: Feedback["followUp"];
}

const TAB_CONDITIONS: Record<FeedbackFilter, SQL> = {
  rated: isNotNull(feedback.rating),
  "follow-up": eq(feedback.followUp, "open"),
  awaiting: and(isNotNull(feedback.rating), eq(feedback.publishConsent, true), eq(feedback.publishStatus, "unpublished"))!,
  published: eq(feedback.publishStatus, "published"),
  unanswered: isNull(feedback.rating),
};

function scope(filters: FeedbackListFilters): SQL | undefined {
  return and(
    filters.technician ? eq(feedback.technicianId, filters.technician) : undefined,
    filters.service ? eq(feedback.serviceSlug, filters.service) : undefined,
  );
}

export async function listFeedback(filters: FeedbackListFilters, cursor: Cursor | undefined) {
  const db = getDb();
  // Ratings by when they were given; a rating not given yet by when it was asked for.
  const at = filters.show === "unanswered" ? sql`${feedback.requestedAt}` : sql`coalesce(${feedback.ratedAt}, ${feedback.requestedAt})`;
  const after = cursor && typeof cursor[0] === "string" && !Number.isNaN(Date.parse(cursor[0])) ? cursor : undefined;
  const where = and(
    TAB_CONDITIONS[filters.show],
    scope(filters),
    after ? sql`(${at}, ${feedback.id}) < (${new Date(after[0] as string).toISOString()}::timestamptz, ${after[1]})` : undefined,
  );
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: feedback.id,
        reference: serviceRequests.reference,
        contactName: serviceRequests.contactName,
        rating: feedback.rating,
        comment: feedback.comment,
        ratedAt: feedback.ratedAt,
        requestedAt: feedback.requestedAt,
        technicianName: technicianProfiles.name,
        serviceName: serviceRequests.serviceName,
        publishConsent: feedback.publishConsent,
        publishStatus: feedback.publishStatus,
        followUp: feedback.followUp,
      })
      .from(feedback)
      .innerJoin(serviceRequests, ratedRequest)
      .leftJoin(technicianProfiles, ratedTechnician)
      .where(where)
      .orderBy(desc(at), desc(feedback.id))
      .limit(PAGE_SIZE + 1),
    db
      .select({
        rated: sql<number>`count(*) filter (where ${TAB_CONDITIONS.rated})`.mapWith(Number),
        "follow-up": sql<number>`count(*) filter (where ${TAB_CONDITIONS["follow-up"]})`.mapWith(Number),
        awaiting: sql<number>`count(*) filter (where ${TAB_CONDITIONS.awaiting})`.mapWith(Number),
        published: sql<number>`count(*) filter (where ${TAB_CONDITIONS.published})`.mapWith(Number),
        unanswered: sql<number>`count(*) filter (where ${TAB_CONDITIONS.unanswered})`.mapWith(Number),
      })
      .from(feedback)
      .where(scope(filters)),
  ]);
  const items: FeedbackListItem[] = rows.map(({ ratedAt, requestedAt, ...r }) => ({
    ...r,
    at: (filters.show === "unanswered" ? requestedAt : (ratedAt ?? requestedAt)).toISOString(),
  }));
  const page = keysetPage(items, (r) => [r.at, r.id]);
  const tabCounts = counts as Record<FeedbackFilter, number>;
  return { ...page, counts: tabCounts, total: tabCounts[filters.show] };
}

// ── One rating ───────────────────────────────────────────────────────────────────────────────────

const closer = alias(users, "closer");
const publisher = alias(users, "publisher");

export async function feedbackRecord(id: number) {
  const [row] = await getDb()
    .select({
      feedback,
      reference: serviceRequests.reference,
      ...requestContact,
      city: serviceRequests.city,
      serviceName: serviceRequests.serviceName,
      completedAt: serviceRequests.completedAt,
      technicianName: technicianProfiles.name,
      closedByName: sql<string | null>`coalesce(${closer.name}, ${closer.mobile})`,
      publishedByName: sql<string | null>`coalesce(${publisher.name}, ${publisher.mobile})`,
    })
    .from(feedback)
    .innerJoin(serviceRequests, ratedRequest)
    .leftJoin(technicianProfiles, ratedTechnician)
    .leftJoin(closer, eq(closer.id, feedback.followUpClosedBy))
    .leftJoin(publisher, eq(publisher.id, feedback.publishedBy))
    .where(eq(feedback.id, id));
  if (!row) return undefined;
  const f = row.feedback;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: f.id,
    version: f.version,
    reference: row.reference,
    contactName: row.contactName,
    mobile: row.mobile,
    company: row.company,
    city: row.city,
    serviceName: row.serviceName,
    completedAt: iso(row.completedAt),
    technicianId: f.technicianId,
    technicianName: row.technicianName,
    requestedAt: f.requestedAt.toISOString(),
    rating: f.rating,
    comment: f.comment,
    ratedAt: iso(f.ratedAt),
    publishConsent: f.publishConsent,
    consentAt: iso(f.consentAt),
    displayName: f.displayName,
    publishStatus: f.publishStatus,
    publishedAt: iso(f.publishedAt),
    publishedByName: row.publishedByName,
    followUp: f.followUp,
    followUpNote: f.followUpNote,
    followUpClosedAt: iso(f.followUpClosedAt),
    closedByName: row.closedByName,
  };
}
export type FeedbackRecord = NonNullable<Awaited<ReturnType<typeof feedbackRecord>>>;

// ── Its changes ──────────────────────────────────────────────────────────────────────────────────

export type FeedbackResult = ChangeResult;

const FEEDBACK: RecordKind<Feedback, number, { row: Feedback; reference: string }> = {
  table: feedback, entityType: "feedback", stale: STALE_FEEDBACK_MESSAGE, stampsUpdatedAt: false,
  load: async (tx, id) => {
    const [found] = await tx
      .select({ row: feedback, reference: serviceRequests.reference })
      .from(feedback)
      .innerJoin(serviceRequests, ratedRequest)
      .where(eq(feedback.id, id));
    return found;
  },
  label: ({ row, reference }) => `${reference} (rated ${row.rating ?? "-"} of 5)`,
};

/** One change of a rating: the step says what it sets, the kernel saves it and logs the fields that moved. */
function change(id: number, version: number, staff: StaffMember, step: (row: Feedback) => { action: string; set: Partial<Feedback>; message: string }, now: Date): Promise<FeedbackResult> {
  return changeRecord(FEEDBACK, id, version, staff, now, async ({ row, save, auditChanges }) => {
    const done = step(row);
    await save(done.set);
    await auditChanges(done.action, row, done.set);
    return done.message;
  });
}

/** Closes a low rating's follow-up with what was done (who called, what was agreed). */
export function closeFollowUp(staff: StaffMember, id: number, input: CloseFollowUpInput, now = new Date()): Promise<FeedbackResult> {
  return change(id, input.version, staff, (row) => {
    if (row.followUp === "none") throw new Refusal("note", "This rating has no follow-up: only ratings of 1 or 2 open one.");
    if (row.followUp === "closed") throw new Refusal("note", "This follow-up is already closed.");
    return {
      action: "feedback.follow-up-close",
      set: { followUp: "closed", followUpNote: input.note, followUpClosedAt: now, followUpClosedBy: staff.userId },
      message: "Follow-up closed.",
    };
  }, now);
}

/** Publishes a rating to /reviews (only with the customer's recorded consent), or hides a published one. */
export function changePublication(staff: StaffMember, id: number, input: PublishInput, now = new Date()): Promise<FeedbackResult> {
  return change(id, input.version, staff, (row) => {
    if (input.intent === "publish") {
      if (row.rating === null) throw new Refusal("form", "The customer has not rated this job yet: there is nothing to publish.");
      if (!row.publishConsent || !row.consentAt) throw new Refusal("form", NO_CONSENT_MESSAGE);
      if (row.publishStatus === "published") throw new Refusal("form", "This rating is already published.");
      return {
        action: "feedback.publish",
        set: { publishStatus: "published", publishedAt: now, publishedBy: staff.userId },
        message: "Published: it shows on the reviews page.",
      };
    }
    if (row.publishStatus !== "published") throw new Refusal("form", "This rating is not published.");
    return { action: "feedback.hide", set: { publishStatus: "hidden" }, message: "Hidden: it no longer shows on the reviews page." };
  }, now).then((result) => {
    // The cached /reviews page is stale once a rating is published or hidden.
    if (result.ok) bumpContentVersion();
    return result;
  });
}

/** How many low ratings still wait for their follow-up (for a badge or the dashboard). */
export async function openFollowUps(): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(feedback).where(eq(feedback.followUp, "open"));
  return Number(row?.n ?? 0);
}
