import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { keysetPage, PAGE_SIZE, CSV_MAX_ROWS, type Cursor } from "~/.server/admin/list.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { changeRecord, Refusal, refusedBy, type ChangeResult, type RecordKind } from "~/.server/admin/changes.ts";
import { getDb } from "~/.server/db/index.ts";
import { nextReference } from "~/.server/db/references.ts";
import { requestContact } from "~/.server/db/column-groups.ts";
import { requestPhotos, serviceRequests, users, videoCalls } from "~/.server/db/schema.ts";
import { signedPath, verifyLinkToken } from "~/.server/links/signed.ts";
import { issueLiveGrant } from "~/.server/live/grants.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { queueMessages, type OutboxMessage } from "~/.server/notifications/index.ts";
import { DLT_TEMPLATES, sms } from "~/.server/notifications/templates.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatDateTime } from "~/lib/format.ts";
import {
  indiaMoment,
  STALE_CALL_MESSAGE,
  VIDEO_CALL_STATUS_LABELS,
  type CancelCallInput,
  type NotesInput,
  type RescheduleCallInput,
  type ScheduleCallInput,
  type SignalSide,
  type VideoCallFilter,
  type VideoCallListFilters,
  type VideoCallStatus,
} from "~/lib/forms/admin/video-calls.ts";

/**
 * Remote video diagnosis (issue 12 §7). The office books a call from a service request; the customer gets an
 * SMS with a signed link (/d/video/<token>) to join from their phone, no sign-in. Each side's "Join" records
 * who took part and when (participants), the first join makes the call live, the engineer ends it (its
 * duration). The browsers talk to each other directly (WebRTC); only their signals pass through the server
 * (./signal.ts), and the engineer's snapshots are saved among the request's photos (./snapshots.ts).
 *
 * Office changes (reschedule, cancel, notes) are checked against the version the staff member saw. Joining
 * and leaving do not change the version: a customer joining must not make the engineer's notes form stale.
 */

type Call = typeof videoCalls.$inferSelect;

export interface Participant {
  role: SignalSide;
  name: string;
  /** The staff member, for the engineer's side. */
  userId?: number;
  joinedAt: string;
  leftAt: string | null;
}

/** A call not started this long after its time is missed: its link no longer joins it. */
export const MISSED_AFTER_HOURS = 12;
/** The customer may join this long before the call's time (earlier, a tap on the link does not start it). */
export const CUSTOMER_EARLY_MINUTES = 30;
/** How long after its time a call's link keeps working (the page then says it has passed). */
const LINK_DAYS_AFTER_CALL = 3;

export type CallResult = ChangeResult<{ reference: string }>;

/** The status as people should read it: a booked call long past its time without anyone joining is missed. */
export function effectiveStatus(call: Pick<Call, "status" | "scheduledAt">, now = new Date()): VideoCallStatus {
  if (call.status === "scheduled" && now.getTime() - call.scheduledAt.getTime() > MISSED_AFTER_HOURS * 3_600_000) return "missed";
  return call.status;
}

function participantsOf(call: Pick<Call, "participants">): Participant[] {
  return Array.isArray(call.participants) ? (call.participants as Participant[]) : [];
}

function staffName(staff: Pick<StaffMember, "name" | "mobile">): string {
  return staff.name?.trim() || staff.mobile || "Engineer";
}

/** The customer's link: good until a few days after the call's time. */
export function callLinkPath(call: Pick<Call, "id" | "scheduledAt">, now = new Date()): string {
  const until = new Date(Math.max(call.scheduledAt.getTime(), now.getTime()) + LINK_DAYS_AFTER_CALL * 86_400_000);
  return signedPath("video", call.id, { expiresAt: until, now });
}

function bookedSms(call: Pick<Call, "id" | "reference" | "scheduledAt" | "version">, request: { reference: string; mobile: string }, site: Awaited<ReturnType<typeof getSiteSettings>>, now: Date): OutboxMessage {
  const token = callLinkPath(call, now).slice("/d/video/".length);
  return sms(
    DLT_TEMPLATES.videoCallBooked,
    request.mobile,
    { business: site.identity.legalName, reference: request.reference, when: formatDateTime(call.scheduledAt), siteUrl: site.identity.siteUrl, token },
    `video:${call.reference}:v${call.version}:booked-sms`,
  );
}

