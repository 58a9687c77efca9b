import nodemailer from "nodemailer";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { effectiveMail } from "~/.server/settings/integrations.ts";

export interface EmailToSend {
  to: string;
  subject: string;
  text: string;
}

// One transport per SMTP URL, kept between messages; a new URL (a test, a changed configuration) replaces it.
let cached: { url: string; transport: ReturnType<typeof nodemailer.createTransport> } | undefined;

function transportFor(url: string) {
  if (cached?.url !== url) {
    cached?.transport.close();
    cached = {
      url,
      // Short timeouts: a send has to end well within the worker's 60 s hold on the message.
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
    process.stdout.write(`${JSON.stringify({ type: "email", to: message.to, subject: message.subject, body: message.text })}\n`);
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
  });
}

/** Closes the kept SMTP connection (the worker's stop). */
export function closeEmailTransport(): void {
  cached?.transport.close();
  cached = undefined;
}
