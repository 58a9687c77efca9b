import { inArray } from "drizzle-orm";
import { getServerConfig } from "~/.server/config.ts";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { siteSettings } from "~/.server/db/schema.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import type { OutboxMessage } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms, type DltTemplate } from "~/.server/notifications/templates.ts";
import { defaultSettings } from "~/.server/settings/defaults.ts";
import { identitySettingsSchema } from "~/lib/settings-schema.ts";

/** What a ticket's messages to the customer need from the settings. */
export interface TicketNoticeSite {
  business: string;
  siteUrl: string;
}

/**
 * The business's name and address, read through the caller's transaction: createTicket is called inside
 * other areas' transactions (a contact form, a WhatsApp webhook), where getSiteSettings() may not query.
 */
export async function ticketNoticeSite(tx: Database | Transaction): Promise<TicketNoticeSite> {
  const rows = await tx.select().from(siteSettings).where(inArray(siteSettings.key, ["identity"]));
  const parsed = identitySettingsSchema.safeParse(rows[0]?.value);
  const identity = parsed.success ? parsed.data : defaultSettings(getServerConfig().siteUrl).identity;
  return { business: identity.legalName, siteUrl: identity.siteUrl };
}

/** The customer's page for a ticket: siteUrl/d/ticket/<token> (the token is under DLT's 30 characters). */
export function ticketLink(site: TicketNoticeSite, ticketId: number, now = new Date()): { token: string; url: string } {
  const token = signLinkToken("ticket", ticketId, undefined, now);
  return { token, url: `${site.siteUrl}/d/ticket/${token}` };
}

export interface TicketContact {
  id: number;
  reference: string;
  subject: string;
  contactName: string | null;
  contactMobile: string | null;
  contactEmail: string | null;
}

function greeting(ticket: TicketContact): string {
  return ticket.contactName?.trim() ? `Dear ${ticket.contactName.trim()},` : "Hello,";
}

/**
 * A notice about a ticket to its contact: the SMS when a mobile is known, and the e-mail (the greeting, the
 * text, the business's signature) when an address is.
 */
function ticketNotice(
  ticket: TicketContact,
  site: TicketNoticeSite,
  text: {
    sms: { template: DltTemplate; values: Record<string, string>; dedupeKey: string };
    email: { subject: string; lines: string[]; template: string; dedupeKey: string };
  },
): OutboxMessage[] {
  const messages: OutboxMessage[] = [];
  if (ticket.contactMobile) messages.push(sms(text.sms.template, ticket.contactMobile, text.sms.values, text.sms.dedupeKey));
  if (ticket.contactEmail) {
    messages.push({
      channel: "email",
      recipient: ticket.contactEmail,
      subject: text.email.subject,
      body: [greeting(ticket), "", ...text.email.lines, "", "Regards,", site.business, site.siteUrl].join("\n"),
      template: text.email.template,
      variables: { reference: ticket.reference },
      dedupeKey: text.email.dedupeKey,
    });
  }
  return messages;
}

/** The acknowledgement of a new ticket: an SMS with the link (when a mobile is known) and an e-mail (when an address is). */
export function acknowledgementMessages(ticket: TicketContact, site: TicketNoticeSite, firstResponseHours: number, now = new Date()): OutboxMessage[] {
  const { token, url } = ticketLink(site, ticket.id, now);
  const within = firstResponseHours === 1 ? "1 hour" : `${firstResponseHours} hours`;
  return ticketNotice(ticket, site, {
    sms: {
      template: DLT_TEMPLATES.ticketAcknowledgement,
      values: { business: site.business, reference: ticket.reference, within, siteUrl: site.siteUrl, token },
      dedupeKey: `ticket:${ticket.id}:ack-sms`,
    },
    email: {
      subject: `We have your message: ticket ${ticket.reference}`,
      lines: [
        `Thank you for writing to ${site.business}. Your message is ticket ${ticket.reference} ("${ticket.subject}").`,
        `We will reply within ${within}. Read the thread and reply here:`,
        url,
      ],
      template: "ticket-acknowledgement",
      dedupeKey: `ticket:${ticket.id}:ack-email`,
    },
  });
}

/** The notice of the office's reply: the SMS says there is one (its text is on the page), the e-mail carries it. */
export function replyNoticeMessages(ticket: TicketContact, site: TicketNoticeSite, messageId: number, reply: string, now = new Date()): OutboxMessage[] {
  const { token, url } = ticketLink(site, ticket.id, now);
  return ticketNotice(ticket, site, {
    sms: {
      template: DLT_TEMPLATES.ticketReply,
      values: { business: site.business, reference: ticket.reference, siteUrl: site.siteUrl, token },
      dedupeKey: `ticket:${ticket.id}:reply:${messageId}:sms`,
    },
    email: {
      subject: `Re: ${ticket.subject} [${ticket.reference}]`,
      lines: [reply.trim(), "", `To answer, open your ticket ${ticket.reference}:`, url],
      template: "ticket-reply",
      dedupeKey: `ticket:${ticket.id}:reply:${messageId}:email`,
    },
  });
}
