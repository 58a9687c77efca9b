/**
 * Staff alerts (issue 12, §3): a new request, an emergency, a response nearly or already late, a quote's
 * answer, a payment, a low rating, a help-desk ticket, an inbound WhatsApp message. One call notifies every
 * active staff member whose role has the permission the alert is about, each by the channels they chose for
 * its kind (~/lib/notifications/alert-kinds.ts has the defaults): in the app (a staff_notifications row, the
 * bell, pushed live to "user:<id>"), by SMS (a registered DLT template) and by e-mail, both through the outbox.
 *
 * It runs inside the caller's transaction, so an alert exists exactly when the change it reports does, and
 * it is idempotent: the same dedupeKey reported again (a retried job, a repeated webhook) notifies nobody twice.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/.server/db/index.ts";
import { notificationPreferences, siteSettings, staffNotifications, users } from "~/.server/db/schema.ts";
import { publishLiveMany } from "~/.server/live/publish.ts";
import { STAFF_ROLE_INFO, STAFF_ROLES, type Permission, type StaffRole } from "~/lib/auth/permissions.ts";
import { ALERT_KIND_LABELS, defaultChannels, type AlertChannels, type AlertKind } from "~/lib/notifications/alert-kinds.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { identitySettingsSchema } from "~/lib/settings-schema.ts";
import { queueMessages, type OutboxMessage } from "./index.ts";
import { backOfficeUrl } from "./links.ts";
import { DLT_TEMPLATES, sms, type DltTemplate } from "./templates.ts";

export type { AlertKind } from "~/lib/notifications/alert-kinds.ts";

export interface StaffAlert {
  kind: AlertKind;
  /** One line: "Emergency request SR-2611-0042 from Ravi Kumar". */
  title: string;
  /** A few lines more: who, where, what. Shown under the title and in the e-mail. */
  body?: string;
  /** The record it is about, a back-office path ("/admin/service-requests/SR-2611-0042"). */
  link: string;
  /** Names the event: one alert per event and person, however often it is reported ("request:SR-2611-0042:new"). */
  dedupeKey: string;
  /** Who hears of it: every active staff member whose role has this permission. */
  permission: Permission;
  /**
   * Optional: a registered template that says it better than the generic staff alert (the response
   * escalation's, the low rating's), with its values.
   */
  sms?: { template: DltTemplate; values: Record<string, string> };
  /**
   * Optional: the record's number and the person it is about. With them, the generic SMS alert carries the
   * number, the name and the mobile (staffAlertAbout) rather than the title cut to 30 characters.
   */
  about?: { reference: string; name?: string | null; mobile?: string | null };
  /** Optional: the e-mail's subject and text instead of the title and body (the link is always added). */
  email?: { subject: string; body: string };
  /**
   * Optional: numbers and addresses this event's own messages already reach (a new request's alert to the
   * business's number and address): a staff member's SMS or e-mail to one of them would say it twice.
   */
  alreadySent?: string[];
}

export interface RaisedAlerts {
  /** The staff members who got a new in-app alert (not those who had it already). */
  inApp: number[];
  /** Outbox messages queued (SMS and e-mail), before the outbox's own dedupe. */
  queued: number;
}

interface Recipient {
  id: number;
  role: StaffRole;
  mobile: string | null;
  email: string | null;
}

function rolesWith(permission: Permission): StaffRole[] {
  return STAFF_ROLES.filter((role) => STAFF_ROLE_INFO[role].permissions.includes(permission));
}

/**
 * The business's identity, read through the transaction: getSiteSettings() may not run inside one (on
 * PGlite it would wait for this very transaction). Needed only for the links and the fallback addresses.
 */
async function identityIn(tx: Database | Transaction) {
  const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, "identity"));
  const parsed = identitySettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/**
 * At most 30 characters (a DLT variable), cut at a word rather than mid-word. The kind is already said before
 * it ("Response overdue: Response overdue: ..."), so a title that starts with it loses it; a cut title ends on
 * a word, never on "…" (the template's own full stop follows: "…." read as a mistake).
 */
