import { contentChangedElsewhere, SITE_CHANGED_CHANNEL } from "~/.server/content/version.ts";
import { and, asc, gt, gte, inArray, lt } from "drizzle-orm";
import pg from "pg";
import { getDb } from "~/.server/db/index.ts";
import { liveEvents } from "~/.server/db/schema.ts";
import { audiencesOf, mayRead, principalEnded, refreshPrincipals, type LivePrincipal } from "./access.ts";
import { LIVE_CHANNEL, onLocalPublish, publishedHere, type LiveAudience, type PublishedLiveEvent } from "./publish.ts";

/**
 * The hub: every open event stream of this process, by audience, and the delivery of each committed event
 * to the streams that may read it. Events reach it two ways, behind one interface:
 * - from this process's own publishLive, after commit (both engines);
 * - on PostgreSQL, from other instances: a dedicated connection LISTENs on "live_events", and each
 *   notification's id is read back from the table (batched). Ids are deduped, so an event heard both ways
 *   is written once.
 * One timer writes every stream's heartbeat; one re-reads every stream's session each minute.
 */

/** What the hub needs of an open stream: the endpoint wraps Node's response in this. */
export interface LiveSink {
  /** Writes a chunk; false when the client is too far behind (its buffer is full): the hub then ends it. */
  write(chunk: string): boolean;
  end(chunk?: string): void;
}

export interface LiveStream {
  principal: LivePrincipal;
  address: string;
  sink: LiveSink;
  audiences: LiveAudience[];
  /** Until the catch-up query has been written, live events wait here (then deduped by id). */
  pending: PublishedLiveEvent[] | undefined;
}

export interface LiveHubOptions {
  /** PostgreSQL: listen for other instances' events. Absent on the embedded database. */
  databaseUrl?: string | undefined;
  /** Deliver this process's own events (default true; a test's second hub plays another instance). */
  local?: boolean;
  heartbeatMs?: number;
  sessionCheckMs?: number;
  maxStreamsPerSession?: number;
  maxStreamsPerAddress?: number;
  /** How many missed events a reconnecting stream is sent at most; beyond, it is told to reload. */
  catchUpLimit?: number;
}

export const LIVE_LIMITS = { perSession: 8, perAddress: 200 } as const;
const DEDUPE_KEPT = 10_000;

export function formatEvent(event: { id: number; kind: string; data: unknown }): string {
  return `id: ${event.id}\ndata: ${JSON.stringify({ kind: event.kind, data: event.data })}\n\n`;
}

export class LiveHub {
  readonly streams = new Set<LiveStream>();
  private readonly byAudience = new Map<string, Set<LiveStream>>();
  private readonly perSession = new Map<number, number>();
  private readonly perAddress = new Map<string, number>();
  private readonly seen = new Set<number>();
  private readonly options: Required<Omit<LiveHubOptions, "databaseUrl">> & { databaseUrl?: string | undefined };
  private timers: ReturnType<typeof setInterval>[] = [];
  private unsubscribeLocal: (() => void) | undefined;
  private listener: pg.Client | undefined;
  private listenerRetry: ReturnType<typeof setTimeout> | undefined;
  private listenerAttempt = 0;
  private fetchQueue: number[] = [];
  private fetching: Promise<void> | undefined;
  private stopped = false;
  private maxId = 0;
  /** For tests and the bench: resolves once the LISTEN connection is listening (PostgreSQL). */
  ready: Promise<void> = Promise.resolve();

  constructor(options: LiveHubOptions = {}) {
    this.options = {
      local: true,
      heartbeatMs: 25_000,
      sessionCheckMs: 60_000,
      maxStreamsPerSession: LIVE_LIMITS.perSession,
      maxStreamsPerAddress: LIVE_LIMITS.perAddress,
      catchUpLimit: 500,
      ...options,
    };
  }

