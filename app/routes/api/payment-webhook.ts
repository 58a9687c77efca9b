import { handleGatewayWebhook } from "~/.server/payments/gateway/webhook.ts";
import { clientAddressContext } from "~/.server/http/client-address.ts";
import type { Route } from "./+types/payment-webhook";

/**
 * POST /api/payments/webhook: the payment gateway's webhook (~/.server/payments/gateway/webhook.ts). The
 * gateway posts JSON, which the server's CSRF check (hono/csrf: form content types only) lets through
 * without an Origin: the HMAC signature over the raw body is what authenticates it. The body is read as
 * text, exactly as sent, because the signature covers those bytes.
 */

const MAX_BODY_BYTES = 256 * 1024;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });

export function loader() {
  return new Response("Method not allowed: the gateway posts here.", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) return json(413, { error: "Too large" });
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) return json(413, { error: "Too large" });
  const result = await handleGatewayWebhook({
    rawBody: new TextDecoder().decode(bytes),
    signature: request.headers.get("x-razorpay-signature"),
    eventIdHeader: request.headers.get("x-razorpay-event-id"),
    ipAddress: context.get(clientAddressContext),
  });
  return json(result.status, { outcome: result.outcome, reason: result.reason, receipt: result.paymentReference ?? null });
}
