import nodemailer from "nodemailer";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { effectiveMail } from "~/.server/settings/integrations.ts";

export interface EmailToSend {
  to: string;
  subject: string;
  text: string;
  /**
   * The message's own key (the outbox's message_key), the same on every attempt: it becomes the e-mail's
   * Message-ID, so that a resend after a crash is the same message to the mail system (ADR 055).
   */
  key?: string;
}

/** `<key@domain>`, the domain being the sender's (a Message-ID's right side names the host that made it). */
export function messageIdFor(key: string, from: string | { address: string }): string {
  const address = typeof from === "string" ? from : from.address;
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
  return `<${key}@${domain}>`;
}

// One transport per SMTP URL, kept between messages; a new URL (a test, a changed configuration) replaces it.
let cached: { url: string; transport: ReturnType<typeof nodemailer.createTransport> } | undefined;

function transportFor(url: string) {
  if (cached?.url !== url) {
    cached?.transport.close();
    cached = {
      url,
      // Short timeouts: a hung server must not hold a message (its claim is renewed while the send runs).
      transport: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    };
  }
  return cached.transport;
}

/**
 * Sends one plain-text e-mail through SMTP_URL (or the SMTP address stored in the settings). Without either
 * it is written on stdout as one JSON line and counts as delivered: it stays in the outbox, marked sent,
 * for a developer to read.
 */
export async function sendEmail(message: EmailToSend): Promise<void> {
  const config = await effectiveMail();
  if (!config.smtpUrl) {
    process.stdout.write(`${JSON.stringify({ type: "email", to: message.to, subject: message.subject, body: message.text, key: message.key ?? null })}\n`);
    return;
  }
  let from: string | { name: string; address: string };
  if (config.mailFrom) {
    from = config.mailFrom;
  } else {
    const { identity } = await getSiteSettings();
    from = { name: identity.legalName, address: identity.supportEmail };
  }
  await transportFor(config.smtpUrl).sendMail({
    from,
    to: message.to,
    subject: message.subject.replace(/\s+/g, " ").trim(),
    text: message.text,
    ...(message.key ? { messageId: messageIdFor(message.key, from) } : {}),
  });
}

/** Closes the kept SMTP connection (the worker's stop). */
export function closeEmailTransport(): void {
  cached?.transport.close();
  cached = undefined;
}
