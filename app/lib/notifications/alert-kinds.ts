import type { StaffRole } from "~/lib/auth/permissions.ts";
import { isOneOf } from "~/lib/one-of.ts";

/**
 * The kinds of staff alert (issue 12, §3) and where each goes by default. Shared with the browser: the
 * notifications screen draws its filter and its preferences table from this list. Who receives a kind is
 * decided by the permission its caller passes (~/.server/notifications/staff-alerts.ts); how it reaches them
 * is each person's choice, with these defaults until they save their own.
 */
export const ALERT_KINDS = [
  "request.new",
  "request.emergency",
  "request.response-due",
  "request.response-overdue",
  "quote.approved",
  "quote.changes",
  "payment.received",
  "payment.attention",
  "feedback.low",
  "ticket.new",
  "whatsapp.inbound",
  "contract.renewal",
  "stock.low",
  "parts.requested",
  "parts.ready",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  "request.new": "New service request",
  "request.emergency": "Emergency request",
  "request.response-due": "Response due soon",
  "request.response-overdue": "Response overdue",
  "quote.approved": "Quote approved",
  "quote.changes": "Quote changes asked",
  "payment.received": "Payment received",
  "payment.attention": "Gateway payment to check",
  "feedback.low": "Low rating",
  "ticket.new": "New help-desk ticket",
  "whatsapp.inbound": "WhatsApp message",
  "contract.renewal": "Contract renewal due",
  "stock.low": "Stock below reorder level",
  "parts.requested": "Parts requested for a job",
  "parts.ready": "Parts in: job can be scheduled",
};

export function isAlertKind(value: unknown): value is AlertKind {
  return isOneOf(ALERT_KINDS, value);
}

export interface AlertChannels {
  inApp: boolean;
  sms: boolean;
  email: boolean;
}

const IN_APP: AlertChannels = { inApp: true, sms: false, email: false };

/**
 * The defaults: every alert in the app (the bell). Owners also get by SMS what cannot wait (an emergency, a
 * response about to be missed or missed) and by SMS and e-mail what they were already told before these
 * alerts existed (the response escalation and a low rating). Nobody gets SMS they did not ask for otherwise.
 */
export function defaultChannels(role: StaffRole, kind: AlertKind): AlertChannels {
  if (role !== "owner") return IN_APP;
  switch (kind) {
    // contract.renewal: owners were sent the renewal reminder's office copy by SMS before it was an alert.
    case "request.emergency":
    case "request.response-overdue":
    case "contract.renewal":
      return { inApp: true, sms: true, email: false };
    case "request.response-due":
    case "feedback.low":
      return { inApp: true, sms: true, email: true };
    default:
      return IN_APP;
  }
}
