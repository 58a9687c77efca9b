import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import ical, { ICalEventStatus, ICalEventTransparency } from "ical-generator";
import { audit, type AuditActor } from "~/.server/audit/index.ts";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { calendarFeeds, serviceRequests, technicianProfiles, technicianTimeOff, users } from "~/.server/db/schema.ts";
import { customerOf, siteOf, VISIT_COLUMNS } from "~/.server/schedule/agenda.ts";
import { backOfficeUrl } from "~/.server/notifications/links.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { can, isStaffRole } from "~/lib/auth/permissions.ts";
import { urgencyLabel, type Urgency } from "~/lib/forms/urgency.ts";
import { STAGE_LABELS, stageOf } from "~/lib/schedule/stages.ts";

/**
 * Calendar feeds (issue 21 §2, ADR 066): an iCalendar (.ics) address a phone's calendar subscribes to,
 * for one technician's visits or for the whole board (a staff member with the dispatch permission).
 *
 * The token is 32 random bytes (never derived from an id or a secret), shown once when made and stored only as
 * its SHA-256 hash. A subject (a technician, a staff member's board) has at most one live feed (a partial
 * unique index, and the subject's row locked while a link is made): a new link revokes the old one, whose
 * address then answers 410. Making and revoking a link are audited on the technician (or the staff member).
 */

export type FeedSubject = { scope: "technician"; technicianId: number } | { scope: "board"; ownerUserId: number };

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** How far back and ahead a feed reaches: the recent past (to look up a visit done) and the weeks booked ahead. */
const FEED_DAYS_BACK = 14;
const FEED_DAYS_AHEAD = 60;
/** A board feed at volume (50 technicians, ~1,000 visits a week) stays a few MB at most. */
const FEED_MAX_VISITS = 5_000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

const subjectWhere = (s: FeedSubject) =>
  s.scope === "technician"
    ? and(eq(calendarFeeds.scope, "technician"), eq(calendarFeeds.technicianId, s.technicianId), isNull(calendarFeeds.revokedAt))
    : and(eq(calendarFeeds.scope, "board"), eq(calendarFeeds.ownerUserId, s.ownerUserId), isNull(calendarFeeds.revokedAt));

/** The feed's address path for a token: /calendar-feeds/{token}.ics. */
export const feedPath = (token: string) => `/calendar-feeds/${token}.ics`;

/** Whether the subject has a live feed, and since when (the link itself cannot be shown again: only its hash is kept). */
export async function liveFeed(subject: FeedSubject): Promise<{ since: string } | undefined> {
  const [row] = await getDb().select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(subjectWhere(subject));
  return row && { since: row.createdAt.toISOString() };
}

/** Every technician's live feed, by technician id: when it was made (the board's feed page lists them). */
export async function liveTechnicianFeeds(): Promise<Map<number, string>> {
  const rows = await getDb()
    .select({ technicianId: calendarFeeds.technicianId, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.scope, "technician"), isNull(calendarFeeds.revokedAt)));
  return new Map(rows.map((r) => [r.technicianId!, r.createdAt.toISOString()]));
}

/** Locks the subject's row (so two "new link" at once queue) and names it for the audit log; undefined when it is gone. */
async function lockSubject(tx: Transaction, subject: FeedSubject) {
  if (subject.scope === "technician") {
    const [t] = await tx.select({ name: technicianProfiles.name, status: technicianProfiles.status }).from(technicianProfiles).where(eq(technicianProfiles.id, subject.technicianId)).for("update");
    return t?.status === "approved" ? { entityType: "technician", entityId: subject.technicianId, label: t.name } : undefined;
  }
  const [u] = await tx.select({ name: users.name, mobile: users.mobile }).from(users).where(eq(users.id, subject.ownerUserId)).for("update");
  return u ? { entityType: "user", entityId: subject.ownerUserId, label: u.name ?? u.mobile } : undefined;
}

async function revokeLive(tx: Transaction, subject: FeedSubject, now: Date): Promise<number | undefined> {
  const [old] = await tx.update(calendarFeeds).set({ revokedAt: now }).where(subjectWhere(subject)).returning({ id: calendarFeeds.id });
  return old?.id;
}

