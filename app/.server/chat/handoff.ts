import { z } from "zod";
import { getDb } from "~/.server/db/index.ts";
import { findEnquiry, submitEnquiry } from "~/.server/enquiries/index.ts";
import { checkForm, readForm } from "~/.server/forms/index.ts";
import { createTicket } from "~/.server/helpdesk/index.ts";
import { MAX_TRANSCRIPT_LINE, MAX_TRANSCRIPT_LINES, type ChatLine } from "~/lib/chat.ts";
import { ENQUIRY_SCHEMAS } from "~/lib/forms/enquiries.ts";

/**
 * The chat's callback request and its hand-off to the help desk (issue 12 §6). It is the site's "callback"
 * inbound form (same schema, honeypot, rate limits, idempotency key, acknowledgements: submitEnquiry), and
 * then a help-desk ticket with the conversation attached (createTicket, source "chatbot"), keyed to the inbound
 * message so that a repeat, or the help desk's own intake of the same message, never makes a second one.
 */

const transcriptSchema = z
  .array(z.object({ author: z.enum(["customer", "bot"]), body: z.string() }))
  .transform((lines) =>
    lines
      .slice(-MAX_TRANSCRIPT_LINES)
      .map((l) => ({ author: l.author, body: l.body.replace(/\s+/g, " ").trim().slice(0, MAX_TRANSCRIPT_LINE) }))
      .filter((l) => l.body.length > 0),
  );

/** The transcript the widget sent, or [] when it is missing or not one (the callback still counts). */
export function parseTranscript(raw: FormDataEntryValue | null): ChatLine[] {
  if (typeof raw !== "string" || raw.length > 100_000) return [];
  try {
    const parsed = transcriptSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export type HandoffOutcome =
  | { ok: true; reference: string; ticket: string | null }
  | { ok: false; status: 400 | 429; errors: Record<string, string>; formError?: string; retryAfter?: number };

export async function requestCallbackFromChat(request: Request, address: string): Promise<HandoffOutcome> {
  const form = await readForm(request);
  const checked = await checkForm(form, address, ENQUIRY_SCHEMAS.callback, { limit: "callback" });
  if (!checked.ok) {
    const outcome = checked.outcome;
    if (outcome.ok) throw new Error("checkForm: a refusal was expected");
    return { ok: false, status: outcome.status, errors: outcome.failure.errors, formError: outcome.failure.formError, retryAfter: outcome.retryAfter };
  }
  const data = checked.data;
  const transcript = parseTranscript(form!.get("transcript"));
  const reference = await submitEnquiry("callback", { ...data, subject: data.subject ?? "Callback request from the chat assistant" });
  const inbound = await findEnquiry(reference);
  const lastQuestion = [...transcript].reverse().find((l) => l.author === "customer")?.body;
  const ticket = await getDb().transaction((tx) =>
    createTicket(tx, {
      source: "chatbot",
      subject: data.subject || (lastQuestion ? `Chat: ${lastQuestion}` : "Callback request from the chat"),
      body: `Please call me back (${data.callbackTime}).${data.subject ? ` About: ${data.subject}.` : ""} Callback request ${reference}.`,
      contactName: data.name,
      contactMobile: data.mobile,
      inboundMessageId: inbound?.id ?? null,
      transcript,
      idempotencyKey: inbound ? `inbound:${inbound.id}` : `chatbot:${reference}`,
    }),
  );
  return { ok: true, reference, ticket: ticket.reference };
}
