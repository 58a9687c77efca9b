import { clientAddressContext } from "~/.server/http/client-address.ts";
import { isRecorded, parsePing, pingLimited, trackVisitor, visitorFigures } from "~/.server/visitors/index.ts";
import type { Route } from "./+types/visitors";

/**
 * The visitor ping (spec §7, issue 12 §2): POST /api/visitors with JSON `{ sessionId, pagePath }`, sent by every
 * public page on load and every 120 s (app/components/visitor-figures.tsx). It answers with the public figures
 * (online now, the "Today" figure, the total), so that the footer needs no request of its own. GET answers the
 * figures alone. No cookie is set and no address stored: the address only keys the rate limiter.
 */

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers } });

const MAX_BODY = 1024;

export async function loader() {
  return json(200, await visitorFigures());
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json(405, { error: "Method not allowed" }, { Allow: "GET, POST" });
  // JSON only: another site's page cannot send it without a CORS preflight, which is never granted.
  if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) return json(415, { error: "Send JSON" });
  const text = await request.text();
  if (text.length > MAX_BODY) return json(413, { error: "Too large" });
  let body: { sessionId?: unknown; pagePath?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { error: "Send JSON: { sessionId, pagePath }" });
  }
  const ping = body && typeof body === "object" ? parsePing(body.sessionId, body.pagePath) : undefined;
  if (!ping) return json(400, { error: "sessionId must be session-<timestamp><random text>; pagePath a public path." });
  const wait = await pingLimited(context.get(clientAddressContext));
  if (wait !== undefined) return json(429, { error: "Too many pings" }, { "Retry-After": String(wait) });
  if (isRecorded(ping)) await trackVisitor(ping.sessionId, ping.pagePath);
  return json(200, await visitorFigures());
}
