import { handleWhatsAppWebhook } from "~/.server/whatsapp/webhook.ts";
import { effectiveWhatsApp } from "~/.server/settings/integrations.ts";
import { takeToken } from "~/.server/forms/rate-limit.ts";
import { sameInConstantTime } from "~/.server/signing/keyed-mac.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import type { Route } from "./+types/whatsapp-webhook";

/**
 * /api/whatsapp/webhook: Meta's WhatsApp Cloud API webhook (~/.server/whatsapp/webhook.ts).
 * GET is Meta's verification handshake (hub.mode=subscribe, hub.verify_token, hub.challenge echoed back).
 * POST carries messages and statuses as JSON, which the server's CSRF check (hono/csrf: form content types
 * only) lets through without an Origin: the X-Hub-Signature-256 over the raw body is what authenticates it.
 */

const MAX_BODY_BYTES = 512 * 1024;
/** Meta's bursts stay far below this; a flood of forged calls is answered 429 before anything is logged. */
const PER_ADDRESS = { max: 600, windowMs: 60_000 };
const headers = { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const mode = params.get("hub.mode");
  const token = params.get("hub.verify_token") ?? "";
  const challenge = params.get("hub.challenge") ?? "";
  const { verifyToken } = await effectiveWhatsApp();
  if (mode !== "subscribe" || !verifyToken || !sameInConstantTime(token, verifyToken) || !/^[\w-]{1,200}$/.test(challenge)) {
    return new Response("Verification refused.", { status: 403, headers });
  }
  return new Response(challenge, { status: 200, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed.", { status: 405, headers: { ...headers, Allow: "GET, POST" } });
  const wait = await takeToken(`whatsapp-webhook:${context.get(clientAddressContext)}`, PER_ADDRESS);
  if (wait !== undefined) return new Response("Too many requests.", { status: 429, headers: { ...headers, "Retry-After": String(wait) } });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return json(413, { error: "Too large" });
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) return json(413, { error: "Too large" });
  const result = await handleWhatsAppWebhook({ rawBody: new TextDecoder().decode(bytes), signature: request.headers.get("x-hub-signature-256") });
  return json(result.status, { outcome: result.outcome, reason: result.reason });
}
