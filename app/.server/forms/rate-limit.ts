/** Rate limits: fixed windows in this process's memory, per visitor address and per mobile number. */
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import type { PostOutcome } from "./post.ts";

// Fixed windows in this process's memory: the embedded database allows one process, and on PostgreSQL
// each instance limits on its own (documented in ADR 008). Old windows are swept as they expire.

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

/** Counts one submission against key; returns the seconds to wait when the limit is already used up. */
export function takeToken(key: string, limit: Limit, now = Date.now()): number | undefined {
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

/** Forgets every window (tests). */
export function resetRateLimits(): void {
  windows.clear();
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
  const wait =
    takeToken(`${form}:address:${address}`, FORM_LIMITS.perAddress) ??
    (mobile ? takeToken(`${form}:mobile:${mobile}`, FORM_LIMITS.perMobile) : undefined);
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