  start(): this {
    if (this.options.local) this.unsubscribeLocal = onLocalPublish((event) => this.deliver(event));
    this.timers.push(setInterval(() => this.heartbeat(), this.options.heartbeatMs));
    this.timers.push(setInterval(() => void this.checkSessions().catch((e: unknown) => console.error("Live: the session check failed:", e)), this.options.sessionCheckMs));
    for (const t of this.timers) t.unref();
    if (this.options.databaseUrl) this.ready = this.listen();
    return this;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.unsubscribeLocal?.();
    if (this.listenerRetry) clearTimeout(this.listenerRetry);
    // No `end` event: the server is going away, not the session, so the clients come back with their backoff.
    for (const stream of [...this.streams]) this.close(stream);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
    await this.fetching;
  }

  /** Whether one more stream is allowed for this address and session: the endpoint answers 429 when not. */
  admits(address: string, sessionId: number | undefined): boolean {
    if ((this.perAddress.get(address) ?? 0) >= this.options.maxStreamsPerAddress) return false;
    if (sessionId !== undefined && (this.perSession.get(sessionId) ?? 0) >= this.options.maxStreamsPerSession) return false;
    return true;
  }

  /**
   * Registers a stream and writes what it missed: since `from.lastEventId` (a reconnect), or since `from.since`
   * (a first connect: the time the page was loaded, so that nothing between its render and its stream is lost).
   * Undefined when over a limit.
   */
  async open(principal: LivePrincipal, address: string, sink: LiveSink, from?: number | { lastEventId?: number | undefined; since?: Date | undefined }): Promise<LiveStream | undefined> {
    if (!this.admits(address, principal.sessionId)) return undefined;
    const start = typeof from === "number" ? { lastEventId: from } : (from ?? {});
    const catchUp = start.lastEventId !== undefined || start.since !== undefined;
    const stream: LiveStream = { principal, address, sink, audiences: [], pending: catchUp ? [] : undefined };
    this.streams.add(stream);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    if (principal.sessionId !== undefined) this.perSession.set(principal.sessionId, (this.perSession.get(principal.sessionId) ?? 0) + 1);
    this.subscribe(stream);
    if (catchUp) {
      try {
        await this.catchUp(stream, start);
      } catch (error) {
        console.error("Live: catch-up failed:", error);
        stream.pending = undefined;
      }
    }
    return this.streams.has(stream) ? stream : undefined;
  }

  /** Ends a stream (the client left, its session ended, or the hub stops). */
  close(stream: LiveStream, notifyClient = false): void {
    if (!this.streams.delete(stream)) return;
    for (const audience of stream.audiences) {
      const set = this.byAudience.get(audience);
      set?.delete(stream);
      if (set?.size === 0) this.byAudience.delete(audience);
    }
    decrement(this.perAddress, stream.address);
    if (stream.principal.sessionId !== undefined) decrement(this.perSession, stream.principal.sessionId);
    try {
      stream.sink.end(notifyClient ? `event: end\ndata: {}\n\n` : undefined);
    } catch {
      // The socket is gone already.
    }
  }

