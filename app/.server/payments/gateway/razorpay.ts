import type { GatewaySettings } from "~/.server/settings/integrations.ts";
import { hmacSha256Hex, signatureMatches } from "~/.server/signing/webhook.ts";

/**
 * The Razorpay-style payment gateway's HTTP API, as far as this product uses it: payment links (create,
 * read, cancel) and the webhook signature. Amounts are integer paise, as the gateway takes them.
 *
 * - Payment links: POST /v1/payment_links with HTTP Basic auth (key id : key secret), JSON in and out.
 *   reference_id is the invoice number (unique per link at the gateway); notes carry the invoice's number
 *   and id back to us on every payment made through the link.
 * - Webhooks: the gateway POSTs JSON, signed with HMAC-SHA256 of the raw body under the webhook secret,
 *   hex-encoded in X-Razorpay-Signature; the event's id is in X-Razorpay-Event-Id.
 *
 * The key secret and webhook secret never leave this module's calls: they are not logged, and an error
 * message carries the gateway's status and error description only.
 */

export interface PaymentLinkRequest {
  amountPaise: number;
  referenceId: string;
  description: string;
  customer: { name: string; contact?: string | null; email?: string | null };
  notes: Record<string, string>;
  /** Unix seconds; the gateway wants it at least 15 minutes ahead. */
  expireBy?: number;
}

export interface PaymentLink {
  id: string;
  shortUrl: string;
  amountPaise: number;
  status: string;
  referenceId: string | null;
}

export class GatewayError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "GatewayError";
    this.status = status;
  }
}

const TIMEOUT_MS = 10_000;

function authHeader(gateway: GatewaySettings): string {
  return `Basic ${Buffer.from(`${gateway.keyId}:${gateway.keySecret}`).toString("base64")}`;
}

async function call(gateway: GatewaySettings, method: "GET" | "POST", path: string, body?: unknown): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${gateway.apiUrl}${path}`, {
      method,
      headers: { Authorization: authHeader(gateway), Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GatewayError(0, `The payment gateway could not be reached (${error instanceof Error ? error.name : "error"}).`);
  }
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = {};
  }
  if (!response.ok) {
    const described = (json.error as { description?: unknown } | undefined)?.description;
    throw new GatewayError(response.status, `The payment gateway refused the request (${response.status}${typeof described === "string" ? `: ${described.slice(0, 200)}` : ""}).`);
  }
  return json;
}

function asLink(json: Record<string, unknown>): PaymentLink {
  const id = json.id;
  const url = json.short_url;
  if (typeof id !== "string" || typeof url !== "string") throw new GatewayError(502, "The payment gateway's answer had no link.");
  return {
    id,
    shortUrl: url,
    amountPaise: typeof json.amount === "number" ? json.amount : 0,
    status: typeof json.status === "string" ? json.status : "created",
    referenceId: typeof json.reference_id === "string" ? json.reference_id : null,
  };
}

export async function createLink(gateway: GatewaySettings, request: PaymentLinkRequest): Promise<PaymentLink> {
  const json = await call(gateway, "POST", "/v1/payment_links", {
    amount: request.amountPaise,
    currency: "INR",
    accept_partial: false,
    reference_id: request.referenceId,
    description: request.description.slice(0, 2048),
    customer: {
      name: request.customer.name,
      ...(request.customer.contact ? { contact: request.customer.contact } : {}),
      ...(request.customer.email ? { email: request.customer.email } : {}),
    },
    // We send our own SMS (DLT templates) and e-mails; the gateway's own would not be registered.
    notify: { sms: false, email: false },
    reminder_enable: false,
    notes: request.notes,
    ...(request.expireBy ? { expire_by: request.expireBy } : {}),
  });
  return asLink(json);
}

export async function fetchLink(gateway: GatewaySettings, id: string): Promise<PaymentLink> {
  return asLink(await call(gateway, "GET", `/v1/payment_links/${encodeURIComponent(id)}`));
}

export async function cancelLink(gateway: GatewaySettings, id: string): Promise<void> {
  await call(gateway, "POST", `/v1/payment_links/${encodeURIComponent(id)}/cancel`);
}

/** HMAC-SHA256 of the raw body under the webhook secret, hex: what X-Razorpay-Signature must carry. */
export function webhookSignature(rawBody: string | Buffer, secret: string): string {
  return hmacSha256Hex(rawBody, secret);
}

/** Whether `given` is the body's signature, compared in constant time (a malformed header is simply false). */
export function verifyWebhookSignature(rawBody: string | Buffer, given: string | null | undefined, secret: string): boolean {
  return signatureMatches(rawBody, given, secret, "none");
}