/** A new feed link for the subject (the old one, if any, revoked in the same transaction). Returns the token, once. */
export async function issueFeed(actor: AuditActor, subject: FeedSubject, now = new Date()): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  const token = randomBytes(32).toString("base64url");
  return getDb().transaction(async (tx) => {
    const entity = await lockSubject(tx, subject);
    if (!entity) return { ok: false, message: "A calendar feed is for an approved technician." } as const;
    const revoked = await revokeLive(tx, subject, now);
    const [row] = await tx
      .insert(calendarFeeds)
      .values({
        scope: subject.scope,
        technicianId: subject.scope === "technician" ? subject.technicianId : null,
        ownerUserId: subject.scope === "board" ? subject.ownerUserId : null,
        tokenHash: hashOf(token),
        createdByUserId: actor.userId,
        createdAt: now,
      })
      .returning({ id: calendarFeeds.id });
    await audit(tx, actor, { action: `${entity.entityType}.calendar-feed`, entityType: entity.entityType, entityId: entity.entityId, entityLabel: entity.label, before: revoked ? { feedId: revoked } : null, after: { feedId: row!.id, scope: subject.scope } }, now);
    return { ok: true, token } as const;
  });
}

/** Revokes the subject's live feed: its address answers 410 from now on. False when there was none. */
export async function revokeFeed(actor: AuditActor, subject: FeedSubject, now = new Date()): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const entity = await lockSubject(tx, subject);
    const revoked = await revokeLive(tx, subject, now);
    if (!revoked) return false;
    await audit(
      tx,
      actor,
      { action: `${entity?.entityType ?? (subject.scope === "technician" ? "technician" : "user")}.calendar-feed-revoke`, entityType: entity?.entityType ?? (subject.scope === "technician" ? "technician" : "user"), entityId: subject.scope === "technician" ? subject.technicianId : subject.ownerUserId, entityLabel: entity?.label ?? null, before: { feedId: revoked, scope: subject.scope } },
      now,
    );
    return true;
  });
}

export type FeedAnswer = { kind: "missing" } | { kind: "gone" } | { kind: "calendar"; body: string };

/**
 * The feed behind a token: "missing" (404) for a token never made or malformed; "gone" (410) for a revoked
 * one, a technician no longer approved, or a board feed whose owner has lost the dispatch permission.
 */
export async function feedForToken(token: string, now = new Date()): Promise<FeedAnswer> {
  if (!TOKEN.test(token)) return { kind: "missing" };
  const [feed] = await getDb().select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!feed) return { kind: "missing" };
  if (feed.revokedAt) return { kind: "gone" };
  const site = await getSiteSettings();
  const origin = site.identity.siteUrl;
  const host = new URL(origin).hostname;
  const from = new Date(now.getTime() - FEED_DAYS_BACK * 86_400_000);
  const until = new Date(now.getTime() + FEED_DAYS_AHEAD * 86_400_000);
  const visitColumns = { ...VISIT_COLUMNS, version: serviceRequests.version, updatedAt: serviceRequests.updatedAt, technician: technicianProfiles.name };
  const inRange = and(isNotNull(serviceRequests.visitStart), lt(serviceRequests.visitStart, until), gt(serviceRequests.visitEnd, from));

  if (feed.scope === "technician") {
    const [technician] = await getDb().select({ status: technicianProfiles.status, name: technicianProfiles.name }).from(technicianProfiles).where(eq(technicianProfiles.id, feed.technicianId!));
    if (technician?.status !== "approved") return { kind: "gone" };
    const [visits, timeOff] = await Promise.all([
      getDb()
        .select(visitColumns)
        .from(serviceRequests)
        .innerJoin(technicianProfiles, eq(technicianProfiles.id, serviceRequests.assignedTechnicianId))
        .where(and(eq(serviceRequests.assignedTechnicianId, feed.technicianId!), inRange))
        .orderBy(asc(serviceRequests.visitStart))
        .limit(FEED_MAX_VISITS),
      getDb()
        .select()
        .from(technicianTimeOff)
        .where(and(eq(technicianTimeOff.technicianId, feed.technicianId!), lt(technicianTimeOff.startsAt, until), gt(technicianTimeOff.endsAt, from))),
    ]);
    const calendar = ical({ name: `${site.identity.legalName}: ${technician.name}'s visits`, prodId: { company: host, product: "technician-visits" }, ttl: 60 * 60 });
    for (const v of visits) {
      calendar.createEvent({ ...visitEvent(v, `visit-${v.reference}@${host}`, `${origin}/technician/jobs/${v.id}`), summary: `${v.reference} · ${v.serviceName ?? "Service to be confirmed"}: ${customerOf(v)}` });
    }
    for (const o of timeOff) {
      calendar.createEvent({
        id: `time-off-${o.id}@${host}`,
        start: o.startsAt,
        end: o.endsAt,
        stamp: o.createdAt,
        summary: o.kind === "leave" ? "On leave" : "Unavailable",
        description: o.note ?? undefined,
        transparency: ICalEventTransparency.OPAQUE,
      });
    }
    return { kind: "calendar", body: calendar.toString() };
  }

  const [owner] = await getDb().select({ roles: users.roles, staffRole: users.staffRole }).from(users).where(eq(users.id, feed.ownerUserId!));
  if (!owner || !owner.roles.includes("admin") || !isStaffRole(owner.staffRole) || !can(owner.staffRole, "dispatch")) return { kind: "gone" };
  const visits = await getDb()
    .select(visitColumns)
    .from(serviceRequests)
    .innerJoin(technicianProfiles, eq(technicianProfiles.id, serviceRequests.assignedTechnicianId))
    .where(inRange)
    .orderBy(asc(serviceRequests.visitStart))
    .limit(FEED_MAX_VISITS);
  const calendar = ical({ name: `${site.identity.legalName}: schedule`, prodId: { company: host, product: "schedule-board" }, ttl: 60 * 60 });
  for (const v of visits) {
    calendar.createEvent({ ...visitEvent(v, `board-${v.reference}@${host}`, backOfficeUrl(`/admin/service-requests/${encodeURIComponent(v.reference)}`, origin)), summary: `${v.technician}: ${v.reference} · ${customerOf(v)}` });
  }
  return { kind: "calendar", body: calendar.toString() };
}

