/**
 * Feedback and reviews (issue 11 §6): the request for a rating when a job is completed, the customer's
 * rating, low-rating follow-ups, publishing to /reviews with consent, moderation of reviews and forum posts
 * sent from the site, and the figures per technician and service beside the site's claims.
 */
export { feedbackLink, queueFeedbackRequest, type FeedbackRequestInput, type FeedbackRequestResult } from "./request.ts";
export { feedbackPage, lowRatingAlert, submitRating, type FeedbackPageData, type RatingResult } from "./rating.ts";
export { changePublication, closeFollowUp, feedbackRecord, listFeedback, openFollowUps, type FeedbackRecord, type FeedbackResult } from "./office.ts";
export { awaitingModeration, listFormReviews, listForumPosts, moderatePost, moderateReview, type ModerationResult } from "./moderation.ts";
export { checkClaim, ratingFigures, type ClaimCheck, type RatingSummary } from "./figures.ts";
export { publicReviews, type PublicReview } from "./reviews.ts";
