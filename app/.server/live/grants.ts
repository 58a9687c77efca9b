import type { LiveAudience } from "./publish.ts";
import { keyedMac, keyedMacMatches } from "~/.server/signing/keyed-mac.ts";

/**
 * A live grant lets a visitor without a session read ONE audience's events: a loader that has checked a
 * signed link (a help-desk ticket's thread, a video call's page) hands the page a grant for "ticket:<id>" or
 * "video:<id>", and the page passes it to useLiveEvents. The stream endpoint verifies it like a session.
 *
 * Token: `<audience, base64url>.<expiry, seconds since 1970, base 36>.<HMAC-SHA256, first 128 bits, base64url>`,
 * under a key derived from the session secret (its own label, so no other signed token can pass as a grant).
 */
const AUDIENCE = /^(?:staff:[a-z][a-z0-9.-]{0,63}|(?:user|customer|technician|ticket|video):[1-9]\d{0,14}|public)$/;

export function isLiveAudience(value: string): value is LiveAudience {
  return AUDIENCE.test(value);
}

const signed = (audience: string, expiry: string) => `live-grant:${audience}:${expiry}`;

function signature(audience: string, expiry: string): string {
  return keyedMac(signed(audience, expiry), 22);
}

/** A grant to read `audience` for `ttlSeconds` (default an hour; a page open longer reloads its grant). */
export function issueLiveGrant(audience: LiveAudience, ttlSeconds = 3600, now = new Date()): string {
  if (!isLiveAudience(audience)) throw new Error(`Not a live audience: ${audience}`);
  const expiry = Math.floor(now.getTime() / 1000 + ttlSeconds).toString(36);
  return `${Buffer.from(audience).toString("base64url")}.${expiry}.${signature(audience, expiry)}`;
}

export type LiveGrantCheck = { ok: true; audience: LiveAudience; expiresAt: Date } | { ok: false; problem: "tampered" | "expired" };

/** Reads a grant: the audience it admits, or why it is refused. */
export function verifyLiveGrant(token: string, now = new Date()): LiveGrantCheck {
  const match = /^([A-Za-z0-9_-]{1,120})\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return { ok: false, problem: "tampered" };
  const [, encoded, expiry, given] = match as unknown as [string, string, string, string];
  const audience = Buffer.from(encoded, "base64url").toString();
  if (!isLiveAudience(audience)) return { ok: false, problem: "tampered" };
  if (!keyedMacMatches(signed(audience, expiry), given, 22)) return { ok: false, problem: "tampered" };
  const expiresAt = new Date(parseInt(expiry, 36) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, problem: "expired" };
  return { ok: true, audience, expiresAt };
}
