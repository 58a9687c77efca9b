import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Database } from "~/.server/db/index.ts";
import { outbox } from "~/.server/db/schema.ts";
import { closeEmailTransport, sendEmail } from "./email.ts";
import { getSmsProvider } from "./sms.ts";
import { orderedVariables } from "./templates.ts";

export {
  DLT_TEMPLATES,
  inboundNotifications,
  requestNotifications,
  sms,
  URGENCY_LABELS,
  type InboundNotice,
  type RequestNotice,
} from "./templates.ts";

/** What `db.transaction(async (tx) => ...)` hands its callback. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

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
}

/** Messages claimed per round. */
const BATCH_SIZE = 100;
/**
 * A nudge runs a round this long after it, not at once: during a burst of submissions the messages of
 * many of them then go out in one round (three statements) instead of a round each. Still far below what
 * anyone waiting for an SMS could notice.
 */
const NUDGE_DELAY_MS = 50;
/** How long a worker holds a claimed message; after that another round may take it over (a crash mid-send). */
const LOCK_MS = 60_000;
/** After this many attempts a message is marked failed and left alone. */
export const MAX_ATTEMPTS = 12;
/** Wait before the next attempt, by the number of attempts made so far (the last entry repeats). */
const BACKOFF_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 21_600_000];
const MAX_ERROR_LENGTH = 500;

/**
 * Inserts the messages in the caller's transaction (or db); a duplicate dedupeKey is ignored (ON CONFLICT DO
 * NOTHING). One INSERT statement for all of them.
 */
export async function queueMessages(tx: Database | Transaction, messages: OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx
    .insert(outbox)
    .values(
      messages.map((m) => ({
        channel: m.channel,
        recipient: m.recipient,
        subject: m.subject ?? null,
        body: m.body,
        template: m.template,
        variables: m.variables ?? {},
        dedupeKey: m.dedupeKey,
      })),
    )
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/** The wait before the next attempt, after `attempts` attempts: 10 s, 30 s, 2 min, 10 min, 30 min, 1 h ... 6 h, plus up to 20 % jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!;
  return Math.round(base * (1 + 0.2 * random()));
}

type OutboxRow = typeof outbox.$inferSelect;

async function send(message: OutboxRow): Promise<void> {
  if (message.channel === "email") {
    await sendEmail({ to: message.recipient, subject: message.subject ?? "", text: message.body });
    return;
  }
  const variables = (message.variables ?? {}) as Record<string, string>;
  await getSmsProvider().send(message.recipient, message.body, message.template, orderedVariables(message.template, variables));
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

/**
 * Delivers due messages once: claims them (pending and due, or held by a round whose hold has expired),
 * sends each, and records the outcome. Returns how many were attempted. Exported for tests.
 */
export async function deliverDueMessages(now?: Date): Promise<number> {
  const db = getDb();
  now ??= await databaseNow(db);
  const lockedUntil = new Date(now.getTime() + LOCK_MS);
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
  const claimed = await db
    .update(outbox)
    .set({ status: "sending", lockedUntil, attempts: sql`${outbox.attempts} + 1` })
    .where(and(inArray(outbox.id, due), claimable))
    .returning();

  const sent: number[] = [];
  await Promise.all(
    claimed.map(async (message) => {
      // Only this round's hold may record the outcome (not a round that took over an expired one).
      const held = and(eq(outbox.id, message.id), eq(outbox.status, "sending"), eq(outbox.lockedUntil, lockedUntil));
      try {
        await send(message);
      } catch (error) {
        const failed = message.attempts >= MAX_ATTEMPTS;
        const lastError = errorText(error);
        console.warn(
          `Outbox: ${message.channel} message ${message.id} failed (attempt ${message.attempts}${failed ? ", giving up" : ""}): ${lastError}`,
        );
        try {
          await db
            .update(outbox)
            .set({
              status: failed ? "failed" : "pending",
              lastError,
              lockedUntil: null,
              nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
            })
            .where(held);
        } catch (recordError) {
          // The hold expires and the message is tried again: nothing is lost.
          console.error(`Outbox: could not record the failure of message ${message.id}:`, recordError);
        }
        return;
      }
      sent.push(message.id);
    }),
  );
  // One statement for every message this round delivered (only while this round's hold is still on them).
  if (sent.length) {
    try {
      await db
        .update(outbox)
        .set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(and(inArray(outbox.id, sent), eq(outbox.status, "sending"), eq(outbox.lockedUntil, lockedUntil)));
    } catch (recordError) {
      // The hold expires and they are sent again: a repeat, never a loss.
      console.error(`Outbox: messages ${sent.join(", ")} were sent but could not be marked sent:`, recordError);
    }
  }
  return claimed.length;
}

interface WorkerState {
  intervalMs: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** When the timer fires (ms since the epoch). */
  dueAt: number;
  running: Promise<void> | undefined;
  /** A nudge came while a round was running: run another one straight after it. */
  again: boolean;
  stopped: boolean;
  lastError: { text: string; at: number } | undefined;
  handle: { stop(): Promise<void> };
}

// On globalThis, like the database handle, so that a hot reload in development does not start a second worker.
const holder = globalThis as { __outboxWorker?: WorkerState | undefined };

function schedule(state: WorkerState, delayMs: number): void {
  if (state.stopped) return;
  clearTimeout(state.timer);
  state.dueAt = Date.now() + delayMs;
  state.timer = setTimeout(() => startRound(state), delayMs);
  // The worker alone never keeps the process alive.
  state.timer.unref();
}

async function rounds(state: WorkerState): Promise<void> {
  let more = true;
  while (more && !state.stopped) {
    state.again = false;
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
    more = state.again || attempted >= BATCH_SIZE;
    // Nudged during the round: give the next submissions the same moment to gather as a first nudge does.
    if (more && attempted < BATCH_SIZE) await new Promise((resolve) => setTimeout(resolve, NUDGE_DELAY_MS));
  }
}

function startRound(state: WorkerState): void {
  if (state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  clearTimeout(state.timer);
  state.running = rounds(state)
    .catch((error: unknown) => console.error("Outbox: worker error:", error))
    .finally(() => {
      state.running = undefined;
      schedule(state, state.intervalMs);
    });
}

/** Starts the background worker (idempotent); returns stop(). Polls due messages every ~1 s and also when nudged. */
export function startOutboxWorker(options: { intervalMs?: number } = {}): { stop(): Promise<void> } {
  const existing = holder.__outboxWorker;
  if (existing && !existing.stopped) return existing.handle;
  const state: WorkerState = {
    intervalMs: options.intervalMs ?? 1_000,
    timer: undefined,
    dueAt: 0,
    running: undefined,
    again: false,
    stopped: false,
    lastError: undefined,
    handle: {
      async stop() {
        state.stopped = true;
        clearTimeout(state.timer);
        if (holder.__outboxWorker === state) holder.__outboxWorker = undefined;
        // Let an in-flight round finish recording its outcomes before the database closes.
        await state.running;
        closeEmailTransport();
      },
    },
  };
  holder.__outboxWorker = state;
  // A first round at once: messages left pending by the previous run go out now.
  schedule(state, 0);
  return state.handle;
}

/** Wakes the worker (called after a submission commits) so messages go out in well under a second. */
export function nudgeOutboxWorker(): void {
  const state = holder.__outboxWorker;
  if (!state || state.stopped) return;
  if (state.running) state.again = true;
  // A round already due sooner stays as it is: nudges in a burst must not keep pushing it back.
  else if (state.dueAt > Date.now() + NUDGE_DELAY_MS) schedule(state, NUDGE_DELAY_MS);
}