interface FeedVisit {
  reference: string;
  status: string;
  fieldStage: string | null;
  contactName: string;
  company: string | null;
  siteAddress: string | null;
  city: string | null;
  serviceName: string | null;
  urgency: Urgency;
  visitStart: Date | null;
  visitEnd: Date | null;
  version: number;
  updatedAt: Date;
}


/**
 * One visit as an event: UID stable per request; SEQUENCE the request's version (every move bumps it) and
 * LAST-MODIFIED its last change, so a phone replaces the event when the visit moves; a cancelled job stays as
 * STATUS:CANCELLED (a phone then strikes it out). No phone number (ADR 066): the URL opens the job page.
 */
function visitEvent(v: FeedVisit, uid: string, url: string) {
  const stage = STAGE_LABELS[stageOf(v.status, v.fieldStage)];
  return {
    id: uid,
    start: v.visitStart!,
    end: v.visitEnd ?? new Date(v.visitStart!.getTime() + 60 * 60_000),
    stamp: v.updatedAt,
    lastModified: v.updatedAt,
    sequence: v.version,
    location: siteOf(v) || undefined,
    description: [`${v.serviceName ?? "Service to be confirmed"} for ${customerOf(v)}`, `Stage: ${v.status === "cancelled" ? "Cancelled" : stage}`, `Urgency: ${urgencyLabel(v.urgency)}`, url].join("\n"),
    url,
    status: v.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
}

export const FEED_INTENTS = { issue: "calendar-feed-new", revoke: "calendar-feed-revoke" } as const;

export type FeedOutcome = { intent: string; message: string; link?: { https: string; webcal: string }; error?: string };

/**
 * The one answer to the feed panel's two buttons (the technician's agenda, the technician's record page, the
 * board's feed page): undefined when the form is not the panel's, so the page's other intents go on.
 */
export async function answerFeedIntent(intent: unknown, actor: AuditActor, subject: FeedSubject): Promise<FeedOutcome | undefined> {
  if (intent === FEED_INTENTS.issue) {
    const made = await issueFeed(actor, subject);
    if (!made.ok) return { intent, message: made.message, error: made.message };
    const https = `${(await getSiteSettings()).identity.siteUrl}${feedPath(made.token)}`;
    return { intent, message: "A new calendar link is ready. Any earlier link has stopped working.", link: { https, webcal: https.replace(/^https?:/, "webcal:") } };
  }
  if (intent === FEED_INTENTS.revoke) {
    const done = await revokeFeed(actor, subject);
    return { intent, message: done ? "The calendar link is turned off: calendars subscribed to it stop updating." : "There was no calendar link to turn off." };
  }
  return undefined;
}