function smsTitle(title: string, kindLabel: string): string {
  let text = title.replace(/\s+/g, " ").trim();
  if (text.toLowerCase().startsWith(kindLabel.toLowerCase())) text = text.slice(kindLabel.length).replace(/^[\s:,-]+/, "") || text;
  text = text.replace(/[.\s]+$/, "");
  if (Array.from(text).length <= 30) return text;
  const cut = Array.from(text).slice(0, 30).join("");
  const space = cut.lastIndexOf(" ");
  return (space > 12 ? cut.slice(0, space) : cut).replace(/[\s,:;(-]+$/, "");
}

/** The generic SMS alert: about someone when the alert says who (the number, name and mobile), else its title. */
function genericSms(alert: StaffAlert, mobile: string): OutboxMessage {
  const kind = ALERT_KIND_LABELS[alert.kind];
  const key = `${alert.dedupeKey}:sms:${mobile}`;
  if (alert.about) {
    const name = alert.about.name?.trim() || "name not given";
    return sms(DLT_TEMPLATES.staffAlertAbout, mobile, { kind, reference: alert.about.reference, name, mobile: alert.about.mobile ? formatIndianPhone(alert.about.mobile) : "no mobile given" }, key);
  }
  return sms(DLT_TEMPLATES.staffAlert, mobile, { kind, title: smsTitle(alert.title, kind) }, key);
}

/** Raises one alert. See raiseStaffAlerts. */
export async function raiseStaffAlert(tx: Database | Transaction, alert: StaffAlert): Promise<RaisedAlerts> {
  return raiseStaffAlerts(tx, [alert]);
}

/**
 * Raises several alerts in one go (a batch of new requests): one query for the staff, one for their
 * preferences, one insert for the in-app rows, one for the outbox. A staff member who has no mobile number
 * (or e-mail address) but chose that channel is covered by the business's alert number (or address), as
 * the business's own alerts always were; each recipient gets each alert once per channel.
 */
export async function raiseStaffAlerts(tx: Database | Transaction, alerts: StaffAlert[]): Promise<RaisedAlerts> {
  const result: RaisedAlerts = { inApp: [], queued: 0 };
  if (alerts.length === 0) return result;
  const roles = [...new Set(alerts.flatMap((a) => rolesWith(a.permission)))];
  if (roles.length === 0) return result;
  const staff: Recipient[] = (
    await tx
      .select({ id: users.id, role: users.staffRole, mobile: users.mobile, email: users.email })
      .from(users)
      .where(and(sql`'admin' = any(${users.roles})`, inArray(users.staffRole, roles)))
      .orderBy(users.id)
  ).map((u) => ({ ...u, role: u.role! }));
  if (staff.length === 0) return result;

  const kinds = [...new Set(alerts.map((a) => a.kind))];
  const saved = await tx
    .select()
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, staff.map((s) => s.id)), inArray(notificationPreferences.kind, kinds)));
  const savedOf = new Map(saved.map((p) => [`${p.userId}:${p.kind}`, p]));
  const channelsOf = (person: Recipient, kind: AlertKind): AlertChannels => savedOf.get(`${person.id}:${kind}`) ?? defaultChannels(person.role, kind);

  const rows: Array<typeof staffNotifications.$inferInsert> = [];
  const wanted: Array<{ alert: StaffAlert; person: Recipient; channels: AlertChannels }> = [];
  // The same event raised for two permissions (a quote approved: money and requests) reaches each person once.
  const seen = new Set<string>();
  for (const alert of alerts) {
    const allowed = new Set(rolesWith(alert.permission));
    for (const person of staff) {
      if (!allowed.has(person.role) || seen.has(`${person.id}:${alert.dedupeKey}`)) continue;
      seen.add(`${person.id}:${alert.dedupeKey}`);
      const channels = channelsOf(person, alert.kind);
      wanted.push({ alert, person, channels });
      if (channels.inApp) {
        rows.push({ userId: person.id, kind: alert.kind, title: alert.title, body: alert.body ?? "", link: alert.link, dedupeKey: alert.dedupeKey });
      }
    }
  }

  // The in-app alerts: new rows only (a repeat hits the (user, dedupeKey) index), each pushed to its person.
  if (rows.length > 0) {
    const inserted = await tx
      .insert(staffNotifications)
      .values(rows)
      .onConflictDoNothing({ target: [staffNotifications.userId, staffNotifications.dedupeKey] })
      .returning({ id: staffNotifications.id, userId: staffNotifications.userId, kind: staffNotifications.kind, title: staffNotifications.title, link: staffNotifications.link });
    // One live event per person, however many alerts this call raised for them (a batch of new requests):
    // the newest alert's id, kind, title and link, and every new id (the bell counts them).
    const byUser = new Map<number, typeof inserted>();
    for (const row of inserted) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    // All of them in one statement (publishLiveMany), not one round trip per person.
    await publishLiveMany(
      tx,
      [...byUser].map(([userId, mine]) => {
        const newest = mine.reduce((a, b) => (b.id > a.id ? b : a));
        return { audience: `user:${userId}`, kind: "notification", data: { id: newest.id, ids: mine.map((r) => r.id), kind: newest.kind, title: newest.title, link: newest.link } };
      }),
    );
    result.inApp.push(...inserted.map((r) => r.userId));
  }

  // SMS and e-mail through the outbox, keyed by event, channel and recipient: a repeat is dropped there.
  const wantsMessages = wanted.some((w) => w.channels.sms || w.channels.email);
  if (!wantsMessages) return result;
  const identity = await identityIn(tx);
  const messages: OutboxMessage[] = [];
  for (const { alert, person, channels } of wanted) {
    if (channels.sms) {
      const mobile = person.mobile ?? identity?.supportPhone;
      if (mobile && !alert.alreadySent?.includes(mobile)) {
        const message = alert.sms ? sms(alert.sms.template, mobile, alert.sms.values, `${alert.dedupeKey}:sms:${mobile}`) : genericSms(alert, mobile);
        messages.push(message);
      }
    }
    if (channels.email) {
      const email = person.email ?? identity?.supportEmail;
      if (email && !alert.alreadySent?.includes(email)) {
        const url = identity ? backOfficeUrl(alert.link, identity.siteUrl) : alert.link;
        const text = alert.email?.body ?? [alert.title, alert.body ?? ""].filter(Boolean).join("\n\n");
        messages.push({
          channel: "email",
          recipient: email,
          subject: alert.email?.subject ?? alert.title,
          body: [text, "", `Open it in the back office: ${url}`, "", "You get this alert by e-mail because of your notification choices (Notifications in the back office)."].join("\n"),
          template: `staff-alert:${alert.kind}`,
          variables: { link: alert.link },
          dedupeKey: `${alert.dedupeKey}:email:${email}`,
        });
      }
    }
  }
  await queueMessages(tx, messages);
  result.queued = messages.length;
  return result;
}
