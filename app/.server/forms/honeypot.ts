/** The honeypot: a hidden field people leave empty and bots fill in. */
import { HONEYPOT_FIELD } from "~/lib/forms/form-basics.ts";

/** True when the hidden honeypot field was filled in: a bot, not a person. */
export function isBot(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value !== "string" || value !== "";
}

export const BOT_MESSAGE = "Your form could not be sent. Please call us instead.";
