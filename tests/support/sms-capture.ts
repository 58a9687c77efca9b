import { randomUUID } from "node:crypto";
import { vi } from "vitest";
import { deliveriesSettled } from "~/.server/notifications/index.ts";
import { logSmsProvider } from "~/.server/notifications/sms.ts";

/**
 * What the SMS provider was given, as the customer's phone would show it. The outbox keeps a one-time code
 * only masked (ADR 025), so a test reads a code where the customer does: in the SMS that went out.
 * Installed when a test file imports this module (the log provider, the default in tests, is replaced by a
 * recorder), so that no SMS sent before the first look is missed.
 */
export interface SentSms {
  to: string;
  body: string;
  templateId: string;
}

const sent: SentSms[] = [];
let installed = false;

export function captureSms(): SentSms[] {
  if (!installed) {
    installed = true;
    vi.spyOn(logSmsProvider, "send").mockImplementation(async (to, body, templateId) => {
      sent.push({ to, body, templateId });
      return { providerMessageId: `log-${randomUUID()}` };
    });
  }
  return sent;
}

captureSms();

/** Every SMS sent so far, once the deliveries started by the commits so far have been made. */
export async function sentSms(): Promise<SentSms[]> {
  await deliveriesSettled();
  return sent;
}

/** The code in the newest SMS with a code sent to mobile (optionally from one template). */
export async function codeSentTo(mobile: string, templateId?: string): Promise<string> {
  const messages = (await sentSms()).filter((m) => m.to === mobile && (!templateId || m.templateId === templateId));
  for (const m of messages.toReversed()) {
    const code = /^(\d{6}) /.exec(m.body)?.[1];
    if (code) return code;
  }
  throw new Error(`no SMS with a code was sent to ${mobile}`);
}
