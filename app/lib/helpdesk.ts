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

// ── The SLA as the pages show it ─────────────────────────────────────────────────────────────────

export type SlaState = "met" | "met-late" | "breached" | "due-soon" | "on-time" | "stopped";

export interface SlaTarget {
  /** ISO. */
  dueAt: string;
  /** ISO: when it was met (the first reply, the resolution), or null. */
  metAt: string | null;
  state: SlaState;
  /** Minutes until due (negative: overdue), while the target is still running. */
  minutesLeft: number | null;
}

/**
 * A target's state at `now`: met (on time or late), or still running (on time, due soon, breached). A
 * ticket closed without meeting it (closed unanswered) has its clock stopped.
 */
export function slaTarget(dueAt: string, metAt: string | null, active: boolean, now: Date): SlaTarget {
  const due = new Date(dueAt).getTime();
  if (metAt) return { dueAt, metAt, state: new Date(metAt).getTime() <= due ? "met" : "met-late", minutesLeft: null };
  if (!active) return { dueAt, metAt, state: "stopped", minutesLeft: null };
  const minutesLeft = Math.floor((due - now.getTime()) / 60_000);
  const state: SlaState = minutesLeft < 0 ? "breached" : minutesLeft <= TICKET_DUE_SOON_MINUTES ? "due-soon" : "on-time";
  return { dueAt, metAt, state, minutesLeft };
}

/** "2 h 05 min", "3 days 4 h", "12 min": a duration in minutes, for a countdown. */
export function durationText(minutes: number): string {
  const m = Math.abs(minutes);
  if (m < 60) return `${m} min`;
  const hours = Math.floor(m / 60);
  if (hours < 48) return `${hours} h ${String(m % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} days ${hours % 24} h`;
}

/** One line for a target: "Due in 1 h 20 min", "Overdue by 35 min", "Met", "Met late". */
export function slaText(target: SlaTarget): string {
  switch (target.state) {
    case "met":
      return "Met";
    case "met-late":
      return "Met, late";
    case "stopped":
      return "Not met (closed)";
    case "breached":
      return `Overdue by ${durationText(target.minutesLeft ?? 0)}`;
    default:
      return `Due in ${durationText(target.minutesLeft ?? 0)}`;
  }
}
