import { randomBytes, randomInt } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { getServerConfig } from "~/.server/config.ts";
import { getDb } from "~/.server/db/index.ts";
import { otpChallenges } from "~/.server/db/schema.ts";
import { takeToken, waitText, type Limit } from "~/.server/forms/index.ts";
import { DLT_TEMPLATES, queueMessages, sms, type OutboxMessage } from "~/.server/notifications/index.ts";
import { getSiteSettings } from "~/.server/settings/index.ts";
import { formatIndianPhone } from "~/lib/contact-links.ts";
import { OTP_RULES } from "~/lib/forms/sign-in.ts";
import { keyedMac, keyedMacMatches } from "~/.server/signing/keyed-mac.ts";

/**
 * One-time codes by SMS. Only a salted HMAC of each code is stored. A code lasts 5 minutes and 5 wrong
 * tries; a new one may be asked for after 30 seconds, at most 5 an hour per number; and each network
 * address is limited too, so that nobody can run through numbers or codes.
 */

export type OtpPurpose = (typeof otpChallenges.$inferSelect)["purpose"];

/** Per network address: codes asked for, and codes tried. */
export const OTP_ADDRESS_LIMITS = {
  send: { max: 20, windowMs: 60 * 60_000 },
  verify: { max: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Codes sent in all, per hour, across every instance (counted in PostgreSQL, ADR 050): a ceiling on what an
 * attack rotating numbers and addresses can cost in SMS. Far above a busy day's sign-ins; past it, sign-in
 * waits and the message gives the phone number.
 */
export const OTP_TOTAL_LIMIT: Limit = { max: 300, windowMs: 60 * 60_000 };

export type SendOutcome =
  | { ok: true; challengeId: number }
  | { ok: false; reason: "too-soon" | "number-limit" | "address-limit" | "total-limit"; retryAfter: number; message: string };

export type VerifyOutcome =
  | { ok: true }
  | { ok: false; reason: "wrong" | "used-up" | "expired" | "address-limit"; message: string; retryAfter?: number };

const otpMessage = (code: string, salt: string) => `otp:${salt}:${code}`;

function hashCode(code: string, salt: string): string {
  return keyedMac(otpMessage(code, salt));
}

function codeMatches(code: string, stored: string): boolean {
  const [salt, hash] = stored.split(".");
  if (!salt || !hash) return false;
  return keyedMacMatches(otpMessage(code, salt), hash);
}

/**
 * Makes a new code for mobile and queues its SMS in the same transaction (unless `deliver` is false: the
 * number may not sign in here, and the visitor must not be able to tell). Earlier codes for the same
 * purpose stop working.
 */
export async function sendCode(input: {
  mobile: string;
  purpose: OtpPurpose;
  address: string;
  deliver?: boolean;
  now?: Date;
  /**
   * The SMS that carries the code, for a purpose with its own registered template (a quote's approval code);
   * by default the sign-in code's. Keep its dedupeKey `otp:<challengeId>`.
   */
  message?: (code: string, challengeId: number) => OutboxMessage;
}): Promise<SendOutcome> {
  const { mobile, purpose, address, deliver = true, now = new Date(), message } = input;
  const addressWait = await takeToken(`otp-send:${address}`, OTP_ADDRESS_LIMITS.send, now.getTime());
  if (addressWait !== undefined) {
    return {
      ok: false,
      reason: "address-limit",
      retryAfter: addressWait,
      message: `Too many codes have been asked for from your network. Please try again in ${waitText(addressWait)}.`,
    };
  }
  const site = await getSiteSettings();
  // Only a code that goes out by SMS costs anything: a number that gets none (not an admin's) is not counted.
  const totalWait = deliver ? await takeToken("otp-send:all", OTP_TOTAL_LIMIT, now.getTime()) : undefined;
  if (totalWait !== undefined) {
    console.warn(`Sign-in codes: ${OTP_TOTAL_LIMIT.max} sent in the last hour; new codes wait ${totalWait} s.`);
    return {
      ok: false,
      reason: "total-limit",
      retryAfter: totalWait,
      message: `Too many sign-in codes are being asked for right now. Please try again in ${waitText(totalWait)}, or call us on ${formatIndianPhone(site.identity.supportPhone)}.`,
    };
  }
  const code = String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, "0");
  const salt = randomBytes(12).toString("base64url");
  const hourAgo = new Date(now.getTime() - 3600_000);

  const outcome = await getDb().transaction(async (tx) => {
    // One code at a time per number: concurrent requests queue here, so the limits below hold.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${mobile}`}))`);
    const recent = await tx
      .select({ createdAt: otpChallenges.createdAt })
      .from(otpChallenges)
      .where(and(eq(otpChallenges.mobile, mobile), gt(otpChallenges.createdAt, hourAgo)))
      .orderBy(asc(otpChallenges.createdAt));
    const latest = recent.at(-1);
    if (latest) {
      const wait = Math.ceil((latest.createdAt.getTime() + OTP_RULES.resendAfterSeconds * 1000 - now.getTime()) / 1000);
      if (wait > 0) {
        return {
          ok: false as const,
          reason: "too-soon" as const,
          retryAfter: wait,
          message: `A code was sent a moment ago. You can ask for a new one in ${waitText(wait)}.`,
        };
      }
    }
    if (recent.length >= OTP_RULES.perNumberPerHour) {
      const wait = Math.max(1, Math.ceil((recent[0]!.createdAt.getTime() + 3600_000 - now.getTime()) / 1000));
      return {
        ok: false as const,
        reason: "number-limit" as const,
        retryAfter: wait,
        message: `${OTP_RULES.perNumberPerHour} codes have been sent to this number in the last hour. Please try again in ${waitText(wait)}, or call us on ${formatIndianPhone(site.identity.supportPhone)}.`,
      };
    }
    await tx
      .update(otpChallenges)
      .set({ consumedAt: now })
      .where(and(eq(otpChallenges.mobile, mobile), eq(otpChallenges.purpose, purpose), isNull(otpChallenges.consumedAt)));
    const [row] = await tx
      .insert(otpChallenges)
      .values({
        mobile,
        purpose,
        codeHash: `${salt}.${hashCode(code, salt)}`,
        ipAddress: address,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_RULES.ttlSeconds * 1000),
      })
      .returning({ id: otpChallenges.id });
    if (deliver) {
      await queueMessages(tx, [
        message ? message(code, row!.id) : sms(DLT_TEMPLATES.signInCode, mobile, { code, business: site.identity.legalName }, `otp:${row!.id}`),
      ]);
    }
    return { ok: true as const, challengeId: row!.id };
  });
  if (outcome.ok && deliver && isDevelopment()) rememberDevelopmentCode(outcome.challengeId, mobile, code);
  return outcome;
}

