/**
 * Rate limits: fixed windows per visitor address, per mobile number, per key. On PostgreSQL the windows live
 * in the database, counted by one atomic upsert (one for all the posts that arrive together: ADR 056), so every
 * instance behind the proxy sees the same counts and a restart or a deploy resets nothing (ADR 050). The
 * embedded database allows one process, so PGlite (and a unit test with no database open) counts in this
 * process's memory.
 */
import { lt, sql } from "drizzle-orm";
import { databaseHandleIfOpen, groupCommit } from "~/.server/db/index.ts";
import { rateLimitWindows } from "~/.server/db/schema.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import type { PostOutcome } from "./post.ts";

interface Window {
  count: number;
  resetAt: number;
}
const windows = new Map<string, Window>();
let lastSweep = 0;

function sweep(now: number) {
  if (now - lastSweep < 60_000) return;
  lastSweep = now;
  for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
}

export interface Limit {
  /** At most this many submissions... */
  max: number;
  /** ...per window of this many milliseconds. */
  windowMs: number;
}

/** Per visitor address and per mobile number. Generous for people, tight for scripts. */
export const FORM_LIMITS = {
  perAddress: { max: 10, windowMs: 10 * 60_000 },
  perMobile: { max: 5, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/** The shared PostgreSQL database, or undefined where windows are counted in memory. */
function sharedDatabase() {
  const handle = databaseHandleIfOpen();
  return handle?.engine === "postgres" ? handle.db : undefined;
}

function takeMemoryToken(key: string, limit: Limit, now: number): number | undefined {
  sweep(now);
  const w = windows.get(key);
  if (!w || w.resetAt <= now) {
    windows.set(key, { count: 1, resetAt: now + limit.windowMs });
    return undefined;
  }
  if (w.count >= limit.max) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  w.count += 1;
  return undefined;
}

let lastSharedSweep = 0;

/**
 * Counts one submission against key; resolves to the seconds to wait when the limit is already used up.
 * On PostgreSQL one statement opens a new window or counts in the current one, atomically: two instances
 * counting the same key at once both see the other's count. A count past the limit is kept (it changes
 * nothing: the window's end decides the wait).
 */
export function takeToken(key: string, limit: Limit, now = Date.now()): Promise<number | undefined> {
  return takeTokens([[key, limit]], now);
}

/**
 * Counts one submission against each key at once (a form's address and mobile number): the longest wait of a
 * window already used up, or undefined. On PostgreSQL the posts that arrive together are counted together
 * (see countShared): one statement for all of them. In memory the keys are counted in order and the first
 * used-up one answers.
 */
export async function takeTokens(keys: ReadonlyArray<readonly [string, Limit]>, now = Date.now()): Promise<number | undefined> {
  const db = sharedDatabase();
  if (!db) {
    for (const [key, limit] of keys) {
      const wait = takeMemoryToken(key, limit, now);
      if (wait !== undefined) return wait;
    }
    return undefined;
  }
  return counterFor(db)({ keys, now });
}

interface Counting {
  keys: ReadonlyArray<readonly [string, Limit]>;
  now: number;
}

type SharedDatabase = NonNullable<ReturnType<typeof sharedDatabase>>;

// One group commit per database: an instance's posts share their statement, never another pool's (a test runs
// two instances' pools in one process).
const counters = new WeakMap<SharedDatabase, (item: Counting) => Promise<number | undefined>>();

function counterFor(db: SharedDatabase) {
  let counter = counters.get(db);
  if (!counter) {
    counter = groupCommit((items: Counting[]) => countShared(db, items));
    counters.set(db, counter);
  }
  return counter;
}

/**
 * Counts a batch of posts in one statement (issue 17 §8: one round trip per post, under fifty visitors at once,
 * was a statement and a pool connection per post in the visitor's wait). Each key goes in once with how many
 * of the batch's posts count against it (an upsert cannot touch a row twice), the row's new count comes back,
 * and the posts take the counts below it in the order they arrived: the same answers as one statement per
 * post run in that order. The batch is counted at its latest post's time (the statement's time, as a post
 * waiting for a connection always was).
 */
async function countShared(db: SharedDatabase, items: Counting[]): Promise<Array<number | undefined>> {
  const now = Math.max(...items.map((item) => item.now));
  const at = new Date(now).toISOString();
  const taken = new Map<string, { limit: Limit; posts: number }>();
  for (const item of items) {
    for (const [key, limit] of item.keys) {
      const entry = taken.get(key);
      if (entry) entry.posts += 1;
      else taken.set(key, { limit, posts: 1 });
    }
  }
  const rows = sql.join(
    [...taken].map(([key, { limit, posts }]) => sql`(${key}, ${posts}::integer, ${new Date(now + limit.windowMs).toISOString()}::timestamptz)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    INSERT INTO rate_limit_windows AS w (key, count, reset_at) VALUES ${rows}
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN w.reset_at <= ${at}::timestamptz THEN excluded.count ELSE w.count + excluded.count END,
      reset_at = CASE WHEN w.reset_at <= ${at}::timestamptz THEN excluded.reset_at ELSE w.reset_at END
    RETURNING key, count, reset_at`)) as unknown as { rows: Array<{ key: string; count: number; reset_at: string | Date }> };
  sweepShared(now);
  const windowOf = new Map(result.rows.map((row) => [row.key, { count: Number(row.count), resetAt: new Date(row.reset_at).getTime() }]));
  /** The count each key's next post in the batch is at. */
  const counted = new Map<string, number>();
  return items.map((item) => {
    let wait: number | undefined;
    for (const [key, limit] of item.keys) {
      const window = windowOf.get(key);
      if (!window) continue;
      const count = (counted.get(key) ?? window.count - taken.get(key)!.posts) + 1;
      counted.set(key, count);
      if (count <= limit.max) continue;
      wait = Math.max(wait ?? 1, Math.ceil((window.resetAt - now) / 1000));
    }
    return wait;
  });
}

/** Once a minute per instance, and not in the visitor's wait: windows that ended an hour ago go. */
function sweepShared(now: number) {
  if (now - lastSharedSweep < 60_000) return;
  lastSharedSweep = now;
  const db = sharedDatabase();
  void db
    ?.delete(rateLimitWindows)
    .where(lt(rateLimitWindows.resetAt, new Date(now - 3_600_000)))
    .catch((error: unknown) => console.error("Sweeping old rate-limit windows failed:", error));
}

/** Forgets every window (tests). */
export async function resetRateLimits(): Promise<void> {
  windows.clear();
  lastSharedSweep = 0;
  await sharedDatabase()?.delete(rateLimitWindows);
}

export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/**
 * Counts a submission of form against the visitor's address and, once known, the mobile number; the 429
 * outcome says when to try again and gives the phone for anything urgent.
 */
export async function checkLimits(
  form: string,
  address: string,
  mobile: string | undefined,
  values: Record<string, string>,
): Promise<PostOutcome | undefined> {
  const keys: Array<readonly [string, Limit]> = [[`${form}:address:${address}`, FORM_LIMITS.perAddress]];
  if (mobile) keys.push([`${form}:mobile:${mobile}`, FORM_LIMITS.perMobile]);
  const wait = await takeTokens(keys);
  if (wait === undefined) return undefined;
  const phone = formatIndianPhone((await getSiteSettings()).identity.supportPhone);
  return {
    ok: false,
    status: 429,
    retryAfter: wait,
    failure: {
      errors: { form: `Too many submissions from here. Please try again in ${waitText(wait)}, or call us on ${phone} if it is urgent.` },
      values,
    },
  };
}
