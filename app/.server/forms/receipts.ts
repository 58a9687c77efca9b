/** Signed receipt links: the thank-you page's address carries a signature only this server can make. */
import { keyedMac, keyedMacMatches } from "~/.server/signing/keyed-mac.ts";

// The thank-you page shows a request's summary, so its link carries a signature only our server can make:
// a guessed reference shows nothing.

export function signReference(reference: string): string {
  return keyedMac(`receipt:${reference}`, 22);
}

export function verifyReference(reference: string, signature: string): boolean {
  return keyedMacMatches(`receipt:${reference}`, signature, 22);
}

export function receiptPath(reference: string): string {
  return `/thank-you?ref=${encodeURIComponent(reference)}&sig=${signReference(reference)}`;
}
