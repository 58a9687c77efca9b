import { effectiveSms } from "~/.server/settings/integrations.ts";

export interface SmsProvider {
  /**
   * Resolves when the provider accepted the message, with the provider's id for it when it gave one (its
   * delivery report quotes it: POST /api/sms/delivery); throws (with a short reason) when it did not.
   * senderId: the DLT sender id registered with the template (~/.server/notifications/sms-registry.ts).
   * reference: the message's own key (the outbox's message_key), the same on every attempt: the gateway's
   * client reference and idempotency key, so that a resend after a crash is recognised (ADR 055).
   */
  send(
    to: string,
    body: string,
    templateId: string,
    variables: Record<string, string>,
    senderId?: string,
    reference?: string,
  ): Promise<{ providerMessageId?: string } | void>;
}

const HTTP_TIMEOUT_MS = 10_000;

/**
 * Development and fresh installs: one JSON line per SMS on stdout, nothing sent, with the message's key (a
 * resend after a crash prints the same key). Each gets a message id ("log-" and a UUID, kept in the outbox)
 * so that a delivery report can be tried against it.
 */
export const logSmsProvider: SmsProvider = {
  async send(to, body, _templateId, _variables, _senderId, reference) {
    process.stdout.write(`${JSON.stringify({ type: "sms", to, body, key: reference ?? null })}\n`);
    return { providerMessageId: `log-${crypto.randomUUID()}` };
  },
};

/**
 * A gateway that takes JSON: { sender, to, body, templateId, variables, reference } (the DLT sender ID, the
 * template id and its variables in the template's order, for gateways that fill the template themselves,
 * and the message's own key). The key also travels as the Idempotency-Key header (the IETF HTTP API
 * draft's name): a gateway that honours either answers a repeat with the first acceptance instead of
 * sending the SMS again; one that only stores the reference quotes it in its delivery reports (ADR 055).
 */
export function httpSmsProvider(options: { url: string; token?: string | undefined; senderId: string }): SmsProvider {
  return {
    async send(to, body, templateId, variables, senderId, reference) {
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (reference) headers["idempotency-key"] = reference;
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: "POST",
          headers,
          body: JSON.stringify({ sender: senderId ?? options.senderId, to, body, templateId, variables, ...(reference ? { reference } : {}) }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
      } catch (error) {
        const e = error as Error & { cause?: { code?: string; message?: string } };
        if (e.name === "TimeoutError") throw new Error(`SMS provider did not answer within ${HTTP_TIMEOUT_MS / 1000} s`, { cause: error });
        throw new Error(`SMS provider unreachable: ${e.cause?.code ?? e.cause?.message ?? e.message}`, { cause: error });
      }
      // Read the answer in every case, so that the connection can be reused; keep a little of it for the log.
      const text = await response.text().catch(() => "");
      if (!response.ok) {
        const detail = text.replace(/\s+/g, " ").trim().slice(0, 200);
        throw new Error(`SMS provider answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}${detail ? `: ${detail}` : ""}`);
      }
      return { providerMessageId: providerIdOf(text) };
    },
  };
}

/** The gateway's id for the message, when its answer is JSON with one (id, messageId or message_id). */
function providerIdOf(text: string): string | undefined {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown> | null;
    const id = parsed?.id ?? parsed?.messageId ?? parsed?.message_id;
    return (typeof id === "string" || typeof id === "number") && String(id).length <= 200 ? String(id) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The provider the configuration names (the environment, else the settings), read at send time (tests and a
 * saved change of the settings swap it).
 */
export async function getSmsProvider(): Promise<SmsProvider> {
  const sms = await effectiveSms();
  if (sms.provider === "http") {
    if (!sms.url) throw new Error("SMS is sent through an HTTP gateway but its address (SMS_HTTP_URL) is not set");
    return httpSmsProvider({ url: sms.url, token: sms.token, senderId: sms.senderId });
  }
  return logSmsProvider;
}
