import { z } from "zod";
import { optionalText } from "~/lib/forms/fields.ts";

/**
 * The customer's rating of a finished job (/d/feedback/{token}): 1-5, a comment, and whether the rating and
 * comment may be shown on /reviews under their name and city. One schema, shared by the server and the page.
 */

export const RATINGS = [
  { value: "1", label: "1: Very poor" },
  { value: "2", label: "2: Poor" },
  { value: "3", label: "3: Fair" },
  { value: "4", label: "4: Good" },
  { value: "5", label: "5: Excellent" },
] as const;

export const RATING_WORDS: Record<number, string> = { 1: "Very poor", 2: "Poor", 3: "Fair", 4: "Good", 5: "Excellent" };

/** A rating at or below this alerts the owner and opens a follow-up the office must close. */
export const LOW_RATING_MAX = 2;

export const COMMENT_MAX = 2000;

export const ratingSchema = z.object({
  rating: z.enum(RATINGS.map((r) => r.value), "Choose a rating from 1 to 5.").transform(Number),
  comment: optionalText(COMMENT_MAX),
  /** The consent checkbox: "yes" when ticked, absent when not. */
  publish: z
    .union([z.literal(["yes", "on"]), z.literal("")])
    .optional()
    .transform((v) => v === "yes" || v === "on"),
});
export type RatingInput = z.output<typeof ratingSchema>;

/**
 * How a published rating names its author: the contact name and city of the job, as the consent checkbox
 * says it word for word. A long name is cut (a review shows a person, not a paragraph).
 */
export function reviewerName(contactName: string, city: string | null): string {
  const name = Array.from(contactName.replace(/\s+/g, " ").trim()).slice(0, 60).join("");
  const place = city?.replace(/\s+/g, " ").trim();
  return place ? `${name}, ${place}` : name;
}
