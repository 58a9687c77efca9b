import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { afterCommit, bulkInsert, getDb, groupCommit, type Database, type Transaction } from "~/.server/db/index.ts";
import { outbox } from "~/.server/db/schema.ts";
import { closeEmailTransport, sendEmail } from "./email.ts";
import { runJob, type JobPayload } from "~/.server/jobs/index.ts";
import { getSmsProvider } from "./sms.ts";
import { maskSecrets, openSealedMessage, sealMessage, type SealedMessage } from "./sealed.ts";
// Communications (issue 12 §4): the DLT registry every SMS is checked against, the office's e-mail texts.
import { smsForSending } from "./sms-registry.ts";
import { applyEmailTemplates } from "./email-templates.ts";

export {
  DLT_TEMPLATES,
  inboundNotifications,
  requestNotifications,
  sms,
  URGENCY_LABELS,
  type InboundNotice,
  type RequestNotice,
} from "./templates.ts";

export interface OutboxMessage {
  channel: "email" | "sms";
  /** An e-mail address, or +91XXXXXXXXXX. */
  recipient: string;
  /** E-mail only. */
  subject?: string;
  /** The full text (for SMS: built only from the registered template). */
  body: string;
  /** SMS: DLT template id; e-mail: template name. */
  template: string;
  variables?: Record<string, string>;
  /** Unique per event and recipient, e.g. `request:SR-2611-0042:customer-sms`. */
  dedupeKey: string;
  /** The customer it goes to, when known: the message joins their thread (/admin/communications). */
  customerId?: number | null;
  /**
   * A message that carries a one-time code: the real text, while body and variables hold it masked. Kept
   * encrypted in the outbox only until the message is sent or given up (ADR 025).
   */
  unmasked?: SealedMessage;
}

/**
 * A job to run as soon as the transaction commits (not at a later time: scheduleJobs does that). Stored in
 * the outbox like a message, held by this process, and handed to its handler at commit; if the process dies
 * first, the worker runs it when the hold expires (at most a minute later). Its handler must be idempotent.
 */
export interface JobNow {
  name: string;
  payload: JobPayload;
  /** Unique per piece of work, e.g. `job:requests-received:42`. */
  dedupeKey: string;
}

/** Messages claimed per round of the worker. */
const BATCH_SIZE = 100;
/**
 * How long a claim holds a message (or a job) before another process may take it over, and how often its
 * holder renews the hold while the work runs (ADR 055). A message queued by a process that then crashed
 * (between its commit and the send), or claimed by a round that did, is taken over by the worker once the
 * hold has expired: a crash is noticed within holdMs, and work longer than holdMs is never taken over while
 * its process is alive, because the hold is renewed every renewMs (a third of it: two renewals may fail
 * before another process may take over). Mutable for tests only (setClaimTiming).
 */
const claimTiming = { holdMs: 60_000, renewMs: 20_000 };

/** Tests: a short hold, to see a long job outlive it. Returns the previous timing. */
export function setClaimTiming(timing: { holdMs: number; renewMs: number }): { holdMs: number; renewMs: number } {
  const previous = { ...claimTiming };
  Object.assign(claimTiming, timing);
  return previous;
}
/** After this many attempts a message is marked failed and left alone. */
export const MAX_ATTEMPTS = 12;
/** Wait before the next attempt, by the number of attempts made so far (the last entry repeats). */
const BACKOFF_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 21_600_000];
const MAX_ERROR_LENGTH = 500;

/** A message held by this process for one attempt: only the holder (same claimToken) records its outcome. */
interface HeldMessage {
  id: number;
  /** "job": a scheduled job (~/.server/jobs), run by the same worker with the same retries. */
  channel: "email" | "sms" | "job";
  recipient: string;
  subject: string | null;
  body: string;
  template: string;
  variables: unknown;
  /** The real text of a message with a one-time code, encrypted (./sealed.ts); null otherwise. */
  sealed: string | null;
  /** Attempts so far, this one included. */
  attempts: number;
  /** The same on every attempt: sent to the provider as the message's client reference / idempotency key. */
  messageKey: string;
  /** This attempt's claim: the row keeps it while no other process has taken the message over. */
  claimToken: string;
}

