import { and, count, desc, eq, sql } from "drizzle-orm";
import { keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { bumpContentVersion } from "~/.server/content/version.ts";
import { getDb } from "~/.server/db/index.ts";
import { discussionReplies, discussionTopics, inboundMessages } from "~/.server/db/schema.ts";
import {
  STALE_MODERATION_MESSAGE,
  type ForumFilter,
  type ModeratePostInput,
  type ModerateReviewInput,
  type ReviewFilter,
} from "~/lib/forms/admin/feedback.ts";

/**
 * Moderation of what visitors send to be shown on the site: reviews written on /reviews (inbound_messages,
 * form "review": "new" until the office publishes or rejects it) and forum questions and replies
 * (/discussion: "pending" until then). Both were accepted before and could never be published. A decision
 * is made on the status the office saw (UPDATE ... WHERE status = seen: a colleague's decision meanwhile
 * refuses it), is audited in its transaction, and makes the cached public pages stale.
 */

export type ModerationResult = { ok: true; message: string } | { ok: false; reason: "not-found" } | { ok: false; reason: "refused"; message: string };

const MAX_SHOWN = 100;

// ── Reviews sent from /reviews ───────────────────────────────────────────────────────────────────

export interface FormReviewItem {
  id: number;
  reference: string;
  status: string;
  name: string;
  company: string | null;
  city: string;
  mobile: string | null;
  rating: number;
  service: string | null;
  text: string;
  createdAt: string;
  publishedAt: string | null;
}

const isReview = eq(inboundMessages.form, "review");

function reviewDetail(details: unknown, key: string): unknown {
  return details && typeof details === "object" ? (details as Record<string, unknown>)[key] : undefined;
}

export async function listFormReviews(show: ReviewFilter, cursor: Cursor | undefined) {
  const db = getDb();
  const after = cursor && typeof cursor[0] === "string" && !Number.isNaN(Date.parse(cursor[0])) ? cursor : undefined;
  const at = after ? new Date(after[0] as string) : undefined;
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(inboundMessages)
      .where(
        and(
          isReview,
          eq(inboundMessages.status, show),
          at ? sql`(${inboundMessages.createdAt}, ${inboundMessages.id}) < (${at.toISOString()}::timestamptz, ${after![1]})` : undefined,
        ),
      )
      .orderBy(desc(inboundMessages.createdAt), desc(inboundMessages.id))
      .limit(PAGE_SIZE + 1),
    db.select({ status: inboundMessages.status, n: count() }).from(inboundMessages).where(isReview).groupBy(inboundMessages.status),
  ]);
  const items = rows.map(
    (r): FormReviewItem => ({
      id: r.id,
      reference: r.reference,
      status: r.status,
      name: r.name,
      company: r.company,
      city: String(reviewDetail(r.details, "city") ?? ""),
      mobile: r.mobile,
      rating: Number(reviewDetail(r.details, "rating") ?? 0),
      service: r.subject,
      text: r.message,
      createdAt: r.createdAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
    }),
  );
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
  const tabCounts: Record<ReviewFilter, number> = { new: byStatus.new ?? 0, published: byStatus.published ?? 0, rejected: byStatus.rejected ?? 0 };
  return { ...keysetPage(items, (r) => [r.createdAt, r.id]), counts: tabCounts, total: tabCounts[show] };
}

