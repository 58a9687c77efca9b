/** Signed receipt links: the thank-you page's address carries a signature only this server can make. */
import { createHmac, timingSafeEqual } from "node:crypto";
import { getServerConfig } from "~/.server/config.ts";

// The thank-you page shows a request's summary, so its link carries a signature only our server can make:
// a guessed reference shows nothing.

export function signReference(reference: string): string {
  return createHmac("sha256", getServerConfig().sessionSecret).update(`receipt:${reference}`).digest("base64url").slice(0, 22);
}

export function verifyReference(reference: string, signature: string): boolean {
  const expected = Buffer.from(signReference(reference));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function receiptPath(reference: string): string {
  return `/thank-you?ref=${encodeURIComponent(reference)}&sig=${signReference(reference)}`;
}
