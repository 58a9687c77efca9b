import { count, desc, gt, gte, sql } from "drizzle-orm";
import { getDb, groupCommit } from "~/.server/db/index.ts";
import { visitorSessions } from "~/.server/db/schema.ts";
import { takeToken, type Limit } from "~/.server/forms/rate-limit.ts";
import { publishLive } from "~/.server/live/publish.ts";
import { ONLINE_WINDOW_MINUTES, todayFigure, type LiveVisitors, type VisitorFigures } from "~/lib/visitors.ts";

/**
 * Visitor tracking (spec §7, issue 12 §2). The public site's pages ping `trackVisitor(sessionId, pagePath)` on
 * load and every 120 s; a session is one row of visitor_sessions holding the page it was last on. Nothing
 * personal is kept: no cookie, no address (the address exists only as a key of the in-memory rate limiter).
 *
 * Pings are written by group commit (ADR 011): a ping that arrives while a batch is being written waits and
 * joins the next one, so a burst of a thousand visitors costs a handful of statements, not a thousand.
 */

/** "session-" + a timestamp + random text, as the browser makes it (app/components/visitor-figures.tsx). */
const SESSION_ID = /^session-\d{10,16}-?[A-Za-z0-9]{4,40}$/;
const MAX_PATH = 200;

/** Per address: a person pings once per page and every two minutes; an office behind one address has many. */
export const PING_LIMIT: Limit = { max: 120, windowMs: 60_000 };

export interface Ping {
  sessionId: string;
  pagePath: string;
}

/** The ping's fields checked and tidied, or undefined when they are not a ping of this site's public pages. */
export function parsePing(sessionId: unknown, pagePath: unknown): Ping | undefined {
  if (typeof sessionId !== "string" || !SESSION_ID.test(sessionId)) return undefined;
  if (typeof pagePath !== "string" || !pagePath.startsWith("/") || pagePath.startsWith("//")) return undefined;
  // The path only: a query may carry what a visitor typed (a search), which is not ours to keep.
  const path = pagePath.split(/[?#]/)[0]!.slice(0, MAX_PATH);
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c < 32 || c === 127) return undefined;
  }
  return { sessionId, pagePath: path };
}

/**
 * The back office and the portals are not the public site, and their paths name people's records: a ping from
 * one (the portals share the public frame, so their pages ping too) is answered but not recorded.
 */
export function isRecorded(ping: Ping): boolean {
  return !/^\/(admin|customer|technician\/(dashboard|jobs))(\/|$)/.test(ping.pagePath);
}

/** Counts a ping against its address: the seconds to wait when the address has pinged too often. */
export function pingLimited(address: string, now = Date.now()): Promise<number | undefined> {
  return takeToken(`visitor-ping:${address}`, PING_LIMIT, now);
}

/**
 * One statement per batch: the batch's sessions (a session pinging twice in one batch counts twice, on its
 * latest page) upserted from one JSON parameter. ON CONFLICT DO UPDATE may not touch a row twice in one
 * statement, hence the merge first.
 */
async function writePings(pings: Ping[]): Promise<void[]> {
  const merged = new Map<string, { s: string; p: string; n: number }>();
  for (const ping of pings) {
    const row = merged.get(ping.sessionId);
    if (row) {
      row.p = ping.pagePath;
      row.n += 1;
    } else merged.set(ping.sessionId, { s: ping.sessionId, p: ping.pagePath, n: 1 });
  }
  await getDb().execute(sql`
    insert into visitor_sessions (session_id, page_path, pings, first_seen_at, last_seen_at)
    select x.s, x.p, x.n, now(), now() from json_to_recordset(${JSON.stringify([...merged.values()])}::json) as x(s text, p text, n int)
    on conflict (session_id) do update
      set page_path = excluded.page_path, pings = visitor_sessions.pings + excluded.pings, last_seen_at = excluded.last_seen_at
  `);
  return pings.map(() => undefined);
}

const holder = globalThis as { __visitorPingWriter?: (ping: Ping) => Promise<void> };

/** Records one ping; settles once its batch has committed. */
export function trackVisitor(sessionId: string, pagePath: string): Promise<void> {
  holder.__visitorPingWriter ??= groupCommit(writePings, { maxBatch: 500 });
  return holder.__visitorPingWriter({ sessionId, pagePath });
}

function onlineSince(now: Date): Date {
  return new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);
}

/** The figures, read now: online = sessions seen in the last few minutes; total = every session ever seen. */
export async function readVisitorFigures(now = new Date()): Promise<VisitorFigures> {
  const db = getDb();
  const [[online], [total]] = await Promise.all([
    db.select({ n: count() }).from(visitorSessions).where(gt(visitorSessions.lastSeenAt, onlineSince(now))),
    db.select({ n: count() }).from(visitorSessions),
  ]);
  const onlineNow = online?.n ?? 0;
  return { online: onlineNow, total: total?.n ?? 0, today: todayFigure(onlineNow) };
}

/**
 * The public figures, read at most every few seconds whatever the traffic: every ping is answered with them,
 * so a thousand pings a second cost two counts every five seconds. When the number online has changed, the
 * office's screens hear of it (at most that often) through a live event to "staff:activity".
 */
const FIGURES_TTL_MS = 5_000;
const cache = globalThis as {
  __visitorFigures?: { at: number; value: VisitorFigures };
  __visitorFiguresReading?: Promise<VisitorFigures>;
  /** Bumped when the cache is cleared: a read begun before that must not put its older figures back. */
  __visitorFiguresGeneration?: number;
};