export async function moderateReview(staff: StaffMember, input: ModerateReviewInput, now = new Date()): Promise<ModerationResult> {
  const next = input.intent === "publish" ? "published" : "rejected";
  if (input.status === next) return { ok: false, reason: "refused", message: next === "published" ? "This review is already published." : "This review is already not published." };
  const result = await getDb().transaction(async (tx): Promise<ModerationResult> => {
    const [row] = await tx.select().from(inboundMessages).where(and(eq(inboundMessages.id, input.id), isReview));
    if (!row) return { ok: false, reason: "not-found" };
    const updated = await tx
      .update(inboundMessages)
      .set({ status: next, publishedAt: next === "published" ? now : null, moderatedBy: staff.userId })
      .where(and(eq(inboundMessages.id, row.id), eq(inboundMessages.status, input.status)))
      .returning({ id: inboundMessages.id });
    if (updated.length === 0) return { ok: false, reason: "refused", message: STALE_MODERATION_MESSAGE };
    await audit(
      tx,
      auditActor(staff),
      { action: `review.${input.intent}`, entityType: "review", entityId: row.id, entityLabel: `${row.reference} (${row.name})`, before: { status: row.status }, after: { status: next } },
      now,
    );
    return {
      ok: true,
      message: next === "published" ? `Review ${row.reference} published: it shows on the reviews page.` : `Review ${row.reference} is not published${row.status === "published" ? ": it is off the reviews page" : ""}.`,
    };
  });
  if (result.ok) bumpContentVersion();
  return result;
}

// ── Forum questions and replies ──────────────────────────────────────────────────────────────────

export interface ForumTopicItem {
  id: number;
  slug: string;
  title: string;
  category: string;
  body: string;
  authorName: string;
  authorCity: string | null;
  mobile: string;
  status: string;
  createdAt: string;
}

export interface ForumReplyItem {
  id: number;
  topicSlug: string;
  topicTitle: string;
  topicStatus: string;
  body: string;
  authorName: string;
  mobile: string | null;
  isStaff: boolean;
  status: string;
  createdAt: string;
}

/** Questions and replies in one state, newest first (at most 100 of each shown; the counts say how many). */
export async function listForumPosts(show: ForumFilter) {
  const db = getDb();
  const [topics, replies, topicCounts, replyCounts] = await Promise.all([
    db.select().from(discussionTopics).where(eq(discussionTopics.status, show)).orderBy(desc(discussionTopics.createdAt), desc(discussionTopics.id)).limit(MAX_SHOWN),
    db
      .select({ reply: discussionReplies, topicSlug: discussionTopics.slug, topicTitle: discussionTopics.title, topicStatus: discussionTopics.status })
      .from(discussionReplies)
      .innerJoin(discussionTopics, eq(discussionTopics.id, discussionReplies.topicId))
      .where(eq(discussionReplies.status, show))
      .orderBy(desc(discussionReplies.createdAt), desc(discussionReplies.id))
      .limit(MAX_SHOWN),
    db.select({ status: discussionTopics.status, n: count() }).from(discussionTopics).groupBy(discussionTopics.status),
    db.select({ status: discussionReplies.status, n: count() }).from(discussionReplies).groupBy(discussionReplies.status),
  ]);
  const tally = (rows: Array<{ status: string; n: number }>): Record<ForumFilter, number> => {
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    return { pending: by.pending ?? 0, published: by.published ?? 0, rejected: by.rejected ?? 0 };
  };
  const t = tally(topicCounts);
  const r = tally(replyCounts);
  return {
    topics: topics.map(
      (x): ForumTopicItem => ({
        id: x.id,
        slug: x.slug,
        title: x.title,
        category: x.category,
        body: x.body,
        authorName: x.authorName,
        authorCity: x.authorCity,
        mobile: x.mobile,
        status: x.status,
        createdAt: x.createdAt.toISOString(),
      }),
    ),
    replies: replies.map(
      (x): ForumReplyItem => ({
        id: x.reply.id,
        topicSlug: x.topicSlug,
        topicTitle: x.topicTitle,
        topicStatus: x.topicStatus,
        body: x.reply.body,
        authorName: x.reply.authorName,
        mobile: x.reply.mobile,
        isStaff: x.reply.isStaff,
        status: x.reply.status,
        createdAt: x.reply.createdAt.toISOString(),
      }),
    ),
    topicCounts: t,
    replyCounts: r,
    counts: { pending: t.pending + r.pending, published: t.published + r.published, rejected: t.rejected + r.rejected } as Record<ForumFilter, number>,
    maxShown: MAX_SHOWN,
  };
}

