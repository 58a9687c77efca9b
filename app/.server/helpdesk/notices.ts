import { inArray } from "drizzle-orm";
import { getServerConfig } from "~/.server/config.ts";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { siteSettings } from "~/.server/db/schema.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import type { OutboxMessage } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
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

/** An e-mail about a ticket: the greeting, the text, and the business's signature. */
function ticketEmail(ticket: TicketContact, recipient: string, site: TicketNoticeSite, subject: string, text: string[], template: string, dedupeKey: string): OutboxMessage {
  return {
    channel: "email",
    recipient,
    subject,
    body: [greeting(ticket), "", ...text, "", "Regards,", site.business, site.siteUrl].join("\n"),
    template,
    variables: { reference: ticket.reference },
    dedupeKey,
  };
}

/** The acknowledgement of a new ticket: an SMS with the link (when a mobile is known) and an e-mail (when an address is). */
export function acknowledgementMessages(ticket: TicketContact, site: TicketNoticeSite, firstResponseHours: number, now = new Date()): OutboxMessage[] {
  const { token, url } = ticketLink(site, ticket.id, now);
  const messages: OutboxMessage[] = [];
  const within = firstResponseHours === 1 ? "1 hour" : `${firstResponseHours} hours`;
  if (ticket.contactMobile) {
    messages.push(
      sms(
        DLT_TEMPLATES.ticketAcknowledgement,
        ticket.contactMobile,
        { business: site.business, reference: ticket.reference, within, siteUrl: site.siteUrl, token },
        `ticket:${ticket.id}:ack-sms`,
      ),
    );
  }
  if (ticket.contactEmail) {
    messages.push(
      ticketEmail(
        ticket,
        ticket.contactEmail,
        site,
        `We have your message: ticket ${ticket.reference}`,
        [
          `Thank you for writing to ${site.business}. Your message is ticket ${ticket.reference} ("${ticket.subject}").`,
          `We will reply within ${within}. Read the thread and reply here:`,
          url,
        ],
        "ticket-acknowledgement",
        `ticket:${ticket.id}:ack-email`,
      ),
    );
  }
  return messages;
}

/** The notice of the office's reply: the SMS says there is one (its text is on the page), the e-mail carries it. */
export function replyNoticeMessages(ticket: TicketContact, site: TicketNoticeSite, messageId: number, reply: string, now = new Date()): OutboxMessage[] {
  const { token, url } = ticketLink(site, ticket.id, now);
  const messages: OutboxMessage[] = [];
  if (ticket.contactMobile) {
    messages.push(
      sms(
        DLT_TEMPLATES.ticketReply,
        ticket.contactMobile,
        { business: site.business, reference: ticket.reference, siteUrl: site.siteUrl, token },
        `ticket:${ticket.id}:reply:${messageId}:sms`,
      ),
    );
  }
  if (ticket.contactEmail) {
    messages.push(
      ticketEmail(
        ticket,
        ticket.contactEmail,
        site,
        `Re: ${ticket.subject} [${ticket.reference}]`,
        [reply.trim(), "", `To answer, open your ticket ${ticket.reference}:`, url],
        "ticket-reply",
        `ticket:${ticket.id}:reply:${messageId}:email`,
      ),
    );
  }
  return messages;
}
