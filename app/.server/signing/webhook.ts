import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb, type Transaction } from "~/.server/db/index.ts";
import { webhookEvents } from "~/.server/db/schema.ts";

/**
 * The signed webhooks' common part (the SMS provider's delivery reports and inbound SMS, WhatsApp, the payment
 * gateway). Each provider signs the raw body with HMAC-SHA256 under a shared secret; each handler then:
 *
 * 1. refuses everything while no secret is configured (404, not 503: a provider retries a 503 for days, and
 *    nothing is listening here until it is configured), and a body whose signature does not match (401),
 *    logging each refusal: `refuseUnsigned`;
 * 2. where the provider signs a timestamp, refuses one outside the replay window: `timestampProblem`;
 * 3. refuses an event id it has seen (a replay), and a concurrent duplicate on the log's unique id.
 *
 * The SMS and WhatsApp webhooks log to webhook_events (`logWebhookEvent`, `webhookEventSeen`); the payment
 * gateway keeps its own gateway_events (the payment register lists them), through its own log function.
 */

/** How far a signed timestamp may be from now. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/** HMAC-SHA256 of the raw body under `secret`, hex: what a provider (or a test) puts in the signature header. */
export function hmacSha256Hex(rawBody: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/**
 * How the header carries the hex digest: `"none"` bare (Razorpay), `"required"` as "sha256=<hex>" (Meta's
 * X-Hub-Signature-256), `"optional"` either way (our SMS provider).
 */
export type SignaturePrefix = "none" | "required" | "optional";

/** Whether `header` carries the body's signature, compared in constant time (a malformed header is simply false). */
export function signatureMatches(rawBody: string | Buffer, header: string | null | undefined, secret: string, prefix: SignaturePrefix): boolean {
  if (!header) return false;
  const trimmed = header.trim();
  const hasPrefix = /^sha256=/i.test(trimmed);
  if ((prefix === "none" && hasPrefix) || (prefix === "required" && !hasPrefix)) return false;
  const given = hasPrefix ? trimmed.slice("sha256=".length) : trimmed;
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(hmacSha256Hex(rawBody, secret), "hex");
  const actual = Buffer.from(given.toLowerCase(), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface UnsignedRefusal {
  status: 401 | 404;
  reason: string;
}

/**
 * Step 1 of every signed webhook: without a secret, or with a bad signature, the refusal to answer (after
 * `log` has written it down with the logged reason); undefined when the body may be read.
 */
export async function refuseUnsigned(
  call: { rawBody: string; signature: string | null },
  check: {
    secret: string | null | undefined;
    prefix: SignaturePrefix;
    /** Logged and answered while no secret is configured. */
    notConfigured: { logged: string; answered: string };
    log: (reason: string) => Promise<void>;
  },
): Promise<UnsignedRefusal | undefined> {
  if (!check.secret) {
    await check.log(check.notConfigured.logged);
    return { status: 404, reason: check.notConfigured.answered };
  }
  if (!signatureMatches(call.rawBody, call.signature, check.secret, check.prefix)) {
    await check.log("Bad signature");
    return { status: 401, reason: "Bad signature" };
  }
  return undefined;
}

/** A signed timestamp as providers send it: Unix seconds (or milliseconds), as a number or digits, or ISO 8601. */
export function readTimestamp(v: unknown): Date | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return new Date(v > 1e12 ? v : v * 1000);
  if (typeof v === "string" && v.length <= 40) {
    const at = /^\d+$/.test(v) ? new Date(Number(v) * 1000) : new Date(v);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  return undefined;
}

/** Why a signed timestamp is refused (the logged reason), or undefined when it is within the window. */
export function timestampProblem(at: Date, now: Date, windowMs = REPLAY_WINDOW_MS): string | undefined {
  if (Math.abs(now.getTime() - at.getTime()) <= windowMs) return undefined;
  return `Timestamp ${at.toISOString()} is more than ${windowMs / 60_000} minutes from now: a replay or a wrong clock`;
}

export type WebhookOutcome = "applied" | "refused" | "ignored";

/**
 * A refusal's own id in webhook_events: each refusal is its own row, and the body's hash and a random suffix
 * keep it from colliding with the event it may be replaying (whose id is taken) or with an identical refusal.
 */
export function refusalExternalId(rawBody: string, outcome: WebhookOutcome = "refused"): string {
  return `${outcome}:${createHash("sha256").update(rawBody, "utf8").digest("hex").slice(0, 32)}:${randomUUID()}`;
}

/** One row of webhook_events: every call is logged, whatever its outcome. */
export async function logWebhookEvent(
  entry: { provider: string; externalId: string; outcome: WebhookOutcome; reason: string; payload: unknown },
  db: Pick<Transaction, "insert"> = getDb(),
): Promise<void> {
  await db.insert(webhookEvents).values({ provider: entry.provider, externalId: entry.externalId, outcome: entry.outcome, reason: entry.reason, payload: entry.payload ?? {} });
}

/** The logged event with this provider's id, if one came before (a replay). */
export async function webhookEventSeen(provider: string, externalId: string): Promise<{ id: number } | undefined> {
  const [seen] = await getDb()
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.externalId, externalId)));
  return seen;
}