export async function moderatePost(staff: StaffMember, input: ModeratePostInput, now = new Date()): Promise<ModerationResult> {
  const next = input.intent === "publish" ? "published" : "rejected";
  const what = input.kind === "topic" ? "question" : "reply";
  if (input.status === next) return { ok: false, reason: "refused", message: next === "published" ? `This ${what} is already published.` : `This ${what} is already not published.` };
  const result = await getDb().transaction(async (tx): Promise<ModerationResult> => {
    let label: string;
    let before: string;
    if (input.kind === "topic") {
      const [row] = await tx.select().from(discussionTopics).where(eq(discussionTopics.id, input.id));
      if (!row) return { ok: false, reason: "not-found" };
      const updated = await tx
        .update(discussionTopics)
        // The forum lists questions by when they were published; a question published again keeps its first date.
        .set(next === "published" ? { status: next, publishedAt: sql`coalesce(${discussionTopics.publishedAt}, ${now.toISOString()}::timestamptz)` } : { status: next })
        .where(and(eq(discussionTopics.id, row.id), eq(discussionTopics.status, input.status)))
        .returning({ id: discussionTopics.id });
      if (updated.length === 0) return { ok: false, reason: "refused", message: STALE_MODERATION_MESSAGE };
      label = `${row.title} (${row.authorName})`;
      before = row.status;
    } else {
      const [row] = await tx
        .select({ reply: discussionReplies, topicStatus: discussionTopics.status, topicTitle: discussionTopics.title })
        .from(discussionReplies)
        .innerJoin(discussionTopics, eq(discussionTopics.id, discussionReplies.topicId))
        .where(eq(discussionReplies.id, input.id));
      if (!row) return { ok: false, reason: "not-found" };
      if (next === "published" && row.topicStatus !== "published") {
        return { ok: false, reason: "refused", message: `Publish the question "${row.topicTitle}" first: a reply shows only under a published question.` };
      }
      const updated = await tx
        .update(discussionReplies)
        .set(next === "published" ? { status: next, publishedAt: sql`coalesce(${discussionReplies.publishedAt}, ${now.toISOString()}::timestamptz)` } : { status: next })
        .where(and(eq(discussionReplies.id, row.reply.id), eq(discussionReplies.status, input.status)))
        .returning({ id: discussionReplies.id });
      if (updated.length === 0) return { ok: false, reason: "refused", message: STALE_MODERATION_MESSAGE };
      label = `Reply by ${row.reply.authorName} to ${row.topicTitle}`;
      before = row.reply.status;
    }
    await audit(
      tx,
      auditActor(staff),
      { action: `forum.${input.intent}`, entityType: input.kind === "topic" ? "forum-question" : "forum-reply", entityId: input.id, entityLabel: label, before: { status: before }, after: { status: next } },
      now,
    );
    const capital = what === "question" ? "Question" : "Reply";
    return { ok: true, message: next === "published" ? `${capital} published on the forum.` : `${capital} not published${before === "published" ? ": it is off the forum" : ""}.` };
  });
  if (result.ok) bumpContentVersion();
  return result;
}

/** What waits for a decision, for the feedback screens' navigation: new form reviews and pending forum posts. */
export async function awaitingModeration(): Promise<{ reviews: number; forum: number }> {
  const db = getDb();
  const [[reviews], [topics], [replies]] = await Promise.all([
    db.select({ n: count() }).from(inboundMessages).where(and(isReview, eq(inboundMessages.status, "new"))),
    db.select({ n: count() }).from(discussionTopics).where(eq(discussionTopics.status, "pending")),
    db.select({ n: count() }).from(discussionReplies).where(eq(discussionReplies.status, "pending")),
  ]);
  return { reviews: Number(reviews?.n ?? 0), forum: Number(topics?.n ?? 0) + Number(replies?.n ?? 0) };
}
