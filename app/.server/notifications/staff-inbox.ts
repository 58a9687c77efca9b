/**
 * A staff member's own alerts (/admin/notifications and the bell in the back office's header): the list
 * with its unread/all tabs and kind filter on keyset pages, the unread count, marking read, and their
 * channel choices per kind of alert. Everything here is scoped to the signed-in person: every query and
 * every change names their user id, so nobody reads or marks another's alerts.
 */
import { and, count, desc, eq, isNull, lte, max, sql } from "drizzle-orm";
import { keysetPage, PAGE_SIZE, type Cursor } from "~/.server/admin/list.ts";
import { audit } from "~/.server/audit/index.ts";
import { auditActor, type StaffMember } from "~/.server/auth/staff.ts";
import { getDb } from "~/.server/db/index.ts";
import { notificationPreferences, staffNotifications } from "~/.server/db/schema.ts";
import { CHANNELS, STALE_PREFERENCES_MESSAGE, type NotificationListFilters, type PreferencesInput } from "~/lib/forms/admin/notifications.ts";
import { ALERT_KIND_LABELS, ALERT_KINDS, defaultChannels, isAlertKind, type AlertChannels, type AlertKind } from "~/lib/notifications/alert-kinds.ts";

export interface NotificationItem {
  id: number;
  kind: string;
  kindLabel: string;
  title: string;
  body: string;
  link: string;
  /** ISO */
  createdAt: string;
  read: boolean;
}

/** The bell shows at most this; beyond it, "99+". */
export const UNREAD_CAP = 99;

/** How many unread alerts the person has, counted up to UNREAD_CAP + 1 (the partial index on unread rows). */
export async function unreadCount(userId: number): Promise<number> {
  const capped = getDb()
    .select({ id: staffNotifications.id })
    .from(staffNotifications)
    .where(and(eq(staffNotifications.userId, userId), isNull(staffNotifications.readAt)))
    .limit(UNREAD_CAP + 1)
    .as("capped");
  const [row] = await getDb().select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/** What the header's bell needs: the unread count (capped) and my newest alert's id (live ones after it add up). */
export async function bellState(userId: number): Promise<{ unread: number; newestId: number; cap: number }> {
  const [unread, [newest]] = await Promise.all([
    unreadCount(userId),
    getDb().select({ id: max(staffNotifications.id) }).from(staffNotifications).where(eq(staffNotifications.userId, userId)),
  ]);
  return { unread, newestId: newest?.id ?? 0, cap: UNREAD_CAP };
}

function itemOf(row: typeof staffNotifications.$inferSelect): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    kindLabel: isAlertKind(row.kind) ? ALERT_KIND_LABELS[row.kind] : row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** The person's alerts, newest first, PAGE_SIZE a page; with the unread and total counts for the tabs. */
export async function listNotifications(userId: number, filters: NotificationListFilters, cursor: Cursor | undefined) {
  const db = getDb();
  const mine = and(eq(staffNotifications.userId, userId), filters.kind ? eq(staffNotifications.kind, filters.kind) : undefined);
  const after = cursor && typeof cursor[0] === "string" && !Number.isNaN(Date.parse(cursor[0])) ? cursor : undefined;
  const where = and(
    mine,
    filters.show === "unread" ? isNull(staffNotifications.readAt) : undefined,
    after ? sql`(${staffNotifications.createdAt}, ${staffNotifications.id}) < (${new Date(after[0] as string).toISOString()}::timestamptz, ${after[1]})` : undefined,
  );
  const [rows, [counts], [newest]] = await Promise.all([
    db.select().from(staffNotifications).where(where).orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id)).limit(PAGE_SIZE + 1),
    db
      .select({ all: count(), unread: sql<number>`count(*) filter (where ${staffNotifications.readAt} is null)`.mapWith(Number) })
      .from(staffNotifications)
      .where(mine),
    db.select({ id: max(staffNotifications.id) }).from(staffNotifications).where(eq(staffNotifications.userId, userId)),
  ]);
  const page = keysetPage(rows, (r) => [r.createdAt.toISOString(), r.id]);
  return {
    rows: page.rows.map(itemOf),
    next: page.next,
    counts: { all: counts?.all ?? 0, unread: counts?.unread ?? 0 },
    /** The newest alert's id when the page was drawn: "mark all read" stops there. */
    newestId: newest?.id ?? 0,
  };
}

/** The newest few alerts for the bell's popover. */
export async function latestNotifications(userId: number, limit = 5): Promise<NotificationItem[]> {
  const rows = await getDb()
    .select()
    .from(staffNotifications)
    .where(and(eq(staffNotifications.userId, userId), isNull(staffNotifications.readAt)))
    .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
    .limit(limit);
  return rows.map(itemOf);
}

/**
 * Marks one of the person's alerts read. Another person's alert (or none) is "not-found": the condition
 * names the user, so an id guessed from someone else's list changes nothing. Marking again is harmless.
 */
