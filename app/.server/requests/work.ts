import { and, asc, count, eq, gt, gte, lt, lte, notInArray } from "drizzle-orm";
import type { StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, Refusal, type ChangeResult, type ChangeStep, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { publishRequestUpdated } from "~/.server/live/requests.ts";
import { queueFeedbackRequest } from "~/.server/feedback/request.ts";
import { requestEvents, serviceRequests, technicianProfiles, technicianTimeOff, users } from "~/.server/db/schema.ts";
import { queueMessages } from "~/.server/notifications/index.ts";
import { jobAssignedNotifications, jobUnassignedNotifications, requestUpdateNotifications, type RequestUpdateKind } from "~/.server/notifications/templates.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import {
  clockLabel,
  STALE_REQUEST_MESSAGE,
  type AssignInput,
  type CancelInput,
  type ContactInput,
  type DuplicateInput,
  type PoInput,
  type ScheduleInput,
  type StatusInput,
} from "~/lib/forms/admin/request-actions.ts";
import { todayInIndia } from "~/lib/forms/form-basics.ts";
import { skillLabel } from "~/lib/forms/technician-registration.ts";
import { formatDuration, promiseText, resolutionMinutes, responseState, RESPONSE_STATE_LABELS, type ResponseState } from "~/lib/requests/sla.ts";
import { CLOSED_STATUSES, officeStatusLabel, PAUSED_STATUSES, statusLabel, statusNext, type RequestStatus } from "~/lib/requests/status.ts";
import type { SiteSettings } from "~/lib/settings-schema.ts";
import { rankCandidates, type Candidate } from "./assignment.ts";
import { requestPhotosWithOrigin } from "./photos.ts";
import { minutesOnSite } from "~/.server/technicians/field-work.ts";
import type { ServiceRequest } from "./index.ts";

/**
 * The office's work on one service request (/admin/service-requests/{reference}): what the page shows, and
 * every change it makes. Each change is one transaction: the request updated on the version the staff
 * member saw (UPDATE ... WHERE version = ?: a change made meanwhile by someone else refuses this one), one
 * request_events row, one audit entry, and the customer's or technician's messages queued (sent once it
 * commits; a rollback sends nothing).
 */

export type WorkEventKind = "call" | "note" | "status" | "assign" | "schedule" | "po" | "duplicate";

export type WorkResult = ChangeResult;

const CLOSED_MESSAGE = (status: string) => `This request is closed (${officeStatusLabel(status)}): only calls and notes can be logged.`;

