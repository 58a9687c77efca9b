import { z } from "zod";
import { requiredText } from "~/lib/forms/fields.ts";
import { changedMeanwhile } from "~/lib/forms/stale.ts";

/**
 * The content screen's legal-text and image forms (/admin/cms/legal/{slug}, /admin/cms/images): one schema per
 * form, shared by the server (parseForm) and the browser.
 */

export const STALE_LEGAL_MESSAGE =
  "Someone else published a new version of this text while you were looking at it. Your text is kept below: reload the page in another tab to see theirs, then publish again.";
export const STALE_IMAGE_MESSAGE = changedMeanwhile("image");

/** The version the form was drawn on: for a legal text, the number of its current version. */
const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

/** Publish a new version of a legal text: its whole text, as it will read from today. */
export const publishLegalSchema = z.object({
  intent: z.literal("publish"),
  version,
  title: requiredText("Give the page's title, e.g. Privacy Notice.", 120),
  summary: requiredText("Give one or two sentences for the page's header and search results.", 160),
  body: requiredText("Write the text: the whole text, as it reads from today.", 100_000),
  /** What changed, for the log (optional). */
  note: z
    .string()
    .trim()
    .max(300, "Please keep this under 300 characters.")
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type PublishLegalInput = z.output<typeof publishLegalSchema>;

/** Upload one image: the file is read by the server (app/.server/uploads); the alt text is required. */
export const uploadImageSchema = z.object({
  intent: z.literal("upload"),
  alt: requiredText("Describe the image for people who cannot see it (alt text), e.g. “VFD control board with burnt capacitor”.", 250),
});

export const deleteImageSchema = z.object({ intent: z.literal("delete"), id: z.coerce.number("Reload the page and try again.").int().min(1), version });
