import { handleDeliveryReport, SIGNATURE_HEADER } from "~/.server/communications/delivery.ts";
import { handleInboundSms } from "~/.server/communications/inbound-sms.ts";
import { takeToken } from "~/.server/forms/rate-limit.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import type { Route } from "./+types/sms-webhook";

/**
 * The SMS provider's two webhooks, one module (routed twice in app/routes.ts):
 * - POST /api/sms/delivery: delivery reports (~/.server/communications/delivery.ts);
 * - POST /api/sms/inbound: customers' replies, above all STOP (~/.server/communications/inbound-sms.ts).
 * Public routes outside the back office: the HMAC signature over the raw body is what authenticates them, so
 * the body is read as text, exactly as sent. JSON passes the server's CSRF check (form types only), as a
 * webhook has no Origin.
 */
const HANDLERS = { delivery: handleDeliveryReport, inbound: handleInboundSms } as const;

const MAX_BODY_BYTES = 64 * 1024;
/** A provider calls from a few addresses: generous, yet a flood cannot fill webhook_events. */
const PER_ADDRESS = { max: 1200, windowMs: 60_000 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return new Response("Method not allowed: the SMS provider posts here.", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const kind = new URL(request.url).pathname.endsWith("/inbound") ? "inbound" : "delivery";
  const wait = await takeToken(`sms-${kind}:${context.get(clientAddressContext)}`, PER_ADDRESS);
  if (wait !== undefined) return new Response("Too many requests.", { status: 429, headers: { "Retry-After": String(wait), "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" } });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return json(413, { error: "Too large" });
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) return json(413, { error: "Too large" });
  const result = await HANDLERS[kind]({
    rawBody: new TextDecoder().decode(bytes),
    signature: request.headers.get(SIGNATURE_HEADER),
    ipAddress: context.get(clientAddressContext),
  });
  return json(result.status, { outcome: result.outcome, reason: result.reason });
}
