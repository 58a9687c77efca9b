import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/index.ts";
import { isUniqueViolation } from "~/.server/db/references.ts";
import { discussionReplies, discussionTopics } from "~/.server/db/schema.ts";
import { checkForm, keyFor, readForm, type PostOutcome } from "~/.server/forms/index.ts";
import { inboundNotifications, queueMessages } from "~/.server/notifications/index.ts";
import { privacyConsent } from "~/.server/legal/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { replySchema, topicSchema } from "~/lib/forms/discussion.ts";

/** A readable, unique address for a question: its title's words and a short random tail. */
function topicSlug(title: string): string {
  const words = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${words || "question"}-${randomBytes(3).toString("hex")}`;
}

export interface TopicSummary {
  slug: string;
  title: string;
  category: string;
  authorName: string;
  authorCity: string | null;
  publishedAt: string;
  replies: number;
}

/** Published questions, newest first, with their published reply counts. */
export async function listTopics(category?: string): Promise<TopicSummary[]> {
  const db = getDb();
  const replies = db
    .select({ topicId: discussionReplies.topicId, n: count().as("n") })
    .from(discussionReplies)
    .where(eq(discussionReplies.status, "published"))
    .groupBy(discussionReplies.topicId)
    .as("replies");
  const rows = await db
    .select({
      slug: discussionTopics.slug,
      title: discussionTopics.title,
      category: discussionTopics.category,
      authorName: discussionTopics.authorName,
      authorCity: discussionTopics.authorCity,
      publishedAt: discussionTopics.publishedAt,
      replies: sql<number>`coalesce(${replies.n}, 0)`.mapWith(Number),
    })
    .from(discussionTopics)
    .leftJoin(replies, eq(replies.topicId, discussionTopics.id))
    .where(
      and(eq(discussionTopics.status, "published"), category ? eq(discussionTopics.category, category) : undefined),
    )
    .orderBy(desc(discussionTopics.publishedAt))
    .limit(200);
  return rows.map((r) => ({ ...r, publishedAt: (r.publishedAt ?? new Date(0)).toISOString().slice(0, 10) }));
}

/** A published question with its published replies, or undefined. */
export async function findTopic(slug: string) {
  const db = getDb();
  const [topic] = await db
    .select()
    .from(discussionTopics)
    .where(and(eq(discussionTopics.slug, slug), eq(discussionTopics.status, "published")));
  if (!topic) return undefined;
  const replies = await db
    .select()
    .from(discussionReplies)
    .where(and(eq(discussionReplies.topicId, topic.id), eq(discussionReplies.status, "published")))
    .orderBy(asc(discussionReplies.publishedAt));
  return {
    id: topic.id,
    slug: topic.slug,
    title: topic.title,
    category: topic.category,
    body: topic.body,
    authorName: topic.authorName,
    authorCity: topic.authorCity,
    publishedAt: (topic.publishedAt ?? topic.createdAt).toISOString().slice(0, 10),
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      authorName: r.authorName,
      isStaff: r.isStaff,
      publishedAt: (r.publishedAt ?? r.createdAt).toISOString().slice(0, 10),
    })),
  };
}

async function notifyOffice(
  tx: Parameters<typeof queueMessages>[0],
  site: SiteSettings,
  what: string,
  reference: string,
  name: string,
  text: string,
) {
  await queueMessages(
    tx,
    inboundNotifications({ reference, form: "discussion", formLabel: what, name, mobile: null, email: null, subject: null, message: text }, site),
  );
}

/** A new question: stored as pending until the office publishes it. */
export async function postTopic(request: Request, address: string): Promise<PostOutcome> {
  const checked = await checkForm(await readForm(request), topicSchema, { limit: { name: "topic", address }, form: "topic" });
  if (!checked.ok) return checked.outcome;
  const { data } = checked;
  const key = keyFor("topic", data.idempotencyKey, data);
  // Read before the transaction: inside it, only tx may query.
  const [consent, site] = await Promise.all([privacyConsent(), getSiteSettings()]);
  try {
    await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(discussionTopics)
        .values({
          slug: topicSlug(data.title),
          title: data.title,
          category: data.category,
          body: data.body,
          authorName: data.name,
          authorCity: data.city ?? null,
          mobile: data.mobile,
          ...consent,
          consentAt: new Date(),
          idempotencyKey: key,
        })
        .returning({ slug: discussionTopics.slug });
      await notifyOffice(tx, site, "Forum question", `forum/${row!.slug}`, data.name, `${data.title}\n\n${data.body}`);
    });
  } catch (error) {
    // A repeat of a question already stored: it is there once, which is what the visitor wanted.
    if (!isUniqueViolation(error)) throw error;
  }
  return { ok: true, location: "/discussion?posted=question#ask" };
}

/** A reply to a published question: stored as pending until the office publishes it. */
export async function postReply(request: Request, address: string, slug: string): Promise<PostOutcome | undefined> {
  const [topic] = await getDb()
    .select({ id: discussionTopics.id })
    .from(discussionTopics)
    .where(and(eq(discussionTopics.slug, slug), eq(discussionTopics.status, "published")));
  if (!topic) return undefined;
  const checked = await checkForm(await readForm(request), replySchema, { limit: { name: "reply", address }, form: "reply" });
  if (!checked.ok) return checked.outcome;
  const { data } = checked;
  const key = keyFor(`reply:${slug}`, data.idempotencyKey, data);
  // Read before the transaction: inside it, only tx may query.
  const [consent, site] = await Promise.all([privacyConsent(), getSiteSettings()]);
  try {
    await getDb().transaction(async (tx) => {
      const [row] = await tx.insert(discussionReplies).values({
        topicId: topic.id,
        body: data.body,
        authorName: data.name,
        mobile: data.mobile,
        ...consent,
        consentAt: new Date(),
        idempotencyKey: key,
      }).returning({ id: discussionReplies.id });
      await notifyOffice(tx, site, "Forum reply", `forum/${slug}/reply-${row!.id}`, data.name, data.body);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return { ok: true, location: `/discussion/${slug}?posted=reply#reply` };
}