/** Checks code against the challenge; a right code can be used once. */
export async function verifyCode(input: {
  challengeId: number;
  mobile: string;
  purpose: OtpPurpose;
  code: string;
  address: string;
  now?: Date;
}): Promise<VerifyOutcome> {
  const { challengeId, mobile, purpose, code, address, now = new Date() } = input;
  const addressWait = await takeToken(`otp-verify:${address}`, OTP_ADDRESS_LIMITS.verify, now.getTime());
  if (addressWait !== undefined) {
    return {
      ok: false,
      reason: "address-limit",
      retryAfter: addressWait,
      message: `Too many codes have been tried from your network. Please try again in ${waitText(addressWait)}.`,
    };
  }
  const expired = {
    ok: false as const,
    reason: "expired" as const,
    message: `This code has expired: codes work for ${OTP_RULES.ttlSeconds / 60} minutes. Ask for a new code.`,
  };
  return getDb().transaction(async (tx) => {
    const [challenge] = await tx
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.id, challengeId), eq(otpChallenges.mobile, mobile), eq(otpChallenges.purpose, purpose)))
      .for("update");
    if (!challenge || challenge.consumedAt || challenge.expiresAt <= now) return expired;
    if (challenge.attempts >= OTP_RULES.maxAttempts) {
      return {
        ok: false as const,
        reason: "used-up" as const,
        message: `This code was tried ${OTP_RULES.maxAttempts} times and no longer works. Ask for a new code.`,
      };
    }
    if (codeMatches(code, challenge.codeHash)) {
      await tx.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challengeId));
      return { ok: true as const };
    }
    const attempts = challenge.attempts + 1;
    await tx.update(otpChallenges).set({ attempts }).where(eq(otpChallenges.id, challengeId));
    const left = OTP_RULES.maxAttempts - attempts;
    return {
      ok: false as const,
      reason: left > 0 ? ("wrong" as const) : ("used-up" as const),
      message:
        left > 0
          ? `That code is not right. ${left === 1 ? "1 try" : `${left} tries`} left.`
          : `That code is not right, and it has now been tried ${OTP_RULES.maxAttempts} times. Ask for a new code.`,
    };
  });
}

/** Seconds until a new code may be asked for (0: now). */
export async function resendWait(challengeId: number, now = new Date()): Promise<number> {
  const [row] = await getDb()
    .select({ createdAt: otpChallenges.createdAt })
    .from(otpChallenges)
    .where(eq(otpChallenges.id, challengeId));
  if (!row) return 0;
  return Math.max(0, Math.ceil((row.createdAt.getTime() + OTP_RULES.resendAfterSeconds * 1000 - now.getTime()) / 1000));
}

function isDevelopment(): boolean {
  return !getServerConfig().production && process.env.NODE_ENV === "development";
}

/**
 * Development only: the codes sent by this process, in memory (the outbox keeps them only masked, ADR
 * 025), so that the sign-in page's banner can show a developer the code without a phone.
 */
const developmentCodes = new Map<number, { mobile: string; code: string }>();
const DEVELOPMENT_CODES_KEPT = 200;

function rememberDevelopmentCode(challengeId: number, mobile: string, code: string): void {
  developmentCodes.set(challengeId, { mobile, code });
  if (developmentCodes.size > DEVELOPMENT_CODES_KEPT) developmentCodes.delete(developmentCodes.keys().next().value!);
}

/**
 * Development only: the code sent for the challenge to mobile, so that a developer can sign in as anyone
 * without a phone. In production this returns nothing, whatever is asked.
 */
export async function developmentCode(mobile: string, challengeId: number): Promise<string | undefined> {
  if (!isDevelopment()) return undefined;
  const remembered = developmentCodes.get(challengeId);
  return remembered?.mobile === mobile ? remembered.code : undefined;
}