/**
 * Queues messages in the caller's transaction (or db), and sends them as soon as it commits.
 *
 * The rows are inserted already held by this process for their first attempt (status 'sending', one
 * attempt counted), and the commit hands them straight to the sender (afterCommit): the common case costs
 * one INSERT and one UPDATE, and an SMS goes out within milliseconds of the commit. A rollback sends
 * nothing. A message that fails goes back to 'pending' with a back-off, for the worker to retry; one whose
 * process died before sending is taken over by the worker when its hold expires.
 *
 * A duplicate dedupeKey is ignored (ON CONFLICT DO NOTHING): the first report of an event is what goes out.
 *
 * `jobs`: work to run right after the commit, off the caller's wait (JobNow), inserted by the same statement.
 */
export async function queueMessages(tx: Database | Transaction, messages: OutboxMessage[], jobs: JobNow[] = []): Promise<void> {
  if (messages.length === 0 && jobs.length === 0) return;
  // One row per dedupeKey (the first report wins), held by this process for its first attempt.
  const rows = new Map<string, Omit<HeldMessage, "id"> & { dedupeKey: string; status: "sending"; customerId: number | null }>();
  // Jobs to run at commit travel in the same INSERT as the messages: one statement for both (ADR 011).
  for (const job of jobs) {
    if (rows.has(job.dedupeKey)) continue;
    rows.set(job.dedupeKey, {
      channel: "job",
      recipient: job.name,
      subject: null,
      body: "",
      template: job.name,
      variables: job.payload,
      sealed: null,
      dedupeKey: job.dedupeKey,
      status: "sending",
      attempts: 1,
      customerId: null,
      // Made here, not by the database, so that the INSERT need return nothing more than the ids.
      messageKey: randomUUID(),
      claimToken: randomUUID(),
    });
  }
  // An e-mail whose template the office rewrote (/admin/emails/templates) goes out in their words.
  for (const m of await applyEmailTemplates(tx, messages)) {
    if (rows.has(m.dedupeKey)) continue;
    rows.set(m.dedupeKey, {
      channel: m.channel,
      recipient: m.recipient,
      subject: m.subject ?? null,
      body: m.body,
      template: m.template,
      variables: m.variables ?? {},
      sealed: m.unmasked ? sealMessage(m.unmasked) : null,
      dedupeKey: m.dedupeKey,
      status: "sending",
      attempts: 1,
      customerId: m.customerId ?? null,
      messageKey: randomUUID(),
      claimToken: randomUUID(),
    });
  }
  const held = await bulkInsert(tx, outbox, [...rows.values()], {
    // The database's clock (like the worker's), to the millisecond.
    computed: { lockedUntil: sql`date_trunc('milliseconds', now()) + ${claimTiming.holdMs} * interval '1 millisecond'` },
    onConflictDoNothing: outbox.dedupeKey,
    returning: { id: outbox.id, dedupeKey: outbox.dedupeKey },
  });
  if (held.length === 0) return;
  const toSend: HeldMessage[] = held.map(({ id, dedupeKey }) => ({ ...rows.get(dedupeKey)!, id }));
  afterCommit(() => track(deliver(toSend)));
}

/** The wait before the next attempt, after `attempts` attempts: 10 s, 30 s, 2 min, 10 min, 30 min, 1 h ... 6 h, plus up to 20 % jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!;
  return Math.round(base * (1 + 0.2 * random()));
}

/**
 * Sends one message; resolves with the provider's id for it when it gave one (an SMS's delivery report quotes
 * it). Every attempt hands the provider the same messageKey, so a resend after a crash is recognised (ADR 055).
 * `lost`: aborted when this process's claim is taken over (a job may stop its work there).
 */
async function send(message: HeldMessage, lost: AbortSignal): Promise<string | undefined> {
  if (message.channel === "job") {
    await runJob(message.template, message.variables, { signal: lost, key: message.messageKey });
    return undefined;
  }
  // The real text of a message with a one-time code: opened only here, on its way to the provider.
  const real = message.sealed ? openSealedMessage(message.sealed) : undefined;
  const body = real?.body ?? message.body;
  if (message.channel === "email") {
    await sendEmail({ to: message.recipient, subject: message.subject ?? "", text: body, key: message.messageKey });
    return undefined;
  }
  const variables = real?.variables ?? ((message.variables ?? {}) as Record<string, string>);
  // Only from a template registered and active in the DLT registry, with its registered id and sender id.
  const sms = await smsForSending(message.template, body, variables);
  const accepted = await (await getSmsProvider()).send(message.recipient, sms.body, sms.dltTemplateId, sms.variables, sms.senderId, message.messageKey);
  return accepted ? accepted.providerMessageId : undefined;
}

