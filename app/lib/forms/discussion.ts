import { z } from "zod";
import { FORUM_CATEGORIES } from "./forum-categories.ts";
import { idempotencyKey, indianMobile, optionalText, privacyConsent, requiredText } from "./fields.ts";


const minText = (missing: string, min: number, max: number) =>
  requiredText(missing, max).refine((v) => v.length >= min, `Please write at least ${min} characters, so that others can help.`);

/** A new question in the forum. */
export const topicSchema = z.object({
  title: minText("Give your question a title.", 10, 150),
  category: z.enum(FORUM_CATEGORIES, "Choose a category."),
  body: minText("Describe the problem: the equipment, what happens, and what you have tried.", 30, 5000),
  name: requiredText("Enter your name.", 100),
  city: optionalText(80),
  mobile: indianMobile,
  consent: privacyConsent,
  idempotencyKey,
});

/** A reply to a question. */
export const replySchema = z.object({
  body: minText("Write your reply.", 10, 5000),
  name: requiredText("Enter your name.", 100),
  mobile: indianMobile,
  consent: privacyConsent,
  idempotencyKey,
});
