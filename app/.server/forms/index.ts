/** What every form's action shares, public, portal or staff (a barrel): reading and checking the post, honeypot, rate limits, idempotency, signed receipts. */

// Validation itself is the form's Zod schema (~/lib/forms), shared with the browser.
export * from "./post.ts";
export * from "./honeypot.ts";
export * from "./rate-limit.ts";
export * from "./idempotency.ts";
export * from "./receipts.ts";
