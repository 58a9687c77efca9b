/**
 * A service request's life, as the customer reads it on their request page and the office sets it in the
 * back office. `next` says what happens now, in the customer's terms; {within} is the request's own response
 * promise ("2 hours", ~/lib/requests/sla.ts promiseText) and {warranty} the settings' warranty months.
 */
export const REQUEST_STATUSES = [
  {
    value: "new",
    label: "Received",
    next: "An engineer will call you within {within} to understand the fault and agree a visit, or a pickup of the unit for bench repair. For a line that is down, call us now.",
  },
  {
    value: "contacted",
    label: "Engineer called",
    next: "We have spoken with you and are arranging the visit or the pickup. You will get the date and the engineer's name by SMS.",
  },
  {
    value: "scheduled",
    label: "Visit scheduled",
    next: "Our engineer will come on the agreed date. Please keep the equipment isolated and accessible, with the fault history or the drive's fault log to hand.",
  },
  // Issue 17 §5: its own stage, set from the technician's phone (it was recorded as a second "Visit scheduled").
  {
    value: "on_the_way",
    label: "Engineer on the way",
    next: "Our engineer is on the way to your site. Please have someone meet them, with access to the equipment and its isolation point.",
  },
  {
    value: "in_progress",
    label: "Work in progress",
    next: "The repair is under way, on site or on our bench. We will tell you if a part must be replaced before we fit it.",
  },
  {
    value: "awaiting_parts",
    label: "Waiting for parts",
    next: "The job is waiting for a part. We will tell you when it arrives and book the next visit.",
  },
  {
    value: "awaiting_customer",
    label: "Waiting for you",
    // Issue 17 §5: each reader's side. The customer waits on nobody; the office waits on the customer.
    officeLabel: "Waiting for customer",
    next: "We need something from you to go on: an approval, a purchase order, access to the site or the unit. See the note above, or call us.",
  },
  {
    value: "completed",
    label: "Completed",
    next: "The job is done. Repairs carry a {warranty}-month warranty: if the same fault comes back, call us with this reference.",
  },
  {
    value: "cancelled",
    label: "Cancelled",
    next: "This request is closed. If the equipment still needs attention, send a new request or call us.",
  },
] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number]["value"];

/** While a job waits on the customer or on parts, its resolution clock is paused. */
export const PAUSED_STATUSES: readonly RequestStatus[] = ["awaiting_parts", "awaiting_customer"];
/** A closed request takes no more work (only a note). */
export const CLOSED_STATUSES: readonly RequestStatus[] = ["completed", "cancelled"];

export function isRequestStatus(value: unknown): value is RequestStatus {
  return REQUEST_STATUSES.some((s) => s.value === value);
}

function find(status: string) {
  return REQUEST_STATUSES.find((s) => s.value === status) ?? REQUEST_STATUSES[0];
}

/** The status as the customer reads it ("Waiting for you"): their portal, their SMS and e-mails. */
export function statusLabel(status: string): string {
  return find(status).label;
}

/** The status as the office and the technicians read it ("Waiting for customer"). */
export function officeStatusLabel(status: string): string {
  const s = find(status);
  return "officeLabel" in s ? s.officeLabel : s.label;
}

export function statusNext(status: string, fill: { within: string; warranty: number }): string {
  return find(status).next.replace("{within}", fill.within).replace("{warranty}", String(fill.warranty));
}
