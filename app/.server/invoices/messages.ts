import type { customers } from "~/.server/db/schema.ts";
import { signLinkToken } from "~/.server/links/signed.ts";
import type { OutboxMessage } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
import { formatDate, formatPaise } from "~/lib/format.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";

/**
 * The customer's notice of a new invoice: the registered invoiceIssued SMS (DLT template) with the signed link
 * to the invoice's page (UPI QR code and PDF), and an e-mail with the same link when the customer has an
 * address. Queued by the caller in the transaction that issues (or resends) the invoice.
 */

export interface InvoiceNotice {
  id: number;
  number: string;
  totalPaise: number;
  dueDate: string;
  customer: Pick<typeof customers.$inferSelect, "name" | "mobile" | "email">;
}

/** "33,981.00": the SMS template already says "Rs". */
function smsAmount(paise: number): string {
  return formatPaise(paise).replace(/^\u2212?₹/, "");
}

export function invoiceIssuedMessages(notice: InvoiceNotice, settings: Pick<SiteSettings, "identity">, dedupePrefix: string, now = new Date()): OutboxMessage[] {
  const { identity } = settings;
  const token = signLinkToken("invoice", notice.id, undefined, now);
  const link = `${identity.siteUrl}/d/invoice/${token}`;
  const messages: OutboxMessage[] = [];
  if (notice.customer.mobile) {
    messages.push(
      sms(
        DLT_TEMPLATES.invoiceIssued,
        notice.customer.mobile,
        { business: identity.legalName, number: notice.number, amount: smsAmount(notice.totalPaise), due: formatDate(notice.dueDate), siteUrl: identity.siteUrl, token },
        `${dedupePrefix}:sms`,
      ),
    );
  }
  if (notice.customer.email) {
    messages.push({
      channel: "email",
      recipient: notice.customer.email,
      subject: `Tax invoice ${notice.number} from ${identity.legalName}`,
      body: [
        `Dear ${notice.customer.name.trim()},`,
        "",
        `Please find our tax invoice ${notice.number} for ${formatPaise(notice.totalPaise)}, due by ${formatDate(notice.dueDate)}.`,
        "",
        `View it, download the PDF and pay by UPI: ${link}`,
        "",
        "Please quote the invoice number with your payment. A payment counts once we have received it.",
        "",
        "Regards,",
        identity.legalName,
        identity.supportPhone,
      ].join("\n"),
      template: "invoice-issued",
      variables: { number: notice.number },
      dedupeKey: `${dedupePrefix}:email`,
    });
  }
  return messages;
}
