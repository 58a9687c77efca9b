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
 * then a help-desk ticket without an acknowledgement of its own with the conversation attached (createTicket, source "chatbot"), keyed to the inbound
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
  | { ok: false; status: 400 | 429; errors: Record<string, string>; retryAfter?: number };

export async function requestCallbackFromChat(request: Request, address: string): Promise<HandoffOutcome> {
  const form = await readForm(request);
  const checked = await checkForm(form, ENQUIRY_SCHEMAS.callback, { limit: { name: "callback", address } });
  if (!checked.ok) {
    const outcome = checked.outcome;
    if (outcome.ok) throw new Error("checkForm: a refusal was expected");
    return { ok: false, status: outcome.status, errors: outcome.failure.errors, retryAfter: outcome.retryAfter };
  }
  const data = checked.data;
  const transcript = parseTranscript(form.get("transcript"));
  // The callback form has no message box: the office's e-mail carries what the customer asked the assistant
  // (and when to call), never "(no message)".
  const asked = transcript.filter((l) => l.author === "customer").map((l) => `- ${l.body}`);
  const message = [`Please call back: ${data.callbackTime}.`, ...(asked.length > 0 ? ["", "Asked the chat assistant:", ...asked] : [])].join("\n").slice(0, 4000);
  const reference = await submitEnquiry("callback", { ...data, subject: data.subject ?? "Callback request from the chat assistant", message });
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
      // The callback's acknowledgement already told the customer we have it, with its reference: one SMS,
      // not two. The office's first reply on the ticket brings its link (as for a contact message).
      acknowledge: false,
    }),
  );
  return { ok: true, reference, ticket: ticket.reference };
}