/**
 * The database's clock, not this process's: the rows' due times come from the database's now(), and the
 * two clocks may differ (another host). One millisecond is added because now() has microseconds and a Date
 * does not: a message queued in the same millisecond would otherwise look not yet due.
 */
async function databaseNow(db: Database): Promise<Date> {
  const result = (await db.execute(sql`select clock_timestamp() as now`)) as unknown as { rows: Array<{ now: Date | string }> };
  const value = result.rows[0]?.now;
  return new Date((value === undefined ? Date.now() : new Date(value).getTime()) + 1);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_LENGTH ? text.slice(0, MAX_ERROR_LENGTH) : text;
}

type Delivered = Pick<HeldMessage, "id" | "claimToken"> & { providerMessageId?: string | undefined };

/**
 * The statement that marks delivered messages sent, only while their sender's claim is still on them (not
 * after another process took the message over). Exported for tests (its plan).
 *
 * The rows are found by id (the primary key), and their status is checked on the rows found: written as
 * `status || ''` so that the planner cannot read the status index instead. That index still holds an entry
 * for every message ever marked sent (an update that changes the status leaves the old entry until VACUUM,
 * and PGlite has no autovacuum), so reading all messages 'sending' from it grew with every message sent:
 * 13,000 dead entries and 700 table pages read to mark 30 messages, after a minute of the request form's bench.
 */
export function markSentStatement(messages: Delivered[]): SQL {
  const held = JSON.stringify(messages.map((m) => ({ id: m.id, claim_token: m.claimToken, provider_message_id: m.providerMessageId ?? null })));
  return sql`
    update ${outbox} set status = 'sent', sent_at = now(), locked_until = null, claim_token = null, last_error = null, sealed = null,
      provider_message_id = coalesce(held.provider_message_id, ${outbox.providerMessageId})
    from json_populate_recordset(null::outbox, ${held}::json) as held
    where ${outbox.id} = held.id and ${outbox.claimToken} = held.claim_token and ${outbox.status} || '' = 'sending'`;
}

/**
 * Group-committed: every message delivered meanwhile, by any sender, is marked by one statement per 250
 * messages. In the background (ADR 071): while visitors' writes are under way it waits for them (up to a
 * quarter of a second), and then marks what arrived meanwhile 250 at a time (~10 ms on PGlite), each
 * statement taking its turn after a visitors' batch.
 */
const markSent = groupCommit(
  async (messages: Delivered[]) => {
    await getDb().execute(markSentStatement(messages));
    return messages.map(() => undefined);
  },
  { maxBatch: 250, background: { maxWaitMs: 250 } },
);

/**
 * One attempt at each held message, and its outcome recorded: sent, or back to pending with a back-off
 * from `now` (the database's clock when not given), or failed after MAX_ATTEMPTS. The claim is renewed
 * while the attempt runs (renewClaims), however long it takes. Never throws: what cannot be recorded is
 * retried, with the same messageKey, when the hold expires (a repeat the provider can recognise, never a loss).
 */
async function deliver(messages: HeldMessage[], now?: Date): Promise<void> {
  await Promise.all(
    messages.map(async (message) => {
      const claim = holdClaim(message);
      try {
        let providerMessageId: string | undefined;
        try {
          providerMessageId = await send(message, claim.lost.signal);
        } catch (error) {
          await recordFailure(message, error, now);
          return;
        }
        try {
          await markSent({ id: message.id, claimToken: message.claimToken, providerMessageId });
        } catch (recordError) {
          console.error(`Outbox: message ${message.id} was sent but could not be marked sent:`, recordError);
        }
      } finally {
        releaseClaim(claim);
      }
    }),
  );
}

// ── Claims renewed while their work runs (ADR 055) ────────────────────────────────────────────────

interface Claim {
  id: number;
  claimToken: string;
  /** Aborted when a renewal finds the claim taken over by another process. */
  lost: AbortController;
}

/** The claims this process holds, by token; one timer renews them all with one statement. */
const claims = new Map<string, Claim>();
let renewTimer: ReturnType<typeof setInterval> | undefined;
let renewing: Promise<number> | undefined;

