import { z } from "zod";
import { URGENCIES } from "~/lib/forms/urgency.ts";
import { CLOSED_STATUSES, REQUEST_STATUSES, type RequestStatus } from "~/lib/requests/status.ts";

/**
 * The filters, search and sort of the service-request list (/admin/service-requests), all in the query
 * string. The server reads them with parseListQuery (~/.server/admin/list.ts), which drops a bad value and
 * keeps the rest: a stale or hand-edited address shows the list with one filter fewer, never an error.
 */

/** Open: everything the office still has to work (not completed, not cancelled). */
export const OPEN_STATUSES: readonly RequestStatus[] = REQUEST_STATUSES.map((s) => s.value).filter((s) => !CLOSED_STATUSES.includes(s));

export const STATUS_FILTERS = ["open", ...REQUEST_STATUSES.map((s) => s.value), "all"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const REQUEST_SORTS = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "due", label: "Response due soonest" },
] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number]["value"];

/**
 * Where a request stands against its response promise (~/lib/requests/sla.ts): breached = no first contact
 * and past due; due soon = no contact and due within the escalation lead; met = first contact by the due
 * time; missed = first contact after it; awaiting = open with no first call logged yet, whatever its status.
 */
export const SLA_FILTERS = [
  { value: "awaiting", label: "Awaiting first call" },
  { value: "breached", label: "Response overdue" },
  { value: "due_soon", label: "Response due soon" },
  { value: "met", label: "Responded in time" },
  { value: "missed", label: "Responded late" },
] as const;
export type SlaFilter = (typeof SLA_FILTERS)[number]["value"];

/** An India date (YYYY-MM-DD) that exists on the calendar. */
const indiaDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= "2000-01-01" && s <= "2999-12-31";
  });

const text = (max: number) => z.string().trim().min(1).max(max);

export const requestListSchema = z.object({
  status: z.enum(STATUS_FILTERS).default("open"),
  urgency: z.enum(URGENCIES.map((u) => u.value)).optional(),
  /** A service's slug (the list offers those of the services content). */
  service: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,119}$/)
    .optional(),
  /** The start of the city's name, any case. */
  city: text(80).optional(),
  /** Received on or after this India date. */
  from: indiaDate.optional(),
  /** Received on or before this India date (the whole day). */
  to: indiaDate.optional(),
  /** A technician's profile id, or "unassigned". */
  technician: z
    .union([z.literal("unassigned"), z.string().regex(/^[1-9]\d{0,8}$/).transform(Number)])
    .optional(),
  sla: z.enum(SLA_FILTERS.map((s) => s.value)).optional(),
  /** A reference (or its start), a contact's name, a mobile number, a company. */
  q: text(100).optional(),
  sort: z.enum(REQUEST_SORTS.map((s) => s.value)).default("newest"),
});

export type RequestListFilters = z.output<typeof requestListSchema>;