  /** Delivers one committed event to every stream that may read it, once (deduped by id). */
  deliver(event: PublishedLiveEvent): void {
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > DEDUPE_KEPT) this.seen.delete(this.seen.values().next().value!);
    if (event.id > this.maxId) this.maxId = event.id;
    const set = this.byAudience.get(event.audience);
    if (!set) return;
    const now = new Date();
    let chunk: string | undefined;
    for (const stream of [...set]) {
      if (stream.pending) {
        stream.pending.push(event);
        continue;
      }
      // Checked per event: the session may have expired since the stream opened.
      if (!mayRead(stream.principal, event.audience, now)) {
        if (principalEnded(stream.principal, now)) this.close(stream, true);
        continue;
      }
      chunk ??= formatEvent(event);
      if (!stream.sink.write(chunk)) this.close(stream);
    }
  }

  /** How many streams are open, in all and per audience (the bench and tests read it). */
  count(audience?: string): number {
    return audience === undefined ? this.streams.size : (this.byAudience.get(audience)?.size ?? 0);
  }

  private subscribe(stream: LiveStream): void {
    for (const audience of stream.audiences) this.byAudience.get(audience)?.delete(stream);
    stream.audiences = audiencesOf(stream.principal);
    for (const audience of stream.audiences) {
      let set = this.byAudience.get(audience);
      if (!set) this.byAudience.set(audience, (set = new Set()));
      set.add(stream);
    }
  }

  private async catchUp(stream: LiveStream, start: { lastEventId?: number | undefined; since?: Date | undefined }): Promise<void> {
    const limit = this.options.catchUpLimit;
    const rows = await getDb()
      .select({ id: liveEvents.id, audience: liveEvents.audience, kind: liveEvents.kind, data: liveEvents.data })
      .from(liveEvents)
      .where(and(start.lastEventId !== undefined ? gt(liveEvents.id, start.lastEventId) : gte(liveEvents.createdAt, start.since!), inArray(liveEvents.audience, stream.audiences)))
      .orderBy(asc(liveEvents.id))
      .limit(limit + 1);
    if (!this.streams.has(stream)) return;
    const sent = new Set<number>();
    const now = new Date();
    let ok = true;
    if (rows.length > limit) {
      // Too much was missed: the page should reload its data rather than replay it all.
      const last = rows[limit - 1]!;
      ok = stream.sink.write(formatEvent({ id: last.id, kind: "live.resync", data: {} }));
      for (const row of rows) sent.add(row.id);
    } else {
      for (const row of rows) {
        sent.add(row.id);
        if (ok && mayRead(stream.principal, row.audience, now)) ok = stream.sink.write(formatEvent(row));
      }
    }
    const pending = stream.pending ?? [];
    stream.pending = undefined;
    for (const event of pending) {
      if (!ok) break;
      if (!sent.has(event.id) && mayRead(stream.principal, event.audience, now)) ok = stream.sink.write(formatEvent(event));
    }
    if (!ok) this.close(stream);
  }

  private heartbeat(): void {
    for (const stream of [...this.streams]) if (!stream.sink.write(":\n\n")) this.close(stream);
  }

  /** Every minute: re-read the sessions; end the streams whose session ended, re-subscribe changed roles. */
  async checkSessions(now = new Date()): Promise<void> {
    const streams = [...this.streams];
    const before = streams.map((s) => s.principal.permissions);
    await refreshPrincipals(
      streams.map((s) => s.principal),
      now,
    );
    streams.forEach((stream, i) => {
      if (!this.streams.has(stream)) return;
      if (principalEnded(stream.principal, now)) this.close(stream, true);
      else if (stream.principal.permissions !== before[i]) this.subscribe(stream);
    });
  }

  // ── PostgreSQL: other instances' events ─────────────────────────────────────────────────────────

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on("error", (error) => {
      console.error(`Live: the LISTEN connection was lost (${error.message}); reconnecting`);
      this.relisten(client);
    });
    client.on("end", () => this.relisten(client));
    client.on("notification", (message) => {
      // Content or settings changed on another instance: its pages and cached copies are stale here too.
      if (message.channel === SITE_CHANGED_CHANNEL) return contentChangedElsewhere(message.payload);
      const id = Number(message.payload);
      if (!Number.isSafeInteger(id) || this.seen.has(id)) return;
      if (this.options.local && publishedHere(id)) return;
      this.fetchQueue.push(id);
      this.fetching ??= this.fetchQueued();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${SITE_CHANGED_CHANNEL}`);
      this.listener = client;
      const reconnected = this.listenerAttempt > 0;
      this.listenerAttempt = 0;
      // A change made elsewhere before this connection listened (at start-up: settings already read, a page
      // already cached) or while it was down was not heard: treat the caches as stale (seen in npm run chaos: an
      // instance restarted around a settings change kept the old phone).
      contentChangedElsewhere();
      // Back after a lost connection: what other instances published meanwhile is read from the table.
      if (reconnected && this.maxId > 0) await this.deliverSince(this.maxId);
    } catch (error) {
      console.error(`Live: cannot LISTEN on PostgreSQL (${(error as Error).message}); retrying`);
      this.relisten(client);
    }
  }

  private relisten(client: pg.Client): void {
    if (this.stopped || this.listenerRetry) return;
    if (this.listener === client) this.listener = undefined;
    void client.end().catch(() => undefined);
    // At most 4 s between attempts: every second without this connection is a second in which another
    // instance's edit is not heard here (a PostgreSQL restart takes a few seconds).
    const delay = Math.min(4_000, 500 * 2 ** this.listenerAttempt++) * (0.5 + Math.random() / 2);
    this.listenerRetry = setTimeout(() => {
      this.listenerRetry = undefined;
      void this.listen();
    }, delay);
  }

  private async fetchQueued(): Promise<void> {
    try {
      // Notifications arrive in bursts: read them back in batches, in id order.
      while (this.fetchQueue.length > 0 && !this.stopped) {
        const ids = this.fetchQueue.splice(0, 500);
        const rows = await getDb()
          .select({ id: liveEvents.id, audience: liveEvents.audience, kind: liveEvents.kind, data: liveEvents.data, createdAt: liveEvents.createdAt })
          .from(liveEvents)
          .where(inArray(liveEvents.id, ids))
          .orderBy(asc(liveEvents.id));
        for (const row of rows) this.deliver(toEvent(row));
      }
    } catch (error) {
      console.error("Live: reading notified events failed:", error);
    } finally {
      this.fetching = undefined;
    }
  }

  private async deliverSince(id: number): Promise<void> {
    const rows = await getDb()
      .select({ id: liveEvents.id, audience: liveEvents.audience, kind: liveEvents.kind, data: liveEvents.data, createdAt: liveEvents.createdAt })
      .from(liveEvents)
      .where(gt(liveEvents.id, id))
      .orderBy(asc(liveEvents.id))
      .limit(5000);
    for (const row of rows) this.deliver(toEvent(row));
  }
}

function toEvent(row: { id: number; audience: string; kind: string; data: unknown; createdAt: Date }): PublishedLiveEvent {
  return { id: row.id, audience: row.audience as LiveAudience, kind: row.kind, data: (row.data ?? {}) as Record<string, unknown>, createdAt: row.createdAt };
}

function decrement<K>(map: Map<K, number>, key: K): void {
  const n = (map.get(key) ?? 1) - 1;
  if (n <= 0) map.delete(key);
  else map.set(key, n);
}

/** Deletes events older than a day: a stream away longer reloads instead of catching up. */
export async function pruneLiveEvents(now = new Date()): Promise<number> {
  const rows = await getDb()
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, new Date(now.getTime() - 86_400_000)))
    .returning({ id: liveEvents.id });
  return rows.length;
}

// ── The process's hub ─────────────────────────────────────────────────────────────────────────────
const holder = globalThis as { __liveHub?: LiveHub | undefined; __livePrune?: ReturnType<typeof setInterval> | undefined };

/** Starts this process's hub (start-up calls it once, after the database is open). */
export function startLiveHub(options: LiveHubOptions = {}): LiveHub {
  if (holder.__liveHub) return holder.__liveHub;
  const hub = new LiveHub(options).start();
  holder.__liveHub = hub;
  // The table keeps a day: pruned at start and every hour (a small indexed delete).
  const prune = () => void pruneLiveEvents().catch((e: unknown) => console.error("Live: pruning old events failed:", e));
  prune();
  holder.__livePrune = setInterval(prune, 3_600_000);
  holder.__livePrune.unref();
  return hub;
}

export async function stopLiveHub(): Promise<void> {
  const hub = holder.__liveHub;
  holder.__liveHub = undefined;
  if (holder.__livePrune) clearInterval(holder.__livePrune);
  await hub?.stop();
}

/** The process's hub, or undefined before start-up. */
export function getLiveHub(): LiveHub | undefined {
  return holder.__liveHub;
}
