import { keyedMac, keyedMacMatches } from "~/.server/signing/keyed-mac.ts";

/**
 * Signed links for a customer who is not signed in: a quote to approve, an invoice to pay, a receipt, a job
 * to rate. The token binds the kind of document and its id to an expiry, under a key derived from the
 * session secret: changing any part of it, or using it for another kind of document, breaks the signature.
 * It is not a session: what it opens is that one document, and anything it changes (an approval) still needs
 * a one-time code sent to the customer's mobile.
 *
 * Token: `<id>.<expiry, seconds since 1970, base 36>.<HMAC-SHA256, first 96 bits, base64url: 16 characters>`.
 * It is kept under 30 characters, DLT's limit for one SMS variable, so an SMS can carry the link.
 */
export const SIGNED_LINK_KINDS = ["quote", "invoice", "receipt", "feedback", "contract", "ticket", "video", "optout"] as const;
export type SignedLinkKind = (typeof SIGNED_LINK_KINDS)[number];

/** How long each kind of link stays good, in days. */
export const SIGNED_LINK_DAYS: Record<SignedLinkKind, number> = {
  quote: 60,
  invoice: 400,
  receipt: 400,
  feedback: 30,
  contract: 400,
  /** A help-desk ticket's thread, for the customer to read and reply (issue 12 §5). */
  ticket: 90,
  /** A video diagnosis call's page; the call itself checks its own schedule (§7). */
  video: 14,
  /** A marketing message's opt-out link (§4): it must keep working long after the campaign. */
  optout: 3650,
};

const signed = (kind: SignedLinkKind, id: number, expiry: string) => `signed-link:${kind}:${id}:${expiry}`;

function signature(kind: SignedLinkKind, id: number, expiry: string): string {
  return keyedMac(signed(kind, id, expiry), 16);
}

/** A token for one document, good until `expiresAt` (default: the kind's lifetime from now). */
export function signLinkToken(kind: SignedLinkKind, id: number, expiresAt?: Date, now = new Date()): string {
  const until = expiresAt ?? new Date(now.getTime() + SIGNED_LINK_DAYS[kind] * 86_400_000);
  const expiry = Math.floor(until.getTime() / 1000).toString(36);
  return `${id}.${expiry}.${signature(kind, id, expiry)}`;
}

export type SignedLinkCheck = { ok: true; id: number; expiresAt: Date } | { ok: false; problem: "tampered" | "expired" };

/** Reads a token for `kind`: its document id, or why it is refused (a wrong signature is "tampered"). */
export function verifyLinkToken(kind: SignedLinkKind, token: string, now = new Date()): SignedLinkCheck {
  const match = /^([1-9]\d{0,9})\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{16})$/.exec(token);
  if (!match) return { ok: false, problem: "tampered" };
  const [, idText, expiry, given] = match as unknown as [string, string, string, string];
  const id = Number(idText);
  if (!keyedMacMatches(signed(kind, id, expiry), given, 16)) return { ok: false, problem: "tampered" };
  const expiresAt = new Date(parseInt(expiry, 36) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, problem: "expired" };
  return { ok: true, id, expiresAt };
}

/** The public path of a signed link: /d/quote/<token>, /d/invoice/<token>.pdf, ... (routes in app/routes.ts). */
export function signedPath(kind: SignedLinkKind, id: number, options: { suffix?: string; expiresAt?: Date; now?: Date } = {}): string {
  return `/d/${kind}/${signLinkToken(kind, id, options.expiresAt, options.now)}${options.suffix ?? ""}`;
}