async function refreshFigures(): Promise<VisitorFigures> {
  const generation = cache.__visitorFiguresGeneration ?? 0;
  try {
    const value = await readVisitorFigures();
    if ((cache.__visitorFiguresGeneration ?? 0) !== generation) return value;
    const before = cache.__visitorFigures?.value;
    cache.__visitorFigures = { at: Date.now(), value };
    if (before && before.online !== value.online) {
      await publishLive(getDb(), { audience: "staff:activity", kind: "visitors.changed", data: { online: value.online } }).catch(
        (error: unknown) => console.error("visitors: live event not published", error),
      );
    }
    return value;
  } finally {
    if ((cache.__visitorFiguresGeneration ?? 0) === generation) delete cache.__visitorFiguresReading;
  }
}

export async function visitorFigures(now = Date.now()): Promise<VisitorFigures> {
  const hit = cache.__visitorFigures;
  if (hit && now - hit.at < FIGURES_TTL_MS) return hit.value;
  cache.__visitorFiguresReading ??= refreshFigures();
  if (!hit) return cache.__visitorFiguresReading;
  // Stale: answer with the last figures while they are read again (a ping never waits for the counts).
  cache.__visitorFiguresReading.catch((error: unknown) => console.error("visitors: figures not read", error));
  return hit.value;
}

/** Forgets the cached figures (tests). */
export function clearVisitorFiguresCache(): void {
  cache.__visitorFiguresGeneration = (cache.__visitorFiguresGeneration ?? 0) + 1;
  delete cache.__visitorFigures;
  delete cache.__visitorFiguresReading;
}

// ── The office's figures (dashboard panel, /admin/analytics) ────────────────────────────────────────────

export interface PageCount {
  pagePath: string;
  sessions: number;
}

/** Online now, per page (the page each session was last on), most visited first. */
export async function onlineByPage(now = new Date(), limit = 20): Promise<PageCount[]> {
  const n = count();
  return getDb()
    .select({ pagePath: visitorSessions.pagePath, sessions: n })
    .from(visitorSessions)
    .where(gt(visitorSessions.lastSeenAt, onlineSince(now)))
    .groupBy(visitorSessions.pagePath)
    .orderBy(desc(n), visitorSessions.pagePath)
    .limit(limit);
}

/** India Standard Time: the business's day (UTC+5:30, no daylight saving). */
const IST = "Asia/Kolkata";

export interface DayCount {
  /** YYYY-MM-DD, in India Standard Time. */
  day: string;
  visitors: number;
}

/**
 * Visitors per day for the last `days` days (today included), by the day each session was first seen, in
 * India Standard Time; days without visitors are there with 0.
 */
/**
 * An instant's India day, YYYY-MM-DD. One formatter, made once: toLocaleDateString with options builds a new
 * one per call (~0.3 ms), which over three years of days was most of /admin/analytics' time (ADR 070).
 */
const indiaDay = new Intl.DateTimeFormat("en-CA", { timeZone: IST });

export async function visitorsPerDay(days = 30, now = new Date()): Promise<DayCount[]> {
  const dayOf = (d: Date) => indiaDay.format(d);
  const start = new Date(now.getTime() - (days - 1) * 86_400_000);
  const startDay = dayOf(start);
  // Midnight IST of the first day, as an instant.
  const from = new Date(`${startDay}T00:00:00+05:30`);
  // The zone as a literal, not a parameter: GROUP BY must see the very same expression as the select list.
  const day = sql<string>`to_char(${visitorSessions.firstSeenAt} at time zone ${sql.raw(`'${IST}'`)}, 'YYYY-MM-DD')`;
  const rows = await getDb()
    .select({ day, visitors: count() })
    .from(visitorSessions)
    .where(gte(visitorSessions.firstSeenAt, from))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.visitors)]));
  const out: DayCount[] = [];
  for (let i = 0; i < days; i++) {
    const d = dayOf(new Date(from.getTime() + i * 86_400_000 + 12 * 3_600_000));
    out.push({ day: d, visitors: byDay.get(d) ?? 0 });
  }
  return out;
}

/** Sessions whose last page this was, over the last `days` days: the pages visitors end up on. */
export async function topPages(days = 30, now = new Date(), limit = 20): Promise<PageCount[]> {
  const n = count();
  return getDb()
    .select({ pagePath: visitorSessions.pagePath, sessions: n })
    .from(visitorSessions)
    .where(gt(visitorSessions.lastSeenAt, new Date(now.getTime() - days * 86_400_000)))
    .groupBy(visitorSessions.pagePath)
    .orderBy(desc(n), visitorSessions.pagePath)
    .limit(limit);
}

/** What the dashboard's panel shows: online now in all, and per page; null for staff without "activity". */
export async function dashboardVisitors(permissions: readonly string[], now = new Date()): Promise<LiveVisitors | null> {
  if (!permissions.includes("activity")) return null;
  const [pages, [row]] = await Promise.all([
    onlineByPage(now, 8),
    getDb().select({ n: count() }).from(visitorSessions).where(gt(visitorSessions.lastSeenAt, onlineSince(now))),
  ]);
  return { online: row?.n ?? 0, pages, windowMinutes: ONLINE_WINDOW_MINUTES };
}
