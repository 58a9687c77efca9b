import { WHATSAPP_API_VERSION, type WhatsAppSettings } from "~/.server/settings/integrations.ts";
import { hmacSha256Hex, signatureMatches } from "~/.server/signing/webhook.ts";

/**
 * The WhatsApp Business Cloud API, as far as this product uses it: one call to send a message
 * (POST /{version}/{phone-number-id}/messages, a bearer token) and the webhook's signature (X-Hub-Signature-256:
 * "sha256=" and the hex HMAC-SHA256 of the raw body under the app secret).
 */

const HTTP_TIMEOUT_MS = 10_000;

export interface TemplateMessage {
  name: string;
  language: string;
  params: string[];
}

export type OutboundPayload = { kind: "text"; text: string } | { kind: "template"; template: TemplateMessage };

/** A refusal by the API that a retry will not change (a 4xx other than 429): the message is marked failed. */
export class WhatsAppPermanentError extends Error {}

/** The digits WhatsApp wants: country code and number, no +. */
export function waNumber(e164: string): string {
  return e164.replace(/\D/g, "");
}

/**
 * The API's request. `key`: the message's own key, the same on every attempt, sent as
 * biz_opaque_callback_data, which Meta quotes back in every status webhook of the message. The API does not
 * deduplicate on it (it has no idempotency key): a resend after a crash is recognised, not prevented (ADR 055).
 */
export function requestBody(to: string, payload: OutboundPayload, key?: string): Record<string, unknown> {
  const common = { messaging_product: "whatsapp", recipient_type: "individual", to: waNumber(to), ...(key ? { biz_opaque_callback_data: key } : {}) };
  if (payload.kind === "text") {
    return { ...common, type: "text", text: { preview_url: false, body: payload.text } };
  }
  const { name, language, params } = payload.template;
  return {
    ...common,
    type: "template",
    template: {
      name,
      language: { code: language },
      components: params.length > 0 ? [{ type: "body", parameters: params.map((text) => ({ type: "text", text })) }] : [],
    },
  };
}

/** Sends one message; resolves with the API's message id (wamid). */
export async function postMessage(settings: WhatsAppSettings, to: string, payload: OutboundPayload, key?: string): Promise<string> {
  if (!settings.phoneNumberId || !settings.token) throw new Error("WhatsApp is not configured (phone number id and access token)");
  const url = `${settings.apiBase}/${WHATSAPP_API_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", authorization: `Bearer ${settings.token}` },
      body: JSON.stringify(requestBody(to, payload, key)),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    if (e.name === "TimeoutError") throw new Error(`WhatsApp API did not answer within ${HTTP_TIMEOUT_MS / 1000} s`, { cause: error });
    throw new Error(`WhatsApp API unreachable: ${e.cause?.code ?? e.cause?.message ?? e.message}`, { cause: error });
  }
  const text = await response.text().catch(() => "");
  if (!response.ok) {
    let detail = text.replace(/\s+/g, " ").trim().slice(0, 200);
    try {
      const parsed = JSON.parse(text) as { error?: { message?: string; code?: number } };
      if (parsed.error?.message) detail = `${parsed.error.message}${parsed.error.code ? ` (${parsed.error.code})` : ""}`.slice(0, 200);
    } catch {
      // Not JSON: keep the text.
    }
    const message = `WhatsApp API answered ${response.status}${detail ? `: ${detail}` : ""}`;
    if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new WhatsAppPermanentError(message);
    throw new Error(message);
  }
  try {
    const parsed = JSON.parse(text) as { messages?: Array<{ id?: unknown }> };
    const id = parsed.messages?.[0]?.id;
    if (typeof id === "string" && id.length > 0) return id;
  } catch {
    // fall through
  }
  throw new Error("WhatsApp API accepted the message but gave no message id");
}

/** X-Hub-Signature-256 ("sha256=<hex>") over the raw body, compared in constant time. */
export function verifyHubSignature(rawBody: string, header: string | null, appSecret: string): boolean {
  return signatureMatches(rawBody, header, appSecret, "required");
}

export function hubSignature(rawBody: string, appSecret: string): string {
  return `sha256=${hmacSha256Hex(rawBody, appSecret)}`;
}