function holdClaim(message: HeldMessage): Claim {
  const claim: Claim = { id: message.id, claimToken: message.claimToken, lost: new AbortController() };
  claims.set(claim.claimToken, claim);
  if (!renewTimer) {
    renewTimer = setInterval(() => void renewClaims().catch((error: unknown) => console.error("Outbox: could not renew the claims:", error)), claimTiming.renewMs);
    // The work in flight keeps the process alive, not its renewal.
    renewTimer.unref();
  }
  return claim;
}

function releaseClaim(claim: Claim): void {
  claims.delete(claim.claimToken);
  if (claims.size === 0 && renewTimer) {
    clearInterval(renewTimer);
    renewTimer = undefined;
  }
}

/**
 * The renewal: found by id (the primary key), as markSentStatement, and only while the claim is still the
 * row's. Exported for tests (its plan).
 */
export function renewClaimsStatement(held: Array<Pick<HeldMessage, "id" | "claimToken">>): SQL {
  const document = JSON.stringify(held.map((c) => ({ id: c.id, claim_token: c.claimToken })));
  return sql`
    update ${outbox} set locked_until = greatest(${outbox.lockedUntil}, date_trunc('milliseconds', now()) + ${claimTiming.holdMs} * interval '1 millisecond')
    from json_populate_recordset(null::outbox, ${document}::json) as held
    where ${outbox.id} = held.id and ${outbox.claimToken} = held.claim_token and ${outbox.status} || '' = 'sending'
    returning held.claim_token as token`;
}

/**
 * Extends the hold of every claim this process holds to holdMs from now (never shortens it), in one
 * statement; a claim no longer on its row (taken over after a renewal failed, e.g. the database was away
 * for longer than the hold) is dropped and its work told (the `lost` signal). Returns how many were
 * renewed. Runs on its own every renewMs while claims are held; exported for tests.
 */
export function renewClaims(): Promise<number> {
  renewing ??= (async () => {
    try {
      const held = [...claims.values()];
      if (held.length === 0) return 0;
      const result = (await getDb().execute(renewClaimsStatement(held))) as unknown as { rows: Array<{ token: string }> };
      const renewed = new Set(result.rows.map((r) => String(r.token)));
      for (const claim of held) {
        // Released meanwhile (its outcome recorded): nothing to say.
        if (renewed.has(claim.claimToken) || !claims.has(claim.claimToken)) continue;
        console.warn(`Outbox: the claim on message ${claim.id} was taken over by another process; this one will not record its outcome`);
        claims.delete(claim.claimToken);
        claim.lost.abort(new Error("claim lost"));
      }
      return renewed.size;
    } finally {
      renewing = undefined;
    }
  })();
  return renewing;
}

/** The secret values a sealed message carries (its variables that differ from the masked ones). */
function secretValues(message: HeldMessage): string[] {
  try {
    const real = openSealedMessage(message.sealed!);
    const shown = (message.variables ?? {}) as Record<string, string>;
    return Object.entries(real.variables)
      .filter(([name, value]) => shown[name] !== value)
      .map(([, value]) => value);
  } catch {
    return [];
  }
}

async function recordFailure(message: HeldMessage, error: unknown, now: Date | undefined): Promise<void> {
  // A refusal that would repeat (an SMS template not in the DLT registry) is not retried.
  const failed = message.attempts >= MAX_ATTEMPTS || (error as { permanent?: unknown } | null)?.permanent === true;
  // A provider's refusal may quote the message: never a code in the log or on /admin/sms.
  const lastError = message.sealed ? maskSecrets(errorText(error), secretValues(message)) : errorText(error);
  console.warn(
    `Outbox: ${message.channel} message ${message.id} failed (attempt ${message.attempts}${failed ? ", giving up" : ""}): ${lastError}`,
  );
  const from = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  try {
    await getDb()
      .update(outbox)
      .set({
        status: failed ? "failed" : "pending",
        lastError,
        // Given up: the code is of no more use to anyone.
        ...(failed ? { sealed: null } : {}),
        lockedUntil: null,
        claimToken: null,
        nextAttemptAt: sql`${from} + ${retryDelayMs(message.attempts)} * interval '1 millisecond'`,
      })
      .where(and(eq(outbox.id, message.id), eq(outbox.status, "sending"), eq(outbox.claimToken, message.claimToken)));
  } catch (recordError) {
    // The hold expires and the message is tried again: nothing is lost.
    console.error(`Outbox: could not record the failure of message ${message.id}:`, recordError);
  }
}

/** Deliveries started after a commit and not yet recorded: stop() waits for them. */
const inFlight = new Set<Promise<void>>();

