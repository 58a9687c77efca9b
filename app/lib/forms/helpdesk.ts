import { changedMeanwhile } from "~/lib/forms/stale.ts";
import { z } from "zod";
import { idempotencyKey, indianMobile, optionalEmail, optionalText, requiredText } from "~/lib/forms/fields.ts";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "~/lib/helpdesk.ts";

/**
 * The help desk's forms and filters (issue 12 §5): the office's queue, a ticket's reply, note and update,
 * the canned replies, and the customer's own forms (a new ticket from the portal, a reply from the portal
 * or the signed link). One schema per form, shared by the server and the page.
 */

export const STALE_TICKET_MESSAGE = changedMeanwhile("ticket", { thenTryAgain: true });
export const STALE_CANNED_MESSAGE = "Someone else changed this canned reply meanwhile. Reload to see it, then try again.";
export const CLOSED_TICKET_MESSAGE = "This ticket is closed. To ask something new, open a new ticket.";

export const TICKET_BODY_MAX = 5000;
export const TICKET_SUBJECT_MAX = 160;

// ── The queue ────────────────────────────────────────────────────────────────────────────────────

export const TICKET_FILTERS = [
  { value: "active", label: "Open and waiting" },
  { value: "open", label: "Open" },
  { value: "pending", label: "Waiting on customer" },
  { value: "resolved", label: "Resolved" },
  { value: "closed", label: "Closed" },
  { value: "all", label: "All" },
] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number]["value"];

export const SLA_FILTERS = [
  { value: "breached", label: "SLA breached" },
  { value: "due-soon", label: "Due within the hour" },
] as const;

export const ticketListSchema = z.object({
  show: z.enum(TICKET_FILTERS.map((f) => f.value)).default("active"),
  priority: z.enum(TICKET_PRIORITIES).optional(),
  /** "mine", "unassigned" or a staff member's user id. */
  assignee: z.union([z.enum(["mine", "unassigned"]), z.string().regex(/^[1-9]\d{0,9}$/)]).optional(),
  sla: z.enum(SLA_FILTERS.map((f) => f.value)).optional(),
  /** A ticket's reference, the subject, or the contact's name or mobile. */
  q: z.string().trim().max(100).optional(),
});
export type TicketListFilters = z.output<typeof ticketListSchema>;

// ── A ticket's forms ─────────────────────────────────────────────────────────────────────────────

const version = z.coerce.number("Reload the page and try again.").int().min(1, "Reload the page and try again.");

/** What the ticket becomes once the reply is sent: as it is, waiting on the customer, or resolved. */
export const REPLY_THEN = [
  { value: "pending", label: "Wait for the customer's answer" },
  { value: "", label: "Keep it open" },
  { value: "resolved", label: "Mark it resolved" },
] as const;

export const ticketReplySchema = z.object({
  intent: z.literal("reply"),
  body: requiredText("Write the reply to the customer.", TICKET_BODY_MAX),
  then: z
    .enum(["", "pending", "resolved"], "Choose what happens to the ticket.")
    .optional()
    .transform((v) => (v ? v : undefined)),
  idempotencyKey,
});
export type TicketReplyInput = z.output<typeof ticketReplySchema>;

export const ticketNoteSchema = z.object({
  intent: z.literal("note"),
  body: requiredText("Write the note.", TICKET_BODY_MAX),
  idempotencyKey,
});
export type TicketNoteInput = z.output<typeof ticketNoteSchema>;

export const ticketUpdateSchema = z.object({
  intent: z.literal("update"),
  version,
  status: z.enum(TICKET_STATUSES, "Choose a status."),
  priority: z.enum(TICKET_PRIORITIES, "Choose a priority."),
  /** "" for nobody. */
  assignee: z
    .string()
    .trim()
    .regex(/^(|[1-9]\d{0,9})$/, "Choose someone from the list.")
    .transform((v) => (v ? Number(v) : null)),
});
export type TicketUpdateInput = z.output<typeof ticketUpdateSchema>;

export const TICKET_INTENTS = ["reply", "note", "update"] as const;
export type TicketIntent = (typeof TICKET_INTENTS)[number];
export function isTicketIntent(v: unknown): v is TicketIntent {
  return (TICKET_INTENTS as readonly unknown[]).includes(v);
}

/** A ticket the office opens itself: a phone call, a visit, a letter. The customer is found by the mobile. */
export const officeTicketSchema = z.object({
  subject: requiredText("Say in a few words what the customer needs.", TICKET_SUBJECT_MAX),
  body: requiredText("Write what the customer said.", TICKET_BODY_MAX),
  contactName: optionalText(120),
  mobile: indianMobile,
  email: optionalEmail,
  priority: z.enum(TICKET_PRIORITIES, "Choose a priority."),
  /** Ticked: the customer gets the acknowledgement with the link to the thread. */
  notify: z
    .string()
    .optional()
    .transform((v) => v === "yes" || v === "on"),
  idempotencyKey,
});
export type OfficeTicketInput = z.output<typeof officeTicketSchema>;

// ── Canned replies ───────────────────────────────────────────────────────────────────────────────

const cannedId = z.coerce.number("Reload the page and try again.").int().min(1).max(2_147_483_647);

export const cannedReplySchema = z.object({
  title: requiredText("Give the reply a short title.", 80),
  body: requiredText("Write the reply's text.", TICKET_BODY_MAX),
});

export const cannedAddSchema = cannedReplySchema.extend({ intent: z.literal("add") });
export const cannedEditSchema = cannedReplySchema.extend({
  intent: z.literal("edit"),
  id: cannedId,
  /** When the office saw it (ISO): a change meanwhile refuses this one. */
  seen: z.string().max(40),
});
export const cannedDeleteSchema = z.object({ intent: z.literal("delete"), id: cannedId, seen: z.string().max(40) });
export type CannedAddInput = z.output<typeof cannedAddSchema>;
export type CannedEditInput = z.output<typeof cannedEditSchema>;
export type CannedDeleteInput = z.output<typeof cannedDeleteSchema>;

// ── The customer's forms ─────────────────────────────────────────────────────────────────────────

export const customerTicketSchema = z.object({
  subject: requiredText("Say in a few words what you need help with.", TICKET_SUBJECT_MAX),
  body: requiredText("Tell us what you need help with.", TICKET_BODY_MAX),
  /** The request it is about (its id in the portal), when asked from a request's page. */
  requestId: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, "Choose one of your requests from the list.")
        .transform(Number)
        .optional(),
    ),
  idempotencyKey,
});
export type CustomerTicketInput = z.output<typeof customerTicketSchema>;

export const customerReplySchema = z.object({
  body: requiredText("Write your message.", TICKET_BODY_MAX),
  idempotencyKey,
});
export type CustomerReplyInput = z.output<typeof customerReplySchema>;
