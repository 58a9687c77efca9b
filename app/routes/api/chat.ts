import { answerQuestion, MAX_CHAT_QUERY } from "~/.server/chat/index.ts";
import { requestCallbackFromChat } from "~/.server/chat/handoff.ts";
import { takeToken } from "~/.server/forms/rate-limit.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import type { Route } from "./+types/chat";

/**
 * The chat assistant's server (issue 12 §6).
 * - GET /api/chat?q=...: the best few answers from the site's own content, as JSON.
 * - POST /api/chat (a form: the callback fields, the idempotency key and the conversation): a callback request
 *   handed to the help desk. A form post, so the server's CSRF check wants it from this site's own pages.
 */

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers } });

/** Questions per address: plenty for a person typing, too few to scrape the site through the assistant. */
const ASK_LIMIT = { max: 60, windowMs: 60_000 };

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  if (!q) return json(400, { error: "Ask a question: ?q=..." });
  if (q.length > MAX_CHAT_QUERY) return json(400, { error: `A question may have at most ${MAX_CHAT_QUERY} characters.` });
  const wait = await takeToken(`chat-ask:${context.get(clientAddressContext)}`, ASK_LIMIT);
  if (wait !== undefined) return json(429, { error: "Too many questions. Please wait a minute." }, { "Retry-After": String(wait) });
  return json(200, { answers: await answerQuestion(q) });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json(405, { error: "Method not allowed" }, { Allow: "GET, POST" });
  const outcome = await requestCallbackFromChat(request, context.get(clientAddressContext));
  if (outcome.ok) return json(200, { reference: outcome.reference, ticket: outcome.ticket });
  return json(outcome.status, { errors: outcome.errors }, outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : {});
}