/** India time: "Tue, 24 Nov 2026". */
const visitDay = new Intl.DateTimeFormat("en-IN", { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const visitClock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Asia/Kolkata" });

/** The agreed visit as people read it: { date: "Tue, 24 Nov 2026", window: "10:00 am - 1:00 pm" }. */
export function visitText(start: Date, end: Date): { date: string; window: string } {
  const part = (type: Intl.DateTimeFormatPartTypes) => visitDay.formatToParts(start).find((p) => p.type === type)?.value ?? "";
  const nextDay = indiaDateOf(end) !== indiaDateOf(start);
  return {
    date: `${part("weekday")}, ${part("day")} ${part("month")} ${part("year")}`,
    window: `${clockLabel(visitClock.format(start))} - ${clockLabel(visitClock.format(end))}${nextDay ? " (next day)" : ""}`,
  };
}

/** The India-time calendar date of a moment ("2026-11-24"). */
function indiaDateOf(moment: Date): string {
  return new Date(moment.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** A visit window's end: on the visit's date, or the next day when it ends at an earlier clock time than it starts. */
export function visitEndTime(date: string, from: string, to: string): Date {
  const end = indiaTime(date, to);
  return to > from ? end : new Date(end.getTime() + 86_400_000);
}

/** A moment from a date and an India-time clock: ("2026-11-24", "10:00") -> 04:30 UTC. */
export function indiaTime(date: string, clock: string): Date {
  return new Date(`${date}T${clock}:00+05:30`);
}

/**
 * The status fields a change of status sets: entering a paused status (waiting on the customer or on
 * parts) starts the pause; leaving it adds the pause to pausedSeconds; completing stamps completedAt.
 */
export function statusChanges(
  row: Pick<ServiceRequest, "status" | "pausedAt" | "pausedSeconds">,
  next: RequestStatus,
  now: Date,
): Pick<ServiceRequest, "status"> & Partial<Pick<ServiceRequest, "pausedAt" | "pausedSeconds" | "completedAt">> {
  const changes: ReturnType<typeof statusChanges> = { status: next };
  const pausing = PAUSED_STATUSES.includes(next);
  if (pausing && !row.pausedAt) changes.pausedAt = now;
  if (!pausing && row.pausedAt) {
    changes.pausedSeconds = row.pausedSeconds + Math.max(0, Math.floor((now.getTime() - row.pausedAt.getTime()) / 1000));
    changes.pausedAt = null;
  }
  if (next === "completed") changes.completedAt = now;
  return changes;
}

function isClosed(status: string): boolean {
  return (CLOSED_STATUSES as readonly string[]).includes(status);
}

const REQUEST: RecordKind<ServiceRequest, string> = {
  table: serviceRequests, entityType: "request", stale: STALE_REQUEST_MESSAGE, stampsUpdatedAt: true,
  key: serviceRequests.reference,
  label: ({ row }) => row.reference,
};

interface Change extends ChangeStep<ServiceRequest, { row: ServiceRequest }> {
  site: SiteSettings;
  /** Adds the request's event (its history line), returning its id. */
  event: (e: NewEvent) => Promise<number>;
}

/**
 * Runs one change on the request `reference` as seen at `version`. The step updates the request through
 * `save` (which bumps the version and refuses a stale one) and adds its event through `event`.
 */
async function change<Extra extends object = object>(
  reference: string,
  version: number,
  staff: StaffMember,
  now: Date,
  step: (c: Change) => Promise<string>,
): Promise<ChangeResult<object, Extra>> {
  const site = await getSiteSettings();
  return changeRecord<ServiceRequest, string, { row: ServiceRequest }, object, Extra>(REQUEST, reference, version, staff, now, async (c) => {
    const message = await step({ ...c, site, event: (e) => addEvent(c.tx, c.row.id, staff.userId, e, now) });
    // Live (issue 12 §1): the office's list and page, the customer's page and the technician's jobs update.
    await publishRequestUpdated(c.tx, c.row.id, { previousTechnicianId: c.row.assignedTechnicianId });
    return message;
  });
}

interface NewEvent {
  kind: WorkEventKind;
  /** The request's status after the event. */
  status: string;
  note: string | null;
  /** True: the customer never sees it (calls, internal notes, assignments, PO numbers). */
  internal: boolean;
}

async function addEvent(tx: Transaction, requestId: number, actorUserId: number, e: NewEvent, now: Date): Promise<number> {
  const [row] = await tx
    .insert(requestEvents)
    .values({ requestId, kind: e.kind, status: e.status, note: e.note, internal: e.internal, actorUserId, createdAt: now })
    .returning({ id: requestEvents.id });
  return row!.id;
}

/** The customer's SMS (and e-mail) for a key change, queued in the change's transaction. */
async function tellCustomer(
  c: Change,
  kind: RequestUpdateKind,
  status: string,
  eventId: number,
  extra: { note?: string | null; visit?: { date: string; window: string; engineer: string }; original?: string; engineer?: string },
) {
  const { row, site } = c;
  const within = promiseText({ urgency: row.urgency, receivedAt: row.createdAt, responseDueAt: row.responseDueAt }, site.operations);
  await queueMessages(
    c.tx,
    requestUpdateNotifications(
      {
        kind,
        reference: row.reference,
        contactName: row.contactName,
        mobile: row.mobile,
        email: row.email,
        statusLabel: statusLabel(status),
        next: statusNext(status, { within, warranty: site.promises.warrantyMonths }),
        note: extra.note ?? null,
        visit: extra.visit,
        original: extra.original,
        engineer: extra.engineer,
        eventId,
      },
      site,
    ),
  );
}

async function technicianOf(tx: Transaction, id: number | null) {
  if (id === null) return undefined;
  const [t] = await tx
    .select({ id: technicianProfiles.id, name: technicianProfiles.name, mobile: technicianProfiles.mobile, status: technicianProfiles.status, city: technicianProfiles.city })
    .from(technicianProfiles)
    .where(eq(technicianProfiles.id, id));
  return t;
}

// ── The changes ─────────────────────────────────────────────────────────────────────────────────

/**
 * A call or a note. The first one stops the response clock (firstContactAt); a call on a request still
 * "new" moves it to "contacted" (and the customer's history shows that step, not the call itself).
 */
export function logContact(staff: StaffMember, reference: string, input: ContactInput, now = new Date()): Promise<WorkResult> {
  return change(reference, input.version, staff, now, async (c) => {
    const { row } = c;
    const firstContact = row.firstContactAt === null;
    const contacted = input.kind === "call" && row.status === "new";
    const after: Partial<ServiceRequest> = {};
    if (firstContact) after.firstContactAt = now;
    if (contacted) after.status = "contacted";
    await c.save(after);
    const status = after.status ?? row.status;
    // A call is the office's record; a note is the customer's to read unless marked internal.
    const internal = input.kind === "call" || input.internal;
    await c.event({ kind: input.kind, status, note: input.note, internal });
    if (contacted) await c.event({ kind: "status", status, note: null, internal: false });
    await c.auditChanges(`request.${input.kind}`, { status: row.status, firstContactAt: row.firstContactAt }, { ...after, note: input.note, internal });
    const what = input.kind === "call" ? "Call logged" : internal ? "Internal note added" : "Note added (the customer can read it)";
    return `${what}${contacted ? `; status is now ${officeStatusLabel(status)}` : ""}${firstContact ? ". The response clock is stopped." : "."}`;
  });
}

/** A status change with an optional note for the customer; key changes tell the customer. */
export function changeStatus(staff: StaffMember, reference: string, input: StatusInput, now = new Date()): Promise<WorkResult> {
  return change(reference, input.version, staff, now, async (c) => {
    const { row } = c;
    if (isClosed(row.status)) throw new Refusal("status", CLOSED_MESSAGE(row.status));
    if (row.status === input.status) throw new Refusal("status", `The request is already ${officeStatusLabel(row.status)}.`);
    let visit: { date: string; window: string; engineer: string } | undefined;
    if (input.status === "scheduled") {
      const technician = await technicianOf(c.tx, row.assignedTechnicianId);
      if (!technician || !row.visitStart || !row.visitEnd) {
        throw new Refusal("status", "Book the visit first (Schedule the visit: a technician, the date and the window).");
      }
      visit = { ...visitText(row.visitStart, row.visitEnd), engineer: technician.name };
    }
    // On the way, set by the office (the engineer called in): the same SMS as from the technician's phone,
    // with the engineer's name, and the job's field stage moves with it (the phone does not offer the step again).
    let engineer: string | undefined;
    if (input.status === "on_the_way") {
      const technician = await technicianOf(c.tx, row.assignedTechnicianId);
      if (!technician) throw new Refusal("status", "Assign a technician first: the customer is told who is coming.");
      engineer = technician.name;
    }
    const changes = { ...statusChanges(row, input.status, now), ...(engineer ? { fieldStage: "on_the_way" as const } : {}) };
    await c.save(changes);
    const eventId = await c.event({ kind: "status", status: input.status, note: input.note ?? null, internal: false });
    await c.auditChanges("request.status", row, { ...changes, note: input.note ?? null });
    const key: RequestUpdateKind | undefined =
      input.status === "scheduled"
        ? "scheduled"
        : input.status === "on_the_way"
          ? "on_the_way"
          : input.status === "completed"
            ? "completed"
            : input.status === "awaiting_customer"
              ? "awaiting_customer"
              : undefined;
    if (key) await tellCustomer(c, key, input.status, eventId, { note: input.note, visit, engineer });
    // The customer is asked to rate the job, once (~/.server/feedback: a second completion asks nothing).
    if (input.status === "completed") await queueFeedbackRequest(c.tx, { request: row, site: c.site, now });
    return `Status changed to ${officeStatusLabel(input.status)}.${key ? " The customer has been told by SMS." : ""}`;
  });
}

/** Assigns (or reassigns) an approved technician; they get an SMS. Needs the "dispatch" permission (the route checks it). */
export function assignTechnician(staff: StaffMember, reference: string, input: AssignInput, now = new Date()): Promise<WorkResult> {
  return change(reference, input.version, staff, now, async (c) => {
    const step = await assignStep(c, input.technicianId, { rebooking: false });
    await c.save(step.changes);
    return step.message;
  });
}

/**
 * The assignment's step, shared by the request page and the schedule board's move: checks the technician,
 * writes the event and the audit entry, and queues the technicians' SMS. It returns the request's changes for
 * the caller to save once (the kernel saves a request once per change). `rebooking`: a new window follows in
 * the same change, and its own SMS tells the customer, so this step does not tell them of the old one.
 */
async function assignStep(c: Change, technicianId: number, { rebooking }: { rebooking: boolean }) {
  const { row } = c;
  if (isClosed(row.status)) throw new Refusal("technicianId", CLOSED_MESSAGE(row.status));
  const technician = await technicianOf(c.tx, technicianId);
  if (!technician || technician.status !== "approved") throw new Refusal("technicianId", "Choose an approved technician.");
  if (row.assignedTechnicianId === technician.id) throw new Refusal("technicianId", `${technician.name} is already assigned to this request.`);
  const previous = await technicianOf(c.tx, row.assignedTechnicianId);
  const changes = { assignedTechnicianId: technician.id, assignedAt: c.now };
  const note = previous ? `Reassigned from ${previous.name} to ${technician.name}` : `Assigned to ${technician.name}`;
  const eventId = await c.event({ kind: "assign", status: row.status, note, internal: true });
  await c.auditChanges("request.assign", { assignedTechnicianId: row.assignedTechnicianId }, { assignedTechnicianId: technician.id });
  // What and where in one SMS variable (30 characters): where alone when both do not fit.
  const both = [row.serviceName, row.city].filter(Boolean).join(", ");
  const job = Array.from(both).length <= 30 ? both : (row.city ?? row.serviceName ?? "");
  await queueMessages(c.tx, jobAssignedNotifications({ reference: row.reference, mobile: technician.mobile, job, eventId }, c.site));
  // The technician taken off the job hears of it (it leaves their list), and a customer whose visit is
  // booked is told who is coming now, with the same window.
  if (previous) await queueMessages(c.tx, jobUnassignedNotifications({ reference: row.reference, mobile: previous.mobile, eventId }, c.site));
  const visitBooked = !rebooking && row.status === "scheduled" && row.visitStart && row.visitEnd;
  if (previous && visitBooked) {
    await tellCustomer(c, "scheduled", row.status, eventId, { visit: { ...visitText(row.visitStart!, row.visitEnd!), engineer: technician.name } });
  }
  const told = previous ? (visitBooked ? " Both technicians and the customer have been told by SMS." : " Both technicians have been told by SMS.") : " The technician has been told by SMS.";
  return { changes, technician, message: `${note}.${told}` };
}

/** Books the visit: date and window (India time), status "scheduled", the customer told with the engineer's name. */
export function scheduleVisit(staff: StaffMember, reference: string, input: ScheduleInput, now = new Date()): Promise<WorkResult> {
  return change(reference, input.version, staff, now, async (c) => {
    const step = await scheduleStep(c, input, []);
    await c.save(step.changes);
    return step.message;
  });
}

/**
 * The booking's step, shared by the request page and the schedule board: the window checked, the event, the
 * audit entry (with the clash warnings the dispatcher saved over, if any) and the customer's SMS. Returns the
 * request's changes for the caller to save once.
 */
async function scheduleStep(c: Change, input: Pick<ScheduleInput, "date" | "from" | "to">, clashWarnings: readonly string[]) {
  const { row } = c;
  if (isClosed(row.status)) throw new Refusal("date", CLOSED_MESSAGE(row.status));
  const technician = await technicianOf(c.tx, row.assignedTechnicianId);
  if (!technician) throw new Refusal("form", "Assign a technician first: the customer is told who is coming.");
  const visitStart = indiaTime(input.date, input.from);
  const visitEnd = visitEndTime(input.date, input.from, input.to);
  if (visitEnd.getTime() <= c.now.getTime()) throw new Refusal("to", "This window is already over: choose a later time.");
  const changes = { ...statusChanges(row, "scheduled", c.now), visitStart, visitEnd };
  const visit = { ...visitText(visitStart, visitEnd), engineer: technician.name };
  const note = `Visit on ${visit.date}, ${visit.window}. Engineer: ${visit.engineer}.`;
  const eventId = await c.event({ kind: "schedule", status: "scheduled", note, internal: false });
  await c.auditChanges("request.schedule", row, { ...changes, ...(clashWarnings.length > 0 ? { clashWarnings: [...clashWarnings] } : {}) });
  await tellCustomer(c, "scheduled", "scheduled", eventId, { visit });
  return { changes, message: `Visit booked for ${visit.date}, ${visit.window} with ${visit.engineer}. The customer has been told by SMS.` };
}

/** A move on the schedule board: the technician and the window, with the clashes the dispatcher was shown. */
export interface DispatchInput {
  version: number;
  technicianId: number;
  date: string;
  from: string;
  to: string;
  /** The fingerprint of the clashes shown before saving (clashFingerprint); "" when none were shown. */
  acknowledged: string;
}

/** What the clash check answers for a move (~/.server/schedule/clashes.ts), inside the move's transaction. */
export type ClashCheck = (tx: Transaction, move: { requestId: number; technicianId: number; start: Date; end: Date }) => Promise<{ warnings: string[]; fingerprint: string }>;

/** A move refused because the clashes differ from those shown: the ones found now, to show before saving again. */
export interface ClashRefusal {
  clashes: string[];
  fingerprint: string;
}

/**
 * Assigns and books in one step (the schedule board, issue 21): the request page's own two steps, in one
 * transaction with one version check, so a move is wholly saved or not at all. The technician's row is locked
 * first: two dispatchers moving work onto the same technician queue, and the second sees the first one's visit
 * in its clash check. Clashes that differ from those the dispatcher saw refuse the move (with the new ones);
 * those seen and saved over are kept in the audit entry.
 */
export function dispatchVisit(staff: StaffMember, reference: string, input: DispatchInput, checkClashes: ClashCheck, now = new Date()): Promise<ChangeResult<object, ClashRefusal>> {
  return change<ClashRefusal>(reference, input.version, staff, now, async (c) => {
    const { row } = c;
    if (row.status === "on_the_way" || row.status === "in_progress" || row.fieldStage === "on_site" || row.fieldStage === "on_the_way") {
      throw new Refusal("form", `The technician is already ${row.fieldStage === "on_site" || row.status === "in_progress" ? "on site" : "on the way"}: change this job from its request page.`);
    }
    await c.tx.select({ id: technicianProfiles.id }).from(technicianProfiles).where(eq(technicianProfiles.id, input.technicianId)).for("update");
    const start = indiaTime(input.date, input.from);
    const end = visitEndTime(input.date, input.from, input.to);
    const clashes = await checkClashes(c.tx, { requestId: row.id, technicianId: input.technicianId, start, end });
    if (clashes.fingerprint !== input.acknowledged) {
      const message = input.acknowledged === "" ? "This move clashes: check below, then save anyway or choose another time." : "The schedule changed meanwhile: check the clashes below, then save again.";
      throw new Refusal<ClashRefusal>("form", message, { clashes: clashes.warnings, fingerprint: clashes.fingerprint });
    }
    // One save: the assignment's changes, then the booking's on the row as the assignment leaves it.
    let pending: Partial<ServiceRequest> = {};
    let current = row;
    const deferred: Change = {
      ...c,
      get row() {
        return current;
      },
      save: async (values = {}) => {
        pending = { ...pending, ...values };
        current = { ...current, ...values };
        return current;
      },
    };
    const messages: string[] = [];
    if (row.assignedTechnicianId !== input.technicianId) {
      const assigned = await assignStep(deferred, input.technicianId, { rebooking: true });
      await deferred.save(assigned.changes);
      messages.push(assigned.message);
    }
    const booked = await scheduleStep(deferred, input, clashes.warnings);
    await deferred.save(booked.changes);
    messages.push(booked.message);
    await c.save(pending);
    return messages.join(" ");
  });
}

/** The customer's purchase-order number (also on a closed request: accounts may need it to invoice). */
export function recordPo(staff: StaffMember, reference: string, input: PoInput, now = new Date()): Promise<WorkResult> {
  return change(reference, input.version, staff, now, async (c) => {
    const { row } = c;
    if (row.poNumber === input.poNumber) throw new Refusal("poNumber", `The PO number is already ${row.poNumber}.`);
    await c.save({ poNumber: input.poNumber });
    await c.event({ kind: "po", status: row.status, note: row.poNumber ? `PO number changed from ${row.poNumber} to ${input.poNumber}` : `PO number ${input.poNumber}`, internal: true });
    await c.auditChanges("request.po", { poNumber: row.poNumber }, { poNumber: input.poNumber });
    return `PO number ${input.poNumber} recorded.`;
  });
}

function cancelChanges(row: ServiceRequest, reason: string, now: Date) {
  return { ...statusChanges(row, "cancelled", now), cancelReason: reason };
}

/** Closes the request as a repeat of another one (which must exist and not be this one). */
export function markDuplicate(staff: StaffMember, reference: string, input: DuplicateInput, now = new Date()): Promise<WorkResult> {
  return change(reference, input.version, staff, now, async (c) => {
    const { row } = c;
    if (isClosed(row.status)) throw new Refusal("original", CLOSED_MESSAGE(row.status));
    if (input.original === row.reference) throw new Refusal("original", "A request cannot be a duplicate of itself: enter the other request's reference.");
    const [original] = await c.tx
      .select({ id: serviceRequests.id, reference: serviceRequests.reference, duplicateOfId: serviceRequests.duplicateOfId })
      .from(serviceRequests)
      .where(eq(serviceRequests.reference, input.original));
    if (!original) throw new Refusal("original", `There is no request ${input.original}.`);
    if (original.duplicateOfId === row.id) throw new Refusal("original", `${original.reference} is already marked as a duplicate of this request.`);
    const reason = `Duplicate of ${original.reference}`;
    const changes = { ...cancelChanges(row, reason, now), duplicateOfId: original.id };
    await c.save(changes);
    const eventId = await c.event({ kind: "duplicate", status: "cancelled", note: reason, internal: false });
    await c.auditChanges("request.duplicate", row, changes);
    await tellCustomer(c, "duplicate", "cancelled", eventId, { note: reason, original: original.reference });
    return `Marked as a duplicate of ${original.reference} and cancelled. The customer has been told by SMS.`;
  });
}

/** Cancels with a reason, which the customer reads. */
export function cancelRequest(staff: StaffMember, reference: string, input: CancelInput, now = new Date()): Promise<WorkResult> {
  return change(reference, input.version, staff, now, async (c) => {
    const { row } = c;
    if (isClosed(row.status)) throw new Refusal("reason", CLOSED_MESSAGE(row.status));
    const changes = cancelChanges(row, input.reason, now);
    await c.save(changes);
    const eventId = await c.event({ kind: "status", status: "cancelled", note: input.reason, internal: false });
    await c.auditChanges("request.cancel", row, changes);
    await tellCustomer(c, "cancelled", "cancelled", eventId, { note: input.reason });
    return "Request cancelled. The customer has been told by SMS.";
  });
}

// ── The page ────────────────────────────────────────────────────────────────────────────────────

/** Approved technicians with today's load (open jobs with a visit today, India time), for the suggestions. */
export async function assignmentCandidates(now = new Date()): Promise<Candidate[]> {
  const dayStart = indiaTime(todayInIndia(now), "00:00");
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const [technicians, loads] = await Promise.all([
    getDb()
      .select({
        id: technicianProfiles.id,
        name: technicianProfiles.name,
        city: technicianProfiles.city,
        skills: technicianProfiles.skills,
        availableNow: technicianProfiles.availableNow,
      })
      .from(technicianProfiles)
      .where(eq(technicianProfiles.status, "approved")),
    getDb()
      .select({ id: serviceRequests.assignedTechnicianId, visits: count() })
      .from(serviceRequests)
      .where(
        and(
          gte(serviceRequests.visitStart, dayStart),
          lt(serviceRequests.visitStart, dayEnd),
          notInArray(serviceRequests.status, [...CLOSED_STATUSES]),
        ),
      )
      .groupBy(serviceRequests.assignedTechnicianId),
  ]);
  const visits = new Map(loads.map((l) => [l.id, Number(l.visits)]));
  // Leave or unavailable hours now (issue 21 §2: the same availability the schedule board reads) count as "not available now".
  const away = new Set(
    (
      await getDb()
        .select({ id: technicianTimeOff.technicianId })
        .from(technicianTimeOff)
        .where(and(lte(technicianTimeOff.startsAt, now), gt(technicianTimeOff.endsAt, now)))
    ).map((r) => r.id),
  );
  return technicians.map((t) => ({ ...t, availableNow: t.availableNow && !away.has(t.id), visitsToday: visits.get(t.id) ?? 0 }));
}

const EVENT_KIND_LABELS: Record<string, string> = {
  call: "Call",
  note: "Note",
  status: "Status",
  assign: "Technician",
  schedule: "Visit",
  po: "Purchase order",
  duplicate: "Duplicate",
};

export interface ClockView {
  /** "Response overdue by 1 h 05 min", "Due in 35 min", "Responded in 42 min". */
  text: string;
  /** The state's short label (RESPONSE_STATE_LABELS) or the resolution clock's. */
  label: string;
  tone: "good" | "warning" | "bad" | "neutral";
}

export function responseClock(row: ServiceRequest, now: Date, escalateBeforeMinutes: number): ClockView & { state: ResponseState } {
  const { state, minutesLeft } = responseState(row, now, escalateBeforeMinutes);
  const label = RESPONSE_STATE_LABELS[state];
  const took = row.firstContactAt ? (row.firstContactAt.getTime() - row.createdAt.getTime()) / 60_000 : 0;
  switch (state) {
    case "met":
      return { state, label, tone: "good", text: `Responded in ${formatDuration(took)}` };
    case "missed":
      return { state, label, tone: "bad", text: `Responded in ${formatDuration(took)}, ${formatDuration((row.firstContactAt!.getTime() - row.responseDueAt!.getTime()) / 60_000)} late` };
    case "breached":
      return { state, label, tone: "bad", text: `Response overdue by ${formatDuration(-(minutesLeft ?? 0))}` };
    case "due_soon":
      return { state, label, tone: "warning", text: `Due in ${formatDuration(minutesLeft ?? 0)}` };
    case "closed":
      return { state, label, tone: "neutral", text: "Closed before any call or note was logged" };
    case "on_track":
      return { state, label, tone: "neutral", text: minutesLeft === null ? "No response promise recorded" : `Due in ${formatDuration(minutesLeft)}` };
  }
}

function resolutionClock(row: ServiceRequest, now: Date): ClockView {
  const minutes = resolutionMinutes(row, now);
  const paused = Math.round(row.pausedSeconds / 60) + (row.pausedAt && !row.completedAt ? Math.floor((now.getTime() - row.pausedAt.getTime()) / 60_000) : 0);
  const pausedText = paused > 0 ? ` (not counting ${formatDuration(paused)} waiting)` : "";
  if (row.completedAt) return { label: "Resolved", tone: "good", text: `Completed in ${formatDuration(minutes)}${pausedText}` };
  if (row.status === "cancelled") return { label: "Cancelled", tone: "neutral", text: `Cancelled after ${formatDuration(minutes)}${pausedText}` };
  if (row.pausedAt) return { label: `Paused: ${officeStatusLabel(row.status)}`, tone: "warning", text: `${formatDuration(minutes)} so far${pausedText}` };
  return { label: "Running", tone: "neutral", text: `${formatDuration(minutes)} so far${pausedText}` };
}

/** Everything the request's back-office page shows, view-ready (ISO strings, labels resolved); undefined if none. */
export async function requestWorkPage(reference: string, now = new Date()) {
  const [row] = await getDb().select().from(serviceRequests).where(eq(serviceRequests.reference, reference));
  if (!row) return undefined;
  const site = await getSiteSettings();
  const [photos, events, technician, duplicateOf, duplicates, candidates] = await Promise.all([
    requestPhotosWithOrigin(row.id, "office"),
    getDb()
      .select({
        id: requestEvents.id,
        kind: requestEvents.kind,
        status: requestEvents.status,
        note: requestEvents.note,
        internal: requestEvents.internal,
        createdAt: requestEvents.createdAt,
        actorId: requestEvents.actorUserId,
        actorName: users.name,
        technicianName: technicianProfiles.name,
      })
      .from(requestEvents)
      .leftJoin(users, eq(users.id, requestEvents.actorUserId))
      .leftJoin(technicianProfiles, eq(technicianProfiles.userId, requestEvents.actorUserId))
      .where(eq(requestEvents.requestId, row.id))
      .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id)),
    row.assignedTechnicianId === null
      ? undefined
      : getDb()
          .select({ id: technicianProfiles.id, name: technicianProfiles.name, mobile: technicianProfiles.mobile, city: technicianProfiles.city, skills: technicianProfiles.skills })
          .from(technicianProfiles)
          .where(eq(technicianProfiles.id, row.assignedTechnicianId))
          .then((r) => r[0]),
    row.duplicateOfId === null
      ? undefined
      : getDb()
          .select({ reference: serviceRequests.reference })
          .from(serviceRequests)
          .where(eq(serviceRequests.id, row.duplicateOfId))
          .then((r) => r[0]?.reference),
    getDb().select({ reference: serviceRequests.reference }).from(serviceRequests).where(eq(serviceRequests.duplicateOfId, row.id)).orderBy(asc(serviceRequests.id)),
    assignmentCandidates(now),
  ]);
  const suggestions = rankCandidates(candidates, { serviceSlug: row.serviceSlug, serviceName: row.serviceName, city: row.city });
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    request: {
      id: row.id,
      reference: row.reference,
      kind: row.kind,
      status: row.status as RequestStatus,
      statusLabel: officeStatusLabel(row.status),
      closed: isClosed(row.status),
      version: row.version,
      contactName: row.contactName,
      mobile: row.mobile,
      email: row.email,
      company: row.company,
      siteAddress: row.siteAddress,
      city: row.city,
      serviceName: row.serviceName,
      equipmentBrand: row.equipmentBrand,
      equipmentModel: row.equipmentModel,
      equipmentRating: row.equipmentRating,
      faultDescription: row.faultDescription,
      faultCode: row.faultCode,
      urgency: row.urgency,
      preferredDate: row.preferredDate,
      consentVersion: row.consentVersion,
      createdAt: row.createdAt.toISOString(),
      assignedAt: iso(row.assignedAt),
      visitStart: iso(row.visitStart),
      visitEnd: iso(row.visitEnd),
      visit: row.visitStart && row.visitEnd ? visitText(row.visitStart, row.visitEnd) : null,
      poNumber: row.poNumber,
      cancelReason: row.cancelReason,
      assignedTechnicianId: row.assignedTechnicianId,
      // The technician's times (issue 17 §4): on site so far, and the labour time they entered.
      minutesOnSite: minutesOnSite(row, now),
      labourMinutes: row.labourMinutes,
      duplicateOf: duplicateOf ?? null,
      duplicates: duplicates.map((d) => d.reference),
    },
    clocks: { response: responseClock(row, now, site.operations.escalateBeforeMinutes), resolution: resolutionClock(row, now) },
    technician: technician ? { ...technician, skills: technician.skills.map(skillLabel) } : null,
    suggestions: suggestions.map((s) => ({ id: s.id, name: s.name, reasons: s.reasons, assigned: s.id === row.assignedTechnicianId })),
    photos,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      kindLabel: EVENT_KIND_LABELS[e.kind] ?? e.kind,
      status: e.status,
      statusLabel: officeStatusLabel(e.status),
      note: e.note,
      internal: e.internal,
      // Staff by name, never by mobile number (issue 17 §5); a technician as a technician.
      by: e.technicianName ? `${e.technicianName} (technician)` : e.actorName?.trim() || (e.actorId === null ? null : "a staff member"),
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export type RequestWorkPage = NonNullable<Awaited<ReturnType<typeof requestWorkPage>>>;