// ── Booking ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Books a call for a request at a time (IST) and queues the customer's SMS with the link. The same form
 * sent twice (the same request and time while that call is still booked) gives the call it made.
 */
export async function scheduleCall(staff: StaffMember, input: ScheduleCallInput, now = new Date()): Promise<CallResult & { created?: boolean }> {
  const scheduledAt = indiaMoment(input.date, input.time);
  const site = await getSiteSettings();
  try {
    return await getDb().transaction(async (tx) => {
      // The request's row is locked: two identical submissions at once book one call.
      const [request] = await tx
        .select({ id: serviceRequests.id, reference: serviceRequests.reference, mobile: serviceRequests.mobile, status: serviceRequests.status })
        .from(serviceRequests)
        .where(eq(serviceRequests.reference, input.request))
        .for("update");
      if (!request) throw new Refusal("request", `No service request has the reference ${input.request}.`);
      if (request.status === "cancelled") throw new Refusal("request", `Request ${request.reference} is cancelled: a video call is not booked for it.`);
      const [same] = await tx
        .select({ reference: videoCalls.reference })
        .from(videoCalls)
        .where(and(eq(videoCalls.serviceRequestId, request.id), eq(videoCalls.scheduledAt, scheduledAt), eq(videoCalls.status, "scheduled")));
      if (same) return { ok: true as const, reference: same.reference, created: false, message: `This call was already booked: ${same.reference}.` };
      const reference = await nextReference(tx, "VC", now);
      const [call] = await tx
        .insert(videoCalls)
        .values({ reference, serviceRequestId: request.id, scheduledAt, status: "scheduled", createdBy: staff.userId, notes: input.notes ?? null, createdAt: now })
        .returning();
      await queueMessages(tx, [bookedSms(call!, request, site, now)]);
      await audit(
        tx,
        auditActor(staff),
        { action: "video-call.schedule", entityType: "video_call", entityId: call!.id, entityLabel: `${reference} for ${request.reference}`, after: { scheduledAt: scheduledAt.toISOString(), request: request.reference } },
        now,
      );
      await publishLive(tx, { audience: "staff:communications", kind: "video.updated", data: { reference } });
      return { ok: true as const, reference, created: true, message: `Video call ${reference} booked for ${formatDateTime(scheduledAt)}. The customer has been sent the link by SMS.` };
    });
  } catch (error) {
    const refused = refusedBy(error);
    if (refused) return refused;
    throw error;
  }
}

interface Step {
  action: string;
  set: Partial<Call>;
  message: string;
  messages?: (call: Call, request: { reference: string; mobile: string }) => OutboxMessage[];
}

interface Loaded {
  row: Call;
  requestReference: string;
  mobile: string;
}

/** The call locked `for update` (not its request), with the request's reference and the customer's mobile. */
const CALL: RecordKind<Call, string, Loaded> = {
  table: videoCalls, entityType: "video_call", stale: STALE_CALL_MESSAGE, stampsUpdatedAt: false,
  load: async (tx, reference) => {
    const [found] = await tx
      .select({ row: videoCalls, requestReference: serviceRequests.reference, mobile: serviceRequests.mobile })
      .from(videoCalls)
      .innerJoin(serviceRequests, eq(serviceRequests.id, videoCalls.serviceRequestId))
      .where(eq(videoCalls.reference, reference))
      .for("update", { of: videoCalls });
    return found;
  },
  label: ({ row, requestReference }) => `${row.reference} for ${requestReference}`,
};

/** One office change on the version the staff member saw (null: any), audited, in one transaction. */
function change(reference: string, version: number | null, staff: StaffMember, step: (call: Call) => Step, now: Date): Promise<CallResult> {
  return changeRecord<Call, string, Loaded, { reference: string }>(CALL, reference, version, staff, now, async ({ tx, row, loaded, save, auditChanges }) => {
    const done = step(row);
    const updated = await save(done.set);
    if (done.messages) await queueMessages(tx, done.messages(updated, { reference: loaded.requestReference, mobile: loaded.mobile }));
    await auditChanges(done.action, row, done.set);
    // The list's other viewers (not this page: its own redirect shows the change, with its message).
    await publishLive(tx, { audience: "staff:communications", kind: "video.updated", data: { reference: row.reference } });
    return { reference: row.reference, message: done.message };
  });
}