function track(delivery: Promise<void>): void {
  inFlight.add(delivery);
  void delivery.finally(() => inFlight.delete(delivery));
}

/** Resolves when every delivery started so far has been attempted and recorded. */
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all(inFlight);
}

/**
 * The worker's round: claims the messages that are due (pending after a failed attempt, or held by a
 * process whose hold has expired), sends each, and records the outcome. Returns how many were attempted.
 * Exported for tests.
 */
export async function deliverDueMessages(now?: Date): Promise<number> {
  const db = getDb();
  now ??= await databaseNow(db);
  const lockedUntil = new Date(now.getTime() + claimTiming.holdMs);
  const claimable = or(
    and(
      eq(outbox.status, "pending"),
      lte(outbox.nextAttemptAt, now),
      or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
    ),
    and(eq(outbox.status, "sending"), lte(outbox.lockedUntil, now)),
  );
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(claimable)
    .orderBy(outbox.nextAttemptAt, outbox.id)
    .limit(BATCH_SIZE)
    .for("update", { skipLocked: true });
  // One statement: rows another round has locked are skipped, so no message is claimed twice. The attempt
  // is counted when it starts, so a message that keeps crashing the process still runs out of attempts.
  // Each row gets a new claim token (its messageKey stays): a message stuck in 'sending' by a process that
  // died after the provider's call goes out again under the same key.
  const claimed = await db
    .update(outbox)
    .set({ status: "sending", lockedUntil, attempts: sql`${outbox.attempts} + 1`, claimToken: sql`gen_random_uuid()` })
    .where(and(inArray(outbox.id, due), claimable))
    .returning();
  await deliver(
    claimed.map((m) => ({ ...m, claimToken: m.claimToken! })),
    now,
  );
  return claimed.length;
}

interface WorkerState {
  intervalMs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  running: Promise<void> | undefined;
  stopped: boolean;
  lastError: { text: string; at: number } | undefined;
  handle: { stop(): Promise<void> };
}

// On globalThis, like the database handle, so that a hot reload in development does not start a second worker.
const holder = globalThis as { __outboxWorker?: WorkerState | undefined };

function schedule(state: WorkerState, delayMs: number): void {
  if (state.stopped) return;
  clearTimeout(state.timer);
  state.timer = setTimeout(() => startRounds(state), delayMs);
  // The worker alone never keeps the process alive.
  state.timer.unref();
}

/** Rounds until one finds less than a full batch. */
async function rounds(state: WorkerState): Promise<void> {
  while (!state.stopped) {
    let attempted: number;
    try {
      attempted = await deliverDueMessages();
      state.lastError = undefined;
    } catch (error) {
      // Database down or closed: say so (once a minute at most) and try again on the next tick.
      const text = errorText(error);
      if (state.lastError?.text !== text || Date.now() - state.lastError.at > 60_000) {
        console.error("Outbox: delivery round failed:", error);
        state.lastError = { text, at: Date.now() };
      }
      return;
    }
    if (attempted < BATCH_SIZE) return;
  }
}

function startRounds(state: WorkerState): void {
  if (state.stopped || state.running) return;
  state.running = rounds(state)
    .catch((error: unknown) => console.error("Outbox: worker error:", error))
    .finally(() => {
      state.running = undefined;
      schedule(state, state.intervalMs);
    });
}

/**
 * Starts the background worker (idempotent); returns stop(). New messages do not wait for it: they are
 * sent when their transaction commits (queueMessages). Every ~1 s it retries the messages whose back-off
 * has passed and takes over those whose sender's hold expired. stop() waits for the round and the sends
 * in flight, so that their outcomes are recorded before the database closes.
 */
export function startOutboxWorker(options: { intervalMs?: number } = {}): { stop(): Promise<void> } {
  const existing = holder.__outboxWorker;
  if (existing && !existing.stopped) return existing.handle;
  const state: WorkerState = {
    intervalMs: options.intervalMs ?? 1_000,
    timer: undefined,
    running: undefined,
    stopped: false,
    lastError: undefined,
    handle: {
      async stop() {
        state.stopped = true;
        clearTimeout(state.timer);
        if (holder.__outboxWorker === state) holder.__outboxWorker = undefined;
        await state.running;
        await deliveriesSettled();
        closeEmailTransport();
      },
    },
  };
  holder.__outboxWorker = state;
  // A first round at once: messages left pending by the previous run go out now.
  schedule(state, 0);
  return state.handle;
}
