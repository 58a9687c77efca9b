import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { requiredText } from "~/lib/forms/fields.ts";

/**
 * The feedback screens' filters and forms (/admin/feedback, /admin/feedback/{id}, /admin/feedback/reviews,
 * /admin/feedback/forum): one schema per form, shared by the server (parseForm, parseListQuery) and the page.
 */

export const STALE_FEEDBACK_MESSAGE = changedMeanwhile("rating");
export const STALE_MODERATION_MESSAGE = "Someone else has already moderated this meanwhile. Reload to see what it is now.";
export const NO_CONSENT_MESSAGE =
  "The customer did not agree to have this rating shown on the website, so it cannot be published. Ask them, and record their answer with a new rating if they agree.";

// ── The ratings list ─────────────────────────────────────────────────────────────────────────────

export const FEEDBACK_FILTERS = [
  { value: "rated", label: "All ratings" },
  { value: "follow-up", label: "Low: follow-up open" },
  { value: "awaiting", label: "Awaiting publication" },
  { value: "published", label: "Published" },
  { value: "unanswered", label: "Not rated yet" },
] as const;
export type FeedbackFilter = (typeof FEEDBACK_FILTERS)[number]["value"];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const feedbackListSchema = z.object({
  show: z.enum(FEEDBACK_FILTERS.map((f) => f.value)).default("rated"),
  /** One technician's ratings (technician_profiles.id), from the per-technician figures. */
  technician: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** One service's ratings (its catalogue slug), from the per-service figures. */
  service: z.string().trim().max(120).regex(SLUG).optional(),
});
export type FeedbackListFilters = z.output<typeof feedbackListSchema>;

// ── One rating's actions ─────────────────────────────────────────────────────────────────────────

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

export const closeFollowUpSchema = z.object({
  intent: z.literal("close-follow-up"),
  version,
  note: requiredText("Say what was done: who called the customer, what was agreed.", 2000),
});
export type CloseFollowUpInput = z.output<typeof closeFollowUpSchema>;

export const PUBLISH_INTENTS = ["publish", "hide"] as const;
export type PublishIntent = (typeof PUBLISH_INTENTS)[number];
export const publishSchema = z.object({ intent: z.enum(PUBLISH_INTENTS), version });
export type PublishInput = z.output<typeof publishSchema>;

export function isFeedbackIntent(v: unknown): v is "close-follow-up" | PublishIntent {
  return v === "close-follow-up" || (PUBLISH_INTENTS as readonly unknown[]).includes(v);
}

// ── Moderation: reviews sent from /reviews, forum questions and replies ─────────────────────────

export const REVIEW_FILTERS = [
  { value: "new", label: "Awaiting a decision" },
  { value: "published", label: "Published" },
  { value: "rejected", label: "Not published" },
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]["value"];
export const reviewListSchema = z.object({ show: z.enum(REVIEW_FILTERS.map((f) => f.value)).default("new") });

export const FORUM_FILTERS = [
  { value: "pending", label: "Awaiting a decision" },
  { value: "published", label: "Published" },
  { value: "rejected", label: "Not published" },
] as const;
export type ForumFilter = (typeof FORUM_FILTERS)[number]["value"];
export const forumListSchema = z.object({ show: z.enum(FORUM_FILTERS.map((f) => f.value)).default("pending") });

export const MODERATION_INTENTS = ["publish", "reject"] as const;
export type ModerationIntent = (typeof MODERATION_INTENTS)[number];

const id = z.coerce.number("Reload the page and try again.").int().min(1).max(2_147_483_647);

/** Publish or reject a review from /reviews; `status` is what the office saw (a change meanwhile refuses it). */
export const moderateReviewSchema = z.object({
  intent: z.enum(MODERATION_INTENTS),
  id,
  status: z.enum(["new", "published", "rejected"], "Reload the page and try again."),
});
export type ModerateReviewInput = z.output<typeof moderateReviewSchema>;

/** Publish or reject a forum question or reply, on the status the office saw. */
export const moderatePostSchema = z.object({
  intent: z.enum(MODERATION_INTENTS),
  kind: z.enum(["topic", "reply"], "Reload the page and try again."),
  id,
  status: z.enum(["pending", "published", "rejected"], "Reload the page and try again."),
});
export type ModeratePostInput = z.output<typeof moderatePostSchema>;
