import { createHmac, timingSafeEqual } from "node:crypto";
import { getServerConfig } from "~/.server/config.ts";

/**
 * The one keyed MAC under the session secret: signed links, live grants, receipt links, the quote answer's
 * challenge, and the stored hashes of one-time codes (sign-in, job sign-off). Each caller puts its own purpose
 * first in the message ("signed-link:", "otp:" ...), so that a MAC made for one purpose never passes for
 * another. HMAC-SHA256, base64url, optionally cut to `length` characters (a link carries a short one).
 */
export function keyedMac(message: string, length?: number): string {
  const mac = createHmac("sha256", getServerConfig().sessionSecret).update(message).digest("base64url");
  return length === undefined ? mac : mac.slice(0, length);
}

/** Whether `given` is the keyed MAC of `message` (cut to `length`), compared in constant time. */
export function keyedMacMatches(message: string, given: string, length?: number): boolean {
  return sameInConstantTime(keyedMac(message, length), given);
}

/** Two strings compared without leaking where they differ (a different length is simply false). */
export function sameInConstantTime(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