/** Moves a booked call to another time; the customer gets the SMS again with the new time. */
export async function rescheduleCall(staff: StaffMember, reference: string, input: RescheduleCallInput, now = new Date()): Promise<CallResult> {
  const site = await getSiteSettings();
  const scheduledAt = indiaMoment(input.date, input.time);
  return change(reference, input.version, staff, (call) => {
    const status = effectiveStatus(call, now);
    if (status !== "scheduled" && status !== "missed") throw new Refusal("form", `A call that is ${VIDEO_CALL_STATUS_LABELS[status].toLowerCase()} is not moved: book a new one.`);
    if (call.scheduledAt.getTime() === scheduledAt.getTime()) throw new Refusal("time", "The call is already booked for this time.");
    return {
      action: "video-call.reschedule",
      set: { scheduledAt, status: "scheduled" },
      message: `Call moved to ${formatDateTime(scheduledAt)}. The customer has been sent the new time by SMS.`,
      messages: (updated, request) => [bookedSms(updated, request, site, now)],
    };
  }, now);
}

export async function cancelCall(staff: StaffMember, reference: string, input: CancelCallInput, now = new Date()): Promise<CallResult> {
  const site = await getSiteSettings();
  return change(reference, input.version, staff, (call) => {
    const status = effectiveStatus(call, now);
    if (status !== "scheduled" && status !== "missed") throw new Refusal("form", `A call that is ${VIDEO_CALL_STATUS_LABELS[status].toLowerCase()} cannot be cancelled.`);
    const notes = input.reason ? [call.notes, `Cancelled: ${input.reason}`].filter(Boolean).join("\n\n") : call.notes;
    return {
      action: "video-call.cancel",
      set: { status: "cancelled", notes },
      message: "Call cancelled. The customer has been told by SMS.",
      messages: (updated, request) => [
        sms(
          DLT_TEMPLATES.videoCallCancelled,
          request.mobile,
          { business: site.identity.legalName, reference: request.reference, when: formatDateTime(updated.scheduledAt) },
          `video:${updated.reference}:cancelled-sms`,
        ),
      ],
    };
  }, now);
}

export function saveNotes(staff: StaffMember, reference: string, input: NotesInput, now = new Date()): Promise<CallResult> {
  return change(reference, input.version, staff, () => ({ action: "video-call.notes", set: { notes: input.notes ?? null }, message: "Notes saved." }), now);
}

/** Ends a live call: its end, its duration, everyone still in it marked as left; the customer's page is told. */
export function endCall(staff: StaffMember, reference: string, now = new Date()): Promise<CallResult> {
  return change(reference, null, staff, (call) => {
    if (call.status === "ended") throw new Refusal("form", "This call has already ended.");
    if (call.status !== "live") throw new Refusal("form", "Nobody has joined this call yet: cancel it instead.");
    const startedAt = call.startedAt ?? now;
    const durationSeconds = Math.max(0, Math.round((now.getTime() - startedAt.getTime()) / 1000));
    const participants = participantsOf(call).map((p) => (p.leftAt ? p : { ...p, leftAt: now.toISOString() }));
    return {
      action: "video-call.end",
      set: { status: "ended", endedAt: now, durationSeconds, participants },
      message: `Call ended after ${durationText(durationSeconds)}.`,
    };
  }, now).then(async (result) => {
    if (result.ok) {
      const [call] = await getDb().select({ id: videoCalls.id }).from(videoCalls).where(eq(videoCalls.reference, reference));
      // The customer's page hears that the call is over (and stops waiting for the engineer).
      if (call) await publishLive(getDb(), { audience: `video:${call.id}`, kind: "video.signal", data: { from: "engineer", type: "bye", peer: "server-end", ended: true } });
    }
    return result;
  });
}

