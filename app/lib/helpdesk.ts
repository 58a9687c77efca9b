/**
 * The help desk's vocabulary (issue 12 §5), shared by the server and the pages: a ticket's statuses,
 * priorities and sources with their labels, and its service-level targets.
 */
export const TICKET_STATUSES = ["open", "pending", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  pending: "Waiting on customer",
  resolved: "Resolved",
  closed: "Closed",
};

export const TICKET_PRIORITIES = ["urgent", "high", "normal", "low"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = { urgent: "Urgent", high: "High", normal: "Normal", low: "Low" };

export const TICKET_SOURCES = ["portal", "contact", "whatsapp", "chatbot", "office"] as const;
export type TicketSource = (typeof TICKET_SOURCES)[number];
export const TICKET_SOURCE_LABELS: Record<TicketSource, string> = {
  portal: "Customer portal",
  contact: "Contact form",
  whatsapp: "WhatsApp",
  chatbot: "Chat assistant",
  office: "Office",
};

/**
 * The SLA by priority, in hours: the first reply and the resolution, counted round the clock from the
 * ticket's creation. Constants rather than settings: the site promises a reply "within 2-4 hours" (the
 * promises settings), and a normal ticket's four hours is that promise's upper end; the others scale from
 * it. Changing them here changes only new tickets (each ticket keeps its due times).
 */
export const TICKET_SLA_HOURS: Record<TicketPriority, { firstResponse: number; resolution: number }> = {
  urgent: { firstResponse: 1, resolution: 8 },
  high: { firstResponse: 2, resolution: 24 },
  normal: { firstResponse: 4, resolution: 48 },
  low: { firstResponse: 8, resolution: 120 },
};

/** "Due soon": a target this close (or closer) and not yet met. */
export const TICKET_DUE_SOON_MINUTES = 60;

/** A ticket still waiting on the office: its clocks run. */
export function isTicketActive(status: TicketStatus): boolean {
  return status === "open" || status === "pending";
}
