import { sql } from "drizzle-orm";
import { afterCommit, getDatabaseHandle, type Database, type Transaction } from "~/.server/db/index.ts";
import { liveEvents } from "~/.server/db/schema.ts";

/**
 * Who may read a live event. Checked on the server for every event and every stream (~/.server/live/access.ts):
 * - "staff:<permission>": staff whose role has that permission (~/lib/auth/permissions.ts);
 * - "user:<userId>": one signed-in person (a staff member's notification bell);
 * - "customer:<customerId>": the customer's portal;
 * - "technician:<technicianProfileId>": the technician's portal;
 * - "ticket:<ticketId>" / "video:<callId>": whoever the ticket or call admits (its signed link or its staff);
 * - "public": anyone (the visitor figures).
 */
export type LiveAudience =
  | `staff:${string}`
  | `user:${number}`
  | `customer:${number}`
  | `technician:${number}`
  | `ticket:${number}`
  | `video:${number}`
  | "public";

export interface LiveEventInput {
  audience: LiveAudience;
  /** What happened, e.g. "request.created", "request.updated", "notification", "ticket.message", "video.signal". */
  kind: string;
  /** Small and safe to show to the audience: ids, references, a status, a title. Never a secret. */
  data: Record<string, unknown>;
}

export interface PublishedLiveEvent extends LiveEventInput {
  id: number;
  createdAt: Date;
}

/** The PostgreSQL channel every instance's hub listens on; the payload is the event's id. */
export const LIVE_CHANNEL = "live_events";

type Listener = (event: PublishedLiveEvent) => void;
const holder = globalThis as { __liveLocalListeners?: Set<Listener>; __liveLocalIds?: Set<number> };
const localListeners = (holder.__liveLocalListeners ??= new Set());
/** Ids inserted by this process (bounded): its hub skips their NOTIFY, since it delivers them itself. */
const localIds = (holder.__liveLocalIds ??= new Set());
const LOCAL_IDS_KEPT = 20_000;

function engine(): "pglite" | "postgres" | undefined {
  try {
    return getDatabaseHandle().engine;
  } catch {
    return undefined;
  }
}

/**
 * Records a live event with the change it reports: pass the transaction that makes the change, and the event
 * is stored (for catch-up by Last-Event-ID) and delivered only once that transaction has committed, never
 * after a rollback. Delivery to the open streams is the hub's job (~/.server/live/hub.ts): on PostgreSQL it
 * fans out through NOTIFY (sent with the transaction, so only on commit) so that every instance hears it; on
 * the embedded database through this process.
 */
export async function publishLive(db: Database | Transaction, event: LiveEventInput): Promise<PublishedLiveEvent> {
  const [published] = await publishLiveMany(db, [event]);
  return published!;
}

/**
 * Several events in one go, as publishLive does for one: one INSERT for all of them and, on PostgreSQL, one
 * statement that sends every NOTIFY. A batch of new requests (the group commit of the request form) publishes
 * its events this way rather than paying two round trips per event inside the visitor's wait.
 */
export async function publishLiveMany(db: Database | Transaction, events: readonly LiveEventInput[]): Promise<PublishedLiveEvent[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(liveEvents)
    .values(events.map((event) => ({ audience: event.audience, kind: event.kind, data: event.data })))
    .returning({ id: liveEvents.id, audience: liveEvents.audience, kind: liveEvents.kind, data: liveEvents.data, createdAt: liveEvents.createdAt });
  // The rows come back with their own audience, kind and data: nothing depends on RETURNING's order.
  const published: PublishedLiveEvent[] = rows.map((row) => ({
    audience: row.audience as LiveAudience,
    kind: row.kind,
    data: row.data as Record<string, unknown>,
    id: row.id,
    createdAt: row.createdAt,
  }));
  published.sort((a, b) => a.id - b.id);
  for (const event of published) {
    localIds.add(event.id);
    if (localIds.size > LOCAL_IDS_KEPT) localIds.delete(localIds.values().next().value!);
  }
  if (engine() === "postgres") {
    // One NOTIFY per event, each with its id as the payload, as publishLive sends them (the hub reads each event by its id).
    const ids = sql.join(
      published.map((event) => sql`(${String(event.id)})`),
      sql`, `,
    );
    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ids.id) from (values ${ids}) as ids(id)`);
  }
  afterCommit(() => {
    for (const event of published) for (const listener of localListeners) listener(event);
  });
  return published;
}

/** Whether this process published the event (its hub then needs no NOTIFY for it). */
export function publishedHere(id: number): boolean {
  return localIds.has(id);
}

/** The hub's hook: called once per committed event published by this process. */
export function onLocalPublish(listener: Listener): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}