/** "4 min 05 s", "1 h 02 min", "35 s". */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min ${String(s).padStart(2, "0")} s`;
}

// ── Joining and leaving ──────────────────────────────────────────────────────────────────────────

export type JoinResult = { ok: true } | { ok: false; message: string };

/**
 * Records that a side joined: a participant entry (one open entry per side and person: a reload is not a new
 * participant), the call live from its first join. The customer may join a booked or live call; the engineer
 * too, and the engineer who joins first is the call's engineer.
 */
export async function joinCall(callId: number, who: { role: SignalSide; name: string; staff?: StaffMember }, now = new Date()): Promise<JoinResult> {
  return getDb().transaction(async (tx) => {
    const [call] = await tx.select().from(videoCalls).where(eq(videoCalls.id, callId)).for("update");
    if (!call) return { ok: false, message: "This call does not exist." };
    const status = effectiveStatus(call, now);
    if (status !== "scheduled" && status !== "live") return { ok: false, message: `This call is ${VIDEO_CALL_STATUS_LABELS[status].toLowerCase()}.` };
    if (who.role === "customer" && status === "scheduled" && now.getTime() < opensAt(call).getTime()) {
      return { ok: false, message: `The call opens at ${formatDateTime(opensAt(call))}, ${CUSTOMER_EARLY_MINUTES} minutes before its time. Please come back then.` };
    }
    const participants = participantsOf(call);
    const userId = who.staff?.userId;
    const open = participants.find((p) => p.role === who.role && !p.leftAt && (who.role === "customer" || p.userId === userId));
    // Already in (a hello repeated while waiting, a reload): nothing to record.
    if (open && call.status === "live") return { ok: true };
    if (!open) participants.push({ role: who.role, name: who.name, ...(userId ? { userId } : {}), joinedAt: now.toISOString(), leftAt: null });
    await tx
      .update(videoCalls)
      .set({
        participants,
        status: "live",
        startedAt: call.startedAt ?? now,
        engineerId: call.engineerId ?? (who.role === "engineer" ? (userId ?? null) : null),
      })
      .where(eq(videoCalls.id, callId));
    if (who.staff && call.status !== "live") {
      await audit(tx, auditActor(who.staff), { action: "video-call.start", entityType: "video_call", entityId: call.id, entityLabel: call.reference, after: { status: "live" } }, now);
    }
    await publishLive(tx, { audience: `video:${call.id}`, kind: "video.presence", data: { reference: call.reference, role: who.role, joined: true } });
    if (call.status !== "live") await publishLive(tx, { audience: "staff:communications", kind: "video.updated", data: { reference: call.reference } });
    return { ok: true };
  });
}

/** When the customer may join a booked call. */
export function opensAt(call: Pick<Call, "scheduledAt">): Date {
  return new Date(call.scheduledAt.getTime() - CUSTOMER_EARLY_MINUTES * 60_000);
}

/** A side left (its Leave button, or its page closed): its open entries get their leftAt. */
export async function leaveCall(callId: number, role: SignalSide, userId?: number, now = new Date()): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [call] = await tx.select().from(videoCalls).where(eq(videoCalls.id, callId)).for("update");
    if (!call || call.status !== "live") return;
    let changed = false;
    const participants = participantsOf(call).map((p) => {
      if (p.leftAt || p.role !== role || (userId !== undefined && p.userId !== userId)) return p;
      changed = true;
      return { ...p, leftAt: now.toISOString() };
    });
    if (!changed) return;
    await tx.update(videoCalls).set({ participants }).where(eq(videoCalls.id, callId));
    await publishLive(tx, { audience: `video:${call.id}`, kind: "video.presence", data: { reference: call.reference, role, joined: false } });
  });
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────

function participantsView(call: Pick<Call, "participants">) {
  return participantsOf(call).map((p) => ({ role: p.role, name: p.name, joinedAt: p.joinedAt, leftAt: p.leftAt }));
}

/** One call for the office's page: the call, its request, who took part, its snapshots. */
export async function callRecord(reference: string, now = new Date()) {
  const [row] = await getDb()
    .select({
      call: videoCalls,
      request: {
        id: serviceRequests.id,
        reference: serviceRequests.reference,
        ...requestContact,
        city: serviceRequests.city,
        serviceName: serviceRequests.serviceName,
        faultDescription: serviceRequests.faultDescription,
      },
      engineerName: sql<string | null>`(select coalesce(${users.name}, ${users.mobile}) from ${users} where ${users.id} = ${videoCalls.engineerId})`,
      createdByName: sql<string | null>`(select coalesce(${users.name}, ${users.mobile}) from ${users} where ${users.id} = ${videoCalls.createdBy})`,
    })
    .from(videoCalls)
    .innerJoin(serviceRequests, eq(serviceRequests.id, videoCalls.serviceRequestId))
    .where(eq(videoCalls.reference, reference));
  if (!row) return undefined;
  const c = row.call;
  const snapshots = await getDb()
    .select({ id: requestPhotos.id, width: requestPhotos.width, height: requestPhotos.height, caption: requestPhotos.caption, createdAt: requestPhotos.createdAt })
    .from(requestPhotos)
    .where(eq(requestPhotos.videoCallId, c.id))
    .orderBy(asc(requestPhotos.id));
  return {
    id: c.id,
    reference: c.reference,
    version: c.version,
    status: effectiveStatus(c, now),
    scheduledAt: c.scheduledAt.toISOString(),
    startedAt: c.startedAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
    durationSeconds: c.durationSeconds,
    participants: participantsView(c),
    notes: c.notes,
    engineerName: row.engineerName,
    createdByName: row.createdByName,
    createdAt: c.createdAt.toISOString(),
    request: row.request,
    snapshots: snapshots.map((s) => ({ id: s.id, width: s.width, height: s.height, caption: s.caption, createdAt: s.createdAt.toISOString() })),
  };
}
export type CallRecord = NonNullable<Awaited<ReturnType<typeof callRecord>>>;

export type CustomerCallPage =
  | { ok: true; call: { id: number; reference: string; status: VideoCallStatus; scheduledAt: string; opensAt: string; requestReference: string; contactName: string; endedAt: string | null; durationSeconds: number | null } }
  | { ok: false; reason: "tampered" | "expired" | "not-found" };

/** The customer's page from the signed link: the call, or why the link does not open it. */
export async function callForToken(token: string, now = new Date()): Promise<CustomerCallPage> {
  const check = verifyLinkToken("video", token, now);
  if (!check.ok) return { ok: false, reason: check.problem };
  const [row] = await getDb()
    .select({ call: videoCalls, requestReference: serviceRequests.reference, contactName: serviceRequests.contactName })
    .from(videoCalls)
    .innerJoin(serviceRequests, eq(serviceRequests.id, videoCalls.serviceRequestId))
    .where(eq(videoCalls.id, check.id));
  if (!row) return { ok: false, reason: "not-found" };
  const c = row.call;
  return {
    ok: true,
    call: {
      id: c.id,
      reference: c.reference,
      status: effectiveStatus(c, now),
      scheduledAt: c.scheduledAt.toISOString(),
      opensAt: opensAt(c).toISOString(),
      requestReference: row.requestReference,
      contactName: row.contactName,
      endedAt: c.endedAt?.toISOString() ?? null,
      durationSeconds: c.durationSeconds,
    },
  };
}

/** The request's calls, for its page: newest first. */
export async function callsForRequest(requestId: number, now = new Date()) {
  const rows = await getDb().select().from(videoCalls).where(eq(videoCalls.serviceRequestId, requestId)).orderBy(desc(videoCalls.scheduledAt), desc(videoCalls.id));
  return rows.map((c) => ({ reference: c.reference, status: effectiveStatus(c, now), scheduledAt: c.scheduledAt.toISOString(), durationSeconds: c.durationSeconds }));
}

// ── The list and the call log ────────────────────────────────────────────────────────────────────

export interface VideoCallListItem {
  id: number;
  reference: string;
  status: VideoCallStatus;
  scheduledAt: string;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  requestReference: string;
  contactName: string;
  company: string | null;
  engineerName: string | null;
  participants: ReturnType<typeof participantsView>;
}

/** Each tab's calls; a booked call long past its time (missed) is among the past ones. */
function tabConditions(now: Date): Record<VideoCallFilter, SQL | undefined> {
  const missedBefore = new Date(now.getTime() - MISSED_AFTER_HOURS * 3_600_000).toISOString();
  return {
    upcoming: and(eq(videoCalls.status, "scheduled"), sql`${videoCalls.scheduledAt} >= ${missedBefore}::timestamptz`),
    live: eq(videoCalls.status, "live"),
    past: or(inArray(videoCalls.status, ["ended", "missed"]), and(eq(videoCalls.status, "scheduled"), sql`${videoCalls.scheduledAt} < ${missedBefore}::timestamptz`)),
    cancelled: eq(videoCalls.status, "cancelled"),
    all: undefined,
  };
}

function search(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(videoCalls.reference, like), ilike(serviceRequests.reference, like), ilike(serviceRequests.contactName, like), ilike(serviceRequests.company, like));
}

function listQuery(filters: VideoCallListFilters, cursor: Cursor | undefined, limit: number, now: Date) {
  // Upcoming calls soonest first; every other tab most recent first.
  const ascending = filters.show === "upcoming";
  const after = cursor && typeof cursor[0] === "string" && !Number.isNaN(Date.parse(cursor[0])) ? cursor : undefined;
  const keyset = after
    ? ascending
      ? sql`(${videoCalls.scheduledAt}, ${videoCalls.id}) > (${new Date(after[0] as string).toISOString()}::timestamptz, ${after[1]})`
      : sql`(${videoCalls.scheduledAt}, ${videoCalls.id}) < (${new Date(after[0] as string).toISOString()}::timestamptz, ${after[1]})`
    : undefined;
  return getDb()
    .select({
      call: videoCalls,
      requestReference: serviceRequests.reference,
      contactName: serviceRequests.contactName,
      company: serviceRequests.company,
      engineerName: sql<string | null>`(select coalesce(${users.name}, ${users.mobile}) from ${users} where ${users.id} = ${videoCalls.engineerId})`,
    })
    .from(videoCalls)
    .innerJoin(serviceRequests, eq(serviceRequests.id, videoCalls.serviceRequestId))
    .where(and(tabConditions(now)[filters.show], search(filters.q), keyset))
    .orderBy(...(ascending ? [asc(videoCalls.scheduledAt), asc(videoCalls.id)] : [desc(videoCalls.scheduledAt), desc(videoCalls.id)]))
    .limit(limit);
}

function listItem(r: Awaited<ReturnType<typeof listQuery>>[number], now: Date): VideoCallListItem {
  const c = r.call;
  return {
    id: c.id,
    reference: c.reference,
    status: effectiveStatus(c, now),
    scheduledAt: c.scheduledAt.toISOString(),
    startedAt: c.startedAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
    durationSeconds: c.durationSeconds,
    requestReference: r.requestReference,
    contactName: r.contactName,
    company: r.company,
    engineerName: r.engineerName,
    participants: participantsView(c),
  };
}

export async function listCalls(filters: VideoCallListFilters, cursor: Cursor | undefined, now = new Date()) {
  const db = getDb();
  const tabs = tabConditions(now);
  const [rows, [counts]] = await Promise.all([
    listQuery(filters, cursor, PAGE_SIZE + 1, now),
    db
      .select({
        upcoming: sql<number>`count(*) filter (where ${tabs.upcoming})`.mapWith(Number),
        live: sql<number>`count(*) filter (where ${tabs.live})`.mapWith(Number),
        past: sql<number>`count(*) filter (where ${tabs.past})`.mapWith(Number),
        cancelled: sql<number>`count(*) filter (where ${tabs.cancelled})`.mapWith(Number),
        all: count().mapWith(Number),
      })
      .from(videoCalls)
      .innerJoin(serviceRequests, eq(serviceRequests.id, videoCalls.serviceRequestId))
      .where(search(filters.q)),
  ]);
  const page = keysetPage(
    rows.map((r) => listItem(r, now)),
    (r) => [r.scheduledAt, r.id],
  );
  const tabCounts = counts as Record<VideoCallFilter, number>;
  return { ...page, counts: tabCounts, total: tabCounts[filters.show] };
}

/** Every call of the filter, for the CSV (the call log). */
export async function exportCalls(filters: VideoCallListFilters, now = new Date()): Promise<VideoCallListItem[]> {
  return (await listQuery(filters, undefined, CSV_MAX_ROWS, now)).map((r) => listItem(r, now));
}

/** A call's id and status by its reference (the engineer's signal endpoint). */
export async function callByReference(reference: string): Promise<{ id: number; status: Call["status"] } | undefined> {
  const [row] = await getDb().select({ id: videoCalls.id, status: videoCalls.status }).from(videoCalls).where(eq(videoCalls.reference, reference));
  return row;
}

/** The name the customer's side goes by in the call log: the request's contact. */
export async function customerNameForCall(callId: number): Promise<string | undefined> {
  const [row] = await getDb()
    .select({ name: serviceRequests.contactName })
    .from(videoCalls)
    .innerJoin(serviceRequests, eq(serviceRequests.id, videoCalls.serviceRequestId))
    .where(eq(videoCalls.id, callId));
  return row?.name;
}

export { staffName };

/**
 * The live grant for a call's page (its signals, who joined). The same token for ten minutes: a page that
 * reloads its data (someone joined, a snapshot) keeps its stream open instead of reconnecting with a new one.
 */
export function callGrant(callId: number, now = new Date()): string {
  const from = new Date(Math.floor(now.getTime() / 600_000) * 600_000);
  return issueLiveGrant(`video:${callId}`, 6 * 3600, from);
}