export async function markRead(userId: number, id: number, now = new Date()): Promise<"ok" | "not-found"> {
  const db = getDb();
  const updated = await db
    .update(staffNotifications)
    .set({ readAt: now })
    .where(and(eq(staffNotifications.id, id), eq(staffNotifications.userId, userId), isNull(staffNotifications.readAt)))
    .returning({ id: staffNotifications.id });
  if (updated.length > 0) return "ok";
  const [existing] = await db
    .select({ id: staffNotifications.id })
    .from(staffNotifications)
    .where(and(eq(staffNotifications.id, id), eq(staffNotifications.userId, userId)));
  return existing ? "ok" : "not-found";
}

/** Marks every unread alert of the person up to the newest the page showed (later ones stay unread). */
export async function markAllRead(userId: number, upTo: number, now = new Date()): Promise<number> {
  const updated = await getDb()
    .update(staffNotifications)
    .set({ readAt: now })
    .where(and(eq(staffNotifications.userId, userId), isNull(staffNotifications.readAt), lte(staffNotifications.id, upTo)))
    .returning({ id: staffNotifications.id });
  return updated.length;
}

// ── Channel preferences ────────────────────────────────────────────────────────────────────────────

export interface PreferenceRow {
  kind: AlertKind;
  label: string;
  channels: AlertChannels;
  /** Whether these are the role's defaults (nothing saved for this kind). */
  isDefault: boolean;
}

/** The person's choice for every kind (saved, or the role's default), and when they last saved ("" if never). */
export async function preferencesOf(staff: Pick<StaffMember, "userId" | "role">): Promise<{ rows: PreferenceRow[]; savedAt: string }> {
  const saved = await getDb().select().from(notificationPreferences).where(eq(notificationPreferences.userId, staff.userId));
  const byKind = new Map(saved.map((p) => [p.kind, p]));
  const latest = saved.reduce<Date | null>((m, p) => (!m || p.updatedAt > m ? p.updatedAt : m), null);
  return {
    rows: ALERT_KINDS.map((kind) => {
      const p = byKind.get(kind);
      return {
        kind,
        label: ALERT_KIND_LABELS[kind],
        channels: p ? { inApp: p.inApp, sms: p.sms, email: p.email } : defaultChannels(staff.role, kind),
        isDefault: !p,
      };
    }),
    savedAt: latest?.toISOString() ?? "",
  };
}

export type SavePreferencesResult = { ok: true; message: string } | { ok: false; field: string; message: string };

/**
 * Saves the person's choices for every kind at once (one row per kind, upserted), on the version the page
 * showed (the latest save's time): a save from a page older than another window's save is refused.
 * Audited with what changed; saving the same choices again changes nothing.
 */
export async function savePreferences(staff: StaffMember, input: PreferencesInput, now = new Date()): Promise<SavePreferencesResult> {
  const ticked = (kind: AlertKind, field: string) => input[`${kind}:${field}`] === "on" || input[`${kind}:${field}`] === "yes";
  const wanted = ALERT_KINDS.map((kind) => ({
    kind,
    inApp: ticked(kind, "in-app"),
    sms: ticked(kind, "sms"),
    email: ticked(kind, "email"),
  }));
  return getDb().transaction(async (tx): Promise<SavePreferencesResult> => {
    const saved = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, staff.userId)).for("update");
    const byKind = new Map(saved.map((p) => [p.kind, p]));
    const current = (kind: AlertKind) => {
      const p = byKind.get(kind);
      return p ? { inApp: p.inApp, sms: p.sms, email: p.email } : defaultChannels(staff.role, kind);
    };
    const changed = wanted.filter((w) => {
      const c = current(w.kind);
      return c.inApp !== w.inApp || c.sms !== w.sms || c.email !== w.email || !byKind.has(w.kind);
    });
    // The same form sent twice finds its choices already saved: "unchanged", not a refusal.
    if (changed.length === 0) return { ok: true, message: "Your notification choices are unchanged." };
    const latest = saved.reduce<Date | null>((m, p) => (!m || p.updatedAt > m ? p.updatedAt : m), null);
    if ((latest?.toISOString() ?? "") !== input.savedAt) return { ok: false, field: "form", message: STALE_PREFERENCES_MESSAGE };
    await tx
      .insert(notificationPreferences)
      .values(changed.map((w) => ({ userId: staff.userId, kind: w.kind, inApp: w.inApp, sms: w.sms, email: w.email, updatedAt: now })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: sql`excluded.in_app`, sms: sql`excluded.sms`, email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
      });
    const describe = (c: AlertChannels) => CHANNELS.filter((ch) => c[ch.value]).map((ch) => ch.label).join(", ") || "none";
    const differs = changed.filter((w) => describe(current(w.kind)) !== describe(w));
    if (differs.length > 0) {
      await audit(
        tx,
        auditActor(staff),
        {
          action: "notifications.preferences",
          entityType: "user",
          entityId: staff.userId,
          entityLabel: staff.name ?? staff.mobile ?? `user ${staff.userId}`,
          before: Object.fromEntries(differs.map((w) => [ALERT_KIND_LABELS[w.kind], describe(current(w.kind))])),
          after: Object.fromEntries(differs.map((w) => [ALERT_KIND_LABELS[w.kind], describe(w)])),
        },
        now,
      );
    }
    return { ok: true, message: "Your notification choices are saved." };
  });
}
